"""Render a roll for chat, the parts every dialect shares: each die, each term's dice, the line.

Plain text (``str(result)``)::

    attack: 1d20 (20↑) + 5 = 25 (critical hit)
    4d6kh3 (6↑, ~2~, 5, 4) = 15

* a dropped or rerolled die is struck through: ``~2~`` (Markdown ``~~2~~``);
* the highest face is marked ``↑`` (Markdown **bold**), the lowest ``↓``
  (Markdown *italic*); Fate dice show ``+``, ``0``, ``-`` without marks;
* a die that exploded is followed by ``!``; a die counted as a success by ``✓``;
* a critical roll (``RollResult.crit``) ends with ``(critical hit)`` or ``(critical failure)``.

The expression around the dice (``1d20 (17) + 5``) is the dialect's: the line asks the
result's wing for it (:mod:`.registry`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop_core.notation._kernel.registry import wing

if TYPE_CHECKING:
    from tabletop_core.notation._kernel.dice_records import DiceMarks, DiceRoll, GroupRoll, RolledDie
    from tabletop_core.notation._kernel.records import RollResult

__all__ = [
    "crit_text",
    "dice_text",
    "face_text",
    "group_text",
    "has_extra_marks",
    "render_text",
    "strikes",
    "warnings_text",
]

_FATE = {-1: "-", 0: "0", 1: "+"}


def has_extra_marks(marks: DiceMarks) -> bool:
    """Whether *marks* uses any mark beyond dropped, rerolled, exploded and successes."""
    return bool(
        marks.failures
        or marks.clamped
        or marks.compounded
        or marks.penetrated
        or marks.crits
        or marks.fumbles
        or marks.order
    )


def face_text(die: RolledDie, *, markdown: bool) -> str:
    """One die: its face with marks for highest/lowest, explosion, success, strike-through."""
    if die.fate:
        text = _FATE.get(die.value, str(die.value))
    elif die.is_max:
        text = f"**{die.value}**" if markdown else f"{die.value}↑"
    elif die.is_min:
        text = f"*{die.value}*" if markdown else f"{die.value}↓"
    else:
        text = str(die.value)
    if die.exploded:
        text += "!"
    if die.success and die.kept:
        text += "✓"
    if not die.kept:
        text = f"~~{text}~~" if markdown else f"~{text}~"
    return text


class Strikes:
    """One level of strike-through in a breakdown whose struck items hold struck dice (d20 sets, rdr groups).

    Chat markup does not nest ``~``: a dropped item is struck once as a whole, the dice inside
    it shown without their own strikes (every one of them is out). The dice's strikes are held
    as a private mark while the line is built (the dice text holds no user text, so no ``~`` a
    player typed is touched), then written out.
    """

    _MARK = "\x1f"

    def __init__(self, *, markdown: bool) -> None:
        self.markdown = markdown

    def dice(self, roll: DiceRoll) -> str:
        """:func:`dice_text` of *roll*, its strikes held."""
        return dice_text(roll, markdown=self.markdown).replace("~", self._MARK)

    def struck(self, item: str) -> str:
        """*item* struck once, the strikes inside it lifted."""
        mark = self._MARK * (2 if self.markdown else 1)
        return f"{mark}{item.replace(self._MARK, '')}{mark}"

    def written(self, line: str) -> str:
        """The line with every strike written out as ``~`` (Markdown ``~~``)."""
        return line.replace(self._MARK, "~")


def strikes(*, markdown: bool) -> Strikes:
    """A :class:`Strikes` for one breakdown."""
    return Strikes(markdown=markdown)


def dice_text(roll: DiceRoll, *, markdown: bool) -> str:
    """Every die of one term in parentheses, e.g. ``(6↑, ~2~, 5, 4)``; a counting term adds its count."""
    if roll.marks is not None and has_extra_marks(roll.marks):
        faces = _extended_faces(roll, markdown=markdown)
    else:
        faces = ", ".join(face_text(die, markdown=markdown) for die in roll.dice)
    if roll.counts_successes:
        noun = "success" if roll.value == 1 else "successes"
        return f"({faces}: {roll.value} {noun})"
    return f"({faces})"


def _extended_face(die: RolledDie, *, markdown: bool) -> str:
    """One die of a term using the later operators.

    ``1→2`` (clamped or penetrating: drawn, then shown), ``✗`` after a failure,
    ``crit``/``fumble`` after a flagged die.
    """
    text = face_text(attrs.evolve(die, success=False), markdown=markdown)
    struck = text.startswith("~")
    if struck:
        text = text.strip("~")
    drawn = die.rolled if die.rolled is not None else die.value + 1 if die.penetrated else None
    if drawn is not None:
        text = f"{drawn}→{text}"
    if die.kept and not die.compounded:
        text += "✓" if die.success else ""
        text += "✗" if die.failure else ""
        text += " crit" if die.crit else ""
        text += " fumble" if die.fumble else ""
    if struck:
        text = f"~~{text}~~" if markdown else f"~{text}~"
    return text


def _extended_faces(roll: DiceRoll, *, markdown: bool) -> str:
    """The dice of a term using the later operators, in the order shown.

    A compounded die is shown as its parts and its total (``6!+6!+2=14``), its flags after the total.
    """
    shown: list[str] = []
    parts: list[RolledDie] = []

    def finish() -> None:
        if not parts:
            return
        if len(parts) == 1:
            shown.append(_extended_face(parts[0], markdown=markdown))
        else:
            head = parts[0]
            inner = "+".join(face_text(attrs.evolve(d, success=False), markdown=markdown) for d in parts)
            total = sum(d.value for d in parts if not d.rerolled)
            flags = "✓" * head.success + "✗" * head.failure + " crit" * head.crit + " fumble" * head.fumble
            text = f"{inner}={total}{flags if head.kept else ''}"
            shown.append(text if head.kept else (f"~~{text}~~" if markdown else f"~{text}~"))
        parts.clear()

    for die in roll.shown:
        if not die.compounded:
            finish()
        parts.append(die)
    finish()
    return ", ".join(shown)


def group_text(group: GroupRoll, *, markdown: bool) -> str:
    """The items' totals of a group in parentheses: dropped struck through, ``✓``/``✗`` for successes/failures."""
    dropped, failures = set(group.dropped), set(group.failures)
    successes = set(group.successes or ())
    shown = []
    for i, value in enumerate(group.values):
        text = str(value) + "✓" * (i in successes) + "✗" * (i in failures)
        if i in dropped:
            text = f"~~{text}~~" if markdown else f"~{text}~"
        shown.append(text)
    faces = ", ".join(shown)
    if group.successes is not None:
        noun = "success" if group.value == 1 else "successes"
        return f"({faces}: {group.value} {noun})"
    return f"({faces})"


def render_text(result: RollResult) -> str:
    """One plain-text chat line: ``label: breakdown = total``."""
    return _line(result, markdown=False)


def _line(result: RollResult, *, markdown: bool, warn: bool = True) -> str:
    prefix = f"{result.label}: " if result.label else ""
    total = f"**{result.total}**" if markdown else str(result.total)
    if result.results:
        each = "; ".join(_line(one, markdown=markdown, warn=False) for one in result.results)
        text = f"{prefix}{each} (total {total})"
    else:
        body, target = wing(result.dialect).breakdowns(result, markdown=markdown)
        text = f"{prefix}{body} = {total}{crit_text(result)}"
        if result.target is not None:
            shown = target if target is not None else str(result.target)
            if target is not None and shown != str(result.target):
                shown += f" = {result.target}"
            outcome = "success" if result.success else "failure"
            text += f" vs {shown}: {outcome} by {abs(result.total - result.target)}"
    text += f" # {result.comment}" if result.comment else ""
    return text + (warnings_text(result.warnings) if warn else "")


def warnings_text(warnings: tuple[str, ...]) -> str:
    """A result's warnings after its line: `` (warning: ...)``, or nothing."""
    if not warnings:
        return ""
    return f" (warning: {warnings[0]})" if len(warnings) == 1 else f" (warnings: {'; '.join(warnings)})"


def crit_text(result: RollResult) -> str:
    """The roll's flag after its total, in both dialects: `` (critical hit)`` or `` (critical failure)``."""
    if result.crit == "crit":
        return " (critical hit)"
    if result.crit == "fumble":
        return " (critical failure)"
    return ""
