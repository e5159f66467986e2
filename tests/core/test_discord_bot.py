"""The discord.py bot of the docs (docs/examples/discord_bot.py), run without a network.

Each handler is called with scripted dice, and each slash command's own callback (the function
discord.py would call for ``/roll`` ...) with a stand-in interaction that records the reply, so
the bot's wiring is tested as discord.py registered it.
"""

import asyncio
import importlib.util
from pathlib import Path

import pytest

discord = pytest.importorskip("discord")  # the test extra installs discord.py

import tabletop_core as tc  # noqa: E402 - after the skip

PATH = Path(__file__).resolve().parents[2] / "docs" / "examples" / "discord_bot.py"
_spec = importlib.util.spec_from_file_location("discord_bot", PATH)
bot = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bot)


def dice(*values):
    return tc.ScriptedDice(list(values))


def test_roll_replies_in_discord_markdown():
    assert bot.roll("4d6kh3 [strength]", rng=dice(6, 2, 1, 4)) == "strength: 4d6kh3 (6↑, 2, ~~1↓~~, 4) = **12**"


def test_a_label_cannot_ping_or_format():
    text = bot.roll("1d20 [@everyone **crit**]", rng=dice(20))
    assert "@everyone" not in text
    assert "**crit**" not in text
    assert text.endswith("= **20** (critical hit)")


def test_action_test_oracle_and_odds():
    assert bot.action(2, rng=dice(4, 3, 8)) == "Action 4 + 2 = 6 vs 3 · 8 -> **weak hit**"
    assert bot.d20_test("mid", 3, fortune=True, rng=dice(14, 4)) == (
        "Test 14 + 3 + d6(4) = 21 · Mid Stakes -> **Success** (Fortune: GM)"
    )
    assert bot.oracle(odds="likely", rng=dice(20)).endswith("-> **yes**")
    omen = bot.oracle("Omen", rng=dice(12))
    assert "A falling star" in omen
    assert "\n" not in omen
    table = bot.odds("2d6")
    assert table.startswith("```\noutcome")
    assert "1/36" in table


def test_a_refused_input_is_a_one_line_message():
    assert bot.roll("1d0").startswith("⚠️ ")
    assert "\n" not in bot.roll("1d0")
    assert bot.oracle("No Such Table").startswith("⚠️ no oracle table named")
    assert bot.action(-1) == "⚠️ stat must be an int from 0 to 10, got -1"


def test_a_thousand_dice_fit_one_message():
    text = bot.roll("1000d6", rng=3)
    assert len(text) <= 2000
    assert text.startswith("1000d6 (1000 dice) = **")


class Response:
    def __init__(self):
        self.sent = []

    async def send_message(self, content, **options):
        self.sent.append((content, options))


class Interaction:
    def __init__(self):
        self.response = Response()


def call(command, **options):
    interaction = Interaction()
    asyncio.run(command.callback(interaction, **options))
    [(content, sent_with)] = interaction.response.sent
    assert sent_with["allowed_mentions"].everyone is False
    return content


def test_every_slash_command_is_registered_and_answers():
    client = bot.make_bot()
    commands = {command.name: command for command in client.tree.get_commands()}
    assert sorted(commands) == sorted(bot.HANDLERS) == ["action", "odds", "oracle", "roll", "test"]
    params = {name: [p.name for p in command.parameters] for name, command in commands.items()}
    assert params["test"] == ["stakes", "modifier", "fortune", "misfortune"]
    assert [c.value for c in commands["test"].parameters[0].choices] == ["low", "mid", "high"]
    assert call(commands["roll"], expression="2d6 [@here]").startswith("@\u200bhere: 2d6 (")
    assert "-> **" in call(commands["action"], stat=2)
    assert "Mid Stakes -> **" in call(commands["test"], stakes="mid", modifier=3)
    assert call(commands["oracle"], table="Omen")
    assert call(commands["odds"], expression="1d4").count("\n") == 7
