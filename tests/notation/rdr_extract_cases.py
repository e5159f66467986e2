"""Write ``rdr_cases.json``'s ``rolls`` and ``parses`` from rpg-dice-roller's own test suite.

rpg-dice-roller's tests are not in its npm tarball, so this reads them from a clone of its
repository at the release tag (``git show v5.5.1:tests/...``)::

    python tests/notation/rdr_extract_cases.py /path/to/rpg-dice-roller/.git [--check]

What it takes, test block by test block (a block starts at ``test(`` or ``it(``):

* ``rolls`` (``tests/rolling.test.js``, ``DiceRoller.test.js``, ``RollGroup.test.js``): the
  text a block rolls (``roller.roll('...')``, ``new DiceRoll('...')`` or ``const notation``),
  the dice its mocks return in order (``mockImplementationOnce`` of a number, or of
  ``RollResult``/``RollResults``), and the total it expects (``.total).toBe(...)``; with
  ``toBeCloseTo`` the case is marked ``close``). A block without a text, a total or mocked
  dice is left out: it tests no roll on known dice.
* ``parses`` (``tests/parser/Parser.test.js``): each ``Parser.parse('...')`` text, and whether
  the block expects it to throw.

The data are facts of those tests (texts, numbers); no code of theirs enters this
repository. ``quirks`` (answers recorded by running rpg-dice-roller itself) and ``about``
are kept as the file has them. ``--check`` writes nothing and fails when the file differs
from what the tests give (the texts, dice, totals and parse outcomes).
"""

from __future__ import annotations

import argparse
import itertools
import json
import pathlib
import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

TAG = "v5.5.1"
CASES = pathlib.Path(__file__).with_name("rdr_cases.json")
ROLL_FILES = ("rolling", "DiceRoller", "RollGroup")

_BLOCK = re.compile(r"\n\s*(?:test|it)\(")
_TITLE = re.compile(r"(?:test|it)\('([^']*)'")
_TEXT = re.compile(r"roller\.roll\('([^']*)'\)|new DiceRoll\('([^']*)'\)|const notation = '([^']*)'")
_TOTAL = re.compile(r"\.total\)\.(toBe|toEqual|toBeCloseTo)\(([-0-9.e]+)\)")
_MOCK = re.compile(r"\.mockImplementationOnce\(\(\) => (new RollResults?\(\[?[^)]*\]?\)|-?[0-9.]+)\)")
_DECLARED = re.compile(r"new RollResults\(\[([^\]]*)\]\)")
_NUMBER = re.compile(r"-?[0-9.]+")
_PARSE = re.compile(r"Parser\.parse\('([^']*)'\)")


def _source(git_dir: str, path: str) -> str:
    return subprocess.run(
        ["git", "-C", git_dir, "show", f"{TAG}:{path}"], capture_output=True, text=True, check=True
    ).stdout


def _blocks(source: str) -> Iterator[str]:
    starts = [match.start() for match in _BLOCK.finditer(source)] + [len(source)]
    for start, end in itertools.pairwise(starts):
        yield source[start:end]


def _number(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() else value


def _dice(block: str) -> list[int | float] | None:
    """The values the block's mocks hand out, in order (``None``: it mocks no dice)."""
    mocks = _MOCK.findall(block)
    if mocks:
        dice: list[int | float] = []
        for mock in mocks:
            dice += [_number(value) for value in _NUMBER.findall(mock)]
        return dice
    declared = _DECLARED.findall(block)
    if not declared or "mockImplementationOnce" not in block:
        return None
    return [_number(value) for group in declared for value in _NUMBER.findall(group)]


def rolls(git_dir: str) -> list[dict[str, Any]]:
    """Every roll case of rpg-dice-roller's roll tests: text, dice, expected total, where from."""
    found = []
    for name in ROLL_FILES:
        for block in _blocks(_source(git_dir, f"tests/{name}.test.js")):
            text_match, total_match = _TEXT.search(block), _TOTAL.search(block)
            dice = _dice(block)
            if text_match is None or total_match is None or dice is None:
                continue
            text = next(group for group in text_match.groups() if group is not None)
            title = _TITLE.search(block)
            case: dict[str, Any] = {"text": text, "dice": dice, "total": _number(total_match.group(2))}
            if total_match.group(1) == "toBeCloseTo":
                case["close"] = True
            case["from"] = f"tests/{name}.test.js: {title.group(1) if title else text}"
            found.append(case)
    return found


def parses(git_dir: str) -> list[dict[str, Any]]:
    """Every text rpg-dice-roller's parser tests read, and whether they expect it refused."""
    found = []
    for block in _blocks(_source(git_dir, "tests/parser/Parser.test.js")):
        title = _TITLE.search(block)
        for match in _PARSE.finditer(block):
            throws = (
                "toThrow" in block[match.end() : match.end() + 80]
                or "expect(() =>" in block[max(0, match.start() - 40) : match.start()]
            )
            where = f"tests/parser/Parser.test.js: {title.group(1) if title else ''}"
            found.append({"text": match.group(1), "ok": not throws, "from": where})
    return found


def _essence(cases: dict[str, Any]) -> tuple[list[Any], list[Any]]:
    return (
        [(case["text"], case["dice"], case["total"], bool(case.get("close"))) for case in cases["rolls"]],
        [(case["text"], case["ok"]) for case in cases["parses"]],
    )


def main(argv: list[str]) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("git_dir", help="a clone (or bare git directory) of dice-roller/rpg-dice-roller")
    options.add_argument("--check", action="store_true", help="compare with rdr_cases.json, write nothing")
    args = options.parse_args(argv)
    current = json.loads(CASES.read_text(encoding="utf-8"))
    fresh = {**current, "rolls": rolls(args.git_dir), "parses": parses(args.git_dir)}
    if args.check:
        if _essence(fresh) != _essence(current):
            print(f"{CASES.name} differs from rpg-dice-roller {TAG}'s tests", file=sys.stderr)
            return 1
        print(f"{CASES.name}: {len(fresh['rolls'])} rolls, {len(fresh['parses'])} parses, as {TAG}'s tests have them")
        return 0
    lines = ["{", f' "about": {json.dumps(fresh["about"])},']
    for key in ("rolls", "parses", "quirks"):
        lines.append(f' "{key}": [')
        lines.append(",\n".join(f"  {json.dumps(case)}" for case in fresh[key]))
        lines.append(" ]," if key != "quirks" else " ]")
    lines.append("}")
    CASES.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {CASES}: {len(fresh['rolls'])} rolls, {len(fresh['parses'])} parses")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
