"""The encounter engine's time outside Rounds: minutes, hours and days passing, a Long Rest, Doomed, a shattering.

Core Rule "Time": "Otherwise, your GM tracks time in minutes, hours, and days." Time is
still counted in Rounds (1 minute lasts 10): while it passes, each creature lives each of
those Rounds as if it had a Turn in it (its Doomed rolled when due, its Persistent Damage
taken and rolled against at its end, its Doomed counted down at the Round's end), one Round
at a time while something is to roll, then the rest at once.
"""

from __future__ import annotations

import attrs

from tabletop_core.d20._engine_rounds import count_down, run_durations
from tabletop_core.d20._engine_state import Work
from tabletop_core.d20.actions import CountDownDoomed, LongRest, PassTime, Shatter
from tabletop_core.d20.conditions import STAGGERED_SOURCE, Condition
from tabletop_core.d20.durations import ROUNDS_PER_HOUR, _to_rounds
from tabletop_core.d20.events import (
    DamageTaken,
    DoomedCountedDown,
    DoomedRolled,
    LongRestFinished,
    TestMade,
    TimePassed,
)
from tabletop_core.d20.turn_rules import resolve_doomed
from tabletop_core.d20.turns import Creature
from tabletop_core.errors import InvalidInput, RuleError

__all__ = ["count_down_doomed", "elapse", "jump", "long_rest", "one_round", "outside_rounds", "pass_time", "shatter"]


def outside_rounds(work: Work, what: str) -> None:
    if work.round:
        raise RuleError(
            f"while the GM tracks Rounds, time passes by ending Turns and Rounds: end the encounter "
            f"(EndEncounter) before {what}"
        )


def pass_time(work: Work, action: PassTime) -> None:
    outside_rounds(work, "minutes, hours and days pass")
    rounds = _to_rounds(rounds=action.rounds, minutes=action.minutes, hours=action.hours, days=action.days)
    work.events.append(TimePassed(rounds=rounds))
    elapse(work, rounds)


def elapse(work: Work, rounds: int) -> None:
    """*rounds* pass outside Rounds: Round by Round while a creature has something to roll, then at once."""
    left = rounds
    while left > 0:
        busy = {n: c for n, c in work.creatures.items() if _lives_each_round(c)}
        if not busy:
            jump(work, left)
            return
        if all(not c.conditions.persistent_damage and not c.doomed_roll_due for c in busy.values()):
            # Only Doomed values counting down: nothing rolls until the first of them reaches 0.
            step = min(left, min(c.doomed or 1 for c in busy.values()))
            for name, creature in busy.items():
                value = creature.doomed
                assert value is not None
                before = work.creatures[name]
                conditions = creature.conditions.set_doomed(value - step, source=STAGGERED_SOURCE)
                work.creatures[name] = attrs.evolve(creature, conditions=conditions)
                work.after_change(name, before, "Doomed counts down")
            jump(work, step)
            left -= step
            continue
        one_round(work)
        left -= 1


def one_round(work: Work) -> None:
    """One Round outside Rounds: each creature's Doomed roll and Persistent Damage, then the Round's end."""
    for name in list(work.creatures):
        creature = work.creatures[name]
        if creature.is_defeated:
            continue
        if creature.doomed_roll_due and not creature.conditions.effects_paused:
            d4 = work.source.roll(4)
            value = resolve_doomed(d4=d4, soul=creature.soul)
            work.creatures[name] = attrs.evolve(
                creature, conditions=creature.conditions.set_doomed(value, source=STAGGERED_SOURCE)
            )
            work.events.append(DoomedRolled(creature=name, d4=d4, soul=creature.soul, value=value))
        creature = work.creatures[name]
        if creature.conditions.persistent_damage:
            end = creature.end_turn(rng=work.source)
            work.creatures[name] = end.creature
            work.events.append(
                DamageTaken(
                    creature=name,
                    amount=end.damage,
                    hp=end.creature.hp,
                    temp_hp=end.creature.temp_hp,
                    source="Persistent Damage",
                )
            )
            for energy, roll in zip(end.energies, end.rolls, strict=True):
                work.events.append(TestMade(creature=name, purpose=f"end Persistent Damage ({energy})", roll=roll))
            work.after_change(name, creature, "Persistent Damage")
    befores = dict(work.creatures)
    for name in list(work.creatures):
        work.creatures[name] = work.creatures[name]._doomed_counts_down()
    run_durations(work, None, "a Round passes", befores)


def jump(work: Work, rounds: int) -> None:
    """*rounds* pass at once: every Duration counts down (Petrified pauses), Stable wakes when it runs out."""
    for name in list(work.creatures):
        before = work.creatures[name]
        work.creatures[name] = before.pass_time(rounds=rounds)
        count_down(work, name, rounds, before.conditions.effects_paused)
        work.after_change(name, before, "time passes")
    for thing in work.things:
        count_down(work, thing, rounds, False)


def long_rest(work: Work, action: LongRest) -> None:
    outside_rounds(work, "a Long Rest")
    for name in action.creatures:
        work.known(name, "creatures")
        if work.creatures[name].is_defeated:
            raise RuleError(f"{name} is Defeated: it does not finish a Long Rest (revive it first)")
    rounds = action.hours * ROUNDS_PER_HOUR
    work.events.append(TimePassed(rounds=rounds))
    elapse(work, rounds)
    resting = action.creatures or tuple(n for n, c in work.creatures.items() if not c.is_defeated)
    finished = tuple(n for n in resting if not work.creatures[n].is_defeated)
    for name in finished:
        work.change(name, lambda c: c.long_rest(), "Long Rest: remove 1 Fatigue")
    work.events.append(LongRestFinished(creatures=finished, hours=action.hours))


def count_down_doomed(work: Work, action: CountDownDoomed) -> None:
    target = work.known(action.target, "target")
    doomed = work.creatures[target].conditions.doomed
    if not doomed:
        raise RuleError(f"{target} is not Doomed")
    source = action.source
    if source is None:
        if len(doomed) > 1:
            raise InvalidInput(
                f"{target} is Doomed by {', '.join(sorted(doomed))}: name the source whose value counts down"
            )
        source = next(iter(doomed))
    if source not in doomed:
        raise InvalidInput(f"{target} has no Doomed from {source} (it has {', '.join(sorted(doomed))})")
    value = doomed[source]
    if value is None:
        raise RuleError(f"{target}'s Doomed from {source} is still to be rolled")
    after = max(0, value - action.by)
    work.events.append(DoomedCountedDown(creature=target, source=source, before=value, after=after))
    by = min(action.by, value)
    work.change(
        target,
        lambda c: attrs.evolve(c, conditions=c.conditions.reduce(Condition.DOOMED, by=by, source=source)),
        f"Doomed ({source}) counts down",
    )


def shatter(work: Work, action: Shatter) -> None:
    target = work.known(action.target, "target")
    work.creatures[target].shatter()  # the rule first: RuleError if it is not Petrified
    work.change(target, lambda c: c.shatter(), "its stone form shatters")


def _lives_each_round(creature: Creature) -> bool:
    """Whether time passing must go Round by Round for *creature*: Persistent Damage, or a Doomed to roll or count."""
    if creature.is_defeated or creature.conditions.effects_paused:
        return False
    return bool(creature.conditions.persistent_damage) or creature.doomed_roll_due or creature.doomed is not None
