"""A small Discord bot on tabletop_core: slash commands for dice, Starforged, d20, oracles and odds.

Run it with a bot token (https://discord.com/developers/applications, "Bot" tab)::

    pip install -e . "discord.py>=2.3"
    DISCORD_TOKEN=... python docs/examples/discord_bot.py

Slash commands (synced to every server the bot is in when it starts):

* ``/roll 4d6kh3 [strength]``: any dice notation, with its breakdown;
* ``/action stat:2 adds:1 momentum:5``: an Ironsworn: Starforged action roll;
* ``/test stakes:mid modifier:3 fortune:True``: a d20 Test against its Stakes;
* ``/oracle table:Omen``: a roll on an oracle table of a Datasworn file (``DATASWORN_FILE``,
  by default the invented mini ruleset beside this file), or a yes/no question with ``odds:``;
* ``/odds 2d6+3``: the exact odds of any dice notation, as a table.

Every reply goes through one function, :func:`reply`: the library's ``render`` in Discord's
Markdown, summarised to Discord's 2,000 characters, and a refused input (``/roll 1d0``) answered
with the library's one-line message. The player's own text (a label, a comment) is escaped and
can mention no one; the replies are also sent with ``AllowedMentions.none()``.

The handlers (``roll``, ``action``, ...) are plain functions of the command's options returning
the reply's text; the Discord part only wires them to slash commands, so they are tested without
a network (``tests/core/test_discord_bot.py`` also calls each slash command's own callback).
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any, Literal

import tabletop_core as tc
from tabletop_core import action_roll as ar
from tabletop_core import d20
from tabletop_core.chat import DISCORD_LIMIT, render

HERE = Path(__file__).resolve().parent
DATA = os.environ.get("DATASWORN_FILE", str(HERE / "mini-starforged.json"))

Stakes = Literal["low", "mid", "high"]
OracleOdds = Literal["almost certain", "likely", "fifty-fifty", "unlikely", "small chance"]


def reply(make: Any) -> str:
    """Run *make* and render what it returns for Discord; a refused input becomes its one-line message."""
    try:
        result = make()
    except tc.TabletopError as error:  # the message quotes what the player typed: render escapes it too
        return "⚠️ " + render(error, style="markdown", max_length=DISCORD_LIMIT - 3)
    return render(result, style="markdown", max_length=DISCORD_LIMIT)


# -- the handlers: options in, the reply's text out ------------------------------------------


def roll(expression: str, *, rng: tc.rng.RngLike = None) -> str:
    """``/roll``: any dice notation (``4d6kh3 [strength]``, ``1d20+5 vs 15``)."""
    return reply(lambda: tc.notation.roll(expression, rng=rng))


def action(stat: int, adds: int = 0, momentum: int = 0, *, rng: tc.rng.RngLike = None) -> str:
    """``/action``: a Starforged action roll."""
    return reply(lambda: ar.action_roll(stat=stat, adds=adds, momentum=momentum, rng=rng))


def d20_test(
    stakes: Stakes, modifier: int = 0, fortune: bool = False, misfortune: bool = False, *, rng: tc.rng.RngLike = None
) -> str:
    """``/test``: a d20 Test read against Low, Mid or High Stakes."""
    return reply(
        lambda: d20.roll_test(stakes=stakes, modifier=modifier, fortune=fortune, misfortune=misfortune, rng=rng)
    )


@cache
def _ruleset() -> Any:
    from tabletop_core.action_roll import datasworn

    return datasworn.load(DATA)


def oracle(table: str = "", odds: OracleOdds = "fifty-fifty", *, rng: tc.rng.RngLike = None) -> str:
    """``/oracle``: roll the oracle table named *table*; without one, ask a yes/no question at *odds*."""
    if table:
        return reply(lambda: _ruleset().roll(table, rng=rng))
    return reply(lambda: ar.ask_the_oracle(ar.Odds[odds.upper().replace(" ", "_").replace("-", "_")], rng=rng))


def odds(expression: str) -> str:
    """``/odds``: the exact odds of a dice notation expression, as a table."""
    return reply(lambda: tc.notation.distribution(expression))


HANDLERS = {"roll": roll, "action": action, "test": d20_test, "oracle": oracle, "odds": odds}
"""The slash commands and the handler each calls."""


# -- the Discord part ------------------------------------------------------------------------


def make_bot() -> Any:
    """The Discord client with its slash commands registered (it connects only in :func:`main`)."""
    import discord
    from discord import app_commands

    client = discord.Client(intents=discord.Intents.none(), allowed_mentions=discord.AllowedMentions.none())
    tree = app_commands.CommandTree(client)
    client.tree = tree  # type: ignore[attr-defined]

    async def send(interaction: discord.Interaction, text: str) -> None:
        await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())

    @tree.command(name="roll", description="Roll dice notation, e.g. 4d6kh3 [strength]")
    @app_commands.describe(expression="dice notation such as 2d20kh1+5 [attack]")
    async def roll_command(interaction: discord.Interaction, expression: str) -> None:
        await send(interaction, roll(expression))

    @tree.command(name="action", description="Ironsworn: Starforged action roll")
    @app_commands.describe(stat="the stat (0 to 5)", adds="adds from assets and moves", momentum="your momentum")
    async def action_command(interaction: discord.Interaction, stat: int, adds: int = 0, momentum: int = 0) -> None:
        await send(interaction, action(stat, adds, momentum))

    @tree.command(name="test", description="d20 Test against its Stakes")
    @app_commands.describe(modifier="Skill or Trait and other Modifiers")
    async def test_command(
        interaction: discord.Interaction,
        stakes: Stakes,
        modifier: int = 0,
        fortune: bool = False,
        misfortune: bool = False,
    ) -> None:
        await send(interaction, d20_test(stakes, modifier, fortune, misfortune))

    @tree.command(name="oracle", description="Roll an oracle table, or ask a yes/no question")
    @app_commands.describe(table="an oracle table's name (leave out for a yes/no question)", odds="the yes/no odds")
    async def oracle_command(
        interaction: discord.Interaction, table: str = "", odds: OracleOdds = "fifty-fifty"
    ) -> None:
        await send(interaction, oracle(table, odds))

    @tree.command(name="odds", description="Exact odds of dice notation, e.g. 2d6+3")
    async def odds_command(interaction: discord.Interaction, expression: str) -> None:
        await send(interaction, odds(expression))

    @client.event
    async def on_ready() -> None:
        await tree.sync()

    return client


def main() -> None:
    """Start the bot with the token in ``DISCORD_TOKEN``."""
    token = os.environ.get("DISCORD_TOKEN")
    if not token:
        raise SystemExit("set DISCORD_TOKEN to your bot's token")
    make_bot().run(token)


if __name__ == "__main__":
    main()
