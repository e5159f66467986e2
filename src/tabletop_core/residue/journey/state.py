"""The state of a Journey: where the procedure stands (:class:`Phase`), the :class:`Journey` and a step."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias, TypeVar, cast

import attrs

from tabletop_core._fast import fast_build
from tabletop_core._fast import fast_replace as replace
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._typed import check_fields
from tabletop_core._validate import check_int, check_type, clip
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.residue._markdown import escape
from tabletop_core.residue.combat import (
    Creature,
    Encounter,
)
from tabletop_core.residue.death import Defeat
from tabletop_core.residue.decks import Deck
from tabletop_core.residue.hexmap import Hex, HexMap
from tabletop_core.residue.items import Item, Vendor
from tabletop_core.residue.journey.choices import (
    Act,
    BanishChoice,
    Choice,
    CommitChoice,
    InventoryChoice,
    MoveChoice,
    PickChoice,
    PlainChoice,
    SlotChoice,
    StrainChoice,
    SwitchChoice,
    TakeRestChoice,
    kind_of,
)
from tabletop_core.residue.journey.content import JourneySetup
from tabletop_core.residue.journey.describe import DICE_PLAN_BUDGET, ChoiceGroup, DicePlan, described, grouped, plan
from tabletop_core.residue.journey.events import ChoiceMade, JourneyEnded, JourneyEvent, Note, PhaseBegan, RuleApplied
from tabletop_core.residue.journey.handlers_combat import (
    _do_attack,
    _do_defend,
    _do_escape,
    _do_pass,
    _do_recover,
    _do_reroll,
    _do_run,
)
from tabletop_core.residue.journey.handlers_decisions import (
    _do_commit_skill,
    _do_keep,
    _do_luck,
    _do_offer,
    _do_option,
)
from tabletop_core.residue.journey.handlers_items import (
    _do_activate,
    _do_barter,
    _do_barter_pay,
    _do_discard_card,
    _do_leave,
    _do_place,
    _do_recycle,
    _do_switch,
)
from tabletop_core.residue.journey.handlers_rest import (
    _do_banish,
    _do_end_rest,
    _do_pay,
    _do_recover_one,
    _do_rest,
    _do_stop_paying,
    _do_travel,
)
from tabletop_core.residue.journey.handlers_travel import (
    _do_commit_move,
    _do_end_travel,
    _do_fast_travel,
    _do_go_on,
    _do_meet,
    _do_move,
)
from tabletop_core.residue.journey.offers import offered
from tabletop_core.residue.journey.phases import (
    CombatPhase,
    CommitPhase,
    EndedPhase,
    JourneyOutcome,
    JourneyStage,
    MovePhase,
    Phase,
    PlacePhase,
    TokenMovement,
    TradePhase,
    TravelPhase,
    Trip,
)
from tabletop_core.residue.journey.setup_ref import SetupSaves
from tabletop_core.residue.tokens import Token, TokenKind, TokenResolution, token_resolution, tokens_at
from tabletop_core.residue.wanderer import Wanderer
from tabletop_core.rng import DiceSource, dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = ["Handler", "Journey", "JourneyStep", "step_line"]

Handler: TypeAlias = Callable[["Journey", Choice, DiceSource, list[object]], "Journey"]
"""A choice's handler: the state, the choice, the dice and the events list it appends to -> the new state."""

K = TypeVar("K", bound=Choice)


def _on(
    kind: type[K], handler: Callable[[Journey, K, DiceSource, list[object]], Journey], *acts: Act
) -> tuple[tuple[Act, Handler], ...]:
    """*acts*, all of the Choice class *kind*, each with *handler*, which mypy checks takes that kind.

    Each kind checks its act when built, so the handler only ever gets its own kind.
    """
    for act in acts:
        if kind_of(act) is not kind:
            raise TypeError(f"{act.name} is a {kind_of(act).__name__}, not a {kind.__name__}")  # pragma: no cover
    return tuple((act, cast(Handler, handler)) for act in acts)  # safe: an act's choices are all of its kind


_APPLY: dict[Act, Handler] = dict(
    # The typed dispatch: each act to its handler, which takes that act's kind of Choice.
    (
        *_on(CommitChoice, _do_commit_move, Act.COMMIT_MOVE),
        *_on(MoveChoice, _do_move, Act.MOVE),
        *_on(PlainChoice, _do_end_travel, Act.END_TRAVEL),
        *_on(CommitChoice, _do_attack, Act.ATTACK),
        *_on(PlainChoice, _do_pass, Act.PASS),
        *_on(CommitChoice, _do_run, Act.RUN),
        *_on(CommitChoice, _do_defend, Act.DEFEND),
        *_on(PlainChoice, _do_defend, Act.NO_DEFENSE),
        *_on(MoveChoice, _do_escape, Act.ESCAPE_TO),
        *_on(StrainChoice, _do_recover, Act.RECOVER),
        *_on(StrainChoice, _do_reroll, Act.REROLL),
        *_on(PlainChoice, _do_travel, Act.TRAVEL),
        *_on(TakeRestChoice, _do_rest, Act.REST),
        *_on(InventoryChoice, _do_pay, Act.PAY),
        *_on(PlainChoice, _do_stop_paying, Act.STOP_PAYING),
        *_on(BanishChoice, _do_banish, Act.BANISH),
        *_on(InventoryChoice, _do_recover_one, Act.HEAL, Act.PANIC_ROLL, Act.FATIGUE_ROLL),
        *_on(PlainChoice, _do_end_rest, Act.END_REST),
        *_on(SwitchChoice, _do_switch, Act.SWITCH),
        *_on(PickChoice, _do_barter, Act.BARTER),
        *_on(InventoryChoice, _do_barter_pay, Act.BARTER_PAY),
        *_on(PlainChoice, _do_leave, Act.LEAVE),
        *_on(PickChoice, _do_fast_travel, Act.FAST_TRAVEL),
        *_on(PickChoice, _do_meet, Act.MEET),
        *_on(PlainChoice, _do_go_on, Act.GO_ON),
        *_on(SlotChoice, _do_place, Act.PLACE),
        *_on(PlainChoice, _do_discard_card, Act.DISCARD_CARD),
        *_on(SlotChoice, _do_recycle, Act.RECYCLE),
        *_on(SlotChoice, _do_activate, Act.ACTIVATE),
        *_on(PlainChoice, _do_luck, Act.LUCK, Act.NO_LUCK),
        *_on(PickChoice, _do_option, Act.OPTION),
        *_on(PickChoice, _do_keep, Act.KEEP_CARD),
        *_on(CommitChoice, _do_commit_skill, Act.COMMIT_SKILL),
        *_on(PlainChoice, _do_offer, Act.GAIN_ITEM, Act.LEAVE_ITEM, Act.SHUFFLE, Act.NO_SHUFFLE),
    )
)
assert len(_APPLY) == len(Act)  # every act has its handler


@frozen
class Journey(SetupSaves):
    """The whole state of a Journey (see the module docs); build one with :func:`start_journey`.

    Attributes:
        wanderer: The Wanderer's sheet.
        hexmap: The map.
        tokens: The Tokens on it (a Creature or Raiders Token carries its Creature, ``foe``).
        position: The Wanderer's Hex.
        setup: The content in play.
        day: The day (1 on the first).
        stage: Where the procedure stands, with that phase's own data (one of the
            :mod:`~tabletop_core.residue.journey.phases` classes; :attr:`phase` is its tag).
        steps: Choices applied so far.
        vendors: The Vendors and the goods they still hold.
        gained: Cards gained from Entries, waiting for a slot (the PLACE phase offers the first).
        met: Tokens on this Hex whose optional Encounter was met or passed by (cleared
            when the Wanderer changes Hex and at each New Day).
        item_deck: The Item Deck in play, if any (cards returned to it go to its bottom).
    """

    _optional_keys = ("item_deck",)  # saves from before decks lack it
    # A save by reference (to_dict(embed_setup=False)) holds a SetupRef where the setup was.
    _json_schema: ClassVar[Mapping[str, Mapping[str, Any]]] = {  # Any: JSON Schema values
        "setup": {
            "description": "The content in play, or a reference to it by digest (a save made with embed_setup=False).",
            "anyOf": [{"$ref": "residue.JourneySetup.schema.json"}, {"$ref": "residue.SetupRef.schema.json"}],
        }
    }

    _version: ClassVar[int] = 2
    _derived: ClassVar[tuple[str, ...]] = ("is_over",)

    wanderer: Wanderer
    hexmap: HexMap
    tokens: tuple[Token, ...]
    position: Hex
    setup: JourneySetup
    day: int = 1
    stage: JourneyStage = attrs.field(factory=TravelPhase)
    steps: int = 0
    vendors: tuple[Vendor, ...] = ()
    gained: tuple[Item, ...] = ()
    met: tuple[int, ...] = ()
    item_deck: Deck | None = None

    def __attrs_post_init__(self) -> None:
        check_fields(self)
        check_type("stage", self.stage, JourneyStage)
        stage = self.stage
        high = max(len(self.tokens) - 1, 0)
        if isinstance(stage, PlacePhase) and not self.gained:
            raise InvalidInput("phase PLACE needs the gained card (gained)")
        for index in self.met:
            check_int("met", index, low=0, high=high)
        check_int("day", self.day, low=1, high=self.setup.max_days)  # OUT_OF_TIME keeps the last day
        check_int("steps", self.steps, low=0)
        if isinstance(stage, CombatPhase):
            for _enemy, token in stage.tokens:
                check_int("stage.tokens: a Token", token, low=0, high=high)
        then = getattr(stage, "then", None)
        if isinstance(then, TokenMovement) and then.next is not None:
            check_int("then.next", then.next, low=0, high=len(self.tokens))
        if isinstance(stage, EndedPhase) and stage.defeat is not None and stage.defeat.day != self.day:
            raise InvalidInput(f"defeat.day must be the Journey's day {self.day}")
        if isinstance(stage, TradePhase):
            if stage.vendor not in {v.name for v in self.vendors}:
                raise InvalidInput(f"trading must name one of the vendors, got {stage.vendor[:40]!r}")
            if stage.paying is not None:
                vendor = self.vendor(stage.vendor)
                check_int("stage.paying", stage.paying, low=0, high=max(len(vendor.goods) - 1, 0))
                if not vendor.goods or not self.wanderer.inventory.allowed(vendor.tradeable):
                    raise InvalidInput("stage.paying: no Tradeable Inventory is left to pay with (a Failed Barter)")

    def _setups(self) -> tuple[JourneySetup, ...]:
        return (self.setup,)

    @property
    def phase(self) -> Phase:
        """Where the procedure stands: the :class:`Phase` tag of :attr:`stage`."""
        return self.stage.phase

    @property
    def is_over(self) -> bool:
        """Whether the Journey has ended."""
        return type(self.stage) is EndedPhase

    @property
    def outcome(self) -> JourneyOutcome | None:
        """How the Journey ended (``None`` while it goes on)."""
        stage = self.stage
        return stage.outcome if type(stage) is EndedPhase else None

    @property
    def defeat(self) -> Defeat | None:
        """The defeat and its cause, if the Journey ended in one."""
        stage = self.stage
        return stage.defeat if type(stage) is EndedPhase else None

    @property
    def encounter(self) -> Encounter | None:
        """The Combat in progress, if any."""
        stage = self.stage
        return stage.encounter if type(stage) is CombatPhase else None

    @property
    def foes(self) -> tuple[Creature | None, ...]:
        """For each Token, the Creature it stands for (its ``foe``), else ``None``."""
        return tuple(token.foe for token in self.tokens)

    @property
    def travel_stars(self) -> int:
        """Travel ★ left (0 outside a Travel)."""
        stage = self.stage
        if type(stage) is MovePhase:
            return stage.stars
        then = getattr(stage, "then", None)
        return then.stars if type(then) is Trip else 0

    @property
    def hum(self) -> Hex | None:
        """Where the Hum Token stands (``None`` once reached)."""
        for token in self.tokens:
            if token.kind is TokenKind.HUM:
                return token.at
        return None

    # -- the choices ----------------------------------------------------------

    def optional_here(self) -> tuple[int, ...]:
        """The Tokens on the Wanderer's Hex offering an optional Encounter not yet met or passed by."""
        found = []
        for index in tokens_at(self.tokens, self.position):
            token = self.tokens[index]
            if index in self.met or token_resolution(token) is not TokenResolution.OPTIONAL_ENCOUNTER:
                continue
            found.append(index)
        return tuple(found)

    def vendor(self, name: str) -> Vendor:
        """The Vendor called *name*, with the goods it still holds."""
        check_type("name", name, str)
        for vendor in self.vendors:
            if vendor.name == name:
                return vendor
        raise InvalidInput(f"vendor must be one of {[v.name for v in self.vendors]}, got {clip(name)}")

    def choices(self) -> tuple[Choice, ...]:
        """Every choice the rules give the player now (empty once the Journey is over).

        Each names the thing chosen in ``str()`` (its ``label``: the die's size and Value,
        the enemy's name, the option's text, the good and its price, ...). A Reroll and a
        Recover are offered for all their dice and for each die alone; any other subset is
        built with :meth:`StrainChoice.with_dice <tabletop_core.residue.journey.StrainChoice.with_dice>`.
        :meth:`menu` groups them by decision; :meth:`dice_for` says which dice one will ask for.
        """
        return described(self, offered(self))

    def menu(self) -> tuple[ChoiceGroup, ...]:
        """:meth:`choices` grouped by decision, for a short menu: one :class:`ChoiceGroup` per question.

        Examples:
            >>> from tabletop_core.residue import Wanderer
            >>> from tabletop_core.residue.journey import example_setup, start_journey
            >>> from tabletop_core import ScriptedDice
            >>> w = Wanderer.new(hp=6, endurance_dice=["d8", "d6"], inventory="d8", luck="d6",
            ...                  strain_threshold=3, rng=ScriptedDice([7, 2]))
            >>> j = start_journey(w, example_setup(), rng=ScriptedDice([4, 2, 1]))
            >>> for group in j.menu():
            ...     print(group)
            Commit Move: which die? (4 choices)
            End Travel
            Reroll for 1 Strain: which dice? (3 choices)
        """
        return grouped(self, self.choices())

    def dice_for(self, choice: Choice, *, budget: int = DICE_PLAN_BUDGET) -> DicePlan:
        """The dice *choice*'s resolution asks for, in order, as far as the rules fix them (it is not applied).

        Worked out by resolving the choice on every combination of faces, die by die, up to
        *budget* trial resolutions; an app rolling real dice can ask the player for them
        first (see :class:`~tabletop_core.CallbackDice` for asking die by die).

        Raises:
            RuleError: *choice* is not one the rules give now.
            InvalidInput: *budget* is not 1 to 100,000.

        Examples:
            >>> from tabletop_core.residue import Wanderer
            >>> from tabletop_core.residue.journey import Act, Choice, example_setup, start_journey
            >>> from tabletop_core import ScriptedDice
            >>> w = Wanderer.new(hp=6, endurance_dice=["d8", "d6"], inventory="d8", luck="d6",
            ...                  strain_threshold=3, rng=ScriptedDice([7, 2]))
            >>> j = start_journey(w, example_setup(), rng=ScriptedDice([4, 2, 1]))
            >>> print(j.dice_for(Choice(Act.COMMIT_MOVE, die=0, luck=True)))
            d6
            >>> print(j.dice_for(Choice(Act.REROLL)))
            d8, then d6
        """
        check_type("choice", choice, Choice)
        budget = check_int("budget", budget, low=1, high=100_000)
        self._check_offered(choice)
        return plan(self, choice, budget)

    # -- applying a choice ------------------------------------------------------

    def _check_offered(self, choice: Choice) -> None:
        """Raise RuleError naming the choices when *choice* is not one the rules give now."""
        plain = offered(self)
        if choice not in plain and choice._offered() not in plain:
            listing = "; ".join(str(c) for c in self.choices()) or "none (the Journey is over)"
            raise RuleError(f"{choice} is not a choice now ({self.phase}); choices: {listing}")

    def apply(self, choice: Choice, *, rng: RngLike = None) -> JourneyStep:
        """Apply one of :meth:`choices` and return the new state with its typed events.

        Raises:
            RuleError: *choice* is not one the rules give now (the Journey is unchanged).
            InvalidInput: a Reroll or Recover names no die, or a position that is not there.
        """
        check_type("choice", choice, Choice)
        self._check_offered(choice)
        return self._apply(choice, dice_source(rng))

    def _apply(self, choice: Choice, source: DiceSource) -> JourneyStep:
        """Apply a choice already known to be offered: the new state and its typed events."""
        events: list[object] = []
        after = self._advance(choice, source, events)
        return JourneyStep(
            choice=choice, journey=after, events=_typed(choice, events, self.stage.phase, after.stage.phase)
        )

    def _advance(self, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
        """The state after a choice already known to be offered; the handlers' events go to *events*.

        The simulator calls this directly: it reads only the state, so it skips typing the
        events and building (and checking) a JourneyStep on every choice.
        """
        journey = self
        stage = self.stage
        if type(stage) is CommitPhase and choice.act is stage.must.act:
            journey = replace(self, stage=stage.before)  # the Commit is made in the stage it was demanded in
        after = _APPLY[choice.act](journey, choice, source, events)
        steps = self.steps + 1
        limit = self.setup.choice_limit
        if steps >= limit and type(after.stage) is not EndedPhase:  # the guard of unattended play
            events.append(JourneyEnded(JourneyOutcome.OUT_OF_CHOICES, f"{steps} choices: the choice limit of {limit}"))
            ended = fast_build(EndedPhase, outcome=JourneyOutcome.OUT_OF_CHOICES, defeat=None)
            return replace(after, steps=steps, stage=ended)
        return replace(after, steps=steps)

    def __str__(self) -> str:
        hum = f", Hum at {self.hum}" if self.hum is not None else ""
        state = f"{self.outcome}" if self.outcome else str(self.phase)
        return f"Day {self.day} at {self.position}{hum}: {state} · {self.wanderer}"


@frozen
class JourneyStep(SetupSaves):
    """One applied choice: the choice, the new state and what happened.

    Attributes:
        choice: The choice applied.
        journey: The new state.
        events: What happened, in order: typed records that keep every die
            (:mod:`~tabletop_core.residue.journey.events`); ``str()`` of each is one line. The first is
            the ChoiceMade; a step that changed the phase ends with the PhaseBegan.
    """

    _version: ClassVar[int] = 2

    choice: Choice
    journey: Journey
    events: tuple[JourneyEvent, ...]

    def __attrs_post_init__(self) -> None:
        check_fields(self)

    def _setups(self) -> tuple[JourneySetup, ...]:
        return (self.journey.setup,)

    @property
    def lines(self) -> tuple[str, ...]:
        """The events as English lines (``str()`` of each)."""
        return tuple(str(event) for event in self.events)

    def __str__(self) -> str:
        return step_line(self.journey.day, self.choice, self.events)

    def to_markdown(self) -> str:
        """The step as one Markdown line for chat: the day in bold, then each event with its outcome in bold.

        Examples:
            >>> from tabletop_core.residue import Wanderer
            >>> from tabletop_core.residue.journey import Act, Choice, example_setup, start_journey
            >>> from tabletop_core import ScriptedDice
            >>> w = Wanderer.new(hp=6, endurance_dice=["d8"], inventory="d8", luck="d6",
            ...                  strain_threshold=3, rng=ScriptedDice([7]))
            >>> j = start_journey(w, example_setup(), rng=ScriptedDice([4, 2, 1]))
            >>> print(j.apply(Choice(Act.COMMIT_MOVE, die=0), rng=ScriptedDice([])).to_markdown())
            **Day 1** · Commit Move for Travel die 1: Commit Move d8 → 7: **★★**; Travel: spend a Travel ★ or End Travel
        """
        said = (event.to_markdown() for event in self.events if type(event) is not ChoiceMade)
        return f"**Day {self.journey.day}** · {escape(str(self.choice))}: " + "; ".join(said)


def step_line(day: int, choice: Choice, events: Sequence[JourneyEvent]) -> str:
    """A step as one English line: ``Day 2: <the choice>: <each event but the ChoiceMade>; ...``."""
    said = (str(event) for event in events if type(event) is not ChoiceMade)  # the choice leads already
    return f"Day {day}: {choice}: " + "; ".join(said)


def _typed(choice: Choice, events: list[object], before: Phase, after: Phase) -> tuple[JourneyEvent, ...]:
    """The step's events as records: the choice made, the handlers' events, the phase begun.

    A rule's result is wrapped in RuleApplied, a bare line in a Note; PhaseBegan closes a step
    that changed the phase (the end of the Journey has JourneyEnded instead).
    """
    typed: list[JourneyEvent] = [ChoiceMade(choice)]
    for event in events:
        if isinstance(event, JourneyEvent):
            typed.append(event)
        elif isinstance(event, Record):
            typed.append(fast_build(RuleApplied, result=event))
        else:
            typed.append(Note(str(event)))
    if after is not before and after is not Phase.OVER and PhaseBegan(after) not in typed:
        typed.append(PhaseBegan(after))  # the end of the Journey has its own event (JourneyEnded)
    return tuple(typed)
