"""The one shape of every batch: many rolls at once, as read-only numpy arrays.

Every rule system's ``simulate_*`` function returns a subclass of :class:`Batch`
(``ActionBatch``, ``ProgressBatch``, ``TestBatch``, ``StarsBatch``,
``InventoryBatch``), so an app reads them all the same way:

* ``len(batch)``: how many rolls;
* ``batch.outcome_codes``: one small int per roll, an index into ``batch.labels``;
* ``batch.labels``: the outcome each code stands for (``labels[code]``);
* ``batch.outcome(i)``: the outcome of roll *i*; ``batch.result(i)``: roll *i* as
  the same result type a single roll returns (where the system has one);
* ``batch.counts()``: ``{outcome: count}`` with every label a key (zeros included);
* ``batch.shares()``: the counts as a :class:`~tabletop_core.Distribution` of exact
  fractions, comparable with the system's exact odds;
* ``str(batch)`` for a chat line and ``batch.to_dict()`` for JSON.

The arrays are read-only (``arr.flags.writeable`` is ``False``): a batch is a
value, like every result in the library.

Examples:
    >>> from tabletop_core import action_roll as ar
    >>> batch = ar.simulate_action(1000, stat=2, rng=1)
    >>> len(batch), sum(batch.counts().values())
    (1000, 1000)
    >>> batch.counts()[ar.Outcome.MISS], batch.shares().probability(ar.Outcome.MISS)
    (339, Fraction(339, 1000))
    >>> batch.result(0).outcome is batch.outcome(0)
    True
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import attrs

from tabletop_core._names import enum_value
from tabletop_core._outcomes import label as _label
from tabletop_core._record_types import type_name
from tabletop_core._validate import as_int, check_int, clip
from tabletop_core.errors import InvalidInput
from tabletop_core.odds import Distribution

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

# numpy is imported where a batch's arrays are read: a batch is made of numpy arrays, so it is
# loaded by then, and importing this module (every rule system does) does not load it.

__all__ = ["MAX_BATCH", "Batch"]  # read_only is for the systems' batch modules

MAX_BATCH = 1_000_000
"""The most rolls one batch call makes: at most about 36 MB of arrays while it runs.

Measured with ``tracemalloc`` (peak bytes per roll): ``simulate_action`` 31,
``simulate_progress`` 19, ``simulate_test`` 10 (19 with a d6), ``simulate_stars``
24 (32 with Luck), ``simulate_inventory`` 36. Checked before any die is drawn. For
more rolls, make several calls with one ``rng`` source (or one child of
``numpy.random.SeedSequence(seed).spawn(k)`` per call) and add their ``counts()``.
"""

_BEYOND = "for more, make several calls with one rng source and add their counts() (see the Safety page)"


def check_batch_size(n: object) -> int:
    """Return *n* as an int after checking it is 0..:data:`MAX_BATCH` (before any work is done).

    Raises:
        TypeError: *n* is not an int.
        InvalidInput: *n* is negative or above :data:`MAX_BATCH`; the message names the
            limit, its value and how to go beyond it.
    """
    number = as_int("n", n)
    if not 0 <= number <= MAX_BATCH:
        raise InvalidInput(
            f"n must be an int from 0 to {MAX_BATCH} (rolls in one batch), got {clip(number)}",
            limit="tabletop_core.batch.MAX_BATCH",
            detail=f"MAX_BATCH = {MAX_BATCH:,} rolls in one call; {_BEYOND}",
        )
    return number


OutcomeT = TypeVar("OutcomeT", bound=Hashable)  # the outcome type: an enum, a number of stars, a step die

A = TypeVar("A", bound="np.ndarray[Any, Any]")  # Any: every shape and dtype; read_only only flips a flag


def read_only(array: A) -> A:
    """*array* with ``flags.writeable`` set to ``False`` (returned for chaining)."""
    array.flags.writeable = False
    return array


def _json_key(outcome: Hashable) -> str:
    """How an outcome is written as a JSON key: an enum by its machine value (``"strong_hit"``), else ``str()``."""
    return enum_value(outcome) if isinstance(outcome, enum.Enum) else str(outcome)


class Batch(Generic[OutcomeT]):
    """What every batch shares (mixed into ``@frozen(eq=False, repr=False)`` classes).

    A subclass provides :attr:`outcome_codes`, :attr:`labels`, :meth:`_describe`
    and, when its system has a single-roll result type, ``result()``.
    """

    __slots__ = ()

    _parameters: ClassVar[tuple[str, ...]] = ()
    """The scalar fields written into :meth:`to_dict` (what every roll of the batch shared)."""

    def __attrs_post_init__(self) -> None:
        # A batch is a value: no array of it may change after it is built.
        import numpy as np

        for field in attrs.fields(type(self)):  # type: ignore[arg-type]  # subclasses are attrs classes
            value = getattr(self, field.name)
            if isinstance(value, np.ndarray):
                read_only(value)

    # -- what a subclass provides ---------------------------------------------

    @property
    def outcome_codes(self) -> npt.NDArray[np.integer[Any]]:  # Any: int8 or int64, by system
        """One code per roll: an index into :attr:`labels`."""
        raise NotImplementedError  # pragma: no cover - every subclass defines it

    @property
    def labels(self) -> tuple[OutcomeT, ...]:
        """The outcome each code stands for: ``labels[code]``."""
        raise NotImplementedError  # pragma: no cover - every subclass defines it

    def _describe(self) -> str:
        """What the rolls were, for :meth:`__str__` (``"action rolls at +2"``)."""
        raise NotImplementedError  # pragma: no cover - every subclass defines it

    def _show(self, label: OutcomeT) -> str:
        """One outcome as :meth:`__str__` names it (``str(label)`` unless a batch says more)."""
        return str(label)

    # -- the shared shape ------------------------------------------------------

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {len(self):,} {self._describe()}>"

    def __len__(self) -> int:
        return int(self.outcome_codes.shape[0])

    def _index(self, index: int) -> int:
        return check_int("index", index, low=0, high=len(self) - 1)

    def outcome(self, index: int) -> OutcomeT:
        """The outcome of roll number *index* (0-based).

        Raises:
            InvalidInput: *index* is outside ``0..len(batch) - 1``.
            TypeError: *index* is not an int.
        """
        return self.labels[int(self.outcome_codes[self._index(index)])]

    def counts(self) -> dict[OutcomeT, int]:
        """How many rolls gave each outcome, in :attr:`labels` order (every label a key, zeros included)."""
        import numpy as np

        labels = self.labels
        tally = np.bincount(self.outcome_codes, minlength=len(labels))
        return {label: int(tally[code]) for code, label in enumerate(labels)}

    def shares(self) -> Distribution[OutcomeT]:
        """The share of rolls that gave each outcome, as an exact :class:`~tabletop_core.Distribution`.

        Outcomes no roll gave are left out, as a Distribution leaves out outcomes of
        probability 0; compare it with the system's exact odds.

        Raises:
            InvalidInput: the batch is empty (no shares to give).
        """
        if not len(self):
            raise InvalidInput("an empty batch has no shares: simulate at least one roll")
        return Distribution(self.counts())

    def to_pandas(self, *, per_roll: bool = False) -> Any:  # Any: a pandas DataFrame (pandas is optional)
        """The counts, or every roll, as a ``pandas.DataFrame``.

        By default one row per label, in :attr:`labels` order (zeros included):
        ``outcome``, ``label``, ``count``, ``share`` (the count over the batch size,
        0.0 for an empty batch).

        With ``per_roll=True``, one row per roll (the index is the roll's number): its
        ``outcome`` and ``label``, then every per-roll array of the batch as columns, a
        pair of dice as ``<name>_1`` and ``<name>_2`` (``challenge_dice_1``). Built from
        the arrays without a Python loop over the rolls.

        Args:
            per_roll: One row per roll instead of one per outcome.

        Raises:
            MissingExtra: pandas is missing (install the ``pandas`` extra).
            TypeError: *per_roll* is not a bool.

        Examples:
            >>> from tabletop_core import action_roll as ar
            >>> frame = ar.simulate_action(1000, stat=2, rng=7).to_pandas(per_roll=True)
            >>> frame.shape
            (1000, 10)
            >>> list(frame.columns)[:5]
            ['outcome', 'label', 'action_dice', 'challenge_dice_1', 'challenge_dice_2']
        """
        from tabletop_core.frames import COUNT_COLUMNS, count_rows, require_pandas

        if not isinstance(per_roll, bool):
            raise TypeError(f"per_roll must be a bool, got {type(per_roll).__name__}")
        pandas = require_pandas()
        import numpy as np

        if not per_roll:
            return pandas.DataFrame(count_rows(self.counts()), columns=list(COUNT_COLUMNS))
        labels = self.labels
        codes = self.outcome_codes
        outcomes = np.empty(len(labels), dtype=object)
        outcomes[:] = list(labels)
        columns: dict[str, Any] = {  # Any: numpy arrays of several dtypes
            "outcome": outcomes[codes],
            "label": np.asarray([_label(label) for label in labels], dtype=object)[codes],
        }
        for field in attrs.fields(type(self)):  # type: ignore[arg-type]  # subclasses are attrs classes
            value = getattr(self, field.name)
            if field.name == "outcome_codes" or not isinstance(value, np.ndarray) or value.shape[:1] != (len(self),):
                continue
            if value.ndim == 1:
                columns[field.name] = value
            elif value.ndim == 2:  # a pair (or more) of dice per roll
                for index in range(value.shape[1]):
                    columns[f"{field.name}_{index + 1}"] = value[:, index]
        frame = pandas.DataFrame(columns)
        frame.index.name = "roll"
        return frame

    def _repr_html_(self) -> str:
        """A notebook's table: a caption naming the rolls, then outcome, count and share per label."""
        import html  # on first use: a cold start that shows no HTML does not load it (bench_cold_start)

        n = len(self)
        rows = "".join(
            f"<tr><td>{html.escape(_label(label))}</td><td>{count}</td><td>{count / n if n else 0:.2%}</td></tr>"
            for label, count in self.counts().items()
        )
        return (
            f'<table class="tabletop-batch"><caption>{html.escape(f"{n} {self._describe()}")}</caption>'
            f"<thead><tr><th>outcome</th><th>count</th><th>share</th></tr></thead><tbody>{rows}</tbody></table>"
        )

    def to_numpy(self) -> npt.NDArray[np.int64]:
        """The counts as an ``int64`` array, aligned with :attr:`labels`."""
        import numpy as np

        return np.bincount(self.outcome_codes, minlength=len(self.labels)).astype(np.int64)

    def __str__(self) -> str:
        n = len(self)
        parts = ", ".join(
            f"{self._show(label)} {count} ({count / n:.1%})" if n else f"{self._show(label)} 0"
            for label, count in self.counts().items()
        )
        return f"{n} {self._describe()}: {parts}"

    def to_dict(self) -> dict[str, Any]:  # Any: JSON values of several types
        """JSON-ready data: type tag and version (as records have), size, shared arguments, counts.

        Enums are written by their machine value (``"strong_hit"``). The arrays are not
        included (a batch may hold 10**8 rolls); read them from the batch.
        """
        parameters: dict[str, Any] = {}  # Any: ints, bools, names
        for name in self._parameters:
            value = getattr(self, name)
            if isinstance(value, enum.Enum):
                value = enum_value(value)
            elif isinstance(value, Sequence) and not isinstance(value, str):
                value = [str(item) for item in value]
            elif value is not None and not isinstance(value, (bool, int, str)):
                value = str(value)
            parameters[name] = value
        return {
            "type": type_name(type(self)),
            "version": 1,
            "size": len(self),
            "parameters": parameters,
            "counts": {_json_key(label): count for label, count in self.counts().items()},
        }
