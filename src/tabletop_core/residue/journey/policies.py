"""Policies that play a Journey unattended (:class:`CautiousPolicy`, :class:`GreedyPolicy`) and :func:`play_journey`."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import attrs

from tabletop_core._atomic import atomic_rolls
from tabletop_core._frozen import frozen
from tabletop_core._validate import check_int, check_type, int_field, one_line
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.journey.choices import Act, Choice
from tabletop_core.residue.journey.content import _FIGHTERS
from tabletop_core.residue.journey.handlers_items import _slot_of
from tabletop_core.residue.journey.offers import _commit_choices
from tabletop_core.residue.journey.offers import offered as _offered_now
from tabletop_core.residue.journey.phases import CommitPhase, EntryPhase, LuckPhase, Phase
from tabletop_core.residue.journey.state import Journey, JourneyStep
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = ["CautiousPolicy", "GreedyPolicy", "Policy", "play_journey"]


class Policy(Protocol):
    """What plays a Journey unattended: picks one of the offered choices."""

    @property
    def name(self) -> str:
        """The policy's name, for reports."""
        ...  # pragma: no cover - a protocol

    def choose(self, journey: Journey, choices: Sequence[Choice]) -> Choice:
        """Pick one of *choices* (the journey's :meth:`Journey.choices`)."""
        ...  # pragma: no cover - a protocol


def _policy_input(journey: object, choices: object) -> tuple[Journey, tuple[Choice, ...]]:
    """Check what a built-in policy is given: a Journey and a non-empty run of its offered choices.

    Raises:
        TypeError: *journey* is not a Journey, or *choices* is not a sequence of Choices.
        InvalidInput: *choices* is empty, or holds a choice the Journey does not offer.
    """
    journey = check_type("journey", journey, Journey)
    if isinstance(choices, (str, bytes)) or not isinstance(choices, Sequence):
        raise TypeError(f"choices must be a sequence of Choice, got {type(choices).__name__}")
    picked = tuple(check_type(f"choices[{i}]", c, Choice) for i, c in enumerate(choices))
    if not picked:
        raise InvalidInput("choices must not be empty: pass journey.choices()")
    offered = set(_offered_now(journey))
    for i, choice in enumerate(picked):
        if choice not in offered and choice._offered() not in offered:
            raise InvalidInput(f"choices[{i}] is not offered by the Journey now: pass journey.choices()")
    return journey, picked


def _check_policy(policy: object) -> None:
    """A policy is anything with a ``choose(journey, choices)`` method (not a number or array)."""
    if not callable(getattr(policy, "choose", None)) or _is_numpy(policy):
        raise TypeError(f"policy must have a choose(journey, choices) method (a Policy), got {type(policy).__name__}")


def _decide(
    pick: Callable[[Journey, Sequence[Choice]], Choice], journey: object, choices: object, *, lucky: bool
) -> Choice:
    """Run a built-in policy's pick on checked input; a subset it cannot pick from is InvalidInput.

    The decisions of issue 13 (Luck after Delirium, No Dice Available, an Entry) are
    answered first (*lucky*: the policy uses Luck whenever it may).
    """
    checked, offered = _policy_input(journey, choices)
    try:
        decided = _decision(checked, offered, lucky=lucky)
        return decided if decided is not None else pick(checked, offered)
    except StopIteration:
        raise InvalidInput(
            f"choices hold none this policy picks in {checked.phase.name}: pass all of journey.choices()"
        ) from None


def _unchecked(policy: object) -> Callable[[Journey, Sequence[Choice]], Choice] | None:
    """A built-in policy's choice without the checks of its input, or ``None`` for any other policy.

    For loops that hand the policy exactly ``journey.choices()`` (the simulator): checking that
    again costs a second ``choices()`` per step. The decisions of issue 13 are still answered first.
    """
    if type(policy) is CautiousPolicy:
        lucky = False
    elif type(policy) is GreedyPolicy:
        lucky = True
    else:
        return None
    pick = policy._pick

    def choose(journey: Journey, choices: Sequence[Choice]) -> Choice:
        decided = _decision(journey, choices, lucky=lucky)
        return decided if decided is not None else pick(journey, choices)

    return choose


def _best_die(journey: Journey, options: Sequence[Choice], *, luck: bool) -> Choice | None:
    """Among commit choices, the one with the highest die Value (with or without Luck)."""
    pool = journey.wanderer.endurance.pool
    usable = [c for c in options if c.luck == luck] or list(options)
    if not usable:
        return None
    return max(usable, key=lambda c: -1 if c.die is None else pool[c.die].value)


def _decision(journey: Journey, choices: Sequence[Choice], *, lucky: bool) -> Choice | None:
    """The shipped policies' answer to the decisions of issue 13, or ``None`` for the usual pick.

    * LUCK (Delirium rerolled the committed die): ⊙ Luck when *lucky*, or when the
      reroll gave ★ or less.
    * After No Dice Available: Commit the best recovered die (Luck as *lucky*).
    * An Entry: the first option offered that leads out of it (to no other Entry), else the
      first; its Commit Skill with the best die; take a Gain Item X; leave a deck unshuffled.
    """
    stage = journey.stage
    if type(stage) is LuckPhase:
        return Choice(Act.LUCK) if lucky or stage.pending.stars <= 1 else Choice(Act.NO_LUCK)
    if type(stage) is CommitPhase:
        commits = [c for c in choices if c.act is stage.must.act and c.die is not None]
        return _best_die(journey, commits, luck=lucky)
    if type(stage) is EntryPhase:  # an Entry: an option out of it, the best die for its Commit Skill, take the Item
        skills = [c for c in choices if c.act is Act.COMMIT_SKILL and c.die is not None]
        best = _best_die(journey, skills, luck=lucky) if skills else None
        return best or _way_out(stage, choices) or next((c for c in choices if c.act in _ENTRY_PICKS), choices[0])
    return None


def _way_out(stage: EntryPhase, choices: Sequence[Choice]) -> Choice | None:
    """The first option that goes to no other Entry (whatever its test gives), else ``None``.

    Options that only lead on to Entries can go round in a circle (an Entry's option going
    back to it): the shipped policies take a way out of the Entry when there is one.
    """
    for choice in choices:
        if choice.act is Act.OPTION and choice.target is not None:
            option = stage.entry.options[choice.target]
            effects = (option.effect, *(() if option.test is None else (option.test.passed, option.test.failed)))
            if all(effect.go_to is None for effect in effects):
                return choice
    return None


_ENTRY_PICKS = (Act.GAIN_ITEM, Act.NO_SHUFFLE, Act.OPTION)


def _can_commit_move(journey: Journey, *, recover: bool) -> bool:
    """Whether the Travel Phase would offer the policy a Commit Move now.

    A die the Conditions allow, or (*recover*: a policy that takes No Dice Available in
    Travel) committed dice to recover. The shipped policies return to Travel only then: a
    Travel Phase they would only End Travel in brings them back to Check Strain on the same
    day, for ever.
    """
    return any(recover or c.die is not None for c in _commit_choices(journey, Act.COMMIT_MOVE))


def _pay_barter(journey: Journey, choices: Sequence[Choice]) -> Choice:
    """A Barter under way (the shipped policies never start one, but play one given): the largest die pays."""
    inventory = journey.wanderer.inventory
    pays = [c for c in choices if c.act is Act.BARTER_PAY and c.kind is not None]
    return max(pays, key=lambda c: inventory.die(c.kind).sides) if pays else choices[0]  # type: ignore[arg-type]


def _rest_choice(journey: Journey, choices: Sequence[Choice], *, pay_all: bool) -> Choice:
    """Strain Payoff and Recover HP for the shipped policies: roll the largest allowed die.

    Pays every Strain (*pay_all*) or only what the rules demand; banishes the
    smallest die; heals to Max HP while Food or Water lasts; never uses the
    Panic/Fatigue alternative; then ends the Rest.
    """
    inventory = journey.wanderer.inventory

    def largest(act: Act) -> Choice | None:
        found = [(inventory.die(c.kind).sides, -i, c) for i, c in enumerate(choices) if c.act is act and c.kind]
        return max(found, key=lambda entry: entry[:2])[2] if found else None

    if journey.phase is Phase.PAYOFF:
        stop = next((c for c in choices if c.act is Act.STOP_PAYING), None)
        pay = largest(Act.PAY)
        if pay is not None and (pay_all or stop is None):
            return pay
        banish = next((c for c in choices if c.act is Act.BANISH), None)  # no Inventory left: the smallest die
        return stop or banish or choices[0]
    return largest(Act.HEAL) or next(c for c in choices if c.act is Act.END_REST)


def _place_card(journey: Journey, choices: Sequence[Choice]) -> Choice:
    """A gained card for the shipped policies: an empty slot (Item Slots first), else discard, else the first slot."""
    loadout = journey.wanderer.loadout
    for choice in choices:
        if choice.act is Act.PLACE and loadout.get(*_slot_of(choice)) is None:
            return choice
    return next((c for c in choices if c.act is Act.DISCARD_CARD), choices[0])


def _meet(journey: Journey, choices: Sequence[Choice], *, fight: bool) -> Choice:
    """Optional Encounters for the shipped policies: meet NPCs and Vendors; fight optional Raiders if *fight*."""
    for choice in choices:
        fighter = choice.target is not None and journey.tokens[choice.target].kind in _FIGHTERS
        if choice.act is Act.MEET and (fight or not fighter):
            return choice
    return next(c for c in choices if c.act is Act.GO_ON)


def _toward_hum(journey: Journey, choices: Sequence[Choice]) -> Choice:
    hum = journey.hum
    direction = journey.position.direction_to(hum) if hum is not None else None
    for choice in choices:
        if choice.act is Act.MOVE and choice.direction is direction:
            return choice
    return next(c for c in choices if c.act is Act.END_TRAVEL)


def _weakest_target(journey: Journey, options: Sequence[Choice]) -> Sequence[Choice]:
    assert journey.encounter is not None
    enemies = journey.encounter.enemies
    target = min(journey.encounter.living, key=lambda i: enemies[i].hp)
    return [c for c in options if c.target == target]


@frozen
class CautiousPolicy:
    """A careful player: heads for the Hum but Rests often, defends every blow and runs when hurt.

    * Travel: Commit Move with the best die (Luck when the die alone gives ★ or less).
    * Combat: Run when HP is at or below *run_below* and a die is free, else
      Attack the weakest enemy with the best die (Luck when the die is low).
    * Retaliation: Commit Defense with the best die whenever one is free.
    * Vendors: leaves without trading.
    * Optional Encounters: meets NPCs and Vendors, passes optional Raiders by.
    * A gained card: into an empty slot, else discarded (a Corruption card takes the first slot).
    * Never Fast Travels or Recycles.
    * Rest Phase: Rest whenever Strain is above 0, HP is below Max HP or no Commit Move
      could be made in the Travel Phase; pay off every Strain with the largest Inventory die;
      heal to Max HP.
    """

    run_below: int = int_field(low=0, default=2)
    name: str = attrs.field(default="cautious", validator=one_line())

    def choose(self, journey: Journey, choices: Sequence[Choice]) -> Choice:
        """Pick a choice (see the class docs).

        Raises:
            TypeError: *journey* is not a Journey or *choices* not a sequence of Choices.
            InvalidInput: *choices* is empty or holds a choice the Journey does not offer.
        """
        return _decide(self._pick, journey, choices, lucky=False)

    def _pick(self, journey: Journey, choices: Sequence[Choice]) -> Choice:
        phase = journey.phase  # a property: read once
        pool = journey.wanderer.endurance.pool

        def low(choice: Choice | None) -> bool:
            return choice is not None and choice.die is not None and pool[choice.die].value < 6

        if phase in (Phase.PAYOFF, Phase.RECOVER):
            return _rest_choice(journey, choices, pay_all=True)
        if phase is Phase.PLACE:
            return _place_card(journey, choices)
        if phase is Phase.MEET:
            return _meet(journey, choices, fight=False)
        if phase is Phase.CHECK_STRAIN:
            w = journey.wanderer
            hurt = w.strain > 0 or w.health.missing > 0
            wants_rest = hurt or not pool or not _can_commit_move(journey, recover=False)
            return (
                Choice(Act.REST) if wants_rest or all(c.act is not Act.TRAVEL for c in choices) else Choice(Act.TRAVEL)
            )
        if phase is Phase.MOVE:
            return _toward_hum(journey, choices)
        if phase is Phase.TRADE:
            return choices[-1] if choices[-1].act is Act.LEAVE else _pay_barter(journey, choices)
        if phase is Phase.ESCAPE:
            return choices[0]
        if phase is Phase.DEFEND:
            defend = [c for c in choices if c.act is Act.DEFEND]
            return _best_die(journey, defend, luck=False) or next(c for c in choices if c.act is Act.NO_DEFENSE)
        if phase is Phase.COMBAT:
            runs = [c for c in choices if c.act is Act.RUN and c.die is not None]
            if journey.wanderer.health.hp <= self.run_below and runs:
                best = _best_die(journey, runs, luck=False)
                return _best_die(journey, runs, luck=low(best)) or choices[0]
            attacks = _weakest_target(journey, [c for c in choices if c.act is Act.ATTACK])
            best = _best_die(journey, attacks, luck=False)
            if best is not None:
                return _best_die(journey, attacks, luck=low(best)) or best
            return next(c for c in choices if c.act is Act.PASS)
        moves = [c for c in choices if c.act is Act.COMMIT_MOVE and c.die is not None]
        best = _best_die(journey, moves, luck=False)
        if best is None:
            return next(c for c in choices if c.act is Act.END_TRAVEL)
        return _best_die(journey, moves, luck=low(best)) or best


@frozen
class GreedyPolicy:
    """A bold player: goes straight for the Hum, never defends, Rests only when forced.

    * Travel: Commit Move with the best die, always with Luck while Luck lasts;
      with an empty pool, recover dice for Strain rather than stop.
    * Combat: Attack the weakest enemy with the best die and Luck; never Runs.
    * Retaliation: takes every blow (keeps its dice for Travel).
    * Vendors: leaves without trading.
    * Optional Encounters: meets every one, optional Raiders too.
    * A gained card: into an empty slot, else discarded (a Corruption card takes the first slot).
    * Never Fast Travels or Recycles.
    * Rest Phase: returns to Travel whenever the rules allow and a Commit Move could be
      made there; at Rest pays only the Strain it must; heals to Max HP.
    """

    name: str = attrs.field(default="greedy", validator=one_line())

    def choose(self, journey: Journey, choices: Sequence[Choice]) -> Choice:
        """Pick a choice (see the class docs).

        Raises:
            TypeError: *journey* is not a Journey or *choices* not a sequence of Choices.
            InvalidInput: *choices* is empty or holds a choice the Journey does not offer.
        """
        return _decide(self._pick, journey, choices, lucky=True)

    def _pick(self, journey: Journey, choices: Sequence[Choice]) -> Choice:
        phase = journey.phase  # a property: read once
        if phase in (Phase.PAYOFF, Phase.RECOVER):
            return _rest_choice(journey, choices, pay_all=False)
        if phase is Phase.PLACE:
            return _place_card(journey, choices)
        if phase is Phase.MEET:
            return _meet(journey, choices, fight=True)
        if phase is Phase.CHECK_STRAIN:
            travel = any(c.act is Act.TRAVEL for c in choices) and _can_commit_move(journey, recover=True)
            return Choice(Act.TRAVEL) if travel else Choice(Act.REST)
        if phase is Phase.MOVE:
            return _toward_hum(journey, choices)
        if phase is Phase.TRADE:
            return choices[-1] if choices[-1].act is Act.LEAVE else _pay_barter(journey, choices)
        if phase is Phase.ESCAPE:
            return choices[0]
        if phase is Phase.DEFEND:
            return next(c for c in choices if c.act is Act.NO_DEFENSE)
        if phase is Phase.COMBAT:
            attacks = _weakest_target(journey, [c for c in choices if c.act is Act.ATTACK])
            return _best_die(journey, attacks, luck=True) or next(c for c in choices if c.act is Act.PASS)
        moves = [c for c in choices if c.act is Act.COMMIT_MOVE]
        return _best_die(journey, moves, luck=True) or next(c for c in choices if c.act is Act.END_TRAVEL)


@atomic_rolls
def play_journey(
    journey: Journey, policy: Policy, *, rng: RngLike = None, max_steps: int = 100_000
) -> tuple[Journey, tuple[JourneyStep, ...]]:
    """Let *policy* make every choice until the Journey is over; return the end state and every step.

    Raises:
        RuleError: the policy picked a choice that is not offered.
        InvalidInput: *max_steps* passed without an end (a policy that loops).
    """
    check_type("journey", journey, Journey)
    _check_policy(policy)
    max_steps = check_int("max_steps", max_steps, low=1)
    source = dice_source(rng)
    steps: list[JourneyStep] = []
    while not journey.is_over:
        if len(steps) >= max_steps:
            raise InvalidInput(f"max_steps: the Journey did not end within {max_steps} choices")
        choice = policy.choose(journey, journey.choices())
        step = journey.apply(choice, rng=source)
        steps.append(step)
        journey = step.journey
    return journey, tuple(steps)


def _is_numpy(value: object) -> bool:
    """A numpy value (its ``choose`` is an array method, not a policy); numpy imported only if already loaded."""
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(value, (numpy.generic, numpy.ndarray))
