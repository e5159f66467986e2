"""RESIDUE's Journey as a step-by-step state machine an app drives, or a policy plays.

A :class:`Journey` is one frozen state: the Wanderer, the HexMap, the Tokens,
the phase of the Journey procedure and whatever is pending (Travel ★ left, a
Combat, Retaliations to defend against). At every point :meth:`Journey.choices`
lists the choices the rules give the player, and :meth:`Journey.apply` applies
the one chosen, drawing any dice from ``rng``, and returns a
:class:`JourneyStep`: the new state and one log line. A policy object
(:class:`CautiousPolicy`, :class:`GreedyPolicy` or your own) can make every
choice, so the same engine plays a whole game unattended (:func:`play_journey`).

The procedure:

* **Travel Phase**: Commit Move (choose the die, and whether to use Luck); each
  ★ is a Travel ★; each Travel ★ moves one Hex (choose the direction); ⊙ Gear
  on every Hex entered (at Gear 0 you are Exposed and suffer the Region
  Hazard); resolve the Hex: Discovery (its Region and Area), Special Hex, Tokens.
  An Undiscovered Hex ends Travel; End Travel loses the remaining ★.
* **Tokens** on the Hex entered: a Creature's Encounter, the Hum (the Journey
  is won), Discover Anomaly (once), a Portal (no Encounter; Fast Travel to another
  Portal under the caller's :class:`PortalRules`), Raiders, Vendors and NPCs met at
  once when mandatory or offered as a choice when optional; a card an Entry gives
  goes into the slot the player chooses (a Corruption card is permanent Corruption);
  Recycle an Item for Gear ⇧ in the Travel Phase and at Rest.
* **Combat**: Commit Attack at one enemy, Pass, or Run (Commit Move); after each,
  every surviving enemy Retaliates and you may Commit Defense against each one.
* **Rest Phase**: Token Movement (an Encounter it causes is resolved before
  movement goes on), Check Strain, then Rest (the Rest Steps of
  :mod:`~tabletop_core.residue.rest`) or, below the Strain Threshold, back to Travel.
* The Journey ends when the Wanderer reaches the Hum or is defeated (each
  cause reported), or, as a guard for unattended play only, after
  :attr:`JourneySetup.max_days` days.

Content the glossary refers to but does not give is the caller's data in a
:class:`JourneySetup`: the Regions and their Areas, what each Area Entry does
(:class:`AreaEntry`: a Creature to fight, HP, Inventory or a Condition), the
Creatures' stats, each Region's Mutation and Hazard. Discovering a Region rolls
one die over the map's Regions, standing in for the Region table.

The whole state round-trips through JSON (``to_json``/``from_json``), so a
game can be saved and resumed exactly.
"""

from __future__ import annotations

import operator
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar, Protocol, TextIO

import attrs
import numpy as np

from tabletop_core._atomic import atomic_rolls
from tabletop_core._enum import Enum
from tabletop_core._fast import fast_replace as replace
from tabletop_core._record import Record
from tabletop_core._typed import check_fields
from tabletop_core._validate import check_int, check_type, clip, int_field, int_in, of_type, one_line
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.residue.actions import CommitResult, commit_action
from tabletop_core.residue.combat import (
    Creature,
    Encounter,
    EncounterStatus,
    Mutation,
    resolve_attack,
    resolve_pass,
    resolve_retaliation,
    resolve_run,
)
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.death import Defeat, DefeatCause
from tabletop_core.residue.decks import Deck
from tabletop_core.residue.endurance import ActionSlot, StrainCheck
from tabletop_core.residue.hexmap import DIRECTIONS, UNKNOWN_AREA, Direction, Hex, HexMap, Region, draw_area
from tabletop_core.residue.hum import DEFAULT_COMPASS, place_hum
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.items import Context, Item, ItemType, SlotKind, Vendor, barter
from tabletop_core.residue.rest import (
    RecoverAction,
    RestChoices,
    banish_for_strain,
    before_resting,
    check_luck_step,
    finish_recover_hp,
    pay_strain,
    recover_one,
    rest,
    start_day,
    wear_and_tear,
)
from tabletop_core.residue.step_die import StepDie
from tabletop_core.residue.tokens import Token, TokenKind, TokenResolution, move_tokens, token_resolution, tokens_at
from tabletop_core.residue.uses import roll_uses
from tabletop_core.residue.wanderer import Wanderer
from tabletop_core.rng import DiceSource, GeneratorDice, RngLike, dice_source

__all__ = [
    "Act",
    "AreaEntry",
    "CautiousPolicy",
    "Choice",
    "GreedyPolicy",
    "Journey",
    "JourneyOutcome",
    "JourneyPlay",
    "JourneySetup",
    "JourneySimulation",
    "JourneyStep",
    "Phase",
    "Policy",
    "PortalRules",
    "RegionRules",
    "example_setup",
    "play_journey",
    "simulate_journey",
    "start_journey",
]


_HEALING = (InventoryKind.FOOD, InventoryKind.WATER)
_FIGHTERS = (TokenKind.CREATURE, TokenKind.RAIDERS)  # Tokens whose Encounter is a fight (stats in the bestiary)


class Phase(Enum):
    """Where the Journey procedure stands."""

    TRAVEL = "Travel Phase: Commit Move or End Travel"
    MOVE = "Travel: spend a Travel ★ or End Travel"
    COMBAT = "Combat: Attack, Pass or Run"
    DEFEND = "Combat: a Creature Retaliates, Commit Defense or not"
    ESCAPE = "Escape: choose the adjacent Hex"
    TRADE = "a Vendor: Barter or leave"
    MEET = "optional Encounters here: meet one or go on"
    PLACE = "a gained card: put it in a slot"
    CHECK_STRAIN = "Rest Phase: Rest or return to Travel"
    PAYOFF = "Rest: Strain Payoff, pay Strain with ⊙ Inventory"
    RECOVER = "Rest: Recover HP with ⊙ Food or Water"
    OVER = "the Journey is over"

    def __str__(self) -> str:
        return self.value


class JourneyOutcome(Enum):
    """How a Journey ended."""

    REACHED_HUM = "reached the Hum"
    DEFEATED = "defeated"
    OUT_OF_TIME = "still wandering when the day limit came"

    def __str__(self) -> str:
        return self.value


class Act(Enum):
    """The kinds of choice."""

    COMMIT_MOVE = "Commit Move for Travel"
    MOVE = "move one Hex"
    END_TRAVEL = "End Travel"
    ATTACK = "Commit Attack"
    PASS = "Pass"
    RUN = "Run (Commit Move)"
    DEFEND = "Commit Defense"
    NO_DEFENSE = "take the blow"
    ESCAPE_TO = "Escape to an adjacent Hex"
    RECOVER = "gain 1 Strain to Recover committed dice"
    REROLL = "gain 1 Strain to Reroll the Endurance Pool"
    TRAVEL = "return to the Travel Phase"
    REST = "Rest"
    PAY = "pay 1 Strain: ⊙ Inventory"
    STOP_PAYING = "stop paying Strain"
    BANISH = "No Inventory: banish an Endurance die"
    HEAL = "⊙ Food or Water: +1 HP"
    PANIC_ROLL = "⊙ Inventory instead, then roll Panic"
    FATIGUE_ROLL = "⊙ Inventory instead, then roll Fatigue"
    END_REST = "end Recover HP: Check Luck, Start Day"
    SWITCH = "Switch Items between an Item Slot and a Weapon Slot"
    BARTER = "Barter for a Vendor's good"
    LEAVE = "leave the Vendor"
    FAST_TRAVEL = "Fast Travel to another Portal"
    MEET = "meet (an optional Encounter)"
    GO_ON = "go on without the optional Encounters"
    PLACE = "put the gained card in a slot"
    DISCARD_CARD = "discard the gained card"
    RECYCLE = "Recycle an Item: Gear ⇧"
    ACTIVATE = "activate an Item (roll its Uses)"

    def __str__(self) -> str:
        return self.value


@attrs.frozen
class Choice(Record):
    """One choice the rules give the player.

    Attributes:
        act: What kind of choice.
        die: The Endurance Pool position to Commit (``None`` with an empty pool:
            No Dice Available is resolved first).
        luck: ⊙ Luck once for the Action.
        target: The enemy attacked; the Token met or Fast Travelled to; the Vendor's good.
        direction: The direction moved.
        rest: For a whole Rest at once, its choices (:class:`~tabletop_core.residue.rest.RestChoices`);
            ``None`` rests one choice at a time (Strain Payoff, Recover HP).
        kind: The Inventory to roll (Strain Payoff, Recover HP).
        banish: The size of Endurance die to banish (Strain Payoff with no Inventory).
        item_slot: The Item Slot of a switch, a Recycle or a gained card.
        weapon_slot: The Weapon Slot of a switch, a Recycle or a gained card.
    """

    act: Act
    die: int | None = None
    luck: bool = False
    target: int | None = None
    direction: Direction | None = None
    rest: RestChoices | None = None
    kind: InventoryKind | None = None
    banish: StepDie | None = None
    item_slot: int | None = None
    weapon_slot: int | None = None

    def __attrs_post_init__(self) -> None:
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field
        # The positions (die, target, item_slot, weapon_slot) are free on purpose: a Choice is a
        # request, and Journey.apply refuses one the Journey does not offer with a RuleError.

    def __str__(self) -> str:
        parts = [str(self.act)]
        if self.kind is not None:
            parts.append(str(self.kind))
        if self.banish is not None:
            parts.append(str(self.banish))
        if self.act is Act.SWITCH:
            parts.append(f"Item Slot {self.item_slot} <-> Weapon Slot {self.weapon_slot}")
        elif self.item_slot is not None:
            parts.append(f"Item Slot {self.item_slot}")
        elif self.weapon_slot is not None:
            parts.append(f"Weapon Slot {self.weapon_slot}")
        if self.target is not None:
            label = {Act.ATTACK: "enemy", Act.BARTER: "good"}.get(self.act, "Token")
            parts.append(f"{label} {self.target}")
        if self.die is not None:
            parts.append(f"die {self.die}")
        if self.luck:
            parts.append("with Luck")
        if self.direction is not None:
            parts.append(str(self.direction))
        return " ".join(parts)


@attrs.frozen
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


@attrs.frozen
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


@attrs.frozen
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


@attrs.frozen
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
        vendors: The Vendors Vendor tokens name (their goods, prices and Tradeable Inventory).
        anomalies: What Discover Anomaly does for each Anomaly Token (an :class:`AreaEntry`
            whose *area* is the Token's name; an Anomaly not listed is only marked Discovered).
        npcs: Each NPC's Entry (an :class:`AreaEntry` whose *area* is the NPC Token's name);
            whether meeting it is optional or mandatory is the Token's ``mandatory`` flag.
        portal_rules: The Portal rules for Fast Travel; ``None``: Portals are no Fast Travel points.
        item_effects: What activating an Item with a Uses die does (an :class:`AreaEntry` whose
            *area* is the Item's name: HP, Inventory or a Condition; not a Creature or a card).
        item_deck: The Item Deck (``None``: none in play). With one, a Recycled card, a card
            discarded or replaced from a slot, and a card whose d4 Uses steps down go to its bottom.
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

    def __attrs_post_init__(self) -> None:
        check_fields(self)
        if not self.regions:
            raise InvalidInput("regions must hold at least one Region, got none")
        names = [r.name for r in self.regions]
        if self.start_region not in names:
            raise InvalidInput(f"start_region must be one of {names}, got {clip(self.start_region)}")
        beasts = {c.name for c in self.bestiary}
        for entry in (*self.entries, *self.anomalies, *self.npcs):
            if entry.creature is not None and entry.creature not in beasts:
                raise InvalidInput(
                    f"Entry {clip(entry.area)} names {clip(entry.creature)}, which is not in the bestiary"
                )
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


@attrs.frozen
class Journey(Record):
    """The whole state of a Journey (see the module docs); build one with :func:`start_journey`.

    Attributes:
        wanderer: The Wanderer's sheet.
        hexmap: The map.
        tokens: The Tokens on it.
        foes: For each Token, the Creature it stands for (its current HP), else ``None``.
        position: The Wanderer's Hex.
        setup: The content in play.
        day: The day (1 on the first).
        phase: Where the procedure stands.
        travel_stars: Travel ★ left.
        travel_ends: The Hex entered was Undiscovered: Travel ends after it is resolved.
        encounter: The Combat in progress.
        encounter_tokens: For each enemy, the Token it stands on (``None``: from an Area Entry).
        retaliators: Enemies still to Retaliate, in order.
        after_combat: Where the procedure goes when the Combat ends (MOVE or CHECK_STRAIN).
        movement_next: Token Movement's next Token after an Encounter it caused.
        outcome: How the Journey ended.
        defeat: The defeat and its cause.
        steps: Choices applied so far.
        healed: HP was recovered in this Rest's Recover HP (Bleeding rolls at its end).
        vendors: The Vendors and the goods they still hold.
        trading: The Vendor being traded with (TRADE phase).
        gained: Cards gained from Entries, waiting for a slot (PLACE phase: the first).
        met: Tokens on this Hex whose optional Encounter was met or passed by (cleared
            when the Wanderer changes Hex and at each New Day).
        back_to: Where the procedure returns after an optional Encounter or a Fast
            Travel (TRAVEL when it began before Commit Move, else MOVE).
        item_deck: The Item Deck in play, if any (cards returned to it go to its bottom).
    """

    _derived: ClassVar[tuple[str, ...]] = ("is_over",)

    wanderer: Wanderer
    hexmap: HexMap
    tokens: tuple[Token, ...]
    foes: tuple[Creature | None, ...]
    position: Hex
    setup: JourneySetup
    day: int = 1
    phase: Phase = Phase.TRAVEL
    travel_stars: int = 0
    travel_ends: bool = False
    encounter: Encounter | None = None
    encounter_tokens: tuple[int | None, ...] = ()
    retaliators: tuple[int, ...] = ()
    after_combat: Phase = Phase.MOVE
    movement_next: int | None = None
    outcome: JourneyOutcome | None = None
    defeat: Defeat | None = None
    steps: int = 0
    healed: bool = False
    vendors: tuple[Vendor, ...] = ()
    trading: str | None = None
    gained: tuple[Item, ...] = ()
    met: tuple[int, ...] = ()
    back_to: Phase = Phase.MOVE
    item_deck: Deck | None = None  # a default, so journeys saved before decks still load

    def __attrs_post_init__(self) -> None:
        check_fields(self)
        if len(self.foes) != len(self.tokens):
            raise InvalidInput(f"foes must hold one entry per Token: {len(self.tokens)} Tokens, {len(self.foes)} foes")
        if self.encounter is None:
            if self.phase in (Phase.COMBAT, Phase.DEFEND):
                raise InvalidInput(f"phase {self.phase.name} needs an encounter")
        elif len(self.encounter_tokens) != len(self.encounter.enemies):
            raise InvalidInput("encounter_tokens must hold one entry per enemy of the encounter")
        for index in (*self.retaliators, *(t for t in self.encounter_tokens if t is not None)):
            check_int("index", index, low=0)
        if self.phase is Phase.TRADE and self.trading is None:
            raise InvalidInput("phase TRADE needs the Vendor being traded with (trading)")
        if self.phase is Phase.PLACE and not self.gained:
            raise InvalidInput("phase PLACE needs the gained card (gained)")
        for index in self.met:
            check_int("met", index, low=0, high=max(len(self.tokens) - 1, 0))
        self._check_cross_fields()

    def _check_cross_fields(self) -> None:
        """The rules between fields, so a tampered save is refused (issue 12, item 4).

        Intentionally free: ``travel_stars`` (any ★ count >= 0 a roll can give), ``healed``,
        ``travel_ends``, ``back_to`` and ``after_combat`` (any Phase the procedure returns
        to), ``gained`` (any cards), ``position`` (any Hex in range, even off the Regions).
        """
        check_int("day", self.day, low=1, high=self.setup.max_days)  # OUT_OF_TIME keeps the last day
        check_int("travel_stars", self.travel_stars, low=0)
        check_int("steps", self.steps, low=0)
        if self.movement_next is not None:
            check_int("movement_next", self.movement_next, low=0, high=len(self.tokens))
        for index in (t for t in self.encounter_tokens if t is not None):
            check_int("encounter_tokens", index, low=0, high=max(len(self.tokens) - 1, 0))
        if self.retaliators and self.encounter is None:
            raise InvalidInput("retaliators must be empty outside an encounter")
        for index in self.retaliators:
            assert self.encounter is not None
            check_int("retaliators", index, low=0, high=len(self.encounter.enemies) - 1)
        if (self.outcome is None) == (self.phase is Phase.OVER):
            raise InvalidInput(
                f"outcome must be given exactly when the phase is OVER, got {self.outcome} in {self.phase.name}"
            )
        if (self.defeat is None) == (self.outcome is JourneyOutcome.DEFEATED):
            raise InvalidInput(f"defeat must be given exactly when the outcome is DEFEATED, got {self.outcome}")
        if self.defeat is not None and self.defeat.day != self.day:
            raise InvalidInput(f"defeat.day must be the Journey's day {self.day}")
        if self.trading is not None and self.trading not in {v.name for v in self.vendors}:
            raise InvalidInput(f"trading must name one of the vendors, got {self.trading[:40]!r}")

    @property
    def is_over(self) -> bool:
        """Whether the Journey has ended."""
        return self.phase is Phase.OVER

    @property
    def hum(self) -> Hex | None:
        """Where the Hum Token stands (``None`` once reached)."""
        for token in self.tokens:
            if token.kind is TokenKind.HUM:
                return token.at
        return None

    # -- the choices ----------------------------------------------------------

    def _commit_choices(self, act: Act, *, target: int | None = None) -> list[Choice]:
        endurance = self.wanderer.endurance
        lucky = (False, True) if not self.wanderer.luck.is_zero else (False,)
        if not endurance.pool:
            return [Choice(act, None, False, target)] if endurance.committed else []
        conditions = self.wanderer.conditions
        # Only Fear and Fatigue forbid dice; skip asking per die when neither is on
        # (their Condition Dice read directly: Conditions.active builds a set each call).
        limited = not conditions.fear.is_zero or not conditions.fatigue.is_zero
        return [
            Choice(act, index, luck, target)
            for index, die in enumerate(endurance.pool)
            if not limited or conditions.commit_blocker(die.value) is None
            for luck in lucky
        ]

    def _strain_choices(self) -> list[Choice]:
        endurance = self.wanderer.endurance
        found = []
        if endurance.committed:
            found.append(Choice(Act.RECOVER))
        if endurance.pool and not self.wanderer.conditions.has(Condition.STARVATION):
            found.append(Choice(Act.REROLL))
        return found

    def _switch_choices(self) -> list[Choice]:
        """Switch Items: any Item Slot with any Weapon Slot, unless empty both or a Corruption card."""
        loadout = self.wanderer.loadout
        found = []
        for i, held in enumerate(loadout.item_slots):
            for j, wielded in enumerate(loadout.weapon_slots):
                cards = [c for c in (held, wielded) if c is not None]
                if cards and not any(c.is_corruption_card for c in cards):
                    found.append(Choice(Act.SWITCH, item_slot=i, weapon_slot=j))
        return found

    def _recycle_choices(self) -> list[Choice]:
        """Recycle Item: any card in a slot but a Corruption card (Corruption cannot normally be removed)."""
        loadout = self.wanderer.loadout
        found = [
            Choice(Act.RECYCLE, item_slot=i)
            for i, card in enumerate(loadout.item_slots)
            if card is not None and not card.is_corruption_card
        ]
        found += [
            Choice(Act.RECYCLE, weapon_slot=j)
            for j, card in enumerate(loadout.weapon_slots)
            if card is not None and not card.is_corruption_card
        ]
        return found

    def _activate_choices(self) -> list[Choice]:
        """Activate a card (dX Uses) with a Uses die with a Uses die whose requirements are met.

        A Weapon's abilities function only in a Weapon Slot.
        """
        loadout = self.wanderer.loadout
        if not any(card is not None and not card.uses.is_zero for card in loadout.items):
            return []  # the common case, without building the Conditions set
        working = self.wanderer.working_items  # Requires X and Battery under Depletion
        found = []
        for kind, slots in ((SlotKind.ITEM, loadout.item_slots), (SlotKind.WEAPON, loadout.weapon_slots)):
            for index, card in enumerate(slots):
                if card is None or card.uses.is_zero or card not in working:
                    continue
                if kind is SlotKind.ITEM and card.type is ItemType.WEAPON:
                    continue
                if kind is SlotKind.ITEM:
                    found.append(Choice(Act.ACTIVATE, item_slot=index))
                else:
                    found.append(Choice(Act.ACTIVATE, weapon_slot=index))
        return found

    def optional_here(self) -> tuple[int, ...]:
        """The Tokens on the Wanderer's Hex offering an optional Encounter not yet met or passed by."""
        found = []
        for index in tokens_at(self.tokens, self.position):
            token = self.tokens[index]
            if index in self.met or token_resolution(token) is not TokenResolution.OPTIONAL_ENCOUNTER:
                continue
            if token.kind in _FIGHTERS and self.foes[index] is None:
                continue
            found.append(index)
        return tuple(found)

    def _fast_travel_choices(self) -> list[Choice]:
        """Fast Travel: from an Active Portal on this Hex to any other Active Portal (the Portal rules allowing)."""
        rules = self.setup.portal_rules
        if rules is None:
            return []
        if rules.inventory is not None and self.wanderer.inventory.die(rules.inventory).is_zero:
            return []
        portals = [i for i, t in enumerate(self.tokens) if t.kind is TokenKind.PORTAL and t.active]
        if not any(self.tokens[i].at == self.position for i in portals):
            return []
        return [Choice(Act.FAST_TRAVEL, target=i) for i in portals if self.tokens[i].at != self.position]

    def _place_choices(self) -> tuple[Choice, ...]:
        """A gained card: any slot (a slot holding a Corruption card only for another Corruption)."""
        card = self.gained[0]  # the PLACE phase always holds one
        loadout = self.wanderer.loadout

        def fits(held: Item | None) -> bool:
            return held is None or not held.is_corruption_card or card.is_corruption_card

        found = [Choice(Act.PLACE, item_slot=i) for i, held in enumerate(loadout.item_slots) if fits(held)]
        found += [Choice(Act.PLACE, weapon_slot=j) for j, held in enumerate(loadout.weapon_slots) if fits(held)]
        if not card.is_corruption_card or not found:
            found.append(Choice(Act.DISCARD_CARD))  # a Corruption card must take a slot when one can hold it
        return tuple(found)

    def vendor(self, name: str) -> Vendor:
        """The Vendor called *name*, with the goods it still holds."""
        check_type("name", name, str)
        for vendor in self.vendors:
            if vendor.name == name:
                return vendor
        raise InvalidInput(f"vendor must be one of {[v.name for v in self.vendors]}, got {clip(name)}")

    def _trade_choices(self) -> tuple[Choice, ...]:
        assert self.trading is not None
        vendor = self.vendor(self.trading)
        free_slot = None in self.wanderer.loadout.item_slots
        goods = [] if vendor.wait_for_rest or not free_slot else range(len(vendor.goods))
        return (*(Choice(Act.BARTER, target=i) for i in goods), Choice(Act.LEAVE))

    def _payoff_choices(self) -> tuple[Choice, ...]:
        wanderer = self.wanderer
        kinds = wanderer.inventory.allowed()
        found = [Choice(Act.PAY, kind=kind) for kind in kinds]
        if wanderer.strain < wanderer.strain_threshold:
            found.append(Choice(Act.STOP_PAYING))
        elif not kinds:
            endurance = wanderer.endurance
            sizes = sorted({d.die for d in endurance.pool} | set(endurance.exhausted), key=lambda d: d.sides)
            found.extend(Choice(Act.BANISH, banish=size) for size in sizes)
            if not sizes:
                found.append(Choice(Act.BANISH))  # Cannot Banish: choosing it is defeat
        return tuple(found)

    def _recover_choices(self) -> tuple[Choice, ...]:
        wanderer = self.wanderer
        found = []
        if wanderer.health.missing:
            found += [Choice(Act.HEAL, kind=k) for k in wanderer.inventory.allowed(_HEALING)]
        for condition, act in ((Condition.PANIC, Act.PANIC_ROLL), (Condition.FATIGUE, Act.FATIGUE_ROLL)):
            if wanderer.conditions.has(condition):
                found += [Choice(act, kind=k) for k in wanderer.inventory.allowed()]
        return (
            *found,
            *self._switch_choices(),
            *self._recycle_choices(),
            *self._activate_choices(),
            Choice(Act.END_REST),
        )

    def choices(self) -> tuple[Choice, ...]:
        """Every choice the rules give the player now (empty once the Journey is over)."""
        phase = self.phase
        if phase is Phase.TRAVEL:
            return (
                *self._commit_choices(Act.COMMIT_MOVE),
                Choice(Act.END_TRAVEL),
                *self._strain_choices(),
                *self._switch_choices(),
                *self._recycle_choices(),
                *self._activate_choices(),
                *(Choice(Act.MEET, target=i) for i in self.optional_here()),
                *self._fast_travel_choices(),
            )
        if phase is Phase.MOVE:
            return (
                *(Choice(Act.MOVE, direction=d) for d in DIRECTIONS),
                Choice(Act.END_TRAVEL),
                *self._fast_travel_choices(),
            )
        if phase is Phase.MEET:
            return (*(Choice(Act.MEET, target=i) for i in self.optional_here()), Choice(Act.GO_ON))
        if phase is Phase.PLACE:
            return self._place_choices()
        if phase is Phase.COMBAT:
            assert self.encounter is not None  # the COMBAT phase always holds one
            attacks = [c for t in self.encounter.living for c in self._commit_choices(Act.ATTACK, target=t)]
            runs = self._commit_choices(Act.RUN)
            return (*attacks, Choice(Act.PASS), *runs, *self._strain_choices(), *self._switch_choices())
        if phase is Phase.DEFEND:
            defend = [c for c in self._commit_choices(Act.DEFEND) if c.die is not None]
            return (*defend, Choice(Act.NO_DEFENSE))
        if phase is Phase.ESCAPE:
            return tuple(Choice(Act.ESCAPE_TO, direction=d) for d in DIRECTIONS)
        if phase is Phase.TRADE:
            return self._trade_choices()
        if phase is Phase.PAYOFF:
            return self._payoff_choices()
        if phase is Phase.RECOVER:
            return self._recover_choices()
        if phase is Phase.CHECK_STRAIN:
            if self.wanderer.strain_check is StrainCheck.TRAVEL_OR_REST:
                return (Choice(Act.TRAVEL), Choice(Act.REST))
            return (Choice(Act.REST),)
        return ()

    # -- applying a choice ------------------------------------------------------

    def apply(self, choice: Choice, *, rng: RngLike = None) -> JourneyStep:
        """Apply one of :meth:`choices` and return the new state with its log line.

        Raises:
            RuleError: *choice* is not one the rules give now (the Journey is unchanged).
        """
        check_type("choice", choice, Choice)
        offered = self.choices()
        if choice not in offered and attrs.evolve(choice, rest=None) not in offered:
            listing = "; ".join(str(c) for c in offered) or "none (the Journey is over)"
            raise RuleError(f"{choice} is not a choice now ({self.phase}); choices: {listing}")
        return self._apply(choice, dice_source(rng))

    def _apply(self, choice: Choice, source: DiceSource, *, render: bool = True) -> JourneyStep:
        """Apply a choice already known to be offered (*render*: turn the events into log lines)."""
        # Events are kept as records and rendered once here: the simulator skips the rendering.
        events: list[object] = []
        after = _APPLY[choice.act](self, choice, source, events)
        after = replace(after, steps=self.steps + 1)
        lines = tuple(str(event) for event in events) if render else ()
        return JourneyStep(choice=choice, journey=after, events=lines)

    def __str__(self) -> str:
        hum = f", Hum at {self.hum}" if self.hum is not None else ""
        state = f"{self.outcome}" if self.outcome else str(self.phase)
        return f"Day {self.day} at {self.position}{hum}: {state} · {self.wanderer}"


@attrs.frozen
class JourneyStep(Record):
    """One applied choice: the choice, the new state and what happened (one log line)."""

    choice: Choice
    journey: Journey
    events: tuple[str, ...]

    def __attrs_post_init__(self) -> None:
        check_fields(self)

    def __str__(self) -> str:
        return f"Day {self.journey.day}: {self.choice}: " + "; ".join(self.events)


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


# -- the choices, applied ---------------------------------------------------------


def _do_commit_move(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    journey, result = _commit(journey, ActionSlot.MOVE, choice, source, events)
    if result is None:
        return journey
    journey = replace(journey, travel_stars=result.stars, travel_ends=False, back_to=Phase.MOVE)
    return _continue_travel(journey, events) if result.stars == 0 else replace(journey, phase=Phase.MOVE)


def _do_move(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    assert choice.direction is not None
    target = journey.position.neighbour(choice.direction)
    new = journey.hexmap.tile(target).is_new
    events.append(f"move {choice.direction} to {target}")
    journey = replace(journey, position=target, travel_stars=journey.travel_stars - 1, met=())
    journey = _roll_gear(journey, source, events)
    if journey.is_over:
        return journey
    return _resolve_hex(journey, new, source, events)


def _do_end_travel(journey: Journey, _choice: Choice, _source: DiceSource, events: list[object]) -> Journey:
    if journey.travel_stars:
        events.append(f"lose {journey.travel_stars} Travel ★")
    return _rest_phase(replace(journey, travel_stars=0, travel_ends=False), events)


def _do_attack(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    journey, result = _commit(journey, ActionSlot.ATTACK, choice, source, events)
    if result is None:
        return journey
    assert journey.encounter is not None
    assert choice.target is not None
    hit = resolve_attack(journey.encounter, target=choice.target, stars=result.stars)
    events.append(hit)
    return _after_action(replace(journey, encounter=hit.after), hit.retaliators, source, events)


def _do_pass(journey: Journey, _choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    assert journey.encounter is not None
    passed = resolve_pass(journey.encounter)
    events.append(passed)
    return _after_action(journey, passed.retaliators, source, events)


def _do_run(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    journey, result = _commit(journey, ActionSlot.MOVE, choice, source, events)
    if result is None:
        return journey
    assert journey.encounter is not None
    run = resolve_run(journey.encounter, stars=result.stars)
    events.append(run)
    return _after_action(replace(journey, encounter=run.after), run.retaliators, source, events)


def _after_action(journey: Journey, retaliators: tuple[int, ...], source: DiceSource, events: list[object]) -> Journey:
    assert journey.encounter is not None
    if journey.encounter.status is not EncounterStatus.FIGHTING:
        return _after_combat(journey, source, events)
    if retaliators:
        return replace(journey, phase=Phase.DEFEND, retaliators=retaliators)
    return replace(journey, phase=Phase.COMBAT)


def _do_defend(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    blocked = 0
    if choice.act is Act.DEFEND:
        journey, result = _commit(journey, ActionSlot.DEFENSE, choice, source, events)
        if result is None:
            return journey
        blocked = result.stars
    assert journey.encounter is not None
    enemy, rest = journey.retaliators[0], journey.retaliators[1:]
    strike = resolve_retaliation(journey.encounter, enemy, journey.wanderer.health, blocked=blocked)
    events.append(strike)
    journey = replace(journey, wanderer=replace(journey.wanderer, health=strike.result.after), retaliators=rest)
    journey = _check_hp(journey, events, f"{strike.name} retaliates")
    if journey.is_over:
        return journey
    return replace(journey, phase=Phase.DEFEND if rest else Phase.COMBAT)


def _do_escape(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    assert choice.direction is not None
    target = journey.position.neighbour(choice.direction)
    events.append(f"Escape {choice.direction} to {target}")
    journey = _roll_gear(replace(journey, position=target, met=()), source, events)
    if journey.is_over:
        return journey
    if journey.after_combat is Phase.CHECK_STRAIN:
        return _resume(journey, Phase.CHECK_STRAIN, events)
    return _rest_phase(replace(journey, travel_stars=0, travel_ends=False), events)


def _do_recover(journey: Journey, _choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    wanderer = journey.wanderer
    step = wanderer.endurance.recover_with_strain(conditions=wanderer.conditions, rng=source)
    events.append(step)
    conditions = step.conditions if step.conditions is not None else wanderer.conditions
    return replace(journey, wanderer=replace(wanderer, endurance=step.after, conditions=conditions))


def _do_reroll(journey: Journey, _choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    wanderer = journey.wanderer
    step = wanderer.endurance.reroll(conditions=wanderer.conditions, rng=source)
    events.append(step)
    conditions = step.conditions if step.conditions is not None else wanderer.conditions
    return replace(journey, wanderer=replace(wanderer, endurance=step.after, conditions=conditions))


def _do_travel(journey: Journey, _choice: Choice, _source: DiceSource, events: list[object]) -> Journey:
    events.append("return to the Travel Phase")
    return replace(journey, phase=Phase.TRAVEL)


def _new_day(journey: Journey, events: list[object]) -> Journey:
    """After Start Day: Creature HP resets, the day count goes on, the Travel Phase begins."""
    foes = tuple(None if f is None else f.reset() for f in journey.foes)  # Creature HP resets at Rest
    day = journey.day + 1
    vendors = tuple(v.after_rest() for v in journey.vendors)  # after a Failed Barter, return after Rest
    journey = replace(journey, foes=foes, day=day, phase=Phase.TRAVEL, healed=False, vendors=vendors, met=())
    if day > journey.setup.max_days:
        events.append(f"day {day}: past the day limit of {journey.setup.max_days}")
        return replace(journey, phase=Phase.OVER, outcome=JourneyOutcome.OUT_OF_TIME)
    events.append(f"New Day {day}")
    return journey


def _do_rest(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    if choice.rest is not None:  # the whole Rest at once, with the given choices
        result = rest(journey.wanderer, choices=choice.rest, rng=source)
        events.extend(result.steps)
        journey = replace(journey, wanderer=result.wanderer)
        if result.defeat is not None:
            return _defeated(journey, result.defeat, events)
        return _new_day(journey, events)
    wanderer = journey.wanderer
    for stage in (before_resting, wear_and_tear):
        step = stage(wanderer, rng=source)
        events.append(step)
        wanderer = step.wanderer
    return _to_payoff(replace(journey, wanderer=wanderer), events)


def _to_payoff(journey: Journey, events: list[object]) -> Journey:
    if journey.wanderer.strain == 0:
        return _to_recover(journey, events)
    return replace(journey, phase=Phase.PAYOFF)


def _to_recover(journey: Journey, _events: list[object]) -> Journey:
    wanderer = journey.wanderer
    wanderer = wanderer.with_inventory(wanderer.inventory.forget_last())  # the Restriction starts afresh
    return replace(journey, wanderer=wanderer, phase=Phase.RECOVER, healed=False)


def _do_pay(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    step = pay_strain(journey.wanderer, choice.kind, rng=source)
    events.extend(step.log)
    return _to_payoff(replace(journey, wanderer=step.wanderer), events)


def _do_stop_paying(journey: Journey, _choice: Choice, _source: DiceSource, events: list[object]) -> Journey:
    events.append(f"Strain stays at {journey.wanderer.strain}")
    return _to_recover(journey, events)


def _do_banish(journey: Journey, choice: Choice, _source: DiceSource, events: list[object]) -> Journey:
    step = banish_for_strain(journey.wanderer, choice.banish)
    events.extend(step.log)
    journey = replace(journey, wanderer=step.wanderer)
    if step.defeat is not None:
        return _defeated(journey, step.defeat, events)
    return _to_recover(journey, events)


_RECOVER_ACTION = {
    Act.HEAL: RecoverAction.HP,
    Act.PANIC_ROLL: RecoverAction.PANIC,
    Act.FATIGUE_ROLL: RecoverAction.FATIGUE,
}


def _do_recover_one(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    step = recover_one(journey.wanderer, _RECOVER_ACTION[choice.act], choice.kind, rng=source)
    events.extend(step.log)
    return replace(journey, wanderer=step.wanderer, healed=journey.healed or choice.act is Act.HEAL)


def _do_barter(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    assert journey.trading is not None
    assert choice.target is not None
    vendor = journey.vendor(journey.trading)
    result = barter(
        journey.wanderer.inventory, vendor, cost=vendor.price(choice.target), item=choice.target, rng=source
    )
    events.append(result)
    wanderer = journey.wanderer.with_inventory(result.inventory.forget_last())
    if result.item is not None:
        slot = wanderer.loadout.item_slots.index(None)
        loadout, _ = wanderer.loadout.equip(result.item, SlotKind.ITEM, slot, context=Context.REST)
        wanderer = replace(wanderer, loadout=loadout)  # a new card into an empty slot costs nothing
        wanderer = _card_corrupts(wanderer, result.item, events)
    vendors = tuple(result.vendor if v.name == vendor.name else v for v in journey.vendors)
    return replace(journey, wanderer=wanderer, vendors=vendors)


def _do_leave(journey: Journey, _choice: Choice, _source: DiceSource, events: list[object]) -> Journey:
    events.append(f"leave Vendor {journey.trading}")
    return _continue_travel(replace(journey, trading=None, phase=Phase.MOVE), events)


def _gain_strain(wanderer: Wanderer, amount: int, source: DiceSource, events: list[object]) -> Wanderer:
    """Gain Strain (whenever you gain Strain under Delirium, roll Delirium)."""
    conditions = wanderer.conditions
    if amount and conditions.has(Condition.DELIRIUM):
        roll, conditions = conditions.roll(Condition.DELIRIUM, rng=source)
        events.append(roll)
    return replace(wanderer, endurance=wanderer.endurance.gain_strain(amount), conditions=conditions)


def _do_fast_travel(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    rules = journey.setup.portal_rules
    assert rules is not None  # offered only with Portal rules
    assert choice.target is not None
    back = Phase.TRAVEL if journey.phase is Phase.TRAVEL else Phase.MOVE
    portal = journey.tokens[choice.target]
    events.append(f"{rules} to {portal}")
    wanderer = _gain_strain(journey.wanderer, rules.strain, source, events)
    if rules.inventory is not None:
        use = wanderer.inventory.roll(rules.inventory, rng=source)
        events.append(use)
        wanderer = wanderer.with_inventory(use.after.forget_last())
    new = journey.hexmap.tile(portal.at).is_new
    journey = replace(journey, wanderer=wanderer, position=portal.at, met=(), back_to=back)
    if rules.ends_travel:
        journey = replace(journey, travel_ends=True)
    return _resolve_hex(journey, new, source, events)


def _do_meet(journey: Journey, choice: Choice, _source: DiceSource, events: list[object]) -> Journey:
    assert choice.target is not None
    index = choice.target
    token = journey.tokens[index]
    if journey.phase is Phase.TRAVEL:
        journey = replace(journey, back_to=Phase.TRAVEL)
    journey = replace(journey, met=(*journey.met, index), phase=Phase.MOVE)
    events.append(f"meet {token}")
    foe = journey.foes[index]
    if token.kind in _FIGHTERS and foe is not None:
        return _start_combat(journey, [(foe, index)], None, Phase.MOVE, events)
    if token.kind is TokenKind.VENDOR:
        return replace(journey, phase=Phase.TRADE, trading=token.name)
    journey, found, npc = _token_entry(journey, token, events)
    if journey.is_over:
        return journey
    if found is not None:
        return _start_combat(journey, [(found, None)], npc, Phase.MOVE, events)
    return _continue_travel(journey, events)


def _do_go_on(journey: Journey, _choice: Choice, _source: DiceSource, events: list[object]) -> Journey:
    passed = journey.optional_here()
    events.append("pass by " + ", ".join(str(journey.tokens[i]) for i in passed))
    return _continue_travel(replace(journey, met=(*journey.met, *passed)), events)


def _slot_of(choice: Choice) -> tuple[SlotKind, int]:
    if choice.item_slot is not None:
        return SlotKind.ITEM, choice.item_slot
    assert choice.weapon_slot is not None
    return SlotKind.WEAPON, choice.weapon_slot


def _do_place(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    card, rest = journey.gained[0], journey.gained[1:]
    kind, index = _slot_of(choice)
    wanderer = journey.wanderer
    replaced = wanderer.loadout.get(kind, index)
    loadout, cost = wanderer.loadout.equip(card, kind, index, context=Context.OUTSIDE_REST)
    events.append(f"{card} into {kind} {index}" + (f", {replaced} discarded" if replaced is not None else ""))
    wanderer = _card_corrupts(_gain_strain(replace(wanderer, loadout=loadout), cost, source, events), card, events)
    journey = _to_deck_bottom(journey, replaced)
    return _continue_travel(replace(journey, wanderer=wanderer, gained=rest, phase=Phase.MOVE), events)


def _to_deck_bottom(journey: Journey, card: Item | None) -> Journey:
    """Discard (or return) a card: it goes to the bottom of the Item Deck, when one is in play."""
    if card is None or journey.item_deck is None:
        return journey
    return replace(journey, item_deck=journey.item_deck.discard(card))


def _card_corrupts(wanderer: Wanderer, card: Item, events: list[object]) -> Wanderer:
    """Corruption Card: permanent Corruption (once in a slot)."""
    if card.is_corruption_card and not wanderer.inventory.corrupted:
        events.append("Corruption (permanent)")
        return wanderer.with_inventory(attrs.evolve(wanderer.inventory, corrupted=True))
    return wanderer


def _do_activate(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    kind, index = _slot_of(choice)
    wanderer = journey.wanderer
    card = wanderer.loadout.get(kind, index)
    assert card is not None  # offered only for a card with a Uses die
    uses = roll_uses(card.uses, rng=source)
    events.append(f"activate {card.name}: {uses}")
    kept = None if uses.returned else attrs.evolve(card, uses=uses.after)
    journey = replace(journey, wanderer=replace(wanderer, loadout=wanderer.loadout.put(kind, index, kept)))
    if uses.returned:  # d4 ⇩: return the card to its deck (with the d4 it had: printed Uses are not known here)
        journey = _to_deck_bottom(journey, card)
    effect = journey.setup.item_effect(card.name)
    if effect is None:
        return journey
    journey, _creature, _entry = _apply_entry(journey, effect, events)  # no Creature or card: see JourneySetup
    return journey


def _do_discard_card(journey: Journey, _choice: Choice, _source: DiceSource, events: list[object]) -> Journey:
    card, rest = journey.gained[0], journey.gained[1:]
    events.append(f"discard {card}")
    journey = _to_deck_bottom(journey, card)
    return _continue_travel(replace(journey, gained=rest, phase=Phase.MOVE), events)


def _do_recycle(journey: Journey, choice: Choice, _source: DiceSource, events: list[object]) -> Journey:
    kind, index = _slot_of(choice)
    wanderer = journey.wanderer
    card = wanderer.loadout.get(kind, index)
    loadout, inventory = wanderer.loadout.recycle(kind, index, wanderer.inventory)
    back = f", back to the {journey.item_deck.name}" if journey.item_deck is not None else ""
    events.append(f"Recycle {card}{back}: Gear ⇧ {inventory.gear}")
    wanderer = replace(wanderer, loadout=loadout).with_inventory(inventory)
    return _to_deck_bottom(replace(journey, wanderer=wanderer), card)


_SWITCH_CONTEXT = {Phase.TRAVEL: Context.OUTSIDE_REST, Phase.COMBAT: Context.COMBAT, Phase.RECOVER: Context.REST}


def _do_switch(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    assert choice.item_slot is not None
    assert choice.weapon_slot is not None
    context = _SWITCH_CONTEXT[journey.phase]
    wanderer = journey.wanderer
    loadout, cost = wanderer.loadout.switch(
        (SlotKind.ITEM, choice.item_slot), (SlotKind.WEAPON, choice.weapon_slot), context=context
    )
    events.append(f"Switch Items {context}: +{cost} Strain · {loadout}")
    return replace(journey, wanderer=_gain_strain(replace(wanderer, loadout=loadout), cost, source, events))


def _do_end_rest(journey: Journey, _choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    step = finish_recover_hp(journey.wanderer, healed=journey.healed, rng=source)
    events.extend(step.log)
    wanderer = step.wanderer
    for stage in (check_luck_step, start_day):
        done = stage(wanderer, rng=source)
        events.append(done)
        wanderer = done.wanderer
    return _new_day(replace(journey, wanderer=wanderer), events)


_APPLY: dict[Act, Any] = {  # Any: each handler takes its own choice type
    Act.COMMIT_MOVE: _do_commit_move,
    Act.MOVE: _do_move,
    Act.END_TRAVEL: _do_end_travel,
    Act.ATTACK: _do_attack,
    Act.PASS: _do_pass,
    Act.RUN: _do_run,
    Act.DEFEND: _do_defend,
    Act.NO_DEFENSE: _do_defend,
    Act.ESCAPE_TO: _do_escape,
    Act.RECOVER: _do_recover,
    Act.REROLL: _do_reroll,
    Act.TRAVEL: _do_travel,
    Act.REST: _do_rest,
    Act.PAY: _do_pay,
    Act.STOP_PAYING: _do_stop_paying,
    Act.BANISH: _do_banish,
    Act.HEAL: _do_recover_one,
    Act.PANIC_ROLL: _do_recover_one,
    Act.FATIGUE_ROLL: _do_recover_one,
    Act.END_REST: _do_end_rest,
    Act.SWITCH: _do_switch,
    Act.BARTER: _do_barter,
    Act.LEAVE: _do_leave,
    Act.FAST_TRAVEL: _do_fast_travel,
    Act.MEET: _do_meet,
    Act.GO_ON: _do_go_on,
    Act.PLACE: _do_place,
    Act.DISCARD_CARD: _do_discard_card,
    Act.RECYCLE: _do_recycle,
    Act.ACTIVATE: _do_activate,
}


def start_journey(wanderer: Wanderer, setup: JourneySetup, *, rng: RngLike = None) -> Journey:
    """Set up a Journey: the starting Hex discovered, the Hum placed, the Tokens laid out.

    Draws the Hum's dice (the Compass Die, 2d4, and the Compass Die again when needed).
    """
    check_type("wanderer", wanderer, Wanderer)
    check_type("setup", setup, JourneySetup)
    origin = Hex(0, 0)
    hexmap = HexMap(regions=setup.regions).set_region(origin, setup.start_region)
    hexmap = hexmap.discover_area(origin, setup.start_area)
    placement = place_hum(hexmap, origin, compass=setup.compass, rng=rng)
    hexmap, tokens = placement.apply(hexmap, setup.tokens)
    foes = tuple(setup.creature(t.name, hexmap.region_of(t.at)) if t.kind in _FIGHTERS else None for t in tokens)
    return Journey(
        wanderer=wanderer,
        hexmap=hexmap,
        tokens=tokens,
        foes=foes,
        position=origin,
        setup=setup,
        vendors=setup.vendors,
        item_deck=setup.item_deck,
    )


class Policy(Protocol):
    """What plays a Journey unattended: picks one of the offered choices."""

    @property
    def name(self) -> str:
        """The policy's name, for reports."""
        ...  # pragma: no cover - a protocol

    def choose(self, journey: Journey, choices: Sequence[Choice]) -> Choice:
        """Pick one of *choices* (the journey's :meth:`Journey.choices`)."""
        ...  # pragma: no cover - a protocol


def _policy_input(journey: object, choices: object) -> tuple[Journey, tuple[Choice, ...]]:
    """Check what a built-in policy is given: a Journey and a non-empty run of its offered choices.

    Raises:
        TypeError: *journey* is not a Journey, or *choices* is not a sequence of Choices.
        InvalidInput: *choices* is empty, or holds a choice the Journey does not offer.
    """
    journey = check_type("journey", journey, Journey)
    if isinstance(choices, (str, bytes)) or not isinstance(choices, Sequence):
        raise TypeError(f"choices must be a sequence of Choice, got {type(choices).__name__}")
    picked = tuple(check_type(f"choices[{i}]", c, Choice) for i, c in enumerate(choices))
    if not picked:
        raise InvalidInput("choices must not be empty: pass journey.choices()")
    offered = set(journey.choices())
    for i, choice in enumerate(picked):
        if choice not in offered:
            raise InvalidInput(f"choices[{i}] is not offered by the Journey now: pass journey.choices()")
    return journey, picked


def _check_policy(policy: object) -> None:
    """A policy is anything with a ``choose(journey, choices)`` method (not a number or array)."""
    if not callable(getattr(policy, "choose", None)) or isinstance(policy, (np.generic, np.ndarray)):
        raise TypeError(f"policy must have a choose(journey, choices) method (a Policy), got {type(policy).__name__}")


def _decide(pick: Callable[[Journey, Sequence[Choice]], Choice], journey: object, choices: object) -> Choice:
    """Run a built-in policy's pick on checked input; a subset it cannot pick from is InvalidInput."""
    checked, offered = _policy_input(journey, choices)
    try:
        return pick(checked, offered)
    except StopIteration:
        raise InvalidInput(
            f"choices hold none this policy picks in {checked.phase.name}: pass all of journey.choices()"
        ) from None


def _best_die(journey: Journey, options: Sequence[Choice], *, luck: bool) -> Choice | None:
    """Among commit choices, the one with the highest die Value (with or without Luck)."""
    pool = journey.wanderer.endurance.pool
    usable = [c for c in options if c.luck == luck] or list(options)
    if not usable:
        return None
    return max(usable, key=lambda c: -1 if c.die is None else pool[c.die].value)


def _rest_choice(journey: Journey, choices: Sequence[Choice], *, pay_all: bool) -> Choice:
    """Strain Payoff and Recover HP for the shipped policies: roll the largest allowed die.

    Pays every Strain (*pay_all*) or only what the rules demand; banishes the
    smallest die; heals to Max HP while Food or Water lasts; never uses the
    Panic/Fatigue alternative; then ends the Rest.
    """
    inventory = journey.wanderer.inventory

    def largest(act: Act) -> Choice | None:
        found = [(inventory.die(c.kind).sides, -i, c) for i, c in enumerate(choices) if c.act is act and c.kind]
        return max(found, key=lambda entry: entry[:2])[2] if found else None

    if journey.phase is Phase.PAYOFF:
        stop = next((c for c in choices if c.act is Act.STOP_PAYING), None)
        pay = largest(Act.PAY)
        if pay is not None and (pay_all or stop is None):
            return pay
        return stop or choices[0]  # no Inventory left: BANISH choices, smallest die first
    return largest(Act.HEAL) or next(c for c in choices if c.act is Act.END_REST)


def _place_card(journey: Journey, choices: Sequence[Choice]) -> Choice:
    """A gained card for the shipped policies: an empty slot (Item Slots first), else discard, else the first slot."""
    loadout = journey.wanderer.loadout
    for choice in choices:
        if choice.act is Act.PLACE and loadout.get(*_slot_of(choice)) is None:
            return choice
    return next((c for c in choices if c.act is Act.DISCARD_CARD), choices[0])


def _meet(journey: Journey, choices: Sequence[Choice], *, fight: bool) -> Choice:
    """Optional Encounters for the shipped policies: meet NPCs and Vendors; fight optional Raiders if *fight*."""
    for choice in choices:
        fighter = choice.target is not None and journey.tokens[choice.target].kind in _FIGHTERS
        if choice.act is Act.MEET and (fight or not fighter):
            return choice
    return next(c for c in choices if c.act is Act.GO_ON)


def _toward_hum(journey: Journey, choices: Sequence[Choice]) -> Choice:
    hum = journey.hum
    direction = journey.position.direction_to(hum) if hum is not None else None
    for choice in choices:
        if choice.act is Act.MOVE and choice.direction is direction:
            return choice
    return next(c for c in choices if c.act is Act.END_TRAVEL)


def _weakest_target(journey: Journey, options: Sequence[Choice]) -> Sequence[Choice]:
    assert journey.encounter is not None
    enemies = journey.encounter.enemies
    target = min(journey.encounter.living, key=lambda i: enemies[i].hp)
    return [c for c in options if c.target == target]


@attrs.frozen
class CautiousPolicy:
    """A careful player: heads for the Hum but Rests often, defends every blow and runs when hurt.

    * Travel: Commit Move with the best die (Luck when the die alone gives ★ or less).
    * Combat: Run when HP is at or below *run_below* and a die is free, else
      Attack the weakest enemy with the best die (Luck when the die is low).
    * Retaliation: Commit Defense with the best die whenever one is free.
    * Vendors: leaves without trading.
    * Optional Encounters: meets NPCs and Vendors, passes optional Raiders by.
    * A gained card: into an empty slot, else discarded (a Corruption card takes the first slot).
    * Never Fast Travels or Recycles.
    * Rest Phase: Rest whenever Strain is above 0 or HP is below Max HP; pay off
      every Strain with the largest Inventory die; heal to Max HP.
    """

    run_below: int = int_field(low=0, default=2)
    name: str = attrs.field(default="cautious", validator=one_line())

    def choose(self, journey: Journey, choices: Sequence[Choice]) -> Choice:
        """Pick a choice (see the class docs).

        Raises:
            TypeError: *journey* is not a Journey or *choices* not a sequence of Choices.
            InvalidInput: *choices* is empty or holds a choice the Journey does not offer.
        """
        return _decide(self._pick, journey, choices)

    def _pick(self, journey: Journey, choices: Sequence[Choice]) -> Choice:
        acts = {c.act for c in choices}
        pool = journey.wanderer.endurance.pool

        def low(choice: Choice | None) -> bool:
            return choice is not None and choice.die is not None and pool[choice.die].value < 6

        if journey.phase in (Phase.PAYOFF, Phase.RECOVER):
            return _rest_choice(journey, choices, pay_all=True)
        if journey.phase is Phase.PLACE:
            return _place_card(journey, choices)
        if journey.phase is Phase.MEET:
            return _meet(journey, choices, fight=False)
        if journey.phase is Phase.CHECK_STRAIN:
            w = journey.wanderer
            wants_rest = w.strain > 0 or w.health.missing > 0 or not pool
            return Choice(Act.REST) if wants_rest or Act.TRAVEL not in acts else Choice(Act.TRAVEL)
        if journey.phase is Phase.MOVE:
            return _toward_hum(journey, choices)
        if journey.phase in (Phase.ESCAPE, Phase.TRADE):
            return choices[-1] if journey.phase is Phase.TRADE else choices[0]
        if journey.phase is Phase.DEFEND:
            defend = [c for c in choices if c.act is Act.DEFEND]
            return _best_die(journey, defend, luck=False) or choices[-1]
        if journey.phase is Phase.COMBAT:
            runs = [c for c in choices if c.act is Act.RUN and c.die is not None]
            if journey.wanderer.health.hp <= self.run_below and runs:
                best = _best_die(journey, runs, luck=False)
                return _best_die(journey, runs, luck=low(best)) or choices[0]
            attacks = _weakest_target(journey, [c for c in choices if c.act is Act.ATTACK])
            best = _best_die(journey, attacks, luck=False)
            if best is not None:
                return _best_die(journey, attacks, luck=low(best)) or best
            return next(c for c in choices if c.act is Act.PASS)
        moves = [c for c in choices if c.act is Act.COMMIT_MOVE and c.die is not None]
        best = _best_die(journey, moves, luck=False)
        if best is None:
            return next(c for c in choices if c.act is Act.END_TRAVEL)
        return _best_die(journey, moves, luck=low(best)) or best


@attrs.frozen
class GreedyPolicy:
    """A bold player: goes straight for the Hum, never defends, Rests only when forced.

    * Travel: Commit Move with the best die, always with Luck while Luck lasts;
      with an empty pool, recover dice for Strain rather than stop.
    * Combat: Attack the weakest enemy with the best die and Luck; never Runs.
    * Retaliation: takes every blow (keeps its dice for Travel).
    * Vendors: leaves without trading.
    * Optional Encounters: meets every one, optional Raiders too.
    * A gained card: into an empty slot, else discarded (a Corruption card takes the first slot).
    * Never Fast Travels or Recycles.
    * Rest Phase: returns to Travel whenever the rules allow; at Rest pays only the
      Strain it must; heals to Max HP.
    """

    name: str = attrs.field(default="greedy", validator=one_line())

    def choose(self, journey: Journey, choices: Sequence[Choice]) -> Choice:
        """Pick a choice (see the class docs).

        Raises:
            TypeError: *journey* is not a Journey or *choices* not a sequence of Choices.
            InvalidInput: *choices* is empty or holds a choice the Journey does not offer.
        """
        return _decide(self._pick, journey, choices)

    def _pick(self, journey: Journey, choices: Sequence[Choice]) -> Choice:
        acts = {c.act for c in choices}
        if journey.phase in (Phase.PAYOFF, Phase.RECOVER):
            return _rest_choice(journey, choices, pay_all=False)
        if journey.phase is Phase.PLACE:
            return _place_card(journey, choices)
        if journey.phase is Phase.MEET:
            return _meet(journey, choices, fight=True)
        if journey.phase is Phase.CHECK_STRAIN:
            has_dice = bool(journey.wanderer.endurance.pool or journey.wanderer.endurance.committed)
            return Choice(Act.TRAVEL) if Act.TRAVEL in acts and has_dice else Choice(Act.REST)
        if journey.phase is Phase.MOVE:
            return _toward_hum(journey, choices)
        if journey.phase in (Phase.ESCAPE, Phase.TRADE):
            return choices[-1] if journey.phase is Phase.TRADE else choices[0]
        if journey.phase is Phase.DEFEND:
            return next(c for c in choices if c.act is Act.NO_DEFENSE)
        if journey.phase is Phase.COMBAT:
            attacks = _weakest_target(journey, [c for c in choices if c.act is Act.ATTACK])
            return _best_die(journey, attacks, luck=True) or next(c for c in choices if c.act is Act.PASS)
        moves = [c for c in choices if c.act is Act.COMMIT_MOVE]
        return _best_die(journey, moves, luck=True) or next(c for c in choices if c.act is Act.END_TRAVEL)


@atomic_rolls
def play_journey(
    journey: Journey, policy: Policy, *, rng: RngLike = None, max_steps: int = 100_000
) -> tuple[Journey, tuple[JourneyStep, ...]]:
    """Let *policy* make every choice until the Journey is over; return the end state and every step.

    Raises:
        RuleError: the policy picked a choice that is not offered.
        InvalidInput: *max_steps* passed without an end (a policy that loops).
    """
    check_type("journey", journey, Journey)
    _check_policy(policy)
    max_steps = check_int("max_steps", max_steps, low=1)
    source = dice_source(rng)
    steps: list[JourneyStep] = []
    while not journey.is_over:
        if len(steps) >= max_steps:
            raise InvalidInput(f"max_steps: the Journey did not end within {max_steps} choices")
        choice = policy.choose(journey, journey.choices())
        step = journey.apply(choice, rng=source)
        steps.append(step)
        journey = step.journey
    return journey, tuple(steps)


def example_setup(*, max_days: int = 40) -> JourneySetup:
    """A small invented setup for demos, docs and tests: NOT the boxed game's content.

    Three Regions of four Areas, four Creatures, a few Area Entries that heal,
    hurt, supply or start a fight, and Regions whose Hazard costs 1 HP.
    """
    ash = Region("Ash Flats", ("Crater", "Pylon Field", "Burnt Camp", "Dust Sea"), hazard="-1 HP")
    glass = Region("Glass Wastes", ("Spire", "Mirror Lake", "Shard Maze", "Echo Pit"), hazard="-1 HP")
    rot = Region("Rot Woods", ("Hollow", "Spore Bank", "Old Road", "Nest"), hazard="-1 HP")
    bestiary = (
        Creature("Husk", hp=3, defense=0, damage=2),
        Creature("Glass Hound", hp=4, defense=1, damage=2),
        Creature("Spore Maw", hp=5, defense=1, damage=3),
        Creature("Raider", hp=4, defense=0, damage=2),
    )
    entries = (
        AreaEntry("Crater", creature="Husk"),
        AreaEntry("Pylon Field", inventory=((InventoryKind.BATTERY, 1),)),
        AreaEntry("Burnt Camp", inventory=((InventoryKind.FOOD, 1), (InventoryKind.WATER, 1))),
        AreaEntry("Dust Sea", hp=-1),
        AreaEntry("Spire", creature="Glass Hound", surprised=True),
        AreaEntry("Mirror Lake", inventory=((InventoryKind.WATER, 2),)),
        AreaEntry("Shard Maze", hp=-1, condition=Condition.BLEEDING),
        AreaEntry("Echo Pit", condition=Condition.PANIC),
        AreaEntry("Hollow", hp=2),
        AreaEntry("Spore Bank", creature="Spore Maw"),
        AreaEntry("Old Road", inventory=((InventoryKind.GEAR, 1),)),
        AreaEntry("Nest", creature="Husk", surprise_attack=True),
        AreaEntry(UNKNOWN_AREA, hp=-1),
    )
    rules = (
        RegionRules("Ash Flats", hazard_hp=1),
        RegionRules("Glass Wastes", mutation=Mutation("Glass Skin", defense=1), hazard_hp=1),
        RegionRules("Rot Woods", mutation=Mutation("Bloated", hp=1), hazard_hp=1),
    )
    tokens = (
        Token(TokenKind.RAIDERS, Hex(3, -1), name="Raider"),
        Token(TokenKind.CREATURE, Hex(-2, 2), name="Husk"),
    )
    return JourneySetup(
        regions=(ash, glass, rot),
        start_region="Ash Flats",
        start_area="Burnt Camp",
        bestiary=bestiary,
        entries=entries,
        region_rules=rules,
        tokens=tokens,
        max_days=max_days,
    )


def _str_tuple(values: object) -> tuple[str, ...]:
    items = tuple(values) if isinstance(values, (list, tuple)) else None
    if items is None or not all(isinstance(item, str) for item in items):
        raise TypeError(f"log must be a sequence of str, got {type(values).__name__}")
    return items


def _choice_tuple(values: object) -> tuple[Choice, ...]:
    items = tuple(values) if isinstance(values, (list, tuple)) else None
    if items is None or not all(isinstance(item, Choice) for item in items):
        raise TypeError(f"choices must be a sequence of Choice, got {type(values).__name__}")
    return items


@attrs.frozen
class JourneyPlay(Record):
    """One Journey played to its end: the record ``tabletop residue journey --json`` prints.

    The dice are not kept (each step's dice are in the ``log`` lines), so the end is
    not re-played on load; ``outcome`` and ``days`` are read from ``end``.

    Attributes:
        policy: The name of the policy that made the choices.
        start: The state the Journey started in.
        choices: Every choice made, in order.
        log: One line per choice: what happened (``str`` of each :class:`JourneyStep`).
        end: The state it ended in.

    Raises:
        InvalidInput: *choices* and *log* differ in length.
    """

    _derived: ClassVar[tuple[str, ...]] = ("outcome", "days")

    policy: str = attrs.field(validator=of_type(str))
    start: Journey = attrs.field(validator=of_type(Journey))
    choices: tuple[Choice, ...] = attrs.field(converter=_choice_tuple)
    log: tuple[str, ...] = attrs.field(converter=_str_tuple)
    end: Journey = attrs.field(validator=of_type(Journey))

    def __attrs_post_init__(self) -> None:
        if len(self.choices) != len(self.log):
            raise InvalidInput(f"log: {len(self.log)} lines for {len(self.choices)} choices; give one line per choice")

    @classmethod
    def of(cls, policy: str, start: Journey, end: Journey, steps: tuple[JourneyStep, ...]) -> JourneyPlay:
        """The record of :func:`play_journey`'s ``(end, steps)`` from *start* under *policy*.

        Raises:
            TypeError: *steps* is not a sequence of :class:`JourneyStep`.
        """
        if not isinstance(steps, (list, tuple)) or not all(isinstance(step, JourneyStep) for step in steps):
            raise TypeError(f"steps must be a sequence of JourneyStep, got {type(steps).__name__}")
        return cls(policy, start, tuple(step.choice for step in steps), tuple(str(step) for step in steps), end)

    @property
    def outcome(self) -> JourneyOutcome | None:
        """How the Journey ended (``None`` if it was stopped before its end)."""
        return self.end.outcome

    @property
    def days(self) -> int:
        """The day the Journey ended on."""
        return self.end.day

    def __str__(self) -> str:
        how = self.outcome.name.lower().replace("_", " ") if self.outcome is not None else "not over"
        return f"{self.policy}: {len(self.choices)} choices, {how} on day {self.days}"


_MAX_DAYS = 100_000  # JourneySetup.max_days's upper bound


def _short(value: object) -> str:
    return repr(value[:40]) if isinstance(value, str) else type(value).__name__


def _frozen_counts(name: str, value: object) -> Mapping[Any, int]:  # Any: str keys (defeats) or int (days)
    """A read-only copy of a count mapping, each count an int >= 0 (JourneySimulation fields)."""
    if not isinstance(value, Mapping):
        raise TypeError(f"{name} must be a mapping of counts, got {type(value).__name__}")
    counts = {key: check_int(f"{name}[{_short(key)}]", count, low=0) for key, count in value.items()}
    return MappingProxyType(counts)


def _frozen_defeats(value: object) -> Mapping[str, int]:
    return _frozen_counts("defeats", value)


def _frozen_days(value: object) -> Mapping[int, int]:
    return _frozen_counts("days", value)


@attrs.frozen
class JourneySimulation(Record):
    """What :func:`simulate_journey` found.

    A summary, not a :class:`~tabletop_core.batch.Batch`: it keeps counts, not one
    row per Journey (a played Journey is a whole state, not a small code), so that
    chunks run on other workers add up with ``+``. It is a record: ``to_dict()``
    carries its type tag, version and answers, and ``from_dict()`` checks them.

    Attributes:
        runs: Journeys played.
        policy: The policy's name.
        reached: Journeys that reached the Hum.
        out_of_time: Journeys stopped by the day limit.
        defeats: Defeats by cause (cause name -> count).
        days: Days survived (the day each Journey ended on -> count).
    """

    _derived: ClassVar[tuple[str, ...]] = ("reach_probability", "mean_days")

    runs: int = attrs.field(validator=int_in(low=0))
    policy: str = attrs.field(validator=one_line())  # free text: the policy's own name
    reached: int = attrs.field(validator=int_in(low=0))
    out_of_time: int = attrs.field(validator=int_in(low=0))
    defeats: Mapping[str, int] = attrs.field(converter=_frozen_defeats)
    days: Mapping[int, int] = attrs.field(converter=_frozen_days)

    def __attrs_post_init__(self) -> None:
        causes = {cause.name for cause in DefeatCause}
        for cause in self.defeats:
            if cause not in causes:
                raise InvalidInput(f"defeats: {_short(cause)} is not a DefeatCause ({', '.join(sorted(causes))})")
        for day in self.days:
            check_int("days: a day", day, low=1, high=_MAX_DAYS)
        ended = self.reached + self.out_of_time + sum(self.defeats.values())
        if ended != self.runs:
            raise InvalidInput("runs must equal reached + out_of_time + the defeats: each Journey ends one way")
        if sum(self.days.values()) != self.runs:
            raise InvalidInput("days must count every run once: their counts must add up to runs")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> JourneySimulation:  # Any: JSON data
        """Rebuild from :meth:`to_dict` data, also after JSON turned the day numbers into strings.

        Raises:
            InvalidInput: the data is incomplete, has unknown keys or breaks a rule.
            TypeError: *data* is not a mapping.
        """
        if isinstance(data, Mapping) and isinstance(data.get("days"), Mapping):
            days = {
                int(k) if isinstance(k, str) and k.isascii() and k.isdecimal() and len(k) < 19 else k: v
                for k, v in data["days"].items()
            }
            data = {**data, "days": days}
        return super().from_dict(data)

    @property
    def reach_probability(self) -> Fraction:
        """The share of Journeys that reached the Hum."""
        return Fraction(self.reached, self.runs) if self.runs else Fraction(0)

    @property
    def mean_days(self) -> float:
        """The mean day Journeys ended on."""
        total = sum(self.days.values())
        return sum(d * c for d, c in self.days.items()) / total if total else 0.0

    def __str__(self) -> str:
        causes = ", ".join(f"{name} {count}" for name, count in sorted(self.defeats.items())) or "none"
        return (
            f"{self.policy}: reached the Hum in {self.reached}/{self.runs} journeys "
            f"({float(self.reach_probability):.1%}); defeats: {causes}; out of time {self.out_of_time}; "
            f"mean days {self.mean_days:.2f}"
        )

    def __add__(self, other: JourneySimulation) -> JourneySimulation:
        """Two chunks of runs of the same simulation, together.

        Raises:
            InvalidInput: the chunks were played under different policies.
        """
        check_type("other", other, JourneySimulation)
        if other.policy != self.policy:
            raise InvalidInput(f"cannot add simulations of policies {clip(self.policy)} and {clip(other.policy)}")
        days = Counter(dict(self.days)) + Counter(dict(other.days))
        return JourneySimulation(
            runs=self.runs + other.runs,
            policy=self.policy,
            reached=self.reached + other.reached,
            out_of_time=self.out_of_time + other.out_of_time,
            defeats=dict(Counter(dict(self.defeats)) + Counter(dict(other.defeats))),
            days=dict(sorted(days.items())),
        )

    def to_markdown(self) -> str:
        """A Markdown table of the outcomes."""
        rows = ["| outcome | journeys | share |", "|---|---:|---:|"]
        total = self.runs or 1
        rows.append(f"| reached the Hum | {self.reached} | {self.reached / total:.1%} |")
        for name, count in sorted(self.defeats.items()):
            rows.append(f"| defeated: {name} | {count} | {count / total:.1%} |")
        rows.append(f"| out of time | {self.out_of_time} | {self.out_of_time / total:.1%} |")
        return "\n".join(rows)


def _root_seed(rng: RngLike) -> np.random.SeedSequence | None:
    """The SeedSequence the runs' streams are spawned from (``None`` for a DiceSource: shared)."""
    if isinstance(rng, DiceSource) and not isinstance(rng, GeneratorDice):
        return None
    if isinstance(rng, GeneratorDice):
        rng = rng.generator
    if isinstance(rng, np.random.SeedSequence):
        return rng
    if isinstance(rng, np.random.Generator):
        return np.random.SeedSequence(rng.integers(0, 2**63, size=4).tolist())
    if isinstance(rng, np.random.BitGenerator):
        return np.random.SeedSequence(np.random.Generator(rng).integers(0, 2**63, size=4).tolist())
    if rng is None:
        return np.random.SeedSequence()
    if isinstance(rng, (bool, float)):
        raise TypeError(f"rng must be None, an int seed, a SeedSequence, a Generator or a DiceSource, got {clip(rng)}")
    try:
        seed = (
            [operator.index(part) for part in rng] if isinstance(rng, (Sequence, np.ndarray)) else operator.index(rng)
        )
        return np.random.SeedSequence(seed)
    except TypeError:
        raise TypeError(
            f"rng must be None, an int seed, a SeedSequence, a Generator or a DiceSource, got {type(rng).__name__}"
        ) from None
    except ValueError:
        raise InvalidInput(f"rng: a seed must be an int >= 0 or a sequence of them, got {type(rng).__name__}") from None


def _run_one(journey: Journey, policy: Policy, source: DiceSource, max_steps: int) -> Journey:
    for _ in range(max_steps):
        if journey.is_over:
            return journey
        offered = journey.choices()
        choice = policy.choose(journey, offered)
        if choice not in offered and attrs.evolve(choice, rest=None) not in offered:
            journey.apply(choice, rng=source)  # raises the RuleError that names the offered choices
        journey = journey._apply(choice, source, render=False).journey
    raise InvalidInput(f"max_steps: a Journey did not end within {max_steps} choices")


@atomic_rolls
def simulate_journey(
    n: int,
    wanderer: Wanderer,
    map_setup: JourneySetup,
    policy: Policy,
    *,
    rng: RngLike = None,
    progress: bool | None = None,
    max_steps: int = 100_000,
    stream: TextIO | None = None,
    first_run: int = 0,
) -> JourneySimulation:
    """Play *n* Journeys under *policy* and count how they end.

    Each run has its own random stream: run ``i`` draws from the ``i``-th child
    of one root :class:`numpy.random.SeedSequence` (``SeedSequence(entropy,
    spawn_key=(i,))``, the same as ``root.spawn(n)[i]``), so a result does not
    depend on how the runs are chunked or ordered: the first 100 runs of a
    1,000-run simulation are the 100 runs of a 100-run one with the same seed.
    A :class:`~tabletop_core.rng.ScriptedDice` is shared by every run in turn.

    Args:
        n: How many Journeys.
        wanderer: The starting Wanderer (every run starts from this sheet).
        map_setup: The content (:class:`JourneySetup`).
        policy: What makes every choice (:class:`CautiousPolicy`, :class:`GreedyPolicy`, ...).
        rng: The root seed (see :func:`~tabletop_core.dice_source` for what it accepts).
        progress: Show a progress bar on stderr; ``None``: only for 500 runs or more
            when stderr is a terminal.
        max_steps: A guard against a policy that never ends a Journey.
        stream: Where the progress bar goes (default ``sys.stderr``).
        first_run: The index of the first run: chunks ``first_run=0, n=500`` and
            ``first_run=500, n=500`` together are the runs of ``n=1000``
            (add the results with ``+``).

    Examples:
        >>> w = Wanderer.new(hp=6, endurance_dice=["d8", "d8", "d6"], inventory="d8",
        ...                  luck="d6", strain_threshold=3, rng=1)
        >>> result = simulate_journey(20, w, example_setup(), CautiousPolicy(), rng=7)
        >>> result.runs, result.reached + result.out_of_time + sum(result.defeats.values())
        (20, 20)
    """
    n = check_int("n", n, low=0, high=10**8)
    check_type("wanderer", wanderer, Wanderer)
    check_type("map_setup", map_setup, JourneySetup)
    _check_policy(policy)
    max_steps = check_int("max_steps", max_steps, low=1)
    first_run = check_int("first_run", first_run, low=0)
    if progress is not None:
        check_type("progress", progress, bool)
    if stream is not None and not callable(getattr(stream, "write", None)):
        raise TypeError(f"stream must be a text stream or None, got {type(stream).__name__}")
    root = _root_seed(rng)
    shared = dice_source(rng) if root is None else None
    out = sys.stderr if stream is None else stream
    show = progress if progress is not None else (n >= 500 and out.isatty())
    every = max(1, n // 100)
    reached = out_of_time = 0
    defeats: Counter[str] = Counter()
    days: Counter[int] = Counter()
    for run in range(n):
        if shared is not None:
            source = shared
        else:
            assert root is not None
            child = np.random.SeedSequence(root.entropy, spawn_key=(*root.spawn_key, first_run + run))
            source = GeneratorDice(np.random.Generator(np.random.PCG64(child)))
        end = _run_one(start_journey(wanderer, map_setup, rng=source), policy, source, max_steps)
        days[end.day] += 1
        if end.outcome is JourneyOutcome.REACHED_HUM:
            reached += 1
        elif end.outcome is JourneyOutcome.OUT_OF_TIME:
            out_of_time += 1
        elif end.defeat is not None:
            defeats[end.defeat.cause.name] += 1
        if show and ((run + 1) % every == 0 or run + 1 == n):
            done = (run + 1) * 30 // max(n, 1)
            out.write(f"\rsimulate_journey [{'#' * done}{'.' * (30 - done)}] {run + 1}/{n}")
            if run + 1 == n:
                out.write("\n")
            out.flush()
    name = str(getattr(policy, "name", type(policy).__name__))
    return JourneySimulation(
        runs=n,
        policy=name,
        reached=reached,
        out_of_time=out_of_time,
        defeats=dict(defeats),
        days=dict(sorted(days.items())),
    )


# Bind the string annotations (``from __future__ import annotations``) to this module's
# classes now: JSON loading resolves them, and a test runner that imports this file a
# second time (Sybil, importlib mode) would otherwise hand back the copy's enums.
for _record in (Choice, AreaEntry, PortalRules, RegionRules, JourneySetup, Journey, JourneyStep, JourneySimulation):
    attrs.resolve_types(_record)
