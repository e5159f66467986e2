"""Run the Python examples in the Markdown docs and in docstrings as tests (Sybil)."""

import os
import pathlib

from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser
from sybil.parsers.rest import DocTestParser

ROOT = pathlib.Path(__file__).parent


def _enter_root(namespace: dict) -> None:
    # Docs load example files by paths from the repository root (docs/examples/...).
    namespace["_cwd_before_docs"] = os.getcwd()
    os.chdir(ROOT)


def _leave_root(namespace: dict) -> None:
    os.chdir(namespace.pop("_cwd_before_docs"))


markdown_examples = Sybil(
    parsers=[PythonCodeBlockParser(), SkipParser()],
    patterns=["*.md"],
    excludes=["CHANGELOG.md"],
    setup=_enter_root,
    teardown=_leave_root,
)
docstring_examples = Sybil(
    parsers=[DocTestParser()],
    path="src",
    patterns=["*.py"],
    excludes=["__main__.py"],
)

pytest_collect_file = (markdown_examples + docstring_examples).pytest()
