"""The limits every reader of outside data checks first: size, nesting depth and integer size.

Every path that reads data from outside the library (JSON text given to ``from_json`` or
``records.load``, a mapping given to ``from_dict``, a file given to ``datasworn.load`` or to
the command line) checks the data against these limits **before any work of its own**, without
recursion, in time linear in its size. JSON text is measured, then parsed by :mod:`json` (which
stops text nested past its recursion limit at once), then checked on its text by
:func:`text_within_bounds` (a few passes of C string operations over the bytes, about a
quarter of the time of walking the parsed value); only text that check cannot clear (too
long to count its values from its length, or holding a run of digits longer than an integer
may have, in a string or a float) is walked value by value by :func:`check_bounds`:

* :data:`MAX_JSON_CHARS`: the longest text parsed (bytes: four times as many);
* :data:`MAX_JSON_DEPTH`: the deepest nesting of lists and objects;
* :data:`MAX_JSON_VALUES`: the most values (items of lists and objects) in one document;
* :data:`MAX_JSON_INT_DIGITS`: the most digits of an integer (Python reads any size, then
  refuses to print one of more than 4,300 digits; a notation total of a 1,000-character
  expression has at most about 1,000).

A refusal is an :class:`~tabletop_core.errors.InvalidInput` that names the limit and
quotes at most a short excerpt of the value.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Collection, Mapping
from typing import Any, cast

from tabletop_core._validate import clip
from tabletop_core.errors import InvalidInput

__all__ = [
    "MAX_JSON_CHARS",
    "MAX_JSON_DEPTH",
    "MAX_JSON_INT_DIGITS",
    "MAX_JSON_VALUES",
    "check_bounds",
    "parse_json",
    "parse_json_value",
    "read_json_file",
    "text_within_bounds",
]

MAX_JSON_CHARS = 10_000_000
"""The longest text :meth:`Record.from_json` parses (the largest saved Journey is about 10 kB)."""
MAX_JSON_DEPTH = 64
"""The deepest nesting of lists and objects read (the deepest saved record nests about 12 levels)."""
MAX_JSON_VALUES = 2_000_000
"""The most values (list items and object members, all levels) one document may hold."""
MAX_JSON_INT_DIGITS = 1000
"""The most decimal digits of an integer read (either sign)."""
MAX_JSON_INT = 10**MAX_JSON_INT_DIGITS - 1
"""The largest integer read, either sign: :data:`MAX_JSON_INT_DIGITS` nines."""


def _too_big(number: int, what: str) -> InvalidInput:
    return InvalidInput(
        f"{what} holds an integer of more than {MAX_JSON_INT_DIGITS:,} digits (MAX_JSON_INT_DIGITS): {clip(number)}"
    )


def _children(item: object) -> Collection[object] | None:
    """The values inside *item* if it is a list, a tuple or a mapping, else ``None``."""
    kind = type(item)
    if kind is dict:
        return cast(dict[object, object], item).values()
    if kind is list or kind is tuple:
        return cast(Collection[object], item)
    if isinstance(item, Mapping):
        return cast(Mapping[object, object], item).values()
    if isinstance(item, tuple):
        return item
    return None


def check_bounds(data: object, what: str) -> None:
    """Refuse *data* if it breaks a limit: nesting, number of values or an integer's size.

    Deeper than :data:`MAX_JSON_DEPTH`, more than :data:`MAX_JSON_VALUES` values, or an
    integer beyond :data:`MAX_JSON_INT` (either sign); without recursion, linear in its size.

    Raises:
        InvalidInput: a limit is passed (*what* starts the message).
    """
    # One nesting level at a time: each pass reads the containers of one depth and gathers the
    # next level's, so the depth is the pass's number (no (item, depth) pair per value) and
    # JSON's own types are told apart by exact type (the loaded Starforged file: 1.4 MB, 12 ms).
    level: list[Any] = [data]  # Any: JSON values, told apart by exact type below (no cast() calls in the loop)
    depth = 0
    values = 0
    while level:
        depth += 1
        following: list[Any] = []
        for item in level:
            kind = type(item)
            children: Any = item.values() if kind is dict else item if kind is list else _children(item)
            if children is None:  # an int subclass (numpy's are not), or a value that is no JSON at all
                if isinstance(item, int) and not -MAX_JSON_INT <= item <= MAX_JSON_INT:
                    raise _too_big(item, what)
                continue
            if depth > MAX_JSON_DEPTH:
                raise InvalidInput(f"{what} is nested more than {MAX_JSON_DEPTH} levels deep (MAX_JSON_DEPTH)")
            values += len(children)
            if values > MAX_JSON_VALUES:
                raise InvalidInput(f"{what} holds more than {MAX_JSON_VALUES:,} values (MAX_JSON_VALUES)")
            for child in children:
                kind = type(child)
                if kind is str or kind is bool or kind is float or child is None:
                    continue
                if kind is int:
                    if not -MAX_JSON_INT <= child <= MAX_JSON_INT:
                        raise _too_big(child, what)
                    continue
                following.append(child)
        level = following


# Every byte but the brackets, the quotes, the commas (between two numbers) and the digits is
# deleted; digits all read "0".
_DIGITS_AS_ZERO = bytes(ord("0") if byte in b"0123456789" else byte for byte in range(256))
_NOT_KEPT = bytes(byte for byte in range(256) if byte not in b'[]{}",0123456789')
_BRACKETS_ONLY = bytes.maketrans(b"{}", b"[]")
_LETTER_U = ord("u")
_MOST_ESCAPES = 100_000  # past this many backslashes, unescaping would cost more than the walk


_MOST_ESCAPES_VISITED = 10_000  # past this many, cutting them all is the cheaper way to know


def _escapes_matter(raw: bytes) -> bool:
    r"""Whether an escape in *raw* could hide a quote or digits from the text check (else it need not cut them).

    Only an escaped quote or a ``\u`` escape could; ``\n`` or an escaped backslash cannot. Each
    backslash is found by ``find``, a ``memchr``: a search for the two bytes ``\"`` would
    compare at every byte, about a millisecond on the Starforged file, which holds 866 escapes
    and none of those two.
    """
    at = raw.find(b"\\")
    visited = 0
    while at >= 0:
        following = raw[at + 1 : at + 2]
        if following == b'"' or following == b"u" or visited == _MOST_ESCAPES_VISITED:
            return True
        visited += 1
        at = raw.find(b"\\", at + 2)  # past the escaped character, a backslash itself included
    return False


def _unescaped(raw: bytes) -> bytes | None:
    """*raw* (valid JSON) with every escape sequence cut (a backslash and the next character, or a "u" and four digits).

    Backslashes appear only inside strings, so what is left has no escaped quote: every
    quote left opens or closes a string. *raw* itself when no escape could change what is
    checked (:func:`_escapes_matter`). ``None`` when there are too many to cut cheaply.
    """
    if not _escapes_matter(raw):
        return raw
    parts = raw.split(b"\\")
    if len(parts) > _MOST_ESCAPES:
        return None
    kept = [parts[0]]
    escaping = True  # whether the backslash before this part starts an escape (or is itself escaped)
    for part in parts[1:]:
        if not escaping:  # the backslash before this part was the second of a pair (an escaped backslash)
            kept.append(part)
            escaping = True
        elif part:
            # The escaped character (a quote, a letter, a slash), or "u" and its four hex digits.
            kept.append(part[5:] if part[0] == _LETTER_U else part[1:])
        else:
            escaping = False  # two backslashes in a row: the second is the escaped character
    return b"".join(kept)


def text_within_bounds(
    raw: bytes,
    *,
    depth: int = MAX_JSON_DEPTH,
    digits: int = MAX_JSON_INT_DIGITS,
    values: int = MAX_JSON_VALUES,
) -> bool:
    """Whether the value of *raw*, a **valid** JSON text in UTF-8, is proven to keep the limits.

    ``True`` proves it: no list or object nested deeper than *depth*, no integer of more than
    *digits* digits, at most *values* values. ``False`` proves nothing: the text is too long
    to bound its values by its length, or it holds a run of more than *digits* digits (in a
    string or a float, maybe), or it is nested too deep; :func:`check_bounds` decides then.

    Each value starts at a byte of its own, so a text of at most *values* bytes holds at most
    *values* values. An integer's digits are a run of digits in the text. With every escape
    cut, every quote left delimits a string; with the strings cut, the brackets left are the
    structure, and each ``replace`` of the innermost pairs removes exactly one level. All of it
    is C string work, linear in the length (at most *depth* passes over the brackets).
    """
    if len(raw) > values:
        return False
    unescaped = _unescaped(raw)
    if unescaped is None:
        return False
    kept = unescaped.translate(_DIGITS_AS_ZERO, _NOT_KEPT)
    if b"0" * (digits + 1) in kept:
        return False
    # Empty strings (most of them, once their text is cut) go first, then what strings remain.
    # Two strings are never side by side in JSON without a ":" or a "," (cut) between them, so
    # removing a '""' that closes one and opens the next merges two strings' texts: still text.
    structure = kept.translate(_BRACKETS_ONLY, b"0,").replace(b'""', b"")
    if b'"' in structure:
        structure = b"".join(structure.split(b'"')[::2])
    for _ in range(depth):
        if not structure:
            return True
        structure = structure.replace(b"[]", b"")
    return not structure


def _refuse_constant(name: str) -> object:
    raise InvalidInput(f"{name} is not JSON (no NaN or Infinity)")


def _bounded_int(digits: str) -> int:
    # Used when Python's own cap on converting digits is off: refuse long ints before converting them.
    if len(digits.lstrip("-")) > MAX_JSON_INT_DIGITS:
        raise InvalidInput(
            f"an integer of more than {MAX_JSON_INT_DIGITS:,} digits (MAX_JSON_INT_DIGITS): {clip(digits[:40] + '...')}"
        )
    return int(digits)


def _python_reads_any_int() -> bool:
    """Whether Python's cap on converting long digit strings (4,300 by default) is lifted or raised.

    With the cap, ``json.loads`` refuses longer ints itself at a cost linear in the text; without
    it, every int is read through :func:`_bounded_int` (slower, but never quadratic).
    """
    limit = getattr(sys, "get_int_max_str_digits", lambda: 4300)()
    return not 0 < limit <= 4300


def parse_json_value(text: str | bytes, who: str) -> Any:  # Any: any JSON value
    """Parse JSON *text* within the limits (see the module docs) and return its value.

    Raises:
        InvalidInput: too long, too deep, too many values, an integer too large, NaN or
            Infinity, or not JSON (*who* starts the message).
        TypeError: *text* is not a str or bytes.
    """
    raw: bytes | None = None
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_JSON_CHARS * 4:
            raise InvalidInput(f"{who}: the text is longer than {MAX_JSON_CHARS:,} characters (MAX_JSON_CHARS)")
        raw = bytes(text)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidInput(f"{who} is not UTF-8 text: {error.reason}") from None
    if not isinstance(text, str):
        raise TypeError(f"{who} needs a str, got {type(text).__name__}")
    if len(text) > MAX_JSON_CHARS:
        raise InvalidInput(f"{who}: the text is longer than {MAX_JSON_CHARS:,} characters (MAX_JSON_CHARS)")
    import json  # on first use: a cold start that reads no JSON does not load it (bench_cold_start)

    parse_int = _bounded_int if _python_reads_any_int() else None
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_int=parse_int)
    except InvalidInput as error:
        raise InvalidInput(f"{who}: {error}") from None
    except RecursionError:  # far past MAX_JSON_DEPTH: the C parser stops at its recursion limit, at once
        raise InvalidInput(
            f"{who}: the JSON is nested more than {MAX_JSON_DEPTH} levels deep (MAX_JSON_DEPTH)"
        ) from None
    except ValueError as error:
        if "integer string conversion" in str(error):  # Python's own cap (4,300 digits) came first
            raise InvalidInput(
                f"{who}: the JSON holds an integer of more than {MAX_JSON_INT_DIGITS:,} digits (MAX_JSON_INT_DIGITS)"
            ) from None
        raise InvalidInput(f"{who} is not JSON: {clip(str(error), 120)}") from None
    # The depth too: json.loads reads up to its recursion limit; past 64 is refused here.
    if raw is None:
        raw = text.encode("utf-8", "surrogatepass")  # a str may hold lone surrogates, as JSON's \\ud800 escapes do
    if not text_within_bounds(raw, depth=MAX_JSON_DEPTH, digits=MAX_JSON_INT_DIGITS, values=MAX_JSON_VALUES):
        check_bounds(data, who)  # the text check could not clear it: the walk decides
    return data


def parse_json(text: str | bytes, who: str) -> dict[str, Any]:  # Any: JSON values
    """:func:`parse_json_value` for text that must hold one JSON object.

    Raises:
        InvalidInput: as :func:`parse_json_value`, or the value is not an object.
        TypeError: *text* is not a str or bytes.
    """
    data = parse_json_value(text, who)
    if not isinstance(data, dict):
        raise InvalidInput(f"{who} needs a JSON object, got {type(data).__name__}")
    return data


_CHUNK = 1 << 20


def read_at_most(handle: Any, limit: int) -> Any:  # Any: an open file; str or bytes (or what its read gives)
    """Up to *limit* + 1 characters (bytes) of *handle*: one more than allowed tells a longer file.

    Read a megabyte at a time: ``read(limit + 1)`` on a binary file allocates the whole
    *limit* first (40 MB for :data:`MAX_JSON_CHARS`: about a millisecond), however short the file.
    """
    chunks: list[Any] = []
    left = limit + 1
    while left > 0:
        chunk = handle.read(min(left, _CHUNK))
        if not isinstance(chunk, (str, bytes)) or not chunk:
            if chunks and isinstance(chunk, (str, bytes)):
                break
            return chunk  # an empty file, or a read that gives no text (the caller says so)
        chunks.append(chunk)
        left -= len(chunk)
    return chunks[0] if len(chunks) == 1 else chunks[0][:0].join(chunks)


def read_json_file(source: str | os.PathLike[str] | Any, what: str) -> Any:  # Any: an open file; JSON values
    """Read and parse the JSON file at *source* (a path, or an open text or binary file) within the limits.

    At most four bytes per character of :data:`MAX_JSON_CHARS` are read from a path (one more,
    to know the file is longer; characters from an open text file), so a huge file costs no more
    than that. *what* names the file in messages (``"Datasworn file"``).

    Raises:
        InvalidInput: the file cannot be read, or its text breaks a limit or is not JSON.
        TypeError: *source* is neither a path nor a readable file.
    """
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        who = f"{what} {clip(path)}"
        try:
            # Bytes, decoded by parse_json_value: the text check reads the bytes, no second encoding.
            with open(path, "rb") as handle:
                text = read_at_most(handle, MAX_JSON_CHARS * 4)
        except OSError as error:
            raise InvalidInput(f"cannot read {who}: {error.strerror or error}") from None
        except ValueError as error:  # a path holding a NUL character
            raise InvalidInput(f"cannot read {who}: {clip(str(error))}") from None
    elif callable(getattr(source, "read", None)):
        who = what
        try:
            text = read_at_most(source, MAX_JSON_CHARS)
        except OSError as error:
            raise InvalidInput(f"cannot read {who}: {error.strerror or error}") from None
        except UnicodeDecodeError as error:
            raise InvalidInput(f"{who} is not UTF-8 text: {error.reason}") from None
        if not isinstance(text, (str, bytes)):
            raise TypeError(f"reading {who} gave a {type(text).__name__}, not text")
    else:
        raise TypeError(f"{what} must be a path or an open file, got {type(source).__name__}")
    return parse_json_value(text, who)
