"""The encounter engine's Effects: using one on its Targets, Attacks, Damage, Healing and Dismiss."""

from __future__ import annotations

import attrs

from tabletop_core._validate import clip
from tabletop_core.d20._engine_state import Work
from tabletop_core.d20.actions import (
    Attack,
    AttackWith,
    Damage,
    Dismiss,
    Heal,
    UseAbility,
    UseEffect,
)
from tabletop_core.d20.combatant import LAST_ACTION, ActiveEffect, Response
from tabletop_core.d20.conditions import Condition
from tabletop_core.d20.effect import Effect, TargetKind
from tabletop_core.d20.energy import energy_name
from tabletop_core.d20.events import (
    DamageTaken,
    EffectApplied,
    Event,
    Healed,
    TemporaryHPGained,
    TestMade,
    ThingDamaged,
    Unaffected,
)
from tabletop_core.d20.senses import immunity as sense_immunity
from tabletop_core.d20.space import TOUCH_RANGE, Space
from tabletop_core.d20.space import check_reach as reach_check
from tabletop_core.d20.stakes import Outcome, Stakes
from tabletop_core.d20.test import (
    Modifier,
    TestKind,
    roll_test,
)
from tabletop_core.d20.turns import Creature
from tabletop_core.errors import InvalidInput, RuleError

__all__ = [
    "attack",
    "attack_reach",
    "attack_with",
    "cannot_start",
    "check_attack",
    "check_charmer",
    "check_object_like",
    "check_objects",
    "check_reach",
    "check_target_kind",
    "check_targets",
    "check_use",
    "check_willing",
    "damage",
    "dismiss",
    "do_damage",
    "do_heal",
    "heal",
    "immunity",
    "pay_for",
    "resolve",
    "resolve_on",
    "resolve_on_thing",
    "strike",
    "use",
    "use_ability",
    "use_effect",
]


def use_effect(work: Work, action: UseEffect) -> None:
    use(work, action.effect, action.targets, action.willing, action.responding_to, action.origin)


def use(
    work: Work,
    effect: Effect,
    targets: tuple[str, ...],
    willing: tuple[str, ...] = (),
    responding_to: str | None = None,
    origin: Space | None = None,
) -> None:
    """Use *effect* on *targets*: every rule checked first, then its Cost paid, then it resolves."""
    response = check_use(work, effect, targets, willing, responding_to, origin)
    pay_for(work, effect, response)
    resolve(work, effect, targets)


def check_use(
    work: Work,
    effect: Effect,
    targets: tuple[str, ...],
    willing: tuple[str, ...],
    responding_to: str | None,
    origin: Space | None,
) -> Response | None:
    """Refuse a use the rules forbid (changing nothing); the response it makes to a Trigger, if Triggered."""
    check_targets(work, targets, willing)
    creator = effect.creator
    response = None
    if responding_to is not None and effect.on_use:
        raise InvalidInput(f"responding_to is for a Triggered Effect; {effect.name} is On Use")
    if not effect.on_use and creator in work.creatures:
        # "You can use only one Action in response to each Trigger": unnamed, it answers the last action.
        # (A creator outside the encounter, a trap or the GM, takes no Actions: it is not limited.)
        response = Response(creature=creator, trigger=responding_to or LAST_ACTION)
        if response in work.responses:
            raise RuleError(f"{creator} has already used an Action in response to {response.trigger}")
    check_willing(work, effect, targets, willing)
    check_target_kind(work, effect, targets)
    check_objects(work, effect, targets)
    check_reach(work, effect, targets, origin)
    if creator not in work.creatures:
        if effect.focus:
            raise RuleError(
                f"{effect.name} needs Focus, kept up on its creator's Turns: {creator} is not in the encounter"
            )
        return response
    check_charmer(work, creator, effect, targets)
    me = work.creatures[creator]
    if effect.focus and not me.conditions.can_focus:
        raise RuleError(f"{creator} is Unfocused: it can't start to Focus ({effect.name})")
    if work.round and effect.on_use and work.current != creator:
        raise RuleError(f"{effect.name} is On Use: {creator} uses it on its own Turn (it is {work.current}'s)")
    work.check_spend(creator, effect.cost if work.round else 0, effect.name)
    return response


def pay_for(work: Work, effect: Effect, response: Response | None) -> None:
    """Spend the Effect's Cost (On Use: the moment it happens), record the response, start its Focus."""
    creator = effect.creator
    if creator in work.creatures:
        if work.round and (effect.on_use or effect.cost):
            work.spend(creator, effect.cost, effect.name)  # a Triggered one off its Turn: the AP it kept
        else:
            work.acts(creator, effect.name)
        if effect.focus:
            work.end_focus(creator, f"{creator} starts another Focus")
    if response is not None:
        work.responses.append(response)


def resolve(work: Work, effect: Effect, targets: tuple[str, ...]) -> str:
    """The Effect resolves on each Target not Immune to it; its id (``""``: Instant, or it reached no one)."""
    reached = []
    for t in targets:
        why = immunity(work, effect, t) or cannot_start(work, effect, t)
        if why is None:
            reached.append(t)
        else:
            work.events.append(Unaffected(target=t, source=effect.label, reason=why))
    if not reached:
        return ""
    effect_id = ""
    if not effect.is_instant:
        effect_id = f"e{work.next_id}"
        work.next_id += 1
        if effect.focus and effect.creator == work.current:
            work.focus_kept.append(effect_id)  # the Turn it starts in, its Focus is paid
    work.events.append(EffectApplied(id=effect_id, effect=effect, targets=tuple(reached)))
    for t in reached:
        resolve_on(work, effect, effect_id, t)
    return effect_id


def cannot_start(work: Work, effect: Effect, target: str) -> str | None:
    """Why an ongoing Effect that causes nothing does nothing on a Defeated *target*, or ``None``.

    "While Defeated: Ongoing Effects on you end": it never starts there (no Effect id, no event claiming it did).
    """
    creature = work.creatures.get(target)
    if creature is None or not creature.is_defeated or effect.is_instant:
        return None
    causes = (effect.damage, effect.healing, effect.temporary_hp, effect.persistent_damage, effect.fatigue)
    if any(causes) or effect.doomed:
        return None
    return "Defeated (ongoing Effects on it end)"


def immunity(work: Work, effect: Effect, target: str) -> str | None:
    """Why *target* is Immune to *effect* through its Senses (Blinded, Deafened, Petrified), or ``None``."""
    if not effect.senses or target not in work.creatures:
        return None
    return sense_immunity(work.creatures[target].conditions, effect.senses)


def check_targets(work: Work, targets: tuple[str, ...], willing: tuple[str, ...]) -> None:
    if not targets:
        raise InvalidInput("targets must name at least one creature")
    if len(set(targets)) != len(targets):
        raise InvalidInput(f"targets must name each creature once, got {list(targets)}")
    for t in targets:
        work.known_target(t)
    for t in willing:
        work.known(t, "willing")
    extra = set(willing) - set(targets)
    if extra:
        raise InvalidInput(f"willing must name Targets of the Effect, got {sorted(extra)}")


def check_willing(work: Work, effect: Effect, targets: tuple[str, ...], willing: tuple[str, ...]) -> None:
    """Core Rule "Willing", and no Healing for a Defeated creature."""
    for t in targets:
        if t in work.things:
            if effect.needs_willing:
                raise RuleError(
                    f"{effect.name} needs a Willing Target: {t} is an Object, and only a Creature is Willing"
                )
            continue
        if effect.needs_willing and not work.creatures[t].conditions.can_be_willing:
            raise RuleError(
                f"{effect.name} needs a Willing Target: {t} is Unconscious or Defeated and can't be Willing"
            )
        if effect.needs_willing and t not in willing:
            raise RuleError(f"{effect.name} needs a Willing Target: {t} is Unwilling")
        if effect.healing and work.creatures[t].is_defeated:
            raise RuleError(f"{t} is Defeated: it can't receive Healing")


def check_charmer(work: Work, creator: str, effect: Effect, targets: tuple[str, ...], harmful: bool = False) -> None:
    """Charmed: you can't Target your charmer with harmful Effects (*harmful*: it harms, as an Attack does)."""
    if not (harmful or effect.is_harmful):
        return
    charmed_by = {work.caused_by(i) for i in work.creatures[creator].conditions.instances_of(Condition.CHARMED)}
    for t in targets:
        if t in charmed_by:
            raise RuleError(f"{creator} is Charmed by {t}: it can't Target its charmer with harmful Effects")


def check_target_kind(work: Work, effect: Effect, targets: tuple[str, ...]) -> None:
    """Core Rules "Creature" and "Object": a Defeated or Petrified creature is an Object, except for restoration."""
    for t in targets:
        thing = work.things.get(t)
        if thing is not None:
            if effect.target_kind is TargetKind.CREATURE:
                raise RuleError(f"{effect.name} targets Creatures: {t} is an Object")
            if effect.target_kind is TargetKind.LOCATION and not thing.terrain:
                raise RuleError(f"{effect.name} targets Locations: {t} is an Object too small to be terrain")
            continue
        if effect.target_kind is TargetKind.LOCATION:
            if not work.combatant(t).terrain:
                raise RuleError(f"{effect.name} targets Locations: {t} is a Creature too small to be terrain")
            continue
        is_object = work.creatures[t].conditions.is_object
        if effect.target_kind is TargetKind.CREATURE and is_object and not effect.healing:
            raise RuleError(f"{effect.name} targets Creatures: {t} is Defeated or Petrified, treated as an Object")
        if effect.target_kind is TargetKind.OBJECT and not is_object:
            raise RuleError(f"{effect.name} targets Objects: {t} is a Creature")


def check_objects(work: Work, effect: Effect, targets: tuple[str, ...]) -> None:
    """What an Effect can do to an Object, and assemblies (Core Rule "Object").

    An Object takes Damage and can hold an ongoing Effect; Conditions, Healing,
    Temporary HP, Persistent Damage, Fatigue and Doomed are for Creatures (a reading).
    An assembly is one Object to a creature large enough to manipulate it; a smaller
    creature deals with its parts.
    """
    creature_only = {
        "Conditions": effect.conditions,
        "Healing": effect.healing,
        "Temporary HP": effect.temporary_hp,
        "Persistent Damage": effect.persistent_damage,
        "Fatigue": effect.fatigue,
        "Doomed": effect.doomed,
    }
    for t in targets:
        thing = work.things.get(t)
        if thing is None:
            check_object_like(work, effect, t, creature_only)
            continue
        for what, present in creature_only.items():
            if present:
                raise RuleError(f"{effect.name} gives {what}, which only a Creature has: {t} is an Object")
        if thing.parts and effect.creator in work.creatures:
            size = work.combatant(effect.creator).size
            if size < thing.size:
                raise RuleError(
                    f"{t} is an assembly of {', '.join(thing.parts)}: {effect.creator} (Size {size}) is not large "
                    f"enough to manipulate it (Size {thing.size}) as one Object; target its parts"
                )


def check_object_like(work: Work, effect: Effect, target: str, creature_only: dict[str, object]) -> None:
    """A Defeated or Petrified creature "functions as an Object, except for restoration purposes".

    An Effect that heals is restoration; any other is refused what an Object refuses.
    """
    conditions = work.creatures[target].conditions
    if not conditions.is_object or effect.healing:
        return
    why = "Petrified" if conditions.has(Condition.PETRIFIED) else "Defeated"
    for what, present in creature_only.items():
        if present:
            raise RuleError(
                f"{effect.name} gives {what}, which only a Creature has: {target} is {why} and functions as an Object"
            )


def check_reach(
    work: Work, effect: Effect, targets: tuple[str, ...], origin: Space | None, reach: int | None = None
) -> None:
    """Core Rules "Origin" and "Reach", on a map: the Origin and the Targets within Range, the Line unobstructed."""
    if reach is None:
        reach = effect.reach
    if not work.has_map:
        if origin is not None:
            raise RuleError(f"{effect.name} lists an Origin, but the encounter has no map")
        return
    if effect.creator not in work.creatures:
        if origin is None and (reach is not None or effect.area is not None):
            raise InvalidInput(f"{effect.name} is created by {effect.creator}, who is not on the map: give its origin=")
        creator = origin
    else:
        creator = work.where(effect.creator)
    if creator is None:
        return
    walls = {*work.start.blocked, *(t.position for t in work.things.values() if t.terrain and t.position)}
    reach_check(
        effect=effect.name,
        creator=creator,
        targets=[(t, work.where(t)) for t in targets],
        reach=reach,
        origin=origin,
        area=effect.area,
        blocked=walls - {work.where(t) for t in targets},
        metric=work.start.metric,
    )


def resolve_on(work: Work, effect: Effect, effect_id: str, target: str) -> None:
    if target in work.things:
        resolve_on_thing(work, effect, effect_id, target)
        return
    label = effect.label
    creator = effect.creator if effect.creator in work.creatures else None
    if effect.is_harmful:
        work.harms(creator, target)
    if effect.damage:
        damage(work, target, effect.damage, effect.energy, label)
    if effect.healing:
        heal(work, target, effect.healing, label)
    if effect.temporary_hp:
        work.change(
            target,
            lambda c: c.gain_temporary_hp(effect.temporary_hp),
            label,
            lambda after: TemporaryHPGained(creature=target, amount=effect.temporary_hp, temp_hp=after.temp_hp),
        )
    caused = work.creatures[target].conditions
    if effect.persistent_damage:
        caused = caused.add(
            Condition.PERSISTENT_DAMAGE,
            value=effect.persistent_damage,
            energy=effect.persistent_energy,
            source=label,
        )
    if effect.fatigue:
        caused = caused.add(Condition.FATIGUE, value=effect.fatigue, source=label)
    if effect.doomed:
        caused = caused.add(Condition.DOOMED, value=effect.doomed, source=label)
    if effect.is_instant:
        for c in effect.conditions:
            caused = caused.add(c, source=label)  # what an Instant Effect causes stays
    if caused is not work.creatures[target].conditions:
        final = work.anchored(work.creatures[target].conditions, caused)
        work.change(target, lambda c: attrs.evolve(c, conditions=final), label)
    if effect.is_instant:
        return
    if work.creatures[target].is_defeated:
        work.events.append(
            Unaffected(target=target, source=label, reason="Defeated (ongoing Effects on it end)", part="ongoing")
        )
        return
    assert effect.duration is not None
    work.effects.append(
        ActiveEffect(id=effect_id, effect=effect, target=target, left=effect.duration, anchor=work.current)
    )
    before = work.creatures[target]
    work.after_change(target, before, label)


def resolve_on_thing(work: Work, effect: Effect, effect_id: str, target: str) -> None:
    if effect.damage:
        thing = work.things[target]
        hp = None if thing.hp is None else max(0, thing.hp - effect.damage)
        work.things[target] = attrs.evolve(thing, hp=hp)
        work.events.append(
            ThingDamaged(thing=target, amount=effect.damage, hp=hp, energy=effect.energy, source=effect.label)
        )
    if not effect.is_instant:
        assert effect.duration is not None
        work.effects.append(
            ActiveEffect(id=effect_id, effect=effect, target=target, left=effect.duration, anchor=work.current)
        )


def damage(work: Work, target: str, amount: int, energy: str | None, source: str) -> None:
    if amount and work.creatures[target].conditions.has(Condition.PETRIFIED):
        # "You can't gain or lose HP": nothing is taken, and the log says so.
        what = f"{amount}{'' if energy is None else ' ' + energy} Damage"
        work.events.append(Unaffected(target=target, source=source, reason="Petrified (can't lose HP)", part=what))
        return

    def report(after: Creature) -> Event:
        return DamageTaken(
            creature=target, amount=amount, hp=after.hp, temp_hp=after.temp_hp, energy=energy, source=source
        )

    work.change(target, lambda c: c.take_damage(amount), source or "Damage", report)


def heal(work: Work, target: str, amount: int, source: str) -> None:
    if amount and work.creatures[target].conditions.has(Condition.PETRIFIED):
        work.events.append(
            Unaffected(target=target, source=source, reason="Petrified (can't gain HP)", part=f"{amount} Healing")
        )
        return

    def report(after: Creature) -> Event:
        return Healed(creature=target, amount=amount, hp=after.hp, source=source)

    work.change(target, lambda c: c.heal(amount), source or "Healing", report)


def do_damage(work: Work, action: Damage) -> None:
    target = work.known(action.target, "target")
    energy = None if action.energy is None else energy_name(action.energy)
    if action.by is not None:
        work.known(action.by, "by")
    work.harms(action.by, target)
    damage(work, target, action.amount, energy, action.source)


def do_heal(work: Work, action: Heal) -> None:
    target = work.known(action.target, "target")
    if work.creatures[target].is_defeated:
        raise RuleError(f"{target} is Defeated: it can't receive Healing")
    heal(work, target, action.amount, action.source)


def dismiss(work: Work, action: Dismiss) -> None:
    mine = [e for e in work.effects if e.id == action.effect]
    if not mine:
        ids = sorted({e.id for e in work.effects})
        raise InvalidInput(f"no ongoing Effect {clip(action.effect)} (ongoing: {clip(', '.join(ids) or 'none')})")
    effect = mine[0].effect
    if action.by != effect.creator:
        raise RuleError(f"only {effect.creator}, its creator, can Dismiss {effect.name} ({action.effect})")
    if not effect.dismissable:
        raise RuleError(f"{effect.name} says it can't be Dismissed")
    for e in mine:
        work.end_effects_on(e.target, f"Dismissed by {action.by}", action.effect)


def attack_reach(work: Work, effect: Effect, kind: str) -> int | None:
    """Core Rule "Reach": Melee Weapons Reach to Touch Range; Ranged and Thrown ones to their listed Range."""
    listed = effect.reach
    if kind == "melee":
        return TOUCH_RANGE if listed is None else listed
    if listed is None and work.has_map:
        raise InvalidInput(f"a {kind} Attack Reaches to its listed Range: give {effect.name} a reach= on a map")
    return listed


def attack(work: Work, action: Attack) -> None:
    name = work.on_turn("An Attack")
    check_attack(work, name, action.target, action.effect, action.attack)
    named = [Modifier(value=action.modifier, source=f"Attack: {action.attack}")]
    strike(work, name, action.target, action.effect, action.attack, action.stakes, named, action.hit_on_setback)


def attack_with(work: Work, action: AttackWith) -> None:
    name = work.on_turn("An Attack")
    me = work.combatant(name)
    profile = me.attack_named(action.attack)
    check_attack(work, name, action.target, profile.effect, profile.attack)
    trait = me.trait_value(profile.trait)
    named = [Modifier.trait(profile.trait, trait)] if trait else []
    if profile.modifier:
        named.append(Modifier(value=profile.modifier, source=profile.name))
    if action.modifier:
        named.append(Modifier(value=action.modifier, source="situation"))
    strike(work, name, action.target, profile.effect, profile.attack, profile.stakes, named, profile.hit_on_setback)


def use_ability(work: Work, action: UseAbility) -> None:
    name = action.by
    if name is None:
        name = work.on_turn(f"Using {action.ability} with no creature named (by=)")
    effect = work.combatant(work.known(name, "by")).effect_named(action.ability)
    use(work, effect, action.targets, action.willing, action.responding_to, action.origin)


def check_attack(work: Work, name: str, target: str, effect: Effect, kind: str) -> None:
    """Refuse an Attack the rules forbid, before any AP or die is spent (changing nothing)."""
    if target in work.things:
        raise RuleError(
            f"{target} is an Object: use the Effect on it (UseEffect); an Attack is made against a creature"
        )
    work.known(target, "target")
    if effect.creator != name:
        raise RuleError(f"{name} attacks with its own Effects: {effect.name} was created by {effect.creator}")
    if target == name:
        raise InvalidInput(f"{name} can't attack itself")
    if effect.needs_willing:
        raise RuleError(f"{effect.name} needs a Willing Target: it can't be an Attack's Effect")
    check_charmer(work, name, effect, (target,), harmful=True)  # an Attack harms
    if effect.healing and work.creatures[target].is_defeated:
        raise RuleError(f"{target} is Defeated: it can't receive Healing")
    check_target_kind(work, effect, (target,))
    check_objects(work, effect, (target,))
    check_reach(work, effect, (target,), None, attack_reach(work, effect, kind))
    if effect.focus and not work.creatures[name].conditions.can_focus:
        raise RuleError(f"{name} is Unfocused: it can't start to Focus ({effect.name})")
    work.check_spend(name, effect.cost, f"Attack: {effect.name}")


def strike(
    work: Work,
    name: str,
    target: str,
    effect: Effect,
    kind: str,
    stakes: Stakes,
    named: list[Modifier],
    hit_on_setback: bool,
) -> None:
    """Make a checked Attack: the Check, as things stand (Hidden still counts), then on a hit the Effect."""
    ctx = work.view().test_context(name, kind=TestKind.ATTACK, target=target, attack=kind)
    work.spend(name, effect.cost, f"Attack: {effect.name}")
    if effect.focus:
        work.end_focus(name, f"{name} starts another Focus")
    work.surprise(name, target)
    roll = roll_test(
        stakes=stakes,
        modifier=[*named, *ctx.modifiers],
        kind=TestKind.ATTACK,
        effects=ctx.effects,
        rng=work.source,
    )
    work.events.append(TestMade(creature=name, purpose=f"Attack {target} with {effect.name}", roll=roll))
    hit = roll.outcome is Outcome.SUCCESS or (roll.outcome is Outcome.SETBACK and hit_on_setback)
    if hit:
        resolve(work, effect, (target,))
