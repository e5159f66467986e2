"""Read any stored result or state back by its ``"type"`` tag.

Every record's ``to_dict()`` starts with ``"type"`` (``"d20.TestRoll"``) and
``"version"``; :func:`load` picks the class from the tag and rebuilds the object
with that class's ``from_dict``, which checks every field and answer. A bot or app
that stores records of several kinds reads them back without knowing their classes.

Examples:
    >>> from tabletop_core import action_roll as ar, d20
    >>> from tabletop_core.records import load
    >>> saved = [ar.Momentum(5).to_json(), d20.resolve_test(flat_roll=14, stakes="mid").to_dict()]
    >>> [str(load(item)) for item in saved]
    ['momentum +5 (max +10, reset +2)', 'Test 14 = 14 · Mid Stakes -> Setback']
"""

from __future__ import annotations

from collections.abc import Mapping

from tabletop_core._bounds import check_bounds, parse_json
from tabletop_core._record import Record, from_checked
from tabletop_core._record_types import record_type
from tabletop_core._validate import clip
from tabletop_core.errors import InvalidInput

__all__ = ["load"]


def load(data: Mapping[str, object] | str | bytes) -> Record:
    """Rebuild the result or state that *data* (``to_dict()`` data or ``to_json()`` text) records.

    Args:
        data: A mapping with a ``"type"`` tag, or JSON text of one.

    Raises:
        InvalidInput: the data has no ``"type"`` (data written by tabletop_core 0.1.0 or
            0.2.0: read it with the class's own ``from_dict``), an unknown type (odds
            and batches are written, not read back), or is not a valid record of its type.
        TypeError: *data* is neither a mapping nor text.
    """
    if isinstance(data, (str, bytes, bytearray)):
        data = parse_json(bytes(data) if isinstance(data, bytearray) else data, "load")
    elif isinstance(data, Mapping):
        check_bounds(data, "load")  # before reading anything, the tag included
    else:
        raise TypeError(f"load needs a mapping or JSON text, got {type(data).__name__}")
    tag = data.get("type")
    if tag is None:
        raise InvalidInput(
            "load: the data has no 'type' tag (tabletop_core 0.1.0 and 0.2.0 wrote none); "
            "read it with its class's from_dict, e.g. Momentum.from_dict(data)"
        )
    if not isinstance(tag, str):
        raise TypeError(f"type must be a str, got {type(tag).__name__} {clip(tag)}")
    if "version" not in data:  # every saved record carries its version (a short form is read by its class)
        raise InvalidInput(f"load: {clip(tag)} data has no 'version'")
    return from_checked(record_type(tag), data)
