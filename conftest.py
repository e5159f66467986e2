"""Run the Python examples in the Markdown docs and in docstrings as tests (Sybil)."""

from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser
from sybil.parsers.rest import DocTestParser

markdown_examples = Sybil(
    parsers=[PythonCodeBlockParser(), SkipParser()],
    patterns=["*.md"],
    excludes=["CHANGELOG.md"],
)
docstring_examples = Sybil(
    parsers=[DocTestParser()],
    path="src",
    patterns=["*.py"],
    excludes=["__main__.py"],
)

pytest_collect_file = (markdown_examples + docstring_examples).pytest()
