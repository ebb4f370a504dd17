"""What the game drivers of the SimCord tests share: a server with a channel, a host, the
players and an onlooker, in the server's language."""

from __future__ import annotations

from typing import Any, ClassVar

from bot.i18n import language
from bot.players import player_id

#: The players' names, as many as a match seats.
NAMES = ["ann", "bob", "cleo", "dev", "eve"]


class GameTable:
    """A server with a channel (`channel_name`), a host, players and an onlooker, who play a
    game through Discord; `language` is the server's Discord language (`preferred_locale`;
    default en-US)."""

    channel_name: ClassVar[str]

    def __init__(self, env: Any, players: int, *, language: str | None = None) -> None:
        self.env = env
        self.language = language
        self.guild = env.create_guild(preferred_locale=language)
        self.channel = self.guild.create_text_channel(self.channel_name)
        self.host = self.guild.add_member(env.create_user("hostess"))
        self.players = [self.guild.add_member(env.create_user(n)) for n in NAMES[:players]]
        self.onlooker = self.guild.add_member(env.create_user("onlooker"))
        self.match_id = 0
        #: Each member's private replies (composers, confirmations, answers to moves).
        self.replies: dict[int, list[Any]] = {}

    @property
    def bot(self) -> Any:
        return self.env.bot

    def said(self, text: str) -> str:
        """A text of the bot's in the server's language (a lobby's button's label)."""
        return language(self.language).gettext(text)

    def member(self, pid: str) -> Any:
        return next(m for m in self.players if player_id(m.id) == pid)
