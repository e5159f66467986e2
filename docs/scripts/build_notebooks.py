"""Write the notebook gallery: ``python docs/scripts/build_notebooks.py [--execute] [NAME ...]``.

The notebooks in ``docs/notebooks/`` are built from the cells below, so their text and code
are reviewed as Python; ``--execute`` runs each in a fresh kernel and stores the outputs
(seeded, so they are the same every run) for the docs site, which shows them as stored.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = pathlib.Path(__file__).resolve().parents[1] / "notebooks"

SETUP = """import matplotlib.pyplot as plt
from tabletop_core import plots
from tabletop_core.frames import odds_frame"""

D20_IMPORTS = """
import numpy as np
import pandas as pd
import tabletop_core as tc
from tabletop_core import d20"""

NOTEBOOKS: dict[str, list[tuple[str, str]]] = {
    "starforged-momentum": [
        (
            "md",
            """# Ironsworn: Starforged — momentum, stats and progress

Three questions a player asks at the table, answered with the exact odds of
`tabletop_core.action_roll` (every number below is an exact fraction, enumerated
over all 600 rolls of a d6 and two d10s; nothing is simulated).""",
        ),
        ("code", SETUP + "\nfrom tabletop_core import action_roll as ar"),
        (
            "md",
            """## The value of each +1

The chance of a hit (strong or weak) and of a strong hit for each stat, as a data frame.""",
        ),
        (
            "code",
            """frame = odds_frame(ar.action_odds, stat=range(1, 6))
table = frame.pivot(index="stat", columns="label", values="probability")[["strong hit", "weak hit", "miss"]]
table["hit"] = table["strong hit"] + table["weak hit"]
table["+1 adds (hit)"] = table["hit"].diff()
table.round(3)""",
        ),
        (
            "md",
            """## When to burn momentum

`burn=True` gives the odds under the policy "burn whenever it improves the outcome".
The heat map shows how much burning adds to the chance of a strong hit, by stat
and momentum: high momentum turns most rolls into strong hits.""",
        ),
        (
            "code",
            """fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
strong = ar.Outcome.STRONG_HIT
plots.heatmap(ar.action_odds, strong, x=("stat", range(1, 6)), y=("momentum", range(0, 11, 2)),
              ax=left, title="strong hit, not burning")
plots.heatmap(ar.action_odds, strong, x=("stat", range(1, 6)), y=("momentum", range(0, 11, 2)),
              fixed={"burn": True}, ax=right, title="strong hit, burning when it helps")
fig.tight_layout()""",
        ),
        ("code", """ar.action_odds(stat=2, momentum=8, burn=True)"""),
        (
            "md",
            """## Progress rolls by rank

A progress roll has no action die: the progress score (0..10) against the challenge
dice. Each rank fills the track at its own pace, so the same number of marks gives a
very different chance of success.""",
        ),
        (
            "code",
            """import pandas as pd

rows = []
for rank in ar.Rank:
    for marks in (2, 4, 6, 8):
        score = ar.ProgressTrack(rank=rank).mark(times=marks).score
        odds = ar.progress_odds(score)
        rows.append({"rank": str(rank), "marks": marks, "score": score,
                     "strong hit": float(odds.probability(ar.Outcome.STRONG_HIT))})
pd.DataFrame(rows).pivot(index="rank", columns="marks", values="strong hit").round(3)""",
        ),
        (
            "code",
            """by_score = {f"score {s}": ar.progress_odds(s) for s in (4, 6, 8)}
plots.compare(by_score, title="progress rolls by score");""",
        ),
    ],
    "d20-fortune": [
        (
            "md",
            """# d20 Stakes — what Fortune and Misfortune are worth

Exact odds from `tabletop_core.d20.stakes_odds` (enumerated over every face of the
dice). At the end, an odds explorer with `ipywidgets.interact`: it needs a live
Jupyter kernel; without a front end (as in CI) the cell shows the default odds instead.""",
        ),
        ("code", SETUP + "\nfrom tabletop_core import d20"),
        ("md", """## Fortune and Misfortune at +3 against each Stakes"""),
        (
            "code",
            """frame = odds_frame(d20.stakes_odds, stakes=["low", "mid", "high"], modifier=[3],
                   fortune=[False, True], misfortune=[False, True])
frame = frame[~(frame.fortune & frame.misfortune)]
frame.pivot_table(index=["stakes", "fortune", "misfortune"], columns="label", values="probability").round(3)""",
        ),
        (
            "md",
            """## Success by modifier and Stakes

The heat maps show the chance of a Success with no Fortune, and with Fortune.""",
        ),
        (
            "code",
            """fig, (left, right) = plt.subplots(1, 2, figsize=(11, 3.5))
success = d20.Outcome.SUCCESS
plots.heatmap(d20.stakes_odds, success, x=("modifier", range(0, 9)), y=("stakes", ["low", "mid", "high"]),
              ax=left, title="Success, plain")
plots.heatmap(d20.stakes_odds, success, x=("modifier", range(0, 9)), y=("stakes", ["low", "mid", "high"]),
              fixed={"fortune": True}, ax=right, title="Success, with Fortune")
fig.tight_layout()""",
        ),
        (
            "code",
            """plots.compare({
    "Misfortune": d20.stakes_odds(stakes="mid", modifier=3, misfortune=True),
    "plain": d20.stakes_odds(stakes="mid", modifier=3),
    "Fortune": d20.stakes_odds(stakes="mid", modifier=3, fortune=True),
}, title="+3 against Mid Stakes");""",
        ),
        (
            "md",
            """## A simulated check of the exact odds

A batch of 2,000 seeded tests lands close to the exact shares.""",
        ),
        (
            "code",
            """batch = d20.simulate_test(2000, stakes="mid", modifier=3, fortune=True, rng=17)
batch.to_pandas()""",
        ),
        (
            "md",
            """## Odds explorer

Move the sliders in a live notebook (`pip install 'tabletop_core[notebooks]'`).
Without ipywidgets the cell shows the odds for the default values; on this static
page the sliders do not run, so here are those default odds:""",
        ),
        ("code", """d20.stakes_odds(stakes="mid", modifier=3)"""),
        (
            "code",
            """def explore(stakes="mid", modifier=3, fortune=False, misfortune=False):
    if fortune and misfortune:
        fortune = misfortune = False  # they cancel
    return d20.stakes_odds(stakes=stakes, modifier=modifier, fortune=fortune, misfortune=misfortune)

try:
    from ipywidgets import interact
except ImportError:  # ipywidgets is in the notebooks extra
    interact = None
if interact is None:
    display(explore())
else:
    explorer = interact(explore, stakes=["low", "mid", "high"], modifier=(-2, 10), fortune=False, misfortune=False)""",
        ),
    ],
    "d20-contests": [
        (
            "md",
            """# d20 Contests — who wins, by how much, and what Fortune is worth

Core Rule "Contest": both sides roll, the higher Test Total wins; a tie goes to the
higher governing Trait, and if that ties too, to the Target. Everything below is
exact (`tabletop_core.d20.contest_odds` and `total_odds` enumerate every face of the
dice), except one seeded simulation of **2,000 Contests** at the end that checks them.""",
        ),
        ("code", SETUP + D20_IMPORTS),
        (
            "md",
            """## Who wins

The actor's chance of winning, by both sides' Modifiers, with equal Traits (+1 each):
with equal Modifiers the actor wins less than half the time, since ties go to the Target.""",
        ),
        (
            "code",
            """frame = odds_frame(d20.contest_odds, actor_modifier=range(-2, 5), target_modifier=[0, 2, 4],
                   actor_trait=[1], target_trait=[1])
wins = frame[frame.label == "actor"]
wins.pivot(index="actor_modifier", columns="target_modifier", values="probability").round(3)""",
        ),
        (
            "code",
            """plots.heatmap(d20.contest_odds, d20.Side.ACTOR, x=("actor_modifier", range(-3, 7)),
              y=("target_modifier", range(-3, 7)), fixed={"actor_trait": 1, "target_trait": 1},
              title="the actor wins (equal Traits)");""",
        ),
        (
            "md",
            """## Fortune and Misfortune on either side

One extra d6 at most for each side, added (Fortune) or taken away (Misfortune); on one
side, Fortune and Misfortune cancel. Equal Modifiers (+3) and Traits (+1).""",
        ),
        (
            "code",
            """rows = []
for mine in ("plain", "Fortune", "Misfortune"):
    for theirs in ("plain", "Fortune", "Misfortune"):
        odds = d20.contest_odds(actor_modifier=3, target_modifier=3, actor_trait=1, target_trait=1,
                                actor_fortune=mine == "Fortune", actor_misfortune=mine == "Misfortune",
                                target_fortune=theirs == "Fortune", target_misfortune=theirs == "Misfortune")
        rows.append({"actor": mine, "target": theirs, "actor wins": float(odds.probability(d20.Side.ACTOR))})
pd.DataFrame(rows).pivot(index="actor", columns="target", values="actor wins").round(3)""",
        ),
        (
            "md",
            """## By how much

The margin is the actor's Test Total minus the Target's: the exact distribution of the
difference of the two totals. Fortune moves the whole curve by 3.5 on average and
widens it.""",
        ),
        (
            "code",
            """def margin(actor=None, target=None):
    mine = d20.total_odds(modifier=3, **(actor or {}))
    theirs = d20.total_odds(modifier=3, **(target or {}))
    return mine.combine(theirs, lambda a, b: a - b)

margins = {
    "plain": margin(),
    "actor Fortune": margin({"fortune": True}),
    "Target Fortune": margin(target={"fortune": True}),
}
plots.compare(margins, title="margin: actor total - Target total", xlabel="margin");""",
        ),
        (
            "code",
            """pd.DataFrame([
    {"case": name, "mean margin": float(dist.mean()), "tie on totals": float(dist.probability(0)),
     "win by 5 or more": float(dist.at_least(5)), "lose by 5 or more": float(dist.at_most(-5))}
    for name, dist in margins.items()
]).set_index("case").round(3)""",
        ),
        (
            "md",
            """## A seeded check

2,000 Contests rolled with `roll_contest` from one seed (a small run count, so the
shares land within a couple of points of the exact ones).""",
        ),
        (
            "code",
            """RUNS = 2000
source = tc.dice_source(np.random.SeedSequence(2026))
rolled = [d20.roll_contest(actor_modifier=3, target_modifier=3, actor_trait=1, target_trait=1,
                           actor_fortune=True, rng=source).result.winner for _ in range(RUNS)]
exact = d20.contest_odds(actor_modifier=3, target_modifier=3, actor_trait=1, target_trait=1, actor_fortune=True)
pd.DataFrame({
    "simulated": pd.Series(rolled).value_counts(normalize=True),
    "exact": pd.Series({side: float(p) for side, p in exact.items()}),
}).round(3)""",
        ),
    ],
    "d20-deadly-encounter": [
        (
            "md",
            """# d20: is this fight deadly?

The question a GM asks before the dice come out: if the party walks into this room,
how often does it walk out? `d20.simulate_encounter` plays the fight many times, each
side's Turns chosen by a policy, and counts who won, in how many Rounds, with how much
HP left and who fell. Every fight draws from its own stream of one seed, so the numbers
below are the same on every run, serial or spread over workers.

The party: a fighter, a rogue, a cleric who mends and a wizard with a Firebolt, against a
pack of ghouls (18 HP, claws for 6). **120 fights per case** (a small count, for the gallery's time budget):
each share comes with its 95% Wilson interval.""",
        ),
        ("code", SETUP + D20_IMPORTS),
        (
            "code",
            """RUNS = 120
SEED = 2026


def attack(holder, name, damage, *, cost=2, modifier=0, kind="melee", reach=None):
    effect = d20.Effect(name=name, creator=holder, damage=damage, energy="physical", cost=cost, reach=reach)
    return d20.AttackProfile(effect=effect, attack=kind, modifier=modifier)


def party():
    mend = d20.Effect(name="Mend", creator="Cleric", healing=6, cost=2)
    firebolt = d20.Effect(name="Firebolt", creator="Wizard", damage=6, energy="fire", cost=3, harmful=True)
    return [
        d20.Combatant(name="Fighter", creature=d20.Creature(max_hp=18), side="party", body=3,
                      attacks=[attack("Fighter", "Longsword", 6, modifier=1)]),
        d20.Combatant(name="Rogue", creature=d20.Creature(max_hp=12), side="party", mind=3, initiative=3,
                      attacks=[attack("Rogue", "Shortbow", 4, kind="ranged", reach=12)]),
        d20.Combatant(name="Cleric", creature=d20.Creature(max_hp=14, soul=2), side="party", body=1,
                      attacks=[attack("Cleric", "Mace", 4)], effects=[mend]),
        d20.Combatant(name="Wizard", creature=d20.Creature(max_hp=9, soul=3), side="party", initiative=1,
                      attacks=[attack("Wizard", "Staff", 2, cost=1)], effects=[firebolt]),
    ]


def ghouls(count):
    return [
        d20.Combatant(name=f"Ghoul {i}", creature=d20.Creature(max_hp=18), side="ghouls", body=3, initiative=2,
                      attacks=[attack(f"Ghoul {i}", "Claws", 6)])
        for i in range(1, count + 1)
    ]


fight = d20.Encounter.of(*party(), *ghouls(4))
result = d20.simulate_encounter(RUNS, fight, d20.FocusFire(), rng=SEED)
result""",
        ),
        (
            "md",
            """## How many ghouls is too many?

The party's chance to win against 2 to 6 ghouls, each with its 95% Wilson interval
(the band). Where the band crosses one half, the fight is a coin toss.""",
        ),
        (
            "code",
            """rows = []
for count in range(2, 7):
    outcome = d20.simulate_encounter(RUNS, d20.Encounter.of(*party(), *ghouls(count)), d20.FocusFire(), rng=SEED)
    low, high = outcome.win_interval("party")
    rows.append({"ghouls": count, "party wins": float(outcome.win_share("party")), "low": low, "high": high,
                 "mean Rounds": outcome.mean_rounds,
                 "heroes Defeated (mean)": float(sum(outcome.defeat_share(n) for n in
                                                   ("Fighter", "Rogue", "Cleric", "Wizard")))})
frame = pd.DataFrame(rows).set_index("ghouls")
fig, ax = plt.subplots(figsize=(7, 4))
ax.plot(frame.index, frame["party wins"], marker="o", label="party wins")
ax.fill_between(frame.index, frame["low"], frame["high"], alpha=0.25, label="95% Wilson interval")
ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
ax.set_xlabel("ghouls")
ax.set_ylabel("share of fights the party wins")
ax.set_ylim(0, 1)
ax.legend()
frame.round(3)""",
        ),
        (
            "md",
            """## Does the plan matter?

A ghast (30 HP, claws for 8) leads three lesser ghouls (12 HP). The party is played
three ways: bringing down the most hurt foe first (`FocusFire`), the one with the fewest
HP (`AttackWeakest`), or the first one listed, the ghast (`AttackNearest` on no map).
The first two pick the same foes here (the small ghouls first, then the ghast); going for
the ghast first leaves the small ones clawing meanwhile. The ghouls always focus fire.""",
        ),
        (
            "code",
            """ghast = d20.Combatant(name="Ghast", creature=d20.Creature(max_hp=30), side="ghouls", body=3,
                      initiative=2, attacks=[attack("Ghast", "Claws", 8)])
lesser = [
    d20.Combatant(name=f"Ghoul {i}", creature=d20.Creature(max_hp=12), side="ghouls", body=3, initiative=2,
                  attacks=[attack(f"Ghoul {i}", "Claws", 6)])
    for i in range(1, 4)
]
plans = {"focus fire": d20.FocusFire(), "weakest": d20.AttackWeakest(), "nearest": d20.AttackNearest()}
fight = d20.Encounter.of(*party(), ghast, *lesser)
outcomes = {name: d20.simulate_encounter(RUNS, fight, {"party": plan, "ghouls": d20.FocusFire()}, rng=SEED)
            for name, plan in plans.items()}
fig, axes = plt.subplots(1, 3, figsize=(12, 3.5), sharey=True)
for ax, (name, outcome) in zip(axes, outcomes.items(), strict=True):
    outcome.plot(ax=ax, title=f"party plays {name}")
fig.tight_layout()""",
        ),
        (
            "md",
            """## Who falls, and how long it takes

Against the ghast and its pack, the party focusing fire: each hero's chance to end the
fight Defeated and the HP it has left on average, then how many Rounds the fights took.""",
        ),
        (
            "code",
            """outcome = outcomes["focus fire"]
heroes = pd.DataFrame(
    {name: {"Defeated": float(outcome.defeat_share(name)), "95% low": outcome.defeat_interval(name)[0],
            "95% high": outcome.defeat_interval(name)[1], "mean HP left": outcome.mean_hp_left(name)}
     for name in ("Fighter", "Rogue", "Cleric", "Wizard")}
).T
fig, ax = plt.subplots(figsize=(7, 3))
rounds = pd.Series(outcome.rounds).sort_index()
ax.bar(rounds.index, rounds.values / outcome.runs)
ax.set_xlabel("Rounds the fight took")
ax.set_ylabel("share of fights")
heroes.round(3)""",
        ),
    ],
    "d20-persistent-damage": [
        (
            "md",
            """# d20 Persistent Damage over a fight

Core Rule "Persistent Damage": at the end of your Turn you take it, then make a Mid
Stakes Flat Roll: a Success (15+) ends it, a Setback (10 to 14) makes the next roll Low
Stakes (10+ ends it); it ends anyway when 1 minute (10 Rounds) passes. Same Energy from
several sources: only the highest applies; different Energies each apply.

Here an `Encounter` runs the fight: a dragon breathes fire (6 fire Damage and
Persistent Damage 3 fire), and its Target ends Turns until the burning stops. The
fights are simulated with **400 runs per case** from one seed (a small count: the
shares are within a few points), and the one-source case is checked against an exact
count of the roll chain.""",
        ),
        ("code", SETUP + D20_IMPORTS + "\nfrom tabletop_core.d20 import actions"),
        (
            "code",
            """RUNS = 400
SEED = 2026


def burn(*effects, runs=RUNS, seed=SEED):
    \"\"\"Total Persistent Damage Ana takes, per fight, after the dragon's Effects land.\"\"\"
    source = tc.dice_source(np.random.SeedSequence(seed))
    totals = []
    for _ in range(runs):
        fight = d20.Encounter.of(
            d20.Combatant(name="Ana", creature=d20.Creature(max_hp=80)),
            d20.Combatant(name="Dragon", creature=d20.Creature(max_hp=200), initiative=30),
        )
        fight = fight.apply(actions.RollInitiative(), rng=source).encounter  # the Dragon goes first
        for effect in effects:
            fight = fight.apply(actions.UseEffect(effect=effect, targets=["Ana"]), rng=source).encounter
        total = 0
        while fight.creature("Ana").conditions.has("persistent damage") and fight.round <= 12:
            step = fight.apply(actions.EndTurn(), rng=source)
            total += sum(e.damage for e in step.events if isinstance(e, d20.events.TurnEnded) and e.creature == "Ana")
            fight = step.encounter
        totals.append(total)
    return pd.Series(totals)


breath = d20.Effect(name="Fire Breath", creator="Dragon", damage=6, energy="fire",
                    persistent_damage=3, persistent_energy="fire")
one = burn(breath)
one.describe().round(2)""",
        ),
        (
            "md",
            """## The damage distribution

Each bar is the share of fights in which the burning dealt that much in total (3 a
Turn). The exact chain: a Mid Stakes Flat Roll ends it with 6 chances in 20 and
makes the next roll Low with 5; a Low roll ends it with 11 in 20 and stays Low with 5;
at most 10 Turns.""",
        ),
        (
            "code",
            """from fractions import Fraction

MID = (Fraction(6, 20), Fraction(5, 20), Fraction(9, 20))  # Success, Setback, Failure
LOW = (Fraction(11, 20), Fraction(5, 20), Fraction(4, 20))
exact, waiting = {}, {False: Fraction(1)}
for turn in range(1, 11):
    after = {True: Fraction(0), False: Fraction(0)}
    for easier, p in waiting.items():
        success, setback, failure = LOW if easier else MID
        exact[3 * turn] = exact.get(3 * turn, 0) + p * success
        after[True] += p * setback
        after[False] += p * failure
    waiting = after
exact[30] += sum(waiting.values())  # 1 minute passes: it ends
exact = tc.Distribution(exact)
simulated = tc.Distribution(one.value_counts().to_dict())
plots.compare({"simulated (400 fights)": simulated, "exact": exact}, title="Persistent Damage 3 fire: total taken",
              xlabel="total Persistent Damage");""",
        ),
        (
            "code",
            """pd.DataFrame({"simulated": one.value_counts(normalize=True).sort_index(),
              "exact": pd.Series({k: float(v) for k, v in exact.items()})}).fillna(0).round(3)""",
        ),
        (
            "md",
            """## Two sources

Fire 3 and fire 5 (the same Energy): only the highest applies, so the second breath
just raises the burn to 5 a Turn. Fire 3 and acid 2 (different Energies): both apply,
each with its own roll to end it.""",
        ),
        (
            "code",
            """hotter = d20.Effect(name="Inferno", creator="Dragon", persistent_damage=5, persistent_energy="fire")
acid = d20.Effect(name="Acid Spit", creator="Dragon", persistent_damage=2, persistent_energy="acid")
cases = {"fire 3": one, "fire 3 + fire 5": burn(breath, hotter), "fire 3 + acid 2": burn(breath, acid)}
pd.DataFrame({name: totals.describe() for name, totals in cases.items()}).T[["mean", "50%", "max"]].round(2)""",
        ),
        (
            "code",
            """plots.compare({name: tc.Distribution(totals.value_counts().to_dict()) for name, totals in cases.items()},
              title="total Persistent Damage per fight (400 fights each)", xlabel="total Persistent Damage");""",
        ),
    ],
    "residue-survival": [
        (
            "md",
            """# RESIDUE — star odds and Journey survival

Star odds are exact (`tabletop_core.residue.star_odds`). Journey survival is
simulated on the library's invented example content (not the boxed game's), across
worker processes: `simulate_journey(..., executor=pool)` plays the runs on a
`ProcessPoolExecutor` and gives exactly the result of the serial run with the same
seed. The run counts here are **small (60 Journeys per point)** so the notebook runs
in seconds: the bands show how wide the uncertainty is at that size. For real
answers raise `RUNS` (10⁵ runs take minutes on a few cores; a Dask cluster's
`client.get_executor()` works the same way).""",
        ),
        (
            "code",
            SETUP
            + """
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from tabletop_core import residue
from tabletop_core.residue import Wanderer
from tabletop_core.residue.journey import CautiousPolicy, GreedyPolicy, example_setup, simulate_journey

# Two worker processes, started fresh ("spawn": safe in a notebook's threaded kernel).
pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"))""",
        ),
        ("md", """## Stars by step die"""),
        (
            "code",
            """dice = ["d4", "d6", "d8", "d10", "d12"]
plots.compare({die: residue.star_odds(die) for die in dice}, title="stars from one roll, by step die",
              xlabel="stars");""",
        ),
        (
            "code",
            """import pandas as pd
columns = {die: residue.star_odds(die).to_pandas().set_index("outcome")["probability"] for die in dice}
pd.DataFrame(columns).fillna(0).round(3)""",
        ),
        (
            "md",
            """## Reaching the Hum, by supplies and policy

Every point: `RUNS` Journeys from the same seed, all five Inventories starting at
the given die, played on the two worker processes.""",
        ),
        (
            "code",
            """RUNS = 60
SEED = 2026
setup = example_setup()


def sheet(die):
    return Wanderer.new(hp=6, endurance_dice=["d8", "d8", "d6", "d6"], inventory=die, luck="d6",
                        strain_threshold=3, rng=SEED)


curves = {}
for policy in (CautiousPolicy(), GreedyPolicy()):
    curves[policy.name] = {}
    for die in ["d4", "d8", "d12"]:
        curves[policy.name][die] = simulate_journey(RUNS, sheet(die), setup, policy, rng=SEED,
                                                    executor=pool, progress=False)
plots.survival(curves);""",
        ),
        (
            "md",
            """## Survival by day

`JourneySimulation.survival()` gives, for each day, the share of Journeys not yet
defeated by its end, with its 95% (Wilson) band; `plots.survival_by_day` draws
several side by side. A Journey that reaches the Hum counts as not defeated, so
each curve levels off at the share that got there.""",
        ),
        (
            "code",
            """by_policy = {name: points["d8"] for name, points in curves.items()}
plots.survival_by_day(by_policy, title=f"Journeys not yet defeated, Inventory d8 ({RUNS} runs each)");""",
        ),
        (
            "code",
            """rows = []
for name, result in by_policy.items():
    low, high = result.reach_interval()
    rows.append({"policy": name, "runs": result.runs, "reached the Hum": float(result.reach_probability),
                 "95% low": low, "95% high": high, "mean days": result.mean_days})
pd.DataFrame(rows).set_index("policy").round(3)""",
        ),
        (
            "md",
            """The same seed gives the same result however the runs are spread: serial,
two processes, or a cluster.""",
        ),
        (
            "code",
            """serial = simulate_journey(RUNS, sheet("d8"), setup, CautiousPolicy(), rng=SEED, progress=False)
print(serial.to_json() == curves["cautious"]["d8"].to_json())
pool.shutdown()""",
        ),
    ],
    "notation-ability-scores": [
        (
            "md",
            """# Dice notation — ability-score methods compared

Exact distributions from `tabletop_core.notation.distribution`: 3d6 in order,
4d6 drop the lowest (`4d6kh3`), 2d6+6, and the chance of at least one 18 in a set of six.""",
        ),
        ("code", SETUP + "\nfrom tabletop_core import notation"),
        (
            "code",
            """methods = {"3d6": "3d6", "4d6kh3": "4d6kh3", "2d6+6": "2d6+6"}
odds = {name: notation.distribution(expr) for name, expr in methods.items()}
plots.compare(odds, title="one ability score", xlabel="score");""",
        ),
        (
            "code",
            """import pandas as pd
rows = []
for name, dist in odds.items():
    p18 = dist.probability(18)
    rows.append({"method": name, "mean": float(dist.mean()), "P(>= 15)": float(dist.at_least(15)),
                 "P(some 18 in six)": float(1 - (1 - p18) ** 6)})
pd.DataFrame(rows).set_index("method").round(3)""",
        ),
        (
            "md",
            """## Exploding and success-counting pools

An exploding d6 (`d6!`, rerolled on a 6 up to the notation's limits) and a pool of
five d10 counting successes on 8 or more.""",
        ),
        ("code", """notation.distribution("d6!").to_pandas().head(12)"""),
        ("code", """notation.distribution("5d10>=8")"""),
        ("code", """notation.roll("4d6kh3", rng=7)"""),
    ],
    "rulesets-compared": [
        (
            "md",
            """# One move across the Ironsworn rulesets

Starforged, Ironsworn (Classic), Delve and Sundered Isles share one action roll; what
differs is what a result leads to. Exact odds throughout (fractions, enumerated), on the
invented packages of the docs (`docs/examples/mini-*.json`: load the real `@datasworn`
packages the same way).""",
        ),
        (
            "code",
            SETUP
            + """
import pandas as pd
from tabletop_core import action_roll as ar
from tabletop_core.action_roll import classic, datasworn, delve, sundered_isles

starforged = datasworn.load("../examples/mini-starforged.json")
isles = datasworn.load("../examples/mini-starforged.json", "../examples/mini-isles.json")
ironsworn = datasworn.load("../examples/mini-classic.json", "../examples/mini-delve.json")
for ruleset in (starforged, ironsworn, isles):
    print(ruleset)""",
        ),
        (
            "md",
            """## The same roll: +edge in every ruleset

Starforged's Leap and Classic's Face Danger, rolled +edge by characters of edge 1 to 4,
and Delve the Depths +edge: the outcome odds agree to the fraction.""",
        ),
        (
            "code",
            """def odds_of(edge):
    stats = ar.Stats(edge=edge, heart=2, iron=2, shadow=1, wits=1)
    sf = dict(ar.move_odds(starforged.move("Leap"), ar.PlayerCharacter(stats)))
    ic = dict(classic.classic_move_odds(ironsworn.move("Face Danger"), classic.ClassicCharacter(stats)))
    leap = next(odds for option, odds in sf.items() if option.label == "edge")
    face = next(odds for option, odds in ic.items() if option.label == "edge")
    depths = ar.action_odds(stat=edge)
    return {"Starforged Leap": leap, "Classic Face Danger": face, "Delve the Depths": depths}

rows = []
for edge in range(1, 5):
    found = odds_of(edge)
    for move in ("Starforged Leap", "Classic Face Danger", "Delve the Depths"):
        rows.append({"edge": edge, "move": move, **{str(o): float(found[move].probability(o)) for o in ar.Outcome}})
frame = pd.DataFrame(rows).pivot(index="edge", columns="move", values="strong hit").round(4)
frame""",
        ),
        (
            "md",
            """## What follows differs: Delve the Depths

In a site, the outcome leads to a table: a strong hit to Find an Opportunity, a weak hit
to the table for the stat used, a miss to the site's dangers. The chance that the move
reveals a danger, by stat and approach:""",
        ),
        (
            "code",
            """site = delve.DelveSite.from_data(ironsworn.delve_site("Bat Cave"), ironsworn)
moves = delve.DelveMoves.from_ruleset(ironsworn)

def danger_chance(stat, value):
    odds = delve.delve_the_depths_odds(site, moves, stat=stat, value=value)
    def reveals(pair):
        outcome, row = pair
        return outcome is ar.Outcome.MISS or (outcome is ar.Outcome.WEAK_HIT and "reveal" in row.text.lower())
    return float(odds.probability(reveals))

fig, ax = plt.subplots(figsize=(7, 3.5))
for stat in delve.DELVE_STATS:
    ax.plot(range(1, 6), [danger_chance(stat, value) for value in range(1, 6)], marker="o", label=f"+{stat}")
ax.set_xlabel("stat value")
ax.set_ylabel("chance of revealing a danger")
ax.set_title("Delve the Depths in the Bat Cave")
ax.legend();""",
        ),
        (
            "md",
            """## What a fulfilled vow pays

Starforged marks ticks on the quests legacy track; Classic marks experience. For a
formidable vow, the expected reward by progress score:""",
        ),
        (
            "code",
            """def expected_legacy(score):
    return float(ar.progress_odds(score).map(
        lambda o: ar.legacy_reward(ar.TrackKind.VOW, ar.Rank.FORMIDABLE, o)).mean())

def expected_xp(score):
    return float(classic.reward_odds(classic.ClassicTrackKind.VOW, ar.Rank.FORMIDABLE, progress_score=score).mean())

rewards = pd.DataFrame({"progress score": range(11),
                        "Starforged: legacy ticks": [expected_legacy(s) for s in range(11)],
                        "Classic: experience": [expected_xp(s) for s in range(11)]}).set_index("progress score")
rewards.plot(marker="o", figsize=(7, 3.5), title="a formidable vow fulfilled: expected reward")
rewards.round(3)""",
        ),
        (
            "md",
            """## The oracle reads the dice the other way

Classic says yes on a roll at or over 11 / 26 / 51 / 76 / 91, Starforged at or under
90 / 75 / 50 / 25 / 10: the same chance, on different rolls.""",
        ),
        (
            "code",
            """rows = []
for odds in ar.Odds:
    sf = {r for r in range(1, 101) if ar.resolve_oracle(odds=odds, roll=r).answer}
    ic = {r for r in range(1, 101) if classic.resolve_classic_oracle(odds=odds, roll=r).answer}
    rows.append({"odds": str(odds), "yes (both)": len(sf) / 100, "same rolls say yes": len(sf & ic) / 100})
pd.DataFrame(rows).set_index("odds")""",
        ),
        (
            "md",
            """## Sundered Isles: the cursed die

On a table with a cursed version the cursed die is rolled too; on its skull (1 in 10)
the cursed table replaces the result. The odds of each result of the Tide table:""",
        ),
        (
            "code",
            """tide, cursed_tide = isles.table("Tide"), isles.table("Cursed Tide")
plain = {str(row): float(p) for row, p in tide.odds().items()}
with_die = {" / ".join(str(row) for row in rows): float(p)
            for rows, p in sundered_isles.cursed_roll_odds(tide, cursed_tide).items()}
pd.Series(with_die, name="with the cursed die").to_frame().join(pd.Series(plain, name="without"), how="outer")""",
        ),
        ("code", """sundered_isles.roll_cursed(isles, "Tide", rng=3)"""),
    ],
}


def build(name: str, cells: list[tuple[str, str]]) -> nbformat.NotebookNode:
    """One notebook from its (kind, source) cells."""
    notebook = new_notebook(
        cells=[new_markdown_cell(src) if kind == "md" else new_code_cell(src) for kind, src in cells],
        metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    )
    for index, cell in enumerate(notebook.cells):
        cell["id"] = f"{name}-{index}"
    return notebook


WIDGET = "application/vnd.jupyter.widget-view+json"


def stable(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop what changes between runs: live widgets (random ids; a static page cannot run them)."""
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        cell.outputs = [o for o in cell.outputs if WIDGET not in o.get("data", {})]
    return notebook


def main() -> None:
    """Write every notebook, or those named (executed when ``--execute`` is given)."""
    execute = "--execute" in sys.argv
    named = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    HERE.mkdir(parents=True, exist_ok=True)
    for name, cells in NOTEBOOKS.items():
        if named and name not in named:
            continue
        notebook = build(name, cells)
        path = HERE / f"{name}.ipynb"
        nbformat.write(notebook, path)
        # The cells are code like any other: the project's lint and format apply.
        subprocess.run(["ruff", "check", "--fix", "--quiet", str(path)], check=True)
        subprocess.run(["ruff", "format", "--quiet", str(path)], check=True)
        if execute:
            from nbclient import NotebookClient  # in the notebooks extra

            notebook = nbformat.read(path, as_version=4)
            resources = {"metadata": {"path": str(HERE)}}
            client = NotebookClient(
                notebook, timeout=300, kernel_name="python3", resources=resources, record_timing=False
            )
            client.execute()
            nbformat.write(stable(notebook), path)
        print(path)


if __name__ == "__main__":
    main()
