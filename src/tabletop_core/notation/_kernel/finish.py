"""How a rolled dice term comes to its value and its record: keep/drop, counts, flags, the order shown.

A term is its faces and its *chains* (a die and the dice its explosion added, judged
together by keep/drop; a compounded chain is one die). :func:`finisher` reads a rule once
and gives the function that finishes every term of it, for every schedule alike;
:func:`quick_finisher` does the same work for the commonest terms, whose dice need no chain
judged. Small pools repeat their marks: :func:`marks` shares them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection

from tabletop_core.notation._kernel.dice_records import DiceMarks, DiceRoll, new_dice_marks, new_dice_roll
from tabletop_core.notation._kernel.terms import SelectRule, TermRule, failing, predicate

__all__ = ["CLAMPED_NONE", "POSITIONS_NONE", "Finish", "Quick", "finisher", "marks", "quick_finisher"]

_MARKS: dict[tuple[object, ...], DiceMarks] = {}
_MAX_MARKS = 4096  # a few hundred KB at most; emptied when full
_NO_MARKS = ((), (), (), (), (), (), (), ())  # the marks after the first four: none


def marks(
    dropped: tuple[int, ...], rerolled: tuple[int, ...], exploded: tuple[int, ...], successes: tuple[int, ...] | None
) -> DiceMarks:
    """The :class:`DiceMarks` of these positions (none of the later marks), shared: small pools repeat them."""
    key = (dropped, rerolled, exploded, successes)
    found = _MARKS.get(key)
    if found is None:
        if len(_MARKS) >= _MAX_MARKS:
            _MARKS.clear()
        found = _MARKS[key] = new_dice_marks(dropped, rerolled, exploded, successes, *_NO_MARKS)
    return found


def _cut(selects: tuple[SelectRule, ...], totals: list[int]) -> list[int] | set[int]:
    """The chains the rule's keep/drop drops, judged by their totals, ties keeping the chain rolled first.

    Several keep/drops (``3d6kh2dl1``) each judge every chain and their drops add up: a top cut
    (the highest) and a bottom cut (the lowest), the bottom one taken from the chains the top
    one leaves, so the middle stays whatever the ties (a keep above the pool keeps it all).
    """
    count = len(totals)
    if len(selects) == 1:
        highest, keep = selects[0].kept(count)
        if keep >= count:
            return POSITIONS_NONE
        # A stable sort, reversed or not, keeps the chain rolled first among ties.
        return sorted(range(count), key=totals.__getitem__, reverse=highest)[keep:]
    bottom = top = 0
    for select in selects:
        highest, keep = select.kept(count)
        if highest:
            bottom = max(bottom, count - keep)
        else:
            top = max(top, count - keep)
    if bottom + top >= count:
        return set(range(count))
    dropped = set(sorted(range(count), key=totals.__getitem__)[count - top :]) if top else set()
    left = [chain for chain in range(count) if chain not in dropped]
    if bottom:
        dropped.update(sorted(left, key=totals.__getitem__, reverse=True)[len(left) - bottom :])
    return dropped


def _sorted(positions: list[int]) -> tuple[int, ...]:
    """*positions* in order, as a record holds them."""
    return tuple(sorted(positions)) if positions else ()


Finish = Callable[..., tuple[int, DiceRoll]]
"""A term's finisher: ``finish(faces, live, chains, dropped, rerolled, exploded, clamped, penetrated, order,
compound) -> (value, record)`` (see :func:`finisher`)."""


@functools.lru_cache(maxsize=4096)
def finisher(rule: TermRule) -> Finish:  # noqa: C901 - the term's value, every mark of its record
    """How a rolled term of *rule* comes to its value and its record (the rule read once).

    The finisher takes:

    * *faces*: every face, in the order drawn (as shown: clamped, penetrated);
    * *live*: the positions of the dice in play, when none exploded (``None``: every face);
    * *chains*: each chain's positions (a die and the dice its explosion added), when dice
      could explode: keep/drop judges a chain by its total; else ``None``;
    * *dropped*: the dice (chains) dropped by a wing's own keep/drop, as indexes of *live*
      or *chains* (or positions, with neither), or ``None``: the rule's keep/drop decides;
    * *rerolled*, *exploded*, *clamped*, *penetrated*: the marked positions (*clamped*: with
      the face drawn there);
    * *order*: every position in the order shown, when not the order drawn (else worked out for a sort);
    * *compound*: a chain counts as one die showing its total (``!!``; stage by stage, every chain).
    """
    notation, record_sides, fate = rule.notation, rule.record_sides, rule.fate
    selects, sort, descending = rule.selects, rule.sort, rule.sort == "d"
    meets = None if rule.success is None else predicate(rule.success)
    fails = failing(rule)
    crit, crit_dropped, always = rule.crit, rule.crit_dropped, rule.marks_always
    high, low = rule.high, rule.low
    is_crit = (lambda v: v == high) if rule.crit_success is None else predicate(rule.crit_success)
    is_fumble = (lambda v: v == low) if rule.crit_failure is None else predicate(rule.crit_failure)
    scores = meets is not None or crit  # each counted die looked at, not only summed

    def finish(
        faces: list[int],
        live: list[int] | None,
        chains: list[list[int]] | None,
        dropped: set[int] | list[int] | None,
        rerolled: list[int] = POSITIONS_NONE,
        exploded: list[int] = POSITIONS_NONE,
        clamped: list[tuple[int, int]] = CLAMPED_NONE,
        penetrated: list[int] = POSITIONS_NONE,
        order: tuple[int, ...] = (),
        compound: bool = False,
    ) -> tuple[int, DiceRoll]:
        units: list[tuple[int, int]] = _UNITS  # (position, what it counts as) of every die that counts
        gone: Collection[int]  # the dice (chains) dropped
        if chains is None:
            values = faces if live is None else [faces[p] for p in live]
            gone = dropped if dropped is not None else _cut(selects, values) if selects else _EMPTY
            cut = _sorted(list(gone)) if live is None else tuple(sorted([live[i] for i in gone])) if gone else ()
            if scores:
                every = range(len(faces)) if live is None else live
                units = [(p, faces[p]) for i, p in enumerate(every) if i not in gone]
            else:
                value = sum(values) - (sum([values[i] for i in gone]) if gone else 0)
            totals = values
        elif not (selects or dropped or scores or compound or sort or crit_dropped):
            # Every chain counts and is summed: the faces of the chains, the rerolled ones left out.
            totals = POSITIONS_NONE  # not needed
            cut = ()
            value = sum(faces) - (sum([faces[p] for p in rerolled]) if rerolled else 0)
        else:
            totals = [sum([faces[p] for p in chain]) for chain in chains]
            gone = dropped if dropped is not None else _cut(selects, totals) if selects else _EMPTY
            cut = tuple(sorted([p for c in gone for p in chains[c]])) if gone else ()
            if scores:
                kept = [c for c in range(len(chains)) if c not in gone]
                if compound:
                    units = [(chains[c][0], totals[c]) for c in kept]
                else:
                    units = [(p, faces[p]) for c in kept for p in chains[c]]
            else:
                value = sum(totals) - (sum([totals[c] for c in gone]) if gone else 0)
        successes: tuple[int, ...] | None = None
        failures: tuple[int, ...] = ()
        crits: tuple[int, ...] = ()
        fumbles: tuple[int, ...] = ()
        if scores:
            if meets is not None:
                successes = tuple(sorted([p for p, shown in units if meets(shown)]))
                if fails is not None:
                    failures = tuple(sorted([p for p, shown in units if fails(shown)]))
                value = len(successes) - len(failures)
            else:
                value = sum([shown for _p, shown in units])
            if crit:
                flagged = units
                if crit_dropped:  # every die, dropped ones too (rpg-dice-roller flags them all)
                    if chains is not None:
                        flagged = [(chain[0], totals[c]) for c, chain in enumerate(chains)]
                    else:
                        flagged = [(p, faces[p]) for p in (range(len(faces)) if live is None else live)]
                crits = tuple(sorted([p for p, shown in flagged if is_crit(shown)]))
                fumbles = tuple(sorted([p for p, shown in flagged if is_fumble(shown)]))
        if sort is not None and not order:
            order = _sorted_order(faces, live, chains, compound, rerolled, totals, descending)
        compounded = tuple(sorted([p for chain in chains for p in chain[1:]])) if compound and chains else ()
        if clamped or compounded or penetrated or failures or crits or fumbles or order:
            at = sorted(clamped)
            record_marks: DiceMarks | None = new_dice_marks(
                cut,
                _sorted(rerolled),
                _sorted(exploded),
                successes,
                failures,
                tuple([p for p, _face in at]),
                tuple([face for _p, face in at]),
                compounded,
                _sorted(penetrated),
                crits,
                fumbles,
                order,
            )
        elif cut or rerolled or exploded or successes is not None or always:
            record_marks = marks(cut, _sorted(rerolled), _sorted(exploded), successes)
        else:
            record_marks = None
        return value, new_dice_roll(notation, record_sides, fate, tuple(faces), value, record_marks)

    return finish


Quick = Callable[[list[int], list[int] | None, list[int], list[int], list[tuple[int, int]]], tuple[int, DiceRoll]]
"""A term's finisher when no chain is judged: ``quick(faces, live, rerolled, exploded, clamped) -> (value, record)``."""


@functools.lru_cache(maxsize=4096)
def quick_finisher(rule: TermRule) -> Quick | None:
    """:func:`finisher`'s work for the commonest terms, or ``None``: their dice need no chain judged.

    That is a term with at most one keep/drop and a success count and no explosion, or an
    explosion that is only summed; nothing sorted, flagged or compounded. It takes the
    faces, the positions in play (``None``: every face; with an explosion, every face not
    rerolled), the positions rerolled and exploded (each in order) and the clamped ones
    (in order, with the face drawn there), and gives what :func:`finisher` gives for them.
    """
    selects, meets = rule.selects, None if rule.success is None else predicate(rule.success)
    if (
        rule.sort is not None
        or rule.crit
        or rule.failure is not None
        or len(selects) > 1
        or rule.rdr_selects
        or rule.stages
        or (rule.explode is not None and (rule.explode != "!" or selects or meets is not None))
    ):
        return None
    notation, record_sides, fate, count = rule.notation, rule.record_sides, rule.fate, rule.count
    always = rule.marks_always
    explodes = rule.explode is not None
    highest, keep = selects[0].kept(count) if selects else (True, count)
    one_out, last = keep == count - 1 and count > 0, count - 1

    def quick(
        faces: list[int],
        live: list[int] | None,
        rerolled: list[int],
        exploded: list[int],
        clamped: list[tuple[int, int]],
    ) -> tuple[int, DiceRoll]:
        values = faces if live is None else [faces[p] for p in live]
        gone: list[int] = POSITIONS_NONE
        cut: tuple[int, ...] = ()
        if one_out:
            # One die dropped: the last of the lowest (highest), as the stable sort below would leave it.
            gone = [last - values[::-1].index(min(values) if highest else max(values))]
            cut = (gone[0],) if live is None else (live[gone[0]],)
        elif keep < count:
            # A stable sort, reversed or not, keeps the die rolled first among ties.
            gone = sorted(range(count), key=values.__getitem__, reverse=highest)[keep:]
            gone.sort()
            cut = tuple(gone) if live is None else tuple([live[i] for i in gone])
        successes: tuple[int, ...] | None = None
        if meets is not None:
            every = range(count) if live is None else live
            if gone:
                out = set(gone)
                successes = tuple([p for i, p in enumerate(every) if i not in out and meets(faces[p])])
            else:
                successes = tuple([p for p in every if meets(faces[p])])
            value = len(successes)
        elif explodes:
            value = sum(faces) - (sum([faces[p] for p in rerolled]) if rerolled else 0)
        else:
            value = sum(values) - (sum([values[i] for i in gone]) if gone else 0)
        if clamped:
            record_marks: DiceMarks | None = new_dice_marks(
                cut,
                tuple(rerolled),
                tuple(exploded),
                successes,
                (),
                tuple([p for p, _face in clamped]),
                tuple([face for _p, face in clamped]),
                *_NO_MARKS[:5],
            )
        elif cut or rerolled or exploded or successes is not None or always:
            record_marks = marks(cut, tuple(rerolled), tuple(exploded), successes)
        else:
            record_marks = None
        return value, new_dice_roll(notation, record_sides, fate, tuple(faces), value, record_marks)

    return quick


CLAMPED_NONE: list[tuple[int, int]] = []  # read only: no face clamped
_UNITS: list[tuple[int, int]] = []  # read only
POSITIONS_NONE: list[int] = []  # read only: no positions marked
_EMPTY: frozenset[int] = frozenset()


def _sorted_order(
    faces: list[int],
    live: list[int] | None,
    chains: list[list[int]] | None,
    compound: bool,
    rerolled: list[int],
    totals: list[int],
    descending: bool,
) -> tuple[int, ...]:
    """Every position in the order shown, dice sorted by what they count as (the default dialect's ``s``).

    A compounded chain sorts by its total and stays together; a rerolled die stands right
    before the die that replaced it.
    """
    del live  # every position is read below: the rerolled ones stand before the die that replaced them
    replaced = set(rerolled)
    continuation = {p for chain in chains for p in chain[1:]} if compound and chains is not None else set()
    total_at = {chain[0]: totals[c] for c, chain in enumerate(chains)} if compound and chains is not None else {}
    runs: list[tuple[int, list[int]]] = []
    pending: list[int] = []
    for position in range(len(faces)):
        if position in replaced:
            pending.append(position)
        elif position in continuation:
            runs[-1][1].extend([*pending, position])
            pending = []
        else:
            runs.append((total_at.get(position, faces[position]), [*pending, position]))
            pending = []
    keyed = sorted(enumerate(runs), key=lambda item: (-item[1][0] if descending else item[1][0], item[0]))
    return tuple(p for _i, (_total, run) in keyed for p in run)
