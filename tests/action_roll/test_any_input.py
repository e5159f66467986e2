"""Whatever a chat bot passes to a public function, only a clear TabletopError or TypeError escapes."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import action_roll as ar
from tabletop_core.action_roll import (
    Character,
    ConditionMeter,
    Impacts,
    Legacy,
    LegacyTrack,
    Meter,
    Momentum,
    Odds,
    Outcome,
    Party,
    ProgressTrack,
    Rank,
)
from tabletop_core.action_roll.momentum import max_momentum, momentum_reset
from tabletop_core.action_roll.oracle import is_oracle_match, read_oracle_dice

anything = st.one_of(
    st.integers(-(10**30), 10**30),
    st.integers(-8, 12),
    st.floats(),
    st.text(max_size=4),
    st.none(),
    st.booleans(),
    st.builds(np.int64, st.integers(-20, 20)),
    st.builds(np.float64, st.floats(-20, 20)),
    st.lists(st.integers(-2, 12), max_size=3),
    st.tuples(st.integers(0, 11), st.integers(0, 11)),
    st.sampled_from([Rank.EPIC, Odds.LIKELY, Meter.HEALTH, Outcome.MISS, Momentum(3), object()]),
)

_miss = ar.resolve_action(action_die=1, challenge_dice=(5, 5), stat=1)

CALLS = {
    "resolve_action.stat": lambda v: ar.resolve_action(action_die=3, challenge_dice=(2, 5), stat=v),
    "resolve_action.adds": lambda v: ar.resolve_action(action_die=3, challenge_dice=(2, 5), stat=1, adds=v),
    "resolve_action.momentum": lambda v: ar.resolve_action(action_die=3, challenge_dice=(2, 5), stat=1, momentum=v),
    "resolve_action.action_die": lambda v: ar.resolve_action(action_die=v, challenge_dice=(2, 5), stat=1),
    "resolve_action.challenge_dice": lambda v: ar.resolve_action(action_die=3, challenge_dice=v, stat=1),
    "action_roll.stat": lambda v: ar.action_roll(stat=v, rng=1),
    "action_roll.rng": lambda v: ar.action_roll(stat=1, rng=v),
    "burn_momentum.momentum": lambda v: ar.burn_momentum(_miss, v),
    "burn_momentum.result": lambda v: ar.burn_momentum(v, Momentum(6)),
    "burn_would_improve": lambda v: ar.burn_would_improve(_miss, v),
    "action_odds.stat": lambda v: ar.action_odds(stat=v),
    "action_odds.momentum": lambda v: ar.action_odds(stat=2, momentum=v, burn=True),
    "action_match_odds.burn": lambda v: ar.action_match_odds(stat=2, burn=v),
    "progress_odds": lambda v: ar.progress_odds(v),
    "progress_match_odds": lambda v: ar.progress_match_odds(v),
    "oracle_odds": lambda v: ar.oracle_odds(v),
    "odds_table": lambda v: ar.odds_table(v),
    "simulate_action.n": lambda v: ar.simulate_action(v, stat=1, rng=1),
    "simulate_action.stat": lambda v: ar.simulate_action(3, stat=v, rng=1),
    "simulate_progress.n": lambda v: ar.simulate_progress(v, 3, rng=1),
    "simulate_progress.score": lambda v: ar.simulate_progress(3, v, rng=1),
    "progress_roll": lambda v: ar.progress_roll(v, rng=1),
    "resolve_progress.score": lambda v: ar.resolve_progress(progress_score=v, challenge_dice=(1, 2)),
    "resolve_progress.dice": lambda v: ar.resolve_progress(progress_score=3, challenge_dice=v),
    "resolve_oracle.roll": lambda v: ar.resolve_oracle(odds=Odds.LIKELY, roll=v),
    "resolve_oracle.odds": lambda v: ar.resolve_oracle(odds=v, roll=3),
    "ask_the_oracle": lambda v: ar.ask_the_oracle(v, rng=1),
    "read_oracle_dice": lambda v: read_oracle_dice(v, 1),
    "is_oracle_match": lambda v: is_oracle_match(v),
    "Odds.parse": lambda v: Odds.parse(v),
    "Outcome.from_code": lambda v: Outcome.from_code(v),
    "max_momentum": lambda v: max_momentum(v),
    "momentum_reset": lambda v: momentum_reset(v),
    "Momentum": lambda v: Momentum(v),
    "Momentum.impacts": lambda v: Momentum(0, impacts=v),
    "ProgressTrack": lambda v: ProgressTrack(v),
    "ProgressTrack.ticks": lambda v: ProgressTrack(Rank.EPIC, ticks=v),
    "LegacyTrack": lambda v: LegacyTrack(v),
    "LegacyTrack.reward": lambda v: LegacyTrack(Legacy.BONDS).reward(v),
    "experience": lambda v: ar.experience(v),
    "ConditionMeter.kind": lambda v: ConditionMeter(v, 3),
    "ConditionMeter.value": lambda v: ConditionMeter(Meter.HEALTH, v),
    "ConditionMeter.full": lambda v: ConditionMeter.full(Meter.ASSET, v),
    "ConditionMeter.recover.impacts": lambda v: ConditionMeter(Meter.HEALTH, 3).recover(1, impacts=v),
    "Impacts": lambda v: Impacts(v),
    "Character.health": lambda v: Character(health=v),
    "Character.suffer": lambda v: Character().suffer(v, 1),
    "Party.share_with": lambda v: Party().share_with(v),
    "ActionResult.from_dict": lambda v: ar.ActionResult.from_dict(v),
    "ActionResult.from_json": lambda v: ar.ActionResult.from_json(v),
    "batch.result": lambda v: ar.simulate_action(3, stat=1, rng=1).result(v),
}


@pytest.mark.parametrize("name", sorted(CALLS))
@given(value=anything)
def test_only_clear_errors_escape(name, value):
    try:
        CALLS[name](value)
    except (tc.TabletopError, TypeError) as error:
        message = str(error)
        assert len(message.splitlines()) == 1
        # our own message naming the parameter, not one Python or numpy raised deep inside
        assert not any(raw in message for raw in RAW_MESSAGES), message


RAW_MESSAGES = (
    "is not iterable",
    "not subscriptable",
    "unsupported operand",
    "cannot be interpreted as an integer",
    "has no len()",
    "index out of range",
    "Maximum allowed",
    "not supported between",
)
