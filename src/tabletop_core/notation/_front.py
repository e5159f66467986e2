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
from tabletop_core.notation._advantage import advantage_of, both, split_word
from tabletop_core.notation._default.expression import Expression
from tabletop_core.notation._default.functions import check_variables
from tabletop_core.notation._default.odds import distribution_default
from tabletop_core.notation._default.parser import check_limits, parse_default
from tabletop_core.notation._default.plans import PLANS
from tabletop_core.notation._kernel import registry
from tabletop_core.notation._kernel.plans import Plan, PlanCache
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import Limits, check_dialect
from tabletop_core.odds import Distribution
from tabletop_core.rng import GeneratorDice, _default_source, dice_source

if TYPE_CHECKING:
    from tabletop_core.notation._d20.tree import D20Expression
    from tabletop_core.notation._kernel.records import RollResult
    from tabletop_core.notation._rdr.tree import RdrExpression
    from tabletop_core.rng import RngLike

__all__ = ["distribution", "parse", "roll"]

_DEFAULT = "default"  # the default dialect: ``is`` tells the common call in one step
_HOT = PLANS.hot  # the default dialect's plans of texts rolled with the default limits
_OTHER_HOT: dict[str, dict[str, Plan]] = {}  # the same for the other dialects, once loaded


def _load_d20() -> registry.Wing:
    from tabletop_core.notation import _d20

    return _d20


def _load_rdr() -> registry.Wing:
    from tabletop_core.notation import _rdr

    return _rdr


registry.register("default", lambda: _default)
registry.register("d20", _load_d20)
registry.register("rdr", _load_rdr)


def _is_d20_expression(expr: object) -> bool:
    """Whether *expr* is a parsed d20-dialect expression (none can exist before the dialect loads)."""
    tree = sys.modules.get("tabletop_core.notation._d20.tree")
    return tree is not None and isinstance(expr, tree.D20Expression)


def _is_rdr_expression(expr: object) -> bool:
    """Whether *expr* is a parsed ``rdr``-dialect expression (none can exist before the dialect loads)."""
    tree = sys.modules.get("tabletop_core.notation._rdr.tree")
    return tree is not None and isinstance(expr, tree.RdrExpression)


def _other_dialect(expr: object, dialect: str) -> str:
    """The dialect of a call that is not the default one, checked against the expression given.

    Raises:
        TypeError: a parsed expression of another dialect than *dialect*.
        NotationError: *dialect* names no dialect.
    """
    name = check_dialect(dialect)
    if isinstance(expr, Expression) and name != _DEFAULT:
        raise TypeError(f"an Expression is read in the default dialect, not dialect={name!r}")
    if _is_d20_expression(expr) and name != "d20":
        raise TypeError(f"a D20Expression needs dialect='d20', got dialect={name!r}")
    if _is_rdr_expression(expr) and name != "rdr":
        raise TypeError(f"an RdrExpression needs dialect='rdr', got dialect={name!r}")
    return name


def _with_advantage(expr: object, limits: Limits | None, name: str, advantage: object) -> object:
    """*expr* with a trailing advantage word or ``advantage=`` applied (see :mod:`._advantage`), else itself.

    Raises:
        NotationError: advantage asked of a roll that does not start with one d20, or in the ``rdr``
            dialect; the word and ``advantage=`` asking different things.
        TypeError: *advantage* is not a str.
    """
    asked = advantage_of(advantage)
    word = None
    text = expr
    if type(expr) is str and name != "rdr":
        text, word = split_word(expr, comments=name == _DEFAULT)
        if word is not None and name == _DEFAULT and asked is None and _reads(expr, limits):
            return expr  # the default dialect's own shorthand right after a die: 1d6 adv is 2d6kh1
    if word is None and asked is None:
        return expr
    if name == "rdr":
        raise NotationError("advantage= is read in the default and d20 dialects (rpg-dice-roller has none)")
    kind = both(word, asked, str(expr))
    assert kind is not None  # a word or advantage= asked for it
    if name == "d20":
        from tabletop_core.notation._d20.advantage import with_advantage as d20_advantage
        from tabletop_core.notation._d20.parser import as_d20_expression

        return d20_advantage(as_d20_expression(text, limits)[0], kind)
    from tabletop_core.notation._default.advantage import with_advantage
    from tabletop_core.notation._default.parser import as_expression

    return with_advantage(as_expression(text, limits)[0], kind)


def _reads(text: str, limits: Limits | None) -> bool:
    """Whether the default dialect reads *text* as it stands."""
    try:
        parse_default(text, check_limits(limits))
    except NotationError:
        return False
    return True


def _no_names(variables: object) -> None:
    """Refuse named values outside the default dialect (an empty mapping names none)."""
    if variables is not None and check_variables(variables):
        raise NotationError("named values (variables=) are read in the default dialect only")


@overload
def parse(
    expr: str,
    *,
    limits: Limits | None = None,
    variables: Mapping[str, int] | None = None,
    advantage: str | None = None,
) -> Expression: ...


@overload
def parse(
    expr: str,
    *,
    limits: Limits | None = None,
    dialect: str,
    variables: Mapping[str, int] | None = None,
    advantage: str | None = None,
) -> Expression | D20Expression | RdrExpression: ...


def parse(
    expr: str,
    *,
    limits: Limits | None = None,
    dialect: str = _DEFAULT,
    variables: Mapping[str, int] | None = None,
    advantage: str | None = None,
) -> Expression | D20Expression | RdrExpression:
    """Parse dice notation into a frozen :class:`~tabletop_core.notation.Expression`.

    Results are cached (in a cache bounded by memory,
    :data:`~tabletop_core.notation.limits.PARSE_CACHE_BYTES`): parsing the same text again
    costs a dictionary lookup.

    Args:
        expr: Notation such as ``"4d6kh3"`` or ``"1d20+5 [attack]"``.
        limits: Safety limits; :data:`~tabletop_core.notation.limits.DEFAULT_LIMITS` when omitted.
        dialect: ``"default"`` (this grammar), ``"d20"`` (the d20 package's grammar, giving a
            :class:`~tabletop_core.notation.dialect_d20.D20Expression`) or ``"rdr"``
            (rpg-dice-roller's, giving a :class:`~tabletop_core.notation.dialect_rdr.RdrExpression`).
        variables: Named values for ``@name`` (``{"str": 3}``): when given, every name is
            filled in (``1d20+@str`` parses to ``1d20+3``). Without it the names stay in the
            expression, to be filled when it is rolled.
        advantage: ``"adv"`` or ``"dis"`` (or ``"advantage"``/``"disadvantage"``): the first d20 is
            rolled twice and the higher (lower) kept, as the d20 package's ``advantage=`` and
            avrae's trailing ``adv``/``dis`` word (which the text may end with instead).

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
    if advantage is not None or expr.rstrip()[-3:].lower() in ("adv", "dis", "age"):
        advantaged = _with_advantage(expr, check_limits(limits), check_dialect(dialect), advantage)
        if advantaged is not expr:
            if variables is not None:
                from tabletop_core.notation._default.functions import bind
                from tabletop_core.notation._default.parser import as_expression

                _no_names(variables) if not isinstance(advantaged, Expression) else None
                return as_expression(bind(advantaged, check_variables(variables)), check_limits(limits))[0]  # type: ignore[arg-type]
            return advantaged  # type: ignore[return-value]  # the dialect's expression
    if type(dialect) is not str or dialect != _DEFAULT:
        name = check_dialect(dialect)
        if name == "d20":
            from tabletop_core.notation._d20.parser import parse_d20

            _no_names(variables)
            return parse_d20(expr, limits=check_limits(limits))
        if name == "rdr":
            from tabletop_core.notation._rdr.parser import parse_rdr

            _no_names(variables)
            return parse_rdr(expr, limits=check_limits(limits))
    return parse_default(expr, check_limits(limits), variables)


def roll(
    expr: str | Expression | D20Expression | RdrExpression,
    *,
    rng: RngLike = None,
    limits: Limits | None = None,
    dialect: str = _DEFAULT,
    variables: Mapping[str, int] | None = None,
    advantage: str | None = None,
) -> RollResult:
    """Roll dice notation and keep every die.

    Args:
        expr: Notation such as ``"4d6kh3"`` or ``"1d20+5 [attack]"``, or a parsed
            :class:`~tabletop_core.notation.Expression`.
        rng: Where dice come from (see :func:`~tabletop_core.dice_source`): a seed,
            a numpy Generator, or :class:`~tabletop_core.ScriptedDice` holding dice
            rolled at a real table (Fate dice are read from a d3: 1, 2, 3 mean -1, 0, +1).
        limits: Safety limits; the defaults when omitted.
        dialect: ``"default"``, ``"d20"`` (the d20 package's grammar and totals; see
            :mod:`tabletop_core.notation.dialect_d20`) or ``"rdr"`` (rpg-dice-roller's; see
            :mod:`tabletop_core.notation.dialect_rdr`).
        variables: Named values for ``@name`` (``{"str": 3, "level": 5}``), from a character
            sheet; names are read in lower case.
        advantage: ``"adv"`` or ``"dis"``: the first d20 rolled twice, the higher (lower) kept, as
            the d20 package's ``advantage=``; a text may end with the word instead (``1d20+5 adv``,
            as avrae reads it). Default and ``d20`` dialects.

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
    plain = limits is None and variables is None and advantage is None and type(expr) is str
    plan = _HOT.get(expr) if dialect is _DEFAULT and plain else None  # type: ignore[arg-type]  # a str: plain
    if plan is None:
        hot = _OTHER_HOT.get(dialect) if type(dialect) is str else None
        if hot is not None and plain:
            plan = hot.get(expr)  # type: ignore[arg-type]  # a str: plain
        if plan is None:
            plan = _plan(expr, limits, dialect, variables, advantage)
    source = _default_source() if rng is None else dice_source(rng)
    if type(source) is GeneratorDice:
        return plan(source)  # fresh dice: nothing to give back on failure, skip the context
    with source.atomic():  # a failed roll (dice ran out mid-way) leaves a ScriptedDice unused
        return plan(source)


def _plan(
    expr: object, limits: Limits | None, dialect: str, variables: Mapping[str, int] | None, advantage: object = None
) -> Plan:
    """The plan of a roll that missed the hot dictionary: in its dialect, its names filled in."""
    text = expr if type(expr) is str and advantage is None else None  # the hot dictionary's key
    name = _other_dialect(expr, dialect) if type(dialect) is not str or dialect != _DEFAULT else _DEFAULT
    if advantage is not None or (type(expr) is str and expr.rstrip()[-3:].lower() in ("adv", "dis", "age")):
        expr = _with_advantage(expr, limits, name, advantage)
    plan, size = _plan_of(expr, limits, dialect, variables)
    if text is not None and limits is None and variables is None:
        _hot_plans(name).keep_hot(text, plan, size)
    return plan


def _hot_plans(name: str) -> PlanCache[Any]:
    """The plans of dialect *name* (loaded now), whose hot dictionary the front reads first."""
    if name == _DEFAULT:
        return PLANS
    if name == "d20":
        from tabletop_core.notation._d20.roll import PLANS as D20_PLANS

        _OTHER_HOT["d20"] = D20_PLANS.hot
        return D20_PLANS
    from tabletop_core.notation._rdr.roll import PLANS as RDR_PLANS

    _OTHER_HOT["rdr"] = RDR_PLANS.hot
    return RDR_PLANS


def _plan_of(
    expr: object, limits: Limits | None, dialect: str, variables: Mapping[str, int] | None
) -> tuple[Plan, int]:
    """The plan of *expr* in its dialect, and its size."""
    if type(dialect) is not str or dialect != _DEFAULT or _is_d20_expression(expr) or _is_rdr_expression(expr):
        name = _other_dialect(expr, dialect)
        if name == _DEFAULT:
            raise TypeError("a D20Expression needs dialect='d20', and an RdrExpression dialect='rdr'")
        _no_names(variables)
        _hot_plans(name)
        if name == "d20":
            from tabletop_core.notation._d20.roll import d20_plan

            return d20_plan(expr, limits)
        from tabletop_core.notation._rdr.roll import rdr_plan

        return rdr_plan(expr, limits)
    if variables is not None:
        from tabletop_core.notation._default.functions import bind
        from tabletop_core.notation._default.parser import as_expression

        sheet = check_variables(variables)
        expression, checked = as_expression(expr, limits)
        expr, limits = as_expression(bind(expression, sheet), checked)
    from tabletop_core.notation._default.roll import plan_for  # the roller loads with the first roll

    return plan_for(expr, limits)


def distribution(
    expr: str | Expression | D20Expression | RdrExpression,
    *,
    limits: Limits | None = None,
    dialect: str = _DEFAULT,
    variables: Mapping[str, int] | None = None,
    advantage: str | None = None,
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
        dialect: ``"default"``, ``"d20"`` (the d20 package's grammar; its rerolls and
            explosions also stop after ``limits.explode_depth`` rounds in exact odds) or
            ``"rdr"`` (rpg-dice-roller's; its totals may be fractions, its explosions stop
            after ``limits.explode_depth`` rounds in exact odds, not its 1,000).
        variables: Named values for ``@name`` (as :func:`~tabletop_core.notation.roll` takes them).
        advantage: ``"adv"`` or ``"dis"``, or a trailing word, as :func:`~tabletop_core.notation.roll` reads them.

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
    if advantage is not None or (type(expr) is str and expr.rstrip()[-3:].lower() in ("adv", "dis", "age")):
        expr = _with_advantage(expr, limits, _other_dialect(expr, dialect), advantage)  # type: ignore[assignment]
    if (
        type(dialect) is not str
        or dialect != _DEFAULT
        or (type(expr) is not str and (_is_d20_expression(expr) or _is_rdr_expression(expr)))
    ):
        name = _other_dialect(expr, dialect)
        if name == _DEFAULT:
            raise TypeError("a D20Expression needs dialect='d20', and an RdrExpression dialect='rdr'")
        _no_names(variables)
        if name == "rdr":
            from tabletop_core.notation._rdr.odds import distribution_rdr  # the dialect loads on first use

            return distribution_rdr(expr, limits)
        from tabletop_core.notation._d20.odds import distribution_d20

        return distribution_d20(expr, limits)
    return distribution_default(expr, limits, variables)
