"""Actions: Commit Skill, Move, Attack or Defense and read the Success Table.

A Commit places one Endurance die in an Action Slot; its natural Value gives
stars on the Success Table; modifiers follow (a Skill bonus, ``-★`` for
Dehydration, any ``+★``/``-★`` a rule lists, and Luck for the Action, rolled once
after the Commit and before resolving); the Outcome is the final number of stars
(never below 0). What the stars do depends on the slot: each ★ of an Attack is
1 Damage before Defense, each ★ of a Defense blocks 1 Damage, each ★ of a Move
during Travel is 1 Travel ★.

:func:`resolve_action` is the pure rule (dice values in, result out);
:func:`commit_action` does the whole Commit on an :class:`Endurance` state with
the Wanderer's Conditions: Fear and Fatigue forbid some dice, Delirium rerolls
the committed die, Bleeding costs 1 HP, Panic rerolls the Endurance Pool after
Commit Skill, Dehydration gives ``-★``.

Examples:
    >>> print(resolve_action(slot="attack", die="d8", value=7, luck="d6", luck_value=5))
    Commit Attack d8 → 7: ★★ +★ luck (d6 → 5) = ★★★
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tabletop_core._fast import fast_build
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, int_field, int_in, of_type, one_line
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.residue.conditions import Condition, Conditions
from tabletop_core.residue.endurance import ActionSlot, Endurance, EnduranceDie, EnduranceStep
from tabletop_core.residue.luck import LuckForAction, luck_bonus, resolve_luck_for_action
from tabletop_core.residue.stars import outcome, render_stars, stars
from tabletop_core.residue.step_die import DieLike, StepDie, check_value, rollable, to_step_die
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = [
    "BLEEDING_HP_PER_COMMIT",
    "DEHYDRATION_STARS",
    "MAX_MODIFIER_STARS",
    "MINUS",
    "ActionResult",
    "CommitResult",
    "StarModifier",
    "action_modifiers",
    "action_stars",
    "commit_action",
    "luck_after_commit",
    "resolve_action",
    "resolve_luck_after_commit",
]

BLEEDING_HP_PER_COMMIT = 1
"""Bleeding: "-1 HP whenever you Commit"."""

DEHYDRATION_STARS = -1
"""Dehydration: "All Actions -★"."""

MAX_MODIFIER_STARS = 99
"""A work limit, not a rule: the most stars one modifier or a Skill bonus may add or remove.

Cards list ``+★`` or ``+2★``; a bound keeps a typo such as ``10**30`` from
overflowing the batches' integers or building enormous chat lines."""

MINUS = "\u2212"  # the rules text's minus sign, used in renderings


def _slot(value: ActionSlot | str) -> ActionSlot:
    return ActionSlot.parse(value, name="slot")


def _modifier_stars(value: object) -> int:
    stars = check_int("stars", value, low=-MAX_MODIFIER_STARS, high=MAX_MODIFIER_STARS)
    if stars == 0:
        raise InvalidInput("stars must not be 0 (a modifier adds or removes at least one star)")
    return stars


@frozen
class StarModifier(Record):
    """A signed change to an Action's stars and the reason for it (``+★ Skill``, ``-★ Dehydration``).

    Attributes:
        stars: Stars added (negative: removed); never 0, at most
            :data:`MAX_MODIFIER_STARS` either way.
        reason: Why, for the explanation.
    """

    stars: int = attrs.field(converter=_modifier_stars)
    reason: str = attrs.field(validator=one_line())

    def __str__(self) -> str:
        sign = "+" if self.stars > 0 else MINUS
        size = abs(self.stars)
        amount = "★" if size == 1 else f"{size}★"
        return f"{sign}{amount} {self.reason}"


def _to_modifiers(values: object) -> tuple[StarModifier, ...]:
    if isinstance(values, (str, bytes, StarModifier)) or not isinstance(values, Iterable):
        raise TypeError(f"modifiers must be a sequence of StarModifier or (stars, reason) pairs, got {clip(values)}")
    result = []
    for position, value in enumerate(values):
        if isinstance(value, StarModifier):
            result.append(value)
        elif isinstance(value, tuple) and len(value) == 2:  # a (stars, reason) pair
            result.append(StarModifier(stars=value[0], reason=value[1]))
        else:
            raise TypeError(
                f"modifiers[{position}] must be a StarModifier or a (stars, reason) pair, got {clip(value)}"
            )
    return tuple(result)


@frozen
class ActionResult(Record):
    """One Action: the committed die, its Value, every modifier and its reason, and the Outcome.

    Attributes:
        slot: The Action Slot.
        die: The committed die.
        value: The natural Value read on the Success Table.
        committed_value: The Value the die showed when committed (differs from
            *value* when Delirium rerolled it).
        base_stars: Stars from the Success Table.
        modifiers: Every star modifier, Luck's ``+★`` included, in order.
        luck: The Luck for the Action roll, if Luck was used.
        stars: The Outcome: the final number of stars (never below 0).
        delirium_reroll: Delirium rerolled the committed die (*value* is the reroll).
    """

    slot: ActionSlot = attrs.field(converter=_slot)
    die: StepDie = attrs.field(converter=to_step_die)
    value: int = attrs.field()
    committed_value: int = attrs.field()
    base_stars: int = attrs.field(validator=int_in(low=0))
    modifiers: tuple[StarModifier, ...] = attrs.field(converter=_to_modifiers)
    luck: LuckForAction | None = attrs.field(validator=attrs.validators.optional(of_type(LuckForAction)))
    stars: int = attrs.field(validator=int_in(low=0))
    delirium_reroll: bool = attrs.field(default=False, validator=of_type(bool))

    def __attrs_post_init__(self) -> None:
        # Python ints, not numpy scalars, so to_json() works (int_field would read as a default to mypy).
        object.__setattr__(self, "base_stars", int(self.base_stars))
        object.__setattr__(self, "stars", int(self.stars))
        object.__setattr__(self, "value", check_value(self.die, self.value))
        object.__setattr__(self, "committed_value", check_value(self.die, self.committed_value, name="committed_value"))
        if not self.delirium_reroll and self.committed_value != self.value:
            raise InvalidInput("committed_value must equal value unless Delirium rerolled the die")
        if self.base_stars != stars(self.value):
            raise InvalidInput(f"base_stars must be {stars(self.value)} for a Value of {self.value}")
        luck_bonus = [m for m in self.modifiers if m.reason == "luck"]
        if self.luck is not None and sum(m.stars for m in luck_bonus) != self.luck.bonus_stars:
            raise InvalidInput("modifiers must hold Luck's +★ exactly when the Luck roll gave it")
        expected = outcome(self.base_stars, *(m.stars for m in self.modifiers))
        if self.stars != expected:
            raise InvalidInput(
                f"stars must be {expected}: {clip(self.base_stars)} and the modifiers, got {clip(self.stars)}"
            )

    @property
    def damage(self) -> int:
        """Commit Attack: each ★ is 1 Damage before Defense (0 for other slots)."""
        return self.stars if self.slot is ActionSlot.ATTACK else 0

    @property
    def blocks(self) -> int:
        """Commit Defense: each ★ blocks 1 Damage (0 for other slots)."""
        return self.stars if self.slot is ActionSlot.DEFENSE else 0

    @property
    def travel_stars(self) -> int:
        """Commit Move during Travel: each ★ is 1 Travel ★ (0 for other slots)."""
        return self.stars if self.slot is ActionSlot.MOVE else 0

    def __str__(self) -> str:
        head = f"Commit {self.slot} {self.die} → {self.committed_value}"
        if self.delirium_reroll:
            head += f", Delirium reroll → {self.value}"
        parts = [render_stars(self.base_stars)]
        for modifier in self.modifiers:
            if modifier.reason == "luck" and self.luck is not None:
                parts.append(f"{modifier} ({self.luck.luck} → {self.luck.value})")
            else:
                parts.append(str(modifier))
        if self.luck is not None and not self.luck.bonus_stars:
            parts.append(f"no luck ({self.luck.luck} → {self.luck.value})")
        if self.luck is not None and self.luck.after is not self.luck.luck:
            arrow = "⇧" if self.luck.after.sides > self.luck.luck.sides else "⇩"
            parts.append(f"Luck {arrow} {self.luck.after}")
        body = " ".join(parts)
        if len(parts) > 1:
            body += f" = {render_stars(self.stars)}"
        return f"{head}: {body}"

    def to_markdown(self) -> str:
        """The chat line with the Outcome in bold."""
        text = str(self)
        cut = text.rfind(" = ") + 3 if " = " in text else text.rfind(": ") + 2
        return f"{text[:cut]}**{text[cut:]}**"


def action_modifiers(
    *,
    slot: ActionSlot | str,
    skill_bonus: int = 0,
    dehydrated: bool = False,
    modifiers: Iterable[StarModifier | tuple[int, str]] = (),
) -> tuple[StarModifier, ...]:
    """The fixed star modifiers of an Action, checked, in the order they apply (Luck's comes later).

    The Skill bonus (Commit Skill only), Dehydration's ``-★``, then each listed
    modifier. :func:`resolve_action`, the exact odds and the batches all read the
    modifiers through this one function.

    Raises:
        InvalidInput: a Skill bonus on another slot, or a bonus or modifier
            beyond :data:`MAX_MODIFIER_STARS`.
        TypeError: a wrong type (*dehydrated* not a bool, *modifiers* not pairs).

    Examples:
        >>> [(m.stars, m.reason) for m in action_modifiers(slot="skill", skill_bonus=1, dehydrated=True)]
        [(1, 'Skill'), (-1, 'Dehydration')]
    """
    chosen_slot = ActionSlot.parse(slot, name="slot")
    bonus = check_int("skill_bonus", skill_bonus, low=-MAX_MODIFIER_STARS, high=MAX_MODIFIER_STARS)
    if bonus and chosen_slot is not ActionSlot.SKILL:
        raise InvalidInput(f"skill_bonus applies to Commit Skill only, got {clip(bonus)} for Commit {chosen_slot}")
    check_type("dehydrated", dehydrated, bool)
    listed: list[StarModifier] = []
    if bonus:
        listed.append(StarModifier(stars=bonus, reason="Skill"))
    if dehydrated:
        listed.append(StarModifier(stars=DEHYDRATION_STARS, reason="Dehydration"))
    listed.extend(_to_modifiers(modifiers))
    return tuple(listed)


def action_stars(value: int, shift: int = 0, luck_value: int | None = None) -> int:
    """The Outcome of an Action: the Success Table stars of *value*, plus *shift*, plus Luck's ``+★``, at least 0.

    The arithmetic alone, for values already checked against their dice (exact
    odds enumerate it; :func:`resolve_action` computes its Outcome with it).

    Args:
        value: The natural Value of the committed die (1..12).
        shift: The sum of the fixed modifiers (see :func:`action_modifiers`).
        luck_value: The Luck die's Value, when Luck for the Action was rolled.

    Examples:
        >>> action_stars(7), action_stars(7, -1), action_stars(2, -1, luck_value=5)
        (2, 1, 0)
    """
    if luck_value is not None and type(luck_value) is not int:  # a numpy array would compare item by item
        luck_value = check_int("luck_value", luck_value)
    return outcome(stars(value), shift, 0 if luck_value is None else luck_bonus(luck_value))


def resolve_action(
    *,
    slot: ActionSlot | str,
    die: DieLike,
    value: int,
    skill_bonus: int = 0,
    dehydrated: bool = False,
    modifiers: Iterable[StarModifier | tuple[int, str]] = (),
    luck: DieLike | None = None,
    luck_value: int | None = None,
    committed_value: int | None = None,
) -> ActionResult:
    """Resolve an Action from its dice values (the pure rule).

    Args:
        slot: The Action Slot.
        die: The committed Endurance die.
        value: The natural Value read on the Success Table.
        skill_bonus: Commit Skill (+Skill): added to the Outcome (Skill only;
            at most :data:`MAX_MODIFIER_STARS` either way).
        dehydrated: Dehydration: all Actions ``-★``.
        modifiers: Any other ``+★``/``-★`` a rule lists, as ``(stars, reason)``.
        luck: The Luck die, when Luck for the Action is used.
        luck_value: The Value the Luck die showed (given exactly when *luck* is).
        committed_value: The Value when committed, given when Delirium rerolled the die.

    Raises:
        InvalidInput: a Value that does not fit its die, a skill bonus on
            another slot, or *luck_value* without *luck* (or the reverse).
        RuleError: Luck is 0.
    """
    chosen_slot = ActionSlot.parse(slot, name="slot")
    step = StepDie.parse(die)
    if step.is_zero:
        raise InvalidInput("die must be an Endurance die (d4..d12), got 0")
    value = check_value(step, value)
    committed = value if committed_value is None else check_value(step, committed_value, name="committed_value")
    fixed = action_modifiers(slot=chosen_slot, skill_bonus=skill_bonus, dehydrated=dehydrated, modifiers=modifiers)
    listed = fixed
    luck_roll: LuckForAction | None = None
    if (luck is None) != (luck_value is None):
        raise InvalidInput("luck and luck_value must be given together")
    if luck is not None and luck_value is not None:
        luck_roll = resolve_luck_for_action(luck, luck_value)
        if luck_roll.bonus_stars:
            listed = (*fixed, StarModifier(stars=luck_roll.bonus_stars, reason="luck"))
    fields: dict[str, Any] = {  # Any: the fields' several types, each checked above
        "slot": chosen_slot,
        "die": step,
        "value": value,
        "committed_value": committed,
        "base_stars": stars(value),
        "modifiers": listed,
        "luck": luck_roll,
        "stars": action_stars(value, sum(m.stars for m in fixed), None if luck_roll is None else luck_roll.value),
        "delirium_reroll": committed_value is not None,
    }
    if any(m.reason == "luck" for m in fixed):  # a caller's own "luck" modifier: the full checks judge it
        return ActionResult(**fields)
    # Every field is what the checks in __attrs_post_init__ would demand, computed above from
    # checked input: built without them (every Commit of a simulated Journey comes here).
    return fast_build(ActionResult, **fields)


@frozen
class CommitResult(Record):
    """A whole Commit on the Wanderer: the Action and what it did to the Endurance state.

    Attributes:
        action: The Action and its Outcome.
        before: The Endurance state before the Commit.
        endurance: The Endurance state after (the die in its slot; Panic's reroll done).
        hp_lost: HP lost directly (Bleeding: 1 per Commit); Defense does not apply.
        panic: Panic's reroll of the Endurance Pool after Commit Skill, if any.
        luck_after: The Luck die after Luck for the Action (``None`` when Luck was not used).
    """

    _derived: ClassVar[tuple[str, ...]] = ("stars",)

    action: ActionResult = attrs.field(validator=of_type(ActionResult))
    before: Endurance = attrs.field(validator=of_type(Endurance))
    endurance: Endurance = attrs.field(validator=of_type(Endurance))
    hp_lost: int = int_field(low=0, high=BLEEDING_HP_PER_COMMIT, default=0)  # Bleeding's 1 HP or none
    panic: EnduranceStep | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(EnduranceStep)))
    luck_after: StepDie | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(StepDie)))

    @property
    def stars(self) -> int:
        """The Outcome of the Action."""
        return self.action.stars

    def to_markdown(self) -> str:
        """The chat line with the Outcome in bold."""
        return self.action.to_markdown() + str(self)[len(str(self.action)) :]

    def __str__(self) -> str:
        text = str(self.action)
        if self.hp_lost:
            text += f"; Bleeding {MINUS}{self.hp_lost} HP"
        if self.panic is not None:
            rolled = ", ".join(f"{d.die} → {d.value}" for d in self.panic.rolled) or "no dice"
            text += f"; Panic rerolls the EP: {rolled}"
        return text


def commit_action(
    endurance: Endurance,
    slot: ActionSlot | str,
    index: int,
    *,
    conditions: Conditions | None = None,
    skill_bonus: int = 0,
    modifiers: Iterable[StarModifier | tuple[int, str]] = (),
    luck: DieLike | None = None,
    rng: RngLike = None,
) -> CommitResult:
    """Commit the Endurance Pool die at *index* to *slot* and resolve the Action.

    The dice are drawn in the order the rules use them: Delirium's reroll of the
    committed die, then Luck for the Action (when *luck* is given), then Panic's
    reroll of the Endurance Pool after Commit Skill.

    Args:
        endurance: The Endurance state.
        slot: The Action Slot.
        index: Position of the die in ``endurance.pool``.
        conditions: The Wanderer's Conditions (Fear, Fatigue, Delirium, Bleeding,
            Panic, Dehydration apply).
        skill_bonus: The listed Skill bonus (Commit Skill only).
        modifiers: Other ``+★``/``-★`` a rule lists, as ``(stars, reason)``.
        luck: The Luck die to ⊙ once for the Action; ``None`` not to use Luck.
        rng: Where the dice come from.

    Returns:
        The Action, the new Endurance state, HP lost, Panic's reroll and the Luck die after.

    Raises:
        RuleError: a Condition forbids the die (named in the message), the Endurance
            Pool is empty (No Dice Available), or Luck is 0. Nothing changes.
    """
    check_type("endurance", endurance, Endurance)
    active = Conditions() if conditions is None else check_type("conditions", conditions, Conditions)
    chosen_slot = ActionSlot.parse(slot, name="slot")
    modifiers = _to_modifiers(modifiers)  # read once: a generator would be empty on the second use below
    luck_die = None if luck is None else rollable(luck, name="luck", label="Luck")
    committed = endurance.commit(chosen_slot, index, conditions=active)
    die = committed.committed[-1].die
    # Check the Action's other arguments before any die is drawn, so a refusal draws nothing.
    action_modifiers(slot=chosen_slot, skill_bonus=skill_bonus, modifiers=modifiers)
    source = dice_source(rng)
    value = die.value
    rerolled_from: int | None = None
    if active.has(Condition.DELIRIUM):
        rerolled_from = die.value
        value = source.roll(die.die.sides)
        committed = committed.replace_committed(len(committed.committed) - 1, EnduranceDie(die=die.die, value=value))
    luck_value = None if luck_die is None else source.roll(luck_die.sides)
    action = resolve_action(
        slot=chosen_slot,
        die=die.die,
        value=value,
        committed_value=rerolled_from,
        skill_bonus=skill_bonus,
        dehydrated=active.has(Condition.DEHYDRATION),
        modifiers=modifiers,
        luck=luck_die,
        luck_value=luck_value,
    )
    panic = None
    if chosen_slot is ActionSlot.SKILL and active.has(Condition.PANIC):
        panic = committed.reroll_free(rng=source)
        committed = panic.after
    return fast_build(  # every field of the type its validator asks for, by construction (every Commit comes here)
        CommitResult,
        action=action,
        before=endurance,
        endurance=committed,
        hp_lost=BLEEDING_HP_PER_COMMIT if active.has(Condition.BLEEDING) else 0,
        panic=panic,
        luck_after=None if action.luck is None else action.luck.after,
    )


def resolve_luck_after_commit(result: CommitResult, luck: DieLike, luck_value: int) -> CommitResult:
    """Luck for an Action decided after the Commit, once Delirium's reroll is seen (the pure rule).

    "After you Commit, you may ⊙ Luck once before resolving the Action": the same
    Commit, its Action resolved again with Luck's roll added.

    Args:
        result: A Commit made without Luck.
        luck: The Luck die.
        luck_value: The Value it showed.

    Raises:
        RuleError: Luck was already used for this Action, or Luck is 0.
        InvalidInput: *luck_value* does not fit the Luck die.
    """
    check_type("result", result, CommitResult)
    if result.action.luck is not None:
        raise RuleError("Luck for an Action: ⊙ Luck once; this Action already used it")
    roll = resolve_luck_for_action(luck, luck_value)
    action = result.action
    modifiers = action.modifiers
    if roll.bonus_stars:
        modifiers = (*modifiers, StarModifier(stars=roll.bonus_stars, reason="luck"))
    resolved = attrs.evolve(
        action, modifiers=modifiers, luck=roll, stars=outcome(action.base_stars, *(m.stars for m in modifiers))
    )
    return attrs.evolve(result, action=resolved, luck_after=roll.after)


def luck_after_commit(result: CommitResult, luck: DieLike, *, rng: RngLike = None) -> CommitResult:
    """⊙ Luck for an Action after the Commit (see :func:`resolve_luck_after_commit`).

    Raises:
        RuleError: Luck was already used for this Action, or Luck is 0 (nothing is drawn).
    """
    check_type("result", result, CommitResult)
    die = rollable(luck, name="luck", label="Luck")
    if result.action.luck is not None:
        raise RuleError("Luck for an Action: ⊙ Luck once; this Action already used it")
    return resolve_luck_after_commit(result, die, dice_source(rng).roll(die.sides))
