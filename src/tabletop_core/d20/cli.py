"""The ``tabletop`` commands of tabletop_core.d20 (none yet)."""

from __future__ import annotations

import argparse

__all__ = ["demo", "register"]


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    odds_commands: argparse._SubParsersAction[argparse.ArgumentParser],
) -> None:
    """Add this package's sub-commands to ``tabletop`` and ``tabletop odds``."""


def demo(seed: int) -> str:  # noqa: ARG001 - nothing to roll until rules land
    """This package's section of ``tabletop demo`` (empty until it has rules)."""
    return ""
