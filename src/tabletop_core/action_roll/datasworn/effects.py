"""What an asset ability does to a roll, read from its text: adds, rerolls, outcomes counted as others, momentum resets.

Datasworn 0.0.10 gives the structure of an ability (``enhance_moves``: which moves,
which roll options, which automatic outcomes) but not its arithmetic: "add +1",
"reroll your action die if its value is less than the glowcat's health", "on a
miss, reroll all dice and add +2", "count a weak hit as a strong hit", "increase
your momentum reset by 1" are only in its text. This module reads those into
:class:`AbilityEffect` values, one list per enhancement, from the part of the text
about that enhancement's moves (the sentences whose trigger links them; the
sentences that link no move for an enhancement of every move).

The reading, sentence by sentence:

* A sentence opening "On a miss" or "On a weak hit" (or a trigger "... and score
  a miss") makes what follows conditional on that outcome, until the next
  trigger ("When you ...", "If you make ...").
* A sentence opening "On a hit", "On a strong hit" or "On a match", or "On
  another miss", is a consequence for the player ("add +1 when you make a move to
  attack" is for later moves): nothing in it is read.
* "add +N", "add +its health", "add +heart", "add +integrity", "add +linked stat":
  an add. After a reroll in the same condition, the add goes with the reroll
  ("reroll all dice and add +2 (instead of +1)").
* "reroll any dice / all dice / your action die / one challenge die / any
  challenge dice", with "if its value is less than <meter>" or "roll a 1 on your
  action die ... reroll that die": a reroll.
* "count a weak hit as a strong hit" (and the other two): an outcome counted as
  another.
* "increase your momentum reset by 1": a momentum reset raised.

What is read is an :class:`AbilityEffect`; anything else in the text (momentum
taken on a hit, progress marked, legacy ticks, costs the player pays, choices
that name no number) is left to the player's reading.

Examples:
    >>> from tabletop_core.action_roll.datasworn.effects import read_effects
    >>> for effect in read_effects("When you make a move to negotiate, add +1. On a miss, reroll all dice and add +2."):
    ...     print(effect)
    add +1
    on a miss: reroll all dice
    on a miss: add +2, with the reroll
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn.moves import RollOption
from tabletop_core.action_roll.outcome import Outcome
from tabletop_core.errors import InvalidInput

__all__ = ["AbilityEffect", "EffectKind", "read_effects"]

_DICE = ("action", "challenge_1", "challenge_2")
_CHOOSE = ("any", "all", "one")


class EffectKind(Enum):
    """What an ability does to a roll."""

    ADD = "add"
    """Adds to the action roll ("add +1", "add +its health")."""
    ADD_AFTER = "add after"
    """Adds once the dice are seen ("add +2 (after you roll)")."""
    REROLL = "reroll"
    """Lets the player reroll dice."""
    COUNT_AS = "count as"
    """Counts one outcome as another ("count a weak hit as a strong hit")."""
    MOMENTUM_RESET = "momentum reset"
    """Raises the momentum reset ("increase your momentum reset by 1")."""

    def __str__(self) -> str:
        return self.value


def _dice(_instance: object, _attribute: object, value: tuple[str, ...]) -> None:
    for name in value:
        if name not in _DICE:
            raise InvalidInput(f"dice must name {', '.join(_DICE)}, got {name!r}")


def _choose(_instance: object, _attribute: object, value: str) -> None:
    check_type("choose", value, str)  # a container would be compared item by item
    if value not in _CHOOSE:
        raise InvalidInput(f"choose must be one of {', '.join(_CHOOSE)}, got {value!r}")


@frozen
class AbilityEffect(Record):
    """One thing an asset ability does to a roll, read from its text.

    Attributes:
        kind: An add, an add after the roll, a reroll, an outcome counted as
            another, a momentum reset raised.
        amount: The number: +N to add, +N to the momentum reset. For an add of a
            value (*value_of*) it is that value for the character once the
            ability is used on a roll (0 as read from the data).
        value_of: What an add adds when the text names no number: a stat
            ("add +heart"), a meter of the asset ("add +its health"), of its
            vehicle, of the character, or a stat written on the card.
        dice: For a reroll, the dice it lets you reroll (``action``,
            ``challenge_1``, ``challenge_2``).
        choose: For a reroll: ``any`` of *dice* (the player picks), ``all`` of
            them, or ``one`` of them.
        below: For a reroll of the action die, a value it must be below
            ("if its value is less than the glowcat's health").
        limit: *below*'s value for the character, once the ability is used on a roll.
        faces: For a reroll, the faces a die must show ("roll a 1 on your action
            die ... you may reroll that die"); empty: any face.
        on: The outcomes after which it applies ("On a miss, ..."); empty: always.
        with_reroll: For an add or an outcome counted as another: it comes with the
            reroll the same sentence grants, not before the roll.
        instead: For an add with a reroll: it replaces the ability's earlier adds
            ("add +2 (instead of +1)").
        count_from: For an outcome counted as another, the outcome rolled.
        count_to: For an outcome counted as another, the outcome it counts as.
        text: The part of the ability's text it was read from (plain text).
        ability: For an effect not tied to a move (a momentum reset raised), the
            ability's index on its asset.
    """

    _optional_keys: ClassVar[tuple[str, ...]] = (
        "amount",
        "value_of",
        "dice",
        "choose",
        "below",
        "limit",
        "faces",
        "on",
        "with_reroll",
        "instead",
        "count_from",
        "count_to",
        "text",
        "ability",
    )

    kind: EffectKind = attrs.field(validator=of_type(EffectKind))
    amount: int = attrs.field(default=0, validator=lambda _i, _a, v: check_int("amount", v, low=0, high=10))
    value_of: RollOption | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(RollOption)))
    dice: tuple[str, ...] = _data.tuple_field(str, default=(), validator=_dice)
    choose: str = attrs.field(default="any", validator=_choose)
    below: RollOption | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(RollOption)))
    limit: int | None = attrs.field(default=None, validator=_data.optional_int)
    faces: tuple[int, ...] = _data.tuple_field(int, default=())
    on: tuple[Outcome, ...] = _data.tuple_field(Outcome, default=())
    with_reroll: bool = attrs.field(default=False, validator=of_type(bool))
    instead: bool = attrs.field(default=False, validator=of_type(bool))
    count_from: Outcome | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(Outcome)))
    count_to: Outcome | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(Outcome)))
    text: str = attrs.field(default="", validator=of_type(str))
    ability: int | None = attrs.field(default=None, validator=_data.optional_int)

    def __attrs_post_init__(self) -> None:
        if self.kind is EffectKind.REROLL and not self.dice:
            raise InvalidInput("a reroll must name its dice")
        if self.kind is EffectKind.COUNT_AS and (self.count_from is None or self.count_to is None):
            raise InvalidInput("an outcome counted as another names both outcomes")

    @property
    def is_before_the_roll(self) -> bool:
        """Whether it applies as the roll is made: an add with no condition and no reroll."""
        return self.kind is EffectKind.ADD and not self.on and not self.with_reroll

    def __str__(self) -> str:
        head = f"on a {' or '.join(str(o) for o in self.on)}: " if self.on else ""
        tail = ", with the reroll" if self.with_reroll else ""
        if self.kind in (EffectKind.ADD, EffectKind.ADD_AFTER):
            what = f"+{self.amount}" if self.value_of is None else f"+{self.value_of.label}"
            if self.value_of is not None and (self.amount or self.limit is not None):
                what += f" ({self.amount})"
            said = f"add {what}" + (" instead" if self.instead else "")
            if self.kind is EffectKind.ADD_AFTER:
                said += " after the roll"
        elif self.kind is EffectKind.REROLL:
            said = f"reroll {_dice_words(self.dice, self.choose)}"
            if self.faces:
                said += f" showing {' or '.join(map(str, self.faces))}"
            if self.below is not None:
                limit = "" if self.limit is None else f" ({self.limit})"
                said += f" if below {self.below.label}{limit}"
        elif self.kind is EffectKind.COUNT_AS:
            said = f"count a {self.count_from} as a {self.count_to}"
        else:
            said = f"momentum reset +{self.amount}"
        return head + said + tail


def _dice_words(dice: Sequence[str], choose: str) -> str:
    if tuple(dice) == _DICE:
        return "all dice" if choose == "all" else "any dice"
    if tuple(dice) == ("action",):
        return "the action die"
    if choose == "one":
        return "one challenge die"
    return "both challenge dice" if choose == "all" else "any challenge dice"


# -- reading ----------------------------------------------------------------------------------------

_SENTENCE = re.compile(r"(?<=[.;!?])\s+|\n+")
_LINK = re.compile(r"\[([^\]]*)\]\(id:([^)\s]+)\)")
_STOP = r"(?=[,.;:)(]| and | on | to | instead| if | when| or |$)"
_ADD = re.compile(r"\badd \+(?:(\d+)|([a-z][a-z' ]*?)" + _STOP + ")")
_INSTEAD = re.compile(r"\(?instead of \+(\w+)\)?")
_REROLL = re.compile(
    r"\breroll (any dice|all dice|all of the dice|your action die|the action die|that action die|"
    r"that die|it\b|one challenge die|a challenge die|one of the challenge dice|any challenge dice|"
    r"both challenge dice|the challenge dice|all challenge dice)"
)
_COUNT = re.compile(r"\bcount an? (strong hit|weak hit|miss) as an? (strong hit|weak hit|miss)")
_BELOW = re.compile(
    r"(?:its|whose|the) value is (?:less than|lower than|below) (?:the |your |their |its )?([a-z' ]+?)" + _STOP
)
_DIE_BELOW = re.compile(
    r"your action die is (?:less than|lower than|below) (?:the |your |their |its )?([a-z' ]+?)" + _STOP
)
_FACE = re.compile(r"roll an? (\d+) on (?:your|the) action die")
_CHALLENGE_FACE = re.compile(r"roll an? (\d+) on (?:either|one|a|any) challenge die")
_AFTER_ON = re.compile(r"\s*on a (miss|weak hit)\b")
_RESET = re.compile(r"increase your momentum reset by (\d+)")
_TRIGGER = ("when ", "if you", "once per", "one time only", "you may ")
_CONSEQUENCE = (
    "on a hit",
    "on a strong hit",
    "on a match",
    "on another",
    "if you score a miss again",
    "if you then score",
    "on a miss with a match",
    "on a weak hit with a match",
)
_OUTCOME_OPEN = (
    ("on a miss or weak hit", (Outcome.WEAK_HIT, Outcome.MISS)),
    ("on a weak hit or miss", (Outcome.WEAK_HIT, Outcome.MISS)),
    ("on a miss", (Outcome.MISS,)),
    ("on a weak hit", (Outcome.WEAK_HIT,)),
)
_SCORED = (
    ("score a miss or weak hit", (Outcome.WEAK_HIT, Outcome.MISS)),
    ("score a weak hit or miss", (Outcome.WEAK_HIT, Outcome.MISS)),
    ("score a miss", (Outcome.MISS,)),
    ("score a weak hit", (Outcome.WEAK_HIT,)),
    ("to overcome a miss", (Outcome.MISS,)),
)
_STATS = ("edge", "heart", "iron", "shadow", "wits")
_EFFECT_WORDS = ("add +", "reroll", "count a", "momentum reset")
_CHARACTER_METERS = ("health", "spirit", "supply")
_OUTCOMES = {"strong hit": Outcome.STRONG_HIT, "weak hit": Outcome.WEAK_HIT, "miss": Outcome.MISS}
_NOT_A_VALUE = ("that amount", "that", "the", "momentum")


def split_sentences(text: str) -> list[str]:
    """The ability text as sentences and list items, in order (curly apostrophes straightened)."""
    straight = text.replace("\u2019", "'")
    return [part.strip(" *\t") for part in _SENTENCE.split(straight) if part.strip(" *\t")]


def subject_links(sentence: str) -> tuple[str, ...]:
    """The move ids a sentence's trigger links ("When you [Strike] ..., add +1": Strike).

    Links before the trigger's first comma count ("add +2 and [Lose Momentum]" links
    a cost, not the move the sentence is about); when the trigger links none, so do
    links that open what follows the comma ("..., [Face Danger] and add +1", "...,
    you may [Face Danger] or [React Under Fire] and roll +their health").
    """
    if "(id:" not in sentence or not sentence.lower().startswith(_TRIGGER):
        return ()
    head, _, rest = sentence.partition(", ")
    found = tuple(target for _label, target in _LINK.findall(head))
    if found or not rest:
        return found
    rest = rest.removeprefix("you may ").removeprefix("make the ").removeprefix("make a ")
    if not rest.startswith("["):
        return ()
    opening = re.match(r"(?:\[[^\]]*\]\(id:[^)\s]+\)(?:,? or |, | and |,? or the )?)+", rest)
    return tuple(target for _label, target in _LINK.findall(opening[0])) if opening else ()


def _value(word: str, own: frozenset[str], asset: str) -> RollOption | None:
    """What "+<word>" adds: a stat, a meter of this asset or of its vehicle, a character meter, a written stat."""
    word = word.strip().removeprefix("your ").removeprefix("the ")
    for prefix in ("its ", "their ", "the rig's ", "the bot's ", "the symbiote's ", "your vehicle's ", "vehicle's "):
        if word.startswith(prefix):
            word = word[len(prefix) :]
            if prefix in ("your vehicle's ", "vehicle's ") and word not in own:
                return RollOption("attached_asset_control", word, assets=(asset,))
    word = word.strip()
    if word in _NOT_A_VALUE or not word:
        return None
    if word in _STATS:
        return RollOption("stat", word)
    if word == "linked stat":
        return RollOption("asset_option", "linked_stat", assets=(asset,))
    if word in own:
        return RollOption("asset_control", word, assets=(asset,))
    if word in _CHARACTER_METERS:
        return RollOption("condition_meter", word)
    if word == "integrity":
        return RollOption("attached_asset_control", word, assets=(asset,))
    return None


def _below(word: str, own: frozenset[str], asset: str) -> RollOption | None:
    """What "less than <word>" reads: "the glowcat's health" is this asset's health, "your spirit" the character's."""
    word = word.strip()
    if "'" in word:
        owner, _, meter = word.partition("'s ")
        meter = meter.strip()
        if owner.endswith("vehicle") and meter not in own:
            return RollOption("attached_asset_control", meter, assets=(asset,))
        return RollOption("asset_control", meter, assets=(asset,)) if meter else None
    return _value(word, own, asset)


def _reroll(words: str) -> tuple[tuple[str, ...], str]:
    if words in ("any dice",):
        return _DICE, "any"
    if words in ("all dice", "all of the dice"):
        return _DICE, "all"
    if words in ("one challenge die", "a challenge die", "one of the challenge dice"):
        return _DICE[1:], "one"
    if words in ("both challenge dice", "all challenge dice"):
        return _DICE[1:], "all"
    if words in ("any challenge dice", "the challenge dice"):
        return _DICE[1:], "any"
    return ("action",), "any"


def read_effects(
    text: str, *, asset: str = "", own: frozenset[str] = frozenset(), sentences: Sequence[str] | None = None
) -> tuple[AbilityEffect, ...]:
    """The effects on a roll that *text* (or its *sentences*, already split) grants.

    Args:
        text: Ability text, Datasworn Markdown.
        asset: The asset's id: "its health" is this asset's meter.
        own: The keys of the asset's own controls: "+integrity" of an asset without
            integrity (a module) is the integrity of the vehicle it is attached to.
        sentences: The sentences to read, when only part of the text is about the
            enhancement (see :func:`split_sentences`).
    """
    found: list[AbilityEffect] = []
    on: tuple[Outcome, ...] = ()
    rerolled = skipping = judging = False
    context = ""  # the sentence before, for "... roll a 1 on your action die ... You may reroll that die"
    for sentence in split_sentences(text) if sentences is None else sentences:
        plain = _LINK.sub(r"\1", sentence).lower()
        context, before = plain, context
        if plain.startswith(_CONSEQUENCE):
            skipping, rerolled = True, False  # what follows a hit is the player's to apply
            continue
        opened = next((outcomes for words, outcomes in _OUTCOME_OPEN if plain.startswith(words)), None)
        if opened is not None:
            on, rerolled, skipping = opened, False, False
        elif plain.startswith(_TRIGGER[:3]) and not plain.startswith("if you do"):
            on = next((outcomes for words, outcomes in _SCORED if words in plain), ())
            rerolled = skipping = False
        if skipping:
            continue
        if plain.startswith("if ") and not plain.startswith("if you"):
            judging = True
        elif opened is not None or plain.startswith(_TRIGGER[:3]):
            judging = False
        if not any(word in plain for word in _EFFECT_WORDS):
            continue  # most sentences name no effect: skip the work
        said = _data.plain_text(sentence)
        for effect in _phrases(plain, said, on, own, asset, before, judging=judging):
            if effect.kind is EffectKind.REROLL:
                rerolled = True
                found.append(effect)
            elif effect.kind in (EffectKind.ADD, EffectKind.COUNT_AS) and rerolled:
                found.append(attrs.evolve(effect, on=on, with_reroll=True))
            elif effect.kind is EffectKind.ADD and on:
                continue  # an add after a miss with no reroll to go with: the player's reading
            else:
                found.append(attrs.evolve(effect, on=on) if effect.kind is EffectKind.COUNT_AS else effect)
    return tuple(found)


def _phrases(
    plain: str,
    said: str,
    on: tuple[Outcome, ...],
    own: frozenset[str],
    asset: str,
    before: str = "",
    *,
    judging: bool = False,
) -> list[AbilityEffect]:
    """Every effect one (lower-cased, links as labels) sentence names, in the order of the text.

    While *judging* (after "If either challenge die is ...", a test of the dice the
    player makes), an outcome counted as another is the player's to apply.
    """
    marks: list[tuple[int, AbilityEffect]] = []
    for match in _RESET.finditer(plain):
        marks.append((match.start(), AbilityEffect(EffectKind.MOMENTUM_RESET, int(match[1]), text=said)))
    for match in _REROLL.finditer(plain):
        marks.append((match.start(), _reroll_effect(plain, match, on, own, asset, said, before)))
    for match in () if judging else _COUNT.finditer(plain):
        counted = AbilityEffect(
            EffectKind.COUNT_AS, count_from=_OUTCOMES[match[1]], count_to=_OUTCOMES[match[2]], text=said
        )
        marks.append((match.start(), counted))
    for match in _ADD.finditer(plain):
        effect = _add_effect(plain, match, own, asset, said)
        if effect is not None:
            marks.append((match.start(), effect))
    return [effect for _at, effect in sorted(marks, key=lambda pair: pair[0])]


def _reroll_effect(
    plain: str, match: re.Match[str], on: tuple[Outcome, ...], own: frozenset[str], asset: str, said: str, before: str
) -> AbilityEffect:
    dice, choose = _reroll(match[1])
    below = None
    tail = plain[match.end() : match.end() + 80]
    after = _AFTER_ON.match(tail)  # "reroll any dice on a miss"
    if after is not None and not on:
        on = (_OUTCOMES[after[1]],)
    leading = before + " " + plain[: match.start()]
    challenge = _CHALLENGE_FACE.search(leading)
    if challenge is not None and match[1] in (
        "that die",
        "it",
    ):  # "roll a 10 on either challenge die ... reroll that die"
        return AbilityEffect(
            EffectKind.REROLL, dice=_DICE[1:], choose="one", faces=(int(challenge[1]),), on=on, text=said
        )
    found_below = _BELOW.search(tail) if tail.lstrip().startswith("if") else None
    if found_below is None and dice == ("action",):
        found_below = _DIE_BELOW.search(plain[: match.start()])
    if found_below is not None:
        below = _below(found_below[1], own, asset)
    face = _FACE.search(leading)
    faces = (int(face[1]),) if face is not None and dice == ("action",) else ()
    return AbilityEffect(EffectKind.REROLL, dice=dice, choose=choose, below=below, faces=faces, on=on, text=said)


def _add_effect(plain: str, match: re.Match[str], own: frozenset[str], asset: str, said: str) -> AbilityEffect | None:
    word = match[1] or match[2]
    rest = plain[match.end() : match.end() + 40].lstrip()
    if rest.startswith(("or +", "on your next", "when ", "whenever")):
        return None  # a choice of amounts, or an add for a later move: the player's reading
    replaced = _INSTEAD.match(rest)
    if replaced is not None and not replaced[1].isdigit():
        return None  # "add +wits instead of +integrity": another stat for the roll, the player's reading
    instead = replaced is not None
    if word.isdigit():
        kind = EffectKind.ADD_AFTER if rest.startswith("(after you roll)") else EffectKind.ADD
        return AbilityEffect(kind, min(int(word), 10), instead=instead, text=said)
    source = _value(word, own, asset)
    if source is None:
        return None
    return AbilityEffect(EffectKind.ADD, value_of=source, instead=instead, text=said)
