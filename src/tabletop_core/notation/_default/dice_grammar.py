"""The default dialect's grammar of one dice term: its die and its modifiers (``4d6kh3``, ``8d10>=7f1``)."""

from __future__ import annotations

from tabletop_core._validate import clip
from tabletop_core.notation._default import hints
from tabletop_core.notation._default import tokens as tok
from tabletop_core.notation._default.nodes import COMPUTED_SIDES
from tabletop_core.notation._default.terms import Clamp, Comparison, Crit, Dice, Explode, Reroll, Select
from tabletop_core.notation._default.tokens import Token
from tabletop_core.notation.errors import NotationError, over_limit, shown
from tabletop_core.notation.limits import Limits

__all__ = ["DiceReader"]

_MAX_DIGITS = 1000


class DiceReader:
    """The token cursor and the grammar of dice terms; the expression grammar (:mod:`.grammar`) builds on it."""

    text: str
    limits: Limits
    tokens: list[Token]
    position: int
    dice_written: int

    @property
    def peek(self) -> Token:
        return self.tokens[self.position]

    def advance(self) -> Token:
        token = self.tokens[self.position]
        self.position += 1
        return token

    @property
    def column(self) -> int:
        """Where the next thing should start: just after the last token read."""
        if self.position == 0:
            return self.tokens[0].start if self.tokens[0].kind != tok.END else 1
        return self.tokens[self.position - 1].end + 1

    def error(self, message: str, column: int | None = None, suffix: str = "", limit: str = "") -> NotationError:
        """The error *message* at *column*; *limit* names the ``Limits`` field that refused it, if one did."""
        column = self.column if column is None else column
        return NotationError(
            f"{shown(self.text)}: {message} at column {column}{suffix}",
            column=column,
            **over_limit(limit, applies=bool(limit)),
        )

    def expected(self, what: str, why: str = "", hint: str = "") -> NotationError:
        token = self.peek
        found = "" if token.kind in (tok.END, tok.LABEL) else f", found {clip(token.text)}"
        command = hint or hints.command_hint(self.text)  # '/r 1d20': the notation without the bot's command
        return self.error(f"expected {what}", suffix=f"{why}{found}{'; ' + command if command else ''}")

    def integer(self, what: str) -> tuple[int, Token]:
        if self.peek.kind != tok.NUMBER:
            raise self.expected(what)
        token = self.advance()
        return self.number(token), token

    def number(self, token: Token) -> int:
        # Python refuses to read integers of more than 4,300 digits; no dice need them.
        if len(token.text) > _MAX_DIGITS:
            raise self.error(f"a number may have at most {_MAX_DIGITS} digits", token.start)
        return int(token.text)

    # -- grammar ------------------------------------------------------------

    def dice(self, count: int, start: Token) -> Dice:
        self.advance()  # the 'd'
        if count < 1:
            raise self.error("a dice term needs at least 1 die, got 0", start.start)
        self.dice_written += count
        if self.dice_written > self.limits.max_dice:
            raise self.error(
                f"an expression may roll at most {self.limits.max_dice} dice, got {self.dice_written}",
                start.start,
                limit="max_dice",
            )
        sides, fate = self.sides()
        return self.modifiers(count, sides, fate, start)

    def modifiers(self, count: int, sides: int, fate: bool, start: Token, die: str = "") -> Dice:
        """The modifiers after a die's sides, read into the dice term they make.

        *die*, when given, is how the die is written (``d(1d6+4)``) for sides computed when rolled.
        """
        reroll: Reroll | None = None
        explode: Explode | None = None
        selects: list[Select] = []
        success: Comparison | None = None
        if self.peek.kind == tok.ADVANTAGE:
            count, first = self.advantage(count, start)
            selects.append(first)
        extra = _Extra()
        # rpg-dice-roller's modifiers come in any order: each is read where it stands.
        kinds = (tok.SELECT, tok.REROLL, tok.EXPLODE, tok.COMPARE, *_EXTRA_KINDS)
        while self.peek.kind in kinds or self.bare_drop():
            token = self.advance()
            if token.kind == tok.DIE:  # Roll20's bare 'd': 4d6d1 drops the lowest 1
                _add_select(selects, Select("dl", self.integer("a count")[0]))
            elif token.kind == tok.COMPARE:  # a success count, before or after the other modifiers
                if success is not None:
                    raise self.error("a dice term can count successes only once", token.start)
                self.position -= 1
                success = self.comparison("")
                if self.peek.kind == tok.FATE:  # 'f' after a success count: failures
                    self.advance()
                    extra.failure = self.compare_or_number("a comparison such as <3 or a number after 'f'")
            elif token.kind in _EXTRA_KINDS:
                self.extra_modifier(token, extra)
            elif token.kind == tok.SELECT:
                amount = self.integer("a count")[0] if self.peek.kind == tok.NUMBER else 1
                _add_select(selects, Select("kh" if token.text == "k" else token.text, amount))
            elif token.kind == tok.REROLL:
                if reroll is not None:
                    raise self.error("a dice term can reroll only once (use r or ro, not both)", token.start)
                if self.peek.kind == tok.NUMBER:
                    condition = Comparison("=", self.integer("a number")[0])
                elif self.peek.kind == tok.COMPARE:
                    condition = self.comparison(f"a comparison such as <3 after '{token.text}'")
                else:  # a bare r rerolls the lowest face (rpg-dice-roller's default)
                    condition = Comparison("=", -1 if fate else 1)
                reroll = Reroll(condition, once=token.text == "ro")
            else:  # a later explosion replaces an earlier one (rpg-dice-roller keeps the last)
                on = self.comparison("") if self.peek.kind == tok.COMPARE else None
                explode = Explode(on, token.text)
        try:
            return Dice(
                count,
                sides,
                fate,
                reroll,
                explode,
                selects[0] if selects else None,
                success,
                extra.clamp(),
                extra.failure,
                extra.crit(),
                extra.sort,
                extra.unique,
                extra.unique_once,
                tuple(selects[1:]),
                extra.unique_test,
            )
        except NotationError as error:
            message = str(error).replace(f"d{COMPUTED_SIDES}", die) if die else str(error)
            raise self.error(message, start.start) from None

    def bare_drop(self) -> bool:
        """Whether a ``d`` and a number follow right after a dice term's modifiers (``4d6d1``, no space)."""
        token = self.peek
        return (
            token.kind == tok.DIE
            and self.tokens[self.position + 1].kind == tok.NUMBER
            and self.tokens[self.position - 1].end + 1 == token.start
        )

    def extra_modifier(self, token: Token, extra: _Extra) -> None:
        """``mi``/``ma`` (clamp), ``cs``/``cf`` (crit range) or ``s``/``sa``/``sd`` (sort), each once per term."""
        if token.kind == tok.UNIQUE:
            if extra.unique or extra.unique_once:
                raise self.error("a dice term can be unique only once (u or uo, not both)", token.start)
            extra.unique, extra.unique_once = token.text == "u", token.text == "uo"
            if self.peek.kind == tok.COMPARE:  # u>80: only faces above 80 must be unique (rpg-dice-roller)
                extra.unique_test = self.comparison("")
            return
        if token.kind == tok.SORT:
            if extra.sort is not None:
                raise self.error("a dice term can be sorted only once", token.start)
            extra.sort = "d" if token.text == "sd" else "a"
            return
        if token.text in extra.seen:
            raise self.error(f"a dice term can take '{token.text}' only once", token.start)
        extra.seen.add(token.text)
        if token.kind == tok.CLAMP:
            extra.bounds[token.text] = self.integer(f"a number after '{token.text}'")[0]
        else:
            extra.ranges[token.text] = self.compare_or_number(f"a comparison such as >=19 after '{token.text}'")

    def compare_or_number(self, what: str) -> Comparison:
        """A comparison, or a bare number meaning "equal"."""
        if self.peek.kind == tok.NUMBER:
            return Comparison("=", self.integer("a number")[0])
        return self.comparison(what)

    def sides(self) -> tuple[int, bool]:
        """The die after 'd': ``(sides, fate)``."""
        token = self.peek
        if token.kind == tok.PERCENT:
            self.advance()
            return 100, False
        if token.kind == tok.FATE:
            self.advance()
            return (6 if token.text == "F.1" else 3), True
        sides, token = self.integer("the number of sides, '%' or 'F' after 'd'")
        if sides < 1:
            raise self.error("a die needs at least 1 side, got 0", token.start)
        if sides > self.limits.max_sides:
            raise self.error(
                f"a die may have at most {self.limits.max_sides} sides, got {sides}", token.start, limit="max_sides"
            )
        return sides, False

    def advantage(self, count: int, start: Token) -> tuple[int, Select]:
        """``d20 adv`` is 2d20kh1, ``d20 dis`` 2d20kl1: one die rolled twice, one kept."""
        token = self.advance()
        if count != 1:
            raise self.error(f"'{token.text}' applies to one die (d20 {token.text}), got {count}", token.start)
        self.dice_written += 1
        if self.dice_written > self.limits.max_dice:
            raise self.error(
                f"an expression may roll at most {self.limits.max_dice} dice, got {self.dice_written}",
                start.start,
                limit="max_dice",
            )
        return 2, Select("kh" if token.text == "adv" else "kl", 1)

    def comparison(self, what: str) -> Comparison:
        if self.peek.kind != tok.COMPARE:
            raise self.expected(what)
        op = self.advance().text
        negative = self.peek.kind == tok.MINUS and self.tokens[self.position + 1].kind == tok.NUMBER
        if negative:  # =-1 (a Fate die's lowest face)
            self.advance()
        value = self.integer(f"a number after '{op}'")[0]
        return Comparison(op, -value if negative else value)


_EXTRA_KINDS = (tok.CLAMP, tok.SORT, tok.CRIT, tok.UNIQUE)


def _add_select(selects: list[Select], select: Select) -> None:
    """Add a keep/drop; one of the same kind written before is replaced (rpg-dice-roller keeps the last)."""
    for i, earlier in enumerate(selects):
        if earlier.kind == select.kind:
            selects[i] = select
            return
    selects.append(select)


class _Extra:
    """The clamp, crit ranges, failures and sort read for one dice term."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.bounds: dict[str, int] = {}
        self.ranges: dict[str, Comparison] = {}
        self.failure: Comparison | None = None
        self.sort: str | None = None
        self.unique = False
        self.unique_once = False
        self.unique_test: Comparison | None = None

    def clamp(self) -> Clamp | None:
        return Clamp(self.bounds.get("mi"), self.bounds.get("ma")) if self.bounds else None

    def crit(self) -> Crit | None:
        return Crit(self.ranges.get("cs"), self.ranges.get("cf")) if self.ranges else None
