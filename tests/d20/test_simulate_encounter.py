"""simulate_encounter: counts that add up, exact odds, the same result serial and on any executor (a process
pool, threads, a Dask LocalCluster), Wilson intervals, refusals."""

from __future__ import annotations

import io
import json
import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import d20
from tabletop_core.d20 import AttackProfile, Combatant, Creature, Effect, Encounter, EncounterSimulation
from tabletop_core.d20 import actions as A
from tabletop_core.plots import wilson_interval


def fighter(name, side, hp, *, damage=4, cost=2, modifier=2, soul=0):
    hit = AttackProfile(effect=Effect(name="Hit", creator=name, damage=damage, cost=cost), modifier=modifier)
    return Combatant(name=name, creature=Creature(max_hp=hp, soul=soul), side=side, attacks=[hit], body=1)


def four_vs_four():
    heroes = [fighter(f"H{i}", "heroes", 14) for i in range(4)]
    monsters = [fighter(f"M{i}", "monsters", 12, damage=5) for i in range(4)]
    return Encounter.of(*heroes, *monsters)


SKIRMISH = Encounter.of(fighter("Ana", "heroes", 10), fighter("Bo", "heroes", 8), fighter("Ogre", "monsters", 18))
SERIAL = {17: d20.simulate_encounter(17, SKIRMISH, d20.FocusFire(), rng=2026)}


def test_every_fight_is_counted_once():
    result = d20.simulate_encounter(24, four_vs_four(), d20.AttackWeakest(), rng=1)
    assert result.runs == 24 == sum(result.wins.values()) + result.draws + result.timeouts
    assert sum(result.rounds.values()) == 24
    assert set(result.sides) == {f"H{i}" for i in range(4)} | {f"M{i}" for i in range(4)}
    assert all(0 <= result.defeated.get(n, 0) <= 24 for n in result.sides)
    winners = sum(result.wins.values())
    # a side wins when every creature of the other side is Defeated: at least 4 defeats per decided fight
    assert sum(result.defeated.values()) >= 4 * winners
    assert result.policies == "weakest"


def test_the_same_seed_gives_the_same_result_and_chunks_add_up():
    whole = d20.simulate_encounter(17, SKIRMISH, d20.FocusFire(), rng=2026)
    assert whole.to_json() == SERIAL[17].to_json()
    head = d20.simulate_encounter(7, SKIRMISH, d20.FocusFire(), rng=2026)
    tail = d20.simulate_encounter(10, SKIRMISH, d20.FocusFire(), rng=2026, first_run=7)
    assert (head + tail).to_json() == SERIAL[17].to_json()


def test_rounds_against_the_exact_odds_of_a_lopsided_fight():
    """Exact odds by enumeration: Ana (d20 + 0 against Mid Stakes: a hit on 15 or more, 6 in 20) Attacks a
    foe that can't fight back once a Turn; the Turn after her hit drops it to 0 HP she Dispatches it.
    The fight is decided in Round k + 1 when the first hit lands in Round k: P = (7/10)^(k-1) x 3/10."""
    scipy_stats = pytest.importorskip("scipy.stats")
    ana = fighter("Ana", "a", 10, damage=1, cost=3, modifier=-1)  # Body 1 - 1 = +0
    dummy = Combatant(name="Dummy", creature=Creature(max_hp=1, soul=20), side="b")
    fight = Encounter.of(ana, dummy)
    n = 1500
    result = d20.simulate_encounter(n, fight, d20.AttackWeakest(), rng=99, max_rounds=200)
    assert result.wins == {"a": n}
    rounds = result.rounds
    top = 9
    exact = [Fraction(7, 10) ** (k - 1) * Fraction(3, 10) for k in range(1, top)]
    exact.append(1 - sum(exact))
    seen = [rounds.get(k + 1, 0) for k in range(1, top)] + [sum(c for r, c in rounds.items() if r >= top + 1)]
    assert sum(seen) == n
    _stat, p_value = scipy_stats.chisquare(seen, [float(p) * n for p in exact])
    assert p_value > 1e-4, (seen, p_value)
    assert result.mean_rounds == pytest.approx(1 + 10 / 3, abs=0.25)  # 1 + E[geometric(3/10)], 3.5 sigma


def test_wilson_intervals_and_shares():
    result = SERIAL[17]
    for side in ("heroes", "monsters"):
        assert result.win_share(side) == Fraction(result.wins.get(side, 0), 17)
        assert result.win_interval(side) == wilson_interval(result.wins.get(side, 0), 17)
        assert result.win_interval(side, z=2.576)[0] <= result.win_interval(side)[0]
    assert result.defeat_share("Ogre") == Fraction(result.defeated.get("Ogre", 0), 17)
    assert result.defeat_interval("Ana") == wilson_interval(result.defeated.get("Ana", 0), 17)
    assert result.mean_hp_left("Ogre") == result.hp_left.get("Ogre", 0) / 17
    with pytest.raises(tc.InvalidInput, match="side must be one of heroes, monsters"):
        result.win_share("dragons")
    with pytest.raises(tc.InvalidInput, match="creature of the fight"):
        result.mean_hp_left("Zed")


# -- executors --------------------------------------------------------------------------------------


def test_a_process_pool_gives_the_serial_result_to_the_byte():
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        parallel = d20.simulate_encounter(17, SKIRMISH, d20.FocusFire(), rng=2026, executor=pool, chunk_size=3)
        mixed = d20.simulate_encounter(
            9, SKIRMISH, {"heroes": d20.AttackWeakest(), "monsters": d20.AttackNearest()}, rng=5, executor=pool
        )
    assert parallel.to_json() == SERIAL[17].to_json()
    serial = d20.simulate_encounter(
        9, SKIRMISH, {"heroes": d20.AttackWeakest(), "monsters": d20.AttackNearest()}, rng=5
    )
    assert mixed.to_json() == serial.to_json()
    assert mixed.policies == "heroes: weakest; monsters: nearest"


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chunk=st.integers(1, 18), workers=st.integers(1, 3), first=st.integers(0, 17))
def test_serial_equals_parallel_for_any_chunk_size(chunk, workers, first):
    with ThreadPoolExecutor(workers) as pool:
        whole = d20.simulate_encounter(17, SKIRMISH, d20.FocusFire(), rng=2026, executor=pool, chunk_size=chunk)
        tail = d20.simulate_encounter(17 - first, SKIRMISH, d20.FocusFire(), rng=2026, first_run=first, executor=pool)
    head = d20.simulate_encounter(first, SKIRMISH, d20.FocusFire(), rng=2026)
    assert whole.to_json() == SERIAL[17].to_json()
    assert (head + tail).to_json() == SERIAL[17].to_json()


def test_a_dask_local_cluster_gives_the_serial_result():
    distributed = pytest.importorskip("distributed")  # the test extra installs it: CI refuses this skip
    with (
        distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        result = d20.simulate_encounter(17, SKIRMISH, d20.FocusFire(), rng=2026, executor=client.get_executor())
    assert result.to_json() == SERIAL[17].to_json()


def test_a_fight_under_way_goes_on_from_where_it_stands():
    started = SKIRMISH.apply(A.RollInitiative(), rng=tc.ScriptedDice([20, 19, 1])).encounter
    hurt = started.apply(A.Damage(target="Ogre", amount=17)).encounter
    result = d20.simulate_encounter(40, hurt, d20.FocusFire(), rng=3)
    assert result.win_share("heroes") > Fraction(1, 2)


def test_scripted_dice_are_shared_by_every_fight_in_turn():
    ana = fighter("Ana", "a", 10, damage=1, cost=3, modifier=-1)
    dummy = Combatant(name="Dummy", creature=Creature(max_hp=1, soul=20), side="b")
    # Fight 1: Initiative 20, 1; a hit (15); the Dummy's Doomed d4 (4); Ana Dispatches it. Fight 2 the same.
    dice = tc.ScriptedDice([20, 1, 15, 4] * 2)
    result = d20.simulate_encounter(2, Encounter.of(ana, dummy), d20.AttackWeakest(), rng=dice)
    assert result.rounds == {2: 2}
    assert dice.remaining == 0


# -- refusals --------------------------------------------------------------------------------------


class Stubborn:
    name = "stubborn"

    def choose(self, encounter, choices):
        return A.TakeAction(name="Dance", ap=0)


class Idle:
    name = "idle"

    def choose(self, encounter, choices):
        return next(c for c in choices if isinstance(c, A.Dismiss)) if encounter.effects else A.EndTurn()


def test_bad_simulations_are_refused_and_change_nothing():
    scripted = tc.ScriptedDice([3] * 50)
    with ThreadPoolExecutor(1) as pool, pytest.raises(tc.InvalidInput, match="cannot be split over an executor"):
        d20.simulate_encounter(2, SKIRMISH, d20.FocusFire(), rng=scripted, executor=pool)
    assert scripted.remaining == 50
    with pytest.raises(tc.InvalidInput, match="two sides"):
        d20.simulate_encounter(2, Encounter.of(fighter("A", "x", 3), fighter("B", "x", 3)), d20.FocusFire())
    with pytest.raises(tc.InvalidInput, match="none for 'monsters'"):
        d20.simulate_encounter(2, SKIRMISH, {"heroes": d20.FocusFire()})
    with pytest.raises(tc.InvalidInput, match="no creature is on"):
        d20.simulate_encounter(2, SKIRMISH, {"heroes": d20.FocusFire(), "monsters": Idle(), "elves": Idle()})
    with pytest.raises(TypeError, match="choose"):
        d20.simulate_encounter(2, SKIRMISH, "focus fire")
    with pytest.raises(tc.InvalidInput, match=r"not one of encounter\.choices"):
        d20.simulate_encounter(1, SKIRMISH, Stubborn(), rng=1)
    with pytest.raises(tc.InvalidInput, match="n"):
        d20.simulate_encounter(-1, SKIRMISH, d20.FocusFire())
    with pytest.raises(TypeError, match="executor"):
        d20.simulate_encounter(1, SKIRMISH, d20.FocusFire(), executor="pool")
    with pytest.raises(tc.InvalidInput, match="chunk_size"):
        d20.simulate_encounter(1, SKIRMISH, d20.FocusFire(), chunk_size=0)


def test_a_policy_that_never_fights_times_out():
    result = d20.simulate_encounter(3, SKIRMISH, Idle(), rng=1, max_rounds=4)
    assert (result.timeouts, result.rounds) == (3, {4: 3})
    with pytest.raises(tc.InvalidInput, match="max_steps"):
        d20.simulate_encounter(1, SKIRMISH, Idle(), rng=1, max_steps=5)


# -- the record ------------------------------------------------------------------------------------


def test_the_summary_round_trips_pickles_and_renders():
    result = SERIAL[17]
    data = json.loads(result.to_json())
    assert EncounterSimulation.from_dict(data) == result
    assert pickle.loads(pickle.dumps(result)) == result
    assert str(result).startswith("17 fights (focus fire): heroes win ")
    assert "| Ogre | monsters |" in result.to_markdown()
    assert "<table" in result._repr_html_()
    with pytest.raises(tc.InvalidInput, match="each fight ends one way"):
        EncounterSimulation.from_dict({**data, "draws": data["draws"] + 1})
    with pytest.raises(tc.InvalidInput, match="different fights"):
        result + d20.simulate_encounter(1, SKIRMISH, d20.AttackWeakest(), rng=1)


def test_the_summary_plots_its_win_shares():
    import matplotlib

    matplotlib.use("Agg")
    ax = SERIAL[17].plot()
    assert [t.get_text() for t in ax.get_xticklabels()] == ["heroes", "monsters", "draw", "timeout"]
    assert [round(p.get_height(), 6) for p in ax.patches][:2] == [
        round(float(SERIAL[17].win_share("heroes")), 6),
        round(float(SERIAL[17].win_share("monsters")), 6),
    ]


def test_a_progress_bar_when_asked():
    pytest.importorskip("tqdm")
    out = io.StringIO()
    d20.simulate_encounter(3, SKIRMISH, d20.FocusFire(), rng=1, progress=True, stream=out)
    assert "simulate_encounter" in out.getvalue()
