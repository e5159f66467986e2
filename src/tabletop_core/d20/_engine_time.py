"""The encounter engine's time outside Rounds: minutes, hours and days passing, a Long Rest, Doomed, a shattering.

Core Rule "Time": "Otherwise, your GM tracks time in minutes, hours, and days." Time is
still counted in Rounds (1 minute lasts 10): while it passes, each creature lives each of
those Rounds as if it had a Turn in it (its Doomed rolled when due, its Persistent Damage
taken and rolled against at its end, its Doomed counted down at the Round's end), one Round
at a time while something is to roll, then the rest at once.
"""

from __future__ import annotations

import attrs

from tabletop_core.d20._engine_rounds import _Rounds
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


class _Time(_Rounds):
    """Time passing outside Rounds, and the GM's rulings about Doomed and stone."""

    def outside_rounds(self, what: str) -> None:
        if self.round:
            raise RuleError(
                f"while the GM tracks Rounds, time passes by ending Turns and Rounds: end the encounter "
                f"(EndEncounter) before {what}"
            )

    def pass_time(self, action: PassTime) -> None:
        self.outside_rounds("minutes, hours and days pass")
        rounds = _to_rounds(rounds=action.rounds, minutes=action.minutes, hours=action.hours, days=action.days)
        self.events.append(TimePassed(rounds=rounds))
        self.elapse(rounds)

    def elapse(self, rounds: int) -> None:
        """*rounds* pass outside Rounds: Round by Round while a creature has something to roll, then at once."""
        left = rounds
        while left > 0:
            busy = {n: c for n, c in self.creatures.items() if _lives_each_round(c)}
            if not busy:
                self.jump(left)
                return
            if all(not c.conditions.persistent_damage and not c.doomed_roll_due for c in busy.values()):
                # Only Doomed values counting down: nothing rolls until the first of them reaches 0.
                step = min(left, min(c.doomed or 1 for c in busy.values()))
                for name, creature in busy.items():
                    value = creature.doomed
                    assert value is not None
                    before = self.creatures[name]
                    conditions = creature.conditions.set_doomed(value - step, source=STAGGERED_SOURCE)
                    self.creatures[name] = attrs.evolve(creature, conditions=conditions)
                    self.after_change(name, before, "Doomed counts down")
                self.jump(step)
                left -= step
                continue
            self.one_round()
            left -= 1

    def one_round(self) -> None:
        """One Round outside Rounds: each creature's Doomed roll and Persistent Damage, then the Round's end."""
        for name in list(self.creatures):
            creature = self.creatures[name]
            if creature.is_defeated:
                continue
            if creature.doomed_roll_due and not creature.conditions.effects_paused:
                d4 = self.source.roll(4)
                value = resolve_doomed(d4=d4, soul=creature.soul)
                self.creatures[name] = attrs.evolve(
                    creature, conditions=creature.conditions.set_doomed(value, source=STAGGERED_SOURCE)
                )
                self.events.append(DoomedRolled(creature=name, d4=d4, soul=creature.soul, value=value))
            creature = self.creatures[name]
            if creature.conditions.persistent_damage:
                end = creature.end_turn(rng=self.source)
                self.creatures[name] = end.creature
                self.events.append(
                    DamageTaken(
                        creature=name,
                        amount=end.damage,
                        hp=end.creature.hp,
                        temp_hp=end.creature.temp_hp,
                        source="Persistent Damage",
                    )
                )
                for energy, roll in zip(end.energies, end.rolls, strict=True):
                    self.events.append(TestMade(creature=name, purpose=f"end Persistent Damage ({energy})", roll=roll))
                self.after_change(name, creature, "Persistent Damage")
        befores = dict(self.creatures)
        for name in list(self.creatures):
            self.creatures[name] = self.creatures[name]._doomed_counts_down()
        self.run_durations(None, "a Round passes", befores)

    def jump(self, rounds: int) -> None:
        """*rounds* pass at once: every Duration counts down (Petrified pauses), Stable wakes when it runs out."""
        for name in list(self.creatures):
            before = self.creatures[name]
            self.creatures[name] = before.pass_time(rounds=rounds)
            self.count_down(name, rounds, before.conditions.effects_paused)
            self.after_change(name, before, "time passes")
        for thing in self.things:
            self.count_down(thing, rounds, False)

    def long_rest(self, action: LongRest) -> None:
        self.outside_rounds("a Long Rest")
        for name in action.creatures:
            self.known(name, "creatures")
            if self.creatures[name].is_defeated:
                raise RuleError(f"{name} is Defeated: it does not finish a Long Rest (revive it first)")
        rounds = action.hours * ROUNDS_PER_HOUR
        self.events.append(TimePassed(rounds=rounds))
        self.elapse(rounds)
        resting = action.creatures or tuple(n for n, c in self.creatures.items() if not c.is_defeated)
        finished = tuple(n for n in resting if not self.creatures[n].is_defeated)
        for name in finished:
            self.change(name, lambda c: c.long_rest(), "Long Rest: remove 1 Fatigue")
        self.events.append(LongRestFinished(creatures=finished, hours=action.hours))

    def count_down_doomed(self, action: CountDownDoomed) -> None:
        target = self.known(action.target, "target")
        doomed = self.creatures[target].conditions.doomed
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
        self.events.append(DoomedCountedDown(creature=target, source=source, before=value, after=after))
        by = min(action.by, value)
        self.change(
            target,
            lambda c: attrs.evolve(c, conditions=c.conditions.reduce(Condition.DOOMED, by=by, source=source)),
            f"Doomed ({source}) counts down",
        )

    def shatter(self, action: Shatter) -> None:
        target = self.known(action.target, "target")
        self.creatures[target].shatter()  # the rule first: RuleError if it is not Petrified
        self.change(target, lambda c: c.shatter(), "its stone form shatters")


def _lives_each_round(creature: Creature) -> bool:
    """Whether time passing must go Round by Round for *creature*: Persistent Damage, or a Doomed to roll or count."""
    if creature.is_defeated or creature.conditions.effects_paused:
        return False
    return bool(creature.conditions.persistent_damage) or creature.doomed_roll_due or creature.doomed is not None
