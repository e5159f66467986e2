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
    names = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    unknown = sorted(set(names) - set(NOTEBOOKS))
    if unknown:
        sys.exit(f"no notebook named {', '.join(unknown)}; the gallery has {', '.join(NOTEBOOKS)}")
    HERE.mkdir(parents=True, exist_ok=True)
    for name, cells in NOTEBOOKS.items():
        if names and name not in names:
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
