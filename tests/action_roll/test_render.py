import json

import pytest

from tabletop_core import action_roll as ar
from tabletop_core.action_roll import (
    Character,
    ConditionMeter,
    Impact,
    Impacts,
    Legacy,
    LegacyTrack,
    Meter,
    Momentum,
    Odds,
    Party,
    ProgressTrack,
    Rank,
)

_cancelled = ar.resolve_action(action_die=3, challenge_dice=(2, 2), stat=1, adds=1, momentum=-3)
_burned, _ = ar.burn_momentum(ar.resolve_action(action_die=1, challenge_dice=(4, 9), stat=1), Momentum(6))

EVERY_RECORD = [
    ar.resolve_action(action_die=4, challenge_dice=(3, 8), stat=2),
    _cancelled,
    _burned,
    ar.resolve_progress(progress_score=4, challenge_dice=(7, 7)),
    ar.resolve_oracle(odds=Odds.ALMOST_CERTAIN, roll=91),
    Momentum(-6, impacts=2).lose(3),
    ProgressTrack(Rank.FORMIDABLE, ticks=13, name="Hold the line"),
    LegacyTrack(Legacy.DISCOVERIES, ticks=7),
    ConditionMeter(Meter.ASSET, 2, maximum=4),
    Impacts([Impact.BATTERED, Impact.DOOMED], aboard=True),
    Character(name="Ash").mark_impact(Impact.TRAUMATIZED),
    Party().sacrifice_resources(5),
]


@pytest.mark.parametrize("record", EVERY_RECORD, ids=lambda r: type(r).__name__)
def test_every_record_renders_one_line_and_round_trips(record):
    line = str(record)
    assert line
    assert "\n" not in line
    assert "\n" not in record.to_markdown()
    assert record._repr_html_().startswith('<table class="tabletop-record">')
    assert record._repr_markdown_().startswith("**")
    data = json.loads(json.dumps(record.to_dict()))
    assert type(record).from_dict(data) == record
    assert type(record).from_json(record.to_json()) == record


def test_cancelled_die_and_burn_are_shown():
    assert str(_cancelled) == "Action 3 cancelled by momentum -3 to 0 + 1 + 1 = 2 vs 2 · 2 -> miss (match)"
    assert str(_burned) == "Action 1 + 1 = 2 vs 4 · 9 -> miss; burned momentum +6 -> weak hit"
    assert _burned.to_markdown() == "Action 1 + 1 = 2 vs 4 · 9 -> miss; burned momentum +6 -> **weak hit**"


def test_html_escapes():
    assert "&gt;" in ar.resolve_action(action_die=4, challenge_dice=(3, 8), stat=2)._repr_html_()
