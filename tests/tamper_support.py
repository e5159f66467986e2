"""The project's own tamperer: every record type ``records.load`` knows, one hostile change at a time.

How it works:

1. :func:`documents` gives the saved document of every record type: the ``to_dict()`` of the
   instance ``tests/fixtures/make_fixtures.py`` builds for it, plus the format-1 files of
   retired tags (a flat ``residue.Choice``), as JSON would give them back.
2. :func:`tampers` changes one node of a document at a time: a key deleted, an unknown key
   added, a value swapped for a hostile one of another JSON kind (a string where a list
   belongs, a dict where a list belongs, a bool or a float where an int belongs, an int of
   5,000 digits, nesting 5,000 deep, a 1 MB string, ...) or the same kind changed (a number
   off by one, a list with an item dropped or doubled). The quick profile takes the nodes of
   each record's own fields; the long one adds random nodes anywhere in the document.
3. :func:`verdict` loads each tampered document with :func:`tabletop_core.records.load` and
   sorts the outcome:

   * ``refused``: a :class:`~tabletop_core.TabletopError`, or a ``TypeError``, with a
     one-line message of at most :data:`MAX_MESSAGE` characters (allowed);
   * ``bare``: any other exception, or a message that is multi-line or too long;
   * ``altered``: it loaded, but writes back another document than it was given (a value
     coerced, dropped or refilled): the loader changed the data instead of refusing it;
   * ``unusable``: it loaded, but ``str()``, ``to_json()``, the notebook views or reading its
     own JSON back fail or give another record;
   * ``loaded``: it loaded and writes back exactly what it was given (allowed: an equally
     valid state).

Time and memory are measured by the CI stage's runner (``tests/fuzz_run.py``), never here.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tabletop_core as tc
from tabletop_core._record import Record, record_type
from tabletop_core.records import load

FIXTURES = Path(__file__).resolve().parent / "fixtures"
MAX_MESSAGE = 1000
"""The longest error message allowed: every message quotes a bounded excerpt of a value."""
SEED = 20261201
LONG_RANDOM_PATHS = 20  # random nodes anywhere in a document, per type, in the long profile


def _make_fixtures() -> Any:
    if "make_fixtures" in sys.modules:
        return sys.modules["make_fixtures"]
    spec = importlib.util.spec_from_file_location("make_fixtures", FIXTURES / "make_fixtures.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_fixtures"] = module
    spec.loader.exec_module(module)
    return module


def plain(data: Any) -> Any:
    """*data* as JSON gives it back (tuples as lists)."""
    return json.loads(json.dumps(data))


@functools.cache
def instances() -> dict[str, Record]:
    """One instance of every record type, by its ``"type"`` tag."""
    return {_tag(value): value for value in _make_fixtures().instances().values()}


def _tag(value: Record) -> str:
    tag = value.to_dict()["type"]
    assert isinstance(tag, str)
    return tag


RETIRED_TAGS = ("residue.Choice",)
"""Tags ``records.load`` reads that no class writes any more (their format-1 files are tampered)."""


@functools.cache
def documents() -> dict[str, dict[str, Any]]:
    """The document of every type ``records.load`` knows, by tag (plain JSON data)."""
    docs = {tag: plain(value.to_dict()) for tag, value in sorted(instances().items())}
    for tag in RETIRED_TAGS:
        docs[tag] = json.loads((FIXTURES / "format-1" / f"{tag}.json").read_text(encoding="utf-8"))
    return docs


# --------------------------------------------------------------------------- hostile values


def deep_list(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def deep_dict(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(depth):
        value = {"type": value}
    return value


MEGA = "x" * 1_000_000
"""A 1 MB string: where a list belongs, a loader that iterates it builds a million items."""
DEEP_LIST = deep_list(5000)
DEEP_DICT = deep_dict(5000)
HUGE = 10**5000


def _other_kinds(value: Any) -> list[tuple[str, Any]]:
    """Hostile values of another JSON kind than *value*, and edge values of its own kind."""
    swaps: list[tuple[str, Any]] = [
        ("null", None),
        ("deep list", DEEP_LIST),
        ("deep dict", DEEP_DICT),
        ("10**5000", HUGE),
    ]
    if isinstance(value, bool):
        swaps += [("1 for bool", 1), ("0 for bool", 0), ("'true'", "true"), ("flipped", not value)]
    elif isinstance(value, int):
        swaps += [
            ("True for int", True),
            ("float for int", float(value)),
            ("str for int", str(value)),
            ("+1", value + 1),
            ("-1", value - 1),
            ("0", 0),
            ("2**64", 2**64),
            ("-2**64", -(2**64)),
            ("2**53", 2**53),
        ]
    elif isinstance(value, float):
        swaps += [("int for float", int(value)), ("str for float", str(value))]
    elif isinstance(value, str):
        swaps += [
            ("int for str", 5),
            ("list for str", [value]),
            ("''", ""),
            ("+x", value + "x"),
            ("upper", value.upper()),
            ("10k chars", "y" * 10_000),
            ("two lines", "a\nb"),
        ]
    elif isinstance(value, list):
        swaps += [
            ("str for list", "Bo"),
            ("1 MB str for list", MEGA),
            ("dict for list", {"a": 1, "b": 2}),
            ("int for list", 3),
            ("[]", []),
            ("[null]", [None]),
        ]
        if value:
            swaps += [("doubled item", [*value, value[0]]), ("dropped item", value[:-1]), ("reversed", value[::-1])]
    elif isinstance(value, dict):
        swaps += [("list for dict", []), ("str for dict", "Bo"), ("{}", {}), ("int for dict", 3)]
        if "type" in value:
            swaps += [("tag nested deep", {**value, "type": DEEP_LIST}), ("tag int", {**value, "type": 5})]
    elif value is None:
        swaps += [("0 for null", 0), ("'' for null", ""), ("[] for null", []), ("{} for null", {})]
    return swaps


# --------------------------------------------------------------------------- tampering


@dataclass(frozen=True)
class Tamper:
    """One tampered document: what was changed and where."""

    tag: str
    path: tuple[Any, ...]
    change: str
    document: Any

    def describe(self) -> str:
        where = "".join(f"[{p!r}]" for p in self.path) or "<root>"
        return f"{self.tag}{where}: {self.change}"


def _own_nodes(data: Any, path: tuple[Any, ...] = (), *, top: bool = True) -> Iterator[tuple[Any, ...]]:
    """Paths to the nodes of a record's own fields (a nested record is one node, not entered)."""
    yield path
    if isinstance(data, dict) and (top or "type" not in data):
        for key, value in data.items():
            yield from _own_nodes(value, (*path, key), top=False)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _own_nodes(value, (*path, index), top=False)


def _all_nodes(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _all_nodes(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _all_nodes(value, (*path, index))


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy: Any = list(data) if isinstance(data, list) else dict(data)
    copy[path[0]] = _replaced(data[path[0]], path[1:], value)
    return copy


def _deleted(data: Any, path: tuple[Any, ...]) -> Any:
    if len(path) == 1:
        copy = dict(data)
        del copy[path[0]]
        return copy
    copy = list(data) if isinstance(data, list) else dict(data)
    copy[path[0]] = _deleted(data[path[0]], path[1:])
    return copy


def _changes_at(tag: str, document: Any, path: tuple[Any, ...]) -> Iterator[Tamper]:
    node = _get(document, path)
    if path and isinstance(_get(document, path[:-1]), dict) and path != ("type",):  # the top tag: below
        yield Tamper(tag, path, "key deleted", _deleted(document, path))
    if isinstance(node, dict) and ("type" in node or not path):
        yield Tamper(tag, path, "unknown key", _replaced(document, path, {**node, "zz_unknown": 1}))
    for label, value in _other_kinds(node):
        yield Tamper(tag, path, label, _replaced(document, path, value))


def tampers(tag: str, profile: str = "quick") -> Iterator[Tamper]:
    """Every tampered version of *tag*'s document in *profile* (quick: its own fields; long: more)."""
    document = documents()[tag]
    paths = list(_own_nodes(document))
    if profile == "long":
        rng = random.Random(f"{SEED}:{tag}")
        every = list(_all_nodes(document))
        extra = [p for p in every if p not in set(paths)]
        paths += rng.sample(extra, min(LONG_RANDOM_PATHS, len(extra)))
    for path in paths:
        yield from _changes_at(tag, document, path)
    yield Tamper(tag, ("type",), "top tag deleted", {k: v for k, v in document.items() if k != "type"})
    yield Tamper(tag, ("version",), "older version", {**document, "version": document["version"] - 1})


def sample(items: list[Tamper], profile: str) -> list[Tamper]:
    """The quick profile keeps a fixed-seed tenth of each type's tampers (at least 8); long keeps all."""
    if profile == "long" or not items:
        return items
    rng = random.Random(f"{SEED}:{items[0].tag}")
    keep = max(8, len(items) // 10)
    return sorted(rng.sample(items, min(keep, len(items))), key=items.index)


# --------------------------------------------------------------------------- judging


@functools.cache
def _optional_defaults(tag: str) -> dict[str, Any]:
    """The keys a type writes only when they differ from their default, with that default as JSON."""
    import attrs

    try:
        cls = record_type(tag)
    except tc.TabletopError:
        return {}
    if "__attrs_attrs__" not in cls.__dict__:
        return {}
    defaults = {}
    fields = attrs.fields_dict(cls)  # type: ignore[arg-type]
    from tabletop_core._record import shared_converter

    for name in cls._optional_keys:
        default = fields[name].default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()  # type: ignore[attr-defined]
        defaults[cls._json_names.get(name, name)] = plain(shared_converter().unstructure(default))
    return defaults


def same_document(given: Any, written: Any) -> bool:
    """Whether *written* says exactly what *given* says, JSON types included.

    An optional key at its default may be left out by either.
    """
    if isinstance(given, bool) or isinstance(written, bool):
        return type(given) is type(written) and given == written
    if isinstance(given, dict):
        if not isinstance(written, dict):
            return False
        optional = _optional_defaults(given["type"]) if isinstance(given.get("type"), str) else {}
        for key in given.keys() | written.keys():
            if key in given and key in written:
                if not same_document(given[key], written[key]):
                    return False
            elif key in optional:
                present = given[key] if key in given else written[key]
                if not same_document(present, optional[key]):
                    return False
            else:
                return False
        return True
    if isinstance(given, list):
        return (
            isinstance(written, list)
            and len(given) == len(written)
            and all(same_document(a, b) for a, b in zip(given, written, strict=True))
        )
    return type(given) is type(written) and given == written


def refusal_problem(error: BaseException) -> str | None:
    """``None`` when *error* is an allowed refusal, else why not."""
    try:
        message = str(error)
    except Exception as inner:  # a message that cannot even be had
        return f"str() of the {type(error).__name__} raised {type(inner).__name__}"
    if not isinstance(error, tc.TabletopError) and type(error) is not TypeError:
        return f"{type(error).__name__}: {message[:200]}"
    if "\n" in message or "\u2028" in message:
        return f"{type(error).__name__} with a multi-line message: {message[:200]!r}"
    if len(message) > MAX_MESSAGE:
        return f"{type(error).__name__} with a message of {len(message):,} characters: {message[:120]!r}..."
    return None


def usability_problem(record: Record) -> str | None:
    """``None`` when a loaded record renders, serialises and reads back equal, else what failed."""
    steps: list[tuple[str, Callable[[], Any]]] = [
        ("str()", lambda: str(record)),
        ("to_markdown()", record.to_markdown),
        ("_repr_html_()", record._repr_html_),
        ("_repr_markdown_()", record._repr_markdown_),
        ("to_json()", record.to_json),
    ]
    for name, step in steps:
        try:
            step()
        except Exception as error:
            return f"{name} raised {type(error).__name__}: {str(error)[:160]}"
    try:
        again = load(record.to_json())
    except Exception as error:
        return f"its own JSON does not load: {type(error).__name__}: {str(error)[:160]}"
    if again != record:
        return "its own JSON loads as another record"
    return None


@dataclass
class TamperReport:
    """What a tampering run found: counts by verdict, and the findings."""

    types: set[str] = field(default_factory=set)
    calls: int = 0
    verdicts: dict[str, int] = field(default_factory=dict)
    findings: dict[str, list[str]] = field(default_factory=dict)

    def add(self, tamper: Tamper, verdict: str, detail: str = "") -> None:
        self.types.add(tamper.tag)
        self.calls += 1
        self.verdicts[verdict] = self.verdicts.get(verdict, 0) + 1
        if verdict in FINDINGS:
            self.findings.setdefault(verdict, []).append(f"{tamper.describe()}: {detail}")


FINDINGS = ("bare", "altered", "unusable")
OLDER_VERSION = {"older version", "-1", "0"}
"""Changes that may turn a document into an older version's (its "version" lowered)."""


def verdict(tamper: Tamper) -> tuple[str, str]:
    """Load *tamper*'s document with ``records.load`` and judge the outcome (see the module docs)."""
    try:
        loaded = load(tamper.document)
    except Exception as error:
        problem = refusal_problem(error)
        return ("bare", problem) if problem else ("refused", "")
    problem = usability_problem(loaded)
    if problem:
        return "unusable", problem
    try:
        written = plain(loaded.to_dict())
    except Exception as error:  # pragma: no cover - to_json worked above
        return "unusable", f"to_dict() raised {type(error).__name__}"
    if tamper.change in OLDER_VERSION and tamper.tag in instances() and loaded == instances()[tamper.tag]:
        return "loaded", ""  # the same record in the older version's shape too: read and migrated
    same = same_flat_choice if tamper.tag in RETIRED_TAGS else same_document
    if not same(tamper.document, written):
        return "altered", _difference(tamper.document, written)
    return "loaded", ""


def same_flat_choice(given: Any, written: Any) -> bool:
    """A flat ``residue.Choice`` (format 1) read as its kind: every detail kept, the empty ones dropped."""
    if not isinstance(given, dict) or type(given.get("version")) is not int or given["version"] != 1:
        return False
    details = {k: v for k, v in given.items() if k not in ("type", "version")}
    kept = {k: v for k, v in written.items() if k not in ("type", "version")}
    for key, value in details.items():
        if key in kept:
            if not same_document(value, kept[key]):
                return False
        elif not (value is None or (key == "luck" and value is False)):
            return False
    return set(kept) <= set(details)


def _difference(given: Any, written: Any, path: str = "") -> str:
    """Where *written* first differs from *given* (for the report)."""
    if isinstance(given, dict) and isinstance(written, dict):
        for key in list(given) + [k for k in written if k not in given]:
            if key not in written:
                return f"{path}.{key} dropped"
            if key not in given:
                return f"{path}.{key} added as {_short(written[key])}"
            if not same_document(given[key], written[key]):
                return _difference(given[key], written[key], f"{path}.{key}")
        return f"{path} differs"
    if isinstance(given, list) and isinstance(written, list) and len(given) == len(written):
        for index, (a, b) in enumerate(zip(given, written, strict=True)):
            if not same_document(a, b):
                return _difference(a, b, f"{path}[{index}]")
    return f"{path or '<root>'}: given {_short(given)}, written {_short(written)}"


def _short(value: Any) -> str:
    from tabletop_core._validate import clip

    return clip(value, 60)


def run(profile: str = "quick", tags: list[str] | None = None) -> TamperReport:
    """Tamper every type's document (or *tags*') in *profile* and tally the verdicts."""
    report = TamperReport()
    for tag in tags or list(documents()):
        for tamper in sample(list(tampers(tag, profile)), profile):
            report.add(tamper, *verdict(tamper))
    return report
