"""The default dialect's grammar: a hand-written recursive-descent parser with a depth cap.

:class:`Reader` reads one text: the expression level here (sums, products, signs,
parentheses, groups, functions, computed dice, labels, ``vs``, ``Nx``, ``# comment``), the
dice terms in :mod:`.dice_grammar`. The grammar itself is described in :mod:`.parser` and
on the docs page. Only parentheses and unary minus recurse, and each level counts against
``Limits.max_depth``; chains such as ``1+1+1+...`` are read in a loop into one flat node,
so no input can exhaust the stack.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from tabletop_core._validate import one_line_text, unsafe_character
from tabletop_core.notation._default import hints, lexer
from tabletop_core.notation._default import tokens as tok
from tabletop_core.notation._default.dice_grammar import DiceReader
from tabletop_core.notation._default.expression import Expression, with_children
from tabletop_core.notation._default.nodes import (
    COMPUTED_SIDES,
    Call,
    ComputedDice,
    Group,
    Labeled,
    Negate,
    Node,
    Product,
    Sum,
    Variable,
    children_of,
    walk,
)
from tabletop_core.notation._default.terms import Comparison, Dice, Number, Select
from tabletop_core.notation._default.tokens import Token
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import Limits

__all__ = ["Reader"]

_START = "a number or a die"


class Reader(DiceReader):
    """One parse of one string: a token cursor plus the running dice count."""

    def __init__(self, text: str, limits: Limits) -> None:
        self.text = text
        self.limits = limits
        self.tokens = lexer.tokenize(text)
        self.position = 0
        self.dice_written = 0
        self.labels_seen = 0
        self.in_target = False
        # '1d20 [a] vs 15 [l]': with a label after 'vs' (the roll's own at the end, or a target
        # term's), a label right before 'vs' labels its term; else, alone, it is the roll's label.
        kinds = [token.kind for token in self.tokens]
        self.label_after_vs = tok.VS in kinds and tok.LABEL in kinds[kinds.index(tok.VS) :]

    # -- cursor ---------------------------------------------------------------

    def parse(self) -> Expression:
        self.no_leading_label()
        repeat = self.repeat()
        self.no_leading_label()
        body = self.expression(0)
        target: Node | None = None
        label: str | None = None
        if self.peek.kind == tok.LABEL and self.tokens[self.position + 1].kind == tok.VS:
            # '1d20+5 [attack] vs 15': a lone label before 'vs' labels the roll (as at its end).
            label = self.label_text(self.advance())
        if self.peek.kind == tok.VS:
            self.advance()
            self.in_target = True
            target = self.expression(0)
            self.in_target = False
        if self.peek.kind == tok.LABEL:  # never after a label before 'vs': that one labels its term then
            label = self.label_text(self.advance())
        comment = self.comment()
        token = self.peek
        self.hint_at_the_end(body, repeat)
        if token.kind == tok.CLOSE:
            raise self.error("unmatched ')'", token.start)
        if token.kind == tok.ADVANTAGE:
            raise self.error(
                f"'{token.text}' goes right after the d20 it applies to (d20 {token.text} + 5)", token.start
            )
        if token.kind == tok.REPEAT:
            raise self.error("'x' repeats a whole roll: write its count first (6x 4d6kh3)", token.start)
        if token.kind == tok.VS:
            raise self.error(
                "a roll has one 'vs' (1d20+5 vs 15); to make several rolls against a target, "
                "write their count first (2x 1d20+5 vs 15)",
                token.start,
            )
        if token.kind == tok.COMMA:
            group = f"{{{self.text.strip()}}}"
            hint = f": did you mean '{one_line_text(group)}' (their sum)?" if hints.suggestable(group) else ""
            raise self.error(f"',' separates the values of min() or max(), or the rolls of a group{hint}", token.start)
        if token.kind != tok.END:
            raise self.expected(
                "an operator or the end of the expression", hint=hints.two_rolls(self.text, token.start)
            )
        if repeat > 1 and self.dice_written * repeat > self.limits.max_dice:
            raise self.error(
                f"an expression may roll at most {self.limits.max_dice} dice, "
                f"got {self.dice_written * repeat} ({repeat} times {self.dice_written})",
                1,
                limit="max_dice",
            )
        try:
            return Expression(body, label, comment, target, repeat)
        except NotationError as error:
            raise self.error(str(error), 1) from None

    def no_leading_label(self) -> None:
        """A label at the start is an error that shows where it goes (after what it labels)."""
        token = self.peek
        if token.kind == tok.LABEL:
            rest = self.text[token.end :].strip()
            shown = f"{rest} [{token.text.strip()}]" if rest else f"1d20 [{token.text.strip()}]"
            hint = f"did you mean '{one_line_text(shown)}'?" if rest else f"such as '{one_line_text(shown)}'"
            if not hints.suggestable(shown):  # only notation that parses is suggested
                hint = "such as '1d20 [attack]'"
            raise self.error(f"a label goes after what it labels: {hint}", token.start)

    def hint_at_the_end(self, body: Node, repeat: int) -> None:
        """Raise the likely intended notation when text is left after a whole roll.

        That is a DiceMaiden repeat ``6 4d6``, a trailing ``x3``, or a total compared with ``>=``.
        """
        token = self.peek
        if token.kind == tok.END:
            return
        after = self.tokens[self.position + 1]
        before = self.text[: token.start - 1].strip()
        pair = {token.kind, after.kind}
        if pair == {tok.REPEAT, tok.NUMBER} and self.tokens[self.position + 2].kind == tok.END:
            # 'x6' or '6x' after the roll (a number is never the last token, an END follows it)
            times = after.text if after.kind == tok.NUMBER else token.text
            if hints.suggestable(f"{times}x {before}"):
                raise self.error(
                    f"'x' repeats a whole roll: did you mean '{times}x {one_line_text(before)}'?", token.start
                )
        if (
            repeat == 1
            and isinstance(body, Number)
            and self.position == 1
            and token.kind in (tok.NUMBER, tok.DIE, tok.OPEN)
        ):
            rest = self.text[token.start - 1 :].strip()
            count = body.value
            if not hints.suggestable(f"{count}x {rest}"):
                raise self.expected("an operator")
            raise self.error(
                f"expected an operator; did you mean '{count}x {one_line_text(rest)}' (roll it {count} times)?",
                token.start,
            )
        if token.kind == tok.COMPARE:
            rest = self.text[token.end :].strip()
            hint = f"did you mean '{one_line_text(before)} vs {one_line_text(rest)}' (a roll against a target)?"
            if token.text != ">=" or not hints.suggestable(f"{before} vs {rest}"):
                hint = "to test a total against a target write 'vs': 1d20+5 vs 15 succeeds on 15 or more"
            raise self.error(f"a comparison counts the dice of the term right before it (8d10>=7); {hint}", token.start)

    def label_text(self, token: Token) -> str:
        """The text of a label token, checked to be one line of plain text."""
        index = unsafe_character(token.text)
        if index is not None:
            # A chat line must stay one line, in the order it was written.
            raise self.error(
                f"a label must be one line of plain text, found {token.text[index]!a}", token.start + 1 + index
            )
        return token.text

    def comment(self) -> str | None:
        """The trailing ``# comment``, if any."""
        if self.peek.kind != tok.COMMENT:
            return None
        token = self.advance()
        index = unsafe_character(token.text)
        if index is not None:
            raise self.error(
                f"a comment must be one line of plain text, found {token.text[index]!a}", token.start + 1 + index
            )
        return token.text

    def repeat(self) -> int:
        """``Nx`` at the start: how many times the roll is made (1 when not written)."""
        if self.peek.kind != tok.NUMBER or self.tokens[self.position + 1].kind != tok.REPEAT:
            return 1
        token = self.advance()
        self.advance()
        times = self.number(token)
        if not 1 <= times <= self.limits.max_dice:
            raise self.error(f"a roll may be repeated 1 to {self.limits.max_dice} times, got {times}", token.start)
        return times

    def expression(self, depth: int) -> Node:
        return self.chain(self.term, (tok.PLUS, tok.MINUS), Sum, depth)

    def term(self, depth: int) -> Node:
        return self.chain(self.factor, (tok.TIMES, tok.DIVIDE), Product, depth)

    def chain(
        self, operand: Callable[[int], Node], kinds: tuple[str, ...], build: type[Sum | Product], depth: int
    ) -> Node:
        """Operands joined by operators of one precedence level, read in a loop into one flat node."""
        operands = [operand(depth)]
        operators: list[str] = []
        while self.peek.kind in kinds:
            operators.append(self.advance().kind)
            operands.append(operand(depth))
        return operands[0] if not operators else build(tuple(operands), tuple(operators))

    def deeper(self, depth: int, token: Token) -> int:
        if depth + 1 > self.limits.max_depth:
            raise self.error(f"nesting is deeper than {self.limits.max_depth} levels", token.start)
        return depth + 1

    def factor(self, depth: int) -> Node:
        token = self.peek
        if token.kind == tok.MINUS:
            self.advance()
            return Negate(self.factor(self.deeper(depth, token)))
        return self.labelled(self.primary(depth))

    def labelled(self, node: Node) -> Node:
        """*node* with the labels written right after it (``1d20 [fire]``).

        A label written last, when no other label came before it, labels the whole expression
        (as it always has): it is left for :meth:`parse`. So is a label written last after the
        target of ``vs``, always (``1d20 [fire] vs 15 [attack]``), and the only label when it
        stands right before ``vs`` with none after it (``1d20+5 [attack] vs 15``).
        """
        while self.peek.kind == tok.LABEL:
            after = self.tokens[self.position + 1].kind
            if after in (tok.END, tok.COMMENT) and (self.labels_seen == 0 or self.in_target):
                break
            if after == tok.VS and self.labels_seen == 0 and not self.label_after_vs:
                break
            token = self.advance()
            text = self.label_text(token).strip()
            if text:
                self.labels_seen += 1
                try:
                    node = Labeled(node, text)
                except NotationError as error:
                    raise self.error(str(error), token.start) from None
        return node

    def primary(self, depth: int) -> Node:
        token = self.peek
        if token.kind == tok.OPEN:
            self.advance()
            inner = self.expression(self.deeper(depth, token))
            if self.peek.kind != tok.CLOSE:
                raise self.expected("')'", f" to close the '(' at column {token.start}")
            self.advance()
            if self.peek.kind == tok.DIE:
                return self.computed_dice(inner, token, depth)
            return inner
        if token.kind == tok.NUMBER:
            self.advance()
            if self.peek.kind == tok.DIE:
                if self.tokens[self.position + 1].kind == tok.OPEN:
                    return self.computed_dice(Number(self.number(token)), token, depth)
                return self.dice(self.number(token), token)
            return Number(self.number(token))
        if token.kind == tok.DIE:
            if self.tokens[self.position + 1].kind == tok.OPEN:
                return self.computed_dice(Number(1), token, depth)
            return self.dice(1, token)
        if token.kind == tok.VARIABLE:
            self.advance()
            return Variable(token.text)
        if token.kind == tok.FUNCTION:
            return self.call(depth)
        if token.kind == tok.GROUP_OPEN:
            return self.group(depth, token)
        raise self.expected(_START)

    def call(self, depth: int) -> Node:
        """``floor(x)``, ``max(a, b)``: a math function and its values."""
        name = self.advance()
        opening = self.advance()  # the lexer made a function token only where '(' follows
        inner = self.deeper(depth, opening)
        args = [self.expression(inner)]
        while self.peek.kind == tok.COMMA:
            self.advance()
            args.append(self.expression(inner))
        if self.peek.kind != tok.CLOSE:
            raise self.expected("',' or ')'", f" to close {name.text}( at column {name.start}")
        self.advance()
        try:
            return Call(name.text, tuple(args))
        except NotationError as error:
            raise self.error(str(error), name.start) from None

    def computed_dice(self, count: Node, start: Token, depth: int) -> Node:
        """Dice with a computed count or sides: ``(1d4+1)d6``, ``(@pool)d10>=8``, ``2d(1d6+4)``.

        With plain sides the modifiers are read as for any dice term, onto one die of the
        term; a plain ``(2)d6kh1`` is ``2d6kh1``.
        """
        die = self.peek  # the 'd'
        if self.tokens[self.position + 1].kind != tok.OPEN:
            written = self.dice_written
            one = self.dice(1, die)
            self.dice_written = written
            if one.count != 1:
                raise self.error("'adv' and 'dis' apply to one d20 (d20 adv), not to a computed count", die.start)
            if isinstance(count, Number) and count.value >= 1:
                self.written(count.value, start)
                return attrs.evolve(one, count=count.value)
            plain = one == Dice(1, one.sides)
            return ComputedDice(count, Number(one.sides), None if plain else one)
        self.advance()
        token = self.advance()  # the '('
        sides = self.expression(self.deeper(depth, token))
        if self.peek.kind != tok.CLOSE:
            raise self.expected("')'", f" to close the '(' at column {token.start}")
        self.advance()
        if self.peek.kind == tok.ADVANTAGE:
            raise self.error(
                f"'{self.peek.text}' applies to one d20 (d20 {self.peek.text}), not to computed sides", self.peek.start
            )
        if isinstance(sides, Number):
            # The sides are plain after all: 2d(6)kh1 is 2d6kh1, (1d4)d(6) is (1d4)d6.
            if not 1 <= sides.value <= self.limits.max_sides:
                raise self.error(f"a die may have 1 to {self.limits.max_sides} sides, got {sides.value}", token.start)
            one = self.modifiers(1, sides.value, False, die)
            if isinstance(count, Number) and count.value >= 1:
                self.written(count.value, start)
                return attrs.evolve(one, count=count.value)
            return ComputedDice(count, sides, None if one == Dice(1, one.sides) else one)
        template = self.modifiers(1, COMPUTED_SIDES, False, die, f"d({sides})")
        try:
            return ComputedDice(count, sides, None if template == Dice(1, COMPUTED_SIDES) else template)
        except NotationError as error:
            raise self.error(str(error), die.start) from None

    def written(self, count: int, start: Token) -> None:
        """Count *count* more dice written, within ``limits.max_dice``."""
        self.dice_written += count
        if self.dice_written > self.limits.max_dice:
            raise self.error(
                f"an expression may roll at most {self.limits.max_dice} dice, got {self.dice_written}",
                start.start,
                limit="max_dice",
            )

    def group(self, depth: int, opening: Token) -> Node:
        """``{item, item, ...}`` then keep/drop, a success count and failures, over the items' totals.

        A group of one roll is read as Roll20 reads it (:meth:`single_roll`).
        """
        self.advance()
        inner = self.deeper(depth, opening)
        items = [self.expression(inner)]
        while self.peek.kind == tok.COMMA:
            self.advance()
            items.append(self.expression(inner))
        if self.peek.kind != tok.GROUP_CLOSE:
            raise self.expected("',' or '}'", f" to close the '{{' at column {opening.start}")
        self.advance()
        select: Select | None = None
        success = failure = None
        sort: str | None = None
        # keep/drop (a bare d drops the lowest, as after dice), a success count, a sort: in any order, once each.
        while self.peek.kind in (tok.SELECT, tok.COMPARE, tok.SORT) or self.bare_drop():
            token = self.advance()
            if token.kind in (tok.SELECT, tok.DIE):
                if select is not None:
                    raise self.error("a group can keep or drop only once", token.start)
                amount = self.integer("a count")[0] if self.peek.kind == tok.NUMBER else 1
                select = Select("dl" if token.kind == tok.DIE else "kh" if token.text == "k" else token.text, amount)
            elif token.kind == tok.SORT:
                if sort is not None:
                    raise self.error("a group can be sorted only once", token.start)
                sort = "d" if token.text == "sd" else "a"
            else:
                if success is not None:
                    raise self.error("a group can count successes only once", token.start)
                self.position -= 1
                success = self.comparison("")
                if self.peek.kind == tok.FATE:
                    self.advance()
                    failure = self.compare_or_number("a comparison such as <3 or a number after 'f'")
        if sort is not None:
            items = [self.sorted_dice(item, sort, opening) for item in items]
        if len(items) == 1:
            return self.single_roll(items[0], select, success, opening)
        try:
            return Group(tuple(items), select, success, failure)
        except NotationError as error:
            raise self.error(str(error), opening.start) from None

    def sorted_dice(self, item: Node, sort: str, opening: Token) -> Node:
        """*item* with every dice term's dice shown sorted (a group's ``s``, as rpg-dice-roller sorts them).

        The items' totals keep the order written (rpg-dice-roller also lists the items sorted).
        """
        for term in [node for node in walk(item) if isinstance(node, Dice)]:
            if term.sort is None:
                try:
                    item = replaced(item, term, attrs.evolve(term, sort=sort))
                except NotationError as error:
                    raise self.error(str(error), opening.start) from None
        return item

    def single_roll(self, item: Node, select: Select | None, success: Comparison | None, opening: Token) -> Node:
        """A group of one roll, as Roll20 reads it: ``{1d6}`` is ``1d6``, ``{4d6+3}kh3`` is ``4d6kh3+3``.

        Its keep/drop applies to the dice of that roll, not to its total. With one dice term
        that is that term's keep/drop. Across two or more dice terms (Roll20's ``{4d6+3d8}k4``)
        what the arithmetic does with the dropped dice is not written down the same way by the
        rollers that read it, and a success count counts dice in one and tests the total in
        another, so those are refused with the spellings that say it plainly.
        """
        if select is None and success is None:
            return item  # the braces group as parentheses do
        terms = [node for node in walk(item) if isinstance(node, (Dice, ComputedDice, Group))]
        if success is None and len(terms) == 1 and isinstance(terms[0], Dice):
            term = terms[0]
            if term.select is None and term.success is None:
                try:
                    return replaced(item, term, attrs.evolve(term, select=select))
                except NotationError as error:
                    raise self.error(str(error), opening.start) from None
        shown = one_line_text(str(item))
        if success is not None:
            bar = {">=": success.value, ">": success.value + 1}.get(success.op)
            versus = "" if bar is None else f", or test the total with vs ({shown} vs {bar})"
            raise self.error(
                f"a success count on a group of one roll ({{{shown}}}) counts its dice in one roller and tests its "
                f"total in another: write it on a dice term to count dice (8d10{success}){versus}",
                opening.start,
            )
        raise self.error(
            f"on a group of one roll ({{{shown}}}), keep/drop applies to its dice, which this dialect reads only "
            "for a roll of one dice term without keep/drop ({4d6+3}kh3 is 4d6kh3+3): write it on the dice term, "
            "or list two or more rolls to keep or drop whole totals ({4d6, 3d8}kh1)",
            opening.start,
        )


def replaced(root: Node, old: Node, new: Node) -> Node:
    """*root* with the node *old* (itself, not an equal one) replaced by *new*."""
    if root is old:
        return new
    children = children_of(root)
    done = tuple(replaced(child, old, new) for child in children)
    return root if done == children else with_children(root, done)
