"""``ASSET:ABILITY:CHOICE``, read the same way by ``--use`` and by ``make_move(..., use=...)``."""

from __future__ import annotations

import pathlib

import pytest

from tabletop_core import InvalidInput, RuleError, ScriptedDice
from tabletop_core.action_roll import AssetState, PlayerCharacter, Stats, make_move
from tabletop_core.action_roll.datasworn import load
from tabletop_core.action_roll.use_spec import UseSpec

RULES = load(pathlib.Path(__file__).parents[2] / "docs" / "examples" / "mini-starforged.json")
HERO = PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Negotiator", UseSpec("Negotiator", None, "")),
        (" Negotiator : 2 ", UseSpec("Negotiator", 1, "")),
        ("Heavy Cannons:1:Strafing run", UseSpec("Heavy Cannons", 0, "Strafing run")),
        ("Heavy Cannons:Strafing run", UseSpec("Heavy Cannons", None, "Strafing run")),
    ],
)
def test_a_use_is_read_asset_ability_choice(text, expected):
    assert UseSpec.parse(text) == expected
    assert UseSpec.parse(str(expected)) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (":2", "name the asset first"),
        ("Negotiator:0", "numbered as on the card, from 1"),
        ("Negotiator:-1", "numbered as on the card, from 1"),
        ("   ", "name the asset"),
    ],
)
def test_a_use_without_its_asset_or_with_ability_zero_is_refused(text, message):
    with pytest.raises(InvalidInput, match=message):
        UseSpec.parse(text)


def _negotiator(*marked: int) -> PlayerCharacter:
    """The Negotiator: ability 1 (marked when taken) adds +1 to a bargain, 2 raises the momentum reset."""
    card = AssetState.from_asset(RULES.asset("Negotiator"))
    for index in marked:
        card = card.mark_ability(index)
    return HERO.add_asset(card)


def test_make_move_reads_asset_and_ability_as_the_command_line_does():
    """``use="Negotiator:1"`` claims the first ability, as ``--use Negotiator:1`` does."""
    leap = RULES.move("Leap")
    hero = _negotiator()
    by_spec = make_move(leap, hero, option="edge", use="Negotiator:1", rng=ScriptedDice([1, 9, 9]))
    by_name = make_move(leap, hero, option="edge", use="Negotiator", rng=ScriptedDice([1, 9, 9]))
    assert by_spec == by_name
    assert by_spec.rerolls == ("action", "challenge_1", "challenge_2")
    assert by_spec.action.adds == 1


@pytest.mark.parametrize(
    ("use", "error", "message"),
    [
        ("Negotiator:9", InvalidInput, "Negotiator has abilities 1 to 3"),
        ("Negotiator:3", RuleError, "Negotiator's ability 3 is not marked"),
        ("Negotiator:2", InvalidInput, "Negotiator's ability 2 does not change Leap"),  # a reset: for a burn
        ("Nobody:1", InvalidInput, "Nobody"),
    ],
)
def test_each_wrong_part_of_a_use_is_named(use, error, message):
    with pytest.raises(error, match=message):
        make_move(RULES.move("Leap"), _negotiator(1), option="edge", use=use, rng=ScriptedDice([1, 9, 9]))
