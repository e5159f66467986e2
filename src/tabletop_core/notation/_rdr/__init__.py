"""The ``rdr`` dialect's wing: rpg-dice-roller's grammar (5.5.x), read and rolled exactly as it reads and rolls it.

Its tree (:mod:`.tree`), parser (:mod:`.parser`, rpg-dice-roller's grammar rule by rule),
arithmetic (:mod:`.mathjs`: mathjs's numbers and functions), dice terms in the kernel's
words (:mod:`.dice`), rolling (:mod:`.roll`), exact odds (:mod:`.odds`), rendering
(:mod:`.render`) and warnings (:mod:`.warn`). The public face is
:mod:`tabletop_core.notation.dialect_rdr`. This module is what the kernel asks about an
``rdr``-dialect result (see :class:`~tabletop_core.notation._kernel.registry.Wing`).
"""

from __future__ import annotations

import attrs

from tabletop_core.notation._kernel.records import RolledNode, RollResult
from tabletop_core.notation._rdr.render import breakdown_rdr, replay_total, rolled_tree_rdr

__all__ = ["breakdowns", "checked", "rolled_tree", "warnings"]


def breakdowns(result: RollResult, *, markdown: bool) -> tuple[str, str | None]:
    """The breakdown of an ``rdr``-dialect result (no target: the dialect has no ``vs``)."""
    return breakdown_rdr(result, markdown=markdown), None


def rolled_tree(result: RollResult) -> RolledNode:
    """The rolled tree of an ``rdr``-dialect result (see :func:`.render.rolled_tree_rdr`)."""
    return rolled_tree_rdr(result)


def checked(result: RollResult) -> RollResult:
    """The record rpg-dice-roller's arithmetic gives for *result*'s term values: the total replayed.

    Raises:
        NotationError: the expression cannot be read back, or the records do not match it.
    """
    total = replay_total(result)
    return result if total == result.total and type(total) is type(result.total) else attrs.evolve(result, total=total)


def warnings(result: RollResult) -> tuple[str, ...]:
    """What the player should know about an ``rdr``-dialect roll (see :mod:`.warn`)."""
    from tabletop_core.notation._rdr.warn import warnings_rdr

    return warnings_rdr(result)
