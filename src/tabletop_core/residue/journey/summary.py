"""What a simulation found: :class:`JourneySimulation`, counts that add up across chunks and workers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._intervals import wilson_interval
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, int_in, one_line
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.death import DefeatCause
from tabletop_core.residue.journey.chart import survival_by_day

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["JourneySimulation"]

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


@frozen
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
        out_of_choices: Journeys stopped by a choice limit (the setup's
            :attr:`~tabletop_core.residue.journey.JourneySetup.choice_limit`, or the
            simulation's ``max_steps``): recorded, never raised.
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
    out_of_choices: int = attrs.field(default=0, validator=int_in(low=0))

    # defeat_days: added after format 1, its saves lack it; out_of_choices: written only when some.
    _optional_keys: ClassVar[tuple[str, ...]] = ("defeat_days", "out_of_choices")

    def __attrs_post_init__(self) -> None:
        causes = {cause.name for cause in DefeatCause}
        for cause in self.defeats:
            if cause not in causes:
                raise InvalidInput(f"defeats: {_short(cause)} is not a DefeatCause ({', '.join(sorted(causes))})")
        for day in self.days:
            check_int("days: a day", day, low=1, high=_MAX_DAYS)
        ended = self.reached + self.out_of_time + self.out_of_choices + sum(self.defeats.values())
        if ended != self.runs:
            raise InvalidInput(
                "runs must equal reached + out_of_time + out_of_choices + the defeats: each Journey ends one way"
            )
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
        return (JourneySimulation, (*fields, self.out_of_choices))

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
        return survival_by_day({self.policy: self}, ax=ax, title=title)

    def __str__(self) -> str:
        causes = ", ".join(f"{name} {count}" for name, count in sorted(self.defeats.items())) or "none"
        return (
            f"{self.policy}: reached the Hum in {self.reached}/{self.runs} journeys "
            f"({float(self.reach_probability):.1%}); defeats: {causes}; out of time {self.out_of_time}; "
            + (f"out of choices {self.out_of_choices}; " if self.out_of_choices else "")
            + f"mean days {self.mean_days:.2f}"
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
            out_of_choices=self.out_of_choices + other.out_of_choices,
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
        if self.out_of_choices:
            rows.append(row("out of choices", self.out_of_choices))
        return "\n".join(rows)
