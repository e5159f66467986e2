"""RESIDUE's Journey as a step-by-step state machine an app drives, or a policy plays.

A :class:`Journey` is one frozen state: the Wanderer, the HexMap, the Tokens,
the phase of the Journey procedure and whatever is pending (Travel ★ left, a
Combat, Retaliations to defend against). At every point :meth:`Journey.choices`
lists the choices the rules give the player, and :meth:`Journey.apply` applies
the one chosen, drawing any dice from ``rng``, and returns a
:class:`JourneyStep`: the new state and what happened, as typed event records
that keep the dice (``str()`` of each is one English line). A policy object
(:class:`CautiousPolicy`, :class:`GreedyPolicy` or your own) can make every
choice, so the same engine plays a whole game unattended (:func:`play_journey`).

The procedure:

* **Travel Phase**: Commit Move (choose the die, and whether to use Luck); each
  ★ is a Travel ★; each Travel ★ moves one Hex (choose the direction); ⊙ Gear
  on every Hex entered (not at Gear 0), and while Exposed suffer the Region
  Hazard; resolve the Hex: Discovery (its Region and Area), Special Hex, Tokens
  (the Hum last). An Undiscovered Hex ends Travel; End Travel loses the remaining ★.
* **Tokens** on the Hex entered: a Creature's Encounter, the Hum (the Journey
  is won), Discover Anomaly (once), a Portal (no Encounter; Fast Travel to another
  Portal under the caller's :class:`PortalRules`), Raiders, Vendors and NPCs met at
  once when mandatory or offered as a choice when optional; a card an Entry gives
  goes into the slot the player chooses (a Corruption card is permanent Corruption);
  Recycle an Item for Gear ⇧ in the Travel Phase and at Rest.
* **Combat**: Commit Attack at one enemy, Pass, or Run (Commit Move); after each,
  every surviving enemy Retaliates and you may Commit Defense against each one.
* **Rest Phase**: Token Movement (a Token that enters your Hex is resolved before
  movement goes on), Check Strain, then Rest (the Rest Steps of
  :mod:`~tabletop_core.residue.rest`) or, below the Strain Threshold, back to Travel.
* The Journey ends when the Wanderer reaches the Hum or is defeated (each
  cause reported), or, as guards for unattended play only, after
  :attr:`JourneySetup.max_days` days or :attr:`JourneySetup.choice_limit` choices.
  Until then it always offers a choice, and accepts every choice it offers.

Content the glossary refers to but does not give is the caller's data in a
:class:`JourneySetup`: the Regions and their Areas, what each Area Entry does
(:class:`AreaEntry`: a Creature to fight, HP, Inventory or a Condition), the
Creatures' stats, each Region's Mutation and Hazard. Discovering a Region rolls
one die over the map's Regions, standing in for the Region table.

The whole state round-trips through JSON (``to_json``/``from_json``), so a
game can be saved and resumed exactly; ``to_json(embed_setup=False)`` saves the content
by its digest (:class:`SetupRef`), and ``from_json(text, setup=...)`` checks it. Every choice
:meth:`Journey.choices` offers names the thing chosen, :meth:`Journey.menu` groups them by
decision, and :meth:`Journey.dice_for` says which dice one will ask for (roll them at a real
table with :class:`~tabletop_core.CallbackDice`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop_core._lazy import lazy_attributes
from tabletop_core.residue.journey import saves as _saves  # noqa: F401  (registers the migrations)
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
from tabletop_core.residue.journey.content import AreaEntry, JourneySetup, PortalRules, RegionRules
from tabletop_core.residue.journey.describe import ChoiceGroup, DicePlan
from tabletop_core.residue.journey.engine import start_journey
from tabletop_core.residue.journey.events import (
    CardGained,
    ChoiceMade,
    CombatBegan,
    Defeated,
    DieRolled,
    HPChanged,
    JourneyEnded,
    JourneyEvent,
    Moved,
    NewDay,
    Note,
    PhaseBegan,
    ReachedHum,
    RuleApplied,
    StrainChecked,
    StrainGained,
    TokenFound,
)
from tabletop_core.residue.journey.example import example_setup
from tabletop_core.residue.journey.phases import JourneyOutcome, Phase
from tabletop_core.residue.journey.play import JourneyPlay
from tabletop_core.residue.journey.policies import CautiousPolicy, GreedyPolicy, Policy, play_journey
from tabletop_core.residue.journey.setup_ref import SetupRef
from tabletop_core.residue.journey.state import Journey, JourneyStep
from tabletop_core.residue.journey.summary import JourneySimulation

__all__ = [
    "Act",
    "AreaEntry",
    "BanishChoice",
    "CardGained",
    "CautiousPolicy",
    "Choice",
    "ChoiceGroup",
    "ChoiceMade",
    "CombatBegan",
    "CommitChoice",
    "Defeated",
    "DicePlan",
    "DieRolled",
    "GreedyPolicy",
    "HPChanged",
    "InventoryChoice",
    "Journey",
    "JourneyEnded",
    "JourneyEvent",
    "JourneyOutcome",
    "JourneyPlay",
    "JourneySetup",
    "JourneySimulation",
    "JourneyStep",
    "MoveChoice",
    "Moved",
    "NewDay",
    "Note",
    "Phase",
    "PhaseBegan",
    "PickChoice",
    "PlainChoice",
    "Policy",
    "PortalRules",
    "ReachedHum",
    "RegionRules",
    "RuleApplied",
    "SetupRef",
    "SlotChoice",
    "StrainChecked",
    "StrainChoice",
    "StrainGained",
    "SwitchChoice",
    "TakeRestChoice",
    "TokenFound",
    "example_setup",
    "kind_of",
    "play_journey",
    "simulate_journey",
    "start_journey",
]

if TYPE_CHECKING:
    from tabletop_core.residue.journey.simulate import simulate_journey

# Loaded on first use: the simulation's executor machinery (tabletop_core._runs) imports numpy,
# which playing a Journey step by step never needs.
__getattr__, __dir__ = lazy_attributes(__name__, {"simulate_journey": ".simulate"})
