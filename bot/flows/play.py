"""Playing: a player's moves (from commands, buttons and forms) and their 1-on-1."""

from __future__ import annotations

from typing import Any

import discord

from bot.amounts import parse_amount
from bot.errors import UserError
from bot.flows.common import NO_OPEN_MATCH, Gate, Settle
from bot.games.registry import plugin_for
from bot.players import Names, player_id
from bot.presenter import Presenter, message
from bot.service import MatchService
from bot.storage import MatchRow, Storage
from games.core.errors import RuleError


class Play:
    def __init__(
        self,
        storage: Storage,
        service: MatchService,
        presenter: Presenter,
        gate: Gate,
        settle: Settle,
    ) -> None:
        self.storage = storage
        self.service = service
        self.presenter = presenter
        self.gate = gate
        self.settle = settle

    async def submit(
        self, interaction: discord.Interaction[Any], row: MatchRow, move: dict[str, Any]
    ) -> None:
        """Submit a player's move; confirm privately after the commit, then deliver."""
        players = await self.gate.require_player(interaction, row)
        me = player_id(interaction.user.id)
        try:
            outcome = await self.service.submit(row.id, me, move)
        except RuleError as error:
            names = await self.service.names(row.id)
            texts = plugin_for(row.game).texts
            raise RuleError(error.code, texts.engine_text(error.message, names)) from None
        await self.presenter.reply(interaction, row, outcome, players)
        await self.settle(row.id, outcome)

    async def move(
        self, interaction: discord.Interaction[Any], match_id: int, move: dict[str, Any]
    ) -> None:
        """A move of the member in match `match_id` (from a button, menu or form)."""
        await self.submit(interaction, await self.service.running(match_id), move)

    async def own_view(
        self, interaction: discord.Interaction[Any], match_id: int
    ) -> tuple[dict[str, Any], Names]:
        """The member's own view of the match (they must play in it) and the names."""
        row = await self.service.running(match_id)
        await self.gate.require_player(interaction, row)
        view = await self.service.view(row, player_id(interaction.user.id))
        return view, await self.service.names(match_id)

    async def submit_here(
        self, interaction: discord.Interaction[Any], move: dict[str, Any], command: str
    ) -> None:
        """A move from a player's slash command, in the match of this channel (or DM)."""
        row = await self.gate.match_here(interaction)
        ui = plugin_for(row.game).texts
        if command not in ui.commands:
            raise UserError(
                f"{ui.title} has no `/{command}`: play from your 1-on-1 (your DMs, the "
                "**My 1-on-1** button or `/me`)."
            )
        await self.submit(interaction, row, move)

    async def bid_here(
        self, interaction: discord.Interaction[Any], target: str, amount: int
    ) -> None:
        move = {"type": "bid", "target": target.strip().lower(), "amount": amount}
        await self.submit_here(interaction, move, "bid")

    async def me(self, interaction: discord.Interaction[Any]) -> None:
        """The 1-on-1 of this channel's match; once it is over, what was kept for the player
        while their DMs were closed and they have not read yet."""
        row = await self.gate.match_here(interaction, ended=True)
        if row.status == "ended":
            await self.show_kept_after_the_end(
                interaction,
                row,
                otherwise=NO_OPEN_MATCH,
            )
            return
        await self.show_one_on_one(interaction, row.id)

    async def bid(
        self, interaction: discord.Interaction[Any], match_id: int, target: str, amount: str
    ) -> None:
        """A bid from the 1-on-1 form: the amount as typed."""
        row = await self.service.running(match_id)
        move = {"type": "bid", "target": target, "amount": parse_amount(amount)}
        await self.submit(interaction, row, move)

    async def show_one_on_one(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        over = await self.service.row(match_id)
        if over is not None and over.status in ("ended", "cancelled"):
            ended = over.status == "ended"
            await self.show_kept_after_the_end(
                interaction,
                over,
                otherwise="This match is over." if ended else "This match no longer exists.",
            )
            return
        row = await self.service.running(match_id)
        await self.gate.require_player(interaction, row)
        text, view = await self.presenter.one_on_one(row, interaction.user.id)
        # A message holds 2,000 characters; the kept texts get what the 1-on-1 leaves.
        note, shown = await self.presenter.kept_note(row, interaction.user.id, 1950 - len(text))
        board = await self.presenter.card(row, interaction.user.id)
        text = f"{note}\n\n{text}" if note else text
        await interaction.response.send_message(**message(text, view, board), ephemeral=True)
        if shown:
            await self.storage.read_kept(shown)

    async def show_kept_after_the_end(
        self, interaction: discord.Interaction[Any], row: MatchRow, *, otherwise: str
    ) -> None:
        """A match that is over has no 1-on-1 left, but the texts kept for a player while their
        DMs were closed are still theirs: shown once, like during the match. With none,
        `otherwise` is the refusal."""
        lead = "This match is over." if row.status == "ended" else "The host cancelled this match."
        note, shown = await self.presenter.kept_note(row, interaction.user.id, 1950 - len(lead))
        if not note:
            raise UserError(otherwise)
        await interaction.response.send_message(f"{lead}\n\n{note}", ephemeral=True)
        await self.storage.read_kept(shown)
