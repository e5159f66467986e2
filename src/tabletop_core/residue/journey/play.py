"""A Journey played to its end, as a record: :class:`JourneyPlay`."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._validate import check_type, of_type
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.journey.choices import Choice
from tabletop_core.residue.journey.content import JourneySetup
from tabletop_core.residue.journey.events import ChoiceMade, JourneyEvent, NewDay
from tabletop_core.residue.journey.phases import JourneyOutcome
from tabletop_core.residue.journey.setup_ref import SetupSaves
from tabletop_core.residue.journey.state import Journey, JourneyStep, step_line

__all__ = ["JourneyPlay"]


def _event_log(values: object) -> tuple[tuple[JourneyEvent, ...], ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, (list, tuple)):
        raise TypeError(f"log must be a sequence of event sequences, got {type(values).__name__}")
    log = []
    for index, events in enumerate(values):
        if isinstance(events, (str, bytes)) or not isinstance(events, (list, tuple)):
            raise TypeError(f"log[{index}] must be a sequence of JourneyEvent, got {type(events).__name__}")
        for event in events:
            check_type(f"log[{index}]: an event", event, JourneyEvent)
        log.append(tuple(events))
    return tuple(log)


def _choice_tuple(values: object) -> tuple[Choice, ...]:
    items = tuple(values) if isinstance(values, (list, tuple)) else None
    if items is None or not all(isinstance(item, Choice) for item in items):
        raise TypeError(f"choices must be a sequence of Choice, got {type(values).__name__}")
    return items


@frozen
class JourneyPlay(SetupSaves):
    """One Journey played to its end: the record ``tabletop residue journey --json`` prints.

    The dice are not re-rolled on load: each step's dice are in its typed events
    (``log``), and ``outcome`` and ``days`` are read from ``end``. :attr:`lines` renders
    the log as text, one line per choice.

    Attributes:
        policy: The name of the policy that made the choices.
        start: The state the Journey started in.
        choices: Every choice made, in order.
        log: For each choice, what happened: its step's typed events
            (:attr:`JourneyStep.events`, :mod:`~tabletop_core.residue.journey.events`).
        end: The state it ended in.

    Raises:
        InvalidInput: *choices* and *log* differ in length.

    Examples:
        >>> from tabletop_core.residue import journey, Wanderer
        >>> hero = Wanderer.new(hp=6, endurance_dice=["d8", "d6"], inventory="d8", luck="d6",
        ...                     strain_threshold=3, rng=1)
        >>> start = journey.start_journey(hero, journey.example_setup(max_days=2), rng=2)
        >>> end, steps = journey.play_journey(start, journey.CautiousPolicy(), rng=3)
        >>> played = journey.JourneyPlay.of("cautious", start, end, steps)
        >>> played.log[0] == steps[0].events and played.lines[0] == str(steps[0])
        True
        >>> type(played.log[0][0]).__name__
        'ChoiceMade'
    """

    _version: ClassVar[int] = 2
    _derived: ClassVar[tuple[str, ...]] = ("outcome", "days")

    policy: str = attrs.field(validator=of_type(str))
    start: Journey = attrs.field(validator=of_type(Journey))
    choices: tuple[Choice, ...] = attrs.field(converter=_choice_tuple)
    log: tuple[tuple[JourneyEvent, ...], ...] = attrs.field(converter=_event_log)
    end: Journey = attrs.field(validator=of_type(Journey))

    def __attrs_post_init__(self) -> None:
        if len(self.choices) != len(self.log):
            raise InvalidInput(f"log: {len(self.log)} steps for {len(self.choices)} choices; give one per choice")

    def _setups(self) -> tuple[JourneySetup, ...]:
        return (self.start.setup, self.end.setup)

    @classmethod
    def of(cls, policy: str, start: Journey, end: Journey, steps: tuple[JourneyStep, ...]) -> JourneyPlay:
        """The record of :func:`play_journey`'s ``(end, steps)`` from *start* under *policy*.

        Raises:
            TypeError: *steps* is not a sequence of :class:`JourneyStep`.
        """
        if not isinstance(steps, (list, tuple)) or not all(isinstance(step, JourneyStep) for step in steps):
            raise TypeError(f"steps must be a sequence of JourneyStep, got {type(steps).__name__}")
        return cls(policy, start, tuple(step.choice for step in steps), tuple(step.events for step in steps), end)

    @property
    def lines(self) -> tuple[str, ...]:
        """The log as English lines, one per choice, as ``str()`` of each :class:`JourneyStep` reads.

        The day of each line follows the :class:`~tabletop_core.residue.journey.events.NewDay`
        events from ``start``'s day. A step saved as text by an older version (its events do
        not open with the ChoiceMade) is shown as it was saved.
        """
        day = self.start.day
        lines = []
        for choice, events in zip(self.choices, self.log, strict=True):
            for event in events:
                if type(event) is NewDay:
                    day = event.day
            if events and type(events[0]) is ChoiceMade:
                lines.append(step_line(day, choice, events))
            else:
                lines.append("; ".join(str(event) for event in events))
        return tuple(lines)

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
