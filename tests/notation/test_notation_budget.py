"""Budgets checked before the work (issue 16, deliverable 3).

An exact computation too large for ``Limits.max_odds_work`` is refused from a floor of
what it would charge, known before (or early in) the work, not after charging step by
step up to the budget. The floors are checkable: each is at most what the computation
then charges, so they never refuse what the whole computation would finish.

No wall clock here: "before the work" is measured in steps charged before the refusal,
or by an expensive function that must not be called.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from notation_brute import brute_outcomes

from tabletop_core.notation import Limits, NotationError, distribution, parse
from tabletop_core.notation._d20 import odds as _d20_odds
from tabletop_core.notation._d20.parser import as_d20_expression
from tabletop_core.notation._default import odds
from tabletop_core.notation._kernel import term_odds, weights
from tabletop_core.notation.limits import DEFAULT_LIMITS

BUDGET = DEFAULT_LIMITS.max_odds_work
UP_FRONT = 20_000  # steps a refusal up front may take: reading the faces, the first level of a chain


class _Ledger:
    """Spies on one computation's budget: steps charged, and each floor foreseen."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, *, foresee: bool = True) -> None:
        self.done = 0  # steps charged and done (the charge that refuses is not done)
        self.floors: list[tuple[int, int]] = []  # (work when foreseen, the floor)
        ledger = self
        for cls in (weights.Calculator, _d20_odds.Odds):  # every calculator of both dialects
            charge, expect = cls.charge, cls.expect

            def spy_charge(self: object, steps: int, charge=charge) -> None:  # type: ignore[no-untyped-def]
                charge(self, steps)
                ledger.done = self.work  # type: ignore[attr-defined]

            def spy_expect(self: object, steps: int, expect=expect) -> None:  # type: ignore[no-untyped-def]
                ledger.floors.append((self.work, steps))  # type: ignore[attr-defined]
                if foresee:
                    expect(self, steps)

            monkeypatch.setattr(cls, "charge", spy_charge)
            monkeypatch.setattr(cls, "expect", spy_expect)


def _compute(text: str, dialect: str, limits: Limits) -> object:
    """The exact odds of *text* without the caches (each call does the work anew)."""
    if dialect == "default":
        return odds.compute(parse(text, limits=limits), limits)
    expression, checked = as_d20_expression(text, limits)
    calculator = _d20_odds.Odds(expression, checked)
    return calculator.node(expression.body)


# Each was refused only after a large part of the budget (or far past a second: `1000d2uokh1`,
# `5d1000uo>=3`, `10d10k3` in the d20 dialect did not finish in 20 s); the number is the most
# steps each may now take before it is refused.
REFUSED_EARLY = [
    ("12d12uo", "default", UP_FRONT),
    ("60d60uo", "default", UP_FRONT),
    ("1000d6uo", "default", UP_FRONT),
    ("3d1000uo", "default", UP_FRONT),
    ("5d1000uo>=3", "default", UP_FRONT),
    ("2d1000uo", "default", UP_FRONT),
    ("1000d2uokh1", "default", UP_FRONT),
    ("30d6uokh1", "default", UP_FRONT),
    ("3d100uokh1", "default", UP_FRONT),
    ("1d100!>=2", "default", UP_FRONT),
    ("1d1000!!>=2", "default", UP_FRONT),
    ("8d100!", "default", BUDGET // 10),
    ("50d10!", "default", BUDGET // 10),
    ("50d6!>=2", "default", BUDGET // 10),
    ("50d12!p", "default", BUDGET // 10),
    ("20d1000dh1", "default", BUDGET // 10),
    ("10d1000kl3", "default", BUDGET // 5),
    ("5d1000kh3", "default", BUDGET // 5),
    # A computed count or size: every term of the mixture foreseen before the first is computed.
    ("2d(1d10000)", "default", UP_FRONT),
    ("(1d1000)d(1d1000)", "default", BUDGET // 4),  # a step per pair of count and size, then refused
    ("(10d10)d(10d10)", "default", UP_FRONT),
    ("2d(1d100!)", "default", BUDGET // 4),  # the odds of the size itself come first
    ("1d3*3d(1d%*2d2k2!)", "default", BUDGET // 4),
    ("5d6e6kh3", "d20", UP_FRONT),
    ("3d6e6k>3", "d20", UP_FRONT),
    ("10d10ra1", "d20", UP_FRONT),
]


@pytest.mark.parametrize(("text", "dialect", "most"), REFUSED_EARLY)
def test_a_computation_past_the_budget_is_refused_before_the_work(monkeypatch, text, dialect, most):
    ledger = _Ledger(monkeypatch)
    with pytest.raises(NotationError, match=f"more than {BUDGET:,}|more than {BUDGET} "):
        _compute(text, dialect, DEFAULT_LIMITS)
    assert ledger.done <= most


@pytest.mark.parametrize(("text", "dialect", "_most"), REFUSED_EARLY)
def test_the_public_call_refuses_them_with_the_budget_named(text, dialect, _most):
    with pytest.raises(NotationError, match=r"exact odds would take more than 5,?000,?000 steps"):
        distribution(text, dialect=dialect)


def test_uo_with_keep_is_refused_before_any_multiset_is_valued(monkeypatch):
    monkeypatch.setattr(term_odds, "value_of_faces", pytest.fail)
    with pytest.raises(NotationError, match="steps"):
        _compute("1000d2uokh1", "default", DEFAULT_LIMITS)


def test_d20_dice_kept_by_value_are_never_enumerated(monkeypatch):
    # `k3` keeps the dice showing 3: each die on its own, so a power of one die's table.
    monkeypatch.setattr(_d20_odds.Odds, "enumerate", pytest.fail)
    odds_ = distribution("10d10k3", dialect="d20")
    assert odds_.probability(0) == Fraction(9, 10) ** 10
    assert odds_.probability(30) == Fraction(1, 10) ** 10
    assert distribution("100d100p<3", dialect="d20").probability(0) == Fraction(2, 100) ** 100


@pytest.mark.parametrize(
    "text", ["3d6k3", "3d6p1", "4d6k>3", "4d6p<3", "3d4mi2", "3d4ma3", "3d%k>40", "3d4k3k4", "3d6mi3k>4", "3d6k3p>4mi2"]
)
def test_d20_die_by_die_odds_match_every_path_of_draws(text):
    expression, limits = as_d20_expression(text, None)
    fast = _d20_odds.Odds(expression, limits).node(expression.body)
    paths = _d20_odds.Odds(expression, limits).enumerate(expression.body)

    def normal(weights: dict) -> dict:
        total = sum(weights.values())
        return {value: Fraction(w, total) for value, w in weights.items() if w}

    assert normal(fast) == normal(paths)


@pytest.mark.parametrize("text", ["2d64uo", "2d70uo>=60", "2d62uo+1"])
def test_uo_of_wide_dice_keyed_by_fingerprint_is_still_exact(text):
    # More than 61 faces: the states carry a fingerprint of the faces seen; the odds stay exact.
    assert dict(distribution(text).items()) == brute_outcomes(text)


# -- the floors are floors -----------------------------------------------------------------------

_DEFAULT_OPS = ["", "u", "uo", "uokh1", "uokh2", "uo>=3", "!", "!!", "!p", "!>=3", "kh1", "kh2", "dl1", ">=3", "r1"]
_DEFAULT_OPS += ["mi2", "!kh1", "!!>=3", "!>=3>=4"]
_D20_OPS = [
    "",
    "k3",
    "p1",
    "k>2",
    "mi2",
    "ma3",
    "e{s}",
    "e>2",
    "ra1",
    "rr1",
    "ro1",
    "kh1",
    "e{s}kh1",
    "ra{s}kh2",
    "rr1e{s}",
]


@st.composite
def small_texts(draw: st.DrawFn) -> tuple[str, str]:
    dialect = draw(st.sampled_from(["default", "d20"]))
    terms = []
    for _ in range(draw(st.integers(1, 2))):
        count, sides = draw(st.integers(1, 3)), draw(st.integers(2, 6))
        op = draw(st.sampled_from(_DEFAULT_OPS if dialect == "default" else _D20_OPS)).replace("{s}", str(sides))
        terms.append(f"{count}d{sides}{op}")
    if dialect == "default" and draw(st.booleans()):  # a computed count or size, or both
        count = draw(st.sampled_from(["{n}", "(1d{a})", "(1d{a}+{b})"]))
        sides = draw(st.sampled_from(["{s}", "(1d{a})", "(1d{a}+{b})", "(1d{a}!)"]))
        if count == "{n}" and sides == "{s}":
            sides = "(1d{a}+{b})"
        op = draw(st.sampled_from(["", "kh1", "dl1", ">=3", "r1", "!"]))
        term = f"{count}d{sides}{op}".format(
            n=draw(st.integers(1, 3)), s=draw(st.integers(2, 6)), a=draw(st.integers(2, 6)), b=draw(st.integers(0, 4))
        )
        terms[0] = term
    text = "+".join(terms)
    if draw(st.booleans()):
        text += f"+{draw(st.integers(0, 9))}"
    return text, dialect


_ROOMY = Limits(max_odds_work=10**9, explode_depth=2)


def _work_of(monkeypatch: pytest.MonkeyPatch, text: str, dialect: str, limits: Limits) -> _Ledger | None:
    ledger = _Ledger(monkeypatch)
    try:
        _compute(text, dialect, limits)
    except NotationError:
        return None  # refused for another reason (an explosion on every face): nothing to compare
    return ledger


@pytest.mark.parametrize(
    "text", ["2d(1d20!)", "(1d6)d(1d6!)", "(2d6)d(2d6)", "(1d4+1)d6", "2d(1d6+4)kh1", "(1d3)d(1d8)>=3", "3d(1d10+1)r1"]
)
def test_a_computed_terms_floor_never_exceeds_its_work(text):
    with pytest.MonkeyPatch.context() as monkeypatch:
        ledger = _work_of(monkeypatch, text, "default", _ROOMY)
    assert ledger is not None
    assert ledger.floors
    for work_then, floor in ledger.floors:
        assert work_then + floor <= ledger.done, (text, work_then, floor, ledger.done)


@settings(max_examples=60, deadline=None)
@given(small_texts())
def test_a_floor_never_exceeds_the_work_that_follows_it(text_and_dialect):
    text, dialect = text_and_dialect
    with pytest.MonkeyPatch.context() as monkeypatch:
        ledger = _work_of(monkeypatch, text, dialect, _ROOMY)
    if ledger is None:
        return
    for work_then, floor in ledger.floors:
        assert work_then + floor <= ledger.done, (text, work_then, floor, ledger.done)


@settings(max_examples=40, deadline=None)
@given(small_texts(), st.floats(0.0, 2.0))
def test_a_budget_refuses_exactly_what_the_whole_computation_would(text_and_dialect, share):
    # With the floors or without (every step charged as it comes), the same texts are refused.
    text, dialect = text_and_dialect
    with pytest.MonkeyPatch.context() as monkeypatch:
        ledger = _work_of(monkeypatch, text, dialect, _ROOMY)
    if ledger is None:
        return
    limits = Limits(max_odds_work=max(1, int(ledger.done * share)), explode_depth=_ROOMY.explode_depth)
    outcomes = []
    for foresee in (True, False):
        with pytest.MonkeyPatch.context() as monkeypatch:
            _Ledger(monkeypatch, foresee=foresee)
            try:
                _compute(text, dialect, limits)
                outcomes.append("answered")
            except NotationError as error:
                outcomes.append(str(error))
    assert outcomes[0] == outcomes[1]
    assert (outcomes[0] == "answered") == (ledger.done <= limits.max_odds_work)


@pytest.mark.parametrize("text", ["1000d2rr<3", "3d2rr<3", "(2d2rr<3, 1d4)kh1"])
def test_d20_a_reroll_of_every_face_keeps_its_own_message(text):
    # Said before walking a path of a thousand draws, not lost behind the budget's message.
    with pytest.raises(NotationError, match="rr<3 rerolls every face, so it would never stop"):
        distribution(text, dialect="d20")
