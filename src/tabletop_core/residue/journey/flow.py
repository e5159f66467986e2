"""The Journey procedure's shared steps: Commit, Gear, Discovery, a Hex resolved, Combat, the Rest Phase."""

from __future__ import annotations

import attrs

from tabletop_core._fast import fast_replace as replace
from tabletop_core.residue.actions import CommitResult, commit_action
from tabletop_core.residue.combat import (
    Creature,
    Encounter,
    EncounterStatus,
)
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.death import Defeat, DefeatCause
from tabletop_core.residue.endurance import ActionSlot, StrainCheck
from tabletop_core.residue.hexmap import UNKNOWN_AREA, draw_area
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.journey.choices import Choice
from tabletop_core.residue.journey.content import _FIGHTERS, AreaEntry
from tabletop_core.residue.journey.state import Journey, JourneyOutcome, Phase
from tabletop_core.residue.tokens import Token, TokenKind, TokenResolution, move_tokens, token_resolution, tokens_at
from tabletop_core.residue.wanderer import Wanderer
from tabletop_core.rng import DiceSource

# -- helpers --------------------------------------------------------------------


def _defeated(journey: Journey, defeat: Defeat, events: list[object]) -> Journey:
    defeat = attrs.evolve(defeat, day=journey.day)
    events.append(defeat)
    return replace(journey, phase=Phase.OVER, outcome=JourneyOutcome.DEFEATED, defeat=defeat)


def _check_hp(journey: Journey, events: list[object], detail: str) -> Journey:
    if journey.wanderer.health.is_defeated:
        return _defeated(journey, Defeat(DefeatCause.HP, detail), events)
    return journey


def _commit(
    journey: Journey, slot: ActionSlot, choice: Choice, source: DiceSource, events: list[object]
) -> tuple[Journey, CommitResult | None]:
    """Commit a die (No Dice Available first when the pool is empty); ``None`` result when defeated."""
    wanderer = journey.wanderer
    if choice.die is None:
        step = wanderer.endurance.no_dice_available(conditions=wanderer.conditions, rng=source)
        events.append(step)
        if step.defeated:
            return _defeated(journey, Defeat(DefeatCause.NO_DICE, f"Commit {slot}"), events), None
        conditions = step.conditions if step.conditions is not None else wanderer.conditions
        wanderer = replace(wanderer, endurance=step.after, conditions=conditions)
        allowed = [i for i, d in enumerate(wanderer.endurance.pool) if conditions.commit_blocker(d.value) is None]
        if not allowed:
            events.append("no recovered die may be Committed")
            return replace(journey, wanderer=wanderer), None
        choice = attrs.evolve(choice, die=max(allowed, key=lambda i: wanderer.endurance.pool[i].value))
    assert choice.die is not None  # set above when the pool was empty
    result = commit_action(
        wanderer.endurance,
        slot,
        choice.die,
        conditions=wanderer.conditions,
        luck=wanderer.luck if choice.luck else None,
        rng=source,
    )
    events.append(result)
    wanderer = replace(
        wanderer,
        endurance=result.endurance,
        luck=result.luck_after if result.luck_after is not None else wanderer.luck,
        health=wanderer.health.lose(result.hp_lost),
    )
    journey = _check_hp(replace(journey, wanderer=wanderer), events, "Bleeding on a Commit")
    return journey, None if journey.is_over else result


def _roll_gear(journey: Journey, source: DiceSource, events: list[object]) -> Journey:
    """⊙ Gear on entering a Hex; at Gear 0, Exposed: suffer the Region Hazard."""
    wanderer = journey.wanderer
    if wanderer.inventory.gear.is_zero:
        if journey.hexmap.region_of(journey.position) is None:
            # The Hazard is the Region's: discover the Region of the Hex first (its Area comes later).
            journey = _discover_region(journey, source, events)
        rules = journey.setup.rules(journey.hexmap.region_of(journey.position))
        hazard = rules.hazard_hp if rules is not None else 0
        events.append(f"Gear 0: Exposed, Region Hazard -{hazard} HP")
        wanderer = replace(wanderer, health=wanderer.health.lose(hazard))
        return _check_hp(replace(journey, wanderer=wanderer), events, "the Region Hazard while Exposed")
    use = wanderer.inventory.roll(InventoryKind.GEAR, rng=source)
    events.append(use)
    return replace(journey, wanderer=wanderer.with_inventory(use.after.forget_last()))


def _apply_entry(
    journey: Journey, entry: AreaEntry, events: list[object]
) -> tuple[Journey, Creature | None, AreaEntry]:
    wanderer = journey.wanderer
    if entry.hp > 0:
        wanderer = replace(wanderer, health=wanderer.health.gain(entry.hp))
    elif entry.hp < 0:
        wanderer = replace(wanderer, health=wanderer.health.lose(-entry.hp))
    inventory = wanderer.inventory
    for kind, steps in entry.inventory:
        for _ in range(abs(steps)):
            if steps > 0:
                if kind is InventoryKind.RESOLVE and inventory.corrupted:
                    continue  # Corruption: Resolve cannot normally be regained
                inventory = inventory.step_up(kind)
            else:
                inventory = inventory.step_down(kind)
    wanderer = wanderer.with_inventory(inventory)
    if entry.condition is not None:
        wanderer = attrs.evolve(wanderer, conditions=wanderer.conditions.gain(entry.condition))
    if entry.hp or entry.inventory or entry.condition:
        events.append(f"{entry}: HP {wanderer.health.hp}, {inventory}")
    journey = _check_hp(replace(journey, wanderer=wanderer), events, f"Area Entry {entry.area}")
    if entry.card is not None and not journey.is_over:
        events.append(f"gain {entry.card}")
        journey = replace(journey, gained=(*journey.gained, entry.card))
    creature = None
    if entry.creature is not None and not journey.is_over:
        creature = journey.setup.creature(entry.creature, journey.hexmap.region_of(journey.position))
    return journey, creature, entry


def _discover_region(journey: Journey, source: DiceSource, events: list[object]) -> Journey:
    """An Undiscovered Region: one die over the map's Regions (standing in for the Region table)."""
    where = journey.position
    if journey.hexmap.region_of(where) is not None:
        return journey
    regions = journey.hexmap.regions
    region = regions[source.roll(len(regions)) - 1].name
    events.append(f"Undiscovered Region: {where} is {region}")
    return replace(journey, hexmap=journey.hexmap.set_region(where, region))


def _discover(
    journey: Journey, source: DiceSource, events: list[object]
) -> tuple[Journey, Creature | None, AreaEntry | None]:
    """Discovery of a New Hex: its Region (one die over the map's Regions), then its Area."""
    journey = _discover_region(journey, source, events)
    hexmap = journey.hexmap
    where = journey.position
    tile = hexmap.tile(where)
    if tile.ruin or tile.is_discovered:
        return replace(journey, hexmap=hexmap), None, None
    assert tile.region is not None  # set above
    drawn = draw_area(hexmap, tile.region, rng=source)
    hexmap = hexmap.discover_area(where, drawn.area)
    events.append(f"Discover Area: {drawn}")
    journey = replace(journey, hexmap=hexmap)
    entry = journey.setup.entry(drawn.area) or (journey.setup.entry(UNKNOWN_AREA) if drawn.unknown_table else None)
    if entry is None:
        return journey, None, None
    return _apply_entry(journey, entry, events)


def _start_combat(
    journey: Journey,
    enemies: list[tuple[Creature, int | None]],
    entry: AreaEntry | None,
    after: Phase,
    events: list[object],
) -> Journey:
    encounter = Encounter(
        tuple(c for c, _ in enemies),
        surprised=bool(entry and entry.surprised),
        surprise_attack=bool(entry and entry.surprise_attack),
    )
    events.append(f"Face {', '.join(str(c) for c, _ in enemies)}")
    journey = replace(
        journey,
        phase=Phase.COMBAT,
        encounter=encounter,
        encounter_tokens=tuple(t for _, t in enemies),
        after_combat=after,
        retaliators=(),
    )
    if encounter.needs_opening:
        opened, strikers = encounter.open()
        events.append("Surprised: the Creatures strike first")
        journey = replace(journey, encounter=opened, retaliators=strikers, phase=Phase.DEFEND)
    return journey


def _resolve_hex(journey: Journey, new: bool, source: DiceSource, events: list[object]) -> Journey:  # noqa: C901 -- the Hex steps in the rules text's order (Discovery, Special Hex, Tokens, Travel)
    """Resolve the Hex entered: Discovery, Special Hex rules, Tokens; then where Travel goes."""
    creature: Creature | None = None
    entry: AreaEntry | None = None
    if new:
        journey, creature, entry = _discover(journey, source, events)
        if journey.is_over:
            return journey
    tile = journey.hexmap.tile(journey.position)
    if tile.special:
        events.append(f"Special Hex: {tile.special}")
    enemies: list[tuple[Creature, int | None]] = [(creature, None)] if creature is not None else []
    vendor: str | None = None
    for index in tokens_at(journey.tokens, journey.position):
        token = journey.tokens[index]
        resolution = token_resolution(token)
        if resolution is TokenResolution.REACH_HUM:
            events.append("Reach the Hum: remove the Hum Token and read the Ruin Entry")
            kept = tuple(t for i, t in enumerate(journey.tokens) if i != index)
            foes = tuple(f for i, f in enumerate(journey.foes) if i != index)
            return replace(journey, tokens=kept, foes=foes, phase=Phase.OVER, outcome=JourneyOutcome.REACHED_HUM)
        foe = journey.foes[index]
        if resolution is TokenResolution.DISCOVER_ANOMALY:
            events.append(f"Discover Anomaly {token.name}".rstrip())
            tokens = journey.tokens
            marked = attrs.evolve(token, discovered=True)
            journey = replace(journey, tokens=(*tokens[:index], marked, *tokens[index + 1 :]))
            journey, found, anomaly = _token_entry(journey, token, events)
            if journey.is_over:
                return journey
            if found is not None:
                enemies.append((found, None))
                entry = entry or anomaly
        elif resolution is TokenResolution.ENCOUNTER and token.kind in _FIGHTERS and foe is not None:
            enemies.append((foe, index))
        elif resolution is TokenResolution.ENCOUNTER and token.kind is TokenKind.VENDOR:
            vendor = token.name
        elif resolution is TokenResolution.ENCOUNTER and token.kind is TokenKind.NPC:
            journey, found, npc = _token_entry(journey, token, events)
            if journey.is_over:
                return journey
            if found is not None:
                enemies.append((found, None))
                entry = entry or npc
        elif resolution is TokenResolution.OPTIONAL_ENCOUNTER:
            events.append(f"{token}: an optional Encounter")
        elif token.kind is TokenKind.PORTAL:
            events.append(f"{token}: no Encounter, a Fast Travel point")
        else:
            events.append(f"{token}: no Encounter")
    journey = replace(journey, travel_ends=journey.travel_ends or new)
    if enemies:
        return _start_combat(journey, enemies, entry, Phase.MOVE, events)
    if vendor is not None:
        events.append(f"Vendor {vendor}: Barter or leave")
        return replace(journey, phase=Phase.TRADE, trading=vendor)
    return _continue_travel(journey, events)


def _token_entry(
    journey: Journey, token: Token, events: list[object]
) -> tuple[Journey, Creature | None, AreaEntry | None]:
    """Resolve an Anomaly's or NPC's entry, as the setup gives it (none: nothing more happens)."""
    entry = journey.setup.entry(token.name, kind=token.kind)
    if entry is None:
        return journey, None, None
    events.append(f"{token.kind} Entry {token.name}")
    return _apply_entry(journey, entry, events)


def _continue_travel(journey: Journey, events: list[object]) -> Journey:
    """Go on after a Hex is resolved.

    A gained card first, then optional Encounters; then Resume Move while Travel ★
    remain and the Hex did not end Travel (or back to the Travel Phase it came
    from); else the Rest Phase.
    """
    if journey.gained:
        return replace(journey, phase=Phase.PLACE)
    if journey.optional_here():
        return replace(journey, phase=Phase.MEET)
    if journey.back_to is Phase.TRAVEL and not journey.travel_ends:
        return replace(journey, phase=Phase.TRAVEL)
    if journey.travel_stars > 0 and not journey.travel_ends:
        return replace(journey, phase=Phase.MOVE)
    if journey.travel_ends:
        events.append("Undiscovered Hex: End Travel")
    return _rest_phase(replace(journey, travel_stars=0, travel_ends=False), events)


def _rest_phase(journey: Journey, events: list[object], start: int = 0) -> Journey:
    """Token Movement (stopping at an Encounter), then Check Strain."""
    step = move_tokens(journey.hexmap, journey.tokens, journey.position, start=start)
    if step.moves:
        events.append(step)
    journey = replace(journey, tokens=step.tokens, movement_next=None)
    if step.encounter is not None:
        token = step.tokens[step.encounter]
        foe = journey.foes[step.encounter]
        # A mandatory Encounter is resolved now; an optional one is offered in the next Travel Phase.
        if token_resolution(token) is TokenResolution.ENCOUNTER:
            found: Creature | None = None
            if token.kind in _FIGHTERS and foe is not None:
                journey = replace(journey, movement_next=step.next_index)
                return _start_combat(journey, [(foe, step.encounter)], None, Phase.CHECK_STRAIN, events)
            if token.kind is TokenKind.NPC:
                journey, found, _npc = _token_entry(journey, token, events)
                if journey.is_over:
                    return journey
            if found is not None:
                journey = replace(journey, movement_next=step.next_index)
                return _start_combat(journey, [(found, None)], None, Phase.CHECK_STRAIN, events)
    if not step.finished:
        return _rest_phase(journey, events, step.next_index or 0)
    check = journey.wanderer.strain_check
    events.append(f"Check Strain {journey.wanderer.strain} vs ST {journey.wanderer.strain_threshold}: {check}")
    if check is StrainCheck.DEFEATED:
        detail = f"Strain {journey.wanderer.strain}, ST {journey.wanderer.strain_threshold}"
        return _defeated(journey, Defeat(DefeatCause.STRAIN, detail), events)
    return replace(journey, phase=Phase.CHECK_STRAIN)


def _end_combat(journey: Journey, source: DiceSource, events: list[object]) -> Journey:
    encounter = journey.encounter
    assert encounter is not None
    foes = list(journey.foes)
    tokens = list(journey.tokens)
    wanderer = journey.wanderer
    removed: set[int] = set()
    for creature, token in zip(encounter.enemies, journey.encounter_tokens, strict=True):
        if creature.is_defeated:
            if wanderer.conditions.has(Condition.FEAR):
                roll, conditions = wanderer.conditions.roll(Condition.FEAR, rng=source)
                events.append(roll)
                wanderer = replace(wanderer, conditions=conditions)
            if token is not None:
                removed.add(token)
        elif token is not None:
            foes[token] = creature  # Damage persists after Escape
        else:
            tokens.append(Token(TokenKind.CREATURE, journey.position, name=creature.name))
            foes.append(creature)
    kept = [i for i in range(len(tokens)) if i not in removed]
    next_index = journey.movement_next
    if next_index is not None:
        next_index -= sum(1 for i in removed if i < next_index)
    met = tuple(i - sum(1 for r in removed if r < i) for i in journey.met if i not in removed)
    return replace(
        journey,
        wanderer=wanderer,
        tokens=tuple(tokens[i] for i in kept),
        foes=tuple(foes[i] for i in kept),
        encounter=None,
        encounter_tokens=(),
        retaliators=(),
        phase=journey.after_combat,  # overwritten by whatever comes next (Escape, Travel, Rest Phase)
        movement_next=next_index,
        met=met,
    )


def _after_combat(journey: Journey, source: DiceSource, events: list[object]) -> Journey:
    """The Combat is over (won or escaped): tidy the Tokens and go on."""
    assert journey.encounter is not None
    escaped = journey.encounter.status is EncounterStatus.ESCAPED
    after = journey.after_combat
    journey = _end_combat(journey, source, events)
    if escaped:
        return replace(journey, phase=Phase.ESCAPE, after_combat=after)
    return _resume(journey, after, events)


def _resume(journey: Journey, after: Phase, events: list[object]) -> Journey:
    if after is Phase.CHECK_STRAIN:
        start = journey.movement_next
        if start is None:
            return _rest_phase(journey, events, len(journey.tokens))
        return _rest_phase(journey, events, start)
    return _continue_travel(journey, events)


def _gain_strain(wanderer: Wanderer, amount: int, source: DiceSource, events: list[object]) -> Wanderer:
    """Gain Strain (whenever you gain Strain under Delirium, roll Delirium)."""
    conditions = wanderer.conditions
    if amount and conditions.has(Condition.DELIRIUM):
        roll, conditions = conditions.roll(Condition.DELIRIUM, rng=source)
        events.append(roll)
    return replace(wanderer, endurance=wanderer.endurance.gain_strain(amount), conditions=conditions)
