"""A griffe extension that makes the API pages render the docstrings as written.

Registered once, in ``mkdocs.yml`` (``mkdocstrings`` → ``handlers.python.options.extensions``),
it works on the loaded object tree before any page is rendered, so no docstring in ``src/``
has to change:

* **Sphinx roles become cross-references.** ``:class:`~tabletop_core.rng.ScriptedDice```,
  ``:func:`roll_test```, ``:meth:`Journey.choices <tabletop_core.residue.journey.Journey.choices>```
  … are resolved the way Sphinx resolves them (the docstring's own scope first, then its
  module and parents, then a unique match by name) and written as autorefs links
  (``[`ScriptedDice`][tabletop_core.rng.ScriptedDice]``) to the place the object is
  *rendered* (its public name on an API page, not its private module). A name that
  resolves to something no page renders (a private helper, a builtin such as
  ``TypeError``, numpy) is written as plain code. A name that resolves to nothing is a
  warning, so ``mkdocs build --strict`` fails on it.
* **A public name shadowing its module is the object.** ``from .stars import stars`` in a
  package's ``__init__`` makes ``tabletop_core.residue.stars`` the function at run time;
  griffe keeps the submodule there instead, so the page rendered the module and links
  to the function failed. The extension puts the function back under that name.

The rendered places are read from the ``::: module`` lines of ``docs/**/*.md``, walked as
mkdocstrings walks them (a module's ``__all__``, a class's public members, only objects
with a docstring), so a page added later is covered without touching this file.
"""

from __future__ import annotations

import builtins
import logging
import re
import sys
from pathlib import Path
from typing import Any

import griffe

DOCS = Path(__file__).resolve().parents[1]
_LOG = logging.getLogger("mkdocs.plugins.griffe_docstrings")  # under "mkdocs": --strict counts its warnings

ROLE = re.compile(r":(?:py:)?(?P<role>class|func|meth|attr|data|mod|exc|obj|const):`(?P<body>[^`]+)`")
_TITLED = re.compile(r"^(?P<title>.*?)\s*<(?P<target>[^<>]+)>$")
_ROOT = re.compile(r"^:::\s+(\S+)", re.MULTILINE)
# Names that are not ours: shown as code, never a link (no inventory of their docs is loaded).
FOREIGN = (
    "numpy", "np", "pandas", "matplotlib", "scipy", "attrs", "cattrs", "concurrent", "fractions",
    "enum", "json", "random", "typing", "collections", "tqdm", "distributed", "dask", "datetime",
    "pathlib", "os", "io", "itertools", "functools", "argparse", "discord", "pytest", "hypothesis",
)  # fmt: skip


def rendered_roots(docs: Path = DOCS) -> list[str]:
    """The objects the docs render with ``::: path``, in page order."""
    roots: list[str] = []
    for page in sorted(docs.rglob("*.md")):
        roots += [root for root in _ROOT.findall(page.read_text(encoding="utf-8")) if root not in roots]
    return roots


def _public(name: str) -> bool:
    return not (name.startswith("_") and not name.startswith("__"))  # mkdocstrings' default filter "!^_[^_]"


class DocstringRoles(griffe.Extension):
    """Resolve Sphinx roles into autorefs links and unshadow public names (see the module docstring)."""

    def __init__(self, roots: list[str] | None = None, package: str = "tabletop_core") -> None:
        super().__init__()
        self.roots = roots
        self.package_name = package
        self.shadowed: dict[str, griffe.Object] = {}  # path -> the submodule an object of that name replaced
        self.unresolved: list[str] = []

    # -- griffe's hook -----------------------------------------------------------------

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:  # noqa: ARG002 - griffe's hook signature
        if pkg.name != self.package_name:
            return
        self.package = pkg
        self._unshadow(pkg)
        self.places = self._rendered_places(self.roots if self.roots is not None else rendered_roots())
        for obj in self._every_object(pkg):
            if obj.docstring is not None and ":" in obj.docstring.value:
                obj.docstring.value = self.convert(obj.docstring.value, obj)

    # -- the tree ----------------------------------------------------------------------

    def _every_object(self, root: griffe.Object) -> list[griffe.Object]:
        found: list[griffe.Object] = []
        stack: list[griffe.Object] = [root, *self.shadowed.values()]
        while stack:
            obj = stack.pop()
            found.append(obj)
            stack += [member for member in obj.members.values() if not member.is_alias]  # type: ignore[misc]
        return found

    def _unshadow(self, root: griffe.Object) -> None:
        for module in [obj for obj in self._every_object(root) if obj.is_module]:
            for name in module.exports or ():
                name = str(name)
                member = module.members.get(name)
                if member is None or member.is_alias or not member.is_module or name not in member.members:
                    continue
                target = member.members[name]
                if target.is_alias:
                    continue
                self.shadowed[member.path] = member
                module.set_member(name, griffe.Alias(name, target, parent=module))  # type: ignore[arg-type]

    def find(self, path: str) -> griffe.Object | None:
        """The object at *path* (a dotted path from ``tabletop_core``), following imports, or ``None``."""
        return self._find(path, depth=0)

    def _find(self, path: str, depth: int) -> griffe.Object | None:
        if depth > 20:
            return None
        parts = path.split(".")
        if parts[0] != self.package.name:
            return None
        obj: griffe.Object = self.package
        for index, part in enumerate(parts[1:], start=1):
            prefix = ".".join(parts[: index + 1])
            if prefix in self.shadowed and index < len(parts) - 1:
                obj = self.shadowed[prefix]  # a.b.c where a.b is the shadowed module
                continue
            member = obj.members.get(part)
            if member is None and obj.is_class:
                member = self._inherited(obj, part)
            if member is None:
                return None
            obj = self._target(member, depth)  # type: ignore[arg-type]
            if obj is None:
                return None
        return obj

    def _inherited(self, cls: griffe.Object, name: str) -> griffe.Object | griffe.Alias | None:
        try:
            return cls.all_members.get(name)  # type: ignore[no-any-return]  # through the resolved bases
        except (griffe.AliasResolutionError, griffe.CyclicAliasError, KeyError):
            return None

    def _target(self, member: griffe.Object | griffe.Alias, depth: int) -> griffe.Object | None:
        """What *member* stands for, through a chain of aliases (``d20.TestRoll`` -> ``d20.test`` -> ``d20.rolled``)."""
        found: griffe.Object | griffe.Alias | None = member
        for _ in range(20):
            if found is None or not found.is_alias:
                return found  # type: ignore[return-value]
            direct = found._target  # type: ignore[union-attr]  # griffe's resolved target, or the object _unshadow gave
            found = direct if direct is not None else self._find(found.target_path, depth + 1)  # type: ignore[union-attr]
        return None

    def _rendered_places(self, roots: list[str]) -> dict[str, str]:
        """Canonical path of every object a page renders -> the identifier it is rendered under."""
        places: dict[str, str] = {}
        stack: list[tuple[griffe.Object, str]] = []
        for root in roots:
            obj = self.find(root)
            if obj is not None:
                stack.append((obj, root))
        while stack:
            obj, where = stack.pop()
            places.setdefault(obj.path, where)
            if obj.is_module:
                names = [str(name) for name in obj.exports] if obj.exports is not None else list(obj.members)
                members = [(name, obj.members.get(name)) for name in names if _public(name)]
            elif obj.is_class:
                members = [(n, m) for n, m in obj.members.items() if _public(n) and not m.is_alias]
            else:
                continue
            for name, member in members:
                target = None if member is None else self._target(member, 0)  # type: ignore[arg-type]
                if target is not None and target.has_docstrings and f"{where}.{name}" not in places.values():
                    stack.append((target, f"{where}.{name}"))
        return places

    # -- roles -------------------------------------------------------------------------

    def convert(self, text: str, scope: griffe.Object) -> str:
        """*text* with every Sphinx role replaced by a link or by plain code."""
        return ROLE.sub(lambda match: self._replace(match, scope), text)

    def _replace(self, match: re.Match[str], scope: griffe.Object) -> str:
        role, body = match["role"], match["body"].strip()
        titled = _TITLED.match(body)
        title, target = (titled["title"], titled["target"]) if titled else (None, body)
        plain = target.startswith("!")
        target = target.lstrip("!~")
        if title is None:
            title = target.rsplit(".", 1)[-1] if body.lstrip("!").startswith("~") else target
            if role in ("func", "meth"):
                title += "()"
        if plain:
            return f"`{title}`"
        place = self.resolve(target, scope)
        return f"[`{title}`][{place}]" if place else f"`{title}`"

    def resolve(self, name: str, scope: griffe.Object) -> str | None:
        """Where *name*, written in *scope*'s docstring, is rendered; ``None`` for something no page shows.

        A name that is ours but resolves to nothing is logged as a warning (``--strict`` fails).
        """
        name = name.lstrip(".")
        head = name.split(".", 1)[0]
        foreign = head in FOREIGN or head in sys.stdlib_module_names
        if foreign or (hasattr(builtins, head) and not self._local(head, scope)):
            return None
        obj = self._lookup(name, scope)
        if obj is None:
            if scope.path in self.places:  # a docstring no page shows cannot show a broken link either
                self.unresolved.append(f"{scope.path}: {name}")
                _LOG.warning("griffe_docstrings: %s: cannot resolve the reference %r", scope.path, name)
            return None
        return self.places.get(obj.path)

    def _local(self, head: str, scope: griffe.Object) -> str | None:
        current: griffe.Object | None = scope
        while current is not None:
            try:
                return current.resolve(head)
            except (griffe.NameResolutionError, AttributeError):
                current = current.parent
        return None

    def _lookup(self, name: str, scope: griffe.Object) -> griffe.Object | None:
        if name.startswith(self.package.name + ".") or name == self.package.name:
            found = self.find(name)
            if found is None:  # tabletop_core.d20.Sighting for tabletop_core.d20.detection.Sighting: one below
                package, _, last = name.rpartition(".")
                below = [obj for obj in self._every_object(self.find(package) or self.package) if obj.name == last]
                found = below[0] if len(below) == 1 else None
            return found
        head, _, rest = name.partition(".")
        resolved = self._local(head, scope)
        if resolved is not None:
            found = self.find(f"{resolved}.{rest}" if rest else resolved)
            if found is not None:
                return found
        current: griffe.Object | None = scope
        while current is not None:  # a method the class inherits (to_dict, from_dict from Record)
            if current.is_class and self._inherited(current, head) is not None:
                return self.find(f"{current.path}.{name}")
            current = current.parent
        # Sphinx's last resort: a unique object anywhere whose path ends with the name.
        suffix = "." + name
        matches = {path for path in self.places if path.endswith(suffix)}
        if len(matches) == 1:
            return self.find(self.places[matches.pop()])
        return None
