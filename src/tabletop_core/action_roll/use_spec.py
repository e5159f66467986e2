"""``ASSET:ABILITY:CHOICE``: how a player names the asset ability they claim for a move.

The command line's ``--use Diplomat:2`` and ``make_move(..., use="Diplomat:2")`` read it
the same way, here: the asset by its name or id (a Datasworn 0.1 id, ``asset:starforged/
path/diplomat``, keeps its colon), then optionally the ability's number on
the card (1 to 3, as printed) and the label of one choice of a "choose one" list
(``"Heavy Cannons:1:Strafing run"``, or ``"Heavy Cannons:Strafing run"``). Each refusal
says which part is wrong: no such asset, no such ability, an ability not marked, a choice
the ability does not have, or an ability that does not change this move.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop_core._frozen import frozen
from tabletop_core._validate import check_type, clip
from tabletop_core.action_roll.asset_state import AssetState
from tabletop_core.action_roll.character import PlayerCharacter
from tabletop_core.action_roll.datasworn.enhancements import MoveEnhancement
from tabletop_core.action_roll.datasworn.moves import Move
from tabletop_core.errors import InvalidInput, RuleError

__all__ = ["UseSpec", "claimed", "not_changed"]


@frozen
class UseSpec:
    """One ``ASSET[:ABILITY][:CHOICE]`` as written: the asset's key, the ability's index (0-based) or None, a choice.

    Attributes:
        asset: The asset's name or id, as written.
        ability: The ability's index on the card (the written number less one), or ``None``.
        choice: The label (or part of it) of one choice, or ``""``.
    """

    asset: str
    ability: int | None
    choice: str

    @classmethod
    def parse(cls, spec: str) -> UseSpec:
        """Read ``ASSET[:ABILITY][:CHOICE]``; an ABILITY is a number, anything else a choice.

        Raises:
            InvalidInput: the asset is left out, or the ability's number is not a whole number from 1.
        """
        check_type("use", spec, str)
        parts = spec.split(":")
        if len(parts) > 1 and "/" in parts[1] and "/" not in parts[0]:
            parts[:2] = [f"{parts[0]}:{parts[1]}"]  # a Datasworn 0.1 id: "asset:starforged/companion/banshee"
        asset = parts[0]
        rest = ":".join(parts[1:])
        ability_text, _, choice = rest.partition(":")
        if not asset.strip():
            raise InvalidInput(f"use {clip(spec)}: name the asset first (ASSET, ASSET:ABILITY or ASSET:ABILITY:CHOICE)")
        ability_text = ability_text.strip()
        if ability_text[:1] in ("-", "+") and ability_text[1:].isascii() and ability_text[1:].isdigit():
            raise InvalidInput(f"use {clip(spec)}: an ability is numbered as on the card, from 1")
        if ability_text and not (ability_text.isascii() and ability_text.isdigit()):
            return cls(asset.strip(), None, rest.strip())  # "Heavy Cannons:Strafing run": a choice, no number
        if ability_text and int(ability_text) < 1:
            raise InvalidInput(f"use {clip(spec)}: an ability is numbered as on the card, from 1")
        return cls(asset.strip(), int(ability_text) - 1 if ability_text else None, choice.strip())

    def __str__(self) -> str:
        number = "" if self.ability is None else f":{self.ability + 1}"
        return f"{self.asset}{number}" + (f":{self.choice}" if self.choice else "")


def claimed(
    spec: UseSpec, character: PlayerCharacter, extra: Sequence[MoveEnhancement]
) -> tuple[AssetState, list[MoveEnhancement]]:
    """The held asset *spec* names and the enhancements of *extra* (those of a move) it claims.

    An empty list means the ability changes *move* in no way an enhancement holds (the caller
    may read it otherwise: a momentum reset for a burn).

    Raises:
        InvalidInput: no such asset held, no such ability on its card, no such choice, or a
            choice left out where the ability offers several.
        RuleError: the ability named is not marked.
    """
    held = character.asset(spec.asset)
    count = len(held.abilities)
    if spec.ability is not None:
        if spec.ability >= count:
            raise InvalidInput(f"use {clip(str(spec))}: {held.name} has abilities 1 to {count}")
        if not held.abilities[spec.ability]:
            raise RuleError(f"use {clip(str(spec))}: {held.name}'s ability {spec.ability + 1} is not marked")
    mine = [e for e in extra if e.asset == held.id and (spec.ability is None or e.ability == spec.ability)]
    if spec.choice:
        wanted = spec.choice.casefold()
        chosen = [e for e in mine if wanted in e.choice.casefold()]
        if mine and not chosen:
            choices = ", ".join(repr(e.choice) for e in mine if e.choice) or "none"
            raise InvalidInput(f"use {clip(str(spec))}: no choice {clip(spec.choice)} (its choices: {choices})")
        mine = chosen
    if len({e.choice for e in mine}) > 1:
        names = ", ".join(f"{held.name}:{e.ability + 1}:{e.choice}" for e in mine)
        raise InvalidInput(f"use {clip(str(spec))}: choose one of {names}")
    return held, mine


def not_changed(spec: UseSpec, held: AssetState, move: Move, extra: Sequence[MoveEnhancement]) -> InvalidInput:
    """The error for an ability that changes *move* in no way: which of the character's abilities do."""
    listing = "; ".join(f"{e.asset_name}:{e.ability + 1}" + (f":{e.choice}" if e.choice else "") for e in extra)
    what = held.name if spec.ability is None else f"{held.name}'s ability {spec.ability + 1}"
    return InvalidInput(
        f"use {clip(str(spec))}: {what} does not change {move.name} (abilities that do: {listing or 'none'})"
    )
