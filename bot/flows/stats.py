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
from bot.i18n import _, server_speaks, speaking
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
        raise UserError(
            _("Stats are kept per server: use `{command}` in one.").format(command=command)
        )
    return interaction.guild


def _game(game: str | None) -> str | None:
    """The game's id from what the member typed or picked (None: every game)."""
    return None if game is None else game_named(game).game


def _title(game: str) -> str:
    plugin = PLUGINS.get(game)
    return plugin.title if plugin is not None else game


def _played_as(game: str) -> tuple[str, str]:
    plugin = PLUGINS.get(game)
    if plugin is None:
        return _("match"), _("matches")
    one, many = plugin.texts.played_as
    return _(one), _(many)


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
            raise UserError(_("Bots keep no stats: only members play matches."))
        only = _game(game)
        if public:
            with speaking(await server_speaks(self.storage, interaction.client, guild.id)):
                text = await self._stats_text(interaction, guild, who, only, public)
        else:
            text = await self._stats_text(interaction, guild, who, only, public)
        await _answer(interaction, text, public)

    async def _stats_text(
        self,
        interaction: discord.Interaction[Any],
        guild: discord.Guild,
        who: discord.abc.User,
        only: str | None,
        public: bool,
    ) -> str:
        channels = await self._readable(interaction, guild, public)
        tallies = await self.storage.tallies(guild.id, who.id, only, channels)
        if not tallies and who.id == interaction.user.id:
            text = (
                # TRANSLATORS: {a_game_match} is English's "a … match" or "an … match", the
                # game's name with its article; {game} is the game's name alone.
                _("You have not finished {a_game_match} in this server yet.").format(
                    a_game_match=a(f"{_title(only)} match"), game=_title(only)
                )
                if only
                else _("You have not finished a match in this server yet.")
            )
            return (
                text
                + " "
                + _("`/match list` shows the open matches to join, and `/match create` opens one.")
            )
        if not tallies:
            if only:
                # TRANSLATORS: {a_game_match} as above; {game} the name alone.
                return _("{member} has not finished {a_game_match} in this server yet.").format(
                    member=f"<@{who.id}>",
                    a_game_match=a(f"{_title(only)} match"),
                    game=_title(only),
                )
            return _("{member} has not finished a match in this server yet.").format(
                member=f"<@{who.id}>"
            )
        else:
            past = await self.storage.past_matches(guild.id, who.id, only, channels, LAST_MATCHES)
            skills: dict[str, Skill] = {}
            for game_ in dict.fromkeys(t.game for t in tallies if not counted_apart(t.game)):
                found = (await self._skills(guild.id, game_, channels)).get(who.id)
                if found is not None:
                    skills[game_] = found
            return stats_text(f"<@{who.id}>", tallies, past, _title, _played_as, skills)

    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: str | None, public: bool
    ) -> None:
        """The server's members of one game by its rating (`RATING_ORDER`), or of all
        games by wins (`WINS_ORDER`)."""
        guild = _guild(interaction, "/leaderboard")
        only = _game(game)
        if only is not None and counted_apart(only):
            raise UserError(
                # TRANSLATORS: {A_game} is English's "A …" / "An …" and the game's name;
                # {game} the name alone.
                _(
                    "{A_game} decides no winner: `/stats` counts each {match} played, and there "
                    "is no leaderboard."
                ).format(
                    A_game="A" + a(_title(only))[1:],
                    game=_title(only),
                    match=_played_as(only)[0],
                )
            )
        if public:
            with speaking(await server_speaks(self.storage, interaction.client, guild.id)):
                text = await self._leaderboard_text(interaction, guild, only, public)
        else:
            text = await self._leaderboard_text(interaction, guild, only, public)
        await _answer(interaction, text, public)

    async def _leaderboard_text(
        self,
        interaction: discord.Interaction[Any],
        guild: discord.Guild,
        only: str | None,
        public: bool,
    ) -> str:
        channels = await self._readable(interaction, guild, public)
        standings = await self.storage.standings(guild.id, only, channels, apart())
        if not standings:
            return (
                # TRANSLATORS: {a_game_match} is English's "a … match" with its article; {game} the
                # name alone.
                _(
                    "Nobody has finished {a_game_match} in this server yet (practice matches of "
                    "one member against Dealer do not count)."
                ).format(a_game_match=a(f"{_title(only)} match"), game=_title(only))
                if only
                else _(
                    "Nobody has finished a match in this server yet (practice matches of one "
                    "member against Dealer do not count)."
                )
            )
        which = _title(only) if only else _("all games")
        heading = _("🏆 **Leaderboard — {which}** in this server").format(which=which)
        if only is None:
            board = leaderboard_text(standings, heading, interaction.user.id)
            order = _("{order}; ratings are per game (`game:` ranks by one)").format(
                order=_(WINS_ORDER)
            )
        else:
            skills = await self._skills(guild.id, only, channels)
            board = leaderboard_text(standings, heading, interaction.user.id, skills)
            order = _(RATING_ORDER)
        return _("{board}\n-# The order: {order}. {counted}").format(
            board=board, order=order, counted=_(COUNTED)
        )
