"""A host's second thoughts: taking back the last move or a phase's close (`/match undo`),
and a kick (`/match unkick`). The match is rebuilt from its record without those moves
(`MatchService.plan_undo`, `MatchService.undo`), after a confirmation saying exactly what
goes; the players it concerns are told, and no sealed figure is shown to anyone but its own
player."""

from __future__ import annotations

from typing import Any

import discord

from bot.components import undo_view
from bot.errors import UserError
from bot.flows.common import Gate, Settle
from bot.games.registry import plugin_for
from bot.i18n import _, ngettext, speaking
from bot.players import Names, user_id_of
from bot.presenter import Presenter
from bot.service import MatchService, Told, Undo
from bot.storage import MatchRow
from games.core.drawing.words import listed
from games.core.engine import HOST
from games.core.events import Event
from games.registry import engine_for


class Undoing:
    def __init__(
        self, service: MatchService, presenter: Presenter, gate: Gate, settle: Settle
    ) -> None:
        self.service = service
        self.presenter = presenter
        self.gate = gate
        self.settle = settle

    async def ask_undo(self, interaction: discord.Interaction[Any], what: str) -> None:
        """`/match undo what:move|phase|step`: the confirmation of what would be taken back."""
        row = await self._as_host(interaction, what)
        plan = await self._plan(row, what)
        await self._ask(interaction, row, plan, what)

    async def ask_unkick(
        self, interaction: discord.Interaction[Any], member: discord.abc.User
    ) -> None:
        """`/match unkick member`: the confirmation of taking back the host's kick."""
        here = await self.gate.match_here(interaction, ended=True)
        what = f"kick-{await self.gate.seat_of_member(here, member)}"
        row = await self._as_host(interaction, what)
        plan = await self._plan(row, what)
        await self._ask(interaction, row, plan, what)

    async def undo(
        self, interaction: discord.Interaction[Any], match_id: int, what: str, first: int, last: int
    ) -> None:
        """The confirmation pressed: planned again, and carried out only if the match has not
        moved on since it was shown."""
        row = await self.service.known(match_id)
        await self.gate.require_host(interaction, row)
        await self.gate.require_no_party(interaction, row, _refused(what))
        plan = await self._plan(row, what)
        if plan.seqs[0] != first or plan.last != last:
            raise UserError(
                _(
                    "The match has moved on since you asked: run the command again to see what "
                    "it would take back now."
                )
            )
        after = await self.service.undo(plan, interaction.user.id)
        names = await self.service.names(row.id)
        done = _("↩️ Done, taken back: {moves}.").format(moves=self._what(row, plan, names))
        await interaction.response.edit_message(
            content=_sentences(done, self._opens_again(row, plan, names)), view=None
        )
        with speaking(await self.gate.speaks(after)):
            public = self._seen_moves(after, plan, names, to_host=False)
            undid = _("↩️ The host undid {moves}.").format(moves=listed(public)) if public else ""
            await self.presenter.renew_board(after, undid)
            await self._announce(after, plan, names, undid)
        self.presenter.status.refresh(row.id)
        await self.settle(row.id)

    async def _as_host(self, interaction: discord.Interaction[Any], what: str) -> MatchRow:
        """This channel's match, when the member may take back `what` in it (a kind of undo,
        or `kick-<player>`)."""
        row = await self.gate.match_here(interaction, ended=True)
        await self.gate.require_host(interaction, row)
        await self.gate.require_no_party(interaction, row, _refused(what))
        return row

    async def _plan(self, row: MatchRow, what: str) -> Undo:
        if what.startswith("kick-"):
            return await self.service.plan_undo(row, kick_of=what.removeprefix("kick-"))
        return await self.service.plan_undo(row, phase=what == "phase", step=what == "step")

    async def _ask(
        self, interaction: discord.Interaction[Any], row: MatchRow, plan: Undo, what: str
    ) -> None:
        names = await self.service.names(row.id)
        told = sorted({names(p) for p in self._concerned(plan) if user_id_of(p) is not None})
        question = _sentences(
            _("Undo in {game} match #{match}?").format(
                game=engine_for(row.game).title, match=row.id
            ),
            _("This takes back {moves}.").format(moves=self._what(row, plan, names)),
            self._opens_again(row, plan, names),
            ngettext(
                "The match is rebuilt from its record without it; the channel is told what was "
                "undone, never a sealed figure.",
                "The match is rebuilt from its record without them; the channel is told what "
                "was undone, never a sealed figure.",
                len(plan.moves),
            ),
            # TRANSLATORS: {players} are the names of the players told, apart by commas.
            _("Told privately: {players}.").format(players=", ".join(told)) if told else "",
        )
        label = _("Yes, un-kick") if what.startswith("kick-") else _("Yes, undo")
        view = undo_view(row.id, what, plan.seqs[0], plan.last, label)
        await interaction.response.send_message(question, view=view, ephemeral=True)

    def _what(self, row: MatchRow, plan: Undo, names: Names) -> str:
        """What the undo takes back, for the host: each move everyone saw (`_seen`), the
        private ones only counted."""
        seen = self._seen_moves(row, plan, names, to_host=True)
        private = len(plan.moves) - len(seen)
        if private:
            seen.append(
                ngettext(
                    "{count} private move of players", "{count} private moves of players", private
                ).format(count=private)
            )
        return listed(seen)

    def _opens_again(self, row: MatchRow, plan: Undo, names: Names) -> str:
        """The sentence saying which phase the undo opens again, for the host; none when it
        opens none."""
        phase = self._reopened(row, plan, names)
        return _("{phase} opens again.").format(phase=phase) if phase else ""

    def _seen_moves(self, row: MatchRow, plan: Undo, names: Names, *, to_host: bool) -> list[str]:
        """The moves of `plan` everyone saw, as `_seen` names them."""
        return [self._seen(row, m, names, to_host) for m in plan.moves if _told_everyone(m[3])]

    def _seen(self, row: MatchRow, move: Told, names: Names, to_host: bool) -> str:
        """A move everyone saw, by who made it (the host's as "your" to the host, "their"
        after "The host undid"), in the game's words from its public events
        (`GameTexts.seen`: a card played face up by its name, a trap set face down by its
        slot alone); otherwise by its kind (`GameTexts.kind`), in full only when it is no
        sealed move (the host's removal of a player names them; a budget the host set shows
        no figure)."""
        _seq, actor, raw, events = move
        texts = plugin_for(row.game).texts
        public = [e.to_json() for e in events if e.audience.kind == "public"]
        words = texts.seen(raw, names, public)
        sealed = words is None and raw["type"] in engine_for(row.game).sealed_moves
        if words is None:
            words = (
                texts.move(raw, names, public)
                if actor == HOST and not sealed
                else texts.kind(raw["type"])
            )
        if actor != HOST:
            whose = _("{player}'s sealed {move}") if sealed else _("{player}'s {move}")
        elif to_host:
            whose = _("your sealed {move}") if sealed else _("your {move}")
        else:
            # TRANSLATORS: a move of the host's, after "The host undid".
            whose = _("their sealed {move}") if sealed else _("their {move}")
        return whose.format(player=names(actor), move=words)

    def _reopened(self, row: MatchRow, plan: Undo, names: Names) -> str | None:
        """The title of the phase the undo opens again, if it does."""
        if plan.reopens is None:
            return None
        return plugin_for(row.game).texts.engine_text(plan.reopens.title, names)

    @staticmethod
    def _concerned(plan: Undo) -> set[str]:
        """The players an undo concerns: whose moves it takes back, and who was told of them
        privately (a gift's receiver)."""
        concerned = {actor for _seq, actor, _raw, _events in plan.moves if actor != HOST}
        for _seq, _actor, _raw, events in plan.moves:
            for event in events:
                if event.audience.kind != "public":
                    concerned.update(event.audience.players)
        return concerned

    async def _announce(self, row: MatchRow, plan: Undo, names: Names, undid: str) -> None:
        """The channel hears what everyone saw being undone (`undid`), with the phase open
        again and, in a turn-based game, a link to its board (which the undo has brought up
        to date); each player concerned hears, in their DMs, of their own moves in full."""
        phase = self._reopened(row, plan, names)
        reopens = ""
        if phase is not None:
            reopens = _sentences(
                _("{phase} is open again.").format(phase=phase),
                _("The match is still paused.") if row.paused else "",
                _("It closes {when}.").format(when=f"<t:{int(row.deadline)}:R>")
                if not row.paused and row.deadline is not None
                else "",
            )
        if undid:
            live = plugin_for(row.game).texts.live_board_events
            link = await self.presenter.status.link(row) if live else None
            board = (
                _("[The board]({link}) shows where it stands.").format(link=link) if link else ""
            )
            await self.presenter.channel_send(
                row.public_channel_id, _sentences(undid, reopens, board)
            )
        title = engine_for(row.game).title
        for player in sorted(self._concerned(plan)):
            words = plugin_for(row.game).texts.move
            mine = [
                words(raw, names, [e.to_json() for e in events if e.audience.reaches(player)])
                for _seq, actor, raw, events in plan.moves
                if actor == player
            ]
            theirs = sum(
                m[1] != player and player in _told(m[3]) and not _told_everyone(m[3])
                for m in plan.moves
            )
            lines = [
                _("↩️ The host undid moves in {game} match #{match}:").format(
                    game=title, match=row.id
                )
            ]
            lines += ["- " + _("your {move}").format(move=text) for text in mine]
            if theirs:
                told = ngettext(
                    "{count} private move you were told of",
                    "{count} private moves you were told of",
                    theirs,
                )
                lines.append("- " + told.format(count=theirs))
            lines.append(_sentences(reopens, _("Your 1-on-1 (`/me`) shows where you stand now.")))
            await self.presenter.dm_player(row, player, "\n".join(lines), keep=True)


def _told_everyone(events: list[Event]) -> bool:
    return any(e.audience.kind == "public" for e in events)


def _told(events: list[Event]) -> set[str]:
    return {p for e in events if e.audience.kind != "public" for p in e.audience.players}


def _refused(what: str) -> str:
    """What a host who plays is refused (`Gate.require_no_party`), for `what` of an undo."""
    return _("taking back a removal") if what.startswith("kick-") else _("an undo")


def _sentences(*sentences: str) -> str:
    """Whole sentences, each its own message id, one after another (those that are empty
    left out)."""
    return " ".join(s for s in sentences if s)
