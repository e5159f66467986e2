"""Effects: what an action imposes, who created it, its Trigger, Duration and Targets.

Core Rules "Effect", "Trigger", "On Use", "Duration", "Instant", "Dismiss",
"Stacking", "Willing" and "Time", as records an encounter (see
:mod:`tabletop_core.d20.encounter`) applies to its creatures:

* an :class:`Effect` lists what it imposes: Conditions, Modifiers, Fortune and
  Misfortune (on the Tests its Target makes, or on Tests made against it),
  Damage with its Energy, Healing, Temporary HP, Persistent Damage, Fatigue and Doomed;
* **Trigger / On Use**: an Effect with no listed Trigger (or the Trigger "—") is
  On Use: it happens the moment its Cost is spent;
* **Instant / Duration**: an Effect with no listed Duration is Instant: it ends as
  soon as it resolves, and what it causes (Damage, Healing, a Condition) stays until
  something else changes it. An ongoing Effect lasts its Duration, counted in Rounds
  (1 minute lasts 10 Rounds, Core Rule "Time");
* **Dismiss**: its creator can end an ongoing Effect at any time for 0 AP, unless
  the Effect says otherwise; it ends on every Target, and what it already caused stays;
* **Willing**: an Effect that needs a Willing Target can't target an Unwilling
  creature; Unconscious and Defeated creatures can't be Willing;
* **Stacking** (:func:`applying`): different Effects stack; the same Effect (same
  name) doesn't stack with itself: the strongest applies, and if they are equal the
  one with the most Duration left.

Readings (the text leaves them open; each is listed in the docs' "Effects and encounters" page):

* "The same Effect" is an Effect with the same name, whoever created it.
* "The strongest" is the higher :attr:`Effect.strength`, a number the Effect's
  author gives (its Tier, its value...); the text gives no general measure.
* Damage, Healing, Temporary HP, Persistent Damage, Fatigue and Doomed are what an
  Effect *causes*: they follow their own rules (Core Rule "Stacking" names Temporary
  HP, Persistent Damage, Fatigue and Doomed) and stay after the Effect ends or is
  Dismissed. Conditions, Modifiers, Fortune and Misfortune of an ongoing Effect last
  as long as the Effect does on that Target.

Examples:
    >>> from tabletop_core import d20
    >>> bless = d20.Effect(name="Bless", creator="Mira", modifiers=1, duration=d20.Duration.of(minutes=1))
    >>> print(bless)
    Bless by Mira: +1 on Tests; On Use; 1 minute
    >>> print(d20.Effect(name="Shove", creator="Ogre", conditions=["prone"], harmful=True))
    Shove by Ogre: Prone; harmful; On Use; Instant
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, int_field, of_type
from tabletop_core.d20._checks import checked_label
from tabletop_core.d20._members import member
from tabletop_core.d20.conditions import Condition, Duration
from tabletop_core.d20.contest import Side
from tabletop_core.d20.durations import MAX_ROUNDS
from tabletop_core.d20.energy import energy_name
from tabletop_core.d20.modifier import (
    present,
)
from tabletop_core.d20.senses import Sense, senses_of
from tabletop_core.d20.space import MAX_COORDINATE
from tabletop_core.d20.test import (
    MODIFIER_LIMIT,
    TestKind,
)
from tabletop_core.errors import InvalidInput

__all__ = ["NO_TRIGGER", "ONGOING_CONDITIONS", "Effect", "TargetKind", "applying"]

NO_TRIGGER = "—"
"""Core Rule "Trigger": a Trigger of "—" means there is none (the Effect is On Use)."""

_CAUSED_ONLY = frozenset(
    {
        Condition.DEFEATED,
        Condition.DOOMED,
        Condition.FATIGUE,
        Condition.PERSISTENT_DAMAGE,
        Condition.STABLE,
        Condition.STAGGERED,
    }
)
ONGOING_CONDITIONS = frozenset(set(Condition) - _CAUSED_ONLY)
"""The Conditions an Effect can impose by name.

Defeated, Doomed, Fatigue, Persistent Damage, Stable and Staggered have rules of
their own tied to HP and values: they are caused (Persistent Damage, Fatigue and
Doomed through :attr:`Effect.persistent_damage`, :attr:`Effect.fatigue` and
:attr:`Effect.doomed`; the others by Damage and the encounter's HP rules), never
imposed as an Effect's Condition.
"""

_MAX_AMOUNT = 10**9


class TargetKind(Enum):
    """What an Effect can target (Core Rules "Creature" and "Object")."""

    ANY = "any"
    """Creatures and Objects alike."""
    CREATURE = "creature"
    """Creatures only: not a Defeated or Petrified one, which is treated as an Object,
    except for restoration (an Effect that heals)."""
    OBJECT = "object"
    """Objects only: in an encounter, a :class:`~tabletop_core.d20.Thing`, or a Defeated or Petrified creature."""
    LOCATION = "location"
    """Locations only: in an encounter, a Creature or an Object large enough to function as terrain."""

    def __str__(self) -> str:
        return self.value


def _name(value: object) -> str:
    return checked_label("name", value)


def _creator(value: object) -> str:
    return checked_label("creator", value)


def _conditions(value: object) -> tuple[Condition, ...]:
    if isinstance(value, (str, Condition)):
        value = (value,)
    if isinstance(value, (bytes, dict)) or not isinstance(value, Iterable):
        raise TypeError(f"conditions must be Conditions or their names, got {type(value).__name__} {value!r}")
    found: list[Condition] = []
    for i, item in enumerate(value):
        condition = member(Condition, f"conditions[{i}]", item)
        if condition in _CAUSED_ONLY:
            raise InvalidInput(
                f"conditions[{i}]: an Effect can't impose {condition} by name (it is caused by its own rules: "
                "use damage=, fatigue=, doomed= or persistent_damage=)"
            )
        if condition not in found:
            found.append(condition)
    return tuple(sorted(found, key=lambda c: c.name))


def _modifiers(value: object) -> int:
    return check_int("modifiers", value, low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)


def _tests(value: object) -> tuple[TestKind, ...]:
    if isinstance(value, (str, TestKind)):
        value = (value,)
    if isinstance(value, (bytes, dict)) or not isinstance(value, Iterable):
        raise TypeError(f"tests must be Test kinds or their names, got {type(value).__name__} {value!r}")
    kinds = {member(TestKind, f"tests[{i}]", item) for i, item in enumerate(value)}
    return tuple(sorted(kinds, key=lambda k: k.name))


def _side(value: object) -> Side:
    return member(Side, "side", value)


def _target_kind(value: object) -> TargetKind:
    return member(TargetKind, "target_kind", value)


def _optional_duration(value: object) -> Duration | None:
    if value is None or isinstance(value, Duration):
        return value
    raise TypeError(f"duration must be a Duration or None (Instant), got {type(value).__name__} {value!r}")


def _trigger(value: object) -> str | None:
    if value is None:
        return None
    text = checked_label("trigger", value)
    return None if text in (NO_TRIGGER, "-") else text


def _optional_energy(value: object) -> str | None:
    return None if value is None else energy_name(value)


def _reach(value: object) -> int | None:
    return None if value is None else check_int("reach", value, low=0, high=MAX_COORDINATE * 2)


def _area(value: object) -> int | None:
    return None if value is None else check_int("area", value, low=0, high=MAX_COORDINATE * 2)


def _persistent_energy(value: object) -> str | None:
    return None if value is None else energy_name(value, name="persistent_energy")


@frozen(kw_only=True)
class Effect(Record):
    """One Effect: what it imposes, its creator, its Trigger and its Duration.

    Args:
        name: The Effect's name; Effects with the same name are "the same Effect"
            for Stacking.
        creator: Who created it (a creature's name in the encounter, or ``"GM"``,
            ``"environment"``...); only the creator can Dismiss it.
        conditions: Conditions it imposes (names or members; see :data:`ONGOING_CONDITIONS`).
        modifiers: A bonus (or penalty) on the Tests it covers.
        fortune: Fortune on the Tests it covers.
        misfortune: Misfortune on the Tests it covers.
        tests: The kinds of Test the Modifier, Fortune and Misfortune cover; empty: every Test.
        side: ``"actor"``: Tests the Target makes; ``"target"``: Tests made against the Target.
        damage: Damage dealt to each Target when it resolves (caused: it stays).
        energy: The Energy of that Damage (see :class:`~tabletop_core.d20.Energy`).
        healing: HP each Target regains when it resolves.
        temporary_hp: Temporary HP each Target gains (the higher amount is kept).
        persistent_damage: Persistent Damage it inflicts (needs *persistent_energy*).
        persistent_energy: The Energy of the Persistent Damage.
        fatigue: Fatigue each Target gains ("An Effect says so").
        doomed: A Doomed value it gives each Target, tracked apart under the Effect's
            name and creator (Core Rule "Doomed": each Effect's Doomed separately). The
            Effect says its unit, when it counts down and what happens at 0: count it
            down with ``Conditions.reduce("doomed", source=effect.label)``.
        strength: How strong it is, for "use the strongest" when the same Effect
            applies more than once (higher is stronger); the Effect's author says.
        trigger: What Triggers it; ``None`` or ``"—"``: On Use.
        duration: How long it lasts; ``None``: Instant. ``Duration.UNTIL_REMOVED``
            lasts until Dismissed or ended.
        needs_willing: It needs a Willing Target.
        dismissable: Its creator can Dismiss it (default: yes, "unless it says otherwise").
        harmful: It harms its Targets (Charmed: you can't Target your charmer with
            harmful Effects, and the charmer harming you ends Charmed). Damage makes
            an Effect harmful whatever this says.
        cost: Action Points spent to use it (On Use: it happens the moment the Cost is spent).
        target_kind: What it can target: any Target, Creatures only (a Defeated or Petrified
            creature is treated as an Object, except for restoration), Objects only, or
            Locations only.
        reach: The Range it Reaches to, in Spaces (Core Rule "Reach"): a Spell's or a
            Ranged or Thrown Weapon's listed Range; :data:`~tabletop_core.d20.space.TOUCH_RANGE`
            (1) for Touch Range. ``None``: not measured (a Melee Attack then Reaches to
            Touch Range). Its Origin and its Targets lie within it.
        area: An Effect Area: the Range, in Spaces, of the sphere it fills around its
            Origin (its Targets lie within it). ``None``: it Reaches along an Effect Line,
            which must be unobstructed.
        grapple: It is a Grapple: the Restrained it imposes is escaped (the Effect ends on
            that Target) with :class:`~tabletop_core.d20.actions.EscapeGrapple`.
        end_roll: A creature it makes Restrained or Sickened can roll to end that Condition
            (1 AP, Core Rules "Restrained" and "Sickened"); ``False``: the Effect says you can't.
        senses: The Senses it works through (``["visual"]``, ``["auditory"]``; see
            :class:`~tabletop_core.d20.Sense`): Blinded creatures are Immune to visual
            Effects, Deafened ones to auditory Effects, Petrified ones to any of them.
        focus: It needs its creator's Focus, "a sustained state of concentration you keep
            up by spending Action Points on each of your Turns": it ends when that Focus
            ends (Unfocused, a Turn without it kept up, another Focus started).
        focus_cost: The AP a Turn of Focus costs (the text gives none: default 1, an assumption).

    Raises:
        InvalidInput: a value out of range, an unknown Condition or Energy, Persistent
            Damage without its Energy, an Energy without Damage.
        TypeError: a wrong type.
    """

    # saves from before the map lack them
    _optional_keys: ClassVar[tuple[str, ...]] = (
        "reach",
        "area",
        "grapple",
        "end_roll",
        "senses",
        "focus",
        "focus_cost",
    )

    _derived: ClassVar[tuple[str, ...]] = ("is_instant", "on_use", "is_harmful")

    name: str = attrs.field(converter=_name)
    creator: str = attrs.field(converter=_creator)
    conditions: tuple[Condition, ...] = attrs.field(default=(), converter=_conditions)
    modifiers: int = attrs.field(default=0, converter=_modifiers)
    fortune: bool = attrs.field(default=False, validator=of_type(bool))
    misfortune: bool = attrs.field(default=False, validator=of_type(bool))
    tests: tuple[TestKind, ...] = attrs.field(default=(), converter=_tests)
    side: Side = attrs.field(default=Side.ACTOR, converter=_side)
    damage: int = int_field(low=0, high=_MAX_AMOUNT, default=0)
    energy: str | None = attrs.field(default=None, converter=_optional_energy)
    healing: int = int_field(low=0, high=_MAX_AMOUNT, default=0)
    temporary_hp: int = int_field(low=0, high=_MAX_AMOUNT, default=0)
    persistent_damage: int = int_field(low=0, high=MAX_ROUNDS, default=0)
    persistent_energy: str | None = attrs.field(default=None, converter=_persistent_energy)
    fatigue: int = int_field(low=0, high=10, default=0)
    doomed: int = int_field(low=0, high=MAX_ROUNDS, default=0)
    strength: int = int_field(low=-_MAX_AMOUNT, high=_MAX_AMOUNT, default=0)
    trigger: str | None = attrs.field(default=None, converter=_trigger)
    duration: Duration | None = attrs.field(default=None, converter=_optional_duration)
    needs_willing: bool = attrs.field(default=False, validator=of_type(bool))
    dismissable: bool = attrs.field(default=True, validator=of_type(bool))
    harmful: bool = attrs.field(default=False, validator=of_type(bool))
    cost: int = int_field(low=0, high=1000, default=0)
    target_kind: TargetKind = attrs.field(default=TargetKind.ANY, converter=_target_kind)
    reach: int | None = attrs.field(default=None, converter=_reach)
    area: int | None = attrs.field(default=None, converter=_area)
    grapple: bool = attrs.field(default=False, validator=of_type(bool))
    end_roll: bool = attrs.field(default=True, validator=of_type(bool))
    senses: tuple[Sense, ...] = attrs.field(default=(), converter=senses_of)
    focus: bool = attrs.field(default=False, validator=of_type(bool))
    focus_cost: int = int_field(low=1, high=1000, default=1)

    def __attrs_post_init__(self) -> None:
        if self.focus and self.duration is None:
            raise InvalidInput(f"Focus sustains an ongoing Effect: {self.name} needs a duration to be kept up by Focus")
        if self.grapple and (Condition.RESTRAINED not in self.conditions or self.duration is None):
            raise InvalidInput(
                f"a Grapple holds its Target Restrained while it lasts: {self.name} needs conditions=['restrained'] "
                "and a duration"
            )
        if bool(self.persistent_damage) != (self.persistent_energy is not None):
            raise InvalidInput(
                "persistent_damage and persistent_energy go together: Persistent Damage needs an Energy, "
                f"got persistent_damage={self.persistent_damage}, persistent_energy={self.persistent_energy!r}"
            )
        if self.energy is not None and not self.damage:
            raise InvalidInput(
                f"energy is the Energy of the Effect's Damage: give damage= too, got energy={self.energy!r}"
            )
        if self.damage and self.healing:
            raise InvalidInput("an Effect either deals Damage or heals, not both")

    # -- reading -------------------------------------------------------------------

    @property
    def is_instant(self) -> bool:
        """Whether the Effect is Instant (no listed Duration): it ends as soon as it resolves."""
        return self.duration is None

    @property
    def on_use(self) -> bool:
        """Whether the Effect is On Use (no listed Trigger)."""
        return self.trigger is None

    @property
    def is_harmful(self) -> bool:
        """Whether the Effect harms its Targets (marked harmful, or deals Damage or Persistent Damage)."""
        return self.harmful or bool(self.damage) or bool(self.persistent_damage)

    def covers(self, kind: TestKind | str) -> bool:
        """Whether the Effect's Modifier, Fortune and Misfortune apply to a Test of *kind*.

        Attacks and Spells are Checks (Core Rule "Check"): an Effect on Checks covers them.
        """
        kind = TestKind.parse(kind, name="kind")
        if not self.tests:
            return True
        if kind in self.tests:
            return True
        return TestKind.CHECK in self.tests and kind in (TestKind.ATTACK, TestKind.SPELL)

    @property
    def label(self) -> str:
        """The Effect's name and creator, as reasons name it (``"Bless by Mira"``)."""
        return f"{self.name} by {self.creator}"

    def _imposes(self) -> list[str]:
        on = "Tests" if not self.tests else "/".join(f"{k}s" for k in self.tests)
        against = " against the Target" if self.side is Side.TARGET else ""
        return present(
            [
                (self.conditions, ", ".join(str(c) for c in self.conditions)),
                (self.modifiers, f"{self.modifiers:+d} on {on}{against}"),
                (self.fortune, f"Fortune on {on}{against}"),
                (self.misfortune, f"Misfortune on {on}{against}"),
                (self.damage, f"{self.damage} {self.energy or ''} Damage".replace("  ", " ")),
                (self.healing, f"heals {self.healing}"),
                (self.temporary_hp, f"{self.temporary_hp} Temporary HP"),
                (self.persistent_damage, f"Persistent Damage {self.persistent_damage} {self.persistent_energy}"),
                (self.fatigue, f"{self.fatigue} Fatigue"),
                (self.doomed, f"Doomed {self.doomed}"),
            ]
        )

    def __str__(self) -> str:
        parts = self._imposes() or ["no listed effect"]
        parts += present(
            [
                (self.harmful and not (self.damage or self.persistent_damage), "harmful"),
                (self.needs_willing, "Willing Target"),
                (True, "On Use" if self.on_use else f"Trigger: {self.trigger}"),
                (True, "Instant" if self.duration is None else str(self.duration)),
                (self.cost, f"{self.cost} AP"),
                (self.senses, "/".join(sense.adjective for sense in self.senses)),
                (self.focus, f"Focus ({self.focus_cost} AP a Turn)"),
                (not self.dismissable, "can't be Dismissed"),
                (self.target_kind is not TargetKind.ANY, f"{self.target_kind} Targets"),
                (self.reach is not None, "Touch Range" if self.reach == 1 else f"Range {self.reach}"),
                (self.area is not None, f"Effect Area {self.area}"),
                (self.grapple, "a Grapple"),
                (not self.end_roll, "no roll ends it"),
            ]
        )
        return f"{self.label}: {'; '.join(parts)}"


def _key(entry: tuple[Effect, Duration, str]) -> tuple[Any, ...]:
    import json  # on first use, as every JSON reader and writer: not on a cold start's path

    effect, left, tag = entry
    # Strongest first; then the most Duration left; then a fixed order (the creator, then the
    # Effect's own data, then the id), so the choice does not depend on the order applied.
    return (-effect.strength, -left._key(), effect.creator, json.dumps(effect.to_dict(), sort_keys=True), tag)


def applying(entries: Iterable[tuple[Effect, Duration, str]]) -> tuple[str, ...]:
    """Which of the Effects on one Target apply, by Core Rule "Stacking" (pure).

    Different Effects stack: each applies. The same Effect (same name) doesn't stack
    with itself: only the strongest applies; if they are equal, the one with the most
    Duration left (no time limit counts as the most); if still equal, a fixed order
    (the creator's name, the Effect's data, the id) that does not depend on the order
    they were applied in.

    Args:
        entries: ``(effect, duration left, id)`` for each Effect on the Target.

    Returns:
        The ids of the Effects that apply, in the order given.

    Examples:
        >>> weak = Effect(name="Bless", creator="A", modifiers=1, strength=1, duration=Duration.of(rounds=9))
        >>> strong = Effect(name="Bless", creator="B", modifiers=2, strength=2, duration=Duration.of(rounds=2))
        >>> applying([(weak, Duration(9), "e1"), (strong, Duration(2), "e2")])
        ('e2',)
    """
    items = list(entries)
    best: dict[str, tuple[Effect, Duration, str]] = {}
    for i, entry in enumerate(items):
        check_type(f"entries[{i}]", entry, tuple)
        effect, left, tag = entry
        check_type(f"entries[{i}][0]", effect, Effect)
        check_type(f"entries[{i}][1]", left, Duration)
        check_type(f"entries[{i}][2]", tag, str)
        current = best.get(effect.name)
        if current is None or _key(entry) < _key(current):
            best[effect.name] = entry
    chosen = {entry[2] for entry in best.values()}
    return tuple(tag for _effect, _left, tag in items if tag in chosen)
