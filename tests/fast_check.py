"""Fast paths checked against the plain construction, wherever the tests reach them (issue 30).

``fast_build`` / ``fast_replace`` / ``fast_builder`` skip the converters and validators of a
class; a use is only sound if the plain construction, given the same values, builds an equal
value. :func:`install` rebinds every module-level name bound to a fast door to a checking door:
it builds both ways, fails the calling test on any difference (type, equality, each compared
field and its type) and notes the function that called it. :func:`static_sites` reads the source for
every function that calls a door, so a run can say which ones it never reached.

``TABLETOP_FAST_CHECK=1 pytest tests`` (the CI stage ``25-fast-paths.sh``) installs it for the
whole suite and fails unless every site was reached (``tests/conftest.py``);
``tests/core/test_fast_sites.py`` installs it around a short workload of its own.
"""

from __future__ import annotations

import ast
import importlib
import pathlib
import pkgutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import attrs

import tabletop_core
from tabletop_core import _fast

__all__ = ["Door", "FastPathDisagrees", "checking", "disagreement", "doors", "install", "static_sites"]

PACKAGE = pathlib.Path(tabletop_core.__file__).parent
DOOR_NAMES = ("fast_build", "fast_replace", "fast_builder")

Door = tuple[Any, str, Callable[..., Any], Callable[..., Any]]  # module, name, fast door, plain stand-in
Site = tuple[str, str]  # module, function name


class FastPathDisagrees(AssertionError):
    """A fast path built something the plain construction does not."""


# A Journey transition changes its state in steps (a card leaves ``gained``, then the phase moves
# on; a token is removed, then the stage's token indices follow), so these functions hand on a
# Journey that is mid-transition and that the plain constructor refuses. Only there, only for a
# Journey, a refusal is expected; every state a transition returns is rebuilt the plain way
# (``Journey._advance`` is checked too), so a state that leaves the engine invalid still fails.
TRANSIENT_JOURNEYS = {
    ("tabletop_core.residue.journey.flow", "_follow"): "the PLACE phase is left after the card moves",
    ("tabletop_core.residue.journey.flow", "_rest_phase"): "the PLACE phase is left after the card moves",
    ("tabletop_core.residue.journey.flow", "_reach_hum"): "the stage's token indices follow the removed token",
    ("tabletop_core.residue.journey.steps", "_end_combat"): "the stage's token indices follow the removed token",
    ("tabletop_core.residue.journey.handlers_items", "_do_place"): "the PLACE phase is left after the card moves",
    ("tabletop_core.residue.journey.handlers_items", "_do_discard_card"): "the PLACE phase is left after the card",
    ("tabletop_core.residue.journey.handlers_items", "_do_barter"): "a Failed Barter is judged after the payment",
    ("tabletop_core.residue.journey.handlers_items", "_do_barter_pay"): "a Failed Barter is judged after the payment",
}


def doors() -> list[Door]:
    """(module, name, fast door, its plain stand-in) for every module-level name bound to a fast door."""
    for info in pkgutil.walk_packages(tabletop_core.__path__, "tabletop_core."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    positional = {builder: cls for cls, builder in _fast._TABLES["positional"].items()}
    found: list[Door] = []
    for name, module in sorted(sys.modules.items()):
        if not name.startswith("tabletop_core.") or name == "tabletop_core._fast":
            continue
        for attribute, value in vars(module).items():
            if hasattr(value, "fast_door"):  # a checking door already installed: the door under it
                found.append((module, attribute, value.fast_door, value.plain))
            elif value is _fast.fast_build:
                found.append((module, attribute, value, lambda cls, **fields: cls(**fields)))
            elif value is _fast.fast_replace:
                found.append((module, attribute, value, attrs.evolve))
            elif callable(value) and value in positional:
                cls = positional[value]
                found.append((module, attribute, value, lambda *values, cls=cls: cls(*values)))
    return found


def disagreement(plain: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], made: Any) -> str | None:
    """How *made* differs from ``plain(*args, **kwargs)``, or None where they agree field for field."""
    try:
        expected = plain(*args, **kwargs)
    except Exception as error:  # the class itself refuses what the fast path built
        return f"the plain construction raises {error!r}"
    if type(made) is not type(expected) or made != expected:
        return f"{made!r} != {expected!r}"
    for field in attrs.fields(type(expected)):
        if not field.eq:  # not part of the value (a lookup cache, or a field the class leaves out of ==)
            continue
        a, b = getattr(made, field.name), getattr(expected, field.name)
        if a != b or type(a) is not type(b):
            return f"field {field.name}: {a!r} vs {b!r}"
    return None


def _caller() -> Site:
    """The function that called the door: past comprehensions, generator expressions and lambdas
    (code objects of their own, named ``<listcomp>`` ...), as :func:`static_sites` reads them."""
    frame = sys._getframe(2)
    while frame.f_code.co_name.startswith("<") and frame.f_code.co_name != "<module>" and frame.f_back is not None:
        frame = frame.f_back
    return frame.f_globals["__name__"], frame.f_code.co_name


def _checking(door: Callable[..., Any], plain: Callable[..., Any], reached: set[Site]) -> Callable[..., Any]:
    from tabletop_core.residue.journey.state import Journey

    def check(*args: Any, **kwargs: Any) -> Any:
        made = door(*args, **kwargs)
        site = _caller()
        reached.add(site)
        found = disagreement(plain, args, kwargs, made)
        if found is not None and not (type(made) is Journey and site in TRANSIENT_JOURNEYS and _refused(found)):
            raise FastPathDisagrees(f"{site[0]}.{site[1]}: {found}")
        return made

    check.fast_door = door  # type: ignore[attr-defined]  # what doors() finds under a checking door
    check.plain = plain  # type: ignore[attr-defined]
    return check


def _refused(found: str) -> bool:
    return found.startswith("the plain construction raises")


def _checked_advance(advance: Callable[..., Any]) -> Callable[..., Any]:
    def check(journey: Any, *args: Any, **kwargs: Any) -> Any:
        after = advance(journey, *args, **kwargs)
        found = disagreement(attrs.evolve, (after,), {}, after)
        if found is not None:
            raise FastPathDisagrees(f"a Journey transition returned a state the plain constructor refuses: {found}")
        return after

    return check


def install(reached: set[Site]) -> Callable[[], None]:
    """Rebind every fast door to a checking one that adds its caller to *reached*; returns the undo."""
    from tabletop_core.residue.journey.state import Journey

    found = doors()
    before = [(module, name, getattr(module, name)) for module, name, _door, _plain in found]
    for module, name, door, plain in found:
        setattr(module, name, _checking(door, plain, reached))
    advance = Journey.__dict__["_advance"]
    Journey._advance = _checked_advance(advance)  # type: ignore[method-assign]

    def undo() -> None:  # what was there before, a checking door of the whole run included
        for module, name, value in before:
            setattr(module, name, value)
        Journey._advance = advance  # type: ignore[method-assign]

    return undo


@contextmanager
def checking() -> Iterator[set[Site]]:
    """Fast doors checked while the block runs; yields the sites reached."""
    reached: set[Site] = set()
    undo = install(reached)
    try:
        yield reached
    finally:
        undo()


def _module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _builders(tree: ast.Module, doors_here: set[str]) -> set[str]:
    """Module-level names bound to a builder: ``new_roll: ... = fast_builder(RollResult)``."""
    found = set()
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in doors_here:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]  # type: ignore[union-attr]
            found |= {target.id for target in targets if isinstance(target, ast.Name)}
    return found


def static_sites() -> set[Site]:
    """(module, function) for every function in the package whose body calls a fast door or a builder by name."""
    trees = {
        _module_name(path): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "_fast.py"
    }
    imported = {
        module: {
            (node.module, alias.name, alias.asname or alias.name)
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
            for alias in node.names
        }
        for module, tree in trees.items()
    }
    doors_in = {
        module: {local for source, name, local in names if source == "tabletop_core._fast" and name in DOOR_NAMES}
        for module, names in imported.items()
    }
    builders = {module: _builders(tree, doors_in[module]) for module, tree in trees.items()}
    sites: set[Site] = set()
    for module, tree in trees.items():
        callable_here = (doors_in[module] - {"fast_builder"}) | builders[module]
        callable_here |= {local for source, name, local in imported[module] if name in builders.get(source, ())}
        for function in ast.walk(tree):
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in callable_here
                for call in _own_nodes(function)
            ):
                sites.add((module, function.name))
    return sites


def _own_nodes(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
    """The nodes of *function*'s body, not those of the functions defined inside it (their own sites)."""
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))
