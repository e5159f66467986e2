"""Many Journeys played unattended and counted: :func:`simulate_journey`, :class:`JourneySimulation`."""

from __future__ import annotations

import operator
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, as_completed
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, TextIO

import attrs
import numpy as np

from tabletop_core._atomic import atomic_rolls
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, int_in, one_line
from tabletop_core.errors import InvalidInput, MissingExtra
from tabletop_core.plots import wilson_interval
from tabletop_core.residue.death import DefeatCause
from tabletop_core.residue.journey.choices import Choice
from tabletop_core.residue.journey.content import JourneySetup
from tabletop_core.residue.journey.engine import start_journey
from tabletop_core.residue.journey.phases import JourneyOutcome
from tabletop_core.residue.journey.policies import CautiousPolicy, GreedyPolicy, Policy, _check_policy
from tabletop_core.residue.journey.state import Journey
from tabletop_core.residue.wanderer import Wanderer
from tabletop_core.rng import DiceSource, GeneratorDice, RngLike, dice_source

if TYPE_CHECKING:
    from matplotlib.axes import Axes

_MAX_DAYS = 100_000  # JourneySetup.max_days's upper bound


def _short(value: object) -> str:
    return repr(value[:40]) if isinstance(value, str) else type(value).__name__


def _frozen_counts(name: str, value: object) -> Mapping[Any, int]:  # Any: str keys (defeats) or int (days)
    """A read-only copy of a count mapping, each count an int >= 0 (JourneySimulation fields)."""
    if not isinstance(value, Mapping):
        raise TypeError(f"{name} must be a mapping of counts, got {type(value).__name__}")
    counts = {key: check_int(f"{name}[{_short(key)}]", count, low=0) for key, count in value.items()}
    return MappingProxyType(counts)


def _frozen_defeats(value: object) -> Mapping[str, int]:
    return _frozen_counts("defeats", value)


def _frozen_days(value: object) -> Mapping[int, int]:
    return _frozen_counts("days", value)


def _frozen_defeat_days(value: object) -> Mapping[int, int] | None:
    return None if value is None else _frozen_counts("defeat_days", value)


def _day_keys(value: object) -> object:
    """JSON turns int keys into strings: read ``{"3": 1}`` back as ``{3: 1}`` (other keys untouched, then refused)."""
    if not isinstance(value, Mapping):
        return value
    return {
        int(k) if isinstance(k, str) and k.isascii() and k.isdecimal() and len(k) < 19 else k: v
        for k, v in value.items()
    }


def _add_counts(first: Mapping[Any, int], second: Mapping[Any, int]) -> dict[Any, int]:  # Any: str or int keys
    """Two count mappings added, keys sorted (so chunks added in any grouping give the same JSON)."""
    total = Counter(dict(first))
    total.update(dict(second))
    return {key: total[key] for key in sorted(total) if total[key]}


@attrs.frozen
class JourneySimulation(Record):
    """What :func:`simulate_journey` found.

    A summary, not a :class:`~tabletop_core.batch.Batch`: it keeps counts, not one
    row per Journey (a played Journey is a whole state, not a small code), so that
    chunks run on other workers add up with ``+``. It is a record: ``to_dict()``
    carries its type tag, version and answers, and ``from_dict()`` checks them.

    Attributes:
        runs: Journeys played.
        policy: The policy's name.
        reached: Journeys that reached the Hum.
        out_of_time: Journeys stopped by the day limit.
        defeats: Defeats by cause (cause name -> count).
        days: Days survived (the day each Journey ended on -> count).
        defeat_days: The day of each defeat (day -> defeats on that day), which
            :meth:`survival` reads; ``None`` in a simulation saved by a version
            that did not record it.
    """

    _derived: ClassVar[tuple[str, ...]] = ("reach_probability", "mean_days")

    runs: int = attrs.field(validator=int_in(low=0))
    policy: str = attrs.field(validator=one_line())  # free text: the policy's own name
    reached: int = attrs.field(validator=int_in(low=0))
    out_of_time: int = attrs.field(validator=int_in(low=0))
    defeats: Mapping[str, int] = attrs.field(converter=_frozen_defeats)
    days: Mapping[int, int] = attrs.field(converter=_frozen_days)
    defeat_days: Mapping[int, int] | None = attrs.field(default=None, converter=_frozen_defeat_days)

    def __attrs_post_init__(self) -> None:
        causes = {cause.name for cause in DefeatCause}
        for cause in self.defeats:
            if cause not in causes:
                raise InvalidInput(f"defeats: {_short(cause)} is not a DefeatCause ({', '.join(sorted(causes))})")
        for day in self.days:
            check_int("days: a day", day, low=1, high=_MAX_DAYS)
        ended = self.reached + self.out_of_time + sum(self.defeats.values())
        if ended != self.runs:
            raise InvalidInput("runs must equal reached + out_of_time + the defeats: each Journey ends one way")
        if sum(self.days.values()) != self.runs:
            raise InvalidInput("days must count every run once: their counts must add up to runs")
        if self.defeat_days is not None:
            for day, count in self.defeat_days.items():
                check_int("defeat_days: a day", day, low=1, high=_MAX_DAYS)
                if count > self.days.get(day, 0):
                    raise InvalidInput(
                        f"defeat_days: {count} defeats on day {day}, but {self.days.get(day, 0)} runs ended then"
                    )
            if sum(self.defeat_days.values()) != sum(self.defeats.values()):
                raise InvalidInput("defeat_days must count every defeat once: their counts must add up to the defeats")

    def __reduce__(self) -> tuple[type[JourneySimulation], tuple[object, ...]]:
        """Pickle support (the counts are read-only views, which pickle cannot copy): for executors' workers."""
        days = None if self.defeat_days is None else dict(self.defeat_days)
        fields = (self.runs, self.policy, self.reached, self.out_of_time, dict(self.defeats), dict(self.days), days)
        return (JourneySimulation, fields)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> JourneySimulation:  # Any: JSON data
        """Rebuild from :meth:`to_dict` data, also after JSON turned the day numbers into strings.

        Raises:
            InvalidInput: the data is incomplete, has unknown keys or breaks a rule.
            TypeError: *data* is not a mapping.
        """
        if isinstance(data, Mapping):
            data = {**data, **{key: _day_keys(data[key]) for key in ("days", "defeat_days") if key in data}}
        return super().from_dict(data)

    @property
    def reach_probability(self) -> Fraction:
        """The share of Journeys that reached the Hum."""
        return Fraction(self.reached, self.runs) if self.runs else Fraction(0)

    @property
    def defeat_probability(self) -> Fraction:
        """The share of Journeys that ended in a defeat (any cause)."""
        return Fraction(sum(self.defeats.values()), self.runs) if self.runs else Fraction(0)

    def reach_interval(self, *, z: float = 1.96) -> tuple[float, float]:
        """The Wilson score interval of :attr:`reach_probability` (95% by default).

        Raises:
            InvalidInput: no runs.
        """
        return wilson_interval(self.reached, self.runs, z=z)

    def defeat_interval(self, *, z: float = 1.96) -> tuple[float, float]:
        """The Wilson score interval of :attr:`defeat_probability` (95% by default).

        Raises:
            InvalidInput: no runs.
        """
        return wilson_interval(sum(self.defeats.values()), self.runs, z=z)

    @property
    def mean_days(self) -> float:
        """The mean day Journeys ended on."""
        total = sum(self.days.values())
        return sum(d * c for d, c in self.days.items()) / total if total else 0.0

    def survival(self, *, z: float = 1.96) -> dict[int, tuple[float, float, float]]:
        """The survival curve: day -> the share of Journeys not defeated by the end of that day, with its band.

        Each value is ``(share, low, high)``, the band the Wilson score interval
        (95% by default). The days run from 1 to the last day a Journey ended on.
        A Journey that reached the Hum or ran out of time counts as not defeated.

        Raises:
            InvalidInput: no runs, or a simulation saved without its defeat days.
        """
        if self.defeat_days is None:
            raise InvalidInput("survival: this simulation was saved without its defeat days; run it again")
        if not self.runs:
            raise InvalidInput("survival: no runs")
        curve: dict[int, tuple[float, float, float]] = {}
        alive = self.runs
        for day in range(1, max(self.days) + 1):
            alive -= self.defeat_days.get(day, 0)
            curve[day] = (alive / self.runs, *wilson_interval(alive, self.runs, z=z))
        return curve

    def plot(self, *, ax: Axes | None = None, title: str | None = None) -> Axes:
        """Draw :meth:`survival` by day with its 95% band (matplotlib: the plot extra).

        Raises:
            InvalidInput: no runs, or no defeat days recorded.
            MissingExtra: matplotlib is missing.
        """
        from tabletop_core.plots import survival_by_day

        return survival_by_day({self.policy: self}, ax=ax, title=title)

    def __str__(self) -> str:
        causes = ", ".join(f"{name} {count}" for name, count in sorted(self.defeats.items())) or "none"
        return (
            f"{self.policy}: reached the Hum in {self.reached}/{self.runs} journeys "
            f"({float(self.reach_probability):.1%}); defeats: {causes}; out of time {self.out_of_time}; "
            f"mean days {self.mean_days:.2f}"
        )

    def __add__(self, other: JourneySimulation) -> JourneySimulation:
        """Two chunks of runs of the same simulation, together (the defeat days are kept if both have them).

        Raises:
            InvalidInput: the chunks were played under different policies.
        """
        check_type("other", other, JourneySimulation)
        if other.policy != self.policy:
            raise InvalidInput(f"cannot add simulations of policies {clip(self.policy)} and {clip(other.policy)}")
        both = self.defeat_days is not None and other.defeat_days is not None
        return JourneySimulation(
            runs=self.runs + other.runs,
            policy=self.policy,
            reached=self.reached + other.reached,
            out_of_time=self.out_of_time + other.out_of_time,
            defeats=_add_counts(self.defeats, other.defeats),
            days=_add_counts(self.days, other.days),
            defeat_days=_add_counts(self.defeat_days or {}, other.defeat_days or {}) if both else None,
        )

    def to_markdown(self) -> str:
        """A Markdown table of the outcomes, each share with its 95% interval."""
        rows = ["| outcome | journeys | share | 95% interval |", "|---|---:|---:|---:|"]
        total = self.runs or 1

        def row(label: str, count: int) -> str:
            low, high = wilson_interval(count, self.runs) if self.runs else (0.0, 0.0)
            return f"| {label} | {count} | {count / total:.1%} | {low:.1%} to {high:.1%} |"

        rows.append(row("reached the Hum", self.reached))
        rows += [row(f"defeated: {name}", count) for name, count in sorted(self.defeats.items())]
        rows.append(row("out of time", self.out_of_time))
        return "\n".join(rows)


def _root_seed(rng: RngLike) -> np.random.SeedSequence | None:
    """The SeedSequence the runs' streams are spawned from (``None`` for a DiceSource: shared)."""
    if isinstance(rng, DiceSource) and not isinstance(rng, GeneratorDice):
        return None
    if isinstance(rng, GeneratorDice):
        rng = rng.generator
    if isinstance(rng, np.random.SeedSequence):
        return rng
    if isinstance(rng, np.random.Generator):
        return np.random.SeedSequence(rng.integers(0, 2**63, size=4).tolist())
    if isinstance(rng, np.random.BitGenerator):
        return np.random.SeedSequence(np.random.Generator(rng).integers(0, 2**63, size=4).tolist())
    if rng is None:
        return np.random.SeedSequence()
    if isinstance(rng, (bool, float)):
        raise TypeError(f"rng must be None, an int seed, a SeedSequence, a Generator or a DiceSource, got {clip(rng)}")
    try:
        seed = (
            [operator.index(part) for part in rng] if isinstance(rng, (Sequence, np.ndarray)) else operator.index(rng)
        )
        return np.random.SeedSequence(seed)
    except TypeError:
        raise TypeError(
            f"rng must be None, an int seed, a SeedSequence, a Generator or a DiceSource, got {type(rng).__name__}"
        ) from None
    except ValueError:
        raise InvalidInput(f"rng: a seed must be an int >= 0 or a sequence of them, got {type(rng).__name__}") from None


def _chooser(policy: Policy) -> Callable[[Journey, Sequence[Choice]], Choice]:
    """The policy's choose, or for a built-in policy its pick without the checks of its input.

    The loop below hands a built-in policy exactly ``journey.choices()``: checking
    that again (a second ``choices()`` per step) was a fifth of a Journey's time.
    """
    if type(policy) in (CautiousPolicy, GreedyPolicy):
        return policy._pick  # type: ignore[attr-defined, no-any-return]  # the built-ins' unchecked pick
    return policy.choose


def _run_one(journey: Journey, policy: Policy, source: DiceSource, max_steps: int) -> Journey:
    choose = _chooser(policy)
    for _ in range(max_steps):
        if journey.is_over:
            return journey
        offered = journey.choices()
        choice = choose(journey, offered)
        if choice not in offered and attrs.evolve(choice, rest=None) not in offered:
            journey.apply(choice, rng=source)  # raises the RuleError that names the offered choices
        journey = journey._apply(choice, source, render=False).journey
    raise InvalidInput(f"max_steps: a Journey did not end within {max_steps} choices")


class _Tally:
    """The counts of a run of Journeys as they end (one chunk, or the whole serial run)."""

    def __init__(self) -> None:
        self.reached = self.out_of_time = self.runs = 0
        self.defeats: Counter[str] = Counter()
        self.days: Counter[int] = Counter()
        self.defeat_days: Counter[int] = Counter()

    def add(self, end: Journey) -> None:
        self.runs += 1
        self.days[end.day] += 1
        if end.outcome is JourneyOutcome.REACHED_HUM:
            self.reached += 1
        elif end.outcome is JourneyOutcome.OUT_OF_TIME:
            self.out_of_time += 1
        elif end.defeat is not None:
            self.defeats[end.defeat.cause.name] += 1
            self.defeat_days[end.day] += 1

    def result(self, policy: str) -> JourneySimulation:
        return JourneySimulation(
            runs=self.runs,
            policy=policy,
            reached=self.reached,
            out_of_time=self.out_of_time,
            defeats=_add_counts(self.defeats, {}),
            days=_add_counts(self.days, {}),
            defeat_days=_add_counts(self.defeat_days, {}),
        )


def _run_source(root: np.random.SeedSequence, index: int) -> GeneratorDice:
    """Run *index*'s own dice: child *index* of *root* (``root.spawn(index + 1)[index]``, without the spawning)."""
    child = np.random.SeedSequence(root.entropy, spawn_key=(*root.spawn_key, index))
    return GeneratorDice(np.random.Generator(np.random.PCG64(child)))


@attrs.frozen
class _Plan:
    """What every run plays: the sheet, the content, the policy, the seeds (pickled to an executor's workers)."""

    wanderer: Wanderer
    map_setup: JourneySetup
    policy: Policy
    root: np.random.SeedSequence | None  # None: every run shares *shared*
    max_steps: int
    name: str

    def run(self, index: int, shared: DiceSource | None = None) -> Journey:
        """Run *index* to its end, from its own stream (or from *shared*)."""
        source = shared if shared is not None or self.root is None else _run_source(self.root, index)
        assert source is not None
        return _run_one(start_journey(self.wanderer, self.map_setup, rng=source), self.policy, source, self.max_steps)

    def chunk(self, runs: range) -> JourneySimulation:
        """The runs with these indices, each from its own stream (what a worker of an executor plays)."""
        tally = _Tally()
        for index in runs:
            tally.add(self.run(index))
        return tally.result(self.name)


def _default_chunk(n: int) -> int:
    """Runs per task on an executor: about 64 tasks (so 2 to 16 workers share the load), 1 to 500 runs each."""
    return max(1, min(500, -(-n // 64)))


def _progress_bar(show: bool | None, n: int, out: TextIO) -> Any:  # Any: a tqdm bar (tqdm is optional)
    """A ``tqdm.auto`` bar for *n* runs, or ``None`` when progress is off.

    ``None`` (automatic) shows one for 500 runs or more when *out* is a terminal or
    the notebook's stderr, and tqdm is installed; ``True`` insists on it.

    Raises:
        MissingExtra: ``True`` without tqdm.
    """
    attached = out.isatty() or (out is sys.stderr and "ipykernel" in sys.modules)
    if show is False or (show is None and (n < 500 or not attached)):
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError as error:
        if show:
            raise MissingExtra("a progress bar needs tqdm: pip install 'tabletop_core[progress]'") from error
        return None
    return tqdm(total=n, file=out, desc="simulate_journey", unit="journey", leave=True)


@atomic_rolls
def simulate_journey(
    n: int,
    wanderer: Wanderer,
    map_setup: JourneySetup,
    policy: Policy,
    *,
    rng: RngLike = None,
    progress: bool | None = None,
    max_steps: int = 100_000,
    stream: TextIO | None = None,
    first_run: int = 0,
    executor: Executor | None = None,
    chunk_size: int | None = None,
) -> JourneySimulation:
    """Play *n* Journeys under *policy* and count how they end, here or on the workers of an executor.

    Each run has its own random stream: run ``i`` draws from the ``i``-th child
    of one root :class:`numpy.random.SeedSequence` (``SeedSequence(entropy,
    spawn_key=(i,))``, the same as ``root.spawn(n)[i]``), so a result does not
    depend on how the runs are chunked, ordered or spread over processes: the
    first 100 runs of a 1,000-run simulation are the 100 runs of a 100-run one
    with the same seed, and a run on an executor is identical (to the byte of
    its JSON) to the serial run. A :class:`~tabletop_core.rng.ScriptedDice` is
    shared by every run in turn (serial only).

    Args:
        n: How many Journeys.
        wanderer: The starting Wanderer (every run starts from this sheet).
        map_setup: The content (:class:`JourneySetup`).
        policy: What makes every choice (:class:`CautiousPolicy`, :class:`GreedyPolicy`, ...).
            On an executor it is pickled to the workers: a policy of your own
            must be defined at the top level of an importable module.
        rng: The root seed (see :func:`~tabletop_core.dice_source` for what it accepts).
        progress: A ``tqdm.auto`` progress bar (a widget in a notebook); ``None``:
            only for 500 runs or more when the stream is a terminal (or a
            notebook's stderr) and tqdm is installed (the ``progress`` extra).
        max_steps: A guard against a policy that never ends a Journey.
        stream: Where the progress bar goes (default ``sys.stderr``).
        first_run: The index of the first run: chunks ``first_run=0, n=500`` and
            ``first_run=500, n=500`` together are the runs of ``n=1000``
            (add the results with ``+``).
        executor: Any :class:`concurrent.futures.Executor` to play the runs on:
            a :class:`~concurrent.futures.ProcessPoolExecutor` for the cores of
            this machine, ``distributed.Client(...).get_executor()`` for a Dask
            cluster (the ``dask`` extra). ``None``: here, in this process.
        chunk_size: Runs per task on the executor (default: about 64 tasks of at
            most 500 runs). It changes the speed, never the result.

    Examples:
        >>> from tabletop_core.residue.journey import CautiousPolicy, example_setup
        >>> w = Wanderer.new(hp=6, endurance_dice=["d8", "d8", "d6"], inventory="d8",
        ...                  luck="d6", strain_threshold=3, rng=1)
        >>> result = simulate_journey(20, w, example_setup(), CautiousPolicy(), rng=7)
        >>> result.runs, result.reached + result.out_of_time + sum(result.defeats.values())
        (20, 20)

    Raises:
        InvalidInput: a count out of range, a Journey that does not end within
            *max_steps* choices, or a shared :class:`~tabletop_core.rng.DiceSource`
            given with an executor.
        TypeError: an argument of the wrong type.
        MissingExtra: ``progress=True`` without tqdm.
    """
    n = check_int("n", n, low=0, high=10**8)
    check_type("wanderer", wanderer, Wanderer)
    check_type("map_setup", map_setup, JourneySetup)
    _check_policy(policy)
    max_steps = check_int("max_steps", max_steps, low=1)
    first_run = check_int("first_run", first_run, low=0)
    if progress is not None:
        check_type("progress", progress, bool)
    if stream is not None and not callable(getattr(stream, "write", None)):
        raise TypeError(f"stream must be a text stream or None, got {type(stream).__name__}")
    if executor is not None:
        check_type("executor", executor, Executor)
    size = _default_chunk(n) if chunk_size is None else check_int("chunk_size", chunk_size, low=1)
    root = _root_seed(rng)
    if root is None and executor is not None:
        raise InvalidInput("rng: a DiceSource shared by every run cannot be split over an executor; give a seed")
    plan = _Plan(wanderer, map_setup, policy, root, max_steps, str(getattr(policy, "name", type(policy).__name__)))
    bar = _progress_bar(progress, n, sys.stderr if stream is None else stream)
    try:
        if executor is not None:
            return _on_executor(executor, plan, range(first_run, first_run + n), size, bar)
        shared = dice_source(rng) if root is None else None
        tally = _Tally()
        for index in range(first_run, first_run + n):
            tally.add(plan.run(index, shared))
            if bar is not None:
                bar.update(1)
        return tally.result(plan.name)
    finally:
        if bar is not None:
            bar.close()


def _on_executor(
    executor: Executor,
    plan: _Plan,
    runs: range,
    size: int,
    bar: Any,  # Any: a tqdm bar or None
) -> JourneySimulation:
    """The runs in chunks of *size* on *executor*, added in index order (so any chunking gives the same result)."""
    chunks = [runs[i : i + size] for i in range(0, len(runs), size)]
    futures = {executor.submit(plan.chunk, chunk): k for k, chunk in enumerate(chunks)}
    results: dict[int, JourneySimulation] = {}
    try:
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            if bar is not None:
                bar.update(len(chunks[futures[future]]))
    finally:
        for future in futures:
            future.cancel()
    total = _Tally().result(plan.name)
    for k in range(len(chunks)):
        total = total + results[k]
    return total
