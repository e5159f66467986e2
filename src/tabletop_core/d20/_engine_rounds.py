"""The encounter engine's clock: Initiative, Turns, Rounds, and time outside Rounds."""

from __future__ import annotations

import attrs

from tabletop_core.d20._engine_base import _Base
from tabletop_core.d20.actions import (
    EndTurn,
    RollInitiative,
)
from tabletop_core.d20.conditions import Condition
from tabletop_core.d20.events import (
    DamageTaken,
    EffectEnded,
    InitiativeEntry,
    InitiativeRolled,
    RoundEnded,
    RoundStarted,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
)
from tabletop_core.d20.test import (
    Modifier,
    RolledTotal,
    TestKind,
    _merge,
)
from tabletop_core.d20.turns import Creature
from tabletop_core.errors import RuleError


class _Rounds(_Base):
    """Initiative, the start and end of Turns and Rounds, Durations counting down."""

    def roll_initiative(self, _action: RollInitiative) -> None:
        if self.round:
            raise RuleError(f"Initiative is already rolled (Round {self.round})")
        enc = self.start
        templates = []
        for c in enc.combatants:
            ctx = enc.test_context(c.name, kind=TestKind.INITIATIVE)
            merged = _merge(False, False, 0, (), ctx.effects)
            needs = bool(merged["fortune"]) != bool(merged["misfortune"])
            modifiers = [Modifier(value=c.initiative, source="Initiative"), *ctx.modifiers]
            template = RolledTotal(
                kind=TestKind.INITIATIVE,
                flat_roll=20,
                modifiers=modifiers,
                fortune_die=1 if needs else None,
                **merged,
            )
            templates.append((c, template))
        entries = [
            InitiativeEntry(creature=c.name, roll=t._roll_dice(self.source), trait=c.trait) for c, t in templates
        ]
        listed = {name: i for i, name in enumerate(enc.names)}
        ranked = sorted(entries, key=lambda e: (-e.roll.total, -e.trait, listed[e.creature]))
        self.order = tuple(e.creature for e in ranked)
        self.totals = tuple(e.roll.total for e in ranked)
        self.events.append(InitiativeRolled(entries=tuple(entries), order=self.order))
        self.round = 1
        self.events.append(RoundStarted(round=1))
        self.turn = 0
        self.begin_turn()

    def begin_turn(self) -> None:
        """Start the Turn at self.turn, skipping Defeated creatures (one lap at most).

        At the start of each Turn, skipped ones too, the Durations counted from that creature's
        Turn run 1 Round: an N-Round Effect ends at the start of its applier's Turn N Rounds on.
        """
        for _ in range(len(self.order)):
            name = self.order[self.turn]
            self.run_durations(name, f"{name}'s Turn starts")
            self.held.pop(name, None)  # it gains its AP afresh: what it kept is gone
            self.focus_kept = []
            creature = self.creatures[name]
            if not creature.is_defeated:
                before = creature
                start = creature.start_turn(rng=self.source)
                self.creatures[name] = start.creature
                self.after_change(name, before, "Turn starts")
                self.ap = self.creatures[name].action_points
                self.events.append(
                    TurnStarted(creature=name, ap=self.ap, doomed_d4=start.doomed_d4, doomed=start.creature.doomed)
                )
                return
            self.events.append(TurnSkipped(creature=name, reason="Defeated"))
            self.end_focus(name, f"{name}'s Focus ends (its Turn is skipped)")
            self.next_turn()
        # Everyone is Defeated: the Turn stays, with no AP, one lap on (its start counted too).
        self.run_durations(self.order[self.turn], f"{self.order[self.turn]}'s Turn starts")
        self.ap = 0

    def end_turn(self, _action: EndTurn) -> None:
        name = self.on_turn("ending a Turn")
        before = self.creatures[name]
        end = before.end_turn(rng=self.source)
        self.creatures[name] = end.creature
        if end.damage:
            after = end.creature
            self.events.append(
                DamageTaken(
                    creature=name, amount=end.damage, hp=after.hp, temp_hp=after.temp_hp, source="Persistent Damage"
                )
            )
        self.events.append(TurnEnded(creature=name, damage=end.damage, energies=end.energies, rolls=end.rolls))
        self.after_change(name, before, "Turn ends")
        for effect_id in dict.fromkeys(e.id for e in self.effects if e.effect.focus and e.effect.creator == name):
            if effect_id not in self.focus_kept:
                self.end_effect(effect_id, f"{name}'s Focus ends (not kept up this Turn)")
        if self.ap:
            self.held[name] = self.ap  # kept for Triggered Effects until its next Turn starts
        self.next_turn()
        self.begin_turn()

    def next_turn(self) -> None:
        """Move to the next creature in the order; after the last, the Round ends."""
        self.ap = 0
        if self.turn + 1 < len(self.order):
            self.turn += 1
        else:
            self.end_round()
            self.turn = 0

    def end_round(self) -> None:
        self.events.append(RoundEnded(round=self.round))
        befores = dict(self.creatures)
        for name in self.order:
            self.creatures[name] = self.creatures[name]._doomed_counts_down()
        self.run_durations(None, "Round ends", befores)  # what started outside a Turn counts from the Round's end
        self.responses = []  # one Action per Trigger: the record of responses lasts the Round
        self.round += 1
        self.events.append(RoundStarted(round=self.round))

    def run_durations(self, anchor: str | None, reason: str, befores: dict[str, Creature] | None = None) -> None:
        """1 Round passes for the Durations counted from *anchor*'s Turn (``None``: from the Round's end).

        Ongoing Effects on a Petrified creature pause (not the one that Petrified it); a
        Duration at 0 ends. *befores*: the creatures as they were before this moment's other
        changes (the Conditions events compare against them).
        """
        befores = dict(self.creatures) if befores is None else befores
        touched: set[str] = set()
        ended = []
        for k, e in enumerate(self.effects):
            if e.anchor != anchor:
                continue
            holder = self.creatures.get(e.target)
            paused = holder is not None and holder.conditions.effects_paused
            if paused and Condition.PETRIFIED not in e.effect.conditions:
                continue
            left = e.left.after(1)
            if left.rounds == 0:
                ended.append(e)
            else:
                self.effects[k] = attrs.evolve(e, left=left)
            touched.add(e.target)
        if ended:
            self.effects = [e for e in self.effects if e not in ended]
            for e in ended:
                self.events.append(
                    EffectEnded(id=e.id, name=e.effect.name, target=e.target, reason="its Duration ran out")
                )
        for name, creature in self.creatures.items():
            after = creature._run_time(1, anchor)
            if after is not creature:
                self.creatures[name] = after
                touched.add(name)
        for name in list(self.creatures):
            if name in touched or self.creatures[name] is not befores[name]:
                self.after_change(name, befores[name], reason)

    def count_down(self, name: str, rounds: int, paused: bool) -> None:
        """Ongoing Effects on *name* run *rounds*; while it is Petrified (*paused*) they pause (not Petrified's own)."""
        ended = []
        for k, e in enumerate(self.effects):
            if e.target != name or (paused and Condition.PETRIFIED not in e.effect.conditions):
                continue
            left = e.left.after(rounds)
            if left.rounds == 0:
                ended.append(e)
            else:
                self.effects[k] = attrs.evolve(e, left=left)
        if ended:
            self.effects = [e for e in self.effects if e not in ended]
            for e in ended:
                self.events.append(EffectEnded(id=e.id, name=e.effect.name, target=name, reason="its Duration ran out"))
