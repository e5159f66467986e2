"""The arithmetic under exact odds: polynomials of integer weights, and what each step costs.

Odds are integer weights (counts of equally likely ways) keyed by outcome. A sum of
alike dice is a power of one die's polynomial: :func:`power_by_recurrence` (J. C. P.
Miller's recurrence), :func:`convolve_dense` (one big-integer product), :func:`window_sums`
(a few small dice). The ``*_cost`` functions say, in the budget's steps, what a step will
cost before it is taken (measured; see ``docs/safety.md``).
"""

from __future__ import annotations

import functools
import random
from collections import defaultdict
from math import gcd

__all__ = [
    "MASK_BITS",
    "SLOW_LOOP",
    "SMALL_PLAIN",
    "SPREAD",
    "Weights",
    "accumulate",
    "bits_of",
    "convolution_cost",
    "convolve_dense",
    "dense",
    "fingerprints",
    "gcd_of_gaps",
    "mask_cost",
    "mul_cost",
    "multiset_walk_cost",
    "normalise_cost",
    "poly_mul",
    "power_by_recurrence",
    "recurrence_terms",
    "term_cost",
    "unique_once_floor",
    "window_sums",
]

Weights = dict[int, int]
_Weights = Weights

SLOW_LOOP = 4
"""Steps charged per pair in the keep/drop and explosion loops: each updates a dict with a
computed key, about four times the cost of a step elsewhere (measured, ``6d1000kh3``, ``2d10000!``)."""
SPREAD = 2**80  # above any sum of fingerprints (under 2**60 each; a table holds at most 100,000 faces)


@functools.cache
def fingerprints(sides: int) -> tuple[int, ...]:
    """A fixed pseudo-random word under 2**60 per face: sums of them spread sets of faces in a dict."""
    words = random.Random(sides)  # a private generator, seeded: the same words every run
    return tuple(words.getrandbits(60) for _ in range(sides))


SMALL_PLAIN = 256  # dice x sides up to which plain dice are added one by one (term_odds.small_plain)


def window_sums(count: int, sides: int) -> list[int]:
    """The ways *count* dice of *sides* faces make each total, lowest first (see ``term_odds.small_plain``)."""
    ways = [1] * sides
    for _die in range(count - 1):
        window = 0
        more = []
        for t in range(len(ways) + sides - 1):
            if t < len(ways):
                window += ways[t]
            if t >= sides:
                window -= ways[t - sides]
            more.append(window)
        ways = more
    return ways


def poly_mul(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def accumulate(target: defaultdict[int, int], sums: _Weights, added: _Weights, factor: int) -> None:
    """Add ``factor * (sums convolved with added)`` into *target*."""
    for total, weight in sums.items():
        scaled = weight * factor
        for value, added_weight in added.items():
            target[total + value] += scaled * added_weight


def bits_of(weights: _Weights) -> int:
    return max(weights.values()).bit_length()


def convolution_cost(span: int, bits: int) -> int:
    """Steps of one Kronecker convolution giving *span* outcomes of *bits*-bit weights.

    One big-integer product (Karatsuba, about digits**1.585 digit steps) does the
    whole convolution; a step of the other paths is about 50 digit steps.
    """
    digits = span * (2 * bits + span.bit_length()) // 30 + 1
    return 1 + int(digits**1.585) // 50


def normalise_cost(bits: int) -> int:
    """Steps :class:`~tabletop_core.odds.Distribution` takes per outcome to make *bits*-bit weights Fractions.

    Measured: about 55 steps for small weights (Fraction overhead), growing a little
    faster than linearly with the size of the gcd.
    """
    return 55 + int(45 * (bits / 1000) ** 1.45)


def term_cost(bits: int) -> int:
    """Steps of one term of the power series recurrence on weights of up to *bits* bits.

    Measured: a term (a big weight times a small int, added up) costs about two
    steps, plus one per 600 bits of the weight (the product is linear in its digits).
    """
    return 2 + bits // 600


def gcd_of_gaps(weights: _Weights) -> int:
    """The largest step every outcome sits on from the lowest (1 for a plain die, 2 for {0, 2, 4})."""
    low = min(weights)
    return functools.reduce(gcd, (value - low for value in weights), 0) or 1


Terms = tuple[int, tuple[tuple[int, int, int], ...]]


def recurrence_terms(weights: _Weights, low: int, step: int) -> Terms:
    """The recurrence of the power series ``f**n``, where ``f`` is one copy as a polynomial.

    Writing ``f = A / B`` gives ``P' A B = n P (A' B - A B')`` for ``P = f**n``.
    Comparing coefficients of ``x**(t-1)``::

        t * C[0] * p[t] = sum over i >= 1 of (n * D[i-1] - (t - i) * C[i]) * p[t-i]

    with ``C = A B`` and ``D = A' B - A B'``. ``B = 1`` gives J. C. P. Miller's
    recurrence (one term per face); ``B = 1 - x`` needs only two terms per run of
    equal weights (four for a plain die, however many sides). The sparser wins.

    Returns:
        ``(C[0], ((i, D[i-1], C[i]), ...))`` over the nonzero terms.
    """
    f = [0] * ((max(weights) - low) // step + 1)
    for value, weight in weights.items():
        f[(value - low) // step] = weight
    # B = 1: C = f, D = f'.
    plain = tuple((i, i * f[i], f[i]) for i in range(1, len(f)) if f[i])
    # B = 1 - x: A = f (1 - x), C = A (1 - x), D = A' (1 - x) + A, each term written out.
    a = [f[k] - (f[k - 1] if k else 0) for k in range(len(f))] + [-f[-1]]
    c = [a[k] - (a[k - 1] if k else 0) for k in range(len(a))] + [-a[-1]]
    d = [(k + 1) * (a[k + 1] if k + 1 < len(a) else 0) - (k - 1) * a[k] for k in range(len(a))]
    runs = tuple(
        (i, d[i - 1] if i - 1 < len(d) else 0, c[i]) for i in range(1, len(c)) if c[i] or (i - 1 < len(d) and d[i - 1])
    )
    return (f[0], plain) if len(plain) <= len(runs) else (c[0], runs)


def power_by_recurrence(weights: _Weights, n: int, low: int, step: int, terms: Terms, outcomes: int) -> _Weights:
    """``f**n`` from :func:`recurrence_terms`: exact, every division leaves no remainder."""
    c0, pairs = terms
    scaled = tuple((i, n * d, c) for i, d, c in pairs)
    p = [weights[low] ** n]
    for t in range(1, outcomes):
        total = 0
        for i, nd, c in scaled:
            if i > t:
                break
            total += (nd - (t - i) * c) * p[t - i]
        p.append(total // (t * c0))
    base = n * low
    return {base + k * step: weight for k, weight in enumerate(p) if weight}


def mask_cost(sides: int) -> int:
    """Steps one state of a ``uo`` walk costs per face, relative to a small one.

    Its set of faces seen is a *sides*-bit int, combined and hashed at every step (measured, ``2d1000uo``).
    """
    return 1 + sides // MASK_BITS


MASK_BITS = 256


def unique_once_floor(scores: list[int], count: int, enough: int) -> int:
    """At least how many states :func:`.term_odds.unique_once_scores` walks, summed over its dice.

    There is one state before the first die. After *k* dice every set of *j* faces
    (``1 <= j <= k``) has been seen, each with every score its dice can make: when
    the faces score differently, the ``k - j`` repeats add a ``(k - j)``-fold sum of
    the set's scores, and such a sum of *j* distinct integers takes at least
    ``(k - j)(j - 1) + 1`` values. The states never get fewer from one die to the next:
    adding a die that repeats a fixed face of the set maps them one to one. Stops
    counting once past *enough*.
    """
    sides = len(scores)
    distinct = len(set(scores)) == sides
    total = 1
    for k in range(1, count):
        ways = 1  # comb(sides, j), built up
        for j in range(1, min(k, sides) + 1):
            ways = ways * (sides - j + 1) // j
            total += ways * ((k - j) * (j - 1) + 1 if distinct else 1)
            if total > enough:
                return total
    return total


def multiset_walk_cost(sides: int, count: int, enough: int) -> int:
    """The steps of the ``uo`` walk over multisets (with keep/drop), known before it starts.

    After *k* dice the walk holds every multiset of *k* faces, ``C(sides + k - 1, k)`` of them;
    each meets every face, and building and hashing its sorted tuple of ``k + 1`` faces costs
    more the longer it is (measured, ``300d2uokh1``, ``8d12uokh1``); at the end each multiset
    of *count* faces is valued once. Stops counting once past *enough*.
    """
    total = 0
    multisets = 1  # C(sides + k - 1, k), built up
    for k in range(count + 1):
        if k:
            multisets = multisets * (sides + k - 1) // k
        total += SLOW_LOOP * multisets * (sides if k < count else 1) * (2 + k // 32)
        if total > enough:
            break
    return total


def mul_cost(bits: int) -> int:
    """Steps one multiplication of *bits*-bit weights costs (a 1,000-bit product is about 7 small ones)."""
    return 1 + int(7 * (bits / 1000) ** 1.585)


def dense(weights: _Weights) -> bool:
    # Only whole outcomes pack into slots (inside floor/ceil/round a quotient can be a Fraction).
    return (
        len(weights) > 8
        and (max(weights) - min(weights)) < 2 * len(weights)
        and all(type(value) is int for value in weights)
    )


def convolve_dense(left: _Weights, right: _Weights) -> _Weights:
    """Convolve two dense weight tables with one big-integer product (Kronecker substitution).

    Each table becomes one integer with a fixed-width slot per outcome; the product's
    slots are the convolution, since no slot can overflow into the next.
    """
    low_a, low_b = min(left), min(right)
    a = [0] * (max(left) - low_a + 1)
    for value, weight in left.items():
        a[value - low_a] = weight
    b = [0] * (max(right) - low_b + 1)
    for value, weight in right.items():
        b[value - low_b] = weight
    bound = max(a) * max(b) * min(len(a), len(b))
    width = (bound.bit_length() + 8) // 8
    packed_a = int.from_bytes(b"".join(x.to_bytes(width, "little") for x in a), "little")
    packed_b = packed_a if a == b else int.from_bytes(b"".join(x.to_bytes(width, "little") for x in b), "little")
    size = len(a) + len(b) - 1
    raw = (packed_a * packed_b).to_bytes(width * size, "little")
    low = low_a + low_b
    result: _Weights = {}
    for i in range(size):
        weight = int.from_bytes(raw[i * width : (i + 1) * width], "little")
        if weight:
            result[low + i] = weight
    return result
