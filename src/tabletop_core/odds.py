"""Exact probabilities of finite outcomes: :class:`Distribution`.

A distribution holds every outcome with an exact :class:`~fractions.Fraction`
probability; the probabilities always sum to exactly 1. Rule systems build
theirs by enumerating a pure rule function over the faces of the dice
(:meth:`Distribution.from_function`), so the odds can never drift from the
rules.

Examples:
    >>> from tabletop_core import Distribution
    >>> from tabletop_core.dice import d6
    >>> two_d6 = Distribution.from_function(lambda a, b: a + b, d6, d6)
    >>> two_d6.probability(7)
    Fraction(1, 6)
    >>> two_d6.probability(lambda total: total >= 10)
    Fraction(1, 6)
    >>> two_d6.mean()
    Fraction(7, 1)
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from numbers import Rational
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeAlias, TypeVar

from tabletop_core import _odds_table
from tabletop_core._odds_table import MAX_FRACTION_TEXT  # noqa: F401  # documented here before it moved
from tabletop_core._outcomes import label as _label
from tabletop_core._outcomes import machine_value as _machine
from tabletop_core._outcomes import stable_order as _stable_order
from tabletop_core._validate import check_int, clip
from tabletop_core.errors import InvalidInput
from tabletop_core.rng import MAX_SIDES, dice_source

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    from matplotlib.axes import Axes

    from tabletop_core.rng import RngLike

__all__ = ["MAX_COMBINATIONS", "MAX_OUTCOMES", "MAX_SAMPLE", "Distribution"]

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)
Weight: TypeAlias = "int | Fraction"


class _FacedDie(Protocol):
    """A fair die as exact odds read it: its faces, ``1..sides``, as a ``range``.

    :class:`~tabletop_core.dice.Die` is one. The odds know a die only by this face, so
    :mod:`tabletop_core.dice` (whose ``Die.distribution()`` builds a :class:`Distribution`)
    can build on this module without this module importing it back.
    """

    @property
    def faces(self) -> range:
        """The faces of the die, ``range(1, sides + 1)``."""


DiceLike: TypeAlias = "_FacedDie | int | Distribution[Any]"  # Any: a die may have outcomes of any type

_MAX_SAMPLE_DENOMINATOR = 2**62

MAX_OUTCOMES = 100_000
"""Most outcomes (and most weights read) one :class:`Distribution` holds.

A distribution of 100,000 outcomes takes about 20 MB and a few tenths of a second
to build; :meth:`Die.distribution <tabletop_core.dice.Die.distribution>`, the
constructor, :meth:`Distribution.uniform` and :meth:`Distribution.from_function`
refuse more with :class:`~tabletop_core.errors.InvalidInput` before doing the work.
"""

MAX_COMBINATIONS = 1_000_000
"""Most combinations of faces :meth:`Distribution.from_function` (and so
:meth:`Distribution.combine` and ``+``) enumerates: the product of the sizes of
its dice, checked before the first call of the function (about a second of work)."""

MAX_SAMPLE = 1_000_000
"""Most outcomes one :meth:`Distribution.sample` call draws (about 24 MB while it runs);
call it again for more."""


def _too_many(what: str, count: int, limit: int, name: str) -> InvalidInput:
    """The refusal of work over a budget: the sizes in the message, the limit's name on ``error.limit``."""
    return InvalidInput(
        f"{what} {_count_text(count)}, more than the {limit:,} exact odds can handle",
        limit=f"tabletop_core.odds.{name}",
        detail=f"{name} = {limit:,} caps this work; it is checked before any is done",
    )


def _count_text(count: int) -> str:
    return f"{count:,}" if count < 10**60 else clip(count)


class Distribution(Generic[T]):
    """An immutable, exact probability distribution over finitely many outcomes.

    Args:
        weights: A mapping (or iterable of pairs) from outcome to a non-negative
            ``int`` or ``Fraction`` weight. Weights are normalised; outcomes
            with weight 0 are left out.

    Raises:
        InvalidInput: a weight is negative, all weights are 0, or there are more
            than :data:`MAX_OUTCOMES` weights.
        TypeError: a weight is not an int or Fraction (floats are refused:
            they are not exact), or an item of *weights* is not an
            ``(outcome, weight)`` pair.
    """

    __slots__ = ("_index", "_outcomes", "_probabilities")

    _outcomes: tuple[T, ...]
    _probabilities: tuple[Fraction, ...]
    _index: dict[T, int]

    def __init__(self, weights: Mapping[T, Weight] | Iterable[tuple[T, Weight]]) -> None:
        if isinstance(weights, Mapping):
            if len(weights) > MAX_OUTCOMES:
                raise _too_many("a distribution with", len(weights), MAX_OUTCOMES, "MAX_OUTCOMES")
            pairs: Iterable[Any] = weights.items()  # Any: (outcome, weight) pairs, checked below
        elif isinstance(weights, (str, bytes)) or not isinstance(weights, Iterable):
            raise TypeError(f"weights must be a mapping or (outcome, weight) pairs, got {type(weights).__name__}")
        else:
            pairs = weights
        totals: dict[T, Weight] = {}  # ints stay ints: one exact division per outcome at the end
        for count, pair in enumerate(pairs, 1):
            if count > MAX_OUTCOMES:  # a generator can be endless: stop reading, not only storing
                raise InvalidInput(
                    f"a distribution takes at most {MAX_OUTCOMES:,} weights", limit="tabletop_core.odds.MAX_OUTCOMES"
                )
            # A str unpacks character by character, and a pair of the wrong length would
            # raise a bare ValueError: both are the wrong type of argument. Tuples (what
            # dict.items() and the library give) skip the slower ABC check.
            not_a_sequence = type(pair) is not tuple and (
                isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence)
            )
            if not_a_sequence or len(pair) != 2:
                raise TypeError(
                    f"weights must be a mapping or (outcome, weight) pairs, got {type(pair).__name__} {clip(pair)}"
                )
            outcome, weight = pair
            if isinstance(weight, bool) or not isinstance(weight, (int, Rational)):
                raise TypeError(
                    f"weight of {clip(outcome)} must be an int or Fraction, got {type(weight).__name__} {clip(weight)}"
                )
            if weight < 0:
                raise InvalidInput(f"weight of {clip(outcome)} must be >= 0, got {weight}")
            if weight:
                exact: Weight = weight if isinstance(weight, int) else Fraction(weight)
                totals[outcome] = totals.get(outcome, 0) + exact
        total = sum(totals.values())
        if total == 0:
            raise InvalidInput("a distribution needs at least one outcome with a positive weight")
        outcomes = _stable_order(list(totals))
        if isinstance(total, int):
            # Equal weights share one Fraction: sums of dice are symmetric, so this halves the
            # gcd work (the bulk of the time for a sum of a thousand dice).
            shared: dict[Weight, Fraction] = {}
            probabilities = tuple(
                shared.get(weight) or shared.setdefault(weight, Fraction(weight, total))
                for weight in (totals[o] for o in outcomes)
            )
        elif total == 1:  # probabilities already (each weight was made a Fraction above)
            probabilities = tuple(Fraction(totals[o]) for o in outcomes)
        else:
            probabilities = tuple(Fraction(totals[o]) / total for o in outcomes)
        object.__setattr__(self, "_outcomes", tuple(outcomes))
        object.__setattr__(self, "_probabilities", probabilities)
        object.__setattr__(self, "_index", {o: i for i, o in enumerate(outcomes)})

    @classmethod
    def _of_counts(cls, outcomes: Sequence[T], counts: Sequence[int]) -> Distribution[T]:
        """A distribution built from the library's own counts, skipping the checks of ``__init__``.

        *outcomes* are distinct and already in the order ``__init__`` gives them; *counts*
        are positive ints (ways), one per outcome. The result equals
        ``Distribution(dict(zip(outcomes, counts)))``; exact odds of dice notation use this
        to spare a bot's first question the checks its own arithmetic already guarantees.
        """
        total = sum(counts)
        shared: dict[int, Fraction] = {}  # equal counts share one Fraction (sums of dice are symmetric)
        for count in counts:
            if count not in shared:
                shared[count] = Fraction(count, total)
        probabilities = tuple(shared[count] for count in counts)
        self = object.__new__(cls)
        object.__setattr__(self, "_outcomes", tuple(outcomes))
        object.__setattr__(self, "_probabilities", probabilities)
        object.__setattr__(self, "_index", {o: i for i, o in enumerate(self._outcomes)})
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Distribution is immutable; cannot set {clip(name)}")

    def __reduce__(self) -> tuple[Any, ...]:  # Any: pickle's reduce tuple
        # Slots and a refusing __setattr__: pickle (and copy, and process pools) rebuild
        # through the constructor, which checks the data again.
        return (Distribution, (self.items(),))

    def __copy__(self) -> Distribution[T]:
        return self  # immutable: a copy may be the same object

    def __deepcopy__(self, memo: dict[int, Any]) -> Distribution[T]:  # Any: copy's memo
        return self

    # -- building -------------------------------------------------------------

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Distribution[T]:
        """Each of *outcomes* equally likely (repeats count more than once).

        Raises:
            InvalidInput: *outcomes* holds more than :data:`MAX_OUTCOMES` items.
        """
        if isinstance(outcomes, range) and len(outcomes) > MAX_OUTCOMES:
            raise _too_many("a distribution with", len(outcomes), MAX_OUTCOMES, "MAX_OUTCOMES")
        counts: dict[T, int] = {}
        for count, outcome in enumerate(outcomes, 1):
            if count > MAX_OUTCOMES:
                raise InvalidInput(
                    f"a uniform distribution takes at most {MAX_OUTCOMES:,} outcomes",
                    limit="tabletop_core.odds.MAX_OUTCOMES",
                )
            counts[outcome] = counts.get(outcome, 0) + 1
        return cls(counts)

    @classmethod
    def from_function(cls, func: Callable[..., T], *dice: DiceLike) -> Distribution[T]:
        """Enumerate a pure function over every combination of dice faces.

        This is how rule systems get exact odds: the same pure ``resolve_*``
        function that judges one roll is called once per combination of faces.

        Args:
            func: Called as ``func(face1, face2, ...)``, one argument per die.
            *dice: Each a :class:`~tabletop_core.dice.Die` (or anything with a ``faces`` range),
                a number of sides, or a :class:`Distribution` (for dice with weighted faces).

        Returns:
            The distribution of ``func``'s results.

        Raises:
            InvalidInput: the dice have more than :data:`MAX_COMBINATIONS` combinations
                of faces (checked before *func* is first called), or a number of sides is
                below 1 or above ``dice.MAX_SIDES``.
            TypeError: *func* is not callable, or a die is none of the kinds above.

        Examples:
            >>> from tabletop_core.dice import d6
            >>> Distribution.from_function(max, d6, d6).probability(6)
            Fraction(11, 36)
        """
        if not callable(func):
            raise TypeError(f"func must be callable, got {type(func).__name__} {clip(func)}")
        combinations = 1
        for position, die in enumerate(dice):
            combinations *= _size(die, position)
        if combinations > MAX_COMBINATIONS:
            raise _too_many("the dice have", combinations, MAX_COMBINATIONS, "MAX_COMBINATIONS")
        axes = [_faces(die, position) for position, die in enumerate(dice)]
        weights: dict[T, Weight] = {}
        if all(weight == 1 for axis in axes for _face, weight in axis):
            # Plain dice (every face weighs 1): count outcomes, without the weight products.
            counts: dict[T, int] = {}
            for faces in itertools.product(*([face for face, _w in axis] for axis in axes)):
                outcome = func(*faces)
                counts[outcome] = counts.get(outcome, 0) + 1
            return cls(counts)
        for combination in itertools.product(*axes):
            weight: Weight = 1
            for _face, face_weight in combination:
                weight = weight * face_weight
            outcome = func(*(face for face, _w in combination))
            weights[outcome] = weights.get(outcome, 0) + weight
        return cls(weights)

    # -- reading ------------------------------------------------------------

    def probability(self, outcome_or_predicate: T | Callable[[T], bool]) -> Fraction:
        """The exact probability of one outcome, or of all outcomes meeting a predicate.

        An outcome not in the distribution has probability 0.
        """
        if outcome_or_predicate in self._index:
            return self._probabilities[self._index[outcome_or_predicate]]
        if callable(outcome_or_predicate):
            predicate = outcome_or_predicate
            return sum(
                (p for o, p in zip(self._outcomes, self._probabilities, strict=True) if _truth(predicate(o))),
                Fraction(0),
            )
        return Fraction(0)

    def items(self) -> list[tuple[T, Fraction]]:
        """``(outcome, probability)`` pairs in a stable order.

        Numbers and strings ascend; enum members follow their definition order;
        anything unorderable keeps the order it was first seen in.
        """
        return list(zip(self._outcomes, self._probabilities, strict=True))

    @property
    def outcomes(self) -> tuple[T, ...]:
        """The outcomes with a positive probability, in the order of :meth:`items`."""
        return self._outcomes

    @property
    def probabilities(self) -> tuple[Fraction, ...]:
        """The probabilities, aligned with :attr:`outcomes`."""
        return self._probabilities

    def __len__(self) -> int:
        return len(self._outcomes)

    def __iter__(self) -> Iterator[T]:
        return iter(self._outcomes)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._index

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        if len(self._outcomes) != len(other._outcomes):
            return False
        if self._outcomes == other._outcomes:  # the usual case: the same order, compare in one pass
            return self._probabilities == other._probabilities
        return dict(self.items()) == dict(other.items())

    def __hash__(self) -> int:
        return hash(frozenset(self.items()))

    # -- deriving -------------------------------------------------------------

    def map(self, func: Callable[[T], U]) -> Distribution[U]:
        """Apply *func* to every outcome, merging outcomes that map to the same value.

        Raises:
            TypeError: *func* is not callable.
        """
        if not callable(func):
            raise TypeError(f"func must be callable, got {type(func).__name__} {clip(func)}")
        weights, _total = self._integer_weights()
        return Distribution((func(o), w) for o, w in zip(self._outcomes, weights, strict=True))

    def combine(  # Any: the outcome type is whatever func returns
        self, other: Distribution[U], func: Callable[[T, U], Any]
    ) -> Distribution[Any]:
        """The distribution of ``func(a, b)`` for independent draws ``a`` of self, ``b`` of *other*.

        Raises:
            InvalidInput: more than :data:`MAX_COMBINATIONS` pairs (checked first).
            TypeError: *func* is not callable.
        """
        return Distribution.from_function(func, self, other)

    def __add__(self, other: Distribution[Any] | int) -> Distribution[Any]:  # Any: numbers of any kind
        if isinstance(other, int) and not isinstance(other, bool):
            shift = other
            return self.map(lambda o: o + shift)  # type: ignore[operator]
        if isinstance(other, Distribution):
            return self.combine(other, lambda a, b: a + b)
        return NotImplemented

    __radd__ = __add__

    def __neg__(self) -> Distribution[Any]:  # Any: numbers of any kind
        return self.map(lambda o: -o)  # type: ignore[operator]

    def mean(self) -> Fraction:
        """The exact expected value (numeric outcomes only).

        Raises:
            TypeError: an outcome is not a number.
        """
        ints = self._int_outcomes()
        if ints is not None:  # one exact division instead of one per outcome
            weights, total = self._integer_weights()
            return Fraction(sum(o * w for o, w in zip(ints, weights, strict=True)), total)
        return sum((_number(o) * p for o, p in self.items()), Fraction(0))

    def variance(self) -> Fraction:
        """The exact variance (numeric outcomes only)."""
        mean = self.mean()
        ints = self._int_outcomes()
        if ints is not None:
            weights, total = self._integer_weights()
            square = Fraction(sum(o * o * w for o, w in zip(ints, weights, strict=True)), total)
            return square - mean * mean
        return sum(((_number(o) - mean) ** 2 * p for o, p in self.items()), Fraction(0))

    def _int_outcomes(self) -> list[int] | None:
        """The outcomes when every one is a plain ``int``, else ``None``."""
        outcomes: list[Any] = list(self._outcomes)  # Any: checked just below
        return outcomes if all(type(o) is int for o in outcomes) else None

    def _integer_weights(self) -> tuple[list[int], int]:
        """Integer weights proportional to the probabilities, and their total (the common denominator)."""
        total = 1
        for p in self._probabilities:
            total = math.lcm(total, p.denominator)
        return [p.numerator * (total // p.denominator) for p in self._probabilities], total

    def at_least(self, value: Any) -> Fraction:  # Any: anything the outcomes compare with
        """The probability of an outcome ``>= value``."""
        return self.probability(lambda o: o >= value)

    def at_most(self, value: Any) -> Fraction:  # Any: anything the outcomes compare with
        """The probability of an outcome ``<= value``."""
        return self.probability(lambda o: o <= value)

    # -- sampling -------------------------------------------------------------

    def sample(self, n: int, *, rng: RngLike = None) -> npt.NDArray[Any]:  # Any: numpy picks the dtype
        """Draw *n* independent outcomes, exactly in proportion, into a numpy array.

        Integer outcomes give an ``int64`` array, others an ``object`` array.
        Each draw uses one die with as many sides as the common denominator of
        the probabilities, so sampling is exact (no float rounding).

        Raises:
            InvalidInput: *n* is negative or above :data:`MAX_SAMPLE`, or the
                probabilities are too fine (common denominator above 2**62) to
                sample exactly.
        """
        n = check_int("n", n, low=0, high=MAX_SAMPLE)
        denominator = 1
        for p in self._probabilities:  # stop as soon as it is too fine: an lcm of many can grow huge
            denominator = math.lcm(denominator, p.denominator)
            if denominator > _MAX_SAMPLE_DENOMINATOR:
                raise InvalidInput("probabilities are too fine to sample exactly (denominator above 2**62)")
        import numpy as np

        cumulative = np.cumsum([p.numerator * (denominator // p.denominator) for p in self._probabilities])
        draws = dice_source(rng).roll_many(denominator, n)
        indices = np.searchsorted(cumulative, draws, side="left")
        del draws
        if all(_fits_int64(o) for o in self._outcomes):
            return np.asarray(self._outcomes, dtype=np.int64)[indices]
        table = np.empty(len(self._outcomes), dtype=object)
        table[:] = list(self._outcomes)
        return table[indices]

    # -- rendering: thin doors to _odds_table (text, Markdown, HTML) -----------

    def __str__(self) -> str:
        return _odds_table.text_table(self.items())

    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {p}" for o, p in self.items())
        return f"Distribution({{{body}}})"

    def to_markdown(self) -> str:
        """A Markdown table of outcome, exact probability and percent."""
        return _odds_table.markdown_table(self.items())

    def _repr_html_(self) -> str:
        return _odds_table.html_table(self.items())

    def to_dict(self, *, title: str | None = None) -> dict[str, Any]:  # Any: JSON values
        """JSON-ready data in the one shape every odds table uses.

        ``{"type": "core.Distribution", "version": 1, "title": ..., "outcomes": [...],
        "labels": [...], "probabilities": ["1/6", ...], "floats": [0.1666..., ...]}``:
        each outcome as its machine value (an enum member's lower-case name, a
        tuple as a list), its display label, its exact probability as a fraction
        string and the same as a float.

        Args:
            title: What the table is the odds of (default ``"odds"``).

        Examples:
            >>> from tabletop_core import Distribution
            >>> data = Distribution({"heads": 1, "tails": 1}).to_dict(title="a coin")
            >>> data["title"], data["outcomes"], data["probabilities"], data["floats"]
            ('a coin', ['heads', 'tails'], ['1/2', '1/2'], [0.5, 0.5])
        """
        return {
            "type": "core.Distribution",
            "version": 1,
            "title": "odds" if title is None else str(title),
            "outcomes": [_machine(o) for o in self._outcomes],
            "labels": [_label(o) for o in self._outcomes],
            "probabilities": [str(p) for p in self._probabilities],
            "floats": [float(p) for p in self._probabilities],
        }

    def to_pandas(self) -> Any:  # Any: a pandas DataFrame (pandas is optional)
        """The odds as a ``pandas.DataFrame``: ``outcome``, ``label``, ``probability``, ``exact``.

        ``probability`` is a float, ``exact`` the exact :class:`~fractions.Fraction`;
        the rows are in the order of :meth:`items`.

        Raises:
            MissingExtra: pandas is missing (install the ``pandas`` extra).

        Examples:
            >>> from tabletop_core import Distribution
            >>> Distribution({"heads": 1, "tails": 3}).to_pandas()
              outcome  label  probability exact
            0   heads  heads         0.25   1/4
            1   tails  tails         0.75   3/4
        """
        from tabletop_core.frames import ODDS_COLUMNS, odds_rows, require_pandas

        return require_pandas().DataFrame(odds_rows(self), columns=list(ODDS_COLUMNS))

    def to_numpy(self) -> npt.NDArray[np.float64]:
        """The probabilities as floats, aligned with :attr:`outcomes`.

        Examples:
            >>> from tabletop_core import Distribution
            >>> Distribution({1: 1, 2: 3}).to_numpy()
            array([0.25, 0.75])
        """
        import numpy as np

        return np.array([float(p) for p in self._probabilities], dtype=np.float64)

    def plot(self, ax: Axes | None = None, **bar_options: Any) -> Axes:  # Any: passed to matplotlib's bar()
        """Draw a bar chart of the probabilities with matplotlib.

        Args:
            ax: Axes to draw on; a new figure is made when omitted.
            **bar_options: Passed to ``Axes.bar``.

        Returns:
            The axes drawn on.

        Raises:
            MissingExtra: matplotlib is missing (install the ``plot`` extra); an ``ImportError``.
        """
        from tabletop_core._charts import bar_chart  # matplotlib loads with the first chart

        return bar_chart(self.items(), ax=ax, **bar_options)


def _size(die: DiceLike, position: int) -> int:
    """How many faces *die* has, without listing them."""
    if isinstance(die, Distribution):
        return len(die)
    return len(_die_faces(die, position))


def _die_faces(die: object, position: int) -> range:
    """The faces of a die given as a number of sides or as a die with a ``faces`` range (a ``Die``)."""
    if isinstance(die, int) and not isinstance(die, bool):
        return range(1, check_int(f"dice[{position}] (sides)", die, low=1, high=MAX_SIDES) + 1)
    faces = getattr(die, "faces", None)
    if type(faces) is range:
        return faces
    raise TypeError(f"dice[{position}] must be a Die, a number of sides or a Distribution, got {type(die).__name__}")


def _truth(answer: object) -> bool:
    """A predicate's answer as a bool; an answer with no truth value (a numpy array) is a TypeError."""
    try:
        return bool(answer)
    except ValueError:
        raise TypeError(f"a predicate must answer True or False, got {type(answer).__name__}") from None


def _faces(die: DiceLike, position: int) -> list[tuple[Any, Weight]]:  # Any: faces of any type
    if isinstance(die, Distribution):
        return die.items()  # type: ignore[return-value]  # Fraction is a Weight
    return [(face, 1) for face in _die_faces(die, position)]


def _fits_int64(outcome: object) -> bool:
    return isinstance(outcome, int) and not isinstance(outcome, bool) and -(2**63) <= outcome < 2**63


def _number(outcome: object) -> Fraction:
    if type(outcome) is float and outcome - outcome == 0:  # a finite float (rpg-dice-roller's totals): its exact value
        return Fraction(outcome)
    if not isinstance(outcome, (bool, int, Rational)) and hasattr(type(outcome), "__index__"):
        # An outcome that stands for an integer (a vs roll's margin).
        return Fraction(operator.index(outcome))  # type: ignore[arg-type]  # it has __index__
    if isinstance(outcome, bool) or not isinstance(outcome, (int, Rational)):
        raise TypeError(f"mean and variance need numeric outcomes, got {clip(outcome)}")
    return Fraction(outcome)
