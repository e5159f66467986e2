"""What a d20-dialect roll should tell the player besides its total: nothing yet beyond the roll itself."""

from __future__ import annotations

from tabletop_core.notation._kernel.records import RollResult

__all__ = ["warnings_d20"]


def warnings_d20(result: RollResult) -> tuple[str, ...]:  # noqa: ARG001 - filled in with the warnings of its operators
    """The warnings of a d20-dialect result."""
    return ()
