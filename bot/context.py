"""One interaction's match: the match, the member's seat in it and their legal actions, built
once per interaction and each looked up the first time a step of the flow asks for it (a command
that needs less looks up less). The language the member reads is the interaction's task's
(`bot.errors.begin`)."""

from __future__ import annotations

from typing import Any

import discord

from bot.errors import UserError
from bot.i18n import N_, _
from bot.players import Names, seat_of
from bot.service import MatchService
from bot.storage import MatchRow, PlayerRow
from games.core.contract import Action

NOT_PLAYING = N_("You are not playing in this match.")


class MatchContext:
    """The match `row` as the member of `interaction` acts in it. Each part is looked up once,
    when first asked, and kept for the rest of the interaction: a move made through it changes
    the match, so what it kept is for deciding that move, not for what follows it."""

    def __init__(
        self, interaction: discord.Interaction[Any], row: MatchRow, service: MatchService
    ) -> None:
        self.interaction = interaction
        self.row = row
        self.service = service
        self._players: list[PlayerRow] | None = None
        self._seat: str | None = None
        self._actions: list[Action] | None = None

    @property
    def user_id(self) -> int:
        return self.interaction.user.id

    async def players(self) -> list[PlayerRow]:
        """The match's seated players."""
        if self._players is None:
            self._players = await self.service.players(self.row.id)
        return self._players

    async def names(self) -> Names:
        """The names people see, by player id (`MatchService.seated_names`)."""
        return self.service.seated_names(self.row.id, await self.players())

    async def require_player(self) -> list[PlayerRow]:
        """The match's players, when the member is one of them; refused politely otherwise."""
        await self.seat()
        return await self.players()

    async def seat(self) -> str:
        """The engine's player id of the seat the member holds (their own, or one handed to
        them); refused politely when they hold none (a seat handed to another is no longer
        theirs, though the engine knows it by their id)."""
        if self._seat is None:
            self._seat = seat_of(await self.players(), self.user_id)
            if self._seat is None:
                raise UserError(_(NOT_PLAYING))
        return self._seat

    async def actions(self) -> list[Action]:
        """What the member may do now (`Engine.legal_actions`)."""
        if self._actions is None:
            self._actions = await self.service.actions(self.row, await self.seat())
        return self._actions
