"""Exact odds of one dice term rolled die by die (a :class:`~.terms.TermRule` with ``per_die=True``).

Nothing here enumerates every combination of faces:

* a sum of *n* alike dice (or a count of successes) is the *n*-th power of one die's
  table (:meth:`~.weights.Calculator.power`), or for a few small dice a running window sum;
* keep/drop walks the faces from best to worst and counts, with binomial coefficients,
  how many of the *n* dice show each face (:meth:`~.weights.Calculator.keep`);
* an exploding die is a chain computed level by level down to ``explode_depth``, the same
  cap rolls use;
* a reroll changes the weights of one die's faces (``r``: the faces left, each equally
  likely; ``ro``: one second chance); a clamp moves the weight of the faces past it;
* unique dice (``u``) are drawn without replacement; ``uo`` walks the sets of faces seen.

Every step is charged to the calculator's budget before it is taken.
"""

from __future__ import annotations

from collections import defaultdict

from tabletop_core.notation._kernel.polynomials import (
    SLOW_LOOP,
    SMALL_PLAIN,
    SPREAD,
    Weights,
    fingerprints,
    mask_cost,
    multiset_walk_cost,
    unique_once_floor,
    window_sums,
)
from tabletop_core.notation._kernel.terms import TermRule, count_matching, failing, predicate
from tabletop_core.notation._kernel.weights import Calculator

__all__ = [
    "MAX_GROUP_WIDTH",
    "alike",
    "face_weights",
    "plain",
    "sum_of_alike",
    "term_weights",
    "units",
    "value_of_faces",
]

MAX_GROUP_WIDTH = 400
"""The widest sum of alike dice :func:`sum_of_alike` takes at once (wider ones convolve faster term by term)."""

Units = dict[int, Weights]  # sort key (a die's or chain's total) -> {contribution: weight}


def plain(rule: TermRule) -> bool:
    """Whether every die of *rule* just shows its face and all of them count (no modifier changes the sum)."""
    return (
        rule.reroll is None
        and rule.explode is None
        and rule.success is None
        and rule.clamp_low is None
        and rule.clamp_high is None
        and rule.unique is None
        and all(select.kept(rule.count)[1] == rule.count for select in rule.selects)
    )


def cuts(rule: TermRule) -> tuple[int, int]:
    """How many dice (chains) *rule*'s keep/drops drop from the bottom and from the top, added up.

    Several keep/drops each judge every die; their drops add up: a bottom cut and a top cut.
    """
    bottom = top = 0
    for select in rule.selects:
        highest, keep = select.kept(rule.count)
        if highest:
            bottom = max(bottom, rule.count - keep)
        else:
            top = max(top, rule.count - keep)
    return bottom, top


def _select(rule: TermRule) -> tuple[bool, int]:
    """``(keep_highest, kept)`` of *rule*'s keep/drop from one end (every die kept without one)."""
    bottom, top = cuts(rule)
    if top and not bottom:
        return False, rule.count - top
    return True, rule.count - bottom - top


def value_of_faces(rule: TermRule, faces: tuple[int, ...]) -> int:
    """The value of a plain term (keep/drop, success and failure counts) showing *faces*."""
    kept = faces
    if rule.selects:
        bottom, top = cuts(rule)
        order = sorted(range(len(faces)), key=lambda i: (-faces[i], i))  # best first, ties: the first rolled
        chosen = set(order[top : max(top, len(faces) - bottom)])
        kept = tuple(faces[i] for i in range(len(faces)) if i in chosen)
    if rule.success is None:
        return sum(kept)
    meets = predicate(rule.success)
    fails = failing(rule)
    return sum(int(meets(face)) - int(fails is not None and fails(face)) for face in kept)


def alike(rule: TermRule) -> bool:
    """Whether *rule*'s value is a sum of independent alike dice: every die kept, none unique."""
    return (
        rule.per_die
        and rule.unique is None
        and all(select.kept(rule.count)[1] == rule.count for select in rule.selects)
    )


def sum_of_alike(calculator: Calculator, signed: list[tuple[str, TermRule]]) -> Weights | None:
    """A sum of two or more terms of alike dice (``300d6+300d8+100d10``) in one pass, else ``None``.

    Each term is a power of one die's polynomial (added, or taken away when its sign is
    ``-``); the sum is their product, computed by one recurrence
    (:meth:`~.weights.Calculator.powers`) instead of a power per term and a convolution per
    pair. ``None`` when the terms are fewer than two or their spans too wide together.
    """
    groups: list[tuple[Weights, int]] = []
    for op, rule in signed:
        merged: defaultdict[int, int] = defaultdict(int)
        for contributions in units(calculator, rule).values():
            for value, weight in contributions.items():
                merged[value if op == "+" else -value] += weight
        groups.append(({v: w for v, w in merged.items() if w}, rule.count))
    width = sum(max(w) - min(w) + 1 for w, _n in groups)
    if len(groups) < 2 or width > MAX_GROUP_WIDTH:
        return None
    return calculator.powers(groups)


def term_weights(calculator: Calculator, rule: TermRule, *, answer: bool = False) -> Weights:
    """The exact weights of the value of *rule* (rolled die by die).

    *answer* says the term's table is the whole answer's but for a shift (see
    :meth:`~.weights.Calculator.power`): its last step foresees the fractions.
    """
    if rule.unique is not None and rule.unique_test is not None:
        return unique_test_dice(calculator, rule)
    if rule.unique == "u":
        return unique_dice(calculator, rule)
    if rule.unique == "uo":
        return unique_once_dice(calculator, rule)
    if rule.count * (rule.high - rule.low + 1) <= SMALL_PLAIN and plain(rule) and _uniform(rule):
        return small_plain(calculator, rule)
    found = units(calculator, rule)
    bottom, top = cuts(rule)
    if bottom + top >= rule.count and rule.selects:  # every die dropped: nothing counts
        calculator.charge(rule.count)
        return {0: sum(sum(c.values()) for c in found.values()) ** rule.count}
    if bottom and top:  # a middle range: the best `top` and the worst `bottom` dropped
        return calculator.keep_range(found, rule.count, top, rule.count - bottom - top)
    highest, keep = _select(rule)
    if keep < rule.count:
        return calculator.keep(found, rule.count, keep, highest)
    merged: defaultdict[int, int] = defaultdict(int)
    for contributions in found.values():
        for value, weight in contributions.items():
            merged[value] += weight
    return calculator.power(dict(merged), rule.count, answer=answer)


def small_plain(calculator: Calculator, rule: TermRule) -> Weights:
    """A few plain dice (``3d6``, ``1d20``, ``4dF``): each die added by a running window sum.

    The sum of one more die at ``t`` is the sum of the ways so far over the window of
    ``sides`` totals ending at ``t``; a few dice take fewer steps this way than by a power,
    and the same exact ways come out.
    """
    sides, count = rule.high - rule.low + 1, rule.count
    if count * (sides - 1) + 1 > calculator.max_outcomes:
        raise calculator.too_many()
    calculator.charge(sides + count * (count * sides))
    low = count * rule.low
    return {low + t: weight for t, weight in enumerate(window_sums(count, sides))}


def _uniform(rule: TermRule) -> bool:
    """Whether every face of *rule*'s die is equally likely (a ``dF.1``'s blanks are not)."""
    return rule.faces is None or sorted(rule.faces) == list(range(rule.low, rule.high + 1))


def face_weights(calculator: Calculator, rule: TermRule) -> Weights:
    """Weights of the face one die finally shows, its clamp and rerolls included."""
    if not _uniform(rule):  # a few faces drawn from a die (dF.1): each face's draws counted
        calculator.charge(rule.draw_sides)
        base: dict[int, int] = defaultdict(int)
        for face in rule.faces or ():
            base[rule.clamped(face)] += 1
        return _rerolled(rule, dict(base))
    low, high = rule.low, rule.high
    sides = high - low + 1
    matching = 0 if rule.reroll is None else count_matching(rule.reroll, low, high)
    # Know the size of the face table before building it (counted, not listed): a
    # d100000000 allowed by raised limits must be refused here, not after 5 GB.
    kept = sides if rule.reroll is None or rule.reroll_once else sides - matching
    if kept > calculator.max_outcomes:
        raise calculator.too_many()
    calculator.charge(sides)
    faces = range(low, high + 1)
    if rule.clamp_low is not None or rule.clamp_high is not None:
        return clamped_faces(rule)
    if rule.reroll is None:
        return dict.fromkeys(faces, 1)
    rerolls = predicate(rule.reroll)
    if rule.reroll_once:
        # P(face) = [not rerolled]/S + (matching/S) * (1/S), scaled by S*S.
        return {face: (0 if rerolls(face) else sides) + matching for face in faces}
    # Rerolling until the die stops matching leaves the other faces equally likely.
    return {face: 1 for face in faces if not rerolls(face)}


def clamped_faces(rule: TermRule) -> Weights:
    """Weights of the face one clamped die shows (``mi``/``ma``), its reroll applied to the clamped face."""
    low, high = rule.clamped(rule.low), rule.clamped(rule.high)
    if low == high:
        weights = {low: rule.high - rule.low + 1}
    else:
        weights = dict.fromkeys(range(low, high + 1), 1)
        weights[low] = low - rule.low + 1  # every face at or below the clamp shows it
        weights[high] = rule.high - high + 1
    return _rerolled(rule, weights)


def _rerolled(rule: TermRule, weights: Weights) -> Weights:
    """*weights* of the face drawn (clamped) after *rule*'s reroll: until it stops matching, or once."""
    if rule.reroll is None:
        return weights
    rerolls = predicate(rule.reroll)
    if not rule.reroll_once:
        return {face: weight for face, weight in weights.items() if not rerolls(face)}
    # P(face) = w/W [not rerolled] + (M/W)(w/W), scaled by W*W.
    total = sum(weights.values())
    matching = sum(weight for face, weight in weights.items() if rerolls(face))
    return {face: weight * ((0 if rerolls(face) else total) + matching) for face, weight in weights.items()}


def units(calculator: Calculator, rule: TermRule) -> Units:
    """What one die (with its explosion chain) adds: sort key -> {contribution: weight}.

    The key is the chain's total (what keep/drop compares); the contribution is that
    total, or the number of its dice meeting the success condition.
    """
    if rule.failure is not None or (rule.explode is not None and rule.explode != "!"):
        return extended_units(calculator, rule)
    faces = face_weights(calculator, rule)
    meets = None if rule.success is None else predicate(rule.success)

    def scored(face: int) -> int:
        if meets is None:
            return face
        return 1 if meets(face) else 0

    if rule.explode is None:
        # Without an explosion each face is its own key, seen once.
        return {face: {scored(face): weight} for face, weight in faces.items()}
    # chain[(total, successes)] for a die that may explode `depth` more times.
    total_weight = sum(faces.values())
    chain: dict[tuple[int, int], int] = {}
    for face, weight in faces.items():
        key = (face, int(meets is not None and meets(face)))
        chain[key] = chain.get(key, 0) + weight
    exploding = {face: w for face, w in faces.items() if rule.explodes(face)}
    stopping = {face: w for face, w in faces.items() if not rule.explodes(face)}
    scale = total_weight
    depth = rule.explode_depth
    calculator.expect(calculator.chain_floor(len(exploding), len(stopping), len(chain), 1, total_weight, depth))
    for level in range(depth):
        calculator.chain_level(len(exploding), len(stopping), chain, scale, total_weight, depth - 1 - level)
        deeper: defaultdict[tuple[int, int], int] = defaultdict(int)
        for face, weight in stopping.items():
            deeper[(face, int(meets is not None and meets(face)))] += weight * scale
        for face, weight in exploding.items():
            hit = int(meets is not None and meets(face))
            for (total, hits), chain_weight in chain.items():
                deeper[(face + total, hits + hit)] += weight * chain_weight
        chain = dict(deeper)
        scale *= total_weight
        if len(chain) > calculator.max_outcomes:
            raise calculator.too_many()
    found: Units = {}
    for (total, hits), weight in chain.items():
        contribution = total if meets is None else hits
        found.setdefault(total, {})
        found[total][contribution] = found[total].get(contribution, 0) + weight
    return found


def extended_units(calculator: Calculator, rule: TermRule) -> Units:  # noqa: C901 - one die's whole chain
    """:func:`units` for failures (``f``) or a compounding (``!!``) or penetrating (``!p``) explosion.

    The chain is built from the deepest die allowed (``explode_depth``) up to the first; a
    penetrating extra die shows one less than it rolled and explodes on what it rolled; a
    compounded chain is one die, so successes and failures look at its total.
    """
    faces = face_weights(calculator, rule)
    meets = None if rule.success is None else predicate(rule.success)
    fails = failing(rule)
    explode = rule.explode
    compounds = explode is not None and "!!" in explode
    penetrates = explode is not None and explode.endswith("p")

    def score(shown: int) -> int:
        if meets is None:
            return 0
        return int(meets(shown)) - int(fails is not None and fails(shown))

    def contribution(total: int, hits: int) -> int:
        if meets is None:
            return total
        return score(total) if compounds else hits

    found: Units = {}
    if explode is None:
        for face, weight in faces.items():
            bucket = found.setdefault(face, {})
            bucket[contribution(face, score(face))] = bucket.get(contribution(face, score(face)), 0) + weight
        return found
    depth = rule.explode_depth

    def shift(level: int) -> int:
        return -1 if penetrates and level > 0 else 0

    def die_score(shown: int) -> int:
        return 0 if compounds else score(shown)

    chain: defaultdict[tuple[int, int], int] = defaultdict(int)
    for face, weight in faces.items():
        shown = face + shift(depth)
        chain[(shown, die_score(shown))] += weight
    total_weight = sum(faces.values())
    exploding = {face: w for face, w in faces.items() if rule.explodes(face)}
    stopping = {face: w for face, w in faces.items() if not rule.explodes(face)}
    scale = total_weight
    calculator.expect(calculator.chain_floor(len(exploding), len(stopping), len(chain), 1, total_weight, depth))
    for level in range(depth - 1, -1, -1):
        calculator.chain_level(len(exploding), len(stopping), chain, scale, total_weight, level)
        deeper: defaultdict[tuple[int, int], int] = defaultdict(int)
        offset = shift(level)
        for face, weight in stopping.items():
            shown = face + offset
            deeper[(shown, die_score(shown))] += weight * scale
        for face, weight in exploding.items():
            shown = face + offset
            hit = die_score(shown)
            for (total, hits), chain_weight in chain.items():
                deeper[(shown + total, hits + hit)] += weight * chain_weight
        chain = deeper
        scale *= total_weight
        if len(chain) > calculator.max_outcomes:
            raise calculator.too_many()
    for (total, hits), weight in chain.items():
        bucket = found.setdefault(total, {})
        value = contribution(total, hits)
        bucket[value] = bucket.get(value, 0) + weight
    return found


def _score(rule: TermRule) -> Weights:
    """Each face's score for a unique walk: the face, or its success less its failure."""
    meets = None if rule.success is None else predicate(rule.success)
    fails = failing(rule)
    scores: Weights = {}
    for face in range(rule.low, rule.high + 1):
        if meets is None:
            scores[face] = face
        else:
            scores[face] = int(meets(face)) - int(fails is not None and fails(face))
    return scores


def unique_dice(calculator: Calculator, rule: TermRule) -> Weights:
    """Unique dice (``u``): every set of different faces equally likely, as drawn without replacement.

    Walk the faces best first (for keep/drop) counting, for each number of faces chosen
    so far, the ways each kept sum (or success score) can stand; the kept dice are the
    first chosen. Size and work are charged before each face.
    """
    faces = [face for face in face_weights(calculator, rule) if not rule.rerolls(face)]
    n = rule.count
    bottom, top = cuts(rule)
    skip, keep = top, max(0, n - bottom - top)
    faces.sort(reverse=True)
    scores = _score(rule)
    states: list[dict[int, int]] = [{0: 1}] + [{} for _ in range(n)]
    for face in faces:
        calculator.charge(SLOW_LOOP * sum(len(table) for table in states))
        value = scores[face]
        for chosen in range(n - 1, -1, -1):
            target = states[chosen + 1]
            added = value if skip <= chosen < skip + keep else 0
            for total, ways in states[chosen].items():
                target[total + added] = target.get(total + added, 0) + ways
        if len(states[n]) > calculator.max_outcomes:
            raise calculator.too_many()
    return calculator.checked(states[n])


def unique_once_dice(calculator: Calculator, rule: TermRule) -> Weights:
    """Unique once (``uo``): a die showing a face an earlier one shows is rolled again once.

    A die's face depends on the faces before it. Without keep/drop the walk keeps, for each
    set of faces seen so far, the ways each score can stand; with keep/drop it keeps every
    multiset of faces drawn (``C(sides + k - 1, k)`` after *k* dice; the whole walk is charged
    before it starts, see :func:`~.polynomials.multiset_walk_cost`).
    Weights are out of ``sides**2`` per die; each step is charged before it is taken.
    """
    faces = list(face_weights(calculator, rule))
    sides, n = len(faces), rule.count
    if not rule.selects:
        return unique_once_scores(calculator, rule, faces)
    calculator.charge(multiset_walk_cost(sides, n, calculator.limits.max_odds_work))
    states: dict[tuple[int, ...], int] = {(): 1}
    for _ in range(n):
        grown: defaultdict[tuple[int, ...], int] = defaultdict(int)
        for drawn, weight in states.items():
            seen = set(drawn)
            again = len(seen)  # the first draw hits a face taken: rolled again, any face
            for face in faces:
                ways = (0 if face in seen else sides) + again
                grown[tuple(sorted((*drawn, face)))] += weight * ways
        states = dict(grown)
    result: defaultdict[int, int] = defaultdict(int)
    for drawn, weight in states.items():
        result[value_of_faces(rule, drawn)] += weight
    return calculator.checked(dict(result))


def unique_once_scores(calculator: Calculator, rule: TermRule, faces: list[int]) -> Weights:
    """``uo`` with every die kept: states are (faces seen, as bits; score so far).

    The states never get fewer from one die to the next (see
    :func:`~.polynomials.unique_once_floor`), so the walk is refused before it starts when
    its floor breaks the budget, and at the first die whose cost, times the dice left, would.
    """
    sides = len(faces)
    scores = [value_of_faces(rule, (face,)) for face in faces]
    per_state = SLOW_LOOP * sides * mask_cost(sides)
    budget = calculator.limits.max_odds_work
    calculator.expect(per_state * unique_once_floor(scores, rule.count, budget // per_state + 1))
    # Python hashes an int modulo 2**61 - 1, so sets of more than 61 faces as bits collide
    # in a dict by the thousand. For those, the score shares its int with a fingerprint of the
    # set (a fixed word per face, added up; below SPREAD), which spreads the keys; the set
    # itself in the key keeps it exact.
    wide = sides > 61
    spread = SPREAD if wide else 1
    new_face = [value * spread + (fingerprints(sides)[i] if wide else 0) for i, value in enumerate(scores)]
    repeat = [value * spread for value in scores]
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for die in range(rule.count):
        calculator.charge_ahead(per_state * len(states), rule.count - 1 - die)
        grown: defaultdict[tuple[int, int], int] = defaultdict(int)
        for (seen, key), weight in states.items():
            again = seen.bit_count()
            for i in range(sides):
                bit = 1 << i
                if seen & bit:
                    grown[(seen, key + repeat[i])] += weight * again
                else:
                    grown[(seen | bit, key + new_face[i])] += weight * (sides + again)
        states = dict(grown)
    result: defaultdict[int, int] = defaultdict(int)
    for (_seen, key), weight in states.items():
        result[key // spread] += weight
    return calculator.checked(dict(result))


def unique_test_dice(calculator: Calculator, rule: TermRule) -> Weights:
    """Unique dice with a test (``2d%u>80``): only a face meeting the test may not repeat an earlier one.

    Die by die, a die showing a face that meets the test and that an earlier die shows is
    rolled again (``u``: until it does not; ``uo``: once). The walk keeps the faces meeting
    the test seen so far, and the score (or, with keep/drop, every face drawn, sorted). Each
    die's ways are out of ``lcm(1..faces) * faces``; every step is charged before it is taken.
    """
    import math

    only = predicate(rule.unique_test)  # type: ignore[arg-type]  # a rule with a unique test
    weights = face_weights(calculator, rule)
    faces = list(weights)
    total = sum(weights.values())
    scale = math.lcm(*range(1, total + 1)) * total  # every share of the faces left divides it
    keeps_all = not rule.selects
    score = _score(rule)
    states: dict[tuple[frozenset[int], object], int] = {(frozenset(), 0 if keeps_all else ()): 1}
    for die in range(rule.count):
        calculator.charge_ahead(SLOW_LOOP * len(states) * len(faces), rule.count - 1 - die)
        grown: defaultdict[tuple[frozenset[int], object], int] = defaultdict(int)
        for (seen, kept), ways in states.items():
            taken = [face for face in faces if only(face) and face in seen]
            taken_weight = sum(weights[face] for face in taken)
            free_weight = total - taken_weight
            for face in faces:
                if face in taken:
                    if rule.unique != "uo":
                        continue  # rolled again until it stands
                    step = taken_weight * weights[face] * (scale // (total * total))
                else:
                    if rule.unique == "uo":
                        step = weights[face] * (total + taken_weight) * (scale // (total * total))
                    else:
                        step = weights[face] * (scale // free_weight)
                if not step:
                    continue
                grown_seen = seen | {face} if only(face) else seen
                grown_kept = kept + score[face] if keeps_all else tuple(sorted((*kept, face)))  # type: ignore[operator,misc]
                grown[(grown_seen, grown_kept)] += ways * step
        states = dict(grown)
        if len(states) > calculator.max_outcomes * 64:
            raise calculator.too_many()
    result: defaultdict[int, int] = defaultdict(int)
    for (_seen, kept), ways in states.items():
        value = kept if keeps_all else value_of_faces(rule, kept)  # type: ignore[arg-type]
        result[value] += ways  # type: ignore[index]
    return calculator.checked(dict(result))
