import attrs
import pytest

from tabletop_core._fast import fast_replace as replace
from tabletop_core.residue.journey import CautiousPolicy, Journey, example_setup, play_journey, start_journey
from tabletop_core.residue.wanderer import Wanderer


def _wanderer():
    return Wanderer.new(hp=6, endurance_dice=["d8", "d8", "d6"], inventory="d8", luck="d6", strain_threshold=3, rng=4)


def test_replace_is_attrs_evolve_without_the_checks():
    journey = start_journey(_wanderer(), example_setup(), rng=2)
    assert replace(journey, day=3, steps=2) == attrs.evolve(journey, day=3, steps=2)
    assert replace(journey) == journey
    assert replace(journey, day=3) is not journey
    assert journey.day == 1  # the original is untouched
    with pytest.raises(TypeError, match="no field 'nope'"):
        replace(journey, nope=1)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_state_the_engine_builds_passes_the_full_checks(seed):
    # The engine copies states with replace(); rebuilding each through __init__ (all the
    # validators and __attrs_post_init__) must give the same state back.
    start = start_journey(_wanderer(), example_setup(), rng=seed)
    _end, steps = play_journey(start, CautiousPolicy(), rng=seed)
    for step in steps:
        journey = step.journey
        rebuilt = Journey(**{f.name: getattr(journey, f.name) for f in attrs.fields(Journey)})
        assert rebuilt == journey
        wanderer = journey.wanderer
        assert Wanderer(**{f.name: getattr(wanderer, f.name) for f in attrs.fields(Wanderer)}) == wanderer
