"""The Journey procedure's shared steps: Commit, Gear, Discovery, a Hex resolved, Combat, the Rest Phase."""

from __future__ import annotations

from typing import Any

import attrs

from tabletop_core._fast import BoundedCache, fast_build
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
from tabletop_core.residue.entries import EntryEffect, apply_entry_effect
from tabletop_core.residue.hexmap import UNKNOWN_AREA, draw_area
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.journey.choices import Act, Choice
from tabletop_core.residue.journey.content import _FIGHTERS, AreaEntry
from tabletop_core.residue.journey.events import (
    CardGained,
    CombatBegan,
    Defeated,
    DieRolled,
    HPChanged,
    Note,
    ReachedHum,
    StrainChecked,
    StrainGained,
    TokenFound,
)
from tabletop_core.residue.journey.phases import (
    CheckStrainPhase,
    CombatPhase,
    CommitPhase,
    EndedPhase,
    EntryNext,
    EscapePhase,
    JourneyOutcome,
    LuckPhase,
    MeetPhase,
    MovePhase,
    PlacePhase,
    TokenMovement,
    TradePhase,
    TravelPhase,
    Trip,
)
from tabletop_core.residue.journey.state import Journey
from tabletop_core.residue.tokens import Token, TokenKind, TokenResolution, move_tokens, token_resolution, tokens_at
from tabletop_core.residue.wanderer import Wanderer
from tabletop_core.rng import DiceSource

_TRAVEL = TravelPhase()
_CHECK_STRAIN = CheckStrainPhase()

# -- helpers --------------------------------------------------------------------


def _defeated(journey: Journey, defeat: Defeat, events: list[object]) -> Journey:
    defeat = attrs.evolve(defeat, day=journey.day)
    events.append(Defeated(defeat))
    return replace(journey, stage=fast_build(EndedPhase, outcome=JourneyOutcome.DEFEATED, defeat=defeat))


def _check_hp(journey: Journey, events: list[object], detail: str) -> Journey:
    if journey.wanderer.health.is_defeated:
        return _defeated(journey, Defeat(DefeatCause.HP, detail), events)
    return journey


_FINISH: dict[Act, Any] = {}  # Any: each finisher takes its own choice; filled in engine.py
_READ: dict[str, Any] = {}  # Any: the Entry reader (handlers_decisions._read_entry), filled in engine.py
"""For each kind of Commit, what follows once its Action is resolved (after a Luck decision too)."""


def _commit(
    journey: Journey,
    slot: ActionSlot,
    choice: Choice,
    source: DiceSource,
    events: list[object],
    *,
    skill_bonus: int = 0,
) -> tuple[Journey, CommitResult | None]:
    """Commit a die; ``None`` result when the Action does not go on now.

    * No Dice Available (an empty pool, ``choice.die is None``): gain 1 Strain and
      recover the committed dice; then the same Commit is offered again (a
      :class:`~tabletop_core.residue.journey.phases.CommitPhase`), so the player
      chooses the die and Luck.
    * Delirium rerolls the committed die; Luck for the Action is then decided with the
      reroll seen (a :class:`~tabletop_core.residue.journey.phases.LuckPhase`).
    * Defeat (no dice to recover, Bleeding's HP).
    """
    wanderer = journey.wanderer
    if choice.die is None:
        step = wanderer.endurance.no_dice_available(conditions=wanderer.conditions, rng=source)
        events.append(step)
        if step.defeated:
            return _defeated(journey, Defeat(DefeatCause.NO_DICE, f"Commit {slot}"), events), None
        conditions = step.conditions if step.conditions is not None else wanderer.conditions
        wanderer = replace(wanderer, endurance=step.after, conditions=conditions)
        if all(conditions.commit_blocker(d.value) is not None for d in wanderer.endurance.pool):
            events.append(Note("no recovered die may be Committed"))
            return replace(journey, wanderer=wanderer), None
        must = CommitPhase(must=Choice(choice.act, None, False, choice.target), before=journey.stage)
        return replace(journey, wanderer=wanderer, stage=must), None
    delirium = not wanderer.conditions.delirium.is_zero
    result = commit_action(
        wanderer.endurance,
        slot,
        choice.die,
        conditions=wanderer.conditions,
        skill_bonus=skill_bonus,
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
    if journey.is_over:
        return journey, None
    if delirium and not wanderer.luck.is_zero and result.action.luck is None:
        return replace(journey, stage=LuckPhase(pending=result, choice=choice, before=journey.stage)), None
    return journey, result


def _committing(slot: ActionSlot, finish: Any) -> Any:  # Any: a handler and its finisher, each its own choice
    """A handler that Commits to *slot*, then (the Action resolved, now or after a Luck decision) runs *finish*."""

    def handler(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
        journey, result = _commit(journey, slot, choice, source, events)
        return journey if result is None else finish(journey, choice, result, source, events)

    return handler


def _roll_gear(journey: Journey, source: DiceSource, events: list[object]) -> Journey:
    """⊙ Gear on entering a Hex (not at Gear 0); then, while Exposed, suffer the Region Hazard.

    "Gear 0: Do not roll Gear. You have Exposed and suffer the Region Hazard." and
    "Hazard: Applies while you have Exposed.": Exposed from a rule, with Gear above 0,
    rolls Gear and suffers the Hazard too. Exposed is read as the Hex is entered.
    """
    wanderer = journey.wanderer
    exposed = wanderer.conditions.has(Condition.EXPOSED)
    if not wanderer.inventory.gear.is_zero:
        use = wanderer.inventory.roll(InventoryKind.GEAR, rng=source)
        events.append(use)
        journey = replace(journey, wanderer=wanderer.with_inventory(use.after.forget_last()))
    if not exposed:
        return journey
    if journey.hexmap.region_of(journey.position) is None:
        # The Hazard is the Region's: discover the Region of the Hex first (its Area comes later).
        journey = _discover_region(journey, source, events)
    wanderer = journey.wanderer
    rules = journey.setup.rules(journey.hexmap.region_of(journey.position))
    hazard = rules.hazard_hp if rules is not None else 0
    health = wanderer.health.lose(hazard)
    cause = "Gear 0: Exposed, the Region Hazard" if wanderer.inventory.gear.is_zero else "Exposed: the Region Hazard"
    events.append(HPChanged(cause, wanderer.health.hp, health.hp, health.max_hp))
    wanderer = replace(wanderer, health=health)
    return _check_hp(replace(journey, wanderer=wanderer), events, "the Region Hazard while Exposed")


def _apply_entry(
    journey: Journey, entry: AreaEntry, source: DiceSource, events: list[object]
) -> tuple[Journey, Creature | None, AreaEntry]:
    """An Area Entry (an Anomaly's, an NPC's, an Item's effect): HP, Inventory, a Condition, a card, a Creature.

    +X HP rolls Bleeding (every healing does); a Condition is applied on the Wanderer
    (:meth:`~tabletop_core.residue.wanderer.Wanderer.gain_condition`), never dropped.
    """
    if entry.hp or entry.inventory or entry.condition:
        done = apply_entry_effect(journey.wanderer, _effect_of(entry), rng=source)
        events.append(Note(str(entry)))
        events.append(done)  # the record keeps its dice (Bleeding's roll)
        journey = _check_hp(replace(journey, wanderer=done.wanderer), events, f"Area Entry {entry.area}")
    if entry.card is not None and not journey.is_over:
        events.append(CardGained(entry.card))
        journey = replace(journey, gained=(*journey.gained, entry.card))
    creature = None
    if entry.creature is not None and not journey.is_over:
        creature = journey.setup.creature(entry.creature, journey.hexmap.region_of(journey.position))
    return journey, creature, entry


_EFFECTS: BoundedCache[int, tuple[AreaEntry, EntryEffect]] = BoundedCache(limit=256)


def _effect_of(entry: AreaEntry) -> EntryEffect:
    """The EntryEffect of an Area Entry's HP, Inventory and Condition.

    The same every time the entry is read, so it is built once: kept by the entry's identity
    (with the entry, so the id cannot be reused meanwhile); the content's entries are read
    again and again in a simulation.
    """
    found = _EFFECTS.get(id(entry))
    if found is not None and found[0] is entry:
        return found[1]
    steps = tuple((kind, max(-5, min(5, n))) for kind, n in entry.inventory)  # the Dice Chain has 5 steps
    effect = EntryEffect(hp=entry.hp, inventory=steps, condition=entry.condition)
    _EFFECTS.put(id(entry), (entry, effect))
    return effect


def _rolled(rule: str, sides: int, face: int, result: str) -> DieRolled:
    """The event of a die the engine rolled: a face of its own die, named by the map's own names.

    Built without DieRolled's checks (every Discovery rolls; the simulator never reads the event).
    """
    return fast_build(DieRolled, rule=rule, sides=sides, face=face, result=result)


def _discover_region(journey: Journey, source: DiceSource, events: list[object]) -> Journey:
    """An Undiscovered Region: one die over the map's Regions (standing in for the Region table).

    A map of one Region rolls no die (a d1 has nothing to say).
    """
    where = journey.position
    if journey.hexmap.region_of(where) is not None:
        return journey
    regions = journey.hexmap.regions
    if len(regions) == 1:
        region = regions[0].name
        events.append(Note(f"Undiscovered Region at {where}: {region}, the only Region"))
    else:
        face = source.roll(len(regions))
        region = regions[face - 1].name
        events.append(_rolled(f"Undiscovered Region at {where}", len(regions), face, region))
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
    if drawn.unknown_table:
        events.append(Note(f"Discover Area: {drawn}"))
    elif drawn.roll is None:  # one Area left: no die
        events.append(Note(f"Discover Area in {tile.region}: {drawn.area}, the only Area left"))
    else:  # the die over the Areas still undiscovered
        sides = len(hexmap.undiscovered_areas(tile.region))
        events.append(_rolled(f"Discover Area in {tile.region}", sides, drawn.roll, drawn.area))
    hexmap = hexmap.discover_area(where, drawn.area)
    journey = replace(journey, hexmap=hexmap)
    entry = journey.setup.entry(drawn.area) or (journey.setup.entry(UNKNOWN_AREA) if drawn.unknown_table else None)
    if entry is None:
        return journey, None, None
    return _apply_entry(journey, entry, source, events)


def _start_combat(
    journey: Journey,
    enemies: list[tuple[Creature, int | None]],
    entry: AreaEntry | None,
    then: Trip | TokenMovement,
    events: list[object],
) -> Journey:
    encounter = Encounter(
        tuple(c for c, _ in enemies),
        surprised=bool(entry and entry.surprised),
        surprise_attack=bool(entry and entry.surprise_attack),
    )
    pairs = tuple((i, token) for i, (_, token) in enumerate(enemies) if token is not None)
    retaliators: tuple[int, ...] = ()
    if encounter.needs_opening:
        encounter, retaliators = encounter.open()
    events.append(CombatBegan(encounter.enemies, surprised=bool(retaliators)))
    stage = fast_build(CombatPhase, encounter=encounter, tokens=pairs, retaliators=retaliators, then=then)
    return replace(journey, stage=stage)


def _resolve_hex(
    journey: Journey,
    new: bool,
    trip: Trip | TokenMovement,
    source: DiceSource,
    events: list[object],
    foe: Creature | None = None,
) -> Journey:
    """Resolve the Hex entered: Discovery, Special Hex rules, Tokens; then where the procedure goes.

    *trip*: the Travel, or the Token Movement an Escape interrupted (it goes on after).
    *foe*: a Creature the Area Entry named, Faced with the Hex's. NPC Entries are read
    once the Hex's Combat or Vendor is over (``trip.entries``); the Hum is reached once
    every other Token of its Hex is resolved (:func:`_continue_travel`).
    """
    creature: Creature | None = foe
    entry: AreaEntry | None = None
    if new:
        journey, creature, entry = _discover(journey, source, events)
        if journey.is_over:
            return journey
        if type(trip) is Trip and not trip.ends:  # "Entering an Undiscovered Hex always Ends Travel."
            events.append(Note("Undiscovered Hex: End Travel once it is resolved"))
            trip = replace(trip, ends=True)
        area = journey.hexmap.tile(journey.position).area
        text = None if area is None or creature is not None else journey.setup.text(area)
        if text is not None:  # the Area Entry first; Special Hex rules and Tokens when it ends
            return _READ["read"](journey, text, trip, EntryNext.HEX, source, events)  # type: ignore[no-any-return]
    tile = journey.hexmap.tile(journey.position)
    if tile.special:
        events.append(f"Special Hex: {tile.special}")
    enemies: list[tuple[Creature, int | None]] = [(creature, None)] if creature is not None else []
    journey, trip, vendor, met = _hex_tokens(journey, trip, enemies, source, events)
    if journey.is_over:
        return journey
    if enemies:
        return _start_combat(journey, enemies, entry or met, trip, events)
    if vendor is not None:
        events.append(f"Vendor {vendor}: Barter or leave")
        return replace(journey, stage=fast_build(TradePhase, vendor=vendor, then=trip, paying=None, paid=()))
    return _continue_travel(journey, trip, source, events)


def _hex_tokens(
    journey: Journey,
    trip: Trip | TokenMovement,
    enemies: list[tuple[Creature, int | None]],
    source: DiceSource,
    events: list[object],
) -> tuple[Journey, Trip | TokenMovement, str | None, AreaEntry | None]:
    """Resolve the Tokens of the Wanderer's Hex, in Token order (the Hum waits for the others).

    Creatures and mandatory Raiders join *enemies* (one Combat for the Hex); an Anomaly is
    Discovered and a mandatory NPC met (their AreaEntry applied, their Entry queued in the
    *trip*); a mandatory Vendor is returned for its Trade. Returns the Journey, the trip,
    the Vendor met (if any) and the AreaEntry of an NPC or Anomaly that named a Creature.
    """
    vendor: str | None = None
    met: AreaEntry | None = None
    for index in tokens_at(journey.tokens, journey.position):
        token = journey.tokens[index]
        resolution = token_resolution(token)
        if resolution is TokenResolution.REACH_HUM:
            continue  # reached once the rest of the Hex is resolved
        if resolution is TokenResolution.DISCOVER_ANOMALY or (
            resolution is TokenResolution.ENCOUNTER and token.kind is TokenKind.NPC
        ):
            journey, found, given, trip = _meet_or_discover(journey, index, trip, source, events)
            if journey.is_over:
                return journey, trip, vendor, met
            if found is not None:
                enemies.append((found, None))
                met = met or given
        elif resolution is TokenResolution.ENCOUNTER and token.kind in _FIGHTERS:
            enemies.append((_drawn(journey, index), index))
        elif resolution is TokenResolution.ENCOUNTER and token.kind is TokenKind.VENDOR:
            vendor = token.name
        elif resolution is TokenResolution.OPTIONAL_ENCOUNTER:
            events.append(TokenFound(index, str(token), "an optional Encounter"))
        elif token.kind is TokenKind.PORTAL:
            events.append(TokenFound(index, str(token), "no Encounter, a Fast Travel point"))
        else:
            events.append(TokenFound(index, str(token), "no Encounter"))
    return journey, trip, vendor, met


def _drawn(journey: Journey, index: int) -> Creature:
    """The Creature of a Creature or Raiders Token, drawn now if it was not drawn before.

    "Region Mutation: Apply when the Creature is first drawn": a Token's Creature is drawn
    when its first Encounter begins, with the Mutation of the Region it is met in (the
    Wanderer's Hex), and keeps it (and its Damage) from then on.
    """
    token = journey.tokens[index]
    if token.foe is not None:
        return token.foe
    return journey.setup.creature(token.name, journey.hexmap.region_of(journey.position))


def _meet_or_discover(
    journey: Journey, index: int, then: Trip | TokenMovement, source: DiceSource, events: list[object]
) -> tuple[Journey, Creature | None, AreaEntry | None, Trip | TokenMovement]:
    """A mandatory NPC met, or an Anomaly Discovered (marked Discovered first): see :func:`_met_token`."""
    token = journey.tokens[index]
    if token.kind is TokenKind.ANOMALY:
        events.append(f"Discover Anomaly {token.name}".rstrip())
        tokens = journey.tokens
        marked = attrs.evolve(token, discovered=True)
        journey = replace(journey, tokens=(*tokens[:index], marked, *tokens[index + 1 :]))
    return _met_token(journey, token, then, source, events)


def _hum_here(journey: Journey) -> int | None:
    """The Hum Token on the Wanderer's Hex (its position in the Tokens), if it is there."""
    for index, token in enumerate(journey.tokens):
        if token.kind is TokenKind.HUM and token.at == journey.position:
            return index
    return None


def _reach_hum(
    journey: Journey, index: int, then: Trip | TokenMovement, source: DiceSource, events: list[object]
) -> Journey:
    """Reach the Hum: remove the Hum Token and read the Ruin Entry (the Journey ends when it does)."""
    events.append(ReachedHum(journey.position))
    kept = tuple(t for i, t in enumerate(journey.tokens) if i != index)
    met = tuple(i - (i > index) for i in journey.met if i != index)
    journey = replace(journey, tokens=kept, met=met)
    ruin = journey.setup.ruin_entry
    if ruin is not None:
        then = _moved_past(then, {index})
        return _READ["read"](journey, ruin, then, EntryNext.RUIN, source, events)  # type: ignore[no-any-return]
    return replace(journey, stage=fast_build(EndedPhase, outcome=JourneyOutcome.REACHED_HUM, defeat=None))


def _token_entry(
    journey: Journey, token: Token, source: DiceSource, events: list[object]
) -> tuple[Journey, Creature | None, AreaEntry | None]:
    """Resolve an Anomaly's or NPC's entry, as the setup gives it (none: nothing more happens)."""
    entry = journey.setup.entry(token.name, kind=token.kind)
    if entry is None:
        return journey, None, None
    events.append(f"{token.kind} Entry {token.name}")
    return _apply_entry(journey, entry, source, events)


def _met_token(
    journey: Journey, token: Token, then: Trip | TokenMovement, source: DiceSource, events: list[object]
) -> tuple[Journey, Creature | None, AreaEntry | None, Trip | TokenMovement]:
    """Meet an NPC or Discover an Anomaly: its :class:`AreaEntry` applied and its Entry queued (each if given).

    The one Entry reader reads it once the Encounter in progress is over (:func:`_continue_travel`).
    """
    journey, found, npc = _token_entry(journey, token, source, events)
    if journey.setup.text(token.name) is not None:
        then = replace(then, entries=(*then.entries, token.name))
    return journey, found, npc, then


def _read_next_entry(journey: Journey, then: Trip | TokenMovement, source: DiceSource, events: list[object]) -> Journey:
    """Read the first NPC Entry queued in *then*; the procedure goes on from *then* when it ends."""
    name, rest = then.entries[0], then.entries[1:]
    text = journey.setup.text(name)
    assert text is not None  # queued only when given
    return _READ["read"](journey, text, replace(then, entries=rest), EntryNext.TRAVEL, source, events)  # type: ignore[no-any-return]


def _continue_travel(journey: Journey, trip: Trip | TokenMovement, source: DiceSource, events: list[object]) -> Journey:
    """Go on after a Hex (or an Encounter) is resolved.

    NPC Entries still to read first, then a gained card, then the Hum if it is on this Hex
    (reached once the Hex's other Tokens are resolved), then optional Encounters; then
    Resume Move while Travel ★ remain and the Hex did not end Travel (or back to the
    Travel Phase it came from); else the Rest Phase. Given a Token Movement, it goes on.
    """
    if trip.entries:
        return _read_next_entry(journey, trip, source, events)
    if journey.gained:
        return replace(journey, stage=fast_build(PlacePhase, then=trip))
    hum = _hum_here(journey)
    if hum is not None:
        return _reach_hum(journey, hum, trip, source, events)
    if isinstance(trip, TokenMovement):
        return _rest_phase(journey, source, events, len(journey.tokens) if trip.next is None else trip.next)
    if journey.optional_here():
        return replace(journey, stage=fast_build(MeetPhase, then=trip))
    if not trip.ends:
        if not trip.begun:
            return replace(journey, stage=_TRAVEL)
        if trip.stars > 0:
            return replace(journey, stage=fast_build(MovePhase, stars=trip.stars))
    else:
        events.append("End Travel")
    return _rest_phase(journey, source, events)


def _rest_phase(journey: Journey, source: DiceSource, events: list[object], start: int = 0) -> Journey:
    """Token Movement (stopping at a Token that enters your Hex, resolved first), then Check Strain."""
    while True:
        step = move_tokens(journey.hexmap, journey.tokens, journey.position, start=start)
        if step.moves:
            events.append(step)
        journey = replace(journey, tokens=step.tokens)
        if step.encounter is not None:
            journey, stopped = _arrival(journey, step.encounter, step.next_index, source, events)
            if stopped:
                return journey
        if step.finished:
            break
        start = step.next_index or 0
    check = journey.wanderer.strain_check
    events.append(StrainChecked(journey.wanderer.strain, journey.wanderer.strain_threshold, check))
    if check is StrainCheck.DEFEATED:
        detail = f"Strain {journey.wanderer.strain}, ST {journey.wanderer.strain_threshold}"
        return _defeated(journey, Defeat(DefeatCause.STRAIN, detail), events)
    return replace(journey, stage=_CHECK_STRAIN)


def _arrival(
    journey: Journey, index: int, following: int | None, source: DiceSource, events: list[object]
) -> tuple[Journey, bool]:
    """A Token Token Movement brought onto the Wanderer's Hex: "Resolve a Token ... when it enters your Hex".

    The Hum is reached; an undiscovered Anomaly is Discovered; a Creature, mandatory Raiders,
    a mandatory NPC or a mandatory Vendor is met now (its Combat, Entry or Trade), and Token
    Movement goes on after. An optional Encounter is offered in the next Travel Phase; a
    Portal triggers none. Returns the state and whether the procedure stopped there (a
    Combat, an Entry, a Trade, a card to place, the end); else Token Movement goes on.
    """
    token = journey.tokens[index]
    resolution = token_resolution(token)
    then: Trip | TokenMovement = fast_build(TokenMovement, next=following, entries=())
    if resolution is TokenResolution.REACH_HUM:
        return _reach_hum(journey, index, then, source, events), True
    if resolution is TokenResolution.OPTIONAL_ENCOUNTER:
        events.append(TokenFound(index, str(token), "an optional Encounter, offered in the next Travel Phase"))
        return journey, False
    if resolution is TokenResolution.NOTHING:
        events.append(TokenFound(index, str(token), "no Encounter"))
        return journey, False
    if token.kind in _FIGHTERS:
        return _start_combat(journey, [(_drawn(journey, index), index)], None, then, events), True
    if token.kind is TokenKind.VENDOR:
        events.append(f"Vendor {token.name}: Barter or leave")
        trade = fast_build(TradePhase, vendor=token.name, then=then, paying=None, paid=())
        return replace(journey, stage=trade), True
    journey, found, given, then = _meet_or_discover(journey, index, then, source, events)  # an NPC, an Anomaly
    if journey.is_over:
        return journey, True
    if found is not None:
        return _start_combat(journey, [(found, None)], given, then, events), True
    if then.entries or journey.gained:  # its Entry read, its card placed; then Token Movement goes on
        return _continue_travel(journey, then, source, events), True
    return journey, False


def _end_combat(journey: Journey, stage: CombatPhase) -> Journey:
    """The Tokens after a Combat: defeated enemies' Tokens removed, the others keep their damage."""
    encounter = stage.encounter
    tokens = list(journey.tokens)
    removed: set[int] = set()
    on_token = dict(stage.tokens)
    for enemy, creature in enumerate(encounter.enemies):
        token = on_token.get(enemy)
        if creature.is_defeated:
            if token is not None:
                removed.add(token)
        elif token is not None:
            tokens[token] = replace(tokens[token], foe=creature)  # Damage persists after Escape
        else:
            tokens.append(Token(TokenKind.CREATURE, journey.position, name=creature.name, foe=creature))
    if not removed:
        return replace(journey, tokens=tuple(tokens))
    met = tuple(i - sum(1 for r in removed if r < i) for i in journey.met if i not in removed)
    kept = tuple(token for i, token in enumerate(tokens) if i not in removed)
    return replace(journey, tokens=kept, met=met)


def _moved_past(then: Trip | TokenMovement, removed: set[int]) -> Trip | TokenMovement:
    """Token Movement's next Token after the Tokens *removed* are gone."""
    if type(then) is TokenMovement and then.next is not None and removed:
        return replace(then, next=then.next - sum(1 for i in removed if i < then.next))
    return then


def _after_combat(journey: Journey, source: DiceSource, events: list[object]) -> Journey:
    """The Combat is over (won or escaped): tidy the Tokens and go on."""
    stage = journey.stage
    assert type(stage) is CombatPhase
    escaped = stage.encounter.status is EncounterStatus.ESCAPED
    removed = {token for enemy, token in stage.tokens if stage.encounter.enemies[enemy].is_defeated}
    then = _moved_past(stage.then, removed)
    journey = _end_combat(journey, stage)
    if escaped:
        return replace(journey, stage=fast_build(EscapePhase, then=then))
    return _resume(journey, then, source, events)


_resume = _continue_travel  # after a Combat: the Travel or the Token Movement it interrupted goes on


def _gain_strain(wanderer: Wanderer, amount: int, source: DiceSource, events: list[object], cause: str) -> Wanderer:
    """Gain Strain (whenever you gain Strain under Delirium, roll Delirium)."""
    if not amount:
        return wanderer
    conditions = wanderer.conditions
    endurance = wanderer.endurance.gain_strain(amount)
    events.append(StrainGained(cause, amount, endurance.strain))
    if conditions.has(Condition.DELIRIUM):
        roll, conditions = conditions.roll(Condition.DELIRIUM, rng=source)
        events.append(roll)
    return replace(wanderer, endurance=endurance, conditions=conditions)
