"""The Rest Phase's choices, applied: Travel or Rest, Strain Payoff, Recover HP, Start Day."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop_core._fast import fast_build
from tabletop_core._fast import fast_replace as replace
from tabletop_core.residue.journey.choices import (
    Act,
    BanishChoice,
    InventoryChoice,
    PlainChoice,
    TakeRestChoice,
)
from tabletop_core.residue.journey.events import JourneyEnded, NewDay, Note, PhaseBegan
from tabletop_core.residue.journey.phases import (
    EndedPhase,
    JourneyOutcome,
    PayoffPhase,
    Phase,
    PlacePhase,
    RecoverPhase,
    TravelPhase,
    Trip,
)
from tabletop_core.residue.journey.steps import _defeated
from tabletop_core.residue.rest import (
    RecoverAction,
    banish_for_strain,
    before_resting,
    check_luck_step,
    finish_recover_hp,
    pay_strain,
    recover_one,
    rest,
    start_day,
    wear_and_tear,
)
from tabletop_core.rng import DiceSource

if TYPE_CHECKING:
    from tabletop_core.residue.journey.state import Journey

__all__: list[str] = []  # the engine's machinery: nothing public (the dispatch reaches it)

_TRAVEL = TravelPhase()
_PAYOFF = PayoffPhase()
_RECOVER = RecoverPhase(healed=False)
_HEALED = RecoverPhase(healed=True)


def _healed(journey: Journey) -> bool:
    stage = journey.stage
    return type(stage) is RecoverPhase and stage.healed


def _do_travel(journey: Journey, _choice: PlainChoice, _source: DiceSource, events: list[object]) -> Journey:
    events.append(PhaseBegan(Phase.TRAVEL))
    return replace(journey, stage=_TRAVEL)


def _new_day(journey: Journey, events: list[object]) -> Journey:
    """After Start Day: Creature HP resets, the day count goes on, the Travel Phase begins."""
    tokens = tuple(t if t.foe is None else replace(t, foe=t.foe.reset()) for t in journey.tokens)  # HP resets
    day = journey.day + 1
    vendors = tuple(v.after_rest() for v in journey.vendors)  # after a Failed Barter, return after Rest
    if day > journey.setup.max_days:  # OUT_OF_TIME keeps the last day (a Journey's day is at most max_days)
        detail = f"day {day}: past the day limit of {journey.setup.max_days}"
        events.append(JourneyEnded(JourneyOutcome.OUT_OF_TIME, detail))
        ended = fast_build(EndedPhase, outcome=JourneyOutcome.OUT_OF_TIME, defeat=None)
        return replace(journey, tokens=tokens, stage=ended, vendors=vendors, met=())
    # A card gained during the Rest (an Item's Gain Item X) is put in a slot as the Travel Phase begins.
    stage = _TRAVEL if not journey.gained else PlacePhase(then=Trip(begun=False))
    journey = replace(journey, tokens=tokens, day=day, stage=stage, vendors=vendors, met=())
    events.append(NewDay(day))
    return journey


def _do_rest(journey: Journey, choice: TakeRestChoice, source: DiceSource, events: list[object]) -> Journey:
    if choice.rest is not None:  # the whole Rest at once, with the given choices
        result = rest(journey.wanderer, choices=choice.rest, rng=source)
        events.extend(result.steps)
        journey = replace(journey, wanderer=result.wanderer)
        if result.defeat is not None:
            return _defeated(journey, result.defeat, events)
        return _new_day(journey, events)
    wanderer = journey.wanderer
    for stage in (before_resting, wear_and_tear):
        step = stage(wanderer, rng=source)
        events.append(step)
        wanderer = step.wanderer
    return _to_payoff(replace(journey, wanderer=wanderer), events)


def _to_payoff(journey: Journey, events: list[object]) -> Journey:
    if journey.wanderer.strain == 0:
        return _to_recover(journey, events)
    return replace(journey, stage=_PAYOFF)


def _to_recover(journey: Journey, _events: list[object]) -> Journey:
    wanderer = journey.wanderer
    wanderer = wanderer.with_inventory(wanderer.inventory.forget_last())  # the Restriction starts afresh
    return replace(journey, wanderer=wanderer, stage=_RECOVER)


def _do_pay(journey: Journey, choice: InventoryChoice, source: DiceSource, events: list[object]) -> Journey:
    step = pay_strain(journey.wanderer, choice.kind, rng=source)
    events.extend(step.log)
    return _to_payoff(replace(journey, wanderer=step.wanderer), events)


def _do_stop_paying(journey: Journey, _choice: PlainChoice, _source: DiceSource, events: list[object]) -> Journey:
    events.append(Note(f"Strain stays at {journey.wanderer.strain}"))
    return _to_recover(journey, events)


def _do_banish(journey: Journey, choice: BanishChoice, _source: DiceSource, events: list[object]) -> Journey:
    step = banish_for_strain(journey.wanderer, choice.banish)
    events.extend(step.log)
    journey = replace(journey, wanderer=step.wanderer)
    if step.defeat is not None:
        return _defeated(journey, step.defeat, events)
    return _to_recover(journey, events)


_RECOVER_ACTION = {
    Act.HEAL: RecoverAction.HP,
    Act.PANIC_ROLL: RecoverAction.PANIC,
    Act.FATIGUE_ROLL: RecoverAction.FATIGUE,
}


def _do_recover_one(journey: Journey, choice: InventoryChoice, source: DiceSource, events: list[object]) -> Journey:
    step = recover_one(journey.wanderer, _RECOVER_ACTION[choice.act], choice.kind, rng=source)
    events.extend(step.log)
    healed = _healed(journey) or choice.act is Act.HEAL
    return replace(journey, wanderer=step.wanderer, stage=_HEALED if healed else _RECOVER)


def _do_end_rest(journey: Journey, _choice: PlainChoice, source: DiceSource, events: list[object]) -> Journey:
    step = finish_recover_hp(journey.wanderer, healed=_healed(journey), rng=source)
    events.extend(step.log)  # Bleeding's roll, if HP was recovered
    wanderer = step.wanderer
    for stage in (check_luck_step, start_day):
        done = stage(wanderer, rng=source)
        events.append(done)
        wanderer = done.wanderer
    return _new_day(replace(journey, wanderer=wanderer), events)
