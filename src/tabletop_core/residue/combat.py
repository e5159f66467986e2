"""RESIDUE's Combat arithmetic: Creatures, Encounters, Attack, Retaliate, Pass and Run.

The pure rules of Combat, given the ★ of each Commit (rolling and committing
Endurance dice is part 1's job):

* **Commit Attack**: each ★ becomes 1 Damage, minus the Creature's Defense
  (never below 0). One Commit Attack targets one enemy; at 0 HP it is defeated.
* **Retaliate**: after every Commit Attack, each surviving Creature attacks, even
  if you dealt 0 Damage; resolve each separately, with its own chance to
  Commit Defense (each ★ blocks 1 of the Creature's Damage).
* **Surprised**: the Creatures attack before your first Attack.
* **Surprise Attack**: no Retaliation after your first Commit Attack.
* **Pass**: no Commit Attack, the Attack counts as 0; the Creatures still Retaliate.
* **Run**: Commit Move; ★★ or fewer fails and triggers Retaliation, ★★★ or
  more Escapes to an adjacent Hex (then ⊙ Gear).
* **Enemy HP** persists after Escape and resets when you Rest (:meth:`Creature.reset`).

Creature stats are the boxed game's content: the caller supplies them. A
Region Mutation is applied when the Creature is first drawn (:meth:`Creature.mutated`).

Examples:
    >>> enc = Encounter((Creature("Husk", hp=4, defense=1, damage=2),))
    >>> hit = resolve_attack(enc, target=0, stars=3)
    >>> str(hit)
    'Attack Husk: 3★ - Defense 1 = 2 Damage -> Husk 2/4 HP; Retaliation from Husk'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._fast import fast_replace
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._typed import check_fields
from tabletop_core._validate import check_int, check_type, clip, int_field, of_type, one_line
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.residue._markdown import bold, bold_after, escape
from tabletop_core.residue.hp import DamageResult, Health, check_hp

__all__ = [
    "RUN_ESCAPE_STARS",
    "AttackResult",
    "Creature",
    "Encounter",
    "EncounterStatus",
    "Mutation",
    "Retaliation",
    "RunResult",
    "resolve_attack",
    "resolve_pass",
    "resolve_retaliation",
    "resolve_run",
]


def _as_tuple(values: Iterable[object]) -> tuple[Any, ...]:  # Any: the field's validator checks the items
    """Attrs converter: any iterable (a JSON list too) becomes a tuple."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"expected an iterable, got {type(values).__name__} {clip(values)}")
    return tuple(values)


RUN_ESCAPE_STARS = 3
"""Run escapes on ★★★ or more; ★★ or fewer fails."""

_LIMIT = 10**6


@frozen
class Mutation(Record):
    """A Region Mutation as changes to a Creature's stats (the caller's reading of the Region card).

    Args:
        name: The Mutation's name.
        hp: Added to the Creature's HP and Max HP.
        defense: Added to its Defense.
        damage: Added to its Damage.
    """

    name: str = attrs.field(validator=one_line())
    hp: int = int_field(low=-_LIMIT, high=_LIMIT, default=0)
    defense: int = int_field(low=-_LIMIT, high=_LIMIT, default=0)
    damage: int = int_field(low=-_LIMIT, high=_LIMIT, default=0)

    def __str__(self) -> str:
        stats = (("HP", self.hp), ("Defense", self.defense), ("Damage", self.damage))
        changes = [f"{label} {value:+d}" for label, value in stats if value]
        return f"{self.name} ({', '.join(changes) or 'no stat change'})"


@frozen
class Creature(Record):
    """A Creature's stats and current HP.

    Args:
        name: Its name.
        hp: Current HP (at 0 it is defeated).
        defense: Reduces Damage from each Commit Attack.
        damage: Damage it deals when it Retaliates.
        max_hp: The HP it resets to at Rest; defaults to *hp*.
        mutation: The Region Mutation applied to it, if any.
    """

    _derived: ClassVar[tuple[str, ...]] = ("is_defeated",)

    name: str = attrs.field(validator=one_line())
    hp: int = int_field(low=0, high=_LIMIT)
    defense: int = int_field(low=0, high=_LIMIT, default=0)
    damage: int = int_field(low=0, high=_LIMIT, default=0)
    max_hp: int = int_field(low=1, high=_LIMIT, default=attrs.Factory(lambda self: max(1, self.hp), takes_self=True))
    mutation: Mutation | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(Mutation)))

    def __attrs_post_init__(self) -> None:
        check_hp(self.hp, self.max_hp)

    @property
    def is_defeated(self) -> bool:
        """At 0 HP the Creature is defeated."""
        return self.hp == 0

    def mutated(self, mutation: Mutation) -> Creature:
        """The Creature as first drawn in a Region with *mutation* (stats never below 0, Max HP at least 1).

        Its HP changes with its Max HP: at full HP it stays at full HP, and a Creature above
        0 HP keeps at least 1 (a Mutation changes a Creature, it does not defeat it).

        Raises:
            RuleError: a Mutation is already applied.
        """
        check_type("mutation", mutation, Mutation)
        if self.mutation is not None:
            raise RuleError(f"{self.name} already has the Region Mutation {clip(self.mutation.name)}")
        max_hp = max(1, self.max_hp + mutation.hp)
        # A Creature drawn at full HP stays at full HP; a Mutation never defeats one still standing.
        hp = max_hp if self.hp == self.max_hp else max(min(1, self.hp), min(max_hp, self.hp + mutation.hp))
        return Creature(
            self.name,
            hp=hp,
            defense=max(0, self.defense + mutation.defense),
            damage=max(0, self.damage + mutation.damage),
            max_hp=max_hp,
            mutation=mutation,
        )

    def take(self, damage: int) -> Creature:
        """The Creature after losing *damage* HP (never below 0)."""
        damage = check_int("damage", damage, low=0, high=_LIMIT)
        if not damage:
            return self  # an Attack its Defense stopped: no copy
        return fast_replace(self, hp=max(0, self.hp - damage))  # stays within 0..max_hp: no re-validation

    def reset(self) -> Creature:
        """Creature HP resets when you Rest (unless a rule says otherwise)."""
        return fast_replace(self, hp=self.max_hp)

    def __str__(self) -> str:
        mutation = f", {self.mutation.name}" if self.mutation else ""
        return f"{self.name} (HP {self.hp}/{self.max_hp}, Defense {self.defense}, Damage {self.damage}{mutation})"


class EncounterStatus(Enum):
    """Where a Combat stands."""

    FIGHTING = "fighting"
    WON = "every enemy defeated"
    ESCAPED = "escaped"

    def __str__(self) -> str:
        return self.value


@frozen
class Encounter(Record):
    """A Combat against one or more enemies.

    Args:
        enemies: The Creatures, with their current HP.
        surprised: The Creatures attack before your first Attack.
        surprise_attack: No Retaliation after your first Commit Attack.
        attacks: Commit Attacks made so far.
        opened: Whether the Surprised opening strikes have been resolved.
        escaped: Whether you escaped.
    """

    enemies: tuple[Creature, ...] = attrs.field(converter=_as_tuple)
    surprised: bool = attrs.field(default=False, validator=of_type(bool))
    surprise_attack: bool = attrs.field(default=False, validator=of_type(bool))
    attacks: int = int_field(low=0, high=_LIMIT, default=0)
    opened: bool = attrs.field(default=False, validator=of_type(bool))
    escaped: bool = attrs.field(default=False, validator=of_type(bool))

    def __attrs_post_init__(self) -> None:
        if not self.enemies:
            raise InvalidInput("enemies must hold at least one Creature, got none")
        for index, enemy in enumerate(self.enemies):
            check_type(f"enemies[{index}]", enemy, Creature)

    @property
    def living(self) -> tuple[int, ...]:
        """Indexes of the enemies still standing."""
        return tuple(i for i, enemy in enumerate(self.enemies) if not enemy.is_defeated)

    @property
    def status(self) -> EncounterStatus:
        """Fighting, won (every enemy at 0 HP) or escaped."""
        if self.escaped:
            return EncounterStatus.ESCAPED
        if not self.living:
            return EncounterStatus.WON
        return EncounterStatus.FIGHTING

    @property
    def needs_opening(self) -> bool:
        """Whether the Surprised opening strikes are still to be resolved."""
        return self.surprised and not self.opened and self.status is EncounterStatus.FIGHTING

    def open(self) -> tuple[Encounter, tuple[int, ...]]:
        """Surprised: the Encounter after the opening strikes, and the enemies who strike (in order).

        Raises:
            RuleError: you are not Surprised or the opening strikes are done.
        """
        if not self.needs_opening:
            raise RuleError("only a Surprised Wanderer suffers opening strikes, once, before the first Attack")
        return attrs.evolve(self, opened=True), self.living

    def _check_can_act(self) -> None:
        if self.status is not EncounterStatus.FIGHTING:
            raise RuleError(f"the Combat is over ({self.status})")
        if self.needs_opening:
            raise RuleError("you are Surprised: resolve the Creatures' opening strikes first (Encounter.open)")

    def __str__(self) -> str:
        foes = "; ".join(str(enemy) for enemy in self.enemies)
        return f"Combat ({self.status}): {foes}"


@frozen
class AttackResult(Record):
    """A Commit Attack or a Pass, explained.

    Attributes:
        before: The Encounter before.
        after: The Encounter after.
        target: The enemy attacked (``None`` for a Pass).
        stars: The Attack's ★ (0 for a Pass).
        damage: Damage dealt after the target's Defense.
        retaliators: The enemies who Retaliate now, in order (each one separately).
    """

    _derived: ClassVar[tuple[str, ...]] = ("killed",)

    before: Encounter
    after: Encounter
    target: int | None
    stars: int
    damage: int
    retaliators: tuple[int, ...]

    def __attrs_post_init__(self) -> None:
        check_fields(self)
        # Only the inputs (before, target, stars) are free; the rest must follow from them.
        check_int("stars", self.stars, low=0, high=_LIMIT)
        if self.target is None:
            if self.stars:
                raise InvalidInput(f"stars must be 0 for a Pass, got {self.stars}")
            expected = (self.before, 0, self.before.living)
        else:
            check_int("target", self.target, low=0, high=len(self.before.enemies) - 1)
            expected = _attack(self.before, self.target, self.stars)
        for name, value, wanted in zip(
            ("after", "damage", "retaliators"), (self.after, self.damage, self.retaliators), expected, strict=True
        ):
            if value != wanted:
                raise InvalidInput(f"{name} must be {wanted}: it follows from the Encounter, target and stars")

    @property
    def killed(self) -> bool:
        """Whether the target was defeated by this Attack."""
        return self.target is not None and self.after.enemies[self.target].is_defeated

    def _rule(self) -> AttackResult:
        if self.target is None:
            return resolve_pass(self.before)
        return resolve_attack(self.before, target=self.target, stars=self.stars)

    def to_markdown(self) -> str:
        """The chat line with the Damage dealt and the target's state in bold."""
        head, _, tail = str(self).partition("; ")
        if self.target is not None:
            before, _, state = head.partition(" = ")
            damage, _, after = state.partition(" -> ")
            name = self.after.enemies[self.target].name
            head = f"{escape(before)} = {bold(damage)} -> {escape(name)} {bold(after[len(name) + 1 :])}"
        else:
            head = bold(head)
        return head + (f"; {escape(tail)}" if tail else "")

    def __str__(self) -> str:
        if self.target is None:
            head = "Pass: Attack counts as 0"
        else:
            foe = self.before.enemies[self.target]
            after = self.after.enemies[self.target]
            state = "defeated" if after.is_defeated else f"{after.hp}/{after.max_hp} HP"
            head = (
                f"Attack {foe.name}: {self.stars}★ - Defense {foe.defense} = {self.damage} Damage -> {foe.name} {state}"
            )
        if self.retaliators:
            names = ", ".join(self.after.enemies[i].name for i in self.retaliators)
            return f"{head}; Retaliation from {names}"
        if self.after.status is EncounterStatus.WON:
            return f"{head}; every enemy defeated"
        return f"{head}; Surprise Attack: no Retaliation"


def resolve_attack(encounter: Encounter, *, target: int, stars: int) -> AttackResult:
    """Commit Attack: *stars* ★ at enemy *target*, minus its Defense; then who Retaliates.

    Every surviving enemy Retaliates, even at 0 Damage, except after your
    first Commit Attack with a Surprise Attack.

    Raises:
        RuleError: the Combat is over, opening strikes are pending, or the target is defeated.
        InvalidInput: *target* is not an enemy's index or *stars* is negative.
    """
    check_type("encounter", encounter, Encounter)
    target = check_int("target", target, low=0, high=len(encounter.enemies) - 1)
    stars = check_int("stars", stars, low=0, high=_LIMIT)
    encounter._check_can_act()
    foe = encounter.enemies[target]
    if foe.is_defeated:
        raise RuleError(f"enemy {target} ({foe.name}) is already defeated: target a living enemy")
    after, damage, retaliators = _attack(encounter, target, stars)
    return AttackResult(encounter, after, target, stars, damage, retaliators)


def _attack(encounter: Encounter, target: int, stars: int) -> tuple[Encounter, int, tuple[int, ...]]:
    """The Encounter after *stars* ★ at enemy *target*, the Damage dealt and who Retaliates (pure)."""
    foe = encounter.enemies[target]
    damage = max(0, stars - foe.defense)
    enemies = list(encounter.enemies)
    enemies[target] = foe.take(damage)
    attacks = check_int("attacks", encounter.attacks + 1, low=0, high=_LIMIT)  # the field's own check
    after = fast_replace(encounter, enemies=tuple(enemies), attacks=attacks)  # the same Creatures, one hit
    free = encounter.surprise_attack and encounter.attacks == 0
    return after, damage, () if free else after.living


def resolve_pass(encounter: Encounter) -> AttackResult:
    """Pass: do not Commit Attack; the Attack counts as 0 and every living enemy still Retaliates."""
    check_type("encounter", encounter, Encounter)
    encounter._check_can_act()
    return AttackResult(encounter, encounter, None, 0, 0, encounter.living)


@frozen
class Retaliation(Record):
    """One enemy's Retaliation, with your Commit Defense against it.

    Attributes:
        enemy: The enemy's index.
        name: Its name.
        result: The Damage suffered (its Damage, minus your Defense ★).
    """

    enemy: int
    name: str
    result: DamageResult

    def __attrs_post_init__(self) -> None:
        # enemy, name and the Damage in result are free: the enemy's Damage is not stored here.
        check_fields(self)
        check_int("enemy", self.enemy, low=0)

    def __str__(self) -> str:
        return f"{self.name} retaliates: {self.result}"

    def to_markdown(self) -> str:
        """The chat line with the HP lost in bold."""
        return bold_after(str(self), ": ")


def resolve_retaliation(encounter: Encounter, enemy: int, health: Health, *, blocked: int = 0) -> Retaliation:
    """One enemy Retaliates: you Suffer its Damage, each Defense ★ (*blocked*) blocking 1.

    Raises:
        RuleError: that enemy is defeated.
        InvalidInput: *enemy* is not an index of the Encounter.
    """
    check_type("encounter", encounter, Encounter)
    check_type("health", health, Health)
    enemy = check_int("enemy", enemy, low=0, high=len(encounter.enemies) - 1)
    foe = encounter.enemies[enemy]
    if foe.is_defeated:
        raise RuleError(f"enemy {enemy} ({foe.name}) is defeated and cannot Retaliate")
    return Retaliation(enemy, foe.name, health.suffer(foe.damage, blocked=blocked))


@frozen
class RunResult(Record):
    """Run (Commit Move), explained.

    Attributes:
        before: The Encounter before.
        after: The Encounter after (``escaped`` when the Run worked).
        stars: The Move's ★.
        retaliators: The enemies who Retaliate after a failed Run.
    """

    _derived: ClassVar[tuple[str, ...]] = ("escaped",)

    before: Encounter
    after: Encounter
    stars: int
    retaliators: tuple[int, ...]

    def __attrs_post_init__(self) -> None:
        check_fields(self)
        # Only the inputs (before, stars) are free; after and retaliators follow from them.
        check_int("stars", self.stars, low=0, high=_LIMIT)
        escaped = self.stars >= RUN_ESCAPE_STARS
        after = attrs.evolve(self.before, escaped=True) if escaped else self.before
        if self.after != after:
            raise InvalidInput(f"after must be the Encounter {'escaped' if escaped else 'unchanged'} for {self.stars}★")
        if self.retaliators != (() if escaped else self.before.living):
            raise InvalidInput("retaliators must be every living enemy after a failed Run, none after an Escape")

    @property
    def escaped(self) -> bool:
        """★★★ or more: you Escape to an adjacent Hex and ⊙ Gear."""
        return self.after.escaped

    def _rule(self) -> RunResult:
        return resolve_run(self.before, stars=self.stars)

    def to_markdown(self) -> str:
        """The chat line with the Escape (or the failure) in bold."""
        return bold_after(str(self).split("; ")[0], " -> ") + str(self)[len(str(self).split("; ")[0]) :]

    def __str__(self) -> str:
        if self.escaped:
            return f"Run: {self.stars}★ -> Escape to an adjacent Hex, roll Gear"
        names = ", ".join(self.after.enemies[i].name for i in self.retaliators)
        return f"Run: {self.stars}★ -> fail to Escape; Retaliation from {names}"


def resolve_run(encounter: Encounter, *, stars: int) -> RunResult:
    """Run: ★★ or fewer fails and every living enemy Retaliates; ★★★ or more Escapes.

    Enemy HP is kept in :attr:`RunResult.after` (Damage persists after Escape).

    Raises:
        RuleError: the Combat is over or opening strikes are pending.
    """
    check_type("encounter", encounter, Encounter)
    stars = check_int("stars", stars, low=0, high=_LIMIT)
    encounter._check_can_act()
    if stars >= RUN_ESCAPE_STARS:
        return RunResult(encounter, attrs.evolve(encounter, escaped=True), stars, ())
    return RunResult(encounter, encounter, stars, encounter.living)
