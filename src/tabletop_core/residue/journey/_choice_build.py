"""``Choice(act, ...)``: the kind of :class:`~.choices.Choice` an act belongs to, built from loose details.

Also reads the flat shape of the single ``Choice`` class saved before (format version 1).
The kinds are the concrete subclasses of the class the call is made on, found from its own
subclasses (as the record registry finds the record classes): so this module needs neither the
base's module (:mod:`~tabletop_core.residue.journey.choice_base`, whose metaclass calls it) nor
the kinds' (:mod:`~tabletop_core.residue.journey.choices`).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

import attrs

from tabletop_core import _codec
from tabletop_core._frozen import frozen
from tabletop_core._record_codec import shared_converter
from tabletop_core._record_types import type_name
from tabletop_core._validate import check_type, clip
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.journey.acts import Act

if TYPE_CHECKING:
    from tabletop_core.residue.journey.choice_base import Choice

__all__ = ["OLD_TAG", "Kinds", "build", "from_flat", "kinds", "shared"]

OLD_TAG = "residue.Choice"
"""The tag of the single flat ``Choice`` class of format 1 (untagged in 0.1.0)."""


@frozen
class Kinds:
    """The kinds of a Choice base: the kind each act belongs to, and each kind's own fields."""

    by_act: dict[Act, type[Choice]]
    fields: dict[type[Choice], dict[str, attrs.Attribute[Any]]]  # Any: attrs fields of any type


_known: dict[type[Choice], Kinds] = {}


def kinds(base: type[Choice]) -> Kinds:
    """The kinds of *base*: its concrete subclasses (attrs classes), each with the acts it takes.

    Walked once every act has its kind (the kinds' module imported); until then walked on each call.
    """
    found = _known.get(base)
    if found is not None:
        return found
    by_act: dict[Act, type[Choice]] = {}
    stack = [base]
    while stack:
        for sub in stack.pop().__subclasses__():
            stack.append(sub)
            if "__attrs_attrs__" not in sub.__dict__:  # attrs' slotted copy replaces the class first made
                continue
            for act in sub.__dict__.get("ACTS", ()):
                if by_act.setdefault(act, sub) is not sub:
                    raise AssertionError(f"{act.name} belongs to both {by_act[act].__name__} and {sub.__name__}")
    fields = {
        kind: {field.name: field for field in attrs.fields(cast(Any, kind)) if field.name != "act"}
        for kind in by_act.values()
    }  # Any: attrs fields of any type
    found = Kinds(by_act, fields)
    if len(by_act) == len(Act):
        _known[base] = found
    return found


def _kind_of(base: type[Choice], act: object) -> type[Choice]:
    chosen = check_type("act", act, Act)
    kind = kinds(base).by_act.get(chosen)
    if kind is None:
        raise InvalidInput(f"no kind of {base.__name__} takes {chosen.name}")
    return kind


_EMPTY: dict[str, object] = {
    "die": None,
    "luck": False,
    "target": None,
    "direction": None,
    "rest": None,
    "kind": None,
    "banish": None,
    "item_slot": None,
    "weapon_slot": None,
    "dice": None,
}


@functools.lru_cache(maxsize=4096, typed=True)  # typed: die=True is refused, not taken for die=1
def shared(base: type[Choice], *args: Any, **details: Any) -> Choice:  # Any: checked by build
    """:func:`build`, with equal requests sharing one instance (a Choice is frozen)."""
    return build(base, *args, **details)


def build(base: type[Choice], act: Act, *args: object, **details: object) -> Choice:
    """``Choice(act, die, luck, target, **details)``: the kind *act* belongs to, with only its details."""
    kind = _kind_of(base, act)
    if len(args) > 3:
        raise TypeError(f"Choice takes at most 4 positional arguments (act, die, luck, target), got {len(args) + 1}")
    for name, value in zip(("die", "luck", "target"), args, strict=False):
        if name in details:
            raise TypeError(f"Choice got two values for {name}")
        details[name] = value
    unknown = sorted(set(details) - set(_EMPTY))
    if unknown:
        raise TypeError(f"Choice got unknown details {unknown}")
    own = kinds(base).fields[kind]
    given: dict[str, object] = {}
    for name, value in details.items():
        if value is _EMPTY[name] or (name == "luck" and value is False):
            continue
        if name not in own:
            raise InvalidInput(f"{act.name} is a {kind.__name__}, which holds no {name} (got {clip(value)})")
        given[name] = value
    missing = [name for name, field in own.items() if field.default is attrs.NOTHING and name not in given]
    if missing:
        raise InvalidInput(f"{act.name} needs {', '.join(missing)}")
    built: Choice = cast(Any, kind)(act, **given)  # Any: the kind's own fields, checked just above
    return built


def from_flat(base: type[Choice], data: Mapping[str, object]) -> Choice:
    """A Choice saved as the single flat class (format version 1): the kind its act belongs to."""
    version = data.get("version", 1)
    if type(version) is not int or version != 1:
        raise InvalidInput(f"version: no migration of {OLD_TAG} from version {clip(version)}")
    raw = data.get("act")
    act = _saved_act(raw, short="version" not in data)
    unknown = sorted(set(data) - set(_EMPTY) - {"type", "version", "act"})
    if unknown:
        raise InvalidInput(f"a saved Choice has unknown keys {unknown}")
    kind = _kind_of(base, act)
    own = kinds(base).fields[kind]
    kept: dict[str, object] = {"type": type_name(kind), "version": 1, "act": data["act"]}
    kept.update({name: _EMPTY[name] for name in own if name in _EMPTY})  # label: optional, none in format 1
    for name in _EMPTY:
        if name not in data:
            if "version" in data and name != "dice":  # format 1 wrote every detail but dice (added later)
                raise InvalidInput(f"a saved Choice of format 1 has every detail: {name!r} is missing")
            continue
        value = data[name]
        if name in own:
            kept[name] = value  # read by the kind, exactly: a null luck is refused, not taken as False
        elif value is not None and not (name == "luck" and value is False):
            raise InvalidInput(f"a saved {act.name} Choice holds {name}, which a {kind.__name__} does not")
    if "version" in data:
        return kind.from_dict(kept)
    with _codec.reading_as(_codec.SHORT):  # 0.1.0 and 0.2.0: enums by upper-case name
        return kind.from_dict(kept)


def _saved_act(raw: object, *, short: bool) -> Act:
    """The :class:`Act` a saved choice names (the record converter's reading; *short*: a 0.1.0 save)."""
    try:
        with _codec.reading_as(_codec.SHORT if short else _codec.SAVED):
            act = shared_converter().structure(raw, Act)
    except Exception as error:  # cattrs reports each failure in its own way
        raise InvalidInput(f"act: not a kind of choice: {clip(raw)}") from error
    assert isinstance(act, Act)
    return act
