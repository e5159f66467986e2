"""Is this fight deadly? Many fights played by policies and counted, here or on an executor's workers.

:func:`simulate_encounter` plays an :class:`~tabletop_core.d20.Encounter` again and again, each
side's Turns chosen by a policy (:mod:`tabletop_core.d20.policies`), and counts who won, how
many Rounds it took, the HP left and who was Defeated (:class:`~tabletop_core.d20.EncounterSimulation`).
Each fight has its own random stream, so the result is the same serial and on any executor.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, TextIO

from tabletop_core._atomic import atomic_rolls
from tabletop_core._frozen import frozen
from tabletop_core._validate import check_int, check_type, clip
from tabletop_core.d20._engine import run as _run_action
from tabletop_core.d20.actions import Action, RollInitiative
from tabletop_core.d20.encounter import Encounter
from tabletop_core.d20.events import RoundEnded
from tabletop_core.d20.policies import Policy, _check_policy, _unchecked
from tabletop_core.d20.simulation import EncounterSimulation
from tabletop_core.errors import InvalidInput
from tabletop_core.rng import DiceSource, dice_source

if TYPE_CHECKING:
    import numpy as np

    from tabletop_core.rng import RngLike  # read by the type checker only: at run time the alias imports numpy

__all__ = ["DEFAULT_MAX_ROUNDS", "simulate_encounter"]

DEFAULT_MAX_ROUNDS = 100
"""The Rounds a simulated fight lasts at most unless ``max_rounds`` says otherwise (then it is a timeout)."""

Chooser = Callable[[Encounter, Sequence[Action]], Action]


def _chooser(policy: Policy) -> Chooser:
    """The policy's choose, or for a shipped policy its pick without the checks of its input."""
    unchecked = _unchecked(policy)
    return unchecked if unchecked is not None else policy.choose


def _name(policy: object) -> str:
    return str(getattr(policy, "name", type(policy).__name__))


@frozen
class _Plan:
    """What every fight plays: the encounter, the sides' policies, the seeds (pickled to an executor's workers)."""

    encounter: Encounter
    policies: tuple[tuple[str, Policy], ...]  # side -> policy
    root: np.random.SeedSequence | None  # None: every fight shares *shared*
    max_rounds: int
    max_steps: int
    label: str

    def fight(self, index: int, shared: DiceSource | None = None) -> tuple[Encounter, int]:
        """Fight *index* to its end, from its own stream (or from *shared*): the last state and its Rounds."""
        if shared is None and self.root is not None:
            from tabletop_core._runs import run_source  # numpy's seeds: loaded with the first fight (cold start)

            shared = run_source(self.root, index)
        source = shared
        assert source is not None
        choose = {side: _chooser(policy) for side, policy in self.policies}
        return _fight(self.encounter, choose, dict(self.policies), source, self.max_rounds, self.max_steps)

    def chunk(self, runs: range) -> EncounterSimulation:
        """The fights with these indices, each from its own stream (what a worker of an executor plays)."""
        tally = _Tally(self)
        for index in runs:
            tally.add(*self.fight(index))
        return tally.result()


def _fight(
    start: Encounter,
    choose: dict[str, Chooser],
    policies: dict[str, Policy],
    source: DiceSource,
    max_rounds: int,
    max_steps: int,
) -> tuple[Encounter, int]:
    """One fight: Initiative if it is still to roll, then the policies' choices, until one side is left."""
    encounter = start
    if not encounter.round:
        encounter = _run_action(encounter, RollInitiative(), source)[0]
    decided = encounter.round
    for _ in range(max_steps):
        if encounter.is_over:
            return encounter, decided
        if encounter.round > max_rounds:
            return encounter, max_rounds
        name = encounter.current
        assert name is not None
        side = encounter.combatant(name).side
        offered = encounter.choices()
        action = choose[side](encounter, offered)
        if action not in offered:
            raise InvalidInput(
                f"policy {clip(_name(policies[side]))} chose {clip(str(action))} for {name}, which is not one of "
                "encounter.choices() now"
            )
        encounter, events = _run_action(encounter, action, source)
        ended = [e.round for e in events if isinstance(e, RoundEnded)]
        decided = ended[-1] if ended else encounter.round  # a defeat at a Round's end counts in that Round
    raise InvalidInput(f"max_steps: a fight did not end within {max_steps} actions (does a policy never end a Turn?)")


class _Tally:
    """The counts of a run of fights as they end (one chunk, or the whole serial run)."""

    def __init__(self, plan: _Plan) -> None:
        self.plan = plan
        self.runs = self.draws = self.timeouts = 0
        self.wins: Counter[str] = Counter()
        self.rounds: Counter[int] = Counter()
        self.hp_left: Counter[str] = Counter()
        self.defeated: Counter[str] = Counter()

    def add(self, end: Encounter, rounds: int) -> None:
        self.runs += 1
        self.rounds[rounds] += 1
        if end.is_over:
            standing = {c.side for c in end.combatants if not c.creature.is_defeated}
            if standing:
                self.wins[standing.pop()] += 1
            else:
                self.draws += 1
        else:
            self.timeouts += 1
        for c in end.combatants:
            self.hp_left[c.name] += c.creature.hp
            if c.creature.is_defeated:
                self.defeated[c.name] += 1

    def result(self) -> EncounterSimulation:
        return EncounterSimulation(
            runs=self.runs,
            policies=self.plan.label,
            wins=dict(self.wins),
            draws=self.draws,
            timeouts=self.timeouts,
            rounds=dict(self.rounds),
            hp_left=dict(self.hp_left),
            defeated=dict(self.defeated),
            sides={c.name: c.side for c in self.plan.encounter.combatants},
        )


def _sides_policies(encounter: Encounter, policies: object) -> tuple[tuple[str, Policy], ...]:
    sides = tuple(dict.fromkeys(c.side for c in encounter.combatants))
    if len(sides) < 2:
        raise InvalidInput(f"a fight needs creatures of two sides or more, got one side: {sides[0]!r} (give side=)")
    if isinstance(policies, Mapping):
        for side in policies:
            if side not in sides:
                raise InvalidInput(f"policies names the side {clip(side)}, which no creature is on ({sides})")
        missing = [s for s in sides if s not in policies]
        if missing:
            raise InvalidInput(f"policies must give a policy for every side; none for {', '.join(map(repr, missing))}")
        for policy in policies.values():
            _check_policy(policy)
        return tuple((side, policies[side]) for side in sides)
    _check_policy(policies)
    return tuple((side, policies) for side in sides)  # type: ignore[misc]  # checked: it has choose()


def _label(chosen: tuple[tuple[str, Policy], ...]) -> str:
    names = {_name(p) for _side, p in chosen}
    if len(names) == 1:
        return next(iter(names))
    return "; ".join(f"{side or '(no side)'}: {_name(p)}" for side, p in chosen)


@atomic_rolls
def simulate_encounter(
    n: int,
    encounter: Encounter,
    policies: Policy | Mapping[str, Policy],
    *,
    rng: RngLike = None,
    executor: Executor | None = None,
    progress: bool | None = None,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    max_steps: int = 1_000_000,
    chunk_size: int | None = None,
    first_run: int = 0,
    stream: TextIO | None = None,
) -> EncounterSimulation:
    """Play the fight *n* times under *policies* and count how it ends: "is this fight deadly?".

    Each fight starts from *encounter* (Initiative is rolled first when it is still to roll;
    a fight under way goes on from where it stands) and each Turn is played by the policy of
    the side whose creature it is, until one side is left (or everyone is Defeated: a draw)
    or *max_rounds* have passed (a timeout).

    Each fight has its own random stream: fight ``i`` draws from the ``i``-th child of one root
    :class:`numpy.random.SeedSequence` (the same as ``root.spawn(n)[i]``), so the result does
    not depend on how the fights are chunked, ordered or spread over processes: the same serial
    and on any :class:`concurrent.futures.Executor` (a process pool, ``distributed.Client(...).
    get_executor()`` for a Dask cluster). A :class:`~tabletop_core.ScriptedDice` is shared by
    every fight in turn (serial only).

    Args:
        n: How many fights.
        encounter: The fight (before Initiative, or under way).
        policies: One policy for every side, or a mapping of side -> policy
            (:class:`~tabletop_core.d20.FocusFire`, :class:`~tabletop_core.d20.AttackWeakest`,
            :class:`~tabletop_core.d20.AttackNearest`, or your own: on an executor it is pickled,
            so define it at the top level of an importable module).
        rng: The root seed (see :func:`~tabletop_core.dice_source` for what it accepts).
        executor: Any Executor to play the fights on; ``None``: here, in this process.
        progress: A ``tqdm.auto`` progress bar; ``None``: only for 500 fights or more on a
            terminal (or a notebook's stderr) with tqdm installed (the ``progress`` extra).
        max_rounds: The Rounds a fight lasts at most.
        max_steps: A guard against a policy that never ends a Turn.
        chunk_size: Fights per task on the executor (the speed changes, never the result).
        first_run: The index of the first fight: chunks ``first_run=0, n=500`` and
            ``first_run=500, n=500`` together are the fights of ``n=1000`` (add them with ``+``).
        stream: Where the progress bar goes (default ``sys.stderr``).

    Returns:
        The :class:`~tabletop_core.d20.EncounterSimulation`: each side's win share with its
        Wilson interval, the Rounds, the HP left and who was Defeated.

    Raises:
        InvalidInput: a count out of range, fewer than two sides, a side with no policy, a
            policy choosing an action not offered, a fight that does not end within
            *max_steps*, or a shared :class:`~tabletop_core.rng.DiceSource` with an executor.
        TypeError: an argument of the wrong type.
        MissingExtra: ``progress=True`` without tqdm.

    Examples:
        >>> from tabletop_core import d20
        >>> def fighter(name, side, hp):
        ...     hit = d20.AttackProfile(effect=d20.Effect(name="Hit", creator=name, damage=4, cost=2), modifier=2)
        ...     return d20.Combatant(name=name, creature=d20.Creature(max_hp=hp), side=side, attacks=[hit])
        >>> fight = d20.Encounter.of(fighter("Ana", "heroes", 12), fighter("Ogre", "monsters", 20))
        >>> result = d20.simulate_encounter(200, fight, d20.FocusFire(), rng=7)
        >>> result.runs == sum(result.wins.values()) + result.draws + result.timeouts
        True
        >>> result.win_share("monsters") > result.win_share("heroes")
        True
    """
    n = check_int("n", n, low=0, high=10**8)
    check_type("encounter", encounter, Encounter)
    chosen = _sides_policies(encounter, policies)
    max_rounds = check_int("max_rounds", max_rounds, low=1, high=10**6)
    # The runs machinery is numpy's (seeds): loaded with the first simulation, not by `import tabletop_core.d20`.
    from tabletop_core._runs import check_run_options, default_chunk, progress_bar, root_seed, run_chunks

    first_run, max_steps = check_run_options(
        first_run=first_run, max_steps=max_steps, progress=progress, stream=stream, executor=executor
    )

    size = default_chunk(n) if chunk_size is None else check_int("chunk_size", chunk_size, low=1)
    root = root_seed(rng)
    if root is None and executor is not None:
        raise InvalidInput("rng: a DiceSource shared by every fight cannot be split over an executor; give a seed")
    plan = _Plan(encounter, chosen, root, max_rounds, max_steps, _label(chosen))
    bar = progress_bar(progress, n, sys.stderr if stream is None else stream, desc="simulate_encounter", unit="fight")
    runs = range(first_run, first_run + n)
    try:
        if executor is not None:
            return run_chunks(executor, plan, runs, size, bar, _Tally(plan).result())
        shared = dice_source(rng) if root is None else None
        tally = _Tally(plan)
        for index in runs:
            tally.add(*plan.fight(index, shared))
            if bar is not None:
                bar.update(1)
        return tally.result()
    finally:
        if bar is not None:
            bar.close()
