"""The d20 dialect's wing: the d20 package's grammar (Avrae's roller), read exactly as that package reads it.

Its tree (:mod:`.tree`), parser (:mod:`.parser`), dice terms in the kernel's words
(:mod:`.dice`), rolling (:mod:`.roll`), exact odds (:mod:`.odds`, :mod:`.alike`) and
rendering (:mod:`.render`). The public face is :mod:`tabletop_core.notation.dialect_d20`.
This module is what the kernel asks about a d20-dialect result (see
:class:`~tabletop_core.notation._kernel.registry.Wing`).
"""

from __future__ import annotations

from tabletop_core.notation._d20.render import breakdown_d20, rolled_tree_d20
from tabletop_core.notation._kernel.records import RolledNode, RollResult

__all__ = ["breakdowns", "checked", "rolled_tree", "warnings"]


def breakdowns(result: RollResult, *, markdown: bool) -> tuple[str, str | None]:
    """The breakdown of a d20-dialect result (no target: the dialect has no ``vs``)."""
    return breakdown_d20(result, markdown=markdown), None


def rolled_tree(result: RollResult) -> RolledNode:
    """The rolled tree of a d20-dialect result (see :func:`.render.rolled_tree_d20`)."""
    return rolled_tree_d20(result)


def checked(result: RollResult) -> RollResult:
    """A loaded d20-dialect record as it stands: its terms are checked one by one, the total is not replayed."""
    return result


def warnings(result: RollResult) -> tuple[str, ...]:
    """What the player should know about a d20-dialect roll (see :mod:`.warn`)."""
    from tabletop_core.notation._d20.warn import warnings_d20

    return warnings_d20(result)
