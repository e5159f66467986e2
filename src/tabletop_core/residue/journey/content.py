"""The content of a Journey the caller supplies: the map's Regions, Entries, Tokens, Vendors and decks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._typed import check_fields
from tabletop_core._validate import check_type, clip, int_field, int_in, of_type, one_line
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.combat import (
    Creature,
    Mutation,
)
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.decks import Deck
from tabletop_core.residue.entries import Entry, EntryCheck, EntryEffect, EntryOption, EntryTestKind
from tabletop_core.residue.hexmap import Direction, Region
from tabletop_core.residue.hum import DEFAULT_COMPASS
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.items import Item, Vendor
from tabletop_core.residue.tokens import Token, TokenKind

__all__ = ["CHOICES_PER_DAY", "AreaEntry", "JourneySetup", "PortalRules", "RegionRules", "setup_digest"]

_FIGHTERS = (TokenKind.CREATURE, TokenKind.RAIDERS)  # Tokens whose Encounter is a fight (stats in the bestiary)

CHOICES_PER_DAY = 250
"""The choice guard of unattended play when :attr:`JourneySetup.max_choices` is not given: 250 a day."""


@frozen
class AreaEntry(Record):
    """What discovering an Area does (the caller's reading of its Area Entry).

    Args:
        area: The Area's name (:data:`~tabletop_core.residue.hexmap.UNKNOWN_AREA` for the Unknown Area Table).
        creature: The name of a Creature in the bestiary to Face, if any.
        surprised: Whether that Creature attacks before your first Attack.
        surprise_attack: Whether you get a Surprise Attack on it.
        hp: HP gained (positive, up to Max HP) or lost directly (negative).
        inventory: Inventory ⇧ (positive) or ⇩ (negative) by kind.
        condition: A Condition gained.
        card: An Item card gained (a Corruption card is permanent Corruption): the
            player puts it in a slot (:attr:`Phase.PLACE`).

    The same record is the caller's reading of an Anomaly's entry (Discover
    Anomaly) and of an NPC's Entry, with *area* holding the Token's name.
    """

    area: str = attrs.field(validator=one_line())
    creature: str | None = None
    surprised: bool = False
    surprise_attack: bool = False
    hp: int = int_field(low=-1000, high=1000, default=0)
    inventory: tuple[tuple[InventoryKind, int], ...] = ()
    condition: Condition | None = None
    card: Item | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(Item)))

    def __attrs_post_init__(self) -> None:
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field

    def __str__(self) -> str:
        return f"Area Entry {self.area}"


@frozen
class PortalRules(Record):
    """The Portal rules as numbers (content the glossary refers to: Fast Travel follows them).

    Fast Travel is offered in the Travel Phase (before Commit Move or between
    Travel ★) while the Wanderer stands on an Active Portal Token and another
    Active Portal Token is on the map. It moves the Wanderer to that Portal's
    Hex, which is resolved like any Hex entered (Discovery, Special Hex, Tokens;
    a New Hex ends Travel), without spending a Travel ★ or rolling Gear (it is
    not Travel across the HexMap).

    Args:
        strain: Strain gained for each Fast Travel.
        inventory: An Inventory to ⊙ for each Fast Travel (``None``: none); at 0 Fast
            Travel is not possible.
        ends_travel: Fast Travel ends Travel (the Rest Phase follows).
    """

    strain: int = int_field(low=0, high=100, default=0)
    inventory: InventoryKind | None = attrs.field(
        default=None, validator=attrs.validators.optional(of_type(InventoryKind))
    )
    ends_travel: bool = attrs.field(default=False, validator=of_type(bool))

    def __str__(self) -> str:
        cost = [f"+{self.strain} Strain"] if self.strain else []
        if self.inventory is not None:
            cost.append(f"⊙ {self.inventory}")
        ends = ", ends Travel" if self.ends_travel else ""
        return f"Fast Travel: {', '.join(cost) or 'free'}{ends}"


@frozen
class RegionRules(Record):
    """A Region's rules as numbers: its Creature Mutation and what its Hazard costs.

    Args:
        region: The Region's name.
        mutation: Applied to Creatures when first drawn there.
        hazard_hp: HP lost directly on each Hex entered while Exposed (the Hazard).
    """

    region: str = attrs.field(validator=one_line())
    mutation: Mutation | None = None
    hazard_hp: int = int_field(low=0, high=1000, default=1)

    def __attrs_post_init__(self) -> None:
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field


def _effects_of(text: Entry) -> tuple[EntryEffect, ...]:
    """Every effect of *text*'s lines: each check's and option's own, and its test's passed and failed one."""
    lines: tuple[EntryCheck | EntryOption, ...] = (*text.checks, *text.options)
    return tuple(
        e for line in lines for e in (line.effect, *(() if line.test is None else (line.test.passed, line.test.failed)))
    )


def _check_texts(texts: tuple[Entry, ...], beasts: set[str]) -> None:
    """The Entries the engine reads: a check's test is a Luck Test; a Creature named is in the bestiary."""
    for text in texts:
        for check in text.checks:
            if check.test is not None and check.test.kind is not EntryTestKind.LUCK_TEST:
                raise InvalidInput(
                    f"Entry {clip(text.name)}: a check's test is a Luck Test; Commit Skill is an option's"
                )
        for effect in _effects_of(text):
            if effect.creature is not None and effect.creature not in beasts:
                named = f"{clip(text.name)} names {clip(effect.creature)}"
                raise InvalidInput(f"Entry {named}, which is not in the bestiary")


def setup_digest(data: Mapping[str, object]) -> str:
    """The SHA-256 of a setup's JSON data (:meth:`JourneySetup.to_dict`): keys sorted, no spaces, UTF-8."""
    import hashlib  # cold start: OpenSSL's bindings load only when a setup is digested (a save by reference)
    import json

    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _check_edges(text: Entry) -> set[str]:
    """The Entries *text*'s checks go to (what a check leads to without the player choosing anything)."""
    found: set[str] = set()
    for check in text.checks:
        for effect in (check.effect, *(() if check.test is None else (check.test.passed, check.test.failed))):
            if effect.go_to is not None:
                found.add(effect.go_to)
    return found


def _check_circles(texts: tuple[Entry, ...]) -> None:
    """Refuse Entries whose checks go to each other in a circle: reading them would never end.

    Entry Checks are followed without a choice ("Follow the first one that applies"), so a
    circle of checks' ``go_to`` (A's check goes to B, B's to A) would be read for ever within
    one choice. A circle through an option is fine: each turn of it is a choice.
    """
    edges = {text.name: _check_edges(text) for text in texts}
    done: set[str] = set()
    for start in edges:
        path: list[str] = []
        stack: list[tuple[str, bool]] = [(start, False)]
        on_path: set[str] = set()
        while stack:
            name, leaving = stack.pop()
            if leaving:
                on_path.discard(name)
                path.pop()
                done.add(name)
                continue
            if name in on_path:
                circle = " -> ".join(clip(n, 20) for n in (*path[path.index(name) :], name))
                raise InvalidInput(f"texts: Entries whose checks go to each other in a circle never end: {circle}")
            if name in done or name not in edges:
                continue
            on_path.add(name)
            path.append(name)
            stack.append((name, True))
            stack.extend((target, False) for target in sorted(edges[name]))


def _named(texts: tuple[Entry, ...], name: str) -> Entry | None:
    """The Entry called *name* among *texts*, if any."""
    check_type("name", name, str)
    return next((text for text in texts if text.name == name), None)


@frozen
class JourneySetup(Record):
    """The content of a Journey the caller supplies.

    Args:
        regions: The Regions of the map (at least one) with their Areas.
        start_region: The Region of the starting Hex.
        start_area: The Area of the starting Hex (it starts discovered).
        bestiary: The Creatures Area Entries and Tokens can name.
        entries: What each Area's Entry does (Areas not listed do nothing).
        region_rules: Each Region's Mutation and Hazard.
        tokens: Tokens on the map at the start (Creature and Raiders tokens name a bestiary
            Creature: their Encounter is a fight with it).
        compass: The Compass Die's faces.
        max_days: A guard for unattended play: the Journey stops after this many days.
        max_choices: A guard for unattended play: the Journey stops (outcome
            :attr:`~tabletop_core.residue.journey.JourneyOutcome.OUT_OF_CHOICES`) once this many
            choices are made without an end; ``None``: 250 a day (:attr:`choice_limit`).
        vendors: The Vendors Vendor tokens name (their goods, prices and Tradeable Inventory).
        anomalies: What Discover Anomaly does for each Anomaly Token (an :class:`AreaEntry`
            whose *area* is the Token's name; an Anomaly not listed is only marked Discovered).
        npcs: Each NPC's simpler Entry (an :class:`AreaEntry` whose *area* is the NPC Token's
            name; its full Entry goes in *texts*); whether meeting it is optional or mandatory
            is the Token's ``mandatory`` flag.
        portal_rules: The Portal rules for Fast Travel; ``None``: Portals are no Fast Travel points.
        item_effects: What activating an Item with a Uses die does (an :class:`AreaEntry` whose
            *area* is the Item's name: HP, Inventory or a Condition; not a Creature or a card).
        item_deck: The Item Deck (``None``: none in play). With one, a Recycled card, a card
            discarded or replaced from a slot, and a card whose d4 Uses steps down go to its bottom.
        texts: Entries the engine reads (:class:`~tabletop_core.residue.entries.Entry`: Entry
            Checks, options with their Limitations, Commit Skill, Luck Tests, Keywords, Gain
            Item X, a shuffle, "You may continue your journey"), by name: an Area's (read when
            it is discovered, before its Special Hex rules and Tokens), an NPC's (read when it
            is met: a mandatory one on arrival or when Token Movement brings it, after the
            Hex's Combat), an Anomaly's (read when it is Discovered), or one an Entry goes to.
        ruin_entry: The Ruin Entry, read on reaching the Hum (``None``: the Journey simply ends).
        item_texts: What activating an Item does, as an Entry the engine reads (by the Item's
            name; after its Uses roll and its *item_effects*): Gain Item X and a deck shuffle are
            offered as choices, as are its options. It is read where the Item was activated (the
            Travel Phase, a Combat, Recover HP) and the procedure comes back there; so it names
            no Creature and goes to no other Entry.
    """

    regions: tuple[Region, ...]
    start_region: str
    start_area: str
    bestiary: tuple[Creature, ...] = ()
    entries: tuple[AreaEntry, ...] = ()
    region_rules: tuple[RegionRules, ...] = ()
    tokens: tuple[Token, ...] = ()
    compass: tuple[Direction, ...] = DEFAULT_COMPASS
    max_days: int = int_field(low=1, high=100_000, default=40)
    vendors: tuple[Vendor, ...] = ()
    anomalies: tuple[AreaEntry, ...] = ()
    npcs: tuple[AreaEntry, ...] = ()
    portal_rules: PortalRules | None = PortalRules()
    item_effects: tuple[AreaEntry, ...] = ()
    item_deck: Deck | None = None  # a default, so setups saved before decks still load
    texts: tuple[Entry, ...] = ()  # defaults, so setups saved before Entries were read still load
    ruin_entry: Entry | None = None
    item_texts: tuple[Entry, ...] = ()
    max_choices: int | None = attrs.field(default=None, validator=attrs.validators.optional(int_in(low=1, high=10**9)))

    # item_deck, texts, ruin_entry, item_texts: added after format 1, its saves lack them;
    # max_choices: written only when given, so old setups keep their shape.
    _optional_keys: ClassVar[tuple[str, ...]] = ("item_deck", "texts", "ruin_entry", "item_texts", "max_choices")

    def __attrs_post_init__(self) -> None:
        check_fields(self)
        if not self.regions:
            raise InvalidInput("regions must hold at least one Region, got none")
        names = [r.name for r in self.regions]
        if self.start_region not in names:
            raise InvalidInput(f"start_region must be one of {names}, got {clip(self.start_region)}")
        beasts = {c.name for c in self.bestiary}
        for beast in self.bestiary:
            if beast.is_defeated:
                raise InvalidInput(f"bestiary: {clip(beast.name)} has 0 HP (a Creature at 0 HP is defeated)")
        for entry in (*self.entries, *self.anomalies, *self.npcs):
            if entry.creature is not None and entry.creature not in beasts:
                raise InvalidInput(
                    f"Entry {clip(entry.area)} names {clip(entry.creature)}, which is not in the bestiary"
                )
        _check_texts((*self.texts, *(() if self.ruin_entry is None else (self.ruin_entry,))), beasts)
        _check_texts(self.item_texts, set())  # an Item's Entry names no Creature: it comes back where it was read
        _check_circles(self.texts)
        for text in self.item_texts:
            if any(effect.go_to is not None for effect in _effects_of(text)):
                raise InvalidInput(f"item_texts {clip(text.name)}: an Item's Entry goes to no other Entry")
        for effect in self.item_effects:
            if effect.creature is not None or effect.card is not None:
                raise InvalidInput(
                    f"item_effects {clip(effect.area)}: an Item's effect gives HP, Inventory or a Condition"
                )
        for token in self.tokens:
            if token.kind is TokenKind.VENDOR and token.name not in {v.name for v in self.vendors}:
                raise InvalidInput(f"Vendor token {clip(token.name)} is not in vendors")
            if token.kind in _FIGHTERS and token.name not in beasts:
                raise InvalidInput(f"{token.kind} token {clip(token.name)} is not in the bestiary")

    @property
    def choice_limit(self) -> int:
        """The most choices a Journey on this content is played for (:attr:`max_choices`, or 250 a day)."""
        return self.max_choices if self.max_choices is not None else CHOICES_PER_DAY * self.max_days

    @property
    def digest(self) -> str:
        """The SHA-256 of this setup's JSON (keys sorted, no spaces): what a save made without it refers to.

        Examples:
            >>> from tabletop_core.residue.journey import example_setup
            >>> example_setup().digest == example_setup().digest, len(example_setup().digest)
            (True, 64)
        """
        return setup_digest(self.to_dict())

    def creature(self, name: str, region: str | None) -> Creature:
        """The named Creature as first drawn in *region* (its Region Mutation applied)."""
        check_type("name", name, str)
        for beast in self.bestiary:
            if beast.name == name:
                rules = self.rules(region)
                return beast.mutated(rules.mutation) if rules and rules.mutation else beast
        raise InvalidInput(f"creature must be in the bestiary, got {clip(name)}")

    def entry(self, area: str, *, kind: TokenKind | None = None) -> AreaEntry | None:
        """The Area Entry for *area* (or, with *kind* ANOMALY or NPC, that Token's entry), if given."""
        check_type("area", area, str)
        listed = self.anomalies if kind is TokenKind.ANOMALY else self.npcs if kind is TokenKind.NPC else self.entries
        for entry in listed:
            if entry.area == area:
                return entry
        return None

    def text(self, name: str) -> Entry | None:
        """The Entry the engine reads for *name* (an Area, an NPC, an Anomaly, an Entry gone to), if given."""
        return _named(self.texts, name)

    def item_text(self, name: str) -> Entry | None:
        """The Entry read when the Item called *name* is activated, if given."""
        return _named(self.item_texts, name)

    def item_effect(self, name: str) -> AreaEntry | None:
        """What activating the Item called *name* does, if the setup says."""
        check_type("name", name, str)
        for effect in self.item_effects:
            if effect.area == name:
                return effect
        return None

    def rules(self, region: str | None) -> RegionRules | None:
        """The numeric rules of *region*, if given."""
        if region is not None:
            check_type("region", region, str)
        for rules in self.region_rules:
            if rules.region == region:
                return rules
        return None
