"""simulate_journey across executors (process pools, a Dask cluster), defeat days, intervals, survival, progress."""

import io
import multiprocessing
import pickle
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core.errors import MissingExtra
from tabletop_core.residue.journey import CautiousPolicy, GreedyPolicy, JourneySimulation, example_setup
from tabletop_core.residue.journey import simulate_journey as simulate
from tabletop_core.residue.journey.simulate import _progress_bar
from tabletop_core.residue.wanderer import Wanderer

SETUP = example_setup()


def sheet():
    return Wanderer.new(
        hp=6, endurance_dice=["d8", "d8", "d6", "d6"], inventory="d8", luck="d6", strain_threshold=3, rng=1
    )


WANDERER = sheet()
SERIAL = {17: simulate(17, WANDERER, SETUP, CautiousPolicy(), rng=2026)}


def made(**fields):
    base = {
        "runs": 10,
        "policy": "cautious",
        "reached": 2,
        "out_of_time": 1,
        "defeats": {"HP": 6, "STRAIN": 1},
        "days": {1: 4, 2: 3, 5: 3},
        "defeat_days": {1: 4, 2: 2, 5: 1},
    }
    return JourneySimulation(**{**base, **fields})


# -- the same result on any executor, in any chunking -------------------------------------------


def test_a_process_pool_gives_the_serial_result_to_the_byte():
    # spawn: fresh workers (a fork of a threaded test process is deprecated from Python 3.12)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        parallel = simulate(17, WANDERER, SETUP, CautiousPolicy(), rng=2026, executor=pool, chunk_size=3)
        greedy = simulate(9, WANDERER, SETUP, GreedyPolicy(), rng=5, executor=pool)
    assert parallel.to_json() == SERIAL[17].to_json()
    assert greedy.to_json() == simulate(9, WANDERER, SETUP, GreedyPolicy(), rng=5).to_json()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chunk=st.integers(1, 18), workers=st.integers(1, 3), first=st.integers(0, 17))
def test_serial_equals_parallel_for_any_chunk_size(chunk, workers, first):
    # Threads stand in for processes here (the executor is any Executor; the process
    # pool and the Dask cluster are tested above and below): the seeds are per run.
    with ThreadPoolExecutor(workers) as pool:
        whole = simulate(17, WANDERER, SETUP, CautiousPolicy(), rng=2026, executor=pool, chunk_size=chunk)
        tail = simulate(17 - first, WANDERER, SETUP, CautiousPolicy(), rng=2026, first_run=first, executor=pool)
    head = simulate(first, WANDERER, SETUP, CautiousPolicy(), rng=2026)  # serial
    assert whole.to_json() == SERIAL[17].to_json()
    assert (head + tail).to_json() == SERIAL[17].to_json()


def test_a_dask_local_cluster_gives_the_serial_result():
    distributed = pytest.importorskip("distributed")  # the test extra installs it: CI refuses this skip
    with (
        distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        result = simulate(17, WANDERER, SETUP, CautiousPolicy(), rng=2026, executor=client.get_executor())
    assert result.to_json() == SERIAL[17].to_json()


def test_executor_errors_change_nothing():
    scripted = tc.ScriptedDice([3] * 50)
    with ThreadPoolExecutor(1) as pool:
        with pytest.raises(tc.InvalidInput, match="cannot be split over an executor"):
            simulate(2, WANDERER, SETUP, CautiousPolicy(), rng=scripted, executor=pool)
        with pytest.raises(tc.InvalidInput, match="chunk_size"):
            simulate(2, WANDERER, SETUP, CautiousPolicy(), rng=1, executor=pool, chunk_size=0)
    assert scripted.remaining == 50
    with pytest.raises(TypeError, match="executor must be a Executor"):
        simulate(2, WANDERER, SETUP, CautiousPolicy(), rng=1, executor="pool")
    with pytest.raises(TypeError, match="chunk_size must be an int"):
        simulate(2, WANDERER, SETUP, CautiousPolicy(), rng=1, chunk_size=2.5)


def test_a_worker_error_reaches_the_caller():
    from journey_strategies import Stubborn

    with ThreadPoolExecutor(2) as pool, pytest.raises(tc.RuleError, match="is not a choice now"):
        simulate(4, WANDERER, SETUP, Stubborn(), rng=1, executor=pool)


def test_a_simulation_pickles_for_the_workers():
    result = SERIAL[17]
    assert pickle.loads(pickle.dumps(result)) == result
    old = made(defeat_days=None)
    assert pickle.loads(pickle.dumps(old)) == old


def test_a_worker_unpickles_the_plan_once_and_plays_each_chunk_as_the_serial_run():
    # The content is pickled once per simulation and unpickled once per worker, not per chunk.
    from tabletop_core.residue.journey.simulate import _PLANS, _Plan, _play_chunk, _root_seed

    plan = _Plan(WANDERER, SETUP, CautiousPolicy(), _root_seed(2026), 100_000, "cautious")
    packed = pickle.dumps(plan)
    _PLANS.clear()
    first, second = _play_chunk(packed, range(9)), _play_chunk(bytes(packed), range(9, 17))
    assert list(_PLANS) == [packed]
    assert _PLANS[packed].wanderer == plan.wanderer
    assert _PLANS[packed].root.entropy == 2026
    assert first + second == SERIAL[17]
    _PLANS.clear()


# -- defeat days, intervals, survival ---------------------------------------------------------


def test_defeat_days_count_every_defeat_on_its_day():
    result = SERIAL[17]
    assert result.defeat_days is not None
    assert sum(result.defeat_days.values()) == sum(result.defeats.values())
    assert all(count <= result.days[day] for day, count in result.defeat_days.items())
    assert list(result.defeat_days) == sorted(result.defeat_days)
    assert JourneySimulation.from_json(result.to_json()) == result


def test_survival_by_day_exact():
    curve = made().survival()
    assert list(curve) == [1, 2, 3, 4, 5]
    shares = [share for share, _low, _high in curve.values()]
    assert shares == [0.6, 0.4, 0.4, 0.4, 0.3]  # 4 defeated on day 1, 2 on day 2, 1 on day 5
    low, high = curve[1][1:]
    assert (round(low, 4), round(high, 4)) == (0.3127, 0.8318)  # Wilson 6/10
    assert made().reach_probability == Fraction(1, 5)
    assert made().defeat_probability == Fraction(7, 10)
    assert tuple(round(x, 4) for x in made().reach_interval()) == (0.0567, 0.5098)
    assert tuple(round(x, 4) for x in made().defeat_interval()) == (0.3968, 0.8922)
    wider = made().reach_interval(z=2.576)
    assert wider[0] < 0.0567
    assert wider[1] > 0.5098


def test_survival_errors():
    with pytest.raises(tc.InvalidInput, match="saved without its defeat days"):
        made(defeat_days=None).survival()
    empty = JourneySimulation(0, "cautious", 0, 0, {}, {}, {})
    with pytest.raises(tc.InvalidInput, match="no runs"):
        empty.survival()
    with pytest.raises(tc.InvalidInput):
        empty.reach_interval()


def test_defeat_days_must_add_up():
    with pytest.raises(tc.InvalidInput, match="must count every defeat once"):
        made(defeat_days={1: 4, 2: 2})
    with pytest.raises(tc.InvalidInput, match="4 defeats on day 2, but 3 runs ended then"):
        made(defeat_days={1: 1, 2: 4, 5: 2})
    with pytest.raises(tc.InvalidInput, match="defeat_days: a day"):
        made(defeat_days={0: 7})
    with pytest.raises(TypeError, match="defeat_days must be a mapping"):
        made(defeat_days=[1, 2])
    data = made().to_dict()
    with pytest.raises(tc.InvalidInput):
        JourneySimulation.from_dict({**data, "defeat_days": {"1": 5, "2": 2}})


def test_an_old_save_loads_without_defeat_days_and_adds_up():
    data = made().to_dict()
    del data["defeat_days"]
    old = JourneySimulation.from_dict(data)
    assert old.defeat_days is None
    assert (old + made()).defeat_days is None
    assert (made() + made()).defeat_days == {1: 8, 2: 4, 5: 2}
    assert JourneySimulation.from_json(old.to_json()) == old


def test_adding_keeps_a_canonical_order():
    a = made(defeats={"STRAIN": 1, "HP": 6})
    b = made()
    assert (a + b).to_json() == (b + a).to_json()
    assert list((a + b).defeats) == ["HP", "STRAIN"]


def test_markdown_gives_each_share_its_interval():
    text = made().to_markdown()
    assert "| reached the Hum | 2 | 20.0% | 5.7% to 51.0% |" in text
    assert "| defeated: HP | 6 | 60.0% | 31.3% to 83.2% |" in text


def test_plot_draws_the_survival_steps_with_a_band():
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from tabletop_core.plots import survival_by_day

    ax = made().plot()
    assert ax.get_xlabel() == "day"
    assert ax.get_title() == "Journeys not yet defeated, by day (runs: cautious 10)"
    (line,) = ax.get_lines()
    assert list(line.get_xdata()) == [0, 1, 2, 3, 4, 5, 6]
    assert list(line.get_ydata()) == [1.0, 0.6, 0.4, 0.4, 0.4, 0.3, 0.3]
    assert len(ax.collections) == 1  # the band
    plt.close(ax.figure)
    ax = survival_by_day({"a": made(), "b": SERIAL[17]}, title="two")
    assert (ax.get_title(), len(ax.get_lines())) == ("two", 2)
    plt.close(ax.figure)
    with pytest.raises(tc.InvalidInput, match="at least one curve"):
        survival_by_day({})
    with pytest.raises(TypeError, match="must be a JourneySimulation"):
        survival_by_day({"a": 3})
    with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
        made().plot(ax="axes")


# -- progress ---------------------------------------------------------------------------------


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_is_a_tqdm_bar_on_a_terminal_for_long_runs_only():
    pytest.importorskip("tqdm")
    shown = Terminal()
    with ThreadPoolExecutor(2) as pool:
        simulate(3, WANDERER, SETUP, GreedyPolicy(), rng=1, progress=True, stream=shown, executor=pool, chunk_size=1)
    assert "3/3" in shown.getvalue()
    assert "simulate_journey" in shown.getvalue()
    short = Terminal()
    simulate(3, WANDERER, SETUP, GreedyPolicy(), rng=1, stream=short)  # automatic: fewer than 500 runs
    assert short.getvalue() == ""
    # The automatic rule (a bar of 500 runs is slow to test through whole simulations):
    bar = _progress_bar(None, 500, Terminal())
    assert bar.total == 500
    bar.close()
    assert _progress_bar(None, 499, Terminal()) is None
    assert _progress_bar(None, 10**6, io.StringIO()) is None  # not a terminal
    assert _progress_bar(False, 10**6, Terminal()) is None


def test_progress_without_tqdm(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)  # an import of tqdm.auto now fails
    with pytest.raises(MissingExtra, match=r"tabletop_core\[progress\]"):
        simulate(2, WANDERER, SETUP, GreedyPolicy(), rng=1, progress=True, stream=io.StringIO())
    assert _progress_bar(None, 10**6, Terminal()) is None  # automatic: off, no error
    quiet = Terminal()
    assert simulate(2, WANDERER, SETUP, GreedyPolicy(), rng=1, stream=quiet).runs == 2
    assert quiet.getvalue() == ""


def test_a_journey_out_of_time_keeps_its_last_day_and_round_trips():
    from tabletop_core.residue.journey import Journey, JourneyOutcome, play_journey, start_journey

    setup = example_setup(max_days=1)
    ends = []
    for seed in range(12):
        start = start_journey(WANDERER, setup, rng=seed)
        end, _steps = play_journey(start, CautiousPolicy(), rng=seed)
        ends.append(end)
        assert Journey.from_json(end.to_json()) == end
    late = [end for end in ends if end.outcome is JourneyOutcome.OUT_OF_TIME]
    assert late, "some Journey must outlast one day"
    assert {end.day for end in late} == {1}
    result = simulate(12, WANDERER, setup, CautiousPolicy(), rng=3)
    assert max(result.days) == 1
