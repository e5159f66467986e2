"""What a Journey step did, as typed event records that keep every die.

:meth:`Journey.apply <tabletop_core.residue.journey.Journey.apply>` returns a
:class:`~tabletop_core.residue.journey.JourneyStep` whose ``events`` are these records,
in the order things happened. Each renders to one English line (``str(event)`` or
``event.text``) and to JSON (``to_dict()``, tagged ``"type"``, so
:meth:`JourneyEvent.from_dict` rebuilds the right kind). An app renders them its own way
by their type; a chat bot prints ``str()``.

A rule's own result (a Commit with its dice, an Attack, a Retaliation, a Gear roll, a
Rest step, ...) travels whole inside :class:`RuleApplied`; the Journey's own steps
(a die rolled for the map, HP lost and why, Strain gained, a phase begun, ...) have a
class each. Numbers shown to players count from 1 (enemy 1, Token 1).

Examples:
    >>> from tabletop_core.residue.journey.events import DieRolled, JourneyEvent
    >>> event = DieRolled(rule="Undiscovered Region", sides=3, face=2, result="Glass Wastes")
    >>> print(event)
    Undiscovered Region: d3 -> 2: Glass Wastes
    >>> JourneyEvent.from_dict(event.to_dict()) == event
    True
"""

from __future__ import annotations

from typing import TypeVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._tagged_union import TaggedUnion
from tabletop_core._validate import check_type, int_field, int_in, of_type, one_line
from tabletop_core.errors import InvalidInput
from tabletop_core.residue._markdown import bold, bold_after, escape
from tabletop_core.residue.combat import Creature
from tabletop_core.residue.death import Defeat
from tabletop_core.residue.endurance import StrainCheck
from tabletop_core.residue.hexmap import Direction, Hex
from tabletop_core.residue.items import Item
from tabletop_core.residue.journey.choices import Choice
from tabletop_core.residue.journey.phases import JourneyOutcome, Phase

__all__ = [
    "CardGained",
    "ChoiceMade",
    "CombatBegan",
    "Defeated",
    "DieRolled",
    "HPChanged",
    "JourneyEnded",
    "JourneyEvent",
    "Moved",
    "NewDay",
    "Note",
    "PhaseBegan",
    "ReachedHum",
    "RuleApplied",
    "StrainChecked",
    "StrainGained",
    "TokenFound",
]

E = TypeVar("E", bound="JourneyEvent")
_BIG = 10**6


class JourneyEvent(TaggedUnion):
    """One thing a Journey step did (the base of the event kinds); ``str()`` is its line."""

    __slots__ = ()

    @property
    def text(self) -> str:
        """The event as one English line (the same as ``str()``)."""
        return str(self)

    def to_markdown(self) -> str:
        """The event's line as Markdown for chat: what it came to in bold, where it has an outcome."""
        return escape(str(self))


JourneyEvent.register()


def _any_record(value: object) -> Record:
    if not isinstance(value, Record):
        raise TypeError(f"result must be a record of the rules, got {type(value).__name__}")
    return value


@frozen
class RuleApplied(JourneyEvent):
    """A rule resolved with its own result record, which keeps every die it rolled.

    Args:
        result: The rule's result (a Commit, Attack, Retaliation, Run, Gear roll,
            Condition roll, Token Movement, Barter, Rest step, ...).
    """

    result: Record = attrs.field(converter=_any_record)

    def __str__(self) -> str:
        return str(self.result)

    def to_markdown(self) -> str:
        """The rule's own Markdown (a Commit's ★, an Attack's Damage, a roll's result in bold)."""
        return self.result.to_markdown()


@frozen
class Note(JourneyEvent):
    """A line of text (what a rule said that has no record of its own, or a log line saved by an older version).

    Args:
        line: The text.
    """

    line: str = attrs.field(validator=of_type(str))

    def __str__(self) -> str:
        return self.line


@frozen
class ChoiceMade(JourneyEvent):
    """The choice the step applied (the first event of every step).

    Args:
        choice: The choice.
    """

    choice: Choice = attrs.field(validator=of_type(Choice))

    def __str__(self) -> str:
        return f"choose: {self.choice}"


@frozen
class DieRolled(JourneyEvent):
    """A die the Journey rolled itself (not inside a rule's result).

    Args:
        rule: The rule that rolled it.
        sides: The die's size.
        face: The face rolled.
        result: What the face gave, in words.
    """

    rule: str = attrs.field(validator=one_line())
    sides: int = int_field(low=1, high=_BIG)
    face: int = int_field(low=1, high=_BIG)
    result: str = attrs.field(default="", validator=one_line())

    def __attrs_post_init__(self) -> None:
        if self.face > self.sides:
            raise InvalidInput(f"face must be 1 to {self.sides} on a d{self.sides}, got {self.face}")

    def __str__(self) -> str:
        tail = f": {self.result}" if self.result else ""
        return f"{self.rule}: d{self.sides} -> {self.face}{tail}"

    def to_markdown(self) -> str:
        """The line with the face (and what it gave) in bold."""
        return bold_after(str(self), " -> ")


@frozen
class HPChanged(JourneyEvent):
    """HP lost or gained, with its cause.

    Args:
        cause: Why.
        before: HP before.
        after: HP after.
        max_hp: Max HP.
    """

    cause: str = attrs.field(validator=one_line())
    before: int = int_field(low=0, high=_BIG)
    after: int = int_field(low=0, high=_BIG)
    max_hp: int = int_field(low=1, high=_BIG)

    @property
    def change(self) -> int:
        """HP gained (positive) or lost (negative)."""
        return self.after - self.before

    def __str__(self) -> str:
        if self.change == 0:
            return f"{self.cause}: no HP lost (HP {self.after}/{self.max_hp})"
        verb = "loses" if self.change < 0 else "gains"
        return f"{self.cause}: {verb} {abs(self.change)} HP (HP {self.before} -> {self.after}/{self.max_hp})"

    def to_markdown(self) -> str:
        """The line with the HP change in bold."""
        return bold_after(str(self), ": ")


@frozen
class StrainGained(JourneyEvent):
    """Strain gained, with its cause.

    Args:
        cause: Why.
        amount: Strain gained.
        strain: Strain after.
    """

    cause: str = attrs.field(validator=one_line())
    amount: int = int_field(low=0, high=_BIG)
    strain: int = int_field(low=0, high=_BIG)

    def __str__(self) -> str:
        return f"{self.cause}: +{self.amount} Strain (Strain {self.strain})"


@frozen
class Moved(JourneyEvent):
    """The Wanderer moved to an adjacent Hex (or Fast Travelled).

    Args:
        to: The Hex entered.
        direction: The direction (``None`` for a Fast Travel).
        how: ``"move"``, ``"Escape"`` or ``"Fast Travel"``.
    """

    to: Hex = attrs.field(validator=of_type(Hex))
    direction: Direction | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(Direction)))
    how: str = attrs.field(default="move", validator=one_line())

    def __str__(self) -> str:
        way = f" {self.direction}" if self.direction is not None else ""
        return f"{self.how}{way} to {self.to}"


@frozen
class TokenFound(JourneyEvent):
    """A Token on the Hex entered, and what it does.

    Args:
        token: The Token's position in :attr:`Journey.tokens` (from 0; shown from 1).
        name: The Token as shown.
        what: What it does (an Encounter, an optional one, none, ...).
    """

    token: int = attrs.field(validator=int_in(low=0, high=_BIG))
    name: str = attrs.field(validator=one_line())
    what: str = attrs.field(validator=one_line())

    def __str__(self) -> str:
        return f"Token {self.token + 1} ({self.name}): {self.what}"


def _creatures(value: object) -> tuple[Creature, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        raise TypeError(f"enemies must be a sequence of Creatures, got {type(value).__name__}")
    return tuple(check_type(f"enemies[{i}]", enemy, Creature) for i, enemy in enumerate(value))


@frozen
class CombatBegan(JourneyEvent):
    """A Combat begins.

    Args:
        enemies: The Creatures faced (shown as enemy 1, 2, ...).
        surprised: The Creatures strike first.
    """

    enemies: tuple[Creature, ...] = attrs.field(converter=_creatures)
    surprised: bool = attrs.field(default=False, validator=of_type(bool))

    def __str__(self) -> str:
        faced = ", ".join(f"enemy {i} {c}" for i, c in enumerate(self.enemies, start=1))
        return f"Face {faced}" + ("; Surprised: the Creatures strike first" if self.surprised else "")


@frozen
class CardGained(JourneyEvent):
    """A card gained, waiting for a slot.

    Args:
        card: The card (an Item, or a Corruption card).
    """

    card: Item = attrs.field(validator=of_type(Item))

    def __str__(self) -> str:
        return f"gain {self.card}"


@frozen
class StrainChecked(JourneyEvent):
    """Check Strain: Strain against the Strain Threshold.

    Args:
        strain: The Wanderer's Strain.
        threshold: The Strain Threshold.
        result: What the check allows (Travel or Rest, must Rest, defeated).
    """

    strain: int = attrs.field(validator=int_in(low=0, high=_BIG))
    threshold: int = attrs.field(validator=int_in(low=0, high=_BIG))
    result: StrainCheck = attrs.field(validator=of_type(StrainCheck))

    def __str__(self) -> str:
        return f"Check Strain {self.strain} vs ST {self.threshold}: {self.result}"

    def to_markdown(self) -> str:
        """The line with what Check Strain allows in bold."""
        return bold_after(str(self), ": ")


@frozen
class PhaseBegan(JourneyEvent):
    """The procedure moved to another phase (the last event of a step that changed it).

    Args:
        phase: The phase begun.
    """

    phase: Phase = attrs.field(validator=of_type(Phase))

    def __str__(self) -> str:
        return str(self.phase)


@frozen
class NewDay(JourneyEvent):
    """A new day begins (after Start Day).

    Args:
        day: The day begun (1 on the first).
    """

    day: int = int_field(low=1, high=_BIG)

    def __str__(self) -> str:
        return f"New Day {self.day}"

    def to_markdown(self) -> str:
        """The whole line in bold."""
        return bold(str(self))


@frozen
class ReachedHum(JourneyEvent):
    """The Wanderer reached the Hum: the Hum Token is removed and the Ruin Entry read.

    Args:
        at: The Hex of the Hum.
    """

    at: Hex = attrs.field(validator=of_type(Hex))

    def __str__(self) -> str:
        return f"Reach the Hum at {self.at}: remove the Hum Token and read the Ruin Entry"

    def to_markdown(self) -> str:
        """The whole line in bold."""
        return bold(str(self))


@frozen
class Defeated(JourneyEvent):
    """The Wanderer is defeated.

    Args:
        defeat: The defeat, with its cause (:class:`~tabletop_core.residue.death.Defeat`).
    """

    defeat: Defeat = attrs.field(validator=of_type(Defeat))

    def __str__(self) -> str:
        return str(self.defeat)

    def to_markdown(self) -> str:
        """The whole line in bold."""
        return bold(str(self))


@frozen
class JourneyEnded(JourneyEvent):
    """The Journey ended without a defeat (the day limit of unattended play).

    Args:
        outcome: How it ended.
        detail: What led there, in words (may be empty).
    """

    outcome: JourneyOutcome = attrs.field(validator=of_type(JourneyOutcome))
    detail: str = attrs.field(default="", validator=one_line())

    def __str__(self) -> str:
        return f"{self.detail}: {self.outcome}" if self.detail else str(self.outcome)

    def to_markdown(self) -> str:
        """The line with the outcome in bold."""
        return bold_after(str(self), ": ")
