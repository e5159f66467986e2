"""Many independent runs of a simulation, here or on an executor's workers, with one random stream per run.

What ``residue.journey.simulate_journey`` and ``d20.simulate_encounter`` share:

* **Seeds**: run ``i`` draws from the ``i``-th child of one root
  :class:`numpy.random.SeedSequence` (``SeedSequence(entropy, spawn_key=(i,))``, the same as
  ``root.spawn(n)[i]``), so a result does not depend on how runs are chunked, ordered or
  spread over processes (:func:`root_seed`, :func:`run_source`).
* **Chunks on an executor**: a *plan* (an object with ``chunk(runs: range) -> result``, the
  results adding up with ``+``) is pickled once; each worker unpickles it once and keeps it
  by its bytes (:func:`play_chunk`); the chunks' results are added in index order
  (:func:`run_chunks`), so any :class:`concurrent.futures.Executor` (a process pool, a Dask
  cluster's ``client.get_executor()``) gives the serial result.
* **Progress**: an optional ``tqdm.auto`` bar (:func:`progress_bar`).
"""

from __future__ import annotations

import operator
import pickle
import sys
from collections.abc import Sequence
from concurrent.futures import Executor, as_completed
from typing import Any, Protocol, TextIO, TypeVar

import numpy as np

from tabletop_core._fast import BoundedCache
from tabletop_core._validate import check_int, check_type, clip
from tabletop_core.errors import InvalidInput, MissingExtra
from tabletop_core.rng import DiceSource, GeneratorDice, RngLike

__all__ = [
    "PLANS",
    "Plan",
    "check_run_options",
    "default_chunk",
    "play_chunk",
    "progress_bar",
    "root_seed",
    "run_chunks",
    "run_source",
]

R = TypeVar("R")


def check_run_options(
    *, first_run: object, max_steps: object, progress: object, stream: object, executor: object
) -> tuple[int, int]:
    """The options every simulation takes beside its content, checked: ``(first_run, max_steps)``.

    Raises:
        InvalidInput: *first_run* below 0 or *max_steps* below 1.
        TypeError: *progress* not a bool or None, *stream* not a text stream or None, *executor*
            not an :class:`~concurrent.futures.Executor` or None.
    """
    steps = check_int("max_steps", max_steps, low=1)
    first = check_int("first_run", first_run, low=0)
    if progress is not None:
        check_type("progress", progress, bool)
    if stream is not None and not callable(getattr(stream, "write", None)):
        raise TypeError(f"stream must be a text stream or None, got {type(stream).__name__}")
    if executor is not None:
        check_type("executor", executor, Executor)
    return first, steps


class Plan(Protocol[R]):  # type: ignore[misc]  # R is the result a chunk gives (covariant use)
    """What every run plays, pickled to the workers: ``chunk(runs)`` plays the runs with those indices."""

    def chunk(self, runs: range) -> R:
        """The result of the runs with these indices, each from its own stream."""
        ...  # pragma: no cover - a protocol


def root_seed(rng: RngLike) -> np.random.SeedSequence | None:
    """The SeedSequence the runs' streams are spawned from (``None`` for a DiceSource: shared by every run).

    Raises:
        TypeError: *rng* is not something a seed can be made of.
        InvalidInput: a negative seed.
    """
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


def run_source(root: np.random.SeedSequence, index: int) -> GeneratorDice:
    """Run *index*'s own dice: child *index* of *root* (``root.spawn(index + 1)[index]``, without the spawning)."""
    child = np.random.SeedSequence(root.entropy, spawn_key=(*root.spawn_key, index))
    return GeneratorDice(np.random.Generator(np.random.PCG64(child)))


PLANS: BoundedCache[bytes, Any] = BoundedCache(limit=8)  # Any: a worker's plans, by their pickled bytes


def play_chunk(packed: bytes, runs: range) -> Any:  # Any: the plan's result
    """An executor's task: the runs of one chunk under the plan pickled in *packed*.

    The plan is pickled once by the caller and unpickled once per worker process, not once per
    chunk: a worker keeps the plans it has seen by their bytes.
    """
    plan = PLANS.get(packed)
    if plan is None:
        plan = PLANS.put(packed, pickle.loads(packed))  # bytes the simulation pickled itself
    return plan.chunk(runs)


def default_chunk(n: int) -> int:
    """Runs per task on an executor: about 64 tasks (so 2 to 16 workers share the load), 1 to 500 runs each."""
    return max(1, min(500, -(-n // 64)))


def progress_bar(show: bool | None, n: int, out: TextIO, *, desc: str, unit: str) -> Any:  # Any: a tqdm bar
    """A ``tqdm.auto`` bar for *n* runs, or ``None`` when progress is off.

    ``None`` (automatic) shows one for 500 runs or more when *out* is a terminal or the
    notebook's stderr, and tqdm is installed; ``True`` insists on it.

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
    return tqdm(total=n, file=out, desc=desc, unit=unit, leave=True)


def run_chunks(executor: Executor, plan: Plan[R], runs: range, size: int, bar: Any, empty: R) -> R:  # Any: a bar
    """The runs in chunks of *size* on *executor*, added in index order to *empty* (any chunking: the same result)."""
    chunks = [runs[i : i + size] for i in range(0, len(runs), size)]
    packed = pickle.dumps(plan, protocol=pickle.HIGHEST_PROTOCOL)  # once, not once per chunk
    futures = {executor.submit(play_chunk, packed, chunk): k for k, chunk in enumerate(chunks)}
    results: dict[int, R] = {}
    try:
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            if bar is not None:
                bar.update(len(chunks[futures[future]]))
    finally:
        for future in futures:
            future.cancel()
    total = empty
    for k in range(len(chunks)):
        total = total + results[k]  # type: ignore[operator]  # results add up (the plan's contract)
    return total
