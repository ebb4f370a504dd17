"""User-facing errors, turned into private replies in exactly one place (`reply_error`), and
the one place every interaction is answered in time (`guarded`, `Answer`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Any

import discord
from discord.interactions import InteractionCallbackResponse

from bot.i18n import N_, _, language, refusal, speaking
from bot.limits import fit
from bot.storage.backend import Busy
from games.core.errors import RuleError

log = logging.getLogger(__name__)

REPLIED = "dealer: the user was already told"

UNEXPECTED = N_(
    "Sorry, something went wrong on Dealer's side and your request was not completed. "
    "Please try again; if it keeps happening, tell the host."
)


#: How long an interaction may go unanswered before `guarded` acknowledges it itself (seconds):
#: Discord shows "This interaction failed" to an interaction not acknowledged within three.
ACKNOWLEDGE_AFTER = 2.0

#: The event `guarded` dispatches when its action has ended: the watchdog waits for it
#: (`Client.wait_for`, discord.py's way to wait for something or a timeout).
ACTION_DONE = "dealer_action_done"

#: What a private "thinking…" acknowledgement says once the answer turned out to be public.
POSTED_BELOW = N_("Posted for everyone below.")

#: Why a form does not open when what comes before it took too long (`Answer.send_modal`).
FORM_TOO_LATE = N_(
    "Dealer took too long to open that form (Discord allows a few seconds). Please try again."
)


class UserError(Exception):
    """A refusal for the person who asked: a polite sentence, shown only to them."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def message_for(error: BaseException) -> str:
    original = getattr(error, "original", None)
    if isinstance(original, BaseException):
        error = original
    if isinstance(error, Busy):
        return _(error.message)
    if isinstance(error, RuleError):
        return refusal(error)
    if isinstance(error, UserError):
        return error.message
    if isinstance(error, discord.app_commands.CheckFailure | discord.app_commands.TransformerError):
        return str(error) or _("You cannot use this command here.")
    if not already_replied(error):
        log.error("unexpected error in an interaction", exc_info=error)
    return _(UNEXPECTED)


class Answer(discord.InteractionResponse[Any]):
    """`interaction.response` while `guarded` runs an action: discord.py's, with a watchdog.

    If the action has not answered `ACKNOWLEDGE_AFTER` seconds in (a slow store, a row lock
    held by another process, a board being drawn), `acknowledge` defers the interaction, so
    that Discord never shows "This interaction failed"; the action's own answer then goes
    where the deferral leaves room for it, with the visibility it asked for:

    - a button, menu, or a form opened from one, is deferred silently (its message stays as
      it is): a later message becomes a follow-up (private if asked), a later edit of the
      clicked message an edit of it (`edit_original_response`);
    - a command, or a form opened by one, shows a private "thinking…": a private answer
      replaces it; a public one is posted as a follow-up and the "thinking…" says so
      (`POSTED_BELOW`);
    - a form cannot follow a deferral: `send_modal` refuses in words (`FORM_TOO_LATE`).

    The watchdog and the action take turns (`_turn`): one of them answers first, and the
    other sees it, so the interaction is never answered twice."""

    __slots__ = ("_deferred", "_done", "_loading", "_turn")

    def __init__(self, parent: discord.Interaction[Any]) -> None:
        super().__init__(parent)
        self._turn = asyncio.Lock()
        #: The acknowledgement the watchdog sent, once it did.
        self._deferred: InteractionCallbackResponse[Any] | None = None
        #: Whether that acknowledgement is a "thinking…" not replaced yet.
        self._loading = False
        #: Whether `guarded`'s action has ended (then no acknowledgement is due).
        self._done = False

    @property
    def deferred(self) -> bool:
        """Whether the watchdog acknowledged the interaction (the action's answer comes
        after it)."""
        return self._deferred is not None

    async def acknowledge(self) -> None:
        """Defer the interaction, unless it has been answered (see the class's doc)."""
        async with self._turn:
            if self.is_done():
                return
            parent = self._parent
            silent = parent.type is discord.InteractionType.component or (
                parent.type is discord.InteractionType.modal_submit and parent.message is not None
            )
            deferred = await super().defer(ephemeral=not silent, thinking=not silent)
            assert deferred is not None, "commands, components and forms can be deferred"
            self._deferred, self._loading = deferred, not silent

    async def acknowledge_unless_done(self, within: float) -> None:
        """Wait up to `within` seconds for `guarded`'s action to end (its `ACTION_DONE`
        event), then acknowledge the interaction if it has not."""
        parent = self._parent
        if self._done:
            return
        try:
            await parent.client.wait_for(
                ACTION_DONE, check=lambda done: done is parent, timeout=within
            )
        except TimeoutError:
            try:
                # Shielded: the action ending now must not cut a deferral off halfway, sent
                # but not recorded (its answer would then be refused as a second one).
                await asyncio.shield(self.acknowledge())
            except discord.HTTPException as error:
                log.warning("could not acknowledge an interaction in time: %s", error)

    async def defer(
        self, *, ephemeral: bool = False, thinking: bool = False
    ) -> InteractionCallbackResponse[Any] | None:
        async with self._turn:
            if self._deferred is not None:
                return self._deferred
            return await super().defer(ephemeral=ephemeral, thinking=thinking)

    async def send_message(
        self, content: Any | None = None, *, ephemeral: bool = False, **fields: Any
    ) -> InteractionCallbackResponse[Any]:
        async with self._turn:
            if self._deferred is None:
                return await super().send_message(content, ephemeral=ephemeral, **fields)
            if self._loading and not ephemeral:
                await self._parent.edit_original_response(content=_(POSTED_BELOW))
                self._loading = False
            if content is not None:
                fields["content"] = content
            sent = await self._parent.followup.send(ephemeral=ephemeral, wait=True, **fields)
            self._loading = False
            # What the answer's callback would have named: the message the answer made.
            self._deferred.message_id = sent.id
            return self._deferred

    async def edit_message(self, **fields: Any) -> InteractionCallbackResponse[Any] | None:
        async with self._turn:
            if self._deferred is None:
                return await super().edit_message(**fields)
            await self._parent.edit_original_response(**fields)
            return self._deferred

    async def send_modal(self, modal: discord.ui.Modal, /) -> InteractionCallbackResponse[Any]:
        async with self._turn:
            if self._deferred is not None:
                raise UserError(_(FORM_TOO_LATE))
            return await super().send_modal(modal)


def _answering(interaction: discord.Interaction[Any]) -> Answer | None:
    """A new `Answer` as `interaction.response`; None when the interaction has one already
    (a `guarded` inside another's action: the outer one watches) or was answered before."""
    response = interaction.response
    if isinstance(response, Answer) or response.is_done():
        return None
    answer = Answer(interaction)
    # discord.py keeps `interaction.response` in this slot (`utils.cached_slot_property`).
    setattr(interaction, "_cs_response", answer)  # noqa: B010
    return answer


async def guarded(interaction: discord.Interaction[Any], action: Awaitable[None]) -> None:
    """Run an action for `interaction`, acknowledged in time whatever it waits for (`Answer`);
    refusals become private replies here, and anything unexpected gets a polite private reply
    too before it propagates to be logged. The action writes in the member's own language
    (`interaction.locale`): what it posts in a channel it writes in the server's
    (`bot.i18n.speaking`)."""
    with speaking(language(interaction.locale)):
        await _guarded(interaction, action)


async def _guarded(interaction: discord.Interaction[Any], action: Awaitable[None]) -> None:
    answer = _answering(interaction)
    watchdog = (
        None
        if answer is None
        else asyncio.create_task(answer.acknowledge_unless_done(ACKNOWLEDGE_AFTER))
    )
    try:
        await action
    except (UserError, RuleError, Busy) as error:
        await reply_error(interaction, error)
    except Exception as error:
        await reply_error(interaction, error)
        error.add_note(REPLIED)
        raise
    finally:
        if answer is not None and watchdog is not None:
            answer._done = True
            interaction.client.dispatch(ACTION_DONE, interaction)
            await watchdog


def already_replied(error: BaseException) -> bool:
    original = getattr(error, "original", None)
    found = original if isinstance(original, BaseException) else error
    return REPLIED in getattr(found, "__notes__", ())


def in_words(interaction: discord.Interaction[Any], error: BaseException) -> str:
    """The sentence for `error` in answer to `interaction`: `message_for`'s, but a member
    option discord.py could not turn into a member (its "Failed to convert … to Member") says
    why: in DMs there is no server to be a member of, and in a server the user is not one."""
    if (
        isinstance(error, discord.app_commands.TransformerError)
        and error.type is discord.AppCommandOptionType.user
    ):
        if interaction.guild is not None:
            return _("That user is not a member of this server.")
        command = interaction.command.qualified_name if interaction.command else _("This command")
        return _(
            "`/{command}` names a member of a server: use it in one of the server's channels."
        ).format(command=command)
    return message_for(error)


async def reply_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Answer `interaction` privately with the error's sentence, in the member's language;
    never raises."""
    with speaking(language(interaction.locale)):
        text = fit(in_words(interaction, error))
    try:
        response = interaction.response
        if response.is_done() and not (isinstance(response, Answer) and response.deferred):
            await interaction.followup.send(text, ephemeral=True)
        else:
            await response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver an error reply: %s", text)
