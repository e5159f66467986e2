"""The dispatch from a choice to its handler, and :func:`start_journey`."""

from __future__ import annotations

import attrs

from tabletop_core._validate import check_type
from tabletop_core.residue.hexmap import Hex, HexMap
from tabletop_core.residue.hum import place_hum
from tabletop_core.residue.journey.choices import Act
from tabletop_core.residue.journey.content import _FIGHTERS, JourneySetup
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
    _do_luck,
    _do_offer,
    _do_option,
    _finish_skill,
    _read_entry,
)
from tabletop_core.residue.journey.handlers_items import (
    _do_activate,
    _do_barter,
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
from tabletop_core.residue.journey.state import _APPLY, Journey
from tabletop_core.residue.wanderer import Wanderer
from tabletop_core.rng import RngLike

_APPLY.update(
    {
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
        Act.LUCK: _do_luck,
        Act.NO_LUCK: _do_luck,
        Act.OPTION: _do_option,
        Act.COMMIT_SKILL: _do_commit_skill,
        Act.GAIN_ITEM: _do_offer,
        Act.LEAVE_ITEM: _do_offer,
        Act.SHUFFLE: _do_offer,
        Act.NO_SHUFFLE: _do_offer,
    }
)
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
    tokens = tuple(
        attrs.evolve(t, foe=setup.creature(t.name, hexmap.region_of(t.at))) if t.kind in _FIGHTERS else t
        for t in tokens
    )
    return Journey(
        wanderer=wanderer,
        hexmap=hexmap,
        tokens=tokens,
        position=origin,
        setup=setup,
        vendors=setup.vendors,
        item_deck=setup.item_deck,
    )
