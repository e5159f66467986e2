"""Tests: the Flat Roll, Modifiers, Fortune/Misfortune, Fatigue and the Test Total.

Core Rules "Test", "Check", "Save", "Flat Roll", "Modifier", "Fortune",
"Misfortune" and "Test Total": roll 1d20 (the Flat Roll), apply the relevant
Modifiers (a Skill for a Check; a Trait for a Save, an Attack or a Spell), add
one extra d6 for Fortune or subtract one for Misfortune, subtract Fatigue, and
read the Test Total against the Stakes.

Fortune and Misfortune never roll more than one d6, however many instances
there are, and any Fortune with any Misfortune cancel: no d6 is rolled. The rules
give no special effect to a natural 20 or 1, so there is none.

Examples:
    >>> from tabletop_core.d20 import Stakes, resolve_test
    >>> print(resolve_test(flat_roll=14, stakes=Stakes.MID, modifier=3, fortune="target Off Guard", fortune_die=4,
    ...                    kind="check"))
    Check 14 + 3 + d6(4) = 21 · Mid Stakes -> Success (Fortune: target Off Guard)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from tabletop_core._fast import BoundedCache
from tabletop_core._validate import check_int, check_type
from tabletop_core.d20.modifier import (
    FATIGUE_LIMIT,
    GM,
    MODIFIER_LIMIT,
    AttackKind,
    Modifier,
    TestKind,
    Trait,
    _reasons,
    attack_trait,
)
from tabletop_core.d20.modifier import (  # importable from here, as they always were
    MAX_INSTANCES as MAX_INSTANCES,
)
from tabletop_core.d20.rolled import RolledTotal, TestEffects, TestRoll
from tabletop_core.d20.stakes import Stakes
from tabletop_core.rng import DiceSource, dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # read by the type checker only: at run time the alias imports numpy

__all__ = [
    "FATIGUE_LIMIT",
    "GM",
    "MODIFIER_LIMIT",
    "AttackKind",
    "Modifier",
    "RolledTotal",
    "TestEffects",
    "TestKind",
    "TestRoll",
    "Trait",
    "attack_trait",
    "resolve_test",
    "roll_test",
]


def _merge(
    fortune: object, misfortune: object, fatigue: object, automatic_failure: object, effects: TestEffects | None
) -> dict[str, Any]:  # Any: reasons (tuples) and Fatigue (an int), by key
    merged: dict[str, Any] = {  # Any: as the return type
        "fortune": _reasons("fortune", fortune),
        "misfortune": _reasons("misfortune", misfortune),
        "fatigue": check_int("fatigue", fatigue, low=0, high=FATIGUE_LIMIT),
        "automatic_failure": _reasons("automatic_failure", automatic_failure),
    }
    if effects is None:
        return merged
    check_type("effects", effects, TestEffects)
    merged["fortune"] += effects.fortune
    merged["misfortune"] += effects.misfortune
    merged["automatic_failure"] += effects.automatic_failure
    merged["fatigue"] = check_int("fatigue", merged["fatigue"] + effects.fatigue, low=0, high=FATIGUE_LIMIT)
    return merged


def resolve_test(
    *,
    flat_roll: int,
    stakes: Stakes | str,
    modifier: int | Modifier | Iterable[int | Modifier] = 0,
    fortune: bool | int | str | Iterable[str] = False,
    misfortune: bool | int | str | Iterable[str] = False,
    fortune_die: int | None = None,
    fatigue: int = 0,
    kind: TestKind | str = TestKind.TEST,
    automatic_failure: bool | int | str | Iterable[str] = False,
    effects: TestEffects | None = None,
) -> TestRoll:
    """Judge a Test from dice already rolled (pure: no randomness).

    Args:
        flat_roll: The d20, 1..20.
        stakes: The Stakes (a :class:`Stakes` or its name).
        modifier: An int, a :class:`Modifier` (value with its source) or an
            iterable of them; all are added.
        fortune: ``True``, a count of instances, a reason, or reasons (one per
            instance). Several instances still roll one d6.
        misfortune: As *fortune*. Any Fortune and any Misfortune cancel.
        fortune_die: The extra d6, given exactly when Fortune and Misfortune do
            not cancel (one of them present); ``None`` otherwise.
        fatigue: The creature's Fatigue (0..10), subtracted from the Test Total.
        kind: The kind of Test (``"check"``, ``"save"``, ...), shown in the result.
        automatic_failure: Reasons the Test fails whatever the dice show.
        effects: A :class:`TestEffects` (from Conditions) added to the above.

    Returns:
        The :class:`TestRoll`, with its ``total`` and ``outcome``.

    Raises:
        InvalidInput: a value is out of range (a flat roll of 0 or 21, a negative
            Fatigue), or *fortune_die* is missing or given when it must not be.
        TypeError: a value has the wrong type.

    Examples:
        >>> resolve_test(flat_roll=9, stakes="mid", modifier=1).outcome
        <Outcome.SETBACK: 'Setback'>
        >>> resolve_test(flat_roll=9, stakes="mid", fortune=2, misfortune=True).fortune_die is None
        True
    """
    merged = _merge(fortune, misfortune, fatigue, automatic_failure, effects)
    return TestRoll(
        kind=kind,
        stakes=stakes,
        flat_roll=flat_roll,
        modifiers=modifier,  # the field converter accepts every form modifier= does
        fortune_die=fortune_die,
        **merged,
    )


def roll_test(
    *,
    stakes: Stakes | str,
    modifier: int | Modifier | Iterable[int | Modifier] = 0,
    fortune: bool | int | str | Iterable[str] = False,
    misfortune: bool | int | str | Iterable[str] = False,
    fatigue: int = 0,
    kind: TestKind | str = TestKind.TEST,
    automatic_failure: bool | int | str | Iterable[str] = False,
    effects: TestEffects | None = None,
    rng: RngLike = None,
) -> TestRoll:
    """Roll a Test: the d20 first, then one d6 when Fortune or Misfortune (not both) applies.

    A Test that fails automatically is still rolled, so the result keeps its
    usual shape; its Test Result is Failure whatever the dice show.

    Args:
        stakes: The Stakes (a :class:`Stakes` or its name).
        modifier: As for :func:`resolve_test`.
        fortune: As for :func:`resolve_test`.
        misfortune: As for :func:`resolve_test`.
        fatigue: As for :func:`resolve_test`.
        kind: As for :func:`resolve_test`.
        automatic_failure: As for :func:`resolve_test`.
        effects: As for :func:`resolve_test`.
        rng: Where the dice come from (see :func:`~tabletop_core.dice_source`).

    Returns:
        The :class:`TestRoll`.

    Raises:
        InvalidInput: a value is out of range.
        TypeError: a value has the wrong type.
        DiceExhausted: a :class:`~tabletop_core.ScriptedDice` ran out.

    Examples:
        >>> import tabletop_core as tc
        >>> print(roll_test(stakes="high", modifier=5, misfortune="Impaired", rng=tc.ScriptedDice([17, 2])))
        Test 17 + 5 - d6(2) = 20 · High Stakes -> Success (Misfortune: Impaired)
    """
    plan = _plan(stakes, modifier, fortune, misfortune, fatigue, kind, automatic_failure, effects)
    return plan.roll(dice_source(rng))


class _Plan:
    """A Test's checked arguments, and the result of each pair of dice rolled with them so far.

    Results are immutable values, so the same dice with the same arguments may share one:
    at most 20 x 6 of them per plan.
    """

    __slots__ = ("needs_d6", "results", "template")

    def __init__(self, template: TestRoll) -> None:
        self.template = template
        self.needs_d6 = template.needs_fortune_die
        self.results: dict[object, TestRoll] = {}  # by the d20, or by (d20, d6)

    def roll(self, source: DiceSource) -> TestRoll:
        """The Test with dice drawn from *source*: the d20 first, then the d6 when one is rolled."""
        if self.needs_d6:
            # roll_each: a ScriptedDice hands out both dice or neither, so a Test that fails on
            # its d6 leaves the player's dice unused.
            flat_roll, fortune_die = source.roll_each((20, 6))
            key: object = (flat_roll, fortune_die)
            plain = type(flat_roll) is int and type(fortune_die) is int
        else:
            flat_roll = key = source.roll(20)
            fortune_die = None
            plain = type(flat_roll) is int
        if not plain:  # another DiceSource's faces (numpy ints, floats): checked, not kept
            return self.template.with_dice(flat_roll, fortune_die)
        result = self.results.get(key)
        if result is None:  # checked as any Test is: a face that does not fit raises
            result = self.results[key] = self.template.with_dice(flat_roll, fortune_die)
        return result


_PLANS: BoundedCache[tuple[object, ...], _Plan] = BoundedCache(256)


def _plan(
    stakes: object,
    modifier: object,
    fortune: object,
    misfortune: object,
    fatigue: object,
    kind: object,
    automatic_failure: object,
    effects: TestEffects | None,
) -> _Plan:
    """A Test's arguments checked once (before any die is drawn), kept for the next equal call."""
    # The types of the numbers are part of the key, so 1, True and 1.0 never share a plan
    # (they do not mean the same). A tuple of modifiers could hide a True among ints, and
    # a list cannot be a key: those are checked on every call.
    key: tuple[object, ...] = (
        stakes,
        type(modifier),
        modifier,
        type(fortune),
        fortune,
        type(misfortune),
        misfortune,
        type(fatigue),
        fatigue,
        kind,
        automatic_failure,
        effects,
    )
    if type(modifier) is not tuple:
        try:
            return _PLANS[key]
        except KeyError:
            pass
        except TypeError:  # unhashable
            key = ()
    plan = _Plan(
        _template(
            stakes=stakes,
            modifier=modifier,
            fortune=fortune,
            misfortune=misfortune,
            fatigue=fatigue,
            kind=kind,
            automatic_failure=automatic_failure,
            effects=effects,
        )
    )
    return _PLANS.put(key, plan) if key and type(modifier) is not tuple else plan


def _template(
    *,
    stakes: object,
    modifier: object,
    fortune: object,
    misfortune: object,
    fatigue: object,
    kind: object = TestKind.TEST,
    automatic_failure: object = (),
    effects: TestEffects | None = None,
) -> TestRoll:
    """Validate and normalise a Test's arguments before any die is drawn (a bad call uses no dice).

    The result has a placeholder d20 (and d6, when one is needed); callers replace them.
    """
    merged = _merge(fortune, misfortune, fatigue, automatic_failure, effects)
    needs = bool(merged["fortune"]) != bool(merged["misfortune"])
    return TestRoll(
        kind=kind, stakes=stakes, flat_roll=1, modifiers=modifier, fortune_die=1 if needs else None, **merged
    )
