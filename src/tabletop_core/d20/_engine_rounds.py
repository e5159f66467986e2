"""The encounter engine's clock: Initiative, Turns, Rounds, and time outside Rounds."""

from __future__ import annotations

import attrs

from tabletop_core.d20._engine_state import Work
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

__all__ = ["begin_turn", "count_down", "end_round", "end_turn", "next_turn", "roll_initiative", "run_durations"]


def roll_initiative(work: Work, _action: RollInitiative) -> None:
    if work.round:
        raise RuleError(f"Initiative is already rolled (Round {work.round})")
    enc = work.start
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
    entries = [InitiativeEntry(creature=c.name, roll=t._roll_dice(work.source), trait=c.trait) for c, t in templates]
    listed = {name: i for i, name in enumerate(enc.names)}
    ranked = sorted(entries, key=lambda e: (-e.roll.total, -e.trait, listed[e.creature]))
    work.order = tuple(e.creature for e in ranked)
    work.totals = tuple(e.roll.total for e in ranked)
    work.events.append(InitiativeRolled(entries=tuple(entries), order=work.order))
    work.round = 1
    work.events.append(RoundStarted(round=1))
    work.turn = 0
    begin_turn(work)


def begin_turn(work: Work) -> None:
    """Start the Turn at work.turn, skipping Defeated creatures (one lap at most).

    At the start of each Turn, skipped ones too, the Durations counted from that creature's
    Turn run 1 Round: an N-Round Effect ends at the start of its applier's Turn N Rounds on.
    """
    for _ in range(len(work.order)):
        name = work.order[work.turn]
        run_durations(work, name, f"{name}'s Turn starts")
        work.held.pop(name, None)  # it gains its AP afresh: what it kept is gone
        work.focus_kept = []
        creature = work.creatures[name]
        if not creature.is_defeated:
            before = creature
            start = creature.start_turn(rng=work.source)
            work.creatures[name] = start.creature
            work.after_change(name, before, "Turn starts")
            work.ap = work.creatures[name].action_points
            work.events.append(
                TurnStarted(creature=name, ap=work.ap, doomed_d4=start.doomed_d4, doomed=start.creature.doomed)
            )
            return
        work.events.append(TurnSkipped(creature=name, reason="Defeated"))
        work.end_focus(name, f"{name}'s Focus ends (its Turn is skipped)")
        next_turn(work)
    # Everyone is Defeated: the Turn stays, with no AP, one lap on (its start counted too).
    run_durations(work, work.order[work.turn], f"{work.order[work.turn]}'s Turn starts")
    work.ap = 0


def end_turn(work: Work, _action: EndTurn) -> None:
    name = work.on_turn("ending a Turn")
    before = work.creatures[name]
    end = before.end_turn(rng=work.source)
    work.creatures[name] = end.creature
    if end.damage:
        after = end.creature
        work.events.append(
            DamageTaken(
                creature=name, amount=end.damage, hp=after.hp, temp_hp=after.temp_hp, source="Persistent Damage"
            )
        )
    work.events.append(TurnEnded(creature=name, damage=end.damage, energies=end.energies, rolls=end.rolls))
    work.after_change(name, before, "Turn ends")
    for effect_id in dict.fromkeys(e.id for e in work.effects if e.effect.focus and e.effect.creator == name):
        if effect_id not in work.focus_kept:
            work.end_effect(effect_id, f"{name}'s Focus ends (not kept up this Turn)")
    if work.ap:
        work.held[name] = work.ap  # kept for Triggered Effects until its next Turn starts
    next_turn(work)
    begin_turn(work)


def next_turn(work: Work) -> None:
    """Move to the next creature in the order; after the last, the Round ends."""
    work.ap = 0
    if work.turn + 1 < len(work.order):
        work.turn += 1
    else:
        end_round(work)
        work.turn = 0


def end_round(work: Work) -> None:
    work.events.append(RoundEnded(round=work.round))
    befores = dict(work.creatures)
    for name in work.order:
        work.creatures[name] = work.creatures[name]._doomed_counts_down()
    run_durations(work, None, "Round ends", befores)  # what started outside a Turn counts from the Round's end
    work.responses = []  # one Action per Trigger: the record of responses lasts the Round
    work.round += 1
    work.events.append(RoundStarted(round=work.round))


def run_durations(work: Work, anchor: str | None, reason: str, befores: dict[str, Creature] | None = None) -> None:
    """1 Round passes for the Durations counted from *anchor*'s Turn (``None``: from the Round's end).

    Ongoing Effects on a Petrified creature pause (not the one that Petrified it); a
    Duration at 0 ends. *befores*: the creatures as they were before this moment's other
    changes (the Conditions events compare against them).
    """
    befores = dict(work.creatures) if befores is None else befores
    touched: set[str] = set()
    ended = []
    for k, e in enumerate(work.effects):
        if e.anchor != anchor:
            continue
        holder = work.creatures.get(e.target)
        paused = holder is not None and holder.conditions.effects_paused
        if paused and Condition.PETRIFIED not in e.effect.conditions:
            continue
        left = e.left.after(1)
        if left.rounds == 0:
            ended.append(e)
        else:
            work.effects[k] = attrs.evolve(e, left=left)
        touched.add(e.target)
    if ended:
        work.effects = [e for e in work.effects if e not in ended]
        for e in ended:
            work.events.append(EffectEnded(id=e.id, name=e.effect.name, target=e.target, reason="its Duration ran out"))
    for name, creature in work.creatures.items():
        after = creature._run_time(1, anchor)
        if after is not creature:
            work.creatures[name] = after
            touched.add(name)
    for name in list(work.creatures):
        if name in touched or work.creatures[name] is not befores[name]:
            work.after_change(name, befores[name], reason)


def count_down(work: Work, name: str, rounds: int, paused: bool) -> None:
    """Ongoing Effects on *name* run *rounds*; while it is Petrified (*paused*) they pause (not Petrified's own)."""
    ended = []
    for k, e in enumerate(work.effects):
        if e.target != name or (paused and Condition.PETRIFIED not in e.effect.conditions):
            continue
        left = e.left.after(rounds)
        if left.rounds == 0:
            ended.append(e)
        else:
            work.effects[k] = attrs.evolve(e, left=left)
    if ended:
        work.effects = [e for e in work.effects if e not in ended]
        for e in ended:
            work.events.append(EffectEnded(id=e.id, name=e.effect.name, target=name, reason="its Duration ran out"))
