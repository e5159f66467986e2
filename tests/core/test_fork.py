"""rng=None dice are fork-safe: a forked child reseeds from fresh entropy instead of repeating its parent."""

from __future__ import annotations

import multiprocessing
import os
import threading

import pytest

import tabletop_core as tc
from tabletop_core import notation

pytestmark = [
    pytest.mark.skipif(not hasattr(os, "fork"), reason="the platform has no os.fork"),
    # Python 3.12+ warns when a process with threads forks; these tests fork on purpose.
    pytest.mark.filterwarnings("ignore:.*multi-threaded.*fork:DeprecationWarning"),
]

DRAWS = 64  # d1000 faces compared: 64 equal by chance has probability 1000**-64


def _draws(source: tc.DiceSource | None = None) -> list[int]:
    """A mix of the ways a bot rolls with rng=None: notation, single dice, a held source."""
    values = [notation.roll("1d1000").total for _ in range(DRAWS // 2)]
    values += [tc.Die(1000).roll() for _ in range(DRAWS // 4)]
    held = source if source is not None else tc.dice_source()
    values += [held.roll(1000) for _ in range(DRAWS // 4)]
    return values


def _in_child(function: object) -> list[int]:
    """Run *function* in a child made by os.fork and return the ints it produced."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child process
        try:
            os.write(write, ",".join(map(str, function())).encode())  # type: ignore[operator]
        finally:
            os._exit(0)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 65536):
        chunks.append(chunk)
    os.close(read)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    return [int(part) for part in b"".join(chunks).decode().split(",")]


def test_forked_child_does_not_repeat_the_parent() -> None:
    notation.roll("1d1000")  # the per-thread source exists (and has blocks drawn) before the fork
    held = tc.dice_source()
    held.roll(1000)
    child = _in_child(lambda: _draws(held))
    parent = _draws(held)
    assert len(child) == len(parent) == DRAWS
    assert child != parent
    # Not merely shifted: almost no position agrees (each does with probability 1/1000).
    assert sum(a == b for a, b in zip(child, parent, strict=True)) < DRAWS // 4


def test_two_forked_children_differ_from_each_other() -> None:
    notation.roll("1d1000")
    assert _in_child(_draws) != _in_child(_draws)


def test_a_forked_child_of_a_thread_reseeds_that_threads_dice() -> None:
    results: list[tuple[list[int], list[int]]] = []

    def work() -> None:
        notation.roll("1d1000")
        results.append((_in_child(_draws), _draws()))

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    ((child, parent),) = results
    assert child != parent


def _worker_draws(_index: int) -> list[int]:
    return _draws()


def test_multiprocessing_fork_pool_workers_get_distinct_dice() -> None:
    notation.roll("1d1000")
    parent = _draws()
    context = multiprocessing.get_context("fork")
    with context.Pool(3) as pool:
        # One task per worker at a time, so each list comes from a fresh worker state.
        worker_lists = pool.map(_worker_draws, range(3), chunksize=1)
    lists = [parent, *worker_lists]
    assert all(len(values) == DRAWS for values in lists)
    assert len({tuple(values) for values in lists}) == len(lists)


def test_seeded_sources_are_not_reseeded_by_a_fork() -> None:
    # A seed promises the same dice everywhere: the child of a fork must keep it.
    source = tc.dice_source(42)
    child = _in_child(lambda: [source.roll(1000) for _ in range(DRAWS)])
    same_seed = tc.dice_source(42)
    assert child == [same_seed.roll(1000) for _ in range(DRAWS)]
