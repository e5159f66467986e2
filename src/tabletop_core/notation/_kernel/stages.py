"""The engine's stages: a die's life (die by die), and each modifier over the whole pool (stage by stage).

Die by die (the default dialect), :func:`live` draws every die of a term, each living its
whole life before the next: drawn, clamped, made unique or rerolled, exploded. Stage by
stage (rpg-dice-roller), every die is drawn first (:func:`draw_all`), then the clamp,
the explosions, the rerolls and unique faces each run over the pool in turn. Keep/drop
comes after either: :func:`kept_groups` as the default dialect reads it, :func:`rdr_kept`
as rpg-dice-roller does.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable

from tabletop_core.notation._kernel.budget import Budget
from tabletop_core.notation._kernel.pool import Pool, draw_faces
from tabletop_core.notation._kernel.terms import TermRule, explodes_on, predicate
from tabletop_core.rng import DiceSource

__all__ = [
    "Life",
    "clamp_all",
    "draw_all",
    "explode_each",
    "explode_rounds",
    "js_slice",
    "kept_groups",
    "liver",
    "rdr_kept",
    "reroll_each",
    "sort_units",
    "unique_each",
    "unit_value",
    "units_of",
]


Life = tuple[
    list[int], list[int] | None, list[list[int]] | None, list[int], list[int], list[tuple[int, int]], list[int]
]
"""A term rolled die by die: ``(faces, live, chains, rerolled, exploded, clamped, penetrated)``.

*faces* are every face in the order drawn; *live* the positions of the dice in play when
no die can explode (``None`` with *chains* ``None``: every face is a die of its own);
*chains* each die's chain of positions (the die and the dice its explosion added) when
dice can explode; then the positions rerolled, exploded and penetrated, and each clamped
position with the face drawn there.
"""

_NONE: list[int] = []  # read only: no positions
_NONE_CHAINS: list[list[int]] = []  # read only: chains not kept
_NONE_CLAMPED: list[tuple[int, int]] = []  # read only
_NONE_USED: set[int] = set()  # read only


def _never() -> int:  # pragma: no cover - only a term whose draws need no more than roll() has no draw()
    raise AssertionError("a plain draw needs no draw()")


def liver(rule: TermRule, *, chained: bool = True) -> Callable[[DiceSource, Budget], Life]:  # noqa: C901 - in order
    """How *rule*'s dice are drawn die by die, each living its whole life before the next (the default dialect's order).

    A die is drawn and clamped; made unique or rerolled (each new face clamped too); then,
    if it explodes, the next die of its chain is drawn and lives the same life. A
    penetrating die shows one less than it rolled but explodes on what it rolled. The
    rule is read once; the function returned rolls it. A die that can draw no second
    face (a clamp alone) is drawn with the others at once: the same faces in the same order.
    Without *chained* (nothing will judge a chain: no keep/drop, count, flag or sort) the
    chains are not kept, and an empty list stands for them.
    """
    count, sides, shown = rule.count, rule.draw_sides, rule.faces
    low, high = rule.clamp_low, rule.clamp_high
    plain_draw = shown is None and low is None and high is None
    rerolls = None if rule.reroll is None else predicate(rule.reroll)
    once, unique = rule.reroll_once, rule.unique
    only = None if rule.unique_test is None else predicate(rule.unique_test)
    explode, depth_cap = rule.explode, rule.explode_depth
    explodes = None
    if explode is not None:
        test = rule.explode_test
        explodes = functools.partial(operator.eq, rule.high) if test is None else predicate(test)
    penetrates = explode is not None and explode.endswith("p")

    if rerolls is None and unique is None and explodes is None:

        def clamp_only(source: DiceSource, _budget: Budget) -> Life:
            faces = draw_faces(source, sides, count)
            if shown is not None:
                faces = [shown[face - 1] for face in faces]
            clamped: list[tuple[int, int]] = []
            for position, face in enumerate(faces):
                if low is not None and face < low:
                    faces[position] = low
                elif high is not None and face > high:
                    faces[position] = high
                else:
                    continue
                clamped.append((position, face))
            return faces, None, None, _NONE, _NONE, clamped, _NONE

        return clamp_only

    has_clamp, tracks_unique = low is not None or high is not None, unique is not None

    if explodes is None and unique is None and plain_draw:
        # No die can explode: each die's life is its face and its rerolls.
        def rerolled_only(source: DiceSource, budget: Budget) -> Life:
            roll = source.roll
            faces: list[int] = []
            alive: list[int] = []
            rerolled: list[int] = []
            for _ in range(count):
                face = roll(sides)
                while rerolls(face):  # type: ignore[misc]  # a rule with a life and nothing else rerolls
                    rerolled.append(len(faces))
                    faces.append(face)
                    budget.spend()
                    face = roll(sides)
                    if once:
                        break
                alive.append(len(faces))
                faces.append(face)
            return faces, alive, None, rerolled, _NONE, _NONE_CLAMPED, _NONE

        return rerolled_only

    if rerolls is None and unique is None and plain_draw and not chained and not penetrates:
        # Dice that only explode, summed: each die's life is its face and the dice it adds.
        def exploded_only(source: DiceSource, budget: Budget) -> Life:
            roll = source.roll
            faces: list[int] = []
            exploded: list[int] = []
            for _ in range(count):
                face = roll(sides)
                depth = 0
                while depth < depth_cap and explodes(face):  # type: ignore[misc]  # this rule explodes
                    exploded.append(len(faces))
                    faces.append(face)
                    depth += 1
                    budget.spend()
                    face = roll(sides)
                faces.append(face)
            return faces, None, _NONE_CHAINS, _NONE, exploded, _NONE_CLAMPED, _NONE

        return exploded_only

    def live(source: DiceSource, budget: Budget) -> Life:  # noqa: C901 - as above
        roll = source.roll
        faces: list[int] = []
        alive: list[int] = []
        chains: list[list[int]] = [] if chained else _NONE_CHAINS
        rerolled: list[int] = []
        exploded: list[int] = [] if explodes is not None else _NONE
        clamped: list[tuple[int, int]] = [] if has_clamp else _NONE_CLAMPED
        penetrated: list[int] = [] if penetrates else _NONE
        used: set[int] = set() if tracks_unique else _NONE_USED
        draw: Callable[[], int] = _never
        if plain_draw and tracks_unique:

            def draw() -> int:
                face = roll(sides)
                faces.append(face)
                return face

        elif not plain_draw:

            def draw() -> int:
                drawn = roll(sides)
                face = drawn if shown is None else shown[drawn - 1]
                if low is not None and face < low:
                    clamped.append((len(faces), face))
                    face = low
                elif high is not None and face > high:
                    clamped.append((len(faces), face))
                    face = high
                faces.append(face)
                return face

        for _ in range(count):
            chain: list[int] | None = None
            depth = 0
            while True:
                if plain_draw:
                    face = roll(sides)
                    faces.append(face)
                else:
                    face = draw()
                if unique is not None:
                    while (face in used and (only is None or only(face))) or (rerolls is not None and rerolls(face)):
                        rerolled.append(len(faces) - 1)
                        budget.spend()
                        face = draw()
                        if unique == "uo":
                            break
                    used.add(face)
                elif rerolls is not None:
                    while rerolls(face):
                        rerolled.append(len(faces) - 1)
                        budget.spend()
                        if plain_draw:
                            face = roll(sides)
                            faces.append(face)
                        else:
                            face = draw()
                        if once:
                            break
                if explodes is None:
                    alive.append(len(faces) - 1)
                    break
                position = len(faces) - 1
                if not chained:
                    pass
                elif chain is None:
                    chain = [position]
                    chains.append(chain)
                else:
                    chain.append(position)
                goes_on = depth < depth_cap and explodes(face)
                if penetrates and depth > 0:
                    faces[position] = face - 1
                    penetrated.append(position)
                if not goes_on:
                    break
                exploded.append(position)
                depth += 1
                budget.spend()
        if explodes is None:
            return faces, alive, None, rerolled, exploded, clamped, penetrated
        return faces, None, chains, rerolled, exploded, clamped, penetrated

    return live


# -- stage by stage -------------------------------------------------------------------------


def draw_all(rule: TermRule, source: DiceSource, budget: Budget) -> Pool:
    """A pool of every die of the term, drawn at once before any modifier runs."""
    faces = draw_faces(source, rule.draw_sides, rule.count)
    shown = rule.faces
    if shown is not None:
        faces = [shown[face - 1] for face in faces]
    return Pool(rule, source, budget, faces)


def sort_units(pool: Pool, descending: bool) -> None:
    """Show the pool's dice sorted by what each counts as (stably: ties keep the order shown)."""
    units = units_of(pool)
    units.sort(key=lambda die: unit_value(pool, die), reverse=descending)
    merged = pool.merged
    pool.order = [each for die in units for each in (die, *merged.get(die, ()))]


def units_of(pool: Pool) -> list[int]:
    """The dice that count on their own, in the order shown (not those added into another)."""
    inner = pool.inner
    return [die for die in pool.order if die not in inner] if inner else list(pool.order)


def clamp_all(pool: Pool) -> None:
    """rpg-dice-roller's ``min`` then ``max``: every die drawn so far, low bound first."""
    clamped = pool.rule.clamped
    for die in pool.order:
        pool.set_face(die, clamped(pool.face(die)))


def explode_each(pool: Pool) -> None:
    """Each die in turn explodes its whole chain, the new dice shown right after it (rpg-dice-roller).

    A compounding chain is added into the die that exploded; a penetrating die shows one
    less than it rolled, and the chain goes on on what it rolled.
    """
    rule = pool.rule
    kind = rule.explode or "!"
    compounds, penetrates = "!!" in kind, kind.endswith("p")
    explodes, cap = rule.explodes, rule.explode_depth
    for die in list(pool.order):
        last, face = die, pool.face(die)
        rounds = 0
        while rounds < cap and explodes(face):
            rounds += 1
            if last not in pool.exploded:
                pool.exploded.append(last)
            pool.budget.spend()
            face = pool.draw()
            last = pool.new_die(into=die if compounds else -1, after=last)
            if penetrates:
                pool.faces[-1] = face - 1
                pool.penetrated.append(len(pool.faces) - 1)


def explode_rounds(pool: Pool, explodes: Callable[[int], bool] | None = None) -> None:
    """Round after round, every kept die showing a face that explodes adds one, shown last (the d20 package's ``e``).

    That is each die in turn, the new ones after the old: one pass over the growing list
    draws the dice in the package's order. A walk for exact odds (a source with ``rounds``)
    stops a chain after that many. *explodes* tests a face (default: the rule's explosion;
    the d20 dialect's ``e`` operator gives its selectors' test).
    """
    if explodes is None:
        explodes = explodes_on(pool.rule)
    cap = getattr(pool.source, "rounds", None)
    faces, pos, kept = pool.faces, pool.pos, pool.kept
    queue = [die for die in pool.order if kept[die]]
    generation = dict.fromkeys(queue, 0) if cap is not None else None
    at = 0
    while at < len(queue):
        die = queue[at]
        at += 1
        if not explodes(faces[pos[die]]):
            continue
        if generation is not None:
            if generation[die] >= cap:  # type: ignore[operator]  # cap is set with generation
                continue
            generation[len(pos)] = generation[die] + 1
        queue.append(pool.add_die(die))


def reroll_each(pool: Pool) -> None:
    """Each die meeting the reroll is rolled again, while it does (or once), in the order shown."""
    rule = pool.rule
    test = predicate(rule.reroll)  # type: ignore[arg-type]  # a rule with a reroll stage has one
    cap = rule.reroll_cap
    allowed = None
    if not rule.reroll_once and getattr(pool.source, "enumerates", False):
        # Walked for exact odds: the reroll ends on a face it leaves, each equally likely; if it
        # leaves none, a capped reroll ends on its last draw, any face (uncapped ones never get here).
        allowed = [n for n in range(1, rule.draw_sides + 1) if not test(n if rule.faces is None else rule.faces[n - 1])]
        cap = None
        if not allowed and rule.reroll_cap is not None:
            allowed, cap = None, 1
    for die in units_of(pool):
        rounds = 0
        while (cap is None or rounds < cap) and test(unit_value(pool, die)):
            rounds += 1
            _reroll_unit(pool, die, allowed)
            if rule.reroll_once:
                break


def unique_each(pool: Pool) -> None:
    """rpg-dice-roller's unique: from the second die on, a die showing a face an earlier die shows is rolled again.

    With a test, only a face meeting it counts as a repeat; ``uo`` rolls it again once.
    """
    rule = pool.rule
    only = None if rule.unique_test is None else predicate(rule.unique_test)
    cap = rule.reroll_cap
    units = units_of(pool)
    walked = rule.unique != "uo" and getattr(pool.source, "enumerates", False)
    for index, die in enumerate(units):
        rounds = 0
        while cap is None or rounds < cap:
            value = unit_value(pool, die)
            if only is not None and not only(value):
                break
            earlier = [unit_value(pool, other) for other in units[:index]]
            if value not in earlier:
                break
            rounds += 1
            if walked:
                # Walked for exact odds: the die ends on a face that may stand, each equally likely
                # (none: its last draw stands, any face).
                faces = range(1, rule.draw_sides + 1)
                shown = [n if rule.faces is None else rule.faces[n - 1] for n in faces]
                stands = [(only is not None and not only(face)) or face not in earlier for face in shown]
                allowed = [n for n, ok in zip(faces, stands, strict=True) if ok]
                _reroll_unit(pool, die, allowed or None)
                break
            _reroll_unit(pool, die)
            if rule.unique == "uo":
                break


def unit_value(pool: Pool, die: int) -> int:
    """What a die counts as: its face, and the faces a compounding explosion added into it."""
    merged = pool.merged.get(die)
    face = pool.faces[pool.pos[die]]
    return face if merged is None else face + sum(pool.faces[pool.pos[other]] for other in merged)


def _reroll_unit(pool: Pool, die: int, allowed: list[int] | None = None) -> None:
    """Roll a die again; a compounded die is rolled again whole (its added dice go with the old face)."""
    for other in pool.merged.pop(die, ()):
        pool.rerolled.append(pool.pos[other])
        pool.history.setdefault(die, []).append(pool.pos[other])
        pool.inner.discard(other)
        pool.order.remove(other)
    pool.reroll(die, allowed)


def kept_groups(pool: Pool) -> None:
    """Keep/drop over a pool of the default dialect's dice: by each group's total, ties keeping the first."""
    rule = pool.rule
    group = pool.group if pool.group is not None else list(range(len(pool.pos)))
    totals: dict[int, int] = {}
    for die in pool.order:
        totals[group[die]] = totals.get(group[die], 0) + pool.face(die)
    keys = list(totals)
    values = [totals[key] for key in keys]
    dropped: set[int] = set()
    for select in rule.selects:
        highest, keep = select.kept(len(keys))
        if keep < len(keys):
            dropped.update(keys[i] for i in sorted(range(len(keys)), key=values.__getitem__, reverse=highest)[keep:])
    for die in range(len(pool.pos)):
        if group[die] in dropped:
            pool.kept[die] = False


def js_slice(count: int, start: int, end: int) -> range:
    """The indexes ``Array.prototype.slice(start, end)`` takes from a list of *count* (negative counts from the end)."""
    start = max(count + start, 0) if start < 0 else min(start, count)
    end = max(count + end, 0) if end < 0 else min(end, count)
    return range(start, max(start, end))


def rdr_kept(pool: Pool) -> None:
    """rpg-dice-roller's keep/drop: each over every die, sorted by face (ties: the order shown), drops added up."""
    ranked = sorted(units_of(pool), key=lambda die: unit_value(pool, die))  # a stable sort, as JavaScript's
    n = len(ranked)
    for select in pool.rule.selects:
        q = select.count
        if select.keep:
            cut = js_slice(n, 0, n - q) if select.highest else js_slice(n, q, n)
        else:
            cut = js_slice(n, n - q, n) if select.highest else js_slice(n, 0, q)
        for index in cut:
            die = ranked[index]
            pool.kept[die] = False
            for other in pool.merged.get(die, ()):
                pool.kept[other] = False
