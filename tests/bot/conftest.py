"""SimCord fixtures: the real bot against an in-memory Discord."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.app import DealerBot, create_bot


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "dealer.db"


@pytest.fixture
def simcord_bot(db_path: Path) -> DealerBot:
    return create_bot(db_path)


class Table:
    """A server with a games channel, a host and players."""

    def __init__(self, env: Any, players: int) -> None:
        self.env = env
        self.guild = env.create_guild()
        self.channel = self.guild.create_text_channel("games")
        self.host = self.guild.add_member(env.create_user("hostess"))
        self.players = [
            self.guild.add_member(env.create_user(f"player{i}")) for i in range(players)
        ]
