"""A Journey played to its end, as a record: :class:`JourneyPlay`."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop_core._record import Record
from tabletop_core._validate import of_type
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.journey.choices import Choice
from tabletop_core.residue.journey.phases import JourneyOutcome
from tabletop_core.residue.journey.state import Journey, JourneyStep


def _str_tuple(values: object) -> tuple[str, ...]:
    items = tuple(values) if isinstance(values, (list, tuple)) else None
    if items is None or not all(isinstance(item, str) for item in items):
        raise TypeError(f"log must be a sequence of str, got {type(values).__name__}")
    return items


def _choice_tuple(values: object) -> tuple[Choice, ...]:
    items = tuple(values) if isinstance(values, (list, tuple)) else None
    if items is None or not all(isinstance(item, Choice) for item in items):
        raise TypeError(f"choices must be a sequence of Choice, got {type(values).__name__}")
    return items


@attrs.frozen
class JourneyPlay(Record):
    """One Journey played to its end: the record ``tabletop residue journey --json`` prints.

    The dice are not kept (each step's dice are in the ``log`` lines), so the end is
    not re-played on load; ``outcome`` and ``days`` are read from ``end``.

    Attributes:
        policy: The name of the policy that made the choices.
        start: The state the Journey started in.
        choices: Every choice made, in order.
        log: One line per choice: what happened (``str`` of each :class:`JourneyStep`).
        end: The state it ended in.

    Raises:
        InvalidInput: *choices* and *log* differ in length.
    """

    _derived: ClassVar[tuple[str, ...]] = ("outcome", "days")

    policy: str = attrs.field(validator=of_type(str))
    start: Journey = attrs.field(validator=of_type(Journey))
    choices: tuple[Choice, ...] = attrs.field(converter=_choice_tuple)
    log: tuple[str, ...] = attrs.field(converter=_str_tuple)
    end: Journey = attrs.field(validator=of_type(Journey))

    def __attrs_post_init__(self) -> None:
        if len(self.choices) != len(self.log):
            raise InvalidInput(f"log: {len(self.log)} lines for {len(self.choices)} choices; give one line per choice")

    @classmethod
    def of(cls, policy: str, start: Journey, end: Journey, steps: tuple[JourneyStep, ...]) -> JourneyPlay:
        """The record of :func:`play_journey`'s ``(end, steps)`` from *start* under *policy*.

        Raises:
            TypeError: *steps* is not a sequence of :class:`JourneyStep`.
        """
        if not isinstance(steps, (list, tuple)) or not all(isinstance(step, JourneyStep) for step in steps):
            raise TypeError(f"steps must be a sequence of JourneyStep, got {type(steps).__name__}")
        return cls(policy, start, tuple(step.choice for step in steps), tuple(str(step) for step in steps), end)

    @property
    def outcome(self) -> JourneyOutcome | None:
        """How the Journey ended (``None`` if it was stopped before its end)."""
        return self.end.outcome

    @property
    def days(self) -> int:
        """The day the Journey ended on."""
        return self.end.day

    def __str__(self) -> str:
        how = self.outcome.name.lower().replace("_", " ") if self.outcome is not None else "not over"
        return f"{self.policy}: {len(self.choices)} choices, {how} on day {self.days}"
