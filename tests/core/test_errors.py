import pytest

import tabletop_core as tc


@pytest.mark.parametrize("error", [tc.InvalidInput, tc.RuleError, tc.DiceExhausted])
def test_every_error_is_a_tabletop_error(error):
    assert issubclass(error, tc.TabletopError)


def test_invalid_input_is_also_a_value_error():
    assert issubclass(tc.InvalidInput, ValueError)
    assert not issubclass(tc.RuleError, ValueError)


def test_public_surface_is_explicit():
    for name in tc.__all__:
        assert hasattr(tc, name), name


def test_the_developer_detail_rides_on_the_exception_not_in_the_message():
    import pickle

    import tabletop_core as tc

    plain = tc.InvalidInput("a message")
    assert (str(plain), plain.detail, plain.limit) == ("a message", None, None)  # as before: one positional message
    error = tc.RuleError("too much", detail="raise X", limit="tabletop_core.odds.MAX_OUTCOMES")
    assert str(error) == "too much"
    copy = pickle.loads(pickle.dumps(error))  # errors cross process pools (simulate_journey's executor)
    assert (type(copy), str(copy), copy.detail, copy.limit) == (tc.RuleError, "too much", "raise X", error.limit)
    missing = tc.errors.MissingExtra("pip install tabletop_core[plot]", detail="matplotlib")
    assert isinstance(missing, ImportError)
    assert missing.detail == "matplotlib"
    assert pickle.loads(pickle.dumps(missing)).detail == "matplotlib"
