"""Saves that refer to their content by digest (``embed_setup=False``), and saves that embed it, old ones too."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

import tabletop_core as tc
from tabletop_core.records import load
from tabletop_core.residue import Wanderer
from tabletop_core.residue.journey import (
    CautiousPolicy,
    Journey,
    JourneyPlay,
    JourneySetup,
    JourneyStep,
    SetupRef,
    example_setup,
    play_journey,
    start_journey,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SHEET = Wanderer.new(hp=6, endurance_dice=["d8", "d8", "d6"], inventory="d8", luck="d6", strain_threshold=3, rng=1)


def played():
    start = start_journey(SHEET, example_setup(), rng=4)
    end, steps = play_journey(start, CautiousPolicy(), rng=5)
    return start, end, steps


def test_a_save_by_reference_holds_the_setups_digest_and_loads_with_the_setup_given():
    _, end, _ = played()
    embedded, by_digest = end.to_json(), end.to_json(embed_setup=False)
    data = json.loads(by_digest)
    assert data["setup"] == {"type": "residue.SetupRef", "version": 1, "sha256": example_setup().digest}
    assert len(by_digest) < len(embedded) - 4000  # the setup is most of a save
    assert Journey.from_json(by_digest, setup=example_setup()) == end
    assert Journey.from_json(embedded) == end
    assert Journey.from_json(embedded, setup=example_setup()) == end


def test_a_save_by_reference_needs_its_own_setup():
    _, end, _ = played()
    data = end.to_dict(embed_setup=False)
    with pytest.raises(tc.InvalidInput, match="refers to its setup by digest"):
        Journey.from_dict(data)
    other = attrs.evolve(example_setup(), max_days=39)
    with pytest.raises(tc.InvalidInput, match="the setup given is sha256:"):
        Journey.from_dict(data, setup=other)
    with pytest.raises(tc.InvalidInput, match="another setup"):
        Journey.from_dict(end.to_dict(), setup=other)
    with pytest.raises(tc.InvalidInput, match="64 lower-case hex"):
        Journey.from_dict({**data, "setup": {**data["setup"], "sha256": "abc"}}, setup=example_setup())
    with pytest.raises(TypeError, match="setup"):
        Journey.from_dict(data, setup="the example")
    with pytest.raises(TypeError, match="embed_setup"):
        end.to_dict(embed_setup="no")
    with pytest.raises(tc.InvalidInput, match="pass setup="):
        load(data)  # the generic loader has no setup to give


def test_a_step_and_a_whole_play_save_their_setups_by_reference_too():
    start, end, steps = played()
    step = steps[0]
    assert JourneyStep.from_json(step.to_json(embed_setup=False), setup=example_setup()) == step
    play = JourneyPlay.of("cautious", start, end, steps)
    text = play.to_json(embed_setup=False)
    assert text.count('"residue.SetupRef"') == 2
    assert '"residue.JourneySetup"' not in text
    assert JourneyPlay.from_json(text, setup=example_setup()) == play
    assert len(text) < len(play.to_json()) - 8000


def test_the_digest_is_the_setups_json_and_ignores_nothing_that_changes_the_content():
    setup = example_setup()
    assert setup.digest == JourneySetup.from_dict(json.loads(json.dumps(setup.to_dict()))).digest
    assert setup.digest != attrs.evolve(setup, max_choices=9).digest
    assert setup.digest != attrs.evolve(setup, start_area="Crater").digest
    assert str(SetupRef(setup.digest)).startswith("JourneySetup sha256:")
    assert SetupRef.from_dict(SetupRef(setup.digest).to_dict()) == SetupRef(setup.digest)


@pytest.mark.parametrize("fmt", ["0.1.0", "format-1", "format-2"])
def test_older_saves_embed_their_setup_and_still_load_with_or_without_it_given(fmt):
    data = json.loads((FIXTURES / fmt / "residue.Journey.json").read_text(encoding="utf-8"))
    loaded = Journey.from_dict(data)
    assert Journey.from_dict(data, setup=loaded.setup) == loaded
    again = Journey.from_dict(loaded.to_dict(embed_setup=False), setup=loaded.setup)
    assert again == loaded


def test_a_save_in_the_middle_of_a_barter_loads_and_a_tampered_one_is_refused():
    from tabletop_core.residue import Inventory, InventoryKind, Item, Loadout, Vendor
    from tabletop_core.residue.journey import Act, Choice, TradePhase

    trader = Vendor("Trader", tradeable=(InventoryKind.WATER,), goods=(Item("Knife"),), prices=(2,))
    w = attrs.evolve(SHEET, loadout=Loadout((None,), ()))
    j = attrs.evolve(start_journey(w, attrs.evolve(example_setup(), vendors=(trader,)), rng=4), vendors=(trader,))
    j = attrs.evolve(j, stage=TradePhase(vendor="Trader"))
    paying = j.apply(Choice(Act.BARTER, target=0)).journey
    half = paying.apply(Choice(Act.BARTER_PAY, kind=InventoryKind.WATER), rng=tc.ScriptedDice([5])).journey
    assert Journey.from_json(half.to_json()) == half
    data = half.to_dict()
    with pytest.raises(tc.InvalidInput, match="paying"):
        Journey.from_dict({**data, "stage": {**data["stage"], "paying": 3}})
    dry = half.wanderer.inventory.with_die("water", 0)
    with pytest.raises(tc.InvalidInput, match="Failed Barter"):
        attrs.evolve(half, wanderer=half.wanderer.with_inventory(dry))
    assert isinstance(dry, Inventory)


def test_a_save_by_reference_passes_the_shipped_json_schemas():
    """The schema of a Journey, a step and a play allow a SetupRef where the setup was."""
    from schema_support import problems

    _, end, _ = played()
    by_digest, embedded = json.loads(end.to_json(embed_setup=False)), json.loads(end.to_json())
    assert problems(by_digest, "residue.Journey") == []
    assert problems(embedded, "residue.Journey") == []
    broken = {**by_digest, "setup": {"type": "residue.SetupRef", "version": 1}}
    assert problems(broken, "residue.Journey")  # a reference without its digest
