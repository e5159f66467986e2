"""Senses: how a creature perceives, and the Effects that reach it through one (Core Rules "Blinded", "Deafened").

The rules text names Sight and Hearing and calls Senses "the five natural ways you
perceive your body and surroundings". An :class:`~tabletop_core.d20.Effect` lists the
Senses it works through (``senses=["visual"]``); a creature that can't perceive through
them is Immune to it:

* **Blinded**: "You're Immune to visual Effects";
* **Deafened** (Silenced gives it): "You're Immune to auditory Effects";
* **Petrified**: "You can't sense anything": every Effect that works through a Sense.

Readings: an Effect tagged with several Senses is a visual Effect *and* an auditory one,
so Blinded alone makes a creature Immune to it (split it into two Effects for one that
works through either); the three Senses the text does not name (Smell, Taste, Touch)
complete its "five natural ways", an assumption; an Effect without a Sense reaches
everyone.

Examples:
    >>> from tabletop_core.d20 import Conditions, Sense
    >>> Sense.parse("visual") is Sense.SIGHT
    True
    >>> immunity(Conditions().add("silenced"), (Sense.HEARING,))
    'Deafened (from Silenced) (Immune to auditory Effects)'
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop_core._enum import Enum
from tabletop_core._validate import check_type, clip
from tabletop_core.d20.conditions import Condition, Conditions
from tabletop_core.d20.effects import _why
from tabletop_core.errors import InvalidInput

__all__ = ["Sense", "immunity", "senses_of"]


class Sense(Enum):
    """The five natural ways a creature perceives (Sight and Hearing are the rules text's; the rest complete it)."""

    SIGHT = "Sight"
    """Visual: Blinded creatures are Immune to visual Effects."""
    HEARING = "Hearing"
    """Auditory: Deafened creatures are Immune to auditory Effects."""
    SMELL = "Smell"
    """Olfactory."""
    TASTE = "Taste"
    """Gustatory."""
    TOUCH = "Touch"
    """Tactile."""

    @property
    def adjective(self) -> str:
        """How an Effect through this Sense is called: ``"visual"``, ``"auditory"``..."""
        return _ADJECTIVES[self]

    @classmethod
    def parse(cls, value: object) -> Sense:
        """A Sense from itself, its name (``"sight"``) or its adjective (``"visual"``), any case.

        Raises:
            InvalidInput: no Sense is called that (the message lists them).
            TypeError: *value* is neither a Sense nor a str.
        """
        if isinstance(value, cls):
            return value
        if not isinstance(value, str):
            raise TypeError(f"a sense must be a Sense or its name, got {type(value).__name__} {clip(value)}")
        key = value.strip().lower()
        for sense in cls:
            if key in (sense.name.lower(), sense.adjective):
                return sense
        names = ", ".join(f"{s.name.lower()} ({s.adjective})" for s in cls)
        raise InvalidInput(f"a sense must be one of {names}, got {clip(value)}")

    def __str__(self) -> str:
        return self.value


_ADJECTIVES = {
    Sense.SIGHT: "visual",
    Sense.HEARING: "auditory",
    Sense.SMELL: "olfactory",
    Sense.TASTE: "gustatory",
    Sense.TOUCH: "tactile",
}


def senses_of(value: object) -> tuple[Sense, ...]:
    """The ``senses=`` of an Effect: an iterable of Senses or their names, each once, in Sense order.

    Raises:
        TypeError: a str (one Sense goes in a list: ``["visual"]``) or a non-iterable.
        InvalidInput: an unknown Sense.
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"senses must be a list of Senses such as ['visual'], got {type(value).__name__} {clip(value)}")
    found = {Sense.parse(item) for item in value}
    return tuple(s for s in Sense if s in found)


def immunity(conditions: Conditions, senses: Iterable[Sense]) -> str | None:
    """Why a creature with these Conditions is Immune to an Effect through *senses*, or ``None`` (pure).

    Examples:
        >>> immunity(Conditions().add("blinded"), (Sense.SIGHT,))
        'Blinded (Immune to visual Effects)'
        >>> immunity(Conditions().add("blinded"), (Sense.HEARING,)) is None
        True
    """
    check_type("conditions", conditions, Conditions)
    wanted = tuple(Sense.parse(s) for s in senses)
    if not wanted:
        return None
    active = conditions.active
    if Condition.PETRIFIED in active:
        return f"{_why(conditions, Condition.PETRIFIED)} (can't sense anything)"
    if Sense.SIGHT in wanted and Condition.BLINDED in active:
        return f"{_why(conditions, Condition.BLINDED)} (Immune to visual Effects)"
    if Sense.HEARING in wanted and Condition.DEAFENED in active:
        return f"{_why(conditions, Condition.DEAFENED)} (Immune to auditory Effects)"
    return None
