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
