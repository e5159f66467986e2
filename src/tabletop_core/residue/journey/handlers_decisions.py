"""The player's decisions added by issue 13: Luck after Delirium's reroll (more join here).

The handlers follow the others' shape: ``(journey, choice, source, events) -> Journey``.
"""

from __future__ import annotations

from tabletop_core._fast import fast_replace as replace
from tabletop_core.residue.actions import luck_after_commit
from tabletop_core.residue.journey.choices import Act, Choice
from tabletop_core.residue.journey.flow import _FINISH
from tabletop_core.residue.journey.phases import LuckPhase
from tabletop_core.residue.journey.state import Journey
from tabletop_core.rng import DiceSource


def _do_luck(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    """Luck for an Action, decided with Delirium's reroll seen: ⊙ Luck once, or not; then resolve the Action."""
    stage = journey.stage
    assert type(stage) is LuckPhase  # LUCK and NO_LUCK are offered only there
    result = stage.pending
    wanderer = journey.wanderer
    if choice.act is Act.LUCK:
        result = luck_after_commit(result, wanderer.luck, rng=source)
        assert result.luck_after is not None  # Luck was rolled
        wanderer = replace(wanderer, luck=result.luck_after)
        events.append(result)
    else:
        events.append("no Luck for the Action")
    journey = replace(journey, wanderer=wanderer, stage=stage.before)
    return _FINISH[stage.choice.act](journey, stage.choice, result, source, events)  # type: ignore[no-any-return]
