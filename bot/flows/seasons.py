"""What hosts and members do with a season (the `/season` commands and the end confirmation):
check who asks, call the season service, answer within Discord's 3 seconds."""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot import boards
from bot.components import season_end_view
from bot.errors import UserError
from bot.flows.common import Gate, member_of
from bot.i18n import Language, _, server_speaks, speaking
from bot.messages import message
from bot.season_board import WITHHELD, garnets_of, season_called, tokens_of
from bot.seasons import (
    ELIMINATED,
    MAX_ADJUST,
    REINSTATED,
    SeasonService,
    history_line,
    season_games,
    standings_data,
    standings_text,
)
from bot.storage import LedgerEntry, LedgerRow, Season, Storage, balances

#: Lines of history shown in the reply itself; the whole history comes as a file beyond it.
HISTORY_LINES = 15


class Seasons:
    def __init__(self, storage: Storage, seasons: SeasonService, gate: Gate) -> None:
        self.storage = storage
        self.seasons = seasons
        self.gate = gate
        #: The address of a season's web page (`bot.web.seasons.SeasonPages.link`), when
        #: the bot serves pages (`WEB_PORT`): the standings link to it.
        self.web_link: Callable[[Season], Awaitable[str]] | None = None

    def _guild(self, interaction: discord.Interaction[Any]) -> discord.Guild:
        if interaction.guild is None:
            raise UserError(_("Seasons belong to a server: use this command in one."))
        return interaction.guild

    async def _server(
        self, interaction: discord.Interaction[Any], guild: discord.Guild
    ) -> Language:
        """The server's language, for what a `/season` command says to its channel."""
        return await server_speaks(self.storage, interaction.client, guild.id)

    async def _host_guild(self, interaction: discord.Interaction[Any]) -> discord.Guild:
        guild = self._guild(interaction)
        if not await self.gate.is_server_host(interaction.user, guild.id):
            raise UserError(
                _("Only a host can do that: anyone with Manage Server, or the server's host role.")
            )
        return guild

    async def names(self, guild_id: int, current: str) -> list[str]:
        """Season names for autocomplete."""
        return [
            s.name
            for s in await self.storage.seasons(guild_id)
            if current.lower() in s.name.lower()
        ][:25]

    # -- host ------------------------------------------------------------------------------

    async def start(
        self, interaction: discord.Interaction[Any], name: str, starting_garnets: int
    ) -> None:
        guild = await self._host_guild(interaction)
        season = await self.seasons.start(guild.id, name, starting_garnets, interaction.user.id)
        with speaking(await self._server(interaction, guild)):
            started = _(
                "🏁 **{season}** has started. Members are enrolled with {garnets} when they "
                "first play one of its matches (or when a host enrols them), and every {games} "
                "match started in this server counts for it until a host ends it with "
                "`/season end`."
            ).format(
                season=season_called(season.name, capital=True),
                garnets=garnets_of(starting_garnets),
                games=season_games(),
            )
        await interaction.response.send_message(started)

    async def ask_end(self, interaction: discord.Interaction[Any]) -> None:
        guild = await self._host_guild(interaction)
        season = await self.seasons.open(guild.id)
        await self.seasons.refuse_while_matches_run(season)
        await interaction.response.send_message(
            _(
                "End **{season}**? Its ledger is kept and can still be read and exported, but "
                "it can no longer change."
            ).format(season=season_called(season.name)),
            view=season_end_view(season.id),
            ephemeral=True,
        )

    async def end(self, interaction: discord.Interaction[Any], season_id: int) -> None:
        guild = await self._host_guild(interaction)
        season = await self.storage.season(season_id)
        if season is None or season.guild_id != guild.id:
            raise UserError(_("That season no longer exists."))
        await self.seasons.end(season, interaction.user.id)
        await interaction.response.send_message(
            _("**{season}** has ended.").format(season=season_called(season.name, capital=True)),
            ephemeral=True,
        )
        ended = await self.storage.season(season_id)
        assert ended is not None
        if isinstance(interaction.channel, discord.abc.Messageable):
            with speaking(await self._server(interaction, guild)):
                head = _("🏆 **{season}** has ended.").format(
                    season=season_called(season.name, capital=True)
                )
                content = await self._standings(ended, head)
            await interaction.channel.send(**content)

    async def enrol(self, interaction: discord.Interaction[Any], member: discord.Member) -> None:
        guild = await self._host_guild(interaction)
        _not_a_bot(member)
        season = await self.seasons.open(guild.id)
        new = await self.seasons.enrol(season, [(member.id, member.name)], interaction.user.id)
        if not new:
            raise UserError(
                _("{member} is already enrolled in {season}.").format(
                    member=member.name, season=season_called(season.name)
                )
            )
        with speaking(await self._server(interaction, guild)):
            enrolled = _("{member} is enrolled in **{season}** with {garnets}.").format(
                member=member.mention,
                season=season_called(season.name),
                garnets=garnets_of(season.starting_garnets),
            )
        await interaction.response.send_message(enrolled)

    async def adjust(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member,
        garnets: int,
        tokens: int,
        reason: str,
    ) -> None:
        guild = await self._host_guild(interaction)
        _not_a_bot(member)
        season = await self.seasons.open(guild.id)
        reason = " ".join(reason.split())
        if not garnets and not tokens:
            raise UserError(_("Nothing to change: give garnets or tokens (or both), e.g. `-1`."))
        if max(abs(garnets), abs(tokens)) > MAX_ADJUST:
            raise UserError(_("Adjust by at most {most} at a time.").format(most=MAX_ADJUST))
        if not reason:
            raise UserError(_("Give a reason; it is kept in the ledger."))
        if garnets < 0 and await self.seasons.playing(season, member.id):
            # Their balance may hold a trade of that match, secret until it ends (AA-D9): a
            # refusal for want of garnets would tell it.
            raise UserError(
                _(
                    "{member} is playing a match of this season: garnets can be taken away once "
                    "it ends (their trades in it stay private until then)."
                ).format(member=member.name)
            )
        entry = LedgerEntry(member.id, "adjust", reason, garnets=garnets, tokens=tokens)
        await self.seasons.change(season, (member.id, member.name), entry, interaction.user.id)
        with speaking(await self._server(interaction, guild)):
            changes = [
                said(n, sign=True) for n, said in ((garnets, garnets_of), (tokens, tokens_of)) if n
            ]
            # TRANSLATORS: a host's change to a member's ledger: {changes} is "+1 garnet" or
            # "+1 garnet and -1 token of life"; {reason} as the host typed it.
            what = (
                _("{changes} ({reason})").format(changes=changes[0], reason=reason)
                if len(changes) == 1
                else _("{garnets} and {tokens} ({reason})").format(
                    garnets=changes[0], tokens=changes[1], reason=reason
                )
            )
            await self._announce(interaction, season, member, what)

    async def eliminate(
        self, interaction: discord.Interaction[Any], member: discord.Member, reason: str | None
    ) -> None:
        await self._set_eliminated(interaction, member, True, reason)

    async def reinstate(
        self, interaction: discord.Interaction[Any], member: discord.Member, reason: str | None
    ) -> None:
        await self._set_eliminated(interaction, member, False, reason)

    async def _set_eliminated(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member,
        eliminated: bool,
        reason: str | None,
    ) -> None:
        guild = await self._host_guild(interaction)
        _not_a_bot(member)
        season = await self.seasons.open(guild.id)
        already = bool(await self.seasons.eliminated(season, [member.id]))
        if already == eliminated:
            said = (
                _("{member} is already eliminated in {season}.")
                if eliminated
                else _("{member} is not eliminated in {season}.")
            )
            raise UserError(said.format(member=member.name, season=season_called(season.name)))
        kind = "eliminate" if eliminated else "reinstate"
        typed = " ".join((reason or "").split())
        why = typed or (ELIMINATED if eliminated else REINSTATED)
        entry = LedgerEntry(member.id, kind, why, eliminated=eliminated)
        await self.seasons.change(season, (member.id, member.name), entry, interaction.user.id)
        with speaking(await self._server(interaction, guild)):
            what = (
                _(
                    "is **eliminated**: they cannot join this season's matches unless "
                    "reinstated ({reason})"
                )
                if eliminated
                else _("is **reinstated** and may join this season's matches again ({reason})")
            ).format(reason=typed or _(why))
            await self._announce(interaction, season, member, what)

    async def _announce(
        self,
        interaction: discord.Interaction[Any],
        season: Season,
        member: discord.Member,
        what: str,
    ) -> None:
        """A host's change, publicly, with the member's balance as the standings show it."""
        names = await self.storage.season_names(season.id)
        rows = await self.storage.ledger(season.id, member.id, pending=False)
        balance = balances(rows, {member.id: names[member.id]})[0]
        # TRANSLATORS: {what} is what the host changed, after the member's mention ("is
        # **eliminated**: …", or "+1 garnet (reason)").
        await interaction.response.send_message(
            _(
                "**{season}** — {member} {what}. Now: {garnets}, {tokens}. (Recorded by {host}.)"
            ).format(
                season=season_called(season.name, capital=True),
                member=member.mention,
                what=what,
                garnets=garnets_of(balance.garnets),
                tokens=tokens_of(balance.tokens),
                host=interaction.user.mention,
            )
        )

    # -- everyone --------------------------------------------------------------------------

    async def standings(
        self, interaction: discord.Interaction[Any], name: str | None, public: bool
    ) -> None:
        """The standings, privately to whoever asks; in the channel for everyone when a host
        asks for them `public`. A member who is not a host and asks for that gets them
        privately, told that only a host shows them to the channel: two people asking never
        post them twice."""
        guild = self._guild(interaction)
        season = await self.seasons.find(guild.id, name)
        head = None
        if public and not await self.gate.is_server_host(interaction.user, guild.id):
            public = False
            head = _(
                "Only a host shows the standings to the channel (anyone with Manage Server, or "
                "the server's host role); here they are for you alone."
            )
        # Drawing the standings may take a while: `begin`'s watchdog acknowledges in time.
        if public:
            with speaking(await self._server(interaction, guild)):
                content = await self._standings(season, head)
        else:
            content = await self._standings(season, head)
        await interaction.response.send_message(**content, ephemeral=not public)

    async def _standings(self, season: Season, head: str | None) -> dict[str, Any]:
        """The standings message, with its image, under `head`."""
        standings = await self.seasons.standings(season)
        board = await boards.or_none(
            boards.standings(standings_data(standings)), f"the standings of season {season.id}"
        )
        text = standings_text(standings)
        if self.web_link is not None:
            link = await self.web_link(season)
            text += "\n" + _("🌐 On the web, with everyone's history: <{link}>").format(link=link)
        return message(f"{head}\n{text}" if head else text, None, board)

    async def history(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member | discord.User | None,
        name: str | None,
    ) -> None:
        guild = self._guild(interaction)
        season = await self.seasons.find(guild.id, name)
        rows, running = await self.seasons.history(
            season, member.id if member else None, asker=interaction.user.id
        )
        title = season_called(season.name, capital=True)
        head = (
            _("**{season}** — {member}'s ledger entries ({count}):")
            if member
            else _("**{season}** — All ledger entries ({count}):")
        ).format(season=title, member=member.name if member else "", count=len(rows))
        lines = [history_line(r) for r in rows] or [_("No entries yet.")]
        if running:
            lines.append(f"_{_(WITHHELD)}_")
        text = "\n".join([head, *lines])
        files = []
        if len(lines) > HISTORY_LINES or len(text) > 1900:
            kept: list[str] = []
            for line in reversed(lines):
                if sum(len(k) + 1 for k in kept) + len(line) > 1700:
                    break
                kept.insert(0, line)
            latest = _("The latest entries; the whole history is attached.")
            text = "\n".join([head, latest, *kept])
            authors = await self._authors(guild, season, rows)
            plain = [history_line(r, authors) for r in rows]
            if running:
                plain.append(_(WITHHELD))
            files.append(
                discord.File(
                    io.BytesIO("\n".join([head.replace("**", ""), *plain]).encode()),
                    filename=f"season-{season.id}-history.txt",
                )
            )
        await interaction.response.send_message(text, files=files, ephemeral=True)

    async def _authors(
        self, guild: discord.Guild, season: Season, rows: list[LedgerRow]
    ) -> dict[int, str]:
        """The names of who made `rows` (hosts, or the bot itself): the season's names for
        its members, else asked of Discord."""
        known = await self.storage.season_names(season.id)
        authors: dict[int, str] = {}
        for user_id in {r.by_user for r in rows if r.by_user}:
            member = None if user_id in known else await member_of(guild, user_id)
            authors[user_id] = known.get(user_id) or (
                member.display_name if member else _("member {id}").format(id=user_id)
            )
        return authors

    async def export(self, interaction: discord.Interaction[Any], name: str | None) -> None:
        guild = self._guild(interaction)
        season = await self.seasons.find(guild.id, name)
        data, running = await self.seasons.export(season)
        said = _("The ledger of **{season}**, one row per entry.").format(
            season=season_called(season.name)
        )
        await interaction.response.send_message(
            f"{said} {_(WITHHELD)}" if running else said,
            file=discord.File(io.BytesIO(data), filename=f"season-{season.id}-ledger.csv"),
            ephemeral=True,
        )


def _not_a_bot(member: discord.Member) -> None:
    """Only members play matches, so only they have a place in a season's ledger."""
    if member.bot:
        raise UserError(
            _("{member} is a bot: only members play, so only they take part in a season.").format(
                member=member.name
            )
        )
