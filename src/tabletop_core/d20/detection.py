"""Detection per observer: Observed, Hidden or Undetected, and what a Search finds.

Core Rules "Hidden", "Invisible" and the Detection states the text names:

* **Observed**: a creature detects you with a High Fidelity Sense;
* **Hidden**: you are concealed from view (Hidden gives those you hide from Off
  Guard against you, and Attacks against you gain Misfortune);
* **Undetected**: a creature hasn't detected you with any Sense and has no idea
  you're present.

Each pair (observer, subject) has its own state, kept by the encounter as
:class:`Sighting` records. With no record, the state follows the subject's
Conditions: Invisible -> Undetected, Hidden -> Hidden, otherwise Observed.

* Becoming **Invisible**: you're Undetected to all creatures, except those that
  had Observed you, against which you gain Hidden instead
  (:func:`on_becoming_invisible`).
* **Search** for an Invisible creature (:func:`search_result`): Success -> Observed
  if the searcher uses a Sense that can perceive you, otherwise Hidden; Setback ->
  Hidden; Failure -> no change (the text lists no Failure row: a reading).

Examples:
    >>> search_result(Outcome.SUCCESS, perceives=False, before=Detection.UNDETECTED)
    <Detection.HIDDEN: 'Hidden'>
"""

from __future__ import annotations

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_type
from tabletop_core.d20._checks import checked_label
from tabletop_core.d20.conditions import Condition, Conditions
from tabletop_core.d20.stakes import Outcome

__all__ = ["Detection", "Sighting", "detection_of", "on_becoming_invisible", "search_result"]


class Detection(Enum):
    """How one creature detects another."""

    OBSERVED = "Observed"
    """Detected with a High Fidelity Sense."""
    HIDDEN = "Hidden"
    """Concealed from view: the observer knows you are there but can't see you."""
    UNDETECTED = "Undetected"
    """Not detected with any Sense: no idea you're present."""

    def __str__(self) -> str:
        return self.value


def _observer(value: object) -> str:
    return checked_label("observer", value)


def _subject(value: object) -> str:
    return checked_label("subject", value)


def _state(value: object) -> Detection:
    return Detection.parse(value, name="state")


@frozen(kw_only=True)
class Sighting(Record):
    """How *observer* detects *subject*.

    Args:
        observer: The creature looking.
        subject: The creature looked for.
        state: Observed, Hidden or Undetected.
    """

    observer: str = attrs.field(converter=_observer)
    subject: str = attrs.field(converter=_subject)
    state: Detection = attrs.field(converter=_state)

    def __str__(self) -> str:
        return f"{self.subject} is {self.state} to {self.observer}"


def detection_of(conditions: Conditions, recorded: Detection | None = None) -> Detection:
    """How an observer detects a subject with these Conditions: what was recorded, else what Conditions give.

    An Invisible subject is Undetected, a Hidden one Hidden, any other Observed.

    Examples:
        >>> from tabletop_core.d20 import Conditions
        >>> detection_of(Conditions().add("hidden")), detection_of(Conditions(), Detection.UNDETECTED)
        (<Detection.HIDDEN: 'Hidden'>, <Detection.UNDETECTED: 'Undetected'>)
    """
    if recorded is not None:
        return recorded
    if conditions.has(Condition.INVISIBLE):
        return Detection.UNDETECTED
    if conditions.has(Condition.HIDDEN):
        return Detection.HIDDEN
    return Detection.OBSERVED


def on_becoming_invisible(before: Detection) -> Detection:
    """The state after the subject becomes Invisible (Core Rule "Invisible").

    "You're Undetected to all Creatures. If you were Observed when you became
    Invisible, you gain Hidden against those Creatures instead."

    Examples:
        >>> on_becoming_invisible(Detection.OBSERVED), on_becoming_invisible(Detection.HIDDEN)
        (<Detection.HIDDEN: 'Hidden'>, <Detection.UNDETECTED: 'Undetected'>)
    """
    check_type("before", before, Detection)
    return Detection.HIDDEN if before is Detection.OBSERVED else Detection.UNDETECTED


def search_result(outcome: Outcome, *, perceives: bool, before: Detection) -> Detection:
    """What a Search for an Invisible creature finds (Core Rule "Invisible").

    Args:
        outcome: The searcher's Test Result.
        perceives: The searcher uses a Sense that can perceive the subject.
        before: The state before the Search (kept on a Failure).

    Returns:
        Success: Observed if *perceives*, else Hidden. Setback: Hidden. Failure: *before*.
        Never less than *before* (a Search doesn't lose a creature already Observed).

    Examples:
        >>> search_result(Outcome.SUCCESS, perceives=True, before=Detection.UNDETECTED)
        <Detection.OBSERVED: 'Observed'>
        >>> search_result(Outcome.SETBACK, perceives=True, before=Detection.UNDETECTED)
        <Detection.HIDDEN: 'Hidden'>
    """
    check_type("outcome", outcome, Outcome)
    check_type("perceives", perceives, bool)
    check_type("before", before, Detection)
    if outcome is Outcome.SUCCESS:
        found = Detection.OBSERVED if perceives else Detection.HIDDEN
    elif outcome is Outcome.SETBACK:
        found = Detection.HIDDEN
    else:
        found = before
    # A Search never loses what the searcher already had (an Observed creature stays Observed).
    return min(found, before, key=_RANK.index)


_RANK = [Detection.OBSERVED, Detection.HIDDEN, Detection.UNDETECTED]
