"""The ``rng`` contract: every way a caller can say where dice come from.

Every function in the library that rolls takes a keyword-only ``rng=None`` and
passes it to :func:`dice_source`, which follows Scientific Python SPEC 7:

* ``None``: fresh entropy from the operating system (one source per thread,
  seeded once, so play is fast and never repeats; a process made by ``os.fork``
  -- a ``multiprocessing`` pool with the ``fork`` start method, a pre-fork
  server such as gunicorn -- reseeds every such source from fresh entropy in
  the child, so workers never repeat their parent's or each other's dice);
* an ``int`` or a sequence of ints: a seed, so the same seed and the same calls
  give the same dice;
* a :class:`numpy.random.SeedSequence`, :class:`numpy.random.BitGenerator` or
  :class:`numpy.random.Generator`;
* a :class:`DiceSource`, such as :class:`ScriptedDice` holding the dice a player
  already rolled at a real table.

Normalise once with :func:`dice_source` and pass the source on to roll fast.
For many independent streams (one per worker or per simulated game), spawn
child seeds: ``[dice_source(s) for s in numpy.random.SeedSequence(42).spawn(8)]``.
The global :mod:`random` module and numpy's legacy global state are never used.
"""

from __future__ import annotations

import abc
import contextlib
import os
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, SupportsIndex, TypeAlias

from tabletop_core._validate import as_int, check_int, clip
from tabletop_core.errors import DiceExhausted, InvalidInput

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

# numpy is imported by the first call that needs it (a seed, a Generator, a vector of dice,
# fresh entropy), so parsing notation or exact odds never load it.

__all__ = ["MAX_ROLL_MANY", "CallbackDice", "DiceSource", "GeneratorDice", "RngLike", "ScriptedDice", "dice_source"]

_MAX_SIDES = 2**62

MAX_ROLL_MANY = 10_000_000
"""Most dice one :meth:`DiceSource.roll_many` call draws: 80 MB as ``int64`` (8 bytes a die).

Checked before drawing; a larger count is :class:`~tabletop_core.errors.InvalidInput`
naming this limit. For more dice, call ``roll_many`` several times on one source (the
draws continue its stream) or on sources made from ``numpy.random.SeedSequence(seed).spawn(k)``.
Every batch function in the library stays below it (``2 * MAX_BATCH`` dice at most).
"""
_FIRST_BLOCK = 8
_MAX_BLOCK = 4096


class DiceSource(abc.ABC):
    """Where dice come from: a scalar roll and a vector roll of fair dice.

    Subclass it to plug in another source of dice (a hardware RNG, a network
    service, a recording). Values are 1..sides.
    """

    __slots__ = ()

    @abc.abstractmethod
    def roll(self, sides: int) -> int:
        """Roll one die with *sides* faces and return its face as a Python ``int``."""

    @abc.abstractmethod
    def roll_many(self, sides: int, n: int) -> npt.NDArray[np.int64]:
        """Roll *n* dice with *sides* faces each; return them as an ``int64`` array.

        *n* is 0..:data:`MAX_ROLL_MANY`; a larger *n* is :class:`~tabletop_core.errors.InvalidInput`.
        """

    def roll_each(self, sides: Sequence[int]) -> tuple[int, ...]:
        """Roll one die of each size in *sides*, in order (a d6 then two d10: ``(6, 10, 10)``).

        Rule functions that draw several dice of different sizes for one roll use
        this, so that a :class:`ScriptedDice` hands out all of them or none: a bad
        or missing value leaves the script where it was.
        """
        return tuple(map(self.roll, sides))

    def atomic(self) -> contextlib.AbstractContextManager[None]:
        """A block whose draws are all kept, or none if it raises.

        Rule functions that draw dice in several steps (a Test's d20 then its d6, a
        batch's action dice then its challenge dice, an exploding die) wrap the draws in
        it, so a call that fails leaves the caller's dice as they were. Fresh random
        dice need nothing undone: the default does nothing; :class:`ScriptedDice`
        gives back the values a failed block used.
        """
        return contextlib.nullcontext()


if TYPE_CHECKING:
    RngLike: TypeAlias = (
        DiceSource
        | np.random.Generator
        | np.random.BitGenerator
        | np.random.SeedSequence
        | SupportsIndex
        | Sequence[SupportsIndex]
        | None
    )
    """What an ``rng=`` argument accepts (see :func:`dice_source`): a :class:`DiceSource`, a numpy
    ``Generator``, ``BitGenerator`` or ``SeedSequence``, a seed (an int >= 0 or a sequence of them),
    or ``None`` for fresh OS entropy. mypy checks every ``rng=`` against it.

    At run time the alias is built (and numpy imported) the first time it is read."""
else:

    def __getattr__(name: str) -> object:
        if name != "RngLike":
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        import numpy as np

        random = np.random
        alias = DiceSource | random.Generator | random.BitGenerator | random.SeedSequence | SupportsIndex
        globals()["RngLike"] = alias = alias | Sequence[SupportsIndex] | None
        return alias

    def __dir__() -> list[str]:
        return sorted({*globals(), "RngLike"})


class GeneratorDice(DiceSource):
    """A :class:`DiceSource` drawing from a :class:`numpy.random.Generator`.

    Single dice are served from blocks drawn in one numpy call (numpy's bounded
    integers have no modulo bias), so a scalar roll costs about as much as a
    list ``pop``. Blocks grow from 8 to 4096 values per die size, so wrapping a
    Generator for one roll wastes little of its stream. Not thread-safe, like the
    Generator it wraps: give each thread its own source.

    Args:
        generator: The Generator to draw from.
    """

    __slots__ = ("__weakref__", "_blocks", "_generator", "_next_block")

    def __init__(self, generator: np.random.Generator) -> None:
        import numpy as np

        if not isinstance(generator, np.random.Generator):
            raise TypeError(f"generator must be a numpy.random.Generator, got {type(generator).__name__}")
        self._generator = generator
        self._blocks: dict[int, list[int]] = {}
        self._next_block: dict[int, int] = {}

    @property
    def generator(self) -> np.random.Generator:
        """The wrapped Generator."""
        return self._generator

    def _reseed(self, generator: np.random.Generator) -> None:
        """Draw from *generator* from now on, dropping values already drawn into blocks."""
        self._generator = generator
        self._blocks = {}
        self._next_block = {}

    def roll(self, sides: int) -> int:
        """Roll one die with *sides* faces (1..sides)."""
        block = self._blocks.get(sides)
        if block:
            return block.pop()
        return self._refill(sides)

    def roll_each(self, sides: Sequence[int]) -> tuple[int, ...]:
        """Roll one die of each size in *sides*, in order (as :meth:`roll` for each, in one call)."""
        blocks = self._blocks
        faces = []
        for size in sides:
            block = blocks.get(size)
            faces.append(block.pop() if block else self._refill(size))
        return tuple(faces)

    def _refill(self, sides: int) -> int:
        sides = check_int("sides", sides, low=1, high=_MAX_SIDES)
        size = self._next_block.get(sides, _FIRST_BLOCK)
        self._next_block[sides] = min(size * 2, _MAX_BLOCK)
        block = self._generator.integers(1, sides, size=size, endpoint=True).tolist()
        block.reverse()  # pop() from the end serves the values in drawn order
        self._blocks[sides] = block
        return int(block.pop())

    def _take(self, sides: int, n: int) -> list[int]:
        """Roll *n* dice as a list: the block's next values, then one draw for the rest and a new block.

        The notation roller's fast path: a term of a few dice costs one list slice, not
        a numpy call per term. *n* is 1..:data:`MAX_ROLL_MANY` (the caller's limits are smaller).
        """
        block = self._blocks.get(sides)
        if block is not None and 0 < n <= len(block):
            faces = block[-n:]
            del block[-n:]
            faces.reverse()
            return faces
        if n <= 0:
            return []
        sides = check_int("sides", sides, low=1, high=_MAX_SIDES)
        faces = block[::-1] if block else []
        need = n - len(faces)
        size = self._next_block.get(sides, _FIRST_BLOCK)
        self._next_block[sides] = min(size * 2, _MAX_BLOCK)
        drawn = self._generator.integers(1, sides, size=need + size, endpoint=True).tolist()
        faces += drawn[:need]
        rest = drawn[need:]
        rest.reverse()
        self._blocks[sides] = rest
        return faces

    def roll_many(self, sides: int, n: int) -> npt.NDArray[np.int64]:
        """Roll *n* dice with *sides* faces in one vectorised draw."""
        sides = check_int("sides", sides, low=1, high=_MAX_SIDES)
        n = _check_count(n)
        return self._generator.integers(1, sides, size=n, endpoint=True)  # numpy's default dtype: int64

    def __repr__(self) -> str:
        return f"GeneratorDice({self._generator!r})"


class ScriptedDice(DiceSource):
    """Dice already rolled: yields the given values in order.

    Use it for dice a player rolled at a real table, for replays, and for tests
    that need exact faces. Each value must fit the die it is used for.

    Args:
        values: The faces, in the order the dice will be asked for.

    Raises:
        TypeError: a value is not an int.

    Examples:
        >>> dice = ScriptedDice([4, 3, 8])
        >>> dice.roll(6), dice.roll(10), dice.roll(10)
        (4, 3, 8)
        >>> dice.remaining
        0
    """

    __slots__ = ("_position", "_values")

    def __init__(self, values: Iterable[int]) -> None:
        if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
            raise TypeError(f"values must be an iterable of ints, got {type(values).__name__}")
        self._values = tuple(as_int(f"values[{i}]", v) for i, v in enumerate(values))
        self._position = 0

    @property
    def remaining(self) -> int:
        """How many values are left."""
        return len(self._values) - self._position

    @property
    def used(self) -> tuple[int, ...]:
        """The values handed out so far."""
        return self._values[: self._position]

    def roll(self, sides: int) -> int:
        """Hand out the next value, checking it fits a die with *sides* faces.

        Raises:
            DiceExhausted: no values are left.
            InvalidInput: the next value is not 1..sides (it is not consumed).
        """
        sides = check_int("sides", sides, low=1, high=_MAX_SIDES)
        if self._position >= len(self._values):
            raise DiceExhausted(f"scripted dice ran out: all {len(self._values)} values used, a d{sides} was asked for")
        value = self._values[self._position]
        self._check_fits(value, sides, self._position)
        self._position += 1
        return value

    def roll_each(self, sides: Sequence[int]) -> tuple[int, ...]:
        """Hand out one value per die size in *sides* (all or none of them).

        Raises:
            DiceExhausted: fewer values are left than dice asked for (none are consumed).
            InvalidInput: a value does not fit its die (none are consumed).
        """
        sizes = [check_int(f"sides[{i}]", size, low=1, high=_MAX_SIDES) for i, size in enumerate(sides)]
        if len(sizes) > self.remaining:
            wanted = ", ".join(f"d{size}" for size in sizes)
            raise DiceExhausted(f"scripted dice ran out: {wanted} asked for, {self.remaining} left")
        start = self._position
        values = self._values[start : start + len(sizes)]
        for offset, (value, size) in enumerate(zip(values, sizes, strict=True)):
            self._check_fits(value, size, start + offset)
        self._position += len(sizes)
        return values

    def roll_many(self, sides: int, n: int) -> npt.NDArray[np.int64]:
        """Hand out the next *n* values as an array (all or none of them).

        Raises:
            DiceExhausted: fewer than *n* values are left (none are consumed).
            InvalidInput: a value is not 1..sides (none are consumed).
        """
        sides = check_int("sides", sides, low=1, high=_MAX_SIDES)
        n = _check_count(n)
        if n > self.remaining:
            raise DiceExhausted(f"scripted dice ran out: {n} d{sides} asked for, {self.remaining} left")
        start = self._position
        values = self._values[start : start + n]
        for offset, value in enumerate(values):
            self._check_fits(value, sides, start + offset)
        self._position += n
        import numpy as np

        return np.array(values, dtype=np.int64)

    @contextlib.contextmanager
    def atomic(self) -> Iterator[None]:
        """A block that hands back every value it used if it raises (see :meth:`DiceSource.atomic`)."""
        start = self._position
        try:
            yield
        except BaseException:
            self._position = start
            raise

    @staticmethod
    def _check_fits(value: int, sides: int, position: int) -> None:
        if not 1 <= value <= sides:
            raise InvalidInput(
                f"scripted value {value} (value #{position + 1}) does not fit a d{sides}: expected 1..{sides}"
            )

    def __repr__(self) -> str:
        return f"ScriptedDice({list(self._values[self._position :])!r})"


class CallbackDice(DiceSource):
    """Dice asked for one at a time: each die the rules need is a call to ``ask(sides)``, which answers its face.

    For an app where the player rolls real dice: *ask* prompts them ("roll a d8") and returns
    what they rolled. A die of one side is never asked for (its face can only be 1). Every
    answer is checked to fit its die; a call that fails (a rule refusing, an answer that does
    not fit) keeps the answers it was given and hands them out again, in order, to the next
    call that asks for the same dice, so no one rolls twice. A wrong answer is
    :class:`~tabletop_core.errors.InvalidInput` (not used; ask again).

    Args:
        ask: Called with the number of sides of each die, in the order the rules roll them;
            returns the face, an int from 1 to sides.

    Raises:
        TypeError: *ask* is not callable.

    Examples:
        >>> rolled_at_the_table = iter([5, 2])
        >>> def ask(sides):
        ...     face = next(rolled_at_the_table)
        ...     print(f"roll a d{sides}: {face}")
        ...     return face
        >>> dice = CallbackDice(ask)
        >>> dice.roll(6), dice.roll(1), dice.roll(8)
        roll a d6: 5
        roll a d8: 2
        (5, 1, 2)
        >>> dice.asked
        ((6, 5), (8, 2))
    """

    __slots__ = ("_ask", "_asked", "_replay")

    def __init__(self, ask: Callable[[int], int]) -> None:
        if not callable(ask):
            raise TypeError(f"ask must be a callable taking a die's sides and answering its face, got {clip(ask)}")
        self._ask = ask
        self._asked: list[tuple[int, int]] = []
        self._replay: list[tuple[int, int]] = []  # answers a failed call was given: served first, in order

    @property
    def asked(self) -> tuple[tuple[int, int], ...]:
        """Every die asked for and used so far, as ``(sides, face)``, in order (handed-back answers once)."""
        return tuple(self._asked)

    def roll(self, sides: int) -> int:
        """The face of one die with *sides* faces: a handed-back answer, else *ask*'s (a d1 is 1, not asked).

        Raises:
            InvalidInput: *sides* is below 1, or the answer is not 1..sides.
            TypeError: the answer is not an int.
        """
        sides = check_int("sides", sides, low=1, high=_MAX_SIDES)
        if sides == 1:
            return 1
        if self._replay:
            size, face = self._replay[0]
            if size == sides:
                del self._replay[0]
                self._asked.append((sides, face))
                return face
            self._replay.clear()  # another call, asking for other dice: the kept answers do not fit it
        answer = self._ask(sides)
        if isinstance(answer, bool) or not isinstance(answer, int):
            raise TypeError(f"ask must answer a die's face as an int, got {type(answer).__name__} {clip(answer)}")
        if not 1 <= answer <= sides:
            raise InvalidInput(f"ask answered {clip(answer)} for a d{sides}: expected 1..{sides}")
        face = int(answer)
        self._asked.append((sides, face))
        return face

    def roll_many(self, sides: int, n: int) -> npt.NDArray[np.int64]:
        """Ask for *n* dice with *sides* faces, one at a time (all or none of them, see :meth:`atomic`)."""
        sides = check_int("sides", sides, low=1, high=_MAX_SIDES)
        n = _check_count(n)
        import numpy as np

        with self.atomic():
            faces = [self.roll(sides) for _ in range(n)]
        return np.array(faces, dtype=np.int64)

    def roll_each(self, sides: Sequence[int]) -> tuple[int, ...]:
        """Ask for one die of each size in *sides*, in order (all or none of them, see :meth:`atomic`)."""
        with self.atomic():
            return tuple(self.roll(size) for size in sides)

    @contextlib.contextmanager
    def atomic(self) -> Iterator[None]:
        """A block whose answers are handed out again, in order, if it raises (nobody rolls twice)."""
        start = len(self._asked)
        try:
            yield
        except BaseException:
            given = self._asked[start:]
            del self._asked[start:]
            self._replay[:0] = given
            raise

    def __repr__(self) -> str:
        return f"CallbackDice({self._ask!r}, asked={len(self._asked)})"


def _check_count(n: object) -> int:
    """*n* as an int after checking it is 0..:data:`MAX_ROLL_MANY` (before any die is drawn)."""
    number = as_int("n", n)
    if not 0 <= number <= MAX_ROLL_MANY:
        raise InvalidInput(
            f"n must be an int from 0 to {MAX_ROLL_MANY} (MAX_ROLL_MANY = {MAX_ROLL_MANY:,} dice in one "
            f"roll_many call, 8 bytes each), got {clip(number)}; for more, call roll_many again on the same source"
        )
    return number


_thread_local = threading.local()
# Every source made for rng=None, in any thread, so a forked child can reseed them all
# (including one a caller keeps from dice_source() before the fork).
_ENTROPY_SOURCES: weakref.WeakSet[GeneratorDice] = weakref.WeakSet()


def _default_source() -> DiceSource:
    source: DiceSource | None = getattr(_thread_local, "source", None)
    if source is None:
        import numpy as np

        fresh = GeneratorDice(np.random.default_rng())
        _ENTROPY_SOURCES.add(fresh)
        _thread_local.source = source = fresh
    return source


def _reseed_after_fork() -> None:
    """In a forked child: give every ``rng=None`` source fresh OS entropy (and drop drawn blocks)."""
    for source in list(_ENTROPY_SOURCES):
        import numpy as np  # loaded: the sources were made with it

        source._reseed(np.random.default_rng())


if hasattr(os, "register_at_fork"):  # POSIX; Windows has no fork (spawned processes start fresh)
    os.register_at_fork(after_in_child=_reseed_after_fork)


_ACCEPTED = (
    "None, an int or sequence of ints (a seed), numpy.random.SeedSequence, "
    "numpy.random.BitGenerator, numpy.random.Generator or a tabletop_core DiceSource"
)


def dice_source(rng: RngLike = None) -> DiceSource:
    """Normalise anything RNG-like into a :class:`DiceSource` (SPEC 7).

    Args:
        rng: ``None`` for OS entropy (one source per thread, reseeded from fresh
            entropy in a child made by ``os.fork``); an ``int`` >= 0 or a sequence of them as a
            seed; a ``SeedSequence``, ``BitGenerator`` or ``Generator``; or a
            ``DiceSource``, returned as it is.

    Returns:
        A source to roll from. Reuse it across calls for speed.

    Raises:
        TypeError: *rng* is none of the accepted kinds (the message lists them).
        InvalidInput: a seed is negative.

    Examples:
        >>> a, b = dice_source(42), dice_source(42)
        >>> [a.roll(6) for _ in range(4)] == [b.roll(6) for _ in range(4)]
        True
    """
    if type(rng) is GeneratorDice or isinstance(rng, DiceSource):  # the first test is the quick one
        return rng
    if rng is None:
        return _default_source()
    import numpy as np

    if isinstance(rng, np.random.Generator):
        return GeneratorDice(rng)
    if isinstance(rng, (np.random.BitGenerator, np.random.SeedSequence)):
        return GeneratorDice(
            np.random.Generator(rng) if isinstance(rng, np.random.BitGenerator) else np.random.default_rng(rng)
        )
    return GeneratorDice(np.random.default_rng(_seed(rng)))


def _seed(rng: object) -> int | list[int]:
    import numpy as np

    if isinstance(rng, (bool, str, bytes)):
        raise TypeError(f"rng must be {_ACCEPTED}; got {type(rng).__name__} {clip(rng)}")
    if isinstance(rng, Sequence) or (isinstance(rng, np.ndarray) and rng.ndim == 1):
        try:
            seeds = [check_int(f"rng seed[{i}]", s, low=0) for i, s in enumerate(rng)]
        except TypeError as error:
            raise TypeError(f"rng must be {_ACCEPTED}; {error}") from None
        if not seeds:
            raise InvalidInput("rng seed sequence must not be empty")
        return seeds
    if hasattr(rng, "__index__") and not isinstance(rng, np.ndarray):
        return check_int("rng seed", rng, low=0)
    raise TypeError(f"rng must be {_ACCEPTED}; got {type(rng).__name__} {clip(rng)}")
