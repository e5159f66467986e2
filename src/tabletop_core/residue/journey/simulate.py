"""Many Journeys played unattended and counted: :func:`simulate_journey`, :class:`JourneySimulation`."""

from __future__ import annotations

import operator
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar, TextIO

import attrs
import numpy as np

from tabletop_core._atomic import atomic_rolls
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, int_in, one_line
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.death import DefeatCause
from tabletop_core.residue.journey.content import JourneySetup
from tabletop_core.residue.journey.engine import start_journey
from tabletop_core.residue.journey.phases import JourneyOutcome
from tabletop_core.residue.journey.policies import Policy, _check_policy
from tabletop_core.residue.journey.state import Journey
from tabletop_core.residue.wanderer import Wanderer
from tabletop_core.rng import DiceSource, GeneratorDice, RngLike, dice_source

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
    """

    _derived: ClassVar[tuple[str, ...]] = ("reach_probability", "mean_days")

    runs: int = attrs.field(validator=int_in(low=0))
    policy: str = attrs.field(validator=one_line())  # free text: the policy's own name
    reached: int = attrs.field(validator=int_in(low=0))
    out_of_time: int = attrs.field(validator=int_in(low=0))
    defeats: Mapping[str, int] = attrs.field(converter=_frozen_defeats)
    days: Mapping[int, int] = attrs.field(converter=_frozen_days)

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

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> JourneySimulation:  # Any: JSON data
        """Rebuild from :meth:`to_dict` data, also after JSON turned the day numbers into strings.

        Raises:
            InvalidInput: the data is incomplete, has unknown keys or breaks a rule.
            TypeError: *data* is not a mapping.
        """
        if isinstance(data, Mapping) and isinstance(data.get("days"), Mapping):
            days = {
                int(k) if isinstance(k, str) and k.isascii() and k.isdecimal() and len(k) < 19 else k: v
                for k, v in data["days"].items()
            }
            data = {**data, "days": days}
        return super().from_dict(data)

    @property
    def reach_probability(self) -> Fraction:
        """The share of Journeys that reached the Hum."""
        return Fraction(self.reached, self.runs) if self.runs else Fraction(0)

    @property
    def mean_days(self) -> float:
        """The mean day Journeys ended on."""
        total = sum(self.days.values())
        return sum(d * c for d, c in self.days.items()) / total if total else 0.0

    def __str__(self) -> str:
        causes = ", ".join(f"{name} {count}" for name, count in sorted(self.defeats.items())) or "none"
        return (
            f"{self.policy}: reached the Hum in {self.reached}/{self.runs} journeys "
            f"({float(self.reach_probability):.1%}); defeats: {causes}; out of time {self.out_of_time}; "
            f"mean days {self.mean_days:.2f}"
        )

    def __add__(self, other: JourneySimulation) -> JourneySimulation:
        """Two chunks of runs of the same simulation, together.

        Raises:
            InvalidInput: the chunks were played under different policies.
        """
        check_type("other", other, JourneySimulation)
        if other.policy != self.policy:
            raise InvalidInput(f"cannot add simulations of policies {clip(self.policy)} and {clip(other.policy)}")
        days = Counter(dict(self.days)) + Counter(dict(other.days))
        return JourneySimulation(
            runs=self.runs + other.runs,
            policy=self.policy,
            reached=self.reached + other.reached,
            out_of_time=self.out_of_time + other.out_of_time,
            defeats=dict(Counter(dict(self.defeats)) + Counter(dict(other.defeats))),
            days=dict(sorted(days.items())),
        )

    def to_markdown(self) -> str:
        """A Markdown table of the outcomes."""
        rows = ["| outcome | journeys | share |", "|---|---:|---:|"]
        total = self.runs or 1
        rows.append(f"| reached the Hum | {self.reached} | {self.reached / total:.1%} |")
        for name, count in sorted(self.defeats.items()):
            rows.append(f"| defeated: {name} | {count} | {count / total:.1%} |")
        rows.append(f"| out of time | {self.out_of_time} | {self.out_of_time / total:.1%} |")
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


def _run_one(journey: Journey, policy: Policy, source: DiceSource, max_steps: int) -> Journey:
    for _ in range(max_steps):
        if journey.is_over:
            return journey
        offered = journey.choices()
        choice = policy.choose(journey, offered)
        if choice not in offered and choice._offered() not in offered:
            journey.apply(choice, rng=source)  # raises the RuleError that names the offered choices
        journey = journey._apply(choice, source, render=False).journey
    raise InvalidInput(f"max_steps: a Journey did not end within {max_steps} choices")


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
) -> JourneySimulation:
    """Play *n* Journeys under *policy* and count how they end.

    Each run has its own random stream: run ``i`` draws from the ``i``-th child
    of one root :class:`numpy.random.SeedSequence` (``SeedSequence(entropy,
    spawn_key=(i,))``, the same as ``root.spawn(n)[i]``), so a result does not
    depend on how the runs are chunked or ordered: the first 100 runs of a
    1,000-run simulation are the 100 runs of a 100-run one with the same seed.
    A :class:`~tabletop_core.rng.ScriptedDice` is shared by every run in turn.

    Args:
        n: How many Journeys.
        wanderer: The starting Wanderer (every run starts from this sheet).
        map_setup: The content (:class:`JourneySetup`).
        policy: What makes every choice (:class:`CautiousPolicy`, :class:`GreedyPolicy`, ...).
        rng: The root seed (see :func:`~tabletop_core.dice_source` for what it accepts).
        progress: Show a progress bar on stderr; ``None``: only for 500 runs or more
            when stderr is a terminal.
        max_steps: A guard against a policy that never ends a Journey.
        stream: Where the progress bar goes (default ``sys.stderr``).
        first_run: The index of the first run: chunks ``first_run=0, n=500`` and
            ``first_run=500, n=500`` together are the runs of ``n=1000``
            (add the results with ``+``).

    Examples:
        >>> from tabletop_core.residue.journey import CautiousPolicy, example_setup
        >>> w = Wanderer.new(hp=6, endurance_dice=["d8", "d8", "d6"], inventory="d8",
        ...                  luck="d6", strain_threshold=3, rng=1)
        >>> result = simulate_journey(20, w, example_setup(), CautiousPolicy(), rng=7)
        >>> result.runs, result.reached + result.out_of_time + sum(result.defeats.values())
        (20, 20)
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
    root = _root_seed(rng)
    shared = dice_source(rng) if root is None else None
    out = sys.stderr if stream is None else stream
    show = progress if progress is not None else (n >= 500 and out.isatty())
    every = max(1, n // 100)
    reached = out_of_time = 0
    defeats: Counter[str] = Counter()
    days: Counter[int] = Counter()
    for run in range(n):
        if shared is not None:
            source = shared
        else:
            assert root is not None
            child = np.random.SeedSequence(root.entropy, spawn_key=(*root.spawn_key, first_run + run))
            source = GeneratorDice(np.random.Generator(np.random.PCG64(child)))
        end = _run_one(start_journey(wanderer, map_setup, rng=source), policy, source, max_steps)
        days[end.day] += 1
        if end.outcome is JourneyOutcome.REACHED_HUM:
            reached += 1
        elif end.outcome is JourneyOutcome.OUT_OF_TIME:
            out_of_time += 1
        elif end.defeat is not None:
            defeats[end.defeat.cause.name] += 1
        if show and ((run + 1) % every == 0 or run + 1 == n):
            done = (run + 1) * 30 // max(n, 1)
            out.write(f"\rsimulate_journey [{'#' * done}{'.' * (30 - done)}] {run + 1}/{n}")
            if run + 1 == n:
                out.write("\n")
            out.flush()
    name = str(getattr(policy, "name", type(policy).__name__))
    return JourneySimulation(
        runs=n,
        policy=name,
        reached=reached,
        out_of_time=out_of_time,
        defeats=dict(defeats),
        days=dict(sorted(days.items())),
    )


# Bind the string annotations (``from __future__ import annotations``) to this module's
# classes now: JSON loading resolves them, and a test runner that imports this file a
