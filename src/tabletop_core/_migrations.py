"""Format versions of records: the migrations that upgrade older saved data to this release's shape.

A record type whose shape changes bumps its ``_version`` and registers, with
:func:`migration`, the step from the old version; :func:`upgrade` (run by every
``from_dict``) checks a saved record's tag and version and applies the steps in turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias

from tabletop_core._record_types import JsonDict, type_name
from tabletop_core._validate import clip
from tabletop_core.errors import InvalidInput

if TYPE_CHECKING:
    from tabletop_core._record import Record

__all__ = ["MigrationStep", "migration", "upgrade"]

MigrationStep: TypeAlias = Callable[[JsonDict], JsonDict]
"""A function upgrading one type's fields from one format version to the next."""

_MIGRATIONS: dict[tuple[str, int], MigrationStep] = {}


def migration(type_tag: str, from_version: int) -> Callable[[MigrationStep], MigrationStep]:
    """Register the function that upgrades *type_tag*'s data from *from_version* to the next version.

    The function takes the fields (without ``"type"`` and ``"version"``) as written
    by *from_version* and returns them as *from_version* + 1 writes them. A type
    with no function registered for the step from version 0 (tabletop_core 0.1.0 and 0.2.0)
    reads that data unchanged: version 1 only added the tag, the version and the
    derived answers, which are recomputed.

    Examples:
        >>> @migration("example.Point", 1)
        ... def _point_1_to_2(data):
        ...     data["x"] = data.pop("left")  # version 2 renamed "left" to "x"
        ...     return data
    """

    def register(function: MigrationStep) -> MigrationStep:
        _MIGRATIONS[(type_tag, from_version)] = function
        return function

    return register


def upgrade(cls: type[Record], data: JsonDict) -> tuple[JsonDict, int]:
    """Check the tag and version of *data* (``type``/``version`` removed), migrate it to *cls*'s version.

    Returns the migrated fields and the version the data was written in.
    """
    tag = type_name(cls)
    current = cls._version
    if "version" not in data:
        if data.get("type") == tag:
            raise InvalidInput(f"{cls.__name__}: 'version' is missing")
        version = 0  # tabletop_core 0.1.0 and 0.2.0 wrote neither a tag nor a version
    else:
        raw = data.pop("version")
        given = data.pop("type", None)
        if given != tag:
            if given is None:
                raise InvalidInput(f"{cls.__name__}: 'type' is missing")
            if isinstance(given, str):
                raise InvalidInput(f"type: expected {tag!r}, got {clip(given)}")
            raise TypeError(f"type must be a str, got {type(given).__name__} {clip(given)}")
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise TypeError(f"version must be an int, got {type(raw).__name__} {clip(raw)}")
        version = raw
        if not 1 <= version <= current:
            raise InvalidInput(
                f"version: {tag} data of version {clip(version)} cannot be read; "
                f"this tabletop_core reads versions 0 to {current}"
            )
    written = version
    while version < current:
        step = _MIGRATIONS.get((tag, version))
        if step is not None:
            data = step(data)
        elif version != 0:
            raise InvalidInput(f"version: no migration of {tag} from version {version}")  # pragma: no cover
        version += 1
    return data, written
