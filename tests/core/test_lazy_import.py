"""`import tabletop_core` loads only the core; rule systems and the Datasworn reader load on first use."""

import subprocess
import sys

import pytest

import tabletop_core as tc
from tabletop_core import action_roll as ar

HEAVY = (
    "tabletop_core.action_roll",
    "tabletop_core.action_roll.datasworn",
    "tabletop_core.action_roll.datasworn.tables",
    "tabletop_core.d20",
    "tabletop_core.notation",
    "tabletop_core.residue",
)


def _loaded_after(code: str) -> set[str]:
    script = f"import sys\n{code}\nprint('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_import_tabletop_core_loads_no_rule_system() -> None:
    loaded = _loaded_after("import tabletop_core")
    assert loaded.isdisjoint(HEAVY), sorted(loaded & set(HEAVY))


def test_action_roll_does_not_load_the_reader_or_oracle_tables() -> None:
    loaded = _loaded_after("from tabletop_core import action_roll")
    assert "tabletop_core.action_roll" in loaded
    assert "tabletop_core.action_roll.datasworn.reader" not in loaded
    assert "tabletop_core.action_roll.datasworn.tables" not in loaded


def test_lazy_names_resolve_to_the_real_objects() -> None:
    from tabletop_core.action_roll.datasworn.reader import load

    assert tc.action_roll is ar
    assert ar.datasworn.load is load
    assert "d20" in dir(tc)
    assert "datasworn" in dir(ar)
    assert "Ruleset" in dir(ar.datasworn)
    for name in tc.__all__:
        assert getattr(tc, name) is not None
    for name in ar.datasworn.__all__:
        assert getattr(ar.datasworn, name) is not None


@pytest.mark.parametrize("module", [tc, ar, ar.datasworn])
def test_unknown_attribute_is_an_attribute_error(module: object) -> None:
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        module.nope  # type: ignore[attr-defined]  # noqa: B018
