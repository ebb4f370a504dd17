"""Playing: a player's moves (from commands, buttons and forms) and their 1-on-1."""

from __future__ import annotations

from typing import Any

import discord

from bot import steps
from bot.amounts import parse_amount
from bot.components import (
    ActButton,
    TypeButton,
    confirm_view,
    earlier_version,
    forfeit_view,
    stateless_view,
    step_form,
    step_view,
)
from bot.context import MatchContext
from bot.errors import UserError
from bot.flows.common import Gate, Settle
from bot.games.registry import plugin_for
from bot.i18n import N_, _
from bot.limits import MESSAGE
from bot.messages import message
from bot.players import Names
from bot.presenter import Presenter
from bot.service import MATCH_OVER, EarlierDecision, MatchService
from bot.storage import MatchRow, Storage
from games.core.contract import Action as GameAction
from games.core.contract import Amount, Answer, Forfeit, Pick
from games.core.errors import RuleError, typed

CANCELLED = N_("The host cancelled this match.")

NOT_OPEN = N_("That choice is not open any more: see your 1-on-1 (`/me`).")


#: What joining a kept note to the 1-on-1 around it may add: blank lines, some margin.
SEPARATORS = 50


class Mistyped(UserError):
    """A typed pick's answer that names none of its choices (a hex taken or misspelt): the
    refusal comes with a button to type that step again, the answers before it kept."""


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
        self,
        context: MatchContext,
        move: dict[str, Any],
        *,
        replace: bool = False,
        shown: int | None = None,
    ) -> None:
        """Submit the member's move in the match of `context` (from a control shown for the
        decision at move `shown`: taken only while it is open); confirm privately after the
        commit (in place of the message pressed, with `replace`), then deliver."""
        interaction, row = context.interaction, context.row
        players = await context.require_player()
        me = await context.seat()
        try:
            outcome = await self.service.submit(row.id, me, move, shown=shown)
        except RuleError as error:
            texts = plugin_for(row.game).texts
            raise RuleError(error.code, texts.refusal(error, await context.names())) from None
        except EarlierDecision as error:
            raise UserError(await self._earlier(context, error)) from None
        card = await self.presenter.reply(interaction, row, outcome, players, replace=replace)
        try:
            # What the channel and the other players need is delivered while the card is drawn.
            await self.settle(row.id, outcome)
        finally:
            if card is not None:
                await card

    async def seat_here(
        self, interaction: discord.Interaction[Any], member: discord.abc.User
    ) -> str:
        """The seat `member` holds in this channel's match (a move naming them names it)."""
        row = await self.gate.match_here(interaction)
        return await self.gate.seat_of_member(row, member)

    async def move(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        move: dict[str, Any],
        *,
        shown: int | None,
    ) -> None:
        """A move of the member in match `match_id` from a game's own control (a button,
        menu or form) shown for the decision at move `shown`."""
        context = self.gate.context(interaction, await self.service.running(match_id))
        await context.require_player()
        await self._current(context, shown, move.get("type"))
        await self.submit(context, move, shown=shown)

    async def _current(self, context: MatchContext, shown: int | None, kind: str | None) -> None:
        """Refuse a control of a decision that is over for the member (as `submit` does with
        the move), for a move of type `kind` (None: not known, any of theirs counts): its
        refusal at once, before its next step is asked."""
        if shown is None:
            raise UserError(earlier_version(_thing(context.interaction)))
        me = await context.seat()
        try:
            await self.service.require_current(context.row, me, shown, kind)
        except EarlierDecision as error:
            raise UserError(await self._earlier(context, error)) from None

    async def _earlier(self, context: MatchContext, error: EarlierDecision) -> str:
        """The refusal of a control of a decision that is over: what it was for, why it is
        over, and where the current one is."""
        interaction = context.interaction
        names = await context.names()
        texts = plugin_for(context.row.game).texts
        now = texts.engine_text(error.now, names) if error.now else _("another decision")
        why = {
            "made": _("you have made it since"),
            "undone": _("the host has taken moves back since"),
            "moved": _("the match has moved on to {decision}").format(decision=now),
        }.get(error.reason, _("it names a move the match has not had"))
        was = texts.engine_text(error.was, names) if error.was else _("a phase of this match")
        where = (
            _("The board shows the current one.")
            if _on_board(interaction)
            else _("Your 1-on-1 (`/me`) shows the current one.")
        )
        earlier = {
            "button": _("That button was for an earlier decision: {was} ({why})."),
            "form": _("That form was for an earlier decision: {was} ({why})."),
        }.get(_thing(interaction), _("That menu was for an earlier decision: {was} ({why})."))
        return earlier.format(was=was, why=why) + " " + where

    async def own_view(
        self, interaction: discord.Interaction[Any], match_id: int
    ) -> tuple[Any, Names]:
        """The member's own view of the match (they must play in it), as its engine gives it
        (`MatchService.view`), and the names."""
        row = await self.service.running(match_id)
        context = self.gate.context(interaction, row)
        view = await self.service.view(row, await context.seat())
        return view, await context.names()

    async def game_here(
        self, interaction: discord.Interaction[Any]
    ) -> tuple[str, dict[str, Any]] | None:
        """The game and options of this channel's open match, or None when there is none."""
        try:
            row = await self.gate.match_here(interaction)
        except UserError:
            return None
        return row.game, row.options

    async def submit_here(
        self, interaction: discord.Interaction[Any], move: dict[str, Any], command: str
    ) -> None:
        """A move from a player's slash command, in the match of this channel (or DM)."""
        await self.submit(
            self.gate.context(interaction, await self._taking(interaction, command)), move
        )

    async def _taking(self, interaction: discord.Interaction[Any], command: str) -> MatchRow:
        """The match here, if its game takes the players' `/command`."""
        row = await self.gate.match_here(interaction)
        texts = plugin_for(row.game).texts
        if command not in texts.commands:
            raise UserError(
                _(
                    "{game} has no `/{command}`: play from your 1-on-1 (your DMs, the "
                    "**My 1-on-1** button or `/me`)."
                ).format(game=texts.title, command=command)
            )
        return row

    async def bid_here(
        self, interaction: discord.Interaction[Any], target: str, amount: int
    ) -> None:
        """`/bid target amount`: the action with an amount that `target` names (its key, its
        label or its move's target, as the autocomplete and the refusals show them)."""
        context = self.gate.context(interaction, await self._taking(interaction, "bid"))
        await context.require_player()
        await self.submit(context, await self._bid(context, target, amount))

    async def bids(self, context: MatchContext) -> list[GameAction]:
        """The member's actions that take an amount and nothing else: what `/bid` names."""
        mine = await context.actions()
        return [a for a in mine if len(a.steps) == 1 and isinstance(a.steps[0], Amount)]

    async def _bid(self, context: MatchContext, target: str, amount: int) -> dict[str, Any]:
        """The bid move that `target` names. A target no action names goes to the engine as
        typed when the bids name their targets, so that its refusal says, in the game's words,
        what is wrong with it; otherwise the refusal lists what may be bid on."""
        wanted = target.strip().lower()
        bids = await self.bids(context)
        for action in bids:
            if wanted in {action.key, action.label.lower(), str(action.move.get("target", ""))}:
                return self._build(action, {action.steps[0].field: amount})
        if not bids:
            raise UserError(await self._not_open(context, _("Nothing takes a bid from you now")))
        named = next((a for a in bids if "target" in a.move), None)
        if named is not None and named.amount is not None:
            return {**named.move, "target": wanted, named.amount.field: amount}
        names = await context.names()
        texts = plugin_for(context.row.game).texts
        listed = ", ".join(texts.engine_text(a.label, names) for a in bids[:10])
        raise UserError(
            _("Nothing called {target} takes a bid now. You can bid on: {listed}.").format(
                target=typed(target), listed=listed
            )
        )

    async def act(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        key: str,
        carried: str = "",
        *,
        shown: int | None,
        picked: list[str] | None = None,
        typed: str | None = None,
        chunk: int | None = None,
        confirmed: bool = False,
        typing: bool = False,
    ) -> None:
        """One of the member's legal actions, by its key, from a control shown for the
        decision at move `shown` (refused when that decision is over for them: a second click
        on a control, a control of a phase gone by), with the answers to its steps given so
        far (`carried`, as a control's custom id holds them) and the one just given (`picked`
        in a menu, `typed` in a form): the next step (menus, or a form for an amount or a
        typed pick), a confirmation when its game asks for one, and otherwise the move
        itself, each carrying `shown` on. `chunk`: the menu chosen from a pick's menu of
        menus; `typing`: the form of a typed pick asked for in place of its menus."""
        row = await self.service.running(match_id)
        context = self.gate.context(interaction, row)
        await context.require_player()
        action = await self._action(context, key, shown=shown)
        names = await context.names()
        texts = plugin_for(row.game).texts

        def label(text: str) -> str:
            return texts.engine_text(text, names)

        try:
            answers = self._answers(action, carried, picked, typed, texts.money)
        except Mistyped as error:
            # The answers before the mistyped step stand: asked again, not from the start.
            again = TypeButton(
                row.id,
                shown,
                f"{action.key}|{carried}" if carried else action.key,
                _("Type it again"),
            )
            raise Mistyped(error.message, stateless_view().add_item(again)) from None
        step = action.next_step(answers)
        # A pick's menus, worked out once: they decide whether it is asked in menus, and are
        # the menus shown (none for the form of a typed pick asked for in their place).
        listed = (
            steps.menus(step)
            if isinstance(step, Pick) and (chunk is not None or not typing)
            else []
        )
        if isinstance(step, Pick) and (chunk is not None or listed):
            view = step_view(row.id, shown, action, answers, label, listed, chunk)
            await interaction.response.send_message(
                texts.step_text(action, answers, names), view=view, ephemeral=True
            )
            return
        if step is not None and interaction.type == discord.InteractionType.modal_submit:
            # A form cannot open another form: a button to the next one carries the answers.
            carried = steps.encode(action, answers)
            go_on = ActButton(
                row.id,
                shown,
                f"{action.key}|{carried}",
                f"{label(step.label)}…",
                discord.ButtonStyle.primary,
            )
            await interaction.response.send_message(
                _("**{action}**: one more step.").format(action=label(action.label)),
                view=stateless_view().add_item(go_on),
                ephemeral=True,
            )
            return
        if step is not None:
            form = step_form(row.id, shown, action, answers, label)
            await interaction.response.send_modal(form)
            return
        move = self._build(action, answers)
        question = texts.confirm(action, answers, names)
        if question is not None and not confirmed:
            carried = steps.encode(action, answers)
            key = f"{action.key}|{carried}" if carried else action.key
            yes = confirm_view(row.id, shown, key, "Yes")
            await interaction.response.send_message(question, view=yes, ephemeral=True)
            return
        await self.submit(context, move, replace=confirmed, shown=shown)

    @staticmethod
    def _answers(
        action: GameAction,
        carried: str,
        picked: list[str] | None,
        typed: str | None,
        money: tuple[str, str],
    ) -> dict[str, Answer]:
        """The answers a control carried, with the one just given to the step after them:
        what was picked in its menu, or typed in its form (an amount, or a typed pick)."""
        try:
            answers = steps.decode(action, carried)
        except ValueError:
            raise UserError(_(NOT_OPEN)) from None
        step = action.next_step(answers)
        if picked is None and typed is None:
            return answers
        if step is None:  # an answer to a step the action no longer asks
            raise UserError(_(NOT_OPEN))
        if isinstance(step, Amount):
            answers[step.field] = parse_amount(typed if typed is not None else "", money)
        elif typed is not None:
            try:
                answers[step.field] = steps.typed(step, typed)
            except ValueError as error:
                raise Mistyped(str(error)) from None
        else:
            values = list(picked or [])
            answers[step.field] = values if step.takes_list or not values else values[0]
        return answers

    async def ask_forfeit(self, interaction: discord.Interaction[Any]) -> None:
        """`/match forfeit`: the confirmation, saying what conceding means in this game."""
        row = await self.gate.match_here(interaction)
        if row.status != "running":
            raise UserError(
                _("The match has not started yet: leave the lobby instead (`/match leave`).")
            )
        me = await self.gate.context(interaction, row).seat()
        turn = await self.service.turn(row)
        if me in turn.out:
            raise UserError(
                _("You are no longer playing in this match: there is nothing to concede.")
            )
        texts = plugin_for(row.game).texts
        ends = await self.service.check(row.id, me, Forfeit().model_dump())
        after = (
            _("It ends the match: nobody can take it back.")
            if ends
            else _("Once you confirm, only a host's `/match undo` can take it back.")
        )
        await interaction.response.send_message(
            _("Concede this {game} match? {forfeit} {after}").format(
                game=texts.title, forfeit=_(texts.forfeit), after=after
            ),
            view=forfeit_view(row.id),
            ephemeral=True,
        )

    async def forfeit(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """The confirmed concession: the game's `forfeit` move (docs/engine-contract.md)."""
        row = await self.service.running(match_id)
        await self.submit(self.gate.context(interaction, row), Forfeit().model_dump(), replace=True)

    async def require_action(
        self, interaction: discord.Interaction[Any], match_id: int, key: str, *, shown: int | None
    ) -> None:
        """Refuse politely unless the member may take their legal action `key` now, from a
        control shown for the decision at move `shown` (before a game's own form for it
        opens)."""
        context = self.gate.context(interaction, await self.service.running(match_id))
        await context.require_player()
        await self._action(context, key, shown=shown)

    async def _action(self, context: MatchContext, key: str, *, shown: int | None) -> GameAction:
        """The member's legal action `key`, from a control shown for the decision at move
        `shown`: a control of a decision that is over is refused as such first (`_current`),
        a move of the action's type counting as made (of any type, when the action is no
        longer legal); one that is no longer open (a phase closed since, a card played) is
        refused saying where the match is now."""
        found = next((a for a in await context.actions() if a.key == key), None)
        await self._current(context, shown, found.type if found else None)
        if found is None:
            raise UserError(await self._not_open(context, _("That is not open now")))
        return found

    async def _not_open(self, context: MatchContext, lead: str) -> str:
        turn = await self.service.turn(context.row)
        if await context.seat() in turn.out:
            return _("You are no longer playing in this match: nothing more to do in it.")
        names = await context.names()
        phase = plugin_for(context.row.game).texts.engine_text(turn.phase.title, names)
        return f"{lead} ({phase}). " + _("Your 1-on-1 (`/me`) shows what you can do.")

    @staticmethod
    def _build(action: GameAction, answers: dict[str, Answer]) -> dict[str, Any]:
        try:
            return action.build(answers)
        except ValueError:
            raise UserError(_(NOT_OPEN)) from None

    async def me(self, interaction: discord.Interaction[Any]) -> None:
        """The 1-on-1 of this channel's match; once it has ended (until a new match opens
        here), the player's 1-on-1 as the match ended, like its **My 1-on-1** button."""
        row = await self.gate.match_here(interaction, ended=True)
        if row.status == "ended" and not await self._played(interaction, row):
            raise UserError(
                _(
                    "The last match in this channel is over, and you did not play in it. A "
                    "host can open a new one with `/match create`."
                )
            )
        await self._show(interaction, row)

    async def show_one_on_one(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """The **My 1-on-1** button of match `match_id`: the player's 1-on-1, privately."""
        row = await self.service.row(match_id)
        if row is None:
            raise UserError(_("This match no longer exists."))
        if row.status == "ended" and not await self._played(interaction, row):
            raise UserError(_("This match is over, and you did not play in it."))
        await self._show(interaction, row)

    async def _played(self, interaction: discord.Interaction[Any], row: MatchRow) -> bool:
        players = await self.service.players(row.id)
        return any(p.user_id == interaction.user.id for p in players)

    async def _show(self, interaction: discord.Interaction[Any], row: MatchRow) -> None:
        """The member's 1-on-1 of `row`, with what was kept for them while their DMs were
        closed (shown once). Once the match has ended it is their 1-on-1 as the match ended,
        card included, under a line saying so, with no controls; a cancelled match has none
        left, only what was kept."""
        if row.status == "cancelled":
            await self._kept_after_cancel(interaction, row)
            return
        if row.status == "ended":
            lead = _(MATCH_OVER) + " " + _("Your 1-on-1 as it ended:")
            text, _controls, seen = await self.presenter.one_on_one(row, interaction.user.id)
            view = None
        else:
            row = await self.service.running(row.id)
            await self.gate.require_player(interaction, row)
            lead = ""
            text, view, seen = await self.presenter.one_on_one(row, interaction.user.id)
        # The kept texts get what the 1-on-1 leaves of a message (and the blank lines).
        room = MESSAGE - SEPARATORS - len(lead) - len(text)
        note, shown = await self.presenter.kept_note(row, interaction.user.id, room)
        board = await self.presenter.card(row, interaction.user.id, seen=seen)
        content = "\n\n".join(part for part in (lead, note, text) if part)
        await interaction.response.send_message(**message(content, view, board), ephemeral=True)
        if shown:
            await self.storage.read_kept(shown)

    async def _kept_after_cancel(
        self, interaction: discord.Interaction[Any], row: MatchRow
    ) -> None:
        """A cancelled match has no 1-on-1 left, but the texts kept for a player while their
        DMs were closed are still theirs: shown once, like during the match."""
        cancelled = _(CANCELLED)
        room = MESSAGE - SEPARATORS - len(cancelled)
        note, shown = await self.presenter.kept_note(row, interaction.user.id, room)
        if not note:
            raise UserError(cancelled)
        await interaction.response.send_message(f"{cancelled}\n\n{note}", ephemeral=True)
        await self.storage.read_kept(shown)


def _thing(interaction: discord.Interaction[Any]) -> str:
    """What the member used, as a refusal names it: a form, a menu or a button."""
    if interaction.type == discord.InteractionType.modal_submit:
        return "form"
    data: Any = interaction.data or {}
    return "button" if data.get("component_type") == discord.ComponentType.button.value else "menu"


def _on_board(interaction: discord.Interaction[Any]) -> bool:
    """Whether the control used is on a channel's message (a board), not in a 1-on-1 (a DM
    or a private reply)."""
    message = interaction.message
    return message is not None and interaction.guild_id is not None and not message.flags.ephemeral
