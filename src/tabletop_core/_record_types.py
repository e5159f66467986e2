"""The kinds of record: each record class's ``"type"`` tag, and the class of a tag.

Every record class is noted here when it is defined (:meth:`Record.__init_subclass__
<tabletop_core._record.Record>` calls :func:`note_record_class`); :func:`record_type`
reads a tag through a registry built once from those notes, and again only after a
new record class was defined (a system imported, a class written in a notebook).
Reading a tag is then one dictionary lookup: ``records.load`` pays nothing for it.
"""

from __future__ import annotations

import contextlib
import importlib
import weakref
from typing import TYPE_CHECKING, Any, TypeAlias

from tabletop_core._validate import clip
from tabletop_core.errors import InvalidInput

if TYPE_CHECKING:
    from tabletop_core._record import Record

__all__ = [
    "SYSTEMS",
    "JsonDict",
    "import_every_module",
    "note_record_base",
    "note_record_class",
    "record_base",
    "record_classes",
    "record_type",
    "type_name",
]

JsonDict: TypeAlias = dict[str, Any]  # Any: JSON values of every kind, which a reader indexes freely
"""A JSON object as :meth:`Record.to_dict` writes it."""

SYSTEMS = ("core", "action_roll", "d20", "notation", "residue")
"""The parts of a tag before the dot that name a part of the library (``"d20.TestRoll"``)."""


def type_name(cls: type) -> str:
    """The ``"type"`` tag of a record class: ``"<system>.<Class>"``.

    The system is the subpackage (``action_roll``, ``d20``, ``notation``,
    ``residue``) or ``core`` for the top-level modules: ``"d20.TestRoll"``,
    ``"core.DieRoll"``. A record class defined outside tabletop_core is tagged
    with its full module path, or with its ``_type_tag`` class attribute.
    """
    tag = cls.__dict__.get("_type_tag")
    if isinstance(tag, str):
        return tag
    module = cls.__module__
    if module != "tabletop_core" and not module.startswith("tabletop_core."):
        return f"{module}.{cls.__qualname__}"  # a record defined outside the library keeps its full name
    parts = module.split(".")
    system = parts[1] if len(parts) > 2 else "core"
    return f"{system}.{cls.__qualname__}"


# Every record class defined so far, in the order of definition; weakly, so a class nobody
# holds any more (one written in a test, attrs' first draft of a slotted class) drops out.
_defined: list[weakref.ref[type[Record]]] = []
_registry: dict[str, type[Record]] = {}
"""Every concrete record class by tag; swapped whole, never changed in place (threads see old or new)."""
_stale = False
"""Whether a record class was defined since the registry was built."""


_base: list[type[Record]] = []


def note_record_base(cls: type[Record]) -> None:
    """Note the base class of every record (:class:`~tabletop_core._record.Record`, once, where it is defined)."""
    _base[:] = [cls]


def record_base() -> type[Record]:
    """The base class of every record: what the codec reads and writes as a record."""
    return _base[0]


def note_record_class(cls: type[Record]) -> None:
    """Note a newly defined record class: the registry is built again at the next unknown tag."""
    global _stale
    _defined.append(weakref.ref(cls))
    _stale = True


def _build() -> dict[str, type[Record]]:
    """The registry of record classes by tag, from the classes defined so far."""
    global _registry, _stale
    _stale = False
    refs = list(_defined)  # a snapshot: a class defined meanwhile marks the registry stale again
    alive = [cls for cls in (ref() for ref in refs) if cls is not None]
    for ref in refs:
        if ref() is None:  # a class nobody holds any more: forget it (one removal at a time, thread-safe)
            with contextlib.suppress(ValueError):  # another thread's build removed it first
                _defined.remove(ref)
    found: dict[str, type[Record]] = {}
    for cls in alive:
        if "__attrs_attrs__" in cls.__dict__:
            found[type_name(cls)] = cls
    for cls in alive:
        for tag in cls.__dict__.get("_old_tags", ()):  # a retired concrete type, now this base's kinds
            found.setdefault(tag, cls)
    _registry = found
    return found


def record_classes() -> dict[str, type[Record]]:
    """Every record class defined so far by tag (retired tags name their kinds' base); do not change it."""
    return _build() if _stale or not _registry else _registry


def record_type(name: str) -> type[Record]:
    """The record class whose ``"type"`` tag is *name* (importing its system if needed).

    Raises:
        InvalidInput: no record type has that tag.
        TypeError: *name* is not a str.
    """
    found = _registry.get(name) if type(name) is str else None
    if found is not None:
        return found  # the common case: one dict lookup
    if not isinstance(name, str):
        raise TypeError(f"type must be a str, got {type(name).__name__} {clip(name)}")
    system = name.partition(".")[0]
    if system in SYSTEMS[1:]:
        # The tag names the system that defines the type: its package is imported by name, as
        # pickle imports a class's module (no import of the core's reaches a system otherwise).
        importlib.import_module(f"tabletop_core.{system}")
    known = _build() if _stale or not _registry else _registry
    if name not in known and system in SYSTEMS[1:] and system not in _walked:
        import_every_module(system)  # a record class in a module its package loads lazily
        known = _build() if _stale else _registry
    if name not in known:
        raise InvalidInput(f"type: unknown record type {clip(name)}")
    return known[name]


_walked: set[str] = set()


def import_every_module(system: str) -> None:
    """Import every module of the *system* subpackage (``"d20"``), once."""
    import pkgutil  # cold start: only a tag of a lazily loaded module needs it

    _walked.add(system)
    package = importlib.import_module(f"tabletop_core.{system}")
    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
