"""The griffe extension behind the API pages (docs/scripts/griffe_docstrings.py).

mkdocs --strict fails on the warnings it logs, and the browser stage looks for raw roles on the
rendered pages; here its resolution rules are checked one by one on a small package written
for the test, and on tabletop_core itself.
"""

import logging
import textwrap

import pytest

griffe = pytest.importorskip("griffe")  # comes with mkdocstrings[python] (the docs extra)

import griffe_docstrings  # noqa: E402 - docs/scripts is on the test path; after the skip for a missing griffe

SRC = griffe_docstrings.DOCS.parent / "src"

PACKAGE = {
    "__init__.py": '''
        """The package. See :class:`~pkgx.dice.Die`, :func:`pkgx.roll` and :class:`TypeError`."""
        from pkgx.dice import Die
        from pkgx.relay import Token
        from pkgx.stars import stars
        __all__ = ["Die", "Token", "roll", "stars"]

        def roll():
            """Roll. Uses :meth:`Die.face <pkgx.dice.Die.face>` and :data:`!literal`."""
    ''',
    "dice.py": '''
        """Dice. :class:`Die` is here; :mod:`numpy.random` is not ours; :func:`_helper` is private."""
        __all__ = ["Die"]

        class Die:
            """A die. :meth:`face` and :attr:`sides`; :meth:`roll_twice` does not exist."""

            sides: int = 6
            """How many sides."""

            def face(self):
                """One face; see :class:`Die`."""

        def _helper():
            """Helps."""
    ''',
    "relay.py": '''
        """Passes on a name: :class:`Token` here is the one of pkgx.tokens."""
        from pkgx.tokens import Token
    ''',
    "tokens.py": '''
        """Tokens."""
        class Token:
            """A token."""
    ''',
    "stars.py": '''
        """The module the function shadows."""
        __all__ = ["stars"]

        def stars(value):
            """Stars for *value*; see :func:`pkgx.roll`."""
    ''',
}


@pytest.fixture
def loaded(tmp_path):
    root = tmp_path / "pkgx"
    root.mkdir()
    for name, text in PACKAGE.items():
        (root / name).write_text(textwrap.dedent(text), encoding="utf-8")
    extension = griffe_docstrings.DocstringRoles(roots=["pkgx"], package="pkgx")
    pkg = griffe.load("pkgx", search_paths=[str(tmp_path)], extensions=griffe.load_extensions(extension))
    return pkg, extension


def doc(obj):
    return obj.docstring.value


def test_roles_become_links_to_where_the_object_is_rendered(loaded):
    pkg, _ = loaded
    assert doc(pkg) == "The package. See [`Die`][pkgx.Die], [`pkgx.roll()`][pkgx.roll] and `TypeError`."
    assert doc(pkg["roll"]) == "Roll. Uses [`Die.face`][pkgx.Die.face] and `literal`."


def test_names_resolve_in_the_docstrings_scope(loaded):
    pkg, _ = loaded
    die = pkg["dice"].members["Die"]
    assert doc(die.members["face"]) == "One face; see [`Die`][pkgx.Die]."
    assert doc(die).startswith("A die. [`face()`][pkgx.Die.face] and [`sides`][pkgx.Die.sides];")


def test_a_name_imported_through_a_chain_links_to_where_it_is_rendered(loaded):
    pkg, extension = loaded
    assert extension.places["pkgx.tokens.Token"] == "pkgx.Token"
    assert doc(pkg["relay"]) == "Passes on a name: [`Token`][pkgx.Token] here is the one of pkgx.tokens."


def test_foreign_and_private_names_are_code_not_links(loaded):
    pkg, _ = loaded
    assert doc(pkg["dice"]) == "Dice. [`Die`][pkgx.Die] is here; `numpy.random` is not ours; `_helper()` is private."


def test_a_name_that_resolves_to_nothing_is_a_warning_for_strict_builds(loaded, caplog):
    pkg, extension = loaded
    assert doc(pkg["dice"].members["Die"]).endswith("`roll_twice()` does not exist.")
    assert extension.unresolved == ["pkgx.dice.Die: roll_twice"]


def test_an_unresolved_name_logs_under_mkdocs(tmp_path, caplog):
    root = tmp_path / "pkgy"
    root.mkdir()
    (root / "__init__.py").write_text('"""See :func:`nowhere`."""\n__all__ = []\n', encoding="utf-8")
    extension = griffe_docstrings.DocstringRoles(roots=["pkgy"], package="pkgy")
    with caplog.at_level(logging.WARNING, logger="mkdocs"):
        griffe.load("pkgy", search_paths=[str(tmp_path)], extensions=griffe.load_extensions(extension))
    assert [r.name for r in caplog.records] == ["mkdocs.plugins.griffe_docstrings"]
    assert "cannot resolve the reference 'nowhere'" in caplog.records[0].getMessage()


def test_a_public_name_shadowing_its_module_is_the_object(loaded):
    pkg, _ = loaded
    stars = pkg["stars"]
    assert stars.is_alias
    assert stars.final_target.is_function
    assert doc(stars.final_target) == "Stars for *value*; see [`pkgx.roll()`][pkgx.roll]."


def test_tabletop_core_resolves_every_reference_its_pages_show():
    extension = griffe_docstrings.DocstringRoles()
    pkg = griffe.load("tabletop_core", search_paths=[str(SRC)], extensions=griffe.load_extensions(extension))
    assert extension.unresolved == []
    assert set(griffe_docstrings.rendered_roots()) >= {"tabletop_core.errors", "tabletop_core.d20"}
    assert pkg["residue"].members["stars"].final_target.is_function
    assert "[`ScriptedDice`][tabletop_core.rng.ScriptedDice]" in doc(pkg["rng"])
    texts = [doc(obj) for obj in extension._every_object(pkg) if obj.docstring and obj.path in extension.places]
    assert not [text for text in texts if griffe_docstrings.ROLE.search(text)]
