"""The front of dice notation: :func:`parse`, :func:`roll` and :func:`distribution`, dispatching on ``dialect=``.

Each dialect is a wing over the kernel (``_default``, ``_d20``, ``_rdr``). The front
knows them all; the default wing loads with the package, the others on first use, so a
bot on the default grammar never loads them. The front also tells the kernel where each
wing is (:func:`~tabletop_core.notation._kernel.registry.register`), so that a result
loaded from JSON renders in its own dialect.

The commonest call, ``roll(text)`` with the default dialect, limits and names, is one
dictionary lookup before the dice are drawn.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, overload

from tabletop_core._validate import check_type
from tabletop_core.notation import _default
from tabletop_core.notation._default.expression import Expression
from tabletop_core.notation._default.functions import check_variables
from tabletop_core.notation._default.odds import distribution_default
from tabletop_core.notation._default.parser import check_limits, parse_default
from tabletop_core.notation._default.roll import PLANS, plan_for
from tabletop_core.notation._kernel import registry
from tabletop_core.notation._kernel.plans import Plan
from tabletop_core.notation._kernel.records import RollResult
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import Limits, check_dialect
from tabletop_core.odds import Distribution
from tabletop_core.rng import GeneratorDice, _default_source, dice_source

if TYPE_CHECKING:
    from tabletop_core.notation._d20.tree import D20Expression
    from tabletop_core.rng import RngLike

__all__ = ["distribution", "parse", "roll"]

_DEFAULT = "default"  # the default dialect: ``is`` tells the common call in one step
_HOT = PLANS.hot  # the default dialect's plans of texts rolled with the default limits
_OTHER_HOT: dict[str, dict[str, Plan]] = {}  # the same for the other dialects, once loaded


def _load_d20() -> registry.Wing:
    from tabletop_core.notation import _d20

    return _d20


registry.register("default", lambda: _default)
registry.register("d20", _load_d20)


def _is_d20_expression(expr: object) -> bool:
    """Whether *expr* is a parsed d20-dialect expression (none can exist before the dialect loads)."""
    tree = sys.modules.get("tabletop_core.notation._d20.tree")
    return tree is not None and isinstance(expr, tree.D20Expression)


def _no_names(variables: object) -> None:
    """Refuse named values outside the default dialect (an empty mapping names none)."""
    if variables is not None and check_variables(variables):
        raise NotationError("named values (variables=) are read in the default dialect only")


@overload
def parse(expr: str, *, limits: Limits | None = None, variables: Mapping[str, int] | None = None) -> Expression: ...


@overload
def parse(
    expr: str, *, limits: Limits | None = None, dialect: str, variables: Mapping[str, int] | None = None
) -> Expression | D20Expression: ...


def parse(
    expr: str,
    *,
    limits: Limits | None = None,
    dialect: str = _DEFAULT,
    variables: Mapping[str, int] | None = None,
) -> Expression | D20Expression:
    """Parse dice notation into a frozen :class:`~tabletop_core.notation.Expression`.

    Results are cached (in a cache bounded by memory,
    :data:`~tabletop_core.notation.limits.PARSE_CACHE_BYTES`): parsing the same text again
    costs a dictionary lookup.

    Args:
        expr: Notation such as ``"4d6kh3"`` or ``"1d20+5 [attack]"``.
        limits: Safety limits; :data:`~tabletop_core.notation.limits.DEFAULT_LIMITS` when omitted.
        dialect: ``"default"`` (this grammar) or ``"d20"`` (the d20 package's grammar, giving a
            :class:`~tabletop_core.notation.dialect_d20.D20Expression`).
        variables: Named values for ``@name`` (``{"str": 3}``): when given, every name is
            filled in (``1d20+@str`` parses to ``1d20+3``). Without it the names stay in the
            expression, to be filled when it is rolled.

    Returns:
        The expression; ``str()`` of it is canonical notation and parses back to an equal one
        (in the same dialect).

    Raises:
        NotationError: a syntax error (naming the column and what was expected there,
            and the likely intended notation where there is one), a broken limit, or a
            name that *variables* does not hold (the message lists the names it holds).
        TypeError: *expr* is not a string, or *variables* is not a mapping of str to int.

    Examples:
        >>> str(parse("d20 + 5 [Attack]"))
        '1d20+5 [Attack]'
        >>> str(parse("d20+5 to hit", dialect="d20"))
        '1d20 + 5 to hit'
        >>> parse("1d20+ [atk]")
        Traceback (most recent call last):
        ...
        tabletop_core.notation.errors.NotationError: 1d20+ [atk]: expected a number or a die at column 6
    """
    check_type("expr", expr, str)
    if (type(dialect) is not str or dialect != _DEFAULT) and check_dialect(dialect) == "d20":
        from tabletop_core.notation._d20.parser import parse_d20

        _no_names(variables)
        return parse_d20(expr, limits=check_limits(limits))
    return parse_default(expr, check_limits(limits), variables)


def roll(
    expr: str | Expression | D20Expression,
    *,
    rng: RngLike = None,
    limits: Limits | None = None,
    dialect: str = _DEFAULT,
    variables: Mapping[str, int] | None = None,
) -> RollResult:
    """Roll dice notation and keep every die.

    Args:
        expr: Notation such as ``"4d6kh3"`` or ``"1d20+5 [attack]"``, or a parsed
            :class:`~tabletop_core.notation.Expression`.
        rng: Where dice come from (see :func:`~tabletop_core.dice_source`): a seed,
            a numpy Generator, or :class:`~tabletop_core.ScriptedDice` holding dice
            rolled at a real table (Fate dice are read from a d3: 1, 2, 3 mean -1, 0, +1).
        limits: Safety limits; the defaults when omitted.
        dialect: ``"default"`` or ``"d20"`` (the d20 package's grammar and totals; see
            :mod:`tabletop_core.notation.dialect_d20`).
        variables: Named values for ``@name`` (``{"str": 3, "level": 5}``), from a character
            sheet; names are read in lower case.

    Returns:
        A :class:`~tabletop_core.notation.RollResult` with ``.total``, ``.label`` and every die.

    Raises:
        NotationError: a syntax error, a broken limit (checked before any die is
            rolled where the text shows it; explosions and rerolls are counted while
            rolling), or a division by zero.
        TypeError: *expr*, *rng* or *variables* has the wrong type (a value that is not an int).

    Examples:
        >>> from tabletop_core import ScriptedDice
        >>> result = roll("4d6kh3 [str]", rng=ScriptedDice([6, 2, 5, 4]))
        >>> result.total, result.label
        (15, 'str')
        >>> print(result)
        str: 4d6kh3 (6↑, ~2~, 5, 4) = 15
    """
    # The hot path first: a familiar text, the default dialect (the very default object) and limits.
    plan = (
        _HOT.get(expr) if dialect is _DEFAULT and limits is None and variables is None and type(expr) is str else None
    )
    if plan is None:
        hot = _OTHER_HOT.get(dialect) if type(dialect) is str else None
        if hot is not None and limits is None and variables is None and type(expr) is str:
            plan = hot.get(expr)
        if plan is None:
            plan = _plan(expr, limits, dialect, variables)
    source = _default_source() if rng is None else dice_source(rng)
    if type(source) is GeneratorDice:
        return plan(source)  # fresh dice: nothing to give back on failure, skip the context
    with source.atomic():  # a failed roll (dice ran out mid-way) leaves a ScriptedDice unused
        return plan(source)


def _plan(expr: object, limits: Limits | None, dialect: str, variables: Mapping[str, int] | None) -> Plan:
    """The plan of a roll that missed the hot dictionary: in its dialect, its names filled in."""
    if type(dialect) is not str or dialect != _DEFAULT or _is_d20_expression(expr):
        if check_dialect(dialect) == _DEFAULT or isinstance(expr, Expression):
            raise TypeError("a D20Expression needs dialect='d20', and an Expression the default dialect")
        _no_names(variables)
        from tabletop_core.notation._d20.roll import PLANS as D20_PLANS
        from tabletop_core.notation._d20.roll import d20_plan

        _OTHER_HOT["d20"] = D20_PLANS.hot
        plan, size = d20_plan(expr, limits)
        if limits is None and type(expr) is str:
            D20_PLANS.keep_hot(expr, plan, size)
        return plan
    if variables is not None:
        from tabletop_core.notation._default.functions import bind
        from tabletop_core.notation._default.parser import as_expression

        sheet = check_variables(variables)
        expression, checked = as_expression(expr, limits)
        expr, limits = as_expression(bind(expression, sheet), checked)
    plan, size = plan_for(expr, limits)
    if limits is None and type(expr) is str:
        PLANS.keep_hot(expr, plan, size)
    return plan


def distribution(
    expr: str | Expression | D20Expression,
    *,
    limits: Limits | None = None,
    dialect: str = _DEFAULT,
    variables: Mapping[str, int] | None = None,
) -> Distribution[Any]:  # Any: ints, or VsOutcome for a roll against a target
    """The exact distribution of an expression's total.

    Exploding dice explode at most ``limits.explode_depth`` times per die (20 by
    default), exactly as :func:`~tabletop_core.notation.roll` does, so the odds are
    exact for that capped rule and every rolled total lies in the support. Results
    are cached per expression (the cache is bounded by memory,
    :data:`~tabletop_core.notation.limits.ODDS_CACHE_BYTES`), and so are refusals.

    Args:
        expr: Notation such as ``"2d6+3"``, or a parsed expression.
        limits: Safety limits; the defaults when omitted.
        dialect: ``"default"`` or ``"d20"`` (the d20 package's grammar; its rerolls and
            explosions also stop after ``limits.explode_depth`` rounds in exact odds).
        variables: Named values for ``@name`` (as :func:`~tabletop_core.notation.roll` takes them).

    Returns:
        A :class:`~tabletop_core.odds.Distribution` of ints with exact probabilities. For a roll
        against a target (``1d20+5 vs 15``) its outcomes are
        :class:`~tabletop_core.notation.VsOutcome` (success or failure, and the margin). For a
        repeated roll (``6x 4d6kh3``) it is the distribution of each one of the results (they are
        independent and alike), not of their sum.

    Raises:
        NotationError: a syntax error or broken limit; the distribution would have
            more than ``limits.max_odds_outcomes`` outcomes or take more than
            ``limits.max_odds_work`` steps; or a divisor that can be 0.
        TypeError: *expr* is not notation or an expression.

    Examples:
        >>> distribution("4d6kh3").probability(18)
        Fraction(7, 432)
        >>> distribution("1d20+5").at_least(20)
        Fraction(3, 10)
    """
    if type(dialect) is not str or dialect != _DEFAULT or (type(expr) is not str and _is_d20_expression(expr)):
        if check_dialect(dialect) == _DEFAULT or isinstance(expr, Expression):
            raise TypeError("a D20Expression needs dialect='d20', and an Expression the default dialect")
        _no_names(variables)
        from tabletop_core.notation._d20.odds import distribution_d20  # the dialect loads on first use

        return distribution_d20(expr, limits)
    return distribution_default(expr, limits, variables)
