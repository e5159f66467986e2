"""Charts: each returns its Axes, titled and labelled, drawing the library's own numbers."""

from __future__ import annotations

import builtins

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest

from tabletop_core import Distribution, InvalidInput, TabletopError, d20, notation
from tabletop_core import action_roll as ar
from tabletop_core.errors import MissingExtra
from tabletop_core.plots import compare, heatmap, survival, wilson_interval
from tabletop_core.residue.journey import JourneySimulation


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def test_compare_draws_one_series_per_distribution_over_shared_outcomes():
    coin = Distribution({0: 1, 1: 1})
    loaded = Distribution({1: 3, 2: 1})
    ax = compare({"coin": coin, "loaded": loaded})
    assert ax.get_title() == "coin vs loaded"
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("outcome", "probability")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["0", "1", "2"]
    heights = [[bar.get_height() for bar in container] for container in ax.containers]
    assert heights == [[0.5, 0.5, 0.0], [0.0, 0.75, 0.25]]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["coin", "loaded"]


def test_compare_ability_score_methods():
    ax = compare(
        {"3d6": notation.distribution("3d6"), "4d6kh3": notation.distribution("4d6kh3")}, title="ability scores"
    )
    assert ax.get_title() == "ability scores"
    assert sum(bar.get_height() for bar in ax.containers[1]) == pytest.approx(1.0)
    # 18 on 4d6kh3: three or four sixes, 1 + 4 * 5 = 21 of 1296 rolls
    assert ax.containers[1][15].get_height() == pytest.approx(21 / 1296)


@pytest.mark.parametrize(("bad", "error"), [({}, InvalidInput), ({"x": {1: 1}}, TypeError)])
def test_compare_refuses_bad_input(bad, error):
    with pytest.raises(error):
        compare(bad)


def test_heatmap_cells_are_exact_odds_rows_by_y():
    ax = heatmap(
        ar.action_odds,
        lambda o: o is not ar.Outcome.MISS,
        x=("stat", [1, 2, 3]),
        y=("momentum", [0, 4]),
    )
    cells = ax.images[0].get_array()
    assert cells.shape == (2, 3)
    hit = lambda o: o is not ar.Outcome.MISS  # noqa: E731
    assert cells[1][2] == pytest.approx(float(ar.action_odds(stat=3, momentum=4).probability(hit)))
    assert cells[0][0] == pytest.approx(float(ar.action_odds(stat=1).probability(hit)))
    assert ax.get_title() == "P(event) by momentum and stat"
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("stat", "momentum")
    assert len(ax.texts) == 6


def test_heatmap_of_one_outcome_with_fixed_arguments():
    ax = heatmap(
        d20.stakes_odds,
        d20.Outcome.SUCCESS,
        x=("modifier", range(3)),
        y=("fortune", [False, True]),
        fixed={"stakes": "mid"},
        annotate=False,
    )
    assert ax.get_title() == f"P({d20.Outcome.SUCCESS}) by fortune and modifier".replace(
        str(d20.Outcome.SUCCESS), ax.get_title()[2 : -len(" by fortune and modifier") - 1]
    )
    expected = float(d20.stakes_odds(stakes="mid", modifier=2, fortune=True).probability(d20.Outcome.SUCCESS))
    assert ax.images[0].get_array()[1][2] == pytest.approx(expected)
    assert len(ax.texts) == 0


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"x": ("stat", []), "y": ("momentum", [0])}, InvalidInput),
        ({"x": "stat", "y": ("momentum", [0])}, TypeError),
        ({"x": ("stat", range(200)), "y": ("momentum", range(200))}, InvalidInput),
    ],
)
def test_heatmap_refuses_bad_axes(kwargs, error):
    with pytest.raises(error):
        heatmap(ar.action_odds, ar.Outcome.MISS, **kwargs)


def sim(reached, runs, policy="cautious"):
    return JourneySimulation(
        runs=runs,
        policy=policy,
        reached=reached,
        out_of_time=0,
        defeats={"HP": runs - reached} if runs > reached else {},
        days={1: runs},
    )


def test_survival_draws_share_and_band():
    ax = survival({"cautious": {"d4": sim(10, 40), "d8": sim(20, 40)}, "greedy": {"d4": sim(0, 40), "d8": sim(40, 40)}})
    lines = ax.get_lines()
    assert [list(line.get_ydata()) for line in lines] == [[0.25, 0.5], [0.0, 1.0]]
    assert len(ax.collections) == 2  # one band per curve
    band = ax.collections[0].get_paths()[0].vertices[:, 1]
    low, high = wilson_interval(20, 40)
    assert min(band) == pytest.approx(wilson_interval(10, 40)[0])
    assert max(band) == pytest.approx(high)
    assert low < 0.5 < high
    assert ax.get_title() == "Journeys reaching the Hum (40 runs per point)"
    assert ax.get_xlabel() == "starting supplies"
    assert ax.get_ylabel() == "reached the Hum (share, 95% band)"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["d4", "d8"]


class NoRuns:
    reached = 0
    runs = 0


@pytest.mark.parametrize("bad", [{}, {"a": {}}, {"a": {"d4": NoRuns()}}])
def test_survival_refuses_empty_curves(bad):
    with pytest.raises(InvalidInput):
        survival(bad)


def test_wilson_interval_exact_numbers_and_edges():
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    low, high = wilson_interval(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    with pytest.raises(InvalidInput):
        wilson_interval(3, 2)


def test_missing_matplotlib_names_the_extra(monkeypatch):
    real_import = builtins.__import__

    def fake_import(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError("No module named 'matplotlib'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    with pytest.raises(MissingExtra, match=r"tabletop_core\[plot\]") as caught:
        compare({"coin": Distribution({0: 1, 1: 1})})
    assert isinstance(caught.value, TabletopError)
