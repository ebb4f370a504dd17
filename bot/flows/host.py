"""Host controls of a running match: close the phase, extend, pause, resume, kick, the
status, and the record with its audit."""

from __future__ import annotations

import io
import json
from typing import Any

import discord

from bot.components import replace_view
from bot.computer import Computer
from bot.errors import UserError
from bot.flows.common import Gate, Settle
from bot.flows.lobby import Lobby
from bot.games.registry import plugin_for
from bot.i18n import N_, _, ngettext, speaking
from bot.messages import message
from bot.players import (
    computer_name,
    computer_user,
    free_computer,
    is_computer_user,
    renamed,
    seat_id,
    seat_of,
)
from bot.presenter import Presenter
from bot.service import MatchDamaged, MatchService
from bot.storage import Handover, MatchRow
from games.core.drawing.words import a
from games.core.engine import HOST
from games.core.errors import RuleError
from games.registry import engine_for

#: The generic host moves that may act on the other players, as a refusal names them
#: (`Gate.require_no_party`): a close-phase of a phase that waits for someone else, a kick
#: of someone else.
PARTIAL = {
    "close_phase": N_("closing a phase that waits for someone else"),
    "kick": N_("removing a player"),
}


NOT_STARTED = N_("The match has not started yet.")


class Host:
    def __init__(
        self,
        service: MatchService,
        presenter: Presenter,
        computer: Computer,
        gate: Gate,
        lobby: Lobby,
        settle: Settle,
    ) -> None:
        self.service = service
        self.presenter = presenter
        self.computer = computer
        self.gate = gate
        self.lobby = lobby
        self.settle = settle

    async def host_move(
        self,
        interaction: discord.Interaction[Any],
        move: dict[str, Any],
        match_id: int | None = None,
        *,
        said: str | None = None,
    ) -> None:
        """A host's move in this channel's match (only if it is `match_id`, when given: a
        confirmation asked in an earlier match is not carried over to the next). The host is
        told what happened (which phase closed, who was removed, or what the game's command
        `said`) and what the match is at now."""
        row = await self._running_as_host(interaction)
        if match_id is not None and row.id != match_id:
            raise UserError(_("That was asked in an earlier match of this channel."))
        ui = plugin_for(row.game).texts
        turn = await self.service.turn(row)
        me = seat_of(await self.service.players(row.id), interaction.user.id)
        # Closing a phase that waits for someone else takes their default; a kick of someone
        # else removes them.
        others = [p for p in turn.must if p != me] if move["type"] == "close_phase" else []
        if (move["type"] == "kick" and move["player"] != me) or others:
            partial = PARTIAL[move["type"]]
            await self.gate.require_no_party(interaction, row, _(partial))
        closing = turn.phase.title
        names = await self.service.names(row.id)
        try:
            outcome = await self.service.submit(row.id, HOST, move)
        except RuleError as error:
            raise await self._worded(row, error) from None
        if move["type"] == "close_phase":
            said = _("You closed **{phase}**.").format(phase=ui.engine_text(closing, names))
        elif move["type"] == "kick":
            said = _("You removed {player} from the match.").format(player=names(move["player"]))
        after = await self.service.row(row.id)
        if row.paused and after is not None and after.status == "running" and not after.paused:
            with speaking(await self.gate.speaks(row)):
                unpaused = _(
                    "▶️ The match is no longer paused: the phase now open has no clock to stop."
                )
            await self.presenter.channel_send(row.public_channel_id, unpaused)
        now = (
            _("The match is over.")
            if after is None or after.status == "ended"
            else _("Now: **{phase}**.").format(
                phase=ui.engine_text((await self.service.turn(after)).phase.title, names)
            )
        )
        await interaction.response.send_message(" ".join(filter(None, [said, now])), ephemeral=True)
        await self.settle(row.id, outcome)

    async def _worded(self, row: MatchRow, error: RuleError) -> RuleError:
        """An engine's refusal with the players' names in it."""
        names = await self.service.names(row.id)
        return RuleError(error.code, plugin_for(row.game).texts.refusal(error, names))

    async def hosted_match(
        self, interaction: discord.Interaction[Any], check: dict[str, Any] | None = None
    ) -> int:
        """The id of this channel's running match, when the member may host it; with
        `check`, only if the rules would take that move of the host's now (else their
        refusal, at once)."""
        row = await self._running_as_host(interaction)
        if check is not None:
            try:
                await self.service.check(row.id, HOST, check)
            except RuleError as error:
                raise await self._worded(row, error) from None
        return row.id

    async def hosted_view(self, interaction: discord.Interaction[Any]) -> Any:
        """The public view of this channel's running match, when the member may host it (as
        its engine gives it: `MatchService.view`)."""
        row = await self._running_as_host(interaction)
        return await self.service.view(row, None)

    async def kick(self, interaction: discord.Interaction[Any], member: discord.abc.User) -> None:
        """`/match kick`: in a lobby the member's seat is taken back; in a running match the
        game's `kick` move removes them."""
        row = await self.gate.match_here(interaction)
        if row.status == "lobby":
            await self.lobby.unseat(interaction, member.id)
            return
        seat = await self.gate.seat_of_member(row, member)
        await self.host_move(interaction, {"type": "kick", "player": seat})

    async def ask_replace(
        self,
        interaction: discord.Interaction[Any],
        player: discord.abc.User,
        member: discord.abc.User | None,
    ) -> None:
        """`/match replace`: the confirmation of handing `player`'s seat to `member`, or to a
        computer seat when `member` is left out."""
        row = await self._running_as_host(interaction)
        old, new = await self._handover(interaction, row, player.id, member)
        takes = (
            _("**{new}** (Dealer's computer player) plays it from now on")
            if member is None
            else _(
                "**{new}** plays it from now on, with its 1-on-1: what the seat holds and may "
                "know, and its controls"
            )
        ).format(new=new)
        await interaction.response.send_message(
            _(
                "Hand over **{old}**'s seat in {game} match #{match}? {takes}; {old} no longer "
                "sees its 1-on-1 or plays it. The channel is told, the match record says so, and "
                "at the end the seat counts for whoever holds it then."
            ).format(old=old, game=engine_for(row.game).title, match=row.id, takes=takes),
            view=replace_view(row.id, player.id, member.id if member is not None else None),
            ephemeral=True,
        )

    async def replace(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        from_user: int,
        to_user: int | None,
    ) -> None:
        """The confirmed hand-over: checked again (the match may have moved on), then the
        seat's holder changes, the engine none the wiser; the channel, the old holder and
        the new one are told, the new one getting the seat's 1-on-1."""
        row = await self.service.running(match_id)
        await self.gate.require_host(interaction, row)
        member = None
        if to_user is not None:
            guild = interaction.guild
            found = guild.get_member(to_user) if guild is not None else None
            member = found or await self.gate.client.fetch_user(to_user)
        old, new = await self._handover(interaction, row, from_user, member)
        players = await self.service.players(row.id)
        seat = seat_of(players, from_user)
        assert seat is not None  # `_handover` refused a member who holds none
        if to_user is None:
            to_user = computer_user(free_computer(players))
        handover = Handover(
            seat=seat,
            from_user=from_user,
            from_name=old,
            to_user=to_user,
            to_name=new,
            moves=await self.service.moves_made(row),
            at=self.service.now(),
            by_user=interaction.user.id,
        )
        if not await self.service.hand_over(row, handover):
            raise UserError(_("The seats of this match changed meanwhile: ask again."))
        await interaction.response.edit_message(
            content=_("🔁 Done: {old}'s seat is {new}'s now.").format(old=old, new=new), view=None
        )
        title = engine_for(row.game).title
        with speaking(await self.gate.speaks(row)):
            handed = _(
                "🔁 The host handed **{old}**'s seat to **{new}**, who plays it from now on."
            ).format(old=old, new=new)
            told_old = _(
                "🔁 The host handed your seat in **{game}** (match #{match}) to {new}: you no "
                "longer play in this match, and its 1-on-1 is theirs now."
            ).format(game=title, match=row.id, new=new)
            told_new = _(
                "🔁 The host handed you **{old}**'s seat in **{game}** (match #{match}): you "
                "play it from now on. What the seat holds and may know, and what you can do now:"
            ).format(old=old, game=title, match=row.id)
            renewed = _("🔁 {old}'s seat is played by {new} from now on.").format(old=old, new=new)
        await self.presenter.channel_send(row.public_channel_id, handed)
        await self.presenter.dm(row, from_user, told_old)
        if not is_computer_user(to_user):
            await self.presenter.send_one_on_one(row, to_user, lead=told_new)
        await self.presenter.renew_board(row, renewed)
        self.presenter.status.refresh(row.id)
        self.computer.seated(row.id)

    async def _handover(
        self,
        interaction: discord.Interaction[Any],
        row: MatchRow,
        from_user: int,
        member: discord.abc.User | None,
    ) -> tuple[str, str]:
        """Whether the seat of `from_user` may go to `member` (None: a computer seat), as
        the host who asks may hand it: the names of the holder and of whoever takes it."""
        await self.gate.require_no_party(interaction, row, _("handing over a seat"))
        players = await self.service.players(row.id)
        holding = next((p for p in players if p.user_id == from_user), None)
        if holding is None or is_computer_user(from_user):
            raise UserError(
                _("{member} holds no seat in this match to hand over.").format(
                    member=f"<@{from_user}>"
                )
            )
        if seat_id(holding) in (await self.service.turn(row)).out:
            raise UserError(
                _(
                    "{player} has left the match (removed or conceded): a seat that is out "
                    "cannot be handed over."
                ).format(player=holding.name)
            )
        if member is None:
            if plugin_for(row.game).computer is None:
                raise UserError(
                    _("{game} has no computer player: name a `member` to take the seat.").format(
                        game=engine_for(row.game).title
                    )
                )
            return holding.name, computer_name(free_computer(players))
        if member.bot:
            raise UserError(
                _(
                    "Bots cannot play. To give the seat to Dealer's computer player, leave out "
                    "`member`."
                )
            )
        if any(p.user_id == member.id for p in players):
            raise UserError(
                _("{member} already plays in this match: a member holds one seat.").format(
                    member=member.mention
                )
            )
        return holding.name, member.name

    async def status(self, interaction: discord.Interaction[Any]) -> None:
        """Privately, to anyone: the live status message's text and the image of the same
        moment (`LiveStatus.moment`, in a game that draws one), with a link to that message;
        in a lobby, the lobby's text."""
        row = await self.gate.match_here(interaction, ended=True)
        if row.status == "lobby":
            text = await self.lobby.lobby_text(row)
            await interaction.response.send_message(text, ephemeral=True)
            return
        # Drawing the image may take longer than Discord waits for an answer.
        await interaction.response.defer(ephemeral=True, thinking=True)
        live = self.presenter.status
        moment = await live.moment(row)
        link = await live.link(row)
        text = moment.text + (
            "\n" + _("The live status: {link}").format(link=link) if link is not None else ""
        )
        text += await live.web_line(row)
        await interaction.followup.send(
            **message(text, None, await live.image(row, moment)), ephemeral=True
        )

    async def web(self, interaction: discord.Interaction[Any], on: bool) -> None:
        """`/match web`: the host turns the match's web page on (even in a channel not
        everyone may view) or off (its address then opens nothing); privately, the address."""
        row = await self.gate.match_here(interaction, ended=True)
        await self.gate.require_host(interaction, row)
        live = self.presenter.status
        if live.web_link is None:
            raise UserError(_("This bot serves no web pages (its WEB_PORT is not set)."))
        await self.gate.storage.set_web(row.id, "on" if on else "off", by_host=True)
        link = await live.web_link(row)
        said = (
            _(
                "The match's web page is on: {link}\nAnyone with the address can watch the match."
            ).format(link=link)
            if link is not None
            else _("The match's web page is off: its address opens nothing.")
        )
        await interaction.response.send_message(said, ephemeral=True)
        if row.started:
            live.refresh(row.id)

    async def _running_as_host(self, interaction: discord.Interaction[Any]) -> MatchRow:
        row = await self.gate.match_here(interaction)
        await self.gate.require_host(interaction, row)
        if row.status != "running":
            raise UserError(_(NOT_STARTED))
        return row

    async def extend(self, interaction: discord.Interaction[Any], minutes: int) -> None:
        row = await self._running_as_host(interaction)
        deadline = await self.service.extend(row, minutes * 60)
        await interaction.response.send_message(
            ngettext("Extended by {count} minute.", "Extended by {count} minutes.", minutes).format(
                count=minutes
            ),
            ephemeral=True,
        )
        with speaking(await self.gate.speaks(row)):
            extended = (
                ngettext(
                    "The host extended the phase by {count} minute: it now closes {when}.",
                    "The host extended the phase by {count} minutes: it now closes {when}.",
                    minutes,
                )
                if deadline
                else ngettext(
                    "The host extended the phase by {count} minute: it has more time once resumed.",
                    "The host extended the phase by {count} minutes: it has more time once "
                    "resumed.",
                    minutes,
                )
            ).format(count=minutes, when=f"<t:{int(deadline or 0)}:R>")
        await self.presenter.channel_send(row.public_channel_id, extended)
        self.presenter.status.refresh(row.id)

    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        row = await self._running_as_host(interaction)
        await self.service.pause(row)
        await interaction.response.send_message(_("Paused."), ephemeral=True)
        with speaking(await self.gate.speaks(row)):
            paused = _(
                "⏸️ The host paused the match: the clock is stopped and no moves are taken but a "
                "player's concession."
            )
        await self.presenter.channel_send(row.public_channel_id, paused)
        self.presenter.status.refresh(row.id)

    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        row = await self._running_as_host(interaction)
        deadline = await self.service.resume(row)
        await interaction.response.send_message(_("Resumed."), ephemeral=True)
        with speaking(await self.gate.speaks(row)):
            resumed = _("▶️ The match resumes: the phase closes {when}.").format(
                when=f"<t:{int(deadline)}:R>"
            )
        await self.presenter.channel_send(row.public_channel_id, resumed)
        self.presenter.status.refresh(row.id)
        self.computer.wake(row.id)

    async def _rematched(self, interaction: discord.Interaction[Any], lobby: MatchRow) -> MatchRow:
        """The match whose Rematch opened `lobby` (as soon as it ended: its record is meant),
        when the member hosted it; else `lobby` itself."""
        last = await self.gate.storage.last_match_in(lobby.channel_id)
        rematch = await self.gate.storage.rematch_of(last.id) if last else None
        if last is None or rematch is None or rematch.id != lobby.id:
            return lobby
        if not await self.gate.is_host(interaction.user, last):
            raise UserError(
                _(
                    "The last match's record is for its hosts: the member who created it, anyone "
                    "with Manage Server, or the server's host role. The new lobby has no record "
                    "until it starts."
                )
            )
        return last

    async def match_log(self, interaction: discord.Interaction[Any]) -> None:
        """The record up to the last closed phase (all of it once the match is over), with the
        host's audit of every sealed bid of the closed phases."""
        row = await self.gate.match_here(interaction, ended=True, aside=True)
        if row.status == "lobby":
            row = await self._rematched(interaction, row)
        await self.gate.require_host(interaction, row)
        if not row.started:
            raise UserError(_(NOT_STARTED))
        withheld = plugin_for(row.game).texts.record_withheld
        if row.status == "running" and withheld is not None:
            title = engine_for(row.game).title
            raise UserError(
                # TRANSLATORS: {a_game} is English's "a …" / "an …" and the game's name;
                # {game} the name alone.
                _("The record of {a_game} match is given once the match is over: {why}.").format(
                    a_game=a(title), game=title, why=_(withheld)
                )
            )
        players = await self.service.players(row.id)
        if row.status == "running" and any(p.user_id == interaction.user.id for p in players):
            raise UserError(
                _(
                    "You play in this match, so while it runs you see only what your seat may "
                    "see: its record and the audit of sealed bids come once it is over. A host "
                    "who is not playing can export them now."
                )
            )
        usernames = {seat_id(p): p.name for p in players}
        record = await self.service.record(row, usernames)
        if row.status == "running":
            closes = [i for i, m in enumerate(record["moves"]) if m["type"] == "close_phase"]
            record["moves"] = record["moves"][: closes[-1] + 1] if closes else []
        files = [
            discord.File(
                io.BytesIO(json.dumps(record, indent=2).encode()), filename=f"match-{row.id}.json"
            )
        ]
        try:
            audit = {**await self.service.audit(row), "undone": await self._undone(row)}
        except MatchDamaged as damage:
            # Set aside: what remains of the record, and no audit (made from the state).
            await interaction.response.send_message(
                _(
                    "What remains of the match record: {what} in it cannot be read, so the "
                    "record stops before that (and holds no options where they are what cannot "
                    "be read); there is no audit."
                ).format(what=damage.what),
                files=files,
                ephemeral=True,
            )
            return
        files.append(
            discord.File(
                io.BytesIO(json.dumps(renamed(audit, usernames), indent=2).encode()),
                filename=f"match-{row.id}-audit.json",
            )
        )
        note = (
            ""
            if row.status != "running"
            else " "
            + _(
                "While the match runs, the record stops at the last closed phase, so no sealed "
                "bid of the open phase is in it."
            )
        )
        await interaction.response.send_message(
            _(
                "The match record (replay it with `python -m games replay {file}`) and the audit "
                "of every closed phase."
            ).format(file=f"match-{row.id}.json")
            + note,
            files=files,
            ephemeral=True,
        )

    async def _undone(self, row: MatchRow) -> list[dict[str, Any]]:
        """The moves hosts took back, for the audit: who undid what and when; while the match
        runs, a sealed move only by its type (AA-D9, PM-D16)."""
        sealed = engine_for(row.game).sealed_moves if row.status == "running" else frozenset()
        return [
            {
                "seq": m.seq,
                "by": m.actor,
                **({"type": m.move["type"]} if m.move["type"] in sealed else m.move),
                "undone_at": m.undone_at,
                "undone_by": m.undone_by,
            }
            for m in await self.service.storage.undone(row.id)
        ]
