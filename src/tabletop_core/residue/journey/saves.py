"""Saved Journeys of earlier versions, upgraded to the typed phases (format version 2).

Version 1 (and the untagged 0.1.0/0.2.0 shape) kept a flat :class:`Journey`: a ``phase``
name beside the fields of every phase (``travel_stars``, ``encounter``, ``trading``,
``outcome``, ...) and the Tokens' Creatures in a parallel ``foes`` list. Version 2 keeps
one :attr:`Journey.stage` holding only its phase's data, and each Token its own ``foe``.
The migration below moves every field to its place; nothing is dropped (a field that
meant nothing in the saved phase held its default).
"""

from __future__ import annotations

from typing import Any

from tabletop_core._migrations import migration
from tabletop_core.errors import InvalidInput

__all__: list[str] = []  # registers the migrations of older saves; nothing to call

_OLD_FIELDS = (
    "phase",
    "travel_stars",
    "travel_ends",
    "encounter",
    "encounter_tokens",
    "retaliators",
    "after_combat",
    "movement_next",
    "outcome",
    "defeat",
    "healed",
    "trading",
    "back_to",
    "foes",
)


def _tagged(kind: str, **fields: Any) -> dict[str, Any]:  # Any: JSON values
    return {"type": f"residue.{kind}", "version": 1, **fields}


def _name(value: object, field: str) -> str:
    if not isinstance(value, str):
        raise InvalidInput(f"{field}: a saved Journey names it as a string, got {type(value).__name__}")
    return value.lower()


@migration("residue.Journey", 1)
def _journey_1_to_2(data: dict[str, Any]) -> dict[str, Any]:  # Any: JSON data
    """Version 1 -> 2: the flat phase fields become one typed stage; each Token carries its foe."""
    if "stage" in data:  # a version 2 key: data saying version 1 must be in the version 1 shape
        raise InvalidInput("a Journey of version 1 holds no 'stage' (that is version 2)")
    old = {key: data.pop(key) for key in _OLD_FIELDS if key in data}
    phase = _name(old.get("phase", "travel"), "phase")
    tokens = data.get("tokens")
    foes = old.get("foes")
    if isinstance(tokens, list) and isinstance(foes, list):
        if len(foes) != len(tokens):
            raise InvalidInput(f"foes must hold one entry per Token: {len(tokens)} Tokens, {len(foes)} foes")
        data["tokens"] = [
            {**token, "foe": foe} if isinstance(token, dict) else token for token, foe in zip(tokens, foes, strict=True)
        ]
    trip = _tagged(
        "Trip",
        stars=old.get("travel_stars", 0),
        ends=old.get("travel_ends", False),
        begun=_name(old.get("back_to", "move"), "back_to") != "travel",
    )
    if _name(old.get("after_combat", "move"), "after_combat") == "check_strain":
        then = _tagged("TokenMovement", next=old.get("movement_next"))
    else:
        then = trip
    data["stage"] = _stage(phase, old, trip, then)
    return data


def _stage(phase: str, old: dict[str, Any], trip: dict[str, Any], then: dict[str, Any]) -> dict[str, Any]:  # Any: JSON
    """The version 2 stage of a version 1 Journey in *phase*."""
    if phase in ("combat", "defend"):
        links = old.get("encounter_tokens") or []
        if not isinstance(links, list):
            raise InvalidInput("encounter_tokens must be a list")
        pairs = [[enemy, token] for enemy, token in enumerate(links) if token is not None]
        if old.get("encounter") is None:
            raise InvalidInput(f"phase {phase.upper()} needs an encounter")
        retaliators = old.get("retaliators", [])
        return _tagged("CombatPhase", encounter=old["encounter"], tokens=pairs, retaliators=retaliators, then=then)
    simple = {
        "travel": ("TravelPhase", {}),
        "move": ("MovePhase", {"stars": old.get("travel_stars", 0)}),
        "escape": ("EscapePhase", {"then": then}),
        "trade": ("TradePhase", {"vendor": old.get("trading"), "then": trip}),
        "meet": ("MeetPhase", {"then": trip}),
        "place": ("PlacePhase", {"then": trip}),
        "check_strain": ("CheckStrainPhase", {}),
        "payoff": ("PayoffPhase", {}),
        "recover": ("RecoverPhase", {"healed": old.get("healed", False)}),
        "over": ("EndedPhase", {"outcome": old.get("outcome"), "defeat": old.get("defeat")}),
    }
    if phase not in simple:
        raise InvalidInput(f"phase: a saved Journey's phase must be one of {sorted(simple)}, got {phase[:40]!r}")
    kind, fields = simple[phase]
    return _tagged(kind, **fields)


@migration("residue.JourneyStep", 1)
def _step_1_to_2(data: dict[str, Any]) -> dict[str, Any]:  # Any: JSON data
    """Version 1 -> 2: the log lines become :class:`~tabletop_core.residue.journey.events.Note` events (text kept)."""
    lines = data.get("events")
    if isinstance(lines, list):
        data["events"] = [_tagged("Note", line=_line(line, "events")) for line in lines]
    return data


def _line(value: object, field: str) -> str:
    """A log line of a version 1 save (text: the typed events came with version 2)."""
    if not isinstance(value, str):
        raise InvalidInput(f"{field}: a saved line of version 1 is a string, got {type(value).__name__}")
    return value


@migration("residue.JourneyPlay", 1)
def _play_1_to_2(data: dict[str, Any]) -> dict[str, Any]:  # Any: JSON data
    """Version 1 -> 2: each log line becomes a step of one :class:`~tabletop_core.residue.journey.events.Note`.

    The line (the whole ``str()`` of its step) is kept, and :attr:`JourneyPlay.lines` shows it as saved.
    """
    lines = data.get("log")
    if isinstance(lines, list):
        data["log"] = [[_tagged("Note", line=_line(line, "log"))] for line in lines]
    return data
