"""Where the Journey procedure stands: one frozen class per phase, each holding only its own data.

:attr:`Journey.stage <tabletop_core.residue.journey.Journey.stage>` is one of these
(a tagged union; :attr:`~JourneyStage.phase` gives its :class:`Phase` tag). A phase
entered in the middle of a Travel (a Combat, a Vendor, optional Encounters, a gained
card) remembers where the procedure goes next in ``then``: the :class:`Trip` in
progress, or the :class:`TokenMovement` of the Rest Phase it interrupted.

Examples:
    >>> from tabletop_core.residue.journey.phases import MovePhase, JourneyStage
    >>> stage = MovePhase(stars=2)
    >>> stage.phase.name, str(stage)
    ('MOVE', 'Travel: 2 Travel ★ left')
    >>> JourneyStage.from_dict(stage.to_dict()) == stage
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, TypeVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._tagged_union import TaggedUnion
from tabletop_core._validate import check_int, check_type, clip, int_field, int_in, of_type, one_line
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.actions import CommitResult
from tabletop_core.residue.combat import Encounter
from tabletop_core.residue.death import Defeat
from tabletop_core.residue.entries import Entry, EntryEffect
from tabletop_core.residue.inventory import InventoryUse
from tabletop_core.residue.journey.choices import Choice
from tabletop_core.residue.journey.trips import TokenMovement, Trip, _then  # also importable from here

__all__ = [
    "CheckStrainPhase",
    "CombatPhase",
    "CommitPhase",
    "EndedPhase",
    "EntryNext",
    "EntryPhase",
    "EscapePhase",
    "JourneyOutcome",
    "JourneyStage",
    "LuckPhase",
    "MeetPhase",
    "MovePhase",
    "PayoffPhase",
    "Phase",
    "PlacePhase",
    "RecoverPhase",
    "TokenMovement",
    "TradePhase",
    "TravelPhase",
    "Trip",
]

S = TypeVar("S", bound="JourneyStage")


def _uses(_instance: object, _attribute: object, value: object) -> None:
    if not isinstance(value, tuple) or not all(isinstance(use, InventoryUse) for use in value):
        raise TypeError(f"paid must be a tuple of InventoryUse, got {type(value).__name__}")


_BIG = 10**6


class Phase(Enum):
    """Where the Journey procedure stands: the tag of each :class:`JourneyStage` class."""

    TRAVEL = "Travel Phase: Commit Move or End Travel"
    MOVE = "Travel: spend a Travel ★ or End Travel"
    COMBAT = "Combat: Attack, Pass or Run"
    DEFEND = "Combat: a Creature Retaliates, Commit Defense or not"
    ESCAPE = "Escape: choose the adjacent Hex"
    TRADE = "a Vendor: Barter or leave"
    MEET = "optional Encounters here: meet one or go on"
    PLACE = "a gained card: put it in a slot"
    ENTRY = "an Entry: choose its option"
    CHECK_STRAIN = "Rest Phase: Rest or return to Travel"
    PAYOFF = "Rest: Strain Payoff, pay Strain with ⊙ Inventory"
    RECOVER = "Rest: Recover HP with ⊙ Food or Water"
    OVER = "the Journey is over"
    LUCK = "Luck for an Action: ⊙ Luck or not, Delirium's reroll seen"
    COMMIT = "No Dice Available recovered the dice: choose the die to Commit"

    def __str__(self) -> str:
        return self.value


class JourneyOutcome(Enum):
    """How a Journey ended."""

    REACHED_HUM = "reached the Hum"
    DEFEATED = "defeated"
    OUT_OF_TIME = "still wandering when the day limit came"
    OUT_OF_CHOICES = "still wandering when the choice limit came"

    def __str__(self) -> str:
        return self.value


# -- the stages ----------------------------------------------------------------------------


class JourneyStage(TaggedUnion):
    """One phase of the Journey procedure with its own data (the base of the tagged union).

    Its dict carries the ``"type"`` tag naming its class (``"residue.CombatPhase"``),
    so :meth:`JourneyStage.from_dict` rebuilds the right kind.
    """

    __slots__ = ()
    tag: ClassVar[Phase]

    @property
    def phase(self) -> Phase:
        """The :class:`Phase` tag of this stage."""
        return self.tag

    def __str__(self) -> str:
        return str(self.phase)


JourneyStage.register()


@frozen
class TravelPhase(JourneyStage):
    """The Travel Phase: Commit Move or End Travel (and what the Travel Phase allows)."""

    tag: ClassVar[Phase] = Phase.TRAVEL


@frozen
class MovePhase(JourneyStage):
    """Travel after Commit Move: spend a Travel ★ (move one Hex) or End Travel.

    Args:
        stars: Travel ★ left (at least 1).
    """

    tag: ClassVar[Phase] = Phase.MOVE
    stars: int = int_field(low=1, high=_BIG)

    def __str__(self) -> str:
        return f"Travel: {self.stars} Travel ★ left"


@frozen
class CombatPhase(JourneyStage):
    """A Combat: Attack, Pass or Run; with Retaliations pending, Commit Defense or take the blow.

    Args:
        encounter: The Combat's state (enemies with their HP).
        tokens: ``(enemy, token)`` pairs: the enemies standing on a Token of the map (by
            position); an enemy not listed came from an Entry.
        retaliators: Enemies still to Retaliate, in order (empty: the player acts).
        then: Where the procedure goes when the Combat ends.
    """

    tag: ClassVar[Phase] = Phase.COMBAT
    encounter: Encounter = attrs.field(validator=of_type(Encounter))
    tokens: tuple[tuple[int, int], ...] = ()
    retaliators: tuple[int, ...] = ()
    then: Trip | TokenMovement = attrs.field(factory=Trip, converter=_then)

    def __attrs_post_init__(self) -> None:
        size = len(self.encounter.enemies)
        check_type("tokens", self.tokens, tuple)
        check_type("retaliators", self.retaliators, tuple)
        for pair in self.tokens:
            if not (isinstance(pair, tuple) and len(pair) == 2):
                raise InvalidInput(f"tokens: each an (enemy, token) pair, got {clip(pair)}")
        enemies = [enemy for enemy, _ in self.tokens]
        for enemy, token in self.tokens:
            if not (isinstance(enemy, int) and isinstance(token, int) and 0 <= enemy < size and token >= 0):
                raise InvalidInput(f"tokens: each pair is (enemy 0..{size - 1}, token >= 0), got {(enemy, token)!r}")
        if len(set(enemies)) != len(enemies) or len({t for _, t in self.tokens}) != len(self.tokens):
            raise InvalidInput("tokens: each enemy and each Token at most once")
        for enemy in self.retaliators:
            if not isinstance(enemy, int) or isinstance(enemy, bool) or not 0 <= enemy < size:
                raise InvalidInput(f"retaliators: each an enemy 0..{size - 1}, got {enemy!r}")

    @property
    def phase(self) -> Phase:
        """COMBAT while the player acts, DEFEND while a Retaliation is pending."""
        return Phase.DEFEND if self.retaliators else Phase.COMBAT

    def token_of(self, enemy: int) -> int | None:
        """The Token *enemy* stands on (``None``: it came from an Entry).

        Raises:
            TypeError: *enemy* is not an int.
        """
        check_int("enemy", enemy)
        for who, token in self.tokens:
            if who == enemy:
                return token
        return None

    def __str__(self) -> str:
        return f"{self.phase}: {self.encounter}"


@frozen
class EscapePhase(JourneyStage):
    """An Escape from Combat: choose the adjacent Hex.

    Args:
        then: Where the procedure goes after the Escape.
    """

    tag: ClassVar[Phase] = Phase.ESCAPE
    then: Trip | TokenMovement = attrs.field(factory=Trip, converter=_then)


@frozen
class TradePhase(JourneyStage):
    """A Vendor: Barter or leave; while a Barter is being paid, the next ⊙ of Tradeable Inventory.

    Args:
        vendor: The Vendor's name.
        then: The Travel (or Token Movement) to go on with after.
        paying: The good being bartered for (its position in the Vendor's goods), while its
            cost is paid one ⊙ at a time (``None``: no Barter under way).
        paid: The ⊙ made so far for it, in order (a Failed Barter gives them all back).
    """

    tag: ClassVar[Phase] = Phase.TRADE
    _optional_keys: ClassVar[tuple[str, ...]] = ("paying", "paid")  # written only during a Barter: older saves load

    vendor: str = attrs.field(validator=one_line())
    then: Trip | TokenMovement = attrs.field(factory=Trip, converter=_then)
    paying: int | None = attrs.field(default=None, validator=attrs.validators.optional(int_in(low=0)))
    paid: tuple[InventoryUse, ...] = attrs.field(default=(), validator=_uses)

    def __attrs_post_init__(self) -> None:
        if self.paid and self.paying is None:
            raise InvalidInput("paid: Inventory is paid only while a Barter is under way (paying)")

    def __str__(self) -> str:
        if self.paying is not None:
            return f"Vendor {self.vendor}: pay for good {self.paying + 1} ({len(self.paid)} ⊙ paid)"
        return f"Vendor {self.vendor}: Barter or leave"


@frozen
class MeetPhase(JourneyStage):
    """Optional Encounters on this Hex: meet one or go on.

    Args:
        then: The Travel to go on with after.
    """

    tag: ClassVar[Phase] = Phase.MEET
    then: Trip = attrs.field(factory=Trip, validator=of_type(Trip))


@frozen
class PlacePhase(JourneyStage):
    """A gained card (the first of :attr:`Journey.gained`): put it in a slot or discard it.

    Args:
        then: The Travel (or Token Movement) to go on with after.
    """

    tag: ClassVar[Phase] = Phase.PLACE
    then: Trip | TokenMovement = attrs.field(factory=Trip, converter=_then)


class EntryNext(Enum):
    """Where the procedure goes when an Entry ends ("You may continue your journey")."""

    HEX = "resolve the rest of the Hex (Special Hex rules, Tokens)"
    TRAVEL = "go on with the Travel"
    RUIN = "the Journey ends: the Hum is reached"
    ITEM = "return to where the Item was activated"

    def __str__(self) -> str:
        return self.value


def _item_stage(value: object) -> JourneyStage | None:
    if value is not None and (not isinstance(value, JourneyStage) or value.phase not in _ACTIVATED_IN):
        raise TypeError(f"before must be the stage an Item was activated in, got {type(value).__name__}")
    return value


_ACTIVATED_IN = frozenset({Phase.TRAVEL, Phase.MOVE, Phase.COMBAT, Phase.PAYOFF, Phase.RECOVER})
"""The phases an Item can be activated in (its Entry returns to that stage)."""


@frozen
class EntryPhase(JourneyStage):
    """An Entry being read: choose an option, make its Commit Skill, or decide on what it offers.

    The Item (Gain Item X) and the shuffle an Entry offers are decided one at a time.

    Args:
        entry: The Entry read (:class:`~tabletop_core.residue.entries.Entry`).
        then: The Travel (or Token Movement) the Entry interrupted.
        next: Where the procedure goes when the Entry ends.
        option: The option chosen whose Commit Skill waits for its die (``None``: none).
        item: Gain Item X offered: the Item's name (``None``: none).
        shuffle: A deck the Entry lets the player shuffle (``None``: none).
        creature: A Creature to Face when the Entry ends (``None``: none).
        go_to: The Entry read next when this one ends (``None``: none).
        options_next: The check followed leads on to the Entry's options.
        before: An Item's Entry (*next* ITEM): the stage the Item was activated in (the
            Travel Phase or between Travel ★, a Combat, Strain Payoff, Recover HP), which
            comes back when the Entry ends.
        drawing: The effect whose Draw X. Choose Y. waits for the cards kept (``None``: none).
        kept: The drawn cards kept so far (positions in the draw).
    """

    tag: ClassVar[Phase] = Phase.ENTRY
    entry: Entry = attrs.field(validator=of_type(Entry))
    then: Trip | TokenMovement = attrs.field(factory=Trip, converter=_then)
    next: EntryNext = attrs.field(default=EntryNext.TRAVEL, validator=of_type(EntryNext))
    option: int | None = attrs.field(default=None, validator=attrs.validators.optional(int_in(low=0)))
    item: str | None = attrs.field(default=None, validator=attrs.validators.optional(one_line()))
    shuffle: str | None = attrs.field(default=None, validator=attrs.validators.optional(one_line()))
    creature: str | None = attrs.field(default=None, validator=attrs.validators.optional(one_line()))
    go_to: str | None = attrs.field(default=None, validator=attrs.validators.optional(one_line()))
    options_next: bool = attrs.field(default=False, validator=of_type(bool))
    before: JourneyStage | None = attrs.field(default=None, converter=_item_stage)
    drawing: EntryEffect | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(EntryEffect)))
    kept: tuple[int, ...] = ()

    def __attrs_post_init__(self) -> None:
        if (self.before is None) != (self.next is not EntryNext.ITEM):
            raise InvalidInput("before must be given exactly when the Entry is an Item's (next ITEM)")

    def __str__(self) -> str:
        if self.item is not None:
            return f"Entry {self.entry.name}: Gain Item {self.item}?"
        if self.shuffle is not None:
            return f"Entry {self.entry.name}: shuffle the {self.shuffle}?"
        if self.drawing is not None:
            return f"Entry {self.entry.name}: {self.drawing.keep - len(self.kept)} drawn card(s) to keep"
        if self.option is not None:
            return f"Entry {self.entry.name}: Commit Skill for {self.entry.options[self.option].text}"
        return f"Entry {self.entry.name}: choose an option"


@frozen
class CheckStrainPhase(JourneyStage):
    """The Rest Phase after Check Strain: Rest, or (below the Strain Threshold) return to Travel."""

    tag: ClassVar[Phase] = Phase.CHECK_STRAIN


@frozen
class PayoffPhase(JourneyStage):
    """Rest: Strain Payoff, one Strain at a time."""

    tag: ClassVar[Phase] = Phase.PAYOFF


@frozen
class RecoverPhase(JourneyStage):
    """Rest: Recover HP with Food or Water, one roll at a time.

    Args:
        healed: HP was recovered in this Recover HP (Bleeding rolls at its end).
    """

    tag: ClassVar[Phase] = Phase.RECOVER
    healed: bool = attrs.field(default=False, validator=of_type(bool))


@frozen
class EndedPhase(JourneyStage):
    """The Journey is over.

    Args:
        outcome: How it ended.
        defeat: The defeat and its cause (given exactly when the outcome is DEFEATED).
    """

    tag: ClassVar[Phase] = Phase.OVER
    outcome: JourneyOutcome = attrs.field(validator=of_type(JourneyOutcome))
    defeat: Defeat | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(Defeat)))

    def __attrs_post_init__(self) -> None:
        if (self.defeat is None) == (self.outcome is JourneyOutcome.DEFEATED):
            raise InvalidInput(f"defeat must be given exactly when the outcome is DEFEATED, got {self.outcome.name}")

    def __str__(self) -> str:
        return f"{self.outcome}: {self.defeat}" if self.defeat is not None else str(self.outcome)


def _stage(value: object) -> JourneyStage:
    if not isinstance(value, JourneyStage) or isinstance(value, (LuckPhase, CommitPhase, EndedPhase)):
        raise TypeError(f"before must be the stage the Commit was made in, got {type(value).__name__}")
    return value


@frozen
class LuckPhase(JourneyStage):
    """Luck for an Action, decided after the Commit: Delirium rerolled the die and the player has seen it.

    Args:
        pending: The Commit, its Action resolved without Luck so far.
        choice: The choice that made it (its kind and target).
        before: The stage the Commit was made in (the procedure goes on from it).
    """

    tag: ClassVar[Phase] = Phase.LUCK
    pending: CommitResult = attrs.field(validator=of_type(CommitResult))
    choice: Choice = attrs.field(validator=of_type(Choice))
    before: JourneyStage = attrs.field(converter=_stage)

    def __str__(self) -> str:
        return f"{self.pending.action}: ⊙ Luck or not"


@frozen
class CommitPhase(JourneyStage):
    """After No Dice Available: the Commit the rules demand, with the die and Luck the player chooses.

    Args:
        must: The Commit to make (its kind and target; ``die`` is chosen now).
        before: The stage the Commit is made in.
    """

    tag: ClassVar[Phase] = Phase.COMMIT
    must: Choice = attrs.field(validator=of_type(Choice))
    before: JourneyStage = attrs.field(converter=_stage)

    def __str__(self) -> str:
        return f"No Dice Available: choose the die for {self.must.act}"


STAGES: Mapping[Phase, type[JourneyStage]] = {
    cls.tag: cls
    for cls in (
        TravelPhase,
        MovePhase,
        EscapePhase,
        TradePhase,
        MeetPhase,
        PlacePhase,
        EntryPhase,
        CheckStrainPhase,
        PayoffPhase,
        RecoverPhase,
        EndedPhase,
        LuckPhase,
        CommitPhase,
    )
}
"""The stage class of each phase tag (COMBAT and DEFEND are both :class:`CombatPhase`)."""
