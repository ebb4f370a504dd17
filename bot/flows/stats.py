"""`/stats` and `/leaderboard`: what members' finished matches in a server count for
(`bot.stats`). Both answer privately unless asked to show the channel; members are named by
their mentions, which never ping.

Both count only the matches of channels the asker may read (Discord's permissions): a private
match channel's players, placings and link reach nobody who cannot read it. A public answer
counts only the matches of channels everyone in the server may read, and of the channel it is
posted in, whose readers see it. In DMs there is no server to count, and both refuse."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.errors import UserError
from bot.flows.common import can_read
from bot.games.registry import PLUGINS, game_named
from bot.limits import fit
from bot.rating import Skill, replayed
from bot.stats import (
    COUNTED,
    LAST_MATCHES,
    RATING_ORDER,
    WINS_ORDER,
    apart,
    counted_apart,
    leaderboard_text,
    stats_text,
)
from bot.storage import Storage
from games.core.drawing.words import a


def _guild(interaction: discord.Interaction[Any], command: str) -> discord.Guild:
    if interaction.guild is None:
        raise UserError(f"Stats are kept per server: use `{command}` in one.")
    return interaction.guild


def _game(game: str | None) -> str | None:
    """The game's id from what the member typed or picked (None: every game)."""
    return None if game is None else game_named(game).game


def _title(game: str) -> str:
    plugin = PLUGINS.get(game)
    return plugin.title if plugin is not None else game


def _played_as(game: str) -> tuple[str, str]:
    plugin = PLUGINS.get(game)
    return plugin.texts.played_as if plugin is not None else ("match", "matches")


async def _answer(interaction: discord.Interaction[Any], text: str, public: bool) -> None:
    await interaction.response.send_message(fit(text), ephemeral=not public)


class Stats:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def _readable(
        self, interaction: discord.Interaction[Any], guild: discord.Guild, public: bool
    ) -> list[int]:
        """The channels whose finished matches an answer counts: those the asker may read,
        and, for a public answer, that everyone in the server may read too (or the channel
        it goes to)."""
        return [
            channel_id
            for channel_id in await self.storage.result_channels(guild.id)
            if can_read(guild, interaction.user, channel_id)
            and (
                not public
                or channel_id == interaction.channel_id
                or can_read(guild, guild.default_role, channel_id)
            )
        ]

    async def _skills(self, guild_id: int, game: str, channels: list[int]) -> dict[int, Skill]:
        """The members' ratings of a game that an answer counting `channels` shows: the
        stored ones where it counts every channel of the server's matches; else worked out
        again from the rated matches it counts, so that none it may not count shows."""
        if set(channels) >= set(await self.storage.result_channels(guild_id)):
            return await self.storage.skills(guild_id, game)
        matches = await self.storage.rated_matches(guild_id, game, channels)
        return await asyncio.to_thread(replayed, matches)

    async def stats(
        self,
        interaction: discord.Interaction[Any],
        member: discord.abc.User | None,
        game: str | None,
        public: bool,
    ) -> None:
        """A member's matches played and won per game in this server, and their last ones."""
        guild = _guild(interaction, "/stats")
        who = member or interaction.user
        if who.bot:
            raise UserError("Bots keep no stats: only members play matches.")
        only = _game(game)
        channels = await self._readable(interaction, guild, public)
        tallies = await self.storage.tallies(guild.id, who.id, only, channels)
        if not tallies:
            which = a(f"{_title(only)} match" if only else "match")
            text = (
                f"You have not finished {which} in this server yet. `/match list` shows the "
                "open matches to join, and `/match create` opens one."
                if who.id == interaction.user.id
                else f"<@{who.id}> has not finished {which} in this server yet."
            )
        else:
            past = await self.storage.past_matches(guild.id, who.id, only, channels, LAST_MATCHES)
            skills: dict[str, Skill] = {}
            for game_ in dict.fromkeys(t.game for t in tallies if not counted_apart(t.game)):
                found = (await self._skills(guild.id, game_, channels)).get(who.id)
                if found is not None:
                    skills[game_] = found
            text = stats_text(f"<@{who.id}>", tallies, past, _title, _played_as, skills)
        await _answer(interaction, text, public)

    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: str | None, public: bool
    ) -> None:
        """The server's members of one game by its rating (`RATING_ORDER`), or of all
        games by wins (`WINS_ORDER`)."""
        guild = _guild(interaction, "/leaderboard")
        only = _game(game)
        if only is not None and counted_apart(only):
            one, _ = _played_as(only)
            game_ = a(_title(only))
            raise UserError(
                f"{game_[0].upper()}{game_[1:]} decides no winner: `/stats` counts each {one} "
                "played, and "
                "there is no leaderboard."
            )
        channels = await self._readable(interaction, guild, public)
        standings = await self.storage.standings(guild.id, only, channels, apart())
        which = _title(only) if only else "all games"
        if not standings:
            text = (
                f"Nobody has finished {a(f'{_title(only)} match' if only else 'match')} in this "
                "server yet (practice matches of one member against Dealer do not count)."
            )
        else:
            heading = f"🏆 **Leaderboard — {which}** in this server"
            if only is None:
                board = leaderboard_text(standings, heading, interaction.user.id)
                order = f"{WINS_ORDER}; ratings are per game (`game:` ranks by one)"
            else:
                skills = await self._skills(guild.id, only, channels)
                board = leaderboard_text(standings, heading, interaction.user.id, skills)
                order = RATING_ORDER
            text = f"{board}\n-# The order: {order}. {COUNTED}"
        await _answer(interaction, text, public)
