"""Lazy attributes for packages: a name is imported the first time it is used.

A package lists which module holds each of its lazy public names; its module
``__getattr__`` (PEP 562) imports that module on first access and caches the
value in the package, so later accesses cost nothing. Type checkers see the
same names through ``if TYPE_CHECKING:`` imports in the package.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping

__all__ = ["lazy_attributes"]


def lazy_attributes(package: str, names: Mapping[str, str]) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """A module ``__getattr__`` and ``__dir__`` loading *names* on first use.

    Args:
        package: The package's ``__name__``.
        names: Each lazy name and the module holding it (relative names start
            with a dot). A name equal to its module's last part is that
            submodule itself (``"datasworn": ".datasworn"``).
    """

    def getattr_(name: str) -> object:
        where = names.get(name)
        if where is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = importlib.import_module(where, package)
        value = module if where.rpartition(".")[2] == name else getattr(module, name)
        setattr(sys.modules[package], name, value)
        return value

    def dir_() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(names))

    return getattr_, dir_
