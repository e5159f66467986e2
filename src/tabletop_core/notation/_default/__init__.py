"""The default dialect's wing: the grammar of :doc:`notation` (Roll20-like, and what grows from it).

Its tokens and lexer (:mod:`.tokens`, :mod:`.lexer`, :mod:`.hints`), tree (:mod:`.terms`,
:mod:`.nodes`, :mod:`.expression`), parser (:mod:`.grammar`, :mod:`.dice_grammar`,
:mod:`.parser`), expression-level features (:mod:`.functions`, :mod:`.groups`), dice terms
in the kernel's words (:mod:`.lowering`), rolling (:mod:`.roll`), exact odds (:mod:`.odds`)
and rendering (:mod:`.render`). This module is what the kernel asks about a default-dialect
result (see :class:`~tabletop_core.notation._kernel.registry.Wing`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop_core.notation.errors import NotationError

if TYPE_CHECKING:
    from tabletop_core.notation._kernel.records import RolledNode, RollResult

# What the kernel asks of a result loads the renderer and the records with it, on first use:
# a process that only reads odds (``distribution``) never loads the roller's side.

__all__ = ["breakdowns", "checked", "rolled_tree", "warnings"]


def breakdowns(result: RollResult, *, markdown: bool) -> tuple[str, str | None]:
    """The breakdown of the roll and of its target after ``vs`` (``None`` without one)."""
    from tabletop_core.notation._default import render

    return render.breakdowns(result, markdown=markdown)


def rolled_tree(result: RollResult) -> RolledNode:
    """The rolled tree of a result; a repeated roll's root holds each result's tree, in order.

    A record that cannot be read back (edited by hand) gives its dice records under the total:
    the tree never raises.
    """
    from tabletop_core.notation._default import render
    from tabletop_core.notation._kernel.records import RolledNode

    if result.results:
        from tabletop_core.notation._default.parser import parse_cached

        try:
            node: object = parse_cached(result.expression, render.READ_BACK)
        except NotationError:
            node = result.expression
        return RolledNode(node, result.total, tuple(rolled_tree(one) for one in result.results))
    try:
        return render.rolled_tree(result)
    except NotationError:
        return RolledNode(
            result.expression, result.total, tuple(RolledNode(r.notation, r.value, (), r) for r in result.rolls)
        )


def checked(result: RollResult) -> RollResult:
    """The record the rule gives for *result*'s expression and dice: the total, the target, the labels replayed.

    Raises:
        NotationError: the expression cannot be read back, or the records do not match it.
    """
    from tabletop_core.notation._default import render

    if result.results:
        total = sum(one.total for one in result.results)
        return result if total == result.total else attrs.evolve(result, total=total)
    total, target, labels = render.replay(result)
    if (total, target, labels) == (result.total, result.target, result.labels):
        return result
    return attrs.evolve(result, total=total, target=target, labels=labels)


def warnings(result: RollResult) -> tuple[str, ...]:
    """What the player should know about a default-dialect roll (see :mod:`.warn`)."""
    from tabletop_core.notation._default.warn import warnings_default

    return warnings_default(result)
