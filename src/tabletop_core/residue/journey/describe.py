"""Choices that describe themselves: their words, their menu, and the dice they will ask for.

:meth:`Journey.choices <tabletop_core.residue.journey.Journey.choices>` gives every choice a
``label`` naming the thing chosen (the die's size and Value, the enemy's name and HP, the
option's text, the good and its price, the Hex and what is known of it), which ``str()``
shows; :meth:`Journey.menu <tabletop_core.residue.journey.Journey.menu>` groups them by
decision (:class:`ChoiceGroup`), so a chat bot shows a short menu first; and
:meth:`Journey.dice_for <tabletop_core.residue.journey.Journey.dice_for>` says which dice a
choice's resolution will ask for (:class:`DicePlan`), before it is applied.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

import attrs

from tabletop_core._fast import fast_replace
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, of_type, one_line
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.hexmap import Hex
from tabletop_core.residue.items import SWITCH_COST, Context, Item
from tabletop_core.residue.journey.acts import Act
from tabletop_core.residue.journey.choice_base import Choice
from tabletop_core.residue.journey.choices import StrainChoice
from tabletop_core.residue.journey.content import _FIGHTERS
from tabletop_core.residue.journey.phases import (
    CombatPhase,
    CommitPhase,
    EntryPhase,
    JourneyStage,
    LuckPhase,
    Phase,
    TradePhase,
)
from tabletop_core.residue.tokens import Token, TokenKind
from tabletop_core.rng import DiceSource

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from tabletop_core.residue.journey.state import Journey

__all__ = ["DICE_PLAN_BUDGET", "ChoiceGroup", "DicePlan"]

DICE_PLAN_BUDGET = 200
"""How many trial resolutions :meth:`Journey.dice_for` may run to work out a choice's dice (a work limit)."""


# -- the words of each choice --------------------------------------------------------------


def _shown(position: int) -> int:
    return position + 1


def _base(stage: JourneyStage) -> JourneyStage:
    """The stage a Commit is made in (a Commit after No Dice Available is made in the stage it was demanded in)."""
    return stage.before if type(stage) is CommitPhase else stage


def _die(journey: Journey, choice: Choice) -> str:
    """Which die a Commit takes, in words: its position, size and Value (and Luck), or No Dice Available."""
    endurance = journey.wanderer.endurance
    if choice.die is None:
        if not endurance.committed:
            return "No Dice Available: no die to Commit or recover (defeat)"
        dice = ", ".join(f"{entry.die.die} ({entry.slot})" for entry in endurance.committed)
        return f"No Dice Available: +1 Strain to recover {dice}"
    die = endurance.pool[choice.die]
    luck = f" and ⊙ Luck {journey.wanderer.luck}" if choice.luck else ""
    return f"die {_shown(choice.die)}, a {die.die} showing {die.value}{luck}"


def _enemy(journey: Journey, index: int) -> str:
    stage = _base(journey.stage)
    assert type(stage) is CombatPhase  # an enemy is named only in a Combat
    foe = stage.encounter.enemies[index]
    return f"{foe.name} (HP {foe.hp}/{foe.max_hp}, Defense {foe.defense}, Damage {foe.damage})"


def _commit(journey: Journey, choice: Choice) -> str:
    act = choice.act
    die = _die(journey, choice)
    if act is Act.ATTACK:
        assert choice.target is not None
        return f"Commit Attack on {_enemy(journey, choice.target)} with {die}"
    if act is Act.DEFEND:
        stage = journey.stage
        assert type(stage) is CombatPhase
        foe = stage.encounter.enemies[stage.retaliators[0]]
        return f"Commit Defense against {foe.name}'s {foe.damage} Damage with {die}"
    if act is Act.COMMIT_SKILL:
        stage = _base(journey.stage)
        assert type(stage) is EntryPhase
        assert stage.option is not None
        test = stage.entry.options[stage.option].test
        return f"{test} for {stage.entry.options[stage.option].text} with {die}"
    return f"{'Run (Commit Move)' if act is Act.RUN else 'Commit Move'} with {die}"


def _hex(journey: Journey, where: Hex) -> str:
    """A Hex as the map knows it: New or its Region and Area, and the Tokens seen on it."""
    tile = journey.hexmap.tile(where)
    if tile.ruin:
        known = "the Ruin Hex" + (f" in {tile.region}" if tile.region else ", Undiscovered")
    elif tile.is_new:
        known = f"a New Hex{f' in {tile.region}' if tile.region else ''}"
    else:
        known = f"{tile.region or ''} · {tile.area}".lstrip(" ·")
    seen = [_token(t) for t in journey.tokens if t.at == where]
    return f"{where}, {known}" + (f" ({', '.join(seen)})" if seen else "")


def _token(token: Token) -> str:
    """A Token as seen on the map: its kind and name (the Hum as itself)."""
    return "the Hum" if token.kind is TokenKind.HUM else f"{token.kind} {token.name}".rstrip()


def _move(journey: Journey, choice: Choice) -> str:
    assert choice.direction is not None
    where = journey.position.neighbour(choice.direction)
    verb = "Escape" if choice.act is Act.ESCAPE_TO else "move"
    return f"{verb} {choice.direction} to {_hex(journey, where)}"


def _strain(journey: Journey, choice: Choice) -> str:
    endurance = journey.wanderer.endurance
    if choice.act is Act.REROLL:
        pool = endurance.pool
        if choice.dice is None:
            shown = ", ".join(f"{d.die} ({d.value})" for d in pool)
            return f"gain 1 Strain to Reroll the whole Endurance Pool: {shown}"
        picked = [f"die {_shown(i)}, a {pool[i].die} showing {pool[i].value}" for i in choice.dice if i < len(pool)]
        return "gain 1 Strain to Reroll " + " and ".join(picked)
    committed = endurance.committed
    if choice.dice is None:
        dice = ", ".join(f"{entry.die.die} ({entry.slot})" for entry in committed)
        return f"gain 1 Strain to Recover every committed die: {dice}"
    picked = [f"the {committed[i].die.die} committed to {committed[i].slot}" for i in choice.dice if i < len(committed)]
    return "gain 1 Strain to Recover " + " and ".join(picked)


def _inventory(journey: Journey, choice: Choice) -> str:
    kind = choice.kind
    assert kind is not None
    wanderer = journey.wanderer
    die = f"⊙ {kind} {wanderer.inventory.die(kind)}"
    if choice.act is Act.PAY:
        return f"pay 1 Strain: {die} (Strain {wanderer.strain}, ST {wanderer.strain_threshold})"
    if choice.act is Act.HEAL:
        return f"{die}: +1 HP (HP {wanderer.health.hp}/{wanderer.health.max_hp})"
    if choice.act is Act.BARTER_PAY:
        stage = journey.stage
        assert type(stage) is TradePhase
        assert stage.paying is not None
        vendor = journey.vendor(stage.vendor)
        cost = vendor.price(stage.paying)
        return f"pay {vendor.name} for {vendor.goods[stage.paying].name}: {die} ({len(stage.paid) + 1} of {cost})"
    condition = Condition.PANIC if choice.act is Act.PANIC_ROLL else Condition.FATIGUE
    return f"{die} instead of healing, then roll {condition} {wanderer.conditions.die(condition)}"


def _card(item: Item | None) -> str:
    return "empty" if item is None else item.name


_SWITCH_CONTEXT = {Phase.COMBAT: Context.COMBAT, Phase.PAYOFF: Context.REST, Phase.RECOVER: Context.REST}


def _slots(journey: Journey, choice: Choice) -> str:
    loadout = journey.wanderer.loadout
    if choice.act is Act.SWITCH:
        assert choice.item_slot is not None
        assert choice.weapon_slot is not None
        held, wielded = loadout.item_slots[choice.item_slot], loadout.weapon_slots[choice.weapon_slot]
        cost = SWITCH_COST[_SWITCH_CONTEXT.get(journey.phase, Context.OUTSIDE_REST)]
        price = f", +{cost} Strain" if cost else ", free during Rest"
        return (
            f"Switch Items: {_card(held)} (Item Slot {_shown(choice.item_slot)}) <-> "
            f"{_card(wielded)} (Weapon Slot {_shown(choice.weapon_slot)}){price}"
        )
    if choice.item_slot is not None:
        slot, card = f"Item Slot {_shown(choice.item_slot)}", loadout.item_slots[choice.item_slot]
    else:
        assert choice.weapon_slot is not None
        slot, card = f"Weapon Slot {_shown(choice.weapon_slot)}", loadout.weapon_slots[choice.weapon_slot]
    if choice.act is Act.PLACE:
        gained = journey.gained[0]
        there = "(empty)" if card is None else f"(discarding {card.name}, +1 Strain)"
        return f"put {gained.name} in {slot} {there}"
    assert card is not None
    if choice.act is Act.RECYCLE:
        gear = journey.wanderer.inventory.gear
        return f"Recycle {card.name} ({slot}): Gear ⇧ {gear} -> {gear.up()}"
    return f"activate {card.name} ({slot}): roll its Uses {card.uses}"


def _pick(journey: Journey, choice: Choice) -> str:
    target = choice.target
    assert target is not None
    stage = journey.stage
    if choice.act is Act.BARTER:
        assert type(stage) is TradePhase
        vendor = journey.vendor(stage.vendor)
        kinds = ", ".join(map(str, vendor.tradeable))
        return f"Barter for {vendor.goods[target]} from {vendor.name}: {vendor.price(target)} ⊙ of {kinds}"
    if choice.act is Act.OPTION:
        assert type(stage) is EntryPhase
        option = stage.entry.options[target]
        test = f" [{option.test}]" if option.test is not None else ""
        return f"{stage.entry.name}: {option}{test}"
    if choice.act is Act.KEEP_CARD:
        assert type(stage) is EntryPhase
        assert stage.drawing is not None
        assert journey.item_deck is not None
        drawing = stage.drawing
        drawn = journey.item_deck.draw_choose(drawing.draw, drawing.draw, matching=drawing.draw_type)
        return f"keep {drawn.kept[target]} (card {_shown(target)} drawn)"
    token = journey.tokens[target]
    if choice.act is Act.FAST_TRAVEL:
        return f"Fast Travel to {token} ({journey.setup.portal_rules})"
    if token.kind in _FIGHTERS:
        foe = token.foe or journey.setup.creature(token.name, journey.hexmap.region_of(journey.position))
        return f"meet {token.kind} {foe}"
    return f"meet {token}"


def _plain(journey: Journey, choice: Choice) -> str:
    act = choice.act
    stage = journey.stage
    if act is Act.END_TRAVEL:
        stars = journey.travel_stars
        return f"End Travel (lose {stars} Travel ★)" if stars else "End Travel"
    if act is Act.PASS:
        return "Pass: the Attack counts as 0 and every living enemy Retaliates"
    if act is Act.NO_DEFENSE:
        assert type(stage) is CombatPhase
        foe = stage.encounter.enemies[stage.retaliators[0]]
        return f"take the blow: {foe.name}'s {foe.damage} Damage, no Defense"
    if act is Act.TRAVEL:
        wanderer = journey.wanderer
        return f"return to the Travel Phase (Strain {wanderer.strain} below ST {wanderer.strain_threshold})"
    if act is Act.STOP_PAYING:
        wanderer = journey.wanderer
        return f"stop paying Strain (Strain {wanderer.strain}, below ST {wanderer.strain_threshold})"
    if act is Act.LEAVE:
        assert type(stage) is TradePhase
        return f"leave Vendor {stage.vendor}"
    if act is Act.GO_ON:
        tokens = journey.tokens
        names = ", ".join(f"{tokens[i].kind} {tokens[i].name}".rstrip() for i in journey.optional_here())
        return f"go on without meeting {names}"
    if act is Act.DISCARD_CARD:
        return f"discard {journey.gained[0].name}"
    if act in (Act.LUCK, Act.NO_LUCK):
        assert type(stage) is LuckPhase
        action = stage.pending.action
        if act is Act.LUCK:
            return f"⊙ Luck {journey.wanderer.luck} for the Commit {action.slot} (now {action.stars}★)"
        return f"resolve the Commit {action.slot} at {action.stars}★, without Luck"
    if act in (Act.GAIN_ITEM, Act.LEAVE_ITEM):
        assert type(stage) is EntryPhase
        return f"Gain Item {stage.item} (from wherever it is)" if act is Act.GAIN_ITEM else f"leave {stage.item}"
    if act in (Act.SHUFFLE, Act.NO_SHUFFLE):
        assert type(stage) is EntryPhase
        return f"shuffle the {stage.shuffle}" if act is Act.SHUFFLE else f"leave the {stage.shuffle} as it is"
    return str(act)


def _banish(_journey: Journey, choice: Choice) -> str:
    if choice.banish is None:
        return "Cannot Banish: no Endurance die left to banish (defeat)"
    return f"No Inventory: banish a {choice.banish} Endurance die and set Strain to 0"


def _rest(journey: Journey, choice: Choice) -> str:
    if choice.rest is not None:
        return f"Rest with {choice.rest}"
    wanderer = journey.wanderer
    return f"Rest (Strain {wanderer.strain}, HP {wanderer.health.hp}/{wanderer.health.max_hp})"


_WORDS: dict[Act, Callable[[Journey, Choice], str]] = {
    **dict.fromkeys((Act.COMMIT_MOVE, Act.ATTACK, Act.RUN, Act.DEFEND, Act.COMMIT_SKILL), _commit),
    **dict.fromkeys((Act.MOVE, Act.ESCAPE_TO), _move),
    **dict.fromkeys((Act.REROLL, Act.RECOVER), _strain),
    **dict.fromkeys((Act.PAY, Act.HEAL, Act.PANIC_ROLL, Act.FATIGUE_ROLL, Act.BARTER_PAY), _inventory),
    **dict.fromkeys((Act.SWITCH, Act.PLACE, Act.RECYCLE, Act.ACTIVATE), _slots),
    **dict.fromkeys((Act.BARTER, Act.OPTION, Act.KEEP_CARD, Act.FAST_TRAVEL, Act.MEET), _pick),
    Act.BANISH: _banish,
    Act.REST: _rest,
}


def words(journey: Journey, choice: Choice) -> str:
    """The choice in words that name the thing chosen, in *journey* (where it is offered)."""
    return _WORDS.get(choice.act, _plain)(journey, choice)


def _labelled(choice: Choice, label: str) -> Choice:
    """*choice* with its words (a copy: the offered choices are shared values)."""
    return cast(Choice, fast_replace(cast("attrs.AttrsInstance", choice), label=label))  # every kind is attrs


def described(journey: Journey, offered: Sequence[Choice]) -> tuple[Choice, ...]:
    """The offered choices with their labels; a Reroll and a Recover also offered die by die."""
    found: list[Choice] = []
    for choice in offered:
        found.append(_labelled(choice, words(journey, choice)))
        if type(choice) is StrainChoice and choice.dice is None:
            endurance = journey.wanderer.endurance
            count = len(endurance.pool) if choice.act is Act.REROLL else len(endurance.committed)
            if count > 1:
                for index in range(count):
                    single = Choice(choice.act, dice=(index,))  # shared: built once
                    found.append(_labelled(single, words(journey, single)))
    return tuple(found)


# -- the menu --------------------------------------------------------------------------------

_PROMPTS: dict[Act, str] = {
    Act.COMMIT_MOVE: "Commit Move: which die?",
    Act.RUN: "Run (Commit Move): which die?",
    Act.MOVE: "Move: which direction?",
    Act.ESCAPE_TO: "Escape: to which adjacent Hex?",
    Act.REROLL: "Reroll for 1 Strain: which dice?",
    Act.RECOVER: "Recover for 1 Strain: which dice?",
    Act.PAY: "Strain Payoff: which Inventory?",
    Act.BANISH: "No Inventory: banish which Endurance die?",
    Act.HEAL: "Recover HP: ⊙ Food or Water?",
    Act.PANIC_ROLL: "⊙ Inventory instead, then roll Panic: which Inventory?",
    Act.FATIGUE_ROLL: "⊙ Inventory instead, then roll Fatigue: which Inventory?",
    Act.SWITCH: "Switch Items: which slots?",
    Act.BARTER: "Barter: which good?",
    Act.BARTER_PAY: "Pay the Barter: which Tradeable Inventory?",
    Act.FAST_TRAVEL: "Fast Travel: to which Portal?",
    Act.MEET: "Meet: which optional Encounter?",
    Act.PLACE: "The gained card: into which slot?",
    Act.RECYCLE: "Recycle: which Item?",
    Act.ACTIVATE: "Activate: which Item?",
    Act.KEEP_CARD: "Draw X. Choose Y.: keep which card?",
}


def _prompt(journey: Journey, first: Choice) -> str:
    act = first.act
    if act is Act.ATTACK:
        assert first.target is not None
        return f"Commit Attack on {_enemy(journey, first.target)}: which die?"
    if act is Act.DEFEND:
        stage = journey.stage
        assert type(stage) is CombatPhase
        return f"Commit Defense against {stage.encounter.enemies[stage.retaliators[0]].name}: which die?"
    if act is Act.COMMIT_SKILL:
        stage = _base(journey.stage)
        assert type(stage) is EntryPhase
        assert stage.option is not None
        return f"{stage.entry.options[stage.option].test} for {stage.entry.options[stage.option].text}: which die?"
    if act is Act.OPTION:
        stage = journey.stage
        assert type(stage) is EntryPhase
        return f"Entry {stage.entry.name}: which option?"
    return _PROMPTS.get(act, str(first))


@frozen
class ChoiceGroup(Record):
    """One decision of :meth:`Journey.menu`: a prompt and the choices that answer it.

    A chat bot shows the prompts as a short menu, then the chosen group's choices (each
    ``str()`` names the thing chosen). A decision with one answer (End Travel, Pass, Rest,
    the only die a Commit may take, ...) is a group of one, its prompt the choice's words.

    Attributes:
        act: The kind of choice the group holds.
        prompt: The question, in words ("Commit Attack on Husk (HP 3/3, ...): which die?").
        choices: The choices, as :meth:`Journey.choices` offers them.
    """

    act: Act = attrs.field(validator=of_type(Act))
    prompt: str = attrs.field(validator=one_line())
    choices: tuple[Choice, ...] = attrs.field(validator=attrs.validators.deep_iterable(of_type(Choice), of_type(tuple)))

    def __attrs_post_init__(self) -> None:
        if not self.choices:
            raise InvalidInput("choices: a ChoiceGroup holds at least one choice")
        for choice in self.choices:
            if choice.act is not self.act:
                raise InvalidInput(f"choices: every choice of a {self.act.name} group is a {self.act.name}")

    def __str__(self) -> str:
        if len(self.choices) == 1:
            return self.prompt
        return f"{self.prompt} ({len(self.choices)} choices)"


def grouped(journey: Journey, choices: Sequence[Choice]) -> tuple[ChoiceGroup, ...]:
    """*choices* grouped by decision, in the order each decision is first offered.

    A group is one act; Commit Attack is one group per enemy. A decision with a single
    answer (End Travel, Pass, Rest, ...) has the choice's own words as its prompt.
    """
    keys: list[tuple[Act, int | None]] = []
    members: dict[tuple[Act, int | None], list[Choice]] = {}
    for choice in choices:
        key = (choice.act, choice.target if choice.act is Act.ATTACK else None)
        if key not in members:
            keys.append(key)
            members[key] = []
        members[key].append(choice)
    groups = []
    for key in keys:
        found = members[key]
        prompt = str(found[0]) if len(found) == 1 else _prompt(journey, found[0])
        groups.append(ChoiceGroup(key[0], prompt, tuple(found)))
    return tuple(groups)


# -- the dice a choice will ask for --------------------------------------------------------------


def _sizes(value: object) -> tuple[int, ...]:
    if not isinstance(value, tuple):
        raise TypeError(f"dice must be a tuple of die sizes, got {type(value).__name__}")
    return tuple(check_int("dice: a die's sides", size, low=2) for size in value)


@frozen
class DicePlan(Record):
    """The dice a choice's resolution asks for, in order, as far as the rules fix them before any is rolled.

    Attributes:
        dice: The sides of each die asked for first, in order, whatever the dice show
            (``(8, 3)``: a d8, then a d3). Never a die of fewer than 2 sides.
        more: Further dice may follow, depending on what these show (or beyond the work
            :data:`DICE_PLAN_BUDGET` allows); ``False``: these are all the dice.
    """

    dice: tuple[int, ...] = attrs.field(converter=_sizes)
    more: bool = attrs.field(validator=of_type(bool))

    def __str__(self) -> str:
        if not self.dice:
            return "dice depending on the outcome" if self.more else "no dice"
        listed = ", then ".join(f"d{sides}" for sides in self.dice)
        return f"{listed}, then maybe more" if self.more else listed


class _Asked(BaseException):
    """A trial resolution asked for a die past the faces given (BaseException: no handler of the engine catches it)."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class _Trial(DiceSource):
    """Dice for a trial resolution: the faces given, then :class:`_Asked` naming the next die's size."""

    __slots__ = ("_faces", "_next")

    def __init__(self, faces: tuple[int, ...]) -> None:
        self._faces = faces
        self._next = 0

    def roll(self, sides: int) -> int:
        if self._next >= len(self._faces):
            raise _Asked(sides)
        face = self._faces[self._next]
        self._next += 1
        return face

    def roll_many(self, sides: int, n: int) -> npt.NDArray[np.int64]:
        import numpy as np

        return np.array([self.roll(sides) for _ in range(n)], dtype=np.int64)


def _next_die(journey: Journey, choice: Choice, faces: tuple[int, ...]) -> int | None:
    """The size of the die asked for after *faces*, or ``None``: the resolution asks for no more."""
    try:
        journey._advance(choice, _Trial(faces), [])
    except _Asked as asked:
        return asked.sides
    return None


def plan(journey: Journey, choice: Choice, budget: int) -> DicePlan:
    """Work out the dice *choice* asks for: resolve it on every combination of faces, level by level.

    Die *k* is fixed when every combination of the faces before it asks for a die of the
    same size; the first level where they differ (or some ask for none) ends what is fixed.
    Exact up to *budget* trial resolutions, which bound the work: past it, ``more`` is set.
    """
    sizes: list[int] = []
    frontier: list[tuple[int, ...]] = [()]
    runs = 0
    while True:
        if runs + len(frontier) > budget:
            return DicePlan(tuple(sizes), more=True)
        asked = {_next_die(journey, choice, faces) for faces in frontier}
        runs += len(frontier)
        if asked == {None}:
            return DicePlan(tuple(sizes), more=False)
        if len(asked) > 1:
            return DicePlan(tuple(sizes), more=True)
        size = asked.pop()
        assert size is not None
        sizes.append(size)
        frontier = [(*faces, face) for faces in frontier for face in range(1, size + 1)]
