"""Many Journeys played unattended and counted, here or on an executor's workers: :func:`simulate_journey`."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, TextIO

from tabletop_core._atomic import atomic_rolls
from tabletop_core._frozen import frozen
from tabletop_core._runs import PLANS as _PLANS  # noqa: F401 - the workers' plans (shared with d20's simulation)
from tabletop_core._runs import check_run_options, progress_bar, run_chunks
from tabletop_core._runs import default_chunk as _default_chunk
from tabletop_core._runs import play_chunk as _play_chunk  # noqa: F401 - the executor's task
from tabletop_core._runs import root_seed as _root_seed
from tabletop_core._runs import run_source as _run_source
from tabletop_core._validate import check_int, check_type
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.journey.choices import Choice
from tabletop_core.residue.journey.content import JourneySetup
from tabletop_core.residue.journey.engine import start_journey
from tabletop_core.residue.journey.offers import offered as _offered
from tabletop_core.residue.journey.phases import JourneyOutcome
from tabletop_core.residue.journey.policies import Policy, _check_policy, _unchecked
from tabletop_core.residue.journey.state import Journey
from tabletop_core.residue.journey.summary import JourneySimulation, _add_counts
from tabletop_core.residue.wanderer import Wanderer
from tabletop_core.rng import DiceSource, dice_source

if TYPE_CHECKING:
    import numpy as np

    from tabletop_core.rng import RngLike

__all__ = ["simulate_journey"]


def _chooser(policy: Policy) -> Callable[[Journey, Sequence[Choice]], Choice]:
    """The policy's choose, or for a built-in policy its pick without the checks of its input.

    The loop below hands a built-in policy exactly ``journey.choices()``: checking
    that again (a second ``choices()`` per step) was a fifth of a Journey's time.
    """
    unchecked = _unchecked(policy)
    return unchecked if unchecked is not None else policy.choose


def _run_one(journey: Journey, policy: Policy, source: DiceSource, max_steps: int) -> Journey:
    """Play *journey* to its end, or for *max_steps* choices (then it is returned not over: counted as stopped)."""
    choose = _chooser(policy)
    events: list[object] = []  # what the handlers report: nobody reads it here, so one list is reused
    for _ in range(max_steps):
        if journey.is_over:
            return journey
        offered = _offered(journey)
        choice = choose(journey, offered)
        if choice not in offered and choice._offered() not in offered:
            journey.apply(choice, rng=source)  # raises the RuleError that names the offered choices
        journey = journey._advance(choice, source, events)
        events.clear()
    return journey


class _Tally:
    """The counts of a run of Journeys as they end (one chunk, or the whole serial run)."""

    def __init__(self) -> None:
        self.reached = self.out_of_time = self.out_of_choices = self.runs = 0
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
        elif end.outcome is JourneyOutcome.OUT_OF_CHOICES or end.outcome is None:  # a choice limit: recorded
            self.out_of_choices += 1
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
            out_of_choices=self.out_of_choices,
        )


@frozen
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


def _progress_bar(show: bool | None, n: int, out: TextIO) -> Any:  # Any: a tqdm bar (tqdm is optional)
    """A ``tqdm.auto`` bar for *n* Journeys, or ``None`` when progress is off (``_runs.progress_bar``)."""
    return progress_bar(show, n, out, desc="simulate_journey", unit="journey")


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
        max_steps: A guard against a policy that never ends a Journey: a run that makes this
            many choices without an end is counted in ``out_of_choices`` (as is one the setup's
            own choice limit stops), never raised, so no run is lost.
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
        InvalidInput: a count out of range, or a shared :class:`~tabletop_core.rng.DiceSource`
            given with an executor.
        TypeError: an argument of the wrong type.
        MissingExtra: ``progress=True`` without tqdm.
    """
    n = check_int("n", n, low=0, high=10**8)
    check_type("wanderer", wanderer, Wanderer)
    check_type("map_setup", map_setup, JourneySetup)
    _check_policy(policy)
    first_run, max_steps = check_run_options(
        first_run=first_run, max_steps=max_steps, progress=progress, stream=stream, executor=executor
    )
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
    return run_chunks(executor, plan, runs, size, bar, _Tally().result(plan.name))
