"""The dispatch from a choice to its handler, and :func:`start_journey`."""

from __future__ import annotations

from tabletop_core._fast import BoundedCache
from tabletop_core._validate import check_type
from tabletop_core.residue.hexmap import Hex, HexMap
from tabletop_core.residue.hum import place_hum
from tabletop_core.residue.journey.choices import (
    Act,
    BanishChoice,
    CommitChoice,
    InventoryChoice,
    MoveChoice,
    PickChoice,
    PlainChoice,
    SlotChoice,
    StrainChoice,
    SwitchChoice,
    TakeRestChoice,
)
from tabletop_core.residue.journey.content import JourneySetup
from tabletop_core.residue.journey.flow import _FINISH, _READ
from tabletop_core.residue.journey.handlers_combat import (
    _do_attack,
    _do_defend,
    _do_escape,
    _do_pass,
    _do_recover,
    _do_reroll,
    _do_run,
    _finish_attack,
    _finish_defend,
    _finish_run,
)
from tabletop_core.residue.journey.handlers_decisions import (
    _do_commit_skill,
    _do_keep,
    _do_luck,
    _do_offer,
    _do_option,
    _finish_skill,
    _read_entry,
)
from tabletop_core.residue.journey.handlers_items import (
    _do_activate,
    _do_barter,
    _do_barter_pay,
    _do_discard_card,
    _do_leave,
    _do_place,
    _do_recycle,
    _do_switch,
)
from tabletop_core.residue.journey.handlers_rest import (
    _do_banish,
    _do_end_rest,
    _do_pay,
    _do_recover_one,
    _do_rest,
    _do_stop_paying,
    _do_travel,
)
from tabletop_core.residue.journey.handlers_travel import (
    _do_commit_move,
    _do_end_travel,
    _do_fast_travel,
    _do_go_on,
    _do_meet,
    _do_move,
    _finish_commit_move,
)
from tabletop_core.residue.journey.state import Journey, _on
from tabletop_core.residue.wanderer import Wanderer
from tabletop_core.rng import RngLike

# The typed dispatch: each act to its handler, which takes that act's kind of Choice.
_on(CommitChoice, _do_commit_move, Act.COMMIT_MOVE)
_on(MoveChoice, _do_move, Act.MOVE)
_on(PlainChoice, _do_end_travel, Act.END_TRAVEL)
_on(CommitChoice, _do_attack, Act.ATTACK)
_on(PlainChoice, _do_pass, Act.PASS)
_on(CommitChoice, _do_run, Act.RUN)
_on(CommitChoice, _do_defend, Act.DEFEND)
_on(PlainChoice, _do_defend, Act.NO_DEFENSE)
_on(MoveChoice, _do_escape, Act.ESCAPE_TO)
_on(StrainChoice, _do_recover, Act.RECOVER)
_on(StrainChoice, _do_reroll, Act.REROLL)
_on(PlainChoice, _do_travel, Act.TRAVEL)
_on(TakeRestChoice, _do_rest, Act.REST)
_on(InventoryChoice, _do_pay, Act.PAY)
_on(PlainChoice, _do_stop_paying, Act.STOP_PAYING)
_on(BanishChoice, _do_banish, Act.BANISH)
_on(InventoryChoice, _do_recover_one, Act.HEAL, Act.PANIC_ROLL, Act.FATIGUE_ROLL)
_on(PlainChoice, _do_end_rest, Act.END_REST)
_on(SwitchChoice, _do_switch, Act.SWITCH)
_on(PickChoice, _do_barter, Act.BARTER)
_on(InventoryChoice, _do_barter_pay, Act.BARTER_PAY)
_on(PlainChoice, _do_leave, Act.LEAVE)
_on(PickChoice, _do_fast_travel, Act.FAST_TRAVEL)
_on(PickChoice, _do_meet, Act.MEET)
_on(PlainChoice, _do_go_on, Act.GO_ON)
_on(SlotChoice, _do_place, Act.PLACE)
_on(PlainChoice, _do_discard_card, Act.DISCARD_CARD)
_on(SlotChoice, _do_recycle, Act.RECYCLE)
_on(SlotChoice, _do_activate, Act.ACTIVATE)
_on(PlainChoice, _do_luck, Act.LUCK, Act.NO_LUCK)
_on(PickChoice, _do_option, Act.OPTION)
_on(PickChoice, _do_keep, Act.KEEP_CARD)
_on(CommitChoice, _do_commit_skill, Act.COMMIT_SKILL)
_on(PlainChoice, _do_offer, Act.GAIN_ITEM, Act.LEAVE_ITEM, Act.SHUFFLE, Act.NO_SHUFFLE)
_READ["read"] = _read_entry
_FINISH.update(
    {
        Act.COMMIT_MOVE: _finish_commit_move,
        Act.ATTACK: _finish_attack,
        Act.RUN: _finish_run,
        Act.DEFEND: _finish_defend,
        Act.COMMIT_SKILL: _finish_skill,
    }
)


_ORIGIN = Hex(0, 0)
_START_MAPS: BoundedCache[int, tuple[JourneySetup, HexMap]] = BoundedCache(limit=16)


def _start_map(setup: JourneySetup) -> HexMap:
    """The map before the Hum is placed: the starting Hex in its Region and Area (no dice drawn).

    The same for every Journey on *setup*, so a simulation builds it once: kept by the
    setup's identity (the setup is kept with it, so the id cannot be reused meanwhile).
    """
    found = _START_MAPS.get(id(setup))
    if found is not None and found[0] is setup:
        return found[1]
    hexmap = HexMap(regions=setup.regions).set_region(_ORIGIN, setup.start_region)
    hexmap = hexmap.discover_area(_ORIGIN, setup.start_area)
    _START_MAPS.put(id(setup), (setup, hexmap))
    return hexmap


def start_journey(wanderer: Wanderer, setup: JourneySetup, *, rng: RngLike = None) -> Journey:
    """Set up a Journey: the starting Hex discovered, the Hum placed, the Tokens laid out.

    Draws the Hum's dice (the Compass Die, 2d4, and the Compass Die again when needed). The
    Creatures of Creature and Raiders Tokens are drawn at their first Encounter ("Region
    Mutation: Apply when the Creature is first drawn"), in the Region they are met in.
    """
    check_type("wanderer", wanderer, Wanderer)
    check_type("setup", setup, JourneySetup)
    hexmap = _start_map(setup)
    placement = place_hum(hexmap, _ORIGIN, compass=setup.compass, rng=rng)
    # A Creature or Raiders Token's Creature is drawn at its first Encounter (with the Mutation of
    # the Region it is met in), so the Tokens go on the map as they are.
    hexmap, tokens = placement.apply(hexmap, setup.tokens)
    return Journey(
        wanderer=wanderer,
        hexmap=hexmap,
        tokens=tokens,
        position=_ORIGIN,
        setup=setup,
        vendors=setup.vendors,
        item_deck=setup.item_deck,
    )
