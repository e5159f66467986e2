"""The encounter engine's other Actions: rising, rolls to end a Condition, Hide, Sneak, Search, and the GM's rulings."""

from __future__ import annotations

import attrs

from tabletop_core.d20._engine_state import Work
from tabletop_core.d20.actions import (
    Dispatch,
    EndCondition,
    EscapeGrapple,
    Hide,
    KeepFocus,
    Move,
    Place,
    Revive,
    Rise,
    RollToEnd,
    Search,
    SetDetection,
    Sneak,
    TakeAction,
    UseMedicsKit,
)
from tabletop_core.d20.conditions import Condition
from tabletop_core.d20.detection import Detection, search_result
from tabletop_core.d20.events import Moved, TestMade
from tabletop_core.d20.space import Space
from tabletop_core.d20.stakes import Outcome, Stakes
from tabletop_core.d20.turn_rules import END_ROLL_AP
from tabletop_core.d20.turns import Creature
from tabletop_core.errors import InvalidInput, RuleError

__all__ = [
    "check_fear",
    "check_free",
    "dispatch",
    "end_condition",
    "escape_grapple",
    "hide",
    "keep_focus",
    "move",
    "place",
    "revive",
    "rise",
    "roll_to_end",
    "search",
    "set_detection",
    "sneak",
    "take_action",
    "use_medics_kit",
]


def take_action(work: Work, action: TakeAction) -> None:
    name = work.on_turn(action.name)
    work.spend(name, action.ap, action.name)


def keep_focus(work: Work, action: KeepFocus) -> None:
    name = work.on_turn("Keeping up Focus")
    mine = {e.id: e.effect for e in work.effects if e.effect.focus and e.effect.creator == name}
    if action.effect is not None:
        if action.effect not in mine:
            raise InvalidInput(f"{action.effect} is not an Effect {name} sustains by Focus")
        mine = {action.effect: mine[action.effect]}
    if not mine:
        raise RuleError(f"{name} has no Focus to keep up")
    effect_id, effect = next(iter(mine.items()))
    if effect_id in work.focus_kept:
        raise RuleError(f"{name} has already kept up its Focus on {effect.name} ({effect_id}) this Turn")
    work.spend(name, effect.focus_cost, f"keep up Focus on {effect.name} ({effect_id})")
    work.focus_kept.append(effect_id)


def rise(work: Work, action: Rise) -> None:
    name = work.on_turn("Rising")
    creature = work.creatures[name]
    if Condition.PRONE not in creature.conditions.present:
        raise RuleError(f"{name} is not Prone")
    if not creature.conditions.can_move:
        raise RuleError(f"{name} is Immobilized: it can't use the Move Action to rise")
    work.spend(name, action.ap, "Move: rise")
    work.change(name, lambda c: attrs.evolve(c, conditions=c.conditions.remove(Condition.PRONE)), "rises: Prone ends")


def roll_to_end(work: Work, action: RollToEnd) -> None:
    name = work.on_turn("A roll to end a Condition")
    creature = work.creatures[name]
    creature.end_roll_kind(action.condition)  # refuses before any AP or die is spent
    givers = [work.giver(i) for i in creature.conditions.instances_of(action.condition)]
    if any(g is not None and g.effect.grapple for g in givers):
        raise RuleError(f"{name} is Restrained by a Grapple: it escapes it instead (EscapeGrapple)")
    if givers and all(g is not None and not g.effect.end_roll for g in givers):
        raise RuleError(f"the Effect that made {name} {action.condition} says no roll ends it")
    work.spend(name, 1, f"roll to end {action.condition}")
    attempt = work.creatures[name].roll_to_end(action.condition, modifier=action.modifier, rng=work.source)
    work.events.append(TestMade(creature=name, purpose=f"end {action.condition}", roll=attempt.roll))
    work.change(name, lambda _c: attempt.creature, f"roll to end {action.condition}")


def escape_grapple(work: Work, action: EscapeGrapple) -> None:
    name = work.on_turn("Escaping a Grapple")
    holds = [e for e in work.effects if e.target == name and e.effect.grapple and Condition.RESTRAINED not in e.ended]
    if action.grapple is not None:
        holds = [e for e in holds if e.id == action.grapple]
        if not holds:
            raise InvalidInput(f"{action.grapple} is not a Grapple that holds {name} Restrained")
    if not holds:
        raise RuleError(f"{name} is not Restrained by a Grapple")
    if len(holds) > 1:
        ids = ", ".join(e.id for e in holds)
        raise InvalidInput(f"{name} is held by more than one Grapple ({ids}): name the one it escapes")
    hold = holds[0]
    if not hold.effect.end_roll:
        raise RuleError(f"{hold.effect.label} says {name} can't escape it by a roll")
    work.spend(name, END_ROLL_AP, f"escape {hold.effect.label}")
    purpose = f"escape {hold.effect.label}"
    if work.check(name, purpose, Stakes.MID, action.modifier, skill="Brawn") is Outcome.SUCCESS:
        work.end_effects_on(name, f"escapes the Grapple ({hold.effect.label})", hold.id)


def move(work: Work, action: Move) -> None:
    name = work.on_turn("The Move Action")
    if not work.has_map:
        raise RuleError("the encounter has no map: Move needs positions")
    creature = work.creatures[name]
    if not creature.conditions.can_move:
        raise RuleError(f"{name} is Immobilized: it can't Move")
    start = work.where(name)
    check_free(work, name, action.to)
    speed = work.combatant(name).speed
    steps = start.distance(action.to, metric=work.start.metric)
    if speed is not None and steps > speed:
        raise RuleError(f"{name} Moves {speed} Spaces at most: {action.to} is {steps} away")
    check_fear(work, name, start, action.to)
    crawl = Condition.PRONE in creature.conditions.active
    work.spend(name, action.ap, "Move (Crawl)" if crawl else "Move")
    work.positions[name] = action.to
    work.events.append(Moved(name=name, from_space=start, to=action.to, how="crawls" if crawl else "moves"))


def check_free(work: Work, name: str, to: Space) -> None:
    """Nobody moves into terrain or into another creature's Space."""
    if to in work.start.blocked or any(t.terrain and t.position == to for t in work.things.values()):
        raise RuleError(f"{to} is terrain: {name} can't be there")
    for other, at in work.positions.items():
        if other != name and at == to:
            raise RuleError(f"{other} stands in {to}")


def check_fear(work: Work, name: str, start: Space, to: Space) -> None:
    """Frightened: while you can see your source of fear, you can't willingly Move closer to it."""
    conditions = work.creatures[name].conditions
    if Condition.FRIGHTENED not in conditions.active or Condition.BLINDED in conditions.active:
        return
    view = work.view()
    for i in conditions.instances_of(Condition.FRIGHTENED):
        source = work.caused_by(i)
        if source in work.positions and source != name and view.sees(name, source):
            fear = work.where(source)
            metric = work.start.metric
            if fear.distance(to, metric=metric) < fear.distance(start, metric=metric):
                raise RuleError(f"{name} is Frightened of {source}: it can't willingly Move closer to it")


def place(work: Work, action: Place) -> None:
    if not work.has_map:
        raise RuleError("the encounter has no map: give every creature and Object a position first")
    target = work.known_target(action.target)
    start = work.where(target)
    if target in work.creatures:
        check_free(work, target, action.at)
        work.positions[target] = action.at
    else:
        if action.at in work.start.blocked:
            raise RuleError(f"{action.at} is terrain: {target} can't be there")
        work.things[target] = attrs.evolve(work.things[target], position=action.at)
    work.events.append(Moved(name=target, from_space=start, to=action.at, how="is placed"))


def hide(work: Work, action: Hide) -> None:
    name = work.on_turn("Hide")
    observers = action.observers
    if not observers:
        raise InvalidInput("observers must name at least one creature")
    for o in observers:
        work.known(o, "observer")
        if o == name:
            raise InvalidInput(f"{name} can't hide from itself")
    work.spend(name, action.ap, "Hide")
    if work.check(name, "Hide", action.stakes, action.modifier) is Outcome.SUCCESS:
        for o in observers:
            work.see(o, name, Detection.HIDDEN, "Hide succeeded")
        for o in work.creatures:
            if o != name and o not in observers and (o, name) not in work.sightings:
                work.sightings[(o, name)] = Detection.OBSERVED  # still seen by the others
        work.change(name, lambda c: attrs.evolve(c, conditions=c.conditions.add(Condition.HIDDEN)), "Hide succeeded")


def sneak(work: Work, action: Sneak) -> None:
    name = work.on_turn("Sneak")
    if Condition.HIDDEN not in work.creatures[name].conditions.present:
        raise RuleError(f"{name} can Sneak only while Hidden")
    work.spend(name, action.ap, "Sneak")
    if work.check(name, "Sneak", action.stakes, action.modifier) is Outcome.SUCCESS:
        for o in work.creatures:
            if o != name and work.detection(o, name) is Detection.HIDDEN:
                work.see(o, name, Detection.UNDETECTED, "Sneak succeeded")


def search(work: Work, action: Search) -> None:
    name = work.on_turn("Search")
    subject = work.known(action.subject, "subject")
    if subject == name:
        raise InvalidInput(f"{name} can't Search for itself")
    work.spend(name, action.ap, "Search")
    before = work.detection(name, subject)
    outcome = work.check(name, f"Search for {subject}", action.stakes, action.modifier)
    after = search_result(outcome, perceives=action.perceives, before=before)
    if after is not before:
        work.see(name, subject, after, f"Search: {outcome}", before)


def use_medics_kit(work: Work, action: UseMedicsKit) -> None:
    name = work.on_turn("Using a Medic's Kit")
    target = work.known(action.target, "target")
    work.creatures[target].stabilize(hours=1)  # the rule first: a refused call spends no AP or die
    work.spend(name, action.ap, f"Medic's Kit on {target}")
    hours = work.source.roll(4)

    def stabilize(c: Creature) -> Creature:
        return attrs.evolve(c, conditions=work.anchored(c.conditions, c.stabilize(hours=hours).conditions))

    work.change(target, stabilize, f"{name}'s Medic's Kit: Stable, wakes in {hours} hours")


def dispatch(work: Work, action: Dispatch) -> None:
    name = work.on_turn("A Dispatch")
    target = work.known(action.target, "target")
    if target == name:
        raise InvalidInput(f"{name} can't Dispatch itself")
    work.creatures[target].dispatch()  # Helpless at 0 HP, or RuleError before any AP is spent
    work.spend(name, action.ap, f"Dispatch {target}")
    work.surprise(name, target)
    work.change(target, lambda c: c.dispatch(), f"{name}'s Dispatch succeeds")


def revive(work: Work, action: Revive) -> None:
    target = work.known(action.target, "target")
    work.change(target, lambda c: c.revive(action.hp), f"revived with {action.hp} HP")


def set_detection(work: Work, action: SetDetection) -> None:
    observer = work.known(action.observer, "observer")
    subject = work.known(action.subject, "subject")
    if observer == subject:
        raise InvalidInput(f"a creature does not detect itself: {observer!r}")
    work.see(observer, subject, action.state, "the GM says so")


def end_condition(work: Work, action: EndCondition) -> None:
    target = work.known(action.target, "target")
    if action.condition not in work.creatures[target].conditions.present:
        raise RuleError(f"{target} does not have {action.condition} (an implied Condition ends with what gives it)")
    work.change(
        target,
        lambda c: attrs.evolve(c, conditions=c.conditions.remove(action.condition)),
        f"the GM ends {action.condition}",
    )
