"""Properties: printing round trips, rolls inside the exact support, fuzzed text fails cleanly."""

from __future__ import annotations

import contextlib
import re

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.notation.test_notation_dice_ops import CRIT_SUFFIX

from tabletop_core.notation import (
    Comparison,
    Dice,
    Explode,
    Expression,
    Limits,
    Negate,
    NotationError,
    Number,
    Product,
    Reroll,
    Select,
    Sum,
    distribution,
    parse,
    roll,
)
from tabletop_core.notation._kernel.render import warnings_text

OPS = (">=", "<=", ">", "<", "=")


@st.composite
def dice_terms(draw, max_count: int = 3, max_sides: int = 6) -> Dice:
    fate = draw(st.booleans()) and draw(st.booleans())
    count = draw(st.integers(1, max_count))
    sides = 3 if fate else draw(st.integers(1, max_sides))
    low, high = (-1, 1) if fate else (1, sides)
    faces = range(low, high + 1)

    def comparison() -> Comparison:
        return Comparison(draw(st.sampled_from(OPS)), draw(st.integers(max(low, 0), high + 1)))

    reroll = None
    if draw(st.booleans()):
        candidate = Reroll(comparison(), once=draw(st.booleans()))
        if candidate.once or not all(candidate.condition.matches(f) for f in faces):
            reroll = candidate
    explode = None
    if draw(st.booleans()):
        on = None if draw(st.booleans()) else comparison()
        candidate_explode = Explode(on)
        max_face = high
        if not all((f == max_face) if on is None else on.matches(f) for f in faces):
            explode = candidate_explode
    select = (
        Select(draw(st.sampled_from(("kh", "kl", "dh", "dl"))), draw(st.integers(0, 4)))
        if draw(st.booleans())
        else None
    )
    success = comparison() if draw(st.booleans()) else None
    return Dice(count, sides, fate, reroll, explode, select, success)


def nodes(max_leaves: int = 4) -> st.SearchStrategy:
    leaves = st.one_of(st.integers(0, 20).map(Number), dice_terms())

    def extend(children: st.SearchStrategy) -> st.SearchStrategy:
        chain = st.lists(children, min_size=2, max_size=3)
        return st.one_of(
            children.map(Negate),
            chain.flatmap(
                lambda xs: st.tuples(
                    st.just(tuple(xs)), st.lists(st.sampled_from("+-"), min_size=len(xs) - 1, max_size=len(xs) - 1)
                )
            ).map(lambda pair: Sum(pair[0], tuple(pair[1]))),
            chain.flatmap(
                lambda xs: st.tuples(
                    st.just(tuple(xs)), st.lists(st.sampled_from("*/"), min_size=len(xs) - 1, max_size=len(xs) - 1)
                )
            ).map(lambda pair: Product(pair[0], tuple(pair[1]))),
        )

    return st.recursive(leaves, extend, max_leaves=max_leaves)


expressions = st.builds(
    Expression,
    nodes(),
    st.one_of(
        st.none(),
        st.text(
            st.characters(
                codec="utf-8",
                exclude_categories=("Cc", "Zl", "Zp"),
                exclude_characters="]\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069",
            ),
            max_size=12,
        ),
    ),
)


@given(expressions)
def test_printing_and_parsing_round_trip(expression):
    assert parse(str(expression)) == expression


@given(expressions)
def test_noise_in_spacing_and_case_does_not_matter(expression):
    text = str(expression)
    body, _, label = text.partition(" [")
    tokens = re.findall(r"\d+|kh|kl|dh|dl|ro|>=|<=|.", body)
    noisy = " ".join(tokens).upper() + (" [" + label if label else "")
    assert parse(noisy) == expression


SMALL = Limits(explode_depth=2, max_dice=200)


@settings(max_examples=60)
@given(st.builds(Expression, nodes(max_leaves=3)), st.integers(0, 2**32))
def test_every_rolled_total_lies_in_the_exact_support(expression, seed):
    try:
        odds = distribution(expression, limits=SMALL)
    except NotationError:
        return  # a divisor that can be 0, or too large: nothing to compare
    result = roll(expression, rng=seed, limits=SMALL)
    assert result.total in odds


@given(st.builds(Expression, nodes(max_leaves=3)), st.integers(0, 2**32))
def test_result_json_round_trip(expression, seed):
    try:
        result = roll(expression, rng=seed, limits=SMALL)
    except NotationError:
        return
    assert type(result).from_dict(result.to_dict()) == result
    assert result.tree.value == result.total
    assert str(result).endswith(f"= {result.total}{CRIT_SUFFIX[result.crit]}{warnings_text(result.warnings)}")


@given(dice_terms(max_count=4, max_sides=5))
def test_parsed_nodes_are_immutable(term):
    try:
        term.count = 9  # type: ignore[misc]
    except attrs.exceptions.FrozenInstanceError:
        pass
    else:  # pragma: no cover - the assertion names the failure
        raise AssertionError("Dice should be frozen")


ALPHABET = st.sampled_from([*list("0123456789dDfFkKhHlLrRoO!%+-*/()<>=[] \t\nx$é"), "10", "d6", "kh", "1000"])


@settings(max_examples=300)
@given(st.one_of(st.text(max_size=60), st.lists(ALPHABET, max_size=40).map("".join)), st.integers(0, 99))
def test_fuzzed_text_only_raises_notation_errors(text, seed):
    # Anything else escaping (IndexError, RecursionError, ValueError, ...) fails the test.
    for call in (parse, distribution):
        with contextlib.suppress(NotationError):
            call(text)
    with contextlib.suppress(NotationError):
        result = roll(text, rng=seed)
        # A repeat ('2x 1d6') ends with its results' sum instead.
        end = f"(total {result.total})" if result.results else f"= {result.total}"
        assert str(result).endswith(end + warnings_text(result.warnings))


@settings(max_examples=50)
@given(st.from_type(type).filter(lambda t: t is not str))
def test_non_text_is_a_type_error(kind):
    try:
        parse(kind)  # type: ignore[arg-type]
    except TypeError:
        pass
    else:  # pragma: no cover
        raise AssertionError("a non-string must be a TypeError")
