"""Load a Datasworn ruleset (a base package and its expansions) into typed, frozen views.

:func:`load` takes a path (a file, or a folder of packages), an open file or JSON
already parsed, and any number of expansions the same way. A malformed package fails
with the JSON path of the problem (:class:`DataswornError`); keys this reader does not
know (from a newer Datasworn version) are ignored. JSON given already parsed is read
whole at once. When :func:`load` parses a file itself (nobody else holds that JSON),
the moves are read and every oracle table checked at load, each table built the first
time it is used (thousands of rows are checked, not built); its assets (but those whose
abilities add moves), truths and NPCs have their id and name read at load and the rest
read, with the same checks and errors, the first time each is used.
``load(..., strict=True)`` reads and checks everything at once. Packages merge as
:mod:`.merge` says.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from tabletop_core._bounds import check_bounds, read_json_file
from tabletop_core.action_roll.datasworn._data import DataswornError
from tabletop_core.action_roll.datasworn.checks import DataswornProblems, check_ruleset
from tabletop_core.action_roll.datasworn.merge import merge_packages
from tabletop_core.action_roll.datasworn.package import (
    SUPPORTED_VERSION,
    SUPPORTED_VERSIONS,
    OracleCollection,
    Package,
    PackageInfo,
    read_package,
)
from tabletop_core.action_roll.datasworn.ruleset import Ruleset
from tabletop_core.errors import InvalidInput

__all__ = [
    "SUPPORTED_VERSION",
    "SUPPORTED_VERSIONS",
    "DataswornError",
    "DataswornProblems",
    "OracleCollection",
    "PackageInfo",
    "Ruleset",
    "load",
]

_NOT_PACKAGES = frozenset({"package.json", "package-lock.json"})


def load(
    source: str | os.PathLike[str] | Mapping[str, Any] | Any,
    *expansions: str | os.PathLike[str] | Mapping[str, Any] | Any,
    strict: bool = False,
) -> Ruleset:
    """Load a Datasworn ruleset: a base package and any expansions, merged; or homebrew the same way.

    Get the data from the npm registry (Starforged's and Classic's content is CC-BY-4.0)::

        npm pack @datasworn/starforged@0.0.10 && tar xzf datasworn-starforged-0.0.10.tgz
        # then load("package/json/starforged.json")

    Each source is a path, an open file or parsed JSON. A folder is read as every
    Datasworn package in it: an unpacked npm package (``json/*.json``), JSON files
    directly in it, or unpacked npm packages in its sub-folders. The base package
    (``"type": "ruleset"``) goes first wherever it is given; expansions merge onto
    it in the order given (within a folder, by file name). Both Datasworn 0.0.10
    and 0.1 are read, and may be mixed; each package's version is in
    :attr:`Ruleset.packages`.

    Args:
        source: The base package (or a folder holding the base and expansions).
        *expansions: More packages or folders: expansions and homebrew.
        strict: Refuse a ruleset whose data has any problem :attr:`Ruleset.warnings`
            would list (gaps, overlaps, rows outside the dice, empty texts, broken
            references, another format version).

    Raises:
        DataswornProblems: *strict* and the data has problems (all of them in ``.problems``).
        DataswornError: the data breaks the format; the message names the JSON path.
        InvalidInput: a file cannot be read or is not JSON, a folder holds no
            package, two base rulesets are given, or two packages define one id.
        TypeError: a source is none of the above, or *strict* is not a bool.
    """
    if strict is not True and strict is not False:
        raise TypeError(f"strict must be a bool, got {type(strict).__name__}")
    packages: list[Package] = []
    notes: list[str] = []
    for item in (source, *expansions):
        packages += _packages(item, notes)
    if not packages:
        raise InvalidInput("no Datasworn package was given")
    raws = [package.raw for package in packages]
    for package in packages:
        package.raw = {}  # the checks hold the JSON; the package record does not need it
    ruleset = merge_packages(packages, checks=lambda built: tuple(notes) + check_ruleset(built, raws))
    if strict and ruleset.warnings:
        raise DataswornProblems(ruleset.warnings)
    return ruleset


def _packages(source: Any, notes: list[str]) -> list[Package]:
    # Every way in checks the limits first (size, nesting, integer size: tabletop_core._bounds).
    if isinstance(source, (Mapping, list)):
        check_bounds(source, "Datasworn data")
        return [read_package(source)]
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        if os.path.isdir(path):
            return _folder(path, notes)
        return [read_package(read_json_file(path, "Datasworn file"), lazy=True)]
    if hasattr(source, "read"):
        return [read_package(read_json_file(source, "Datasworn data"), lazy=True)]
    raise TypeError(f"source must be a path, an open file or parsed JSON, got {type(source).__name__}")


def _json_files(folder: str) -> list[str]:
    def listed(inner: str) -> list[str]:
        if not os.path.isdir(inner):
            return []
        return [
            os.path.join(inner, name)
            for name in sorted(os.listdir(inner))
            if name.endswith(".json") and name not in _NOT_PACKAGES and os.path.isfile(os.path.join(inner, name))
        ]

    found = listed(os.path.join(folder, "json")) + listed(folder)
    if not found:
        for name in sorted(os.listdir(folder)):
            inner = os.path.join(folder, name)
            found += listed(os.path.join(inner, "json")) + listed(os.path.join(inner, "package", "json"))
    return found


def _folder(folder: str, notes: list[str]) -> list[Package]:
    packages = []
    for path in _json_files(folder):
        data = read_json_file(path, "Datasworn file")
        if not isinstance(data, dict) or "datasworn_version" not in data:
            notes.append(f"skipped {os.path.basename(path)}: not a Datasworn package (no datasworn_version)")
            continue
        packages.append(read_package(data, lazy=True))
    if not packages:
        raise InvalidInput(f"{folder!r} holds no Datasworn package (looked for json/*.json, *.json and */json/*.json)")
    return packages
