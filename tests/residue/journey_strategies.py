"""Hypothesis strategies that build valid RESIDUE Journeys from the glossary's vocabulary, not the example setup.

:func:`setups` draws a :class:`~tabletop_core.residue.journey.JourneySetup` that uses every
kind of content the engine reads: Regions (one to three, some with a single Area) with
Hazards and Mutations, a bestiary, Area Entries naming Creatures, HP, Inventory steps,
every Condition and cards, Entries (checks with every Requirement kind, Luck Tests,
options with Commit Skill, Gain Item X, shuffles, Draw X. Choose Y., Draw by Type, Creatures
to Face, Entries gone to), every kind of Token (Creatures, Raiders, Vendors, NPCs,
Anomalies, Portals; active or not, mandatory or optional, with every movement), Vendors
with prices and Tradeable Inventory, Portal rules, Item cards with Uses dice and their
effects and Entries, an Item Deck, a Ruin Entry and a Compass Die of one to six faces.

:func:`wanderers` draws a Wanderer with any Inventory (0 included), Luck, Endurance dice,
Conditions (every Condition with any die), cards in slots, Keywords, Skills and a Framework.

:func:`journeys` draws both and starts the Journey (its seed drawn too).

Small numbers throughout (``max_days`` 2 to 4, a few Tokens) keep one Journey to a few
hundred choices, so a property plays dozens of them in seconds.
"""

from __future__ import annotations

import attrs
from hypothesis import strategies as st

from tabletop_core.residue.combat import Creature, Mutation
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.decks import Deck
from tabletop_core.residue.entries import (
    Entry,
    EntryCheck,
    EntryEffect,
    EntryOption,
    EntryTest,
    EntryTestKind,
    Requirement,
    RequirementKind,
)
from tabletop_core.residue.hexmap import UNKNOWN_AREA, Direction, Hex, Region
from tabletop_core.residue.inventory import Inventory, InventoryKind
from tabletop_core.residue.items import Item, ItemType, Loadout, Vendor
from tabletop_core.residue.journey import (
    Act,
    AreaEntry,
    Choice,
    Journey,
    JourneySetup,
    PortalRules,
    RegionRules,
    start_journey,
)
from tabletop_core.residue.step_die import StepDie
from tabletop_core.residue.tokens import Movement, Token, TokenKind
from tabletop_core.residue.wanderer import Wanderer

DICE = st.sampled_from([StepDie.D4, StepDie.D6, StepDie.D8, StepDie.D10, StepDie.D12])
DIE_OR_ZERO = st.sampled_from(list(StepDie))
KEYWORDS = ("Marked", "Friend", "Lost")
SKILLS = ("Climb", "Mend")
FRAMEWORKS = ("Scout", "Medic")
DECK_NAME = "Item Deck"
SMALL_HEXES = st.builds(Hex, st.integers(-3, 3), st.integers(-3, 3))


# -- cards --------------------------------------------------------------------------------------


@st.composite
def requirements(draw: st.DrawFn, items: tuple[str, ...] = ()) -> Requirement:
    """One Requirement of any of the six kinds."""
    kind = draw(st.sampled_from(list(RequirementKind)))
    if kind is RequirementKind.SKILL:
        return Requirement(kind, draw(st.sampled_from(SKILLS)))
    if kind is RequirementKind.ITEM:
        return Requirement(kind, draw(st.sampled_from(items or ("Rope",))))
    if kind is RequirementKind.KEYWORD:
        return Requirement(kind, draw(st.sampled_from(KEYWORDS)))
    if kind is RequirementKind.FRAMEWORK:
        return Requirement(kind, draw(st.sampled_from(FRAMEWORKS)))
    if kind is RequirementKind.RESOURCE:
        return Requirement(kind, draw(st.sampled_from([k.value for k in InventoryKind])), at_least=draw(DIE_OR_ZERO))
    return Requirement(kind, draw(st.sampled_from([c.value for c in Condition])))


@st.composite
def items(draw: st.DrawFn, name: str) -> Item:
    """An Item card of any type (a Corruption card sometimes), with or without a Uses die and Requires X."""
    kind = draw(st.sampled_from(list(ItemType)))
    return Item(
        name,
        kind,
        corrupted=draw(st.booleans()),
        requires_battery=draw(st.booleans()),
        uses=draw(st.sampled_from([StepDie.ZERO, StepDie.ZERO, StepDie.D4, StepDie.D6, StepDie.D12])),
        requires=tuple(draw(st.lists(requirements(), max_size=1))),
    )


# -- Entries --------------------------------------------------------------------------------------


@attrs.frozen
class Names:
    """The names a setup's content may refer to."""

    creatures: tuple[str, ...]
    cards: tuple[str, ...]  # the Item Deck's cards (Gain Item X, Requires Item)
    texts: tuple[str, ...]  # Entries an Entry may go to
    deck: bool


def _inventory_steps() -> st.SearchStrategy[tuple[tuple[InventoryKind, int], ...]]:
    return st.lists(st.tuples(st.sampled_from(list(InventoryKind)), st.integers(-2, 2)), max_size=2).map(tuple)


@st.composite
def effects(draw: st.DrawFn, names: Names, *, item_entry: bool = False) -> EntryEffect:
    """What following a line does: any mix of the EntryEffect's parts the content allows."""
    creature = None if item_entry or not names.creatures else draw(st.none() | st.sampled_from(names.creatures))
    go_to = None if item_entry or not names.texts else draw(st.none() | st.sampled_from(names.texts))
    item = draw(st.none() | st.sampled_from(names.cards)) if names.cards else None
    draw_count = draw(st.integers(0, 3)) if names.deck else 0
    return EntryEffect(
        hp=draw(st.integers(-3, 3)),
        inventory=draw(_inventory_steps()),
        condition=draw(st.none() | st.sampled_from(list(Condition))),
        gain=tuple(draw(st.lists(st.sampled_from(KEYWORDS), max_size=1))),
        lose=tuple(draw(st.lists(st.sampled_from(KEYWORDS), max_size=1))),
        item=item,
        shuffle=DECK_NAME if names.deck and draw(st.booleans()) else None,
        creature=creature,
        go_to=go_to,
        continue_journey=draw(st.booleans()),
        draw=draw_count,
        keep=draw(st.integers(0, draw_count)),
        draw_type=draw(st.none() | st.sampled_from(list(ItemType))) if names.deck else None,
    )


@st.composite
def entry_tests(draw: st.DrawFn, names: Names, kind: EntryTestKind, *, item_entry: bool = False) -> EntryTest:
    return EntryTest(
        kind,
        skill_bonus=draw(st.integers(-1, 2)) if kind is EntryTestKind.COMMIT_SKILL else 0,
        need=draw(st.integers(0, 3)),
        passed=draw(effects(names, item_entry=item_entry)),
        failed=draw(effects(names, item_entry=item_entry)),
    )


@st.composite
def entries(draw: st.DrawFn, name: str, names: Names, *, item_entry: bool = False, skill: bool = False) -> Entry:
    """An Entry: Entry Checks (requirements of every kind, Luck Tests) and options (Limitations, Commit Skill).

    With *skill*, every option asks for Commit Skill and there is at least one, open to anyone.
    """
    checks = []
    for index in range(draw(st.integers(0, 2))):
        test = draw(st.none() | entry_tests(names, EntryTestKind.LUCK_TEST, item_entry=item_entry))
        checks.append(
            EntryCheck(
                f"check {index}",
                requires=tuple(draw(st.lists(requirements(names.cards), max_size=2))),
                gain=tuple(draw(st.lists(st.sampled_from(KEYWORDS), max_size=1))),
                continue_journey=draw(st.booleans()),
                effect=draw(effects(names, item_entry=item_entry)),
                test=test,
            )
        )
    options = []
    for index in range(draw(st.integers(1 if skill else 0, 3))):
        kind = EntryTestKind.COMMIT_SKILL if skill else draw(st.none() | st.sampled_from(list(EntryTestKind)))
        options.append(
            EntryOption(
                f"option {index}",
                limitation=() if skill else tuple(draw(st.lists(requirements(names.cards), max_size=1))),
                lose=tuple(draw(st.lists(st.sampled_from(KEYWORDS), max_size=1))),
                continue_journey=draw(st.booleans()),
                effect=draw(effects(names, item_entry=item_entry)),
                test=None if kind is None else draw(entry_tests(names, kind, item_entry=item_entry)),
            )
        )
    return Entry(name, checks=tuple(checks), options=tuple(options))


@st.composite
def area_entries(draw: st.DrawFn, name: str, names: Names, card: Item | None, *, fight: bool = True) -> AreaEntry:
    """An AreaEntry (an Area's, an NPC's, an Anomaly's or an Item's): a Creature, HP, Inventory, a Condition, a card."""
    creature = draw(st.none() | st.sampled_from(names.creatures)) if fight and names.creatures else None
    return AreaEntry(
        name,
        creature=creature,
        surprised=draw(st.booleans()),
        surprise_attack=draw(st.booleans()),
        hp=draw(st.integers(-3, 3)),
        inventory=draw(_inventory_steps()),
        condition=draw(st.none() | st.sampled_from(list(Condition))),
        card=card if fight and draw(st.booleans()) else None,
    )


# -- the setup ----------------------------------------------------------------------------------


def _no_circles(texts: list[Entry], *, options: bool) -> list[Entry]:
    """Drop go_to edges so that no Entry's checks (and, with *options*, no option) lead round in a circle.

    JourneySetup refuses checks in a circle (they would be read for ever within one choice).
    """
    order = {text.name: i for i, text in enumerate(texts)}
    kept = []
    for text in texts:
        # Checks may only go to Entries later in the list: no circle can form.
        def forward(effect: EntryEffect, here: str = text.name) -> EntryEffect:
            if effect.go_to is not None and order.get(effect.go_to, len(order)) <= order[here]:
                return attrs.evolve(effect, go_to=None)
            return effect

        def line(item: EntryCheck | EntryOption) -> EntryCheck | EntryOption:
            test = item.test
            if test is not None:
                test = attrs.evolve(test, passed=forward(test.passed), failed=forward(test.failed))
            return attrs.evolve(item, effect=forward(item.effect), test=test)

        checks = tuple(line(check) for check in text.checks)
        choices = tuple(line(option) for option in text.options) if options else text.options
        kept.append(attrs.evolve(text, checks=checks, options=choices))
    return kept


@st.composite
def setups(draw: st.DrawFn, *, finishable: bool = False, hostile: bool = False) -> JourneySetup:
    """A valid JourneySetup using every kind of content (see the module docs).

    Args:
        finishable: Content a player can always get through: every Creature deals 1 Damage or
            more (after its Mutation) and no Entry goes to an Entry read before it. Without it,
            a Creature may deal none (a Combat nobody can win, lose or escape is then possible)
            and Entries may go round in circles through their options.
        hostile: An NPC walks in at once (mandatory, beside the start, moving toward you),
            whose Entry's options all ask for Commit Skill: with :func:`wanderers`' *hostile*,
            a Commit the rules demand when no die may be Committed.
    """
    region_count = draw(st.integers(1, 3))
    regions = []
    for r in range(region_count):
        areas = tuple(f"R{r}A{a}" for a in range(draw(st.integers(1, 3))))
        regions.append(Region(f"R{r}", areas, hazard="lose HP"))
    start = draw(st.sampled_from(regions))
    low_damage = 1 if finishable else 0
    bestiary = tuple(
        Creature(
            f"C{c}",
            hp=draw(st.integers(1, 5)),
            defense=draw(st.integers(0, 2)),
            damage=draw(st.integers(low_damage, 3)),
        )
        for c in range(draw(st.integers(1, 3)))
    )
    creatures = tuple(c.name for c in bestiary)
    mutations = []
    for region in regions:
        mutation = None
        if draw(st.booleans()):
            mutation = Mutation(
                f"{region.name} skin",
                hp=draw(st.integers(-1, 2)),
                defense=draw(st.integers(-1, 1)),
                damage=draw(st.integers(0 if finishable else -1, 1)),
            )
        mutations.append(RegionRules(region.name, mutation=mutation, hazard_hp=draw(st.integers(0, 2))))
    deck_cards = tuple(draw(items(f"Card{i}")) for i in range(draw(st.integers(0, 4))))
    deck = Deck(deck_cards, name=DECK_NAME) if deck_cards and draw(st.booleans()) else None
    card_names = tuple(c.name for c in deck_cards) if deck is not None else ()
    text_names = tuple(f"T{i}" for i in range(draw(st.integers(0, 3))))
    names = Names(creatures, card_names, text_names, deck is not None)
    gift = draw(items("Gift"))
    area_names = [a for region in regions for a in region.areas]
    entries_ = tuple(draw(area_entries(a, names, gift)) for a in (*area_names, UNKNOWN_AREA) if draw(st.booleans()))
    # Tokens of every kind, on small coordinates around the start.
    vendor_goods = tuple(draw(items(f"Good{i}")) for i in range(draw(st.integers(0, 2))))
    vendors = (
        Vendor(
            "Trader",
            tradeable=tuple(draw(st.lists(st.sampled_from(list(InventoryKind)), min_size=1, max_size=3, unique=True))),
            goods=vendor_goods,
            prices=tuple(draw(st.integers(0, 3)) for _ in vendor_goods) if draw(st.booleans()) else (),
        ),
    )
    tokens = []
    for index in range(draw(st.integers(0, 5))):
        kind = draw(st.sampled_from(sorted(set(TokenKind) - {TokenKind.HUM}, key=str)))
        name = {
            TokenKind.CREATURE: draw(st.sampled_from(creatures)),
            TokenKind.RAIDERS: draw(st.sampled_from(creatures)),
            TokenKind.VENDOR: "Trader",
            TokenKind.NPC: draw(st.sampled_from(("Mara", "Hob"))),
            TokenKind.ANOMALY: draw(st.sampled_from(("Echo", "Rift"))),
            TokenKind.PORTAL: f"Gate{index}",
        }[kind]
        tokens.append(
            Token(
                kind,
                draw(SMALL_HEXES),
                name=name,
                active=draw(st.booleans()) or draw(st.booleans()),
                movement=draw(st.none() | st.sampled_from(list(Movement))),
                mandatory=draw(st.booleans()),
                discovered=draw(st.booleans()) and draw(st.booleans()),
            )
        )
    if hostile:
        tokens.append(Token(TokenKind.NPC, Hex(0, 1), name="Mara", movement=Movement.TOWARD))
    npcs = tuple(draw(area_entries(n, names, gift)) for n in ("Mara", "Hob") if draw(st.booleans()))
    anomalies = tuple(draw(area_entries(n, names, gift)) for n in ("Echo", "Rift") if draw(st.booleans()))
    # Entries the engine reads: some Areas', NPCs', Anomalies', and the ones gone to.
    readable = [*text_names, *(n for n in (*area_names, "Mara", "Hob", "Echo", "Rift") if draw(st.booleans()))]
    if hostile:
        readable = [n for n in readable if n != "Mara"]
    texts = _no_circles([draw(entries(n, names)) for n in readable], options=finishable)
    if hostile:
        texts.append(draw(entries("Mara", attrs.evolve(names, texts=()), skill=True)))
    held = (*deck_cards, gift, *vendor_goods)
    usable = [card for card in held if not card.uses.is_zero]
    item_effects = tuple(draw(area_entries(c.name, names, None, fight=False)) for c in usable if draw(st.booleans()))
    item_texts = tuple(draw(entries(c.name, names, item_entry=True)) for c in usable if draw(st.booleans()))
    compass = tuple(draw(st.lists(st.sampled_from(list(Direction)), min_size=1, max_size=6, unique=True)))
    portal_rules = draw(
        st.none()
        | st.builds(
            PortalRules,
            strain=st.integers(0, 2),
            inventory=st.none() | st.sampled_from(list(InventoryKind)),
            ends_travel=st.booleans(),
        )
    )
    ruin = draw(st.none() | entries("Ruin", attrs.evolve(names, creatures=(), texts=())))
    return JourneySetup(
        regions=tuple(regions),
        start_region=start.name,
        start_area=draw(st.sampled_from(start.areas)),
        bestiary=bestiary,
        entries=entries_,
        region_rules=tuple(mutations),
        tokens=tuple(tokens),
        compass=compass,
        max_days=draw(st.integers(2, 4)),
        vendors=vendors,
        anomalies=anomalies,
        npcs=npcs,
        portal_rules=portal_rules,
        item_effects=item_effects,
        item_deck=deck,
        texts=tuple(texts),
        ruin_entry=ruin,
        item_texts=item_texts,
    )


# -- the Wanderer ---------------------------------------------------------------------------------


@st.composite
def wanderers(draw: st.DrawFn, *, hostile: bool = False) -> Wanderer:
    """A Wanderer with any Inventory (0 too), Luck, Endurance dice, Conditions, cards, Keywords and Skills.

    With *hostile*: Food 0 (Starvation: no Reroll), small Endurance dice and Fear or Fatigue,
    so that often no die may be Committed.
    """
    hp = draw(st.integers(1, 8))
    slots = draw(st.integers(0, 2)), draw(st.integers(0, 2))
    loadout = Loadout.empty(item_slots=slots[0], weapon_slots=slots[1])
    held = [draw(st.none() | items(f"Held{i}")) for i in range(sum(slots))]
    loadout = Loadout(tuple(held[: slots[0]]), tuple(held[slots[0] :]))
    inventory = Inventory(*(draw(st.sampled_from(list(StepDie)) if draw(st.booleans()) else DICE) for _ in range(5)))
    if hostile:
        inventory = inventory.with_die(InventoryKind.FOOD, StepDie.ZERO)
    sizes = st.sampled_from([StepDie.D4, StepDie.D6, StepDie.D12]) if hostile else DICE
    wanderer = Wanderer.new(
        hp=hp,
        max_hp=hp + draw(st.integers(0, 3)),
        endurance_dice=draw(st.lists(sizes, min_size=1, max_size=4)),
        inventory=inventory,
        luck=draw(DIE_OR_ZERO),
        strain_threshold=draw(st.integers(1, 4)),
        loadout=loadout,
        keywords=draw(st.lists(st.sampled_from(KEYWORDS), unique=True)),
        framework=draw(st.none() | st.sampled_from(FRAMEWORKS)),
        skills=draw(st.lists(st.sampled_from(SKILLS), unique=True)),
        rng=draw(st.integers(0, 2**32)),
    )
    for condition in draw(st.lists(st.sampled_from(list(Condition)), max_size=4)):
        wanderer = wanderer.gain_condition(condition)
    if hostile:
        wanderer = wanderer.gain_condition(draw(st.sampled_from([Condition.FEAR, Condition.FATIGUE])))
    return wanderer


@st.composite
def journeys(draw: st.DrawFn, *, finishable: bool = False, hostile: bool = False) -> Journey:
    """A Journey started on generated content with a generated Wanderer (the Hum placed from a drawn seed)."""
    wanderer = draw(wanderers(hostile=hostile))
    setup = draw(setups(finishable=finishable, hostile=hostile))
    return start_journey(wanderer, setup, rng=draw(st.integers(0, 2**32)))


class Stubborn:
    """A policy that always picks a choice that is never offered (to see a worker's error reach the caller)."""

    name = "stubborn"

    def choose(self, _journey: Journey, _choices: object) -> Choice:
        return Choice(Act.PASS)
