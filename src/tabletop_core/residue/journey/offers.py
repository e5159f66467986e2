"""What a Journey offers: every choice the rules give the player in each phase (:meth:`Journey.choices`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.endurance import StrainCheck
from tabletop_core.residue.hexmap import DIRECTIONS
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.items import Item, ItemType, SlotKind
from tabletop_core.residue.journey.choices import Act, Choice
from tabletop_core.residue.journey.phases import CommitPhase, EntryPhase, Phase, TradePhase
from tabletop_core.residue.tokens import TokenKind

if TYPE_CHECKING:
    from tabletop_core.residue.journey.state import Journey

_HEALING = (InventoryKind.FOOD, InventoryKind.WATER)
_DECISIONS = frozenset({Phase.COMMIT, Phase.LUCK, Phase.ENTRY})


def _commit_choices(journey: Journey, act: Act, *, target: int | None = None, must: bool = False) -> list[Choice]:
    """The Commits of *act* (each die the Conditions allow, with Luck or not), or No Dice Available.

    With no die of the Endurance Pool available to Commit (the pool is empty, or Fear and
    Fatigue forbid every Value in it), the Commit is offered with ``die=None``: choosing it
    resolves No Dice Available (gain 1 Strain, recover the committed dice). It is offered
    when there are committed dice to recover, and always when the Commit is one the rules
    demand (*must*: an Entry's Commit Skill, the Commit after No Dice Available), where with
    nothing to recover it is the defeat "You must Commit and have no Endurance dice available
    or recoverable".
    """
    wanderer = journey.wanderer
    endurance = wanderer.endurance
    conditions = wanderer.conditions
    # Under Delirium, Luck for the Action is decided after the reroll is seen (the LUCK phase).
    delirium = not conditions.delirium.is_zero
    lucky = (False, True) if not wanderer.luck.is_zero and not delirium else (False,)
    found: list[Choice] = []
    if endurance.pool:
        # Only Fear and Fatigue forbid dice; skip asking per die when neither is on
        # (their Condition Dice read directly: Conditions.active builds a set each call).
        limited = not conditions.fear.is_zero or not conditions.fatigue.is_zero
        found = [
            Choice(act, index, luck, target)
            for index, die in enumerate(endurance.pool)
            if not limited or conditions.commit_blocker(die.value) is None
            for luck in lucky
        ]
    if not found and (endurance.committed or must):
        found.append(Choice(act, None, False, target))  # No Dice Available
    return found


def _strain_choices(journey: Journey) -> list[Choice]:
    """Gain Strain at any time: Recover committed dice, or Reroll the pool (not under Starvation).

    Offered in every phase where the player holds a decision (not once the Journey is over).
    Each is offered once with ``dice=None``; :meth:`apply` takes any non-empty subset in ``dice``.
    """
    endurance = journey.wanderer.endurance
    found = []
    if endurance.committed:
        found.append(Choice(Act.RECOVER))
    if endurance.pool and not journey.wanderer.conditions.has(Condition.STARVATION):
        found.append(Choice(Act.REROLL))
    return found


def _switch_choices(journey: Journey) -> list[Choice]:
    """Switch Items: any Item Slot with any Weapon Slot, unless empty both or a Corruption card."""
    loadout = journey.wanderer.loadout
    found = []
    for i, held in enumerate(loadout.item_slots):
        for j, wielded in enumerate(loadout.weapon_slots):
            cards = [c for c in (held, wielded) if c is not None]
            if cards and not any(c.is_corruption_card for c in cards):
                found.append(Choice(Act.SWITCH, item_slot=i, weapon_slot=j))
    return found


def _recycle_choices(journey: Journey) -> list[Choice]:
    """Recycle Item: any card in a slot but a Corruption card (Corruption cannot normally be removed)."""
    loadout = journey.wanderer.loadout
    found = [
        Choice(Act.RECYCLE, item_slot=i)
        for i, card in enumerate(loadout.item_slots)
        if card is not None and not card.is_corruption_card
    ]
    found += [
        Choice(Act.RECYCLE, weapon_slot=j)
        for j, card in enumerate(loadout.weapon_slots)
        if card is not None and not card.is_corruption_card
    ]
    return found


def _activate_choices(journey: Journey) -> list[Choice]:
    """Activate a card (dX Uses) with a Uses die with a Uses die whose requirements are met.

    A Weapon's abilities function only in a Weapon Slot.
    """
    loadout = journey.wanderer.loadout
    if not any(card is not None and not card.uses.is_zero for card in loadout.items):
        return []  # the common case, without building the Conditions set
    working = journey.wanderer.working_items  # Requires X and Battery under Depletion
    found = []
    for kind, slots in ((SlotKind.ITEM, loadout.item_slots), (SlotKind.WEAPON, loadout.weapon_slots)):
        for index, card in enumerate(slots):
            if card is None or card.uses.is_zero or card not in working:
                continue
            if kind is SlotKind.ITEM and card.type is ItemType.WEAPON:
                continue
            if kind is SlotKind.ITEM:
                found.append(Choice(Act.ACTIVATE, item_slot=index))
            else:
                found.append(Choice(Act.ACTIVATE, weapon_slot=index))
    return found


def _fast_travel_choices(journey: Journey) -> list[Choice]:
    """Fast Travel: from an Active Portal on this Hex to any other Active Portal (the Portal rules allowing)."""
    rules = journey.setup.portal_rules
    if rules is None:
        return []
    if rules.inventory is not None and journey.wanderer.inventory.die(rules.inventory).is_zero:
        return []
    portals = [i for i, t in enumerate(journey.tokens) if t.kind is TokenKind.PORTAL and t.active]
    if not any(journey.tokens[i].at == journey.position for i in portals):
        return []
    return [Choice(Act.FAST_TRAVEL, target=i) for i in portals if journey.tokens[i].at != journey.position]


def _place_choices(journey: Journey) -> tuple[Choice, ...]:
    """A gained card: any slot (a slot holding a Corruption card only for another Corruption)."""
    card = journey.gained[0]  # the PLACE phase always holds one
    loadout = journey.wanderer.loadout

    def fits(held: Item | None) -> bool:
        return held is None or not held.is_corruption_card or card.is_corruption_card

    found = [Choice(Act.PLACE, item_slot=i) for i, held in enumerate(loadout.item_slots) if fits(held)]
    found += [Choice(Act.PLACE, weapon_slot=j) for j, held in enumerate(loadout.weapon_slots) if fits(held)]
    if not card.is_corruption_card or not found:
        found.append(Choice(Act.DISCARD_CARD))  # a Corruption card must take a slot when one can hold it
    return tuple(found)


def _trade_choices(journey: Journey) -> tuple[Choice, ...]:
    stage = journey.stage
    assert isinstance(stage, TradePhase)
    vendor = journey.vendor(stage.vendor)
    if stage.paying is not None:  # a Barter under way: the player picks each ⊙ of Tradeable Inventory
        kinds = journey.wanderer.inventory.allowed(vendor.tradeable)
        return (*(Choice(Act.BARTER_PAY, kind=kind) for kind in kinds), *_strain_choices(journey))
    free_slot = None in journey.wanderer.loadout.item_slots
    goods = [] if vendor.wait_for_rest or not free_slot else range(len(vendor.goods))
    # Leave stays last (the shipped policies pick it as the last choice).
    return (*(Choice(Act.BARTER, target=i) for i in goods), *_strain_choices(journey), Choice(Act.LEAVE))


def _payoff_choices(journey: Journey) -> tuple[Choice, ...]:
    wanderer = journey.wanderer
    kinds = wanderer.inventory.allowed()
    found = [Choice(Act.PAY, kind=kind) for kind in kinds]
    if wanderer.strain < wanderer.strain_threshold:
        found.append(Choice(Act.STOP_PAYING))
    elif not kinds:
        endurance = wanderer.endurance
        sizes = sorted({d.die for d in endurance.pool} | set(endurance.exhausted), key=lambda d: d.sides)
        found.extend(Choice(Act.BANISH, banish=size) for size in sizes)
        if not sizes:
            found.append(Choice(Act.BANISH))  # Cannot Banish: choosing it is defeat
    # Switch Items is free during Rest; Recycle and an Item's activation are offered at Rest too.
    return (
        *found,
        *_switch_choices(journey),
        *_recycle_choices(journey),
        *_activate_choices(journey),
        *_strain_choices(journey),
    )


def _recover_choices(journey: Journey) -> tuple[Choice, ...]:
    wanderer = journey.wanderer
    found = []
    if wanderer.health.missing:
        found += [Choice(Act.HEAL, kind=k) for k in wanderer.inventory.allowed(_HEALING)]
    for condition, act in ((Condition.PANIC, Act.PANIC_ROLL), (Condition.FATIGUE, Act.FATIGUE_ROLL)):
        if wanderer.conditions.has(condition):
            found += [Choice(act, kind=k) for k in wanderer.inventory.allowed()]
    return (
        *found,
        *_switch_choices(journey),
        *_recycle_choices(journey),
        *_activate_choices(journey),
        *_strain_choices(journey),
        Choice(Act.END_REST),
    )


def _decision_choices(journey: Journey) -> tuple[Choice, ...]:
    """The phases of issue 13's decisions: a No-Dice-Available Commit, Luck after Delirium, an Entry.

    Gain Strain (Reroll, Recover) follows the decision's own choices in each.
    """
    return (*_decision_own(journey), *_strain_choices(journey))


def _decision_own(journey: Journey) -> tuple[Choice, ...]:
    stage = journey.stage
    if type(stage) is CommitPhase:  # No Dice Available recovered the dice: that Commit now
        must = stage.must
        return tuple(_commit_choices(journey, must.act, target=must.target, must=True))
    if type(stage) is not EntryPhase:
        return (Choice(Act.LUCK), Choice(Act.NO_LUCK))
    if stage.item is not None:
        return (Choice(Act.GAIN_ITEM), Choice(Act.LEAVE_ITEM))
    if stage.shuffle is not None:
        return (Choice(Act.SHUFFLE), Choice(Act.NO_SHUFFLE))
    if stage.drawing is not None and journey.item_deck is not None:  # Draw X. Choose Y.: keep one at a time
        drawn = journey.item_deck.draw_choose(stage.drawing.draw, stage.drawing.draw, matching=stage.drawing.draw_type)
        return tuple(Choice(Act.KEEP_CARD, target=i) for i in range(len(drawn.kept)) if i not in stage.kept)
    if stage.option is not None:
        return tuple(_commit_choices(journey, Act.COMMIT_SKILL, must=True))
    return tuple(Choice(Act.OPTION, target=i) for i in stage.entry.available_options(journey.wanderer))


def offered(journey: Journey) -> tuple[Choice, ...]:
    """Every choice the rules give the player now (empty once the Journey is over): :meth:`Journey.choices`."""
    phase = journey.phase
    if phase in _DECISIONS:
        return _decision_choices(journey)
    if phase is Phase.TRAVEL:
        return (
            *_commit_choices(journey, Act.COMMIT_MOVE),
            Choice(Act.END_TRAVEL),
            *_strain_choices(journey),
            *_switch_choices(journey),
            *_recycle_choices(journey),
            *_activate_choices(journey),
            *(Choice(Act.MEET, target=i) for i in journey.optional_here()),
            *_fast_travel_choices(journey),
        )
    if phase is Phase.MOVE:
        return (
            *(Choice(Act.MOVE, direction=d) for d in DIRECTIONS),
            Choice(Act.END_TRAVEL),
            *_fast_travel_choices(journey),
            *_strain_choices(journey),
            *_switch_choices(journey),
            *_recycle_choices(journey),
            *_activate_choices(journey),
        )
    if phase is Phase.MEET:
        meets = (Choice(Act.MEET, target=i) for i in journey.optional_here())
        return (*meets, Choice(Act.GO_ON), *_strain_choices(journey))
    if phase is Phase.PLACE:
        return (*_place_choices(journey), *_strain_choices(journey))
    if phase is Phase.COMBAT:
        encounter = journey.stage.encounter  # type: ignore[attr-defined]  # the COMBAT phase's
        attacks = [c for t in encounter.living for c in _commit_choices(journey, Act.ATTACK, target=t)]
        runs = _commit_choices(journey, Act.RUN)
        return (
            *attacks,
            Choice(Act.PASS),
            *runs,
            *_strain_choices(journey),
            *_switch_choices(journey),
            *_activate_choices(journey),
        )
    if phase is Phase.DEFEND:
        # Defense is optional ("You may Commit Defense"): no No-Dice-Available Commit, but
        # Strain may be gained first to Reroll or Recover dice (at any time).
        defend = [c for c in _commit_choices(journey, Act.DEFEND) if c.die is not None]
        return (*defend, *_strain_choices(journey), Choice(Act.NO_DEFENSE))
    if phase is Phase.ESCAPE:
        return (*(Choice(Act.ESCAPE_TO, direction=d) for d in DIRECTIONS), *_strain_choices(journey))
    if phase is Phase.TRADE:
        return _trade_choices(journey)
    if phase is Phase.PAYOFF:
        return _payoff_choices(journey)
    if phase is Phase.RECOVER:
        return _recover_choices(journey)
    if phase is Phase.CHECK_STRAIN:
        strain = _strain_choices(journey)
        if journey.wanderer.strain_check is StrainCheck.TRAVEL_OR_REST:
            return (Choice(Act.TRAVEL), Choice(Act.REST), *strain)
        return (Choice(Act.REST), *strain)
    return ()
