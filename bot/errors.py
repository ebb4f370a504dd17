"""User-facing errors, and the one place that answers them: a handler raises, and
`answer_error` turns what it raised into a private reply (the command tree's `on_error`, a
control's `bot.components.Control.callback` and a form's dispatch in
`DealerBot.on_interaction` hand it over: as Avrae's and RoboDanny's error handlers do). Before a
handler runs, `begin` makes sure its interaction is answered in time (`Answer`) and in the
member's language."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord
from discord.interactions import InteractionCallbackResponse

from bot.collecting import COLLECTOR
from bot.i18n import N_, _, language, refusal, speak, speaking
from bot.limits import fit
from bot.storage.backend import Busy
from games.core.errors import RuleError

log = logging.getLogger(__name__)

UNEXPECTED = N_(
    "Sorry, something went wrong on Dealer's side and your request was not completed. "
    "Please try again; if it keeps happening, tell the host."
)


#: How long an interaction may go unanswered before `begin`'s watchdog acknowledges it (seconds):
#: Discord shows "This interaction failed" to an interaction not acknowledged within three.
ACKNOWLEDGE_AFTER = 2.0

#: What a private "thinking…" acknowledgement says once the answer turned out to be public.
POSTED_BELOW = N_("Posted for everyone below.")

#: Why a form does not open when what comes before it took too long (`Answer.send_modal`).
FORM_TOO_LATE = N_(
    "Dealer took too long to open that form (Discord allows a few seconds). Please try again."
)


class UserError(Exception):
    """A refusal for the person who asked: a polite sentence, shown only to them, with the
    controls that help them on (`view`: a button to try again), if any."""

    def __init__(self, message: str, view: discord.ui.View | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.view = view


#: What a member is refused in words: the rest is a fault (`answer_error`).
REFUSALS = (
    Busy,
    RuleError,
    UserError,
    discord.app_commands.CheckFailure,
    discord.app_commands.TransformerError,
)


def expected(error: BaseException) -> bool:
    """Whether `error` is a refusal (said in words), not a fault of Dealer's."""
    return isinstance(error, REFUSALS)


def message_for(error: BaseException) -> str:
    """The words of a refusal (`expected`)."""
    original = getattr(error, "original", None)
    if isinstance(original, BaseException):
        error = original
    if isinstance(error, Busy):
        return _(error.message)
    if isinstance(error, RuleError):
        return refusal(error)
    if isinstance(error, UserError):
        return error.message
    # discord.py's own: a check that failed, an option it could not convert.
    return str(error) or _("You cannot use this command here.")


class Answer(discord.InteractionResponse[Any]):
    """`interaction.response` once `begin` has run: discord.py's, with a watchdog.

    If the handler has not answered `ACKNOWLEDGE_AFTER` seconds in (a slow store, a row lock
    held by another process, a board being drawn), `acknowledge` defers the interaction, so
    that Discord never shows "This interaction failed"; the action's own answer then goes
    where the deferral leaves room for it, with the visibility it asked for (an error's
    answer too):

    - a button, menu, or a form opened from one, is deferred silently (its message stays as
      it is): a later message becomes a follow-up (private if asked), a later edit of the
      clicked message an edit of it (`edit_original_response`);
    - a command, or a form opened by one, shows a private "thinking…": a private answer
      replaces it; a public one is posted as a follow-up and the "thinking…" says so
      (`POSTED_BELOW`);
    - a form cannot follow a deferral: `send_modal` refuses in words (`FORM_TOO_LATE`).

    The watchdog and the handler take turns (`_turn`): one of them answers first, and the
    other sees it, so the interaction is never answered twice.

    Until its first answer the garbage collector waits (`bot.collecting`): it holds it if
    `held`, and lets go once it has answered or its handler has ended (`begin`)."""

    __slots__ = ("_deferred", "_held", "_loading", "_turn")

    def __init__(self, parent: discord.Interaction[Any], *, held: bool = False) -> None:
        super().__init__(parent)
        self._turn = asyncio.Lock()
        #: The acknowledgement the watchdog sent, once it did.
        self._deferred: InteractionCallbackResponse[Any] | None = None
        #: Whether that acknowledgement is a "thinking…" not replaced yet.
        self._loading = False
        #: Whether it holds the garbage collector off still.
        self._held = held

    @contextlib.asynccontextmanager
    async def _answering(self) -> AsyncIterator[None]:
        """Its turn to answer (the watchdog's or the handler's), after which the garbage
        collector may run again."""
        try:
            async with self._turn:
                yield
        finally:
            self.let_go()

    def let_go(self) -> None:
        """The garbage collector may run again, as far as this interaction goes."""
        if self._held:
            self._held = False
            COLLECTOR.release()

    @property
    def deferred(self) -> bool:
        """Whether the watchdog acknowledged the interaction (the action's answer comes
        after it)."""
        return self._deferred is not None

    async def acknowledge(self) -> None:
        """Defer the interaction, unless it has been answered (see the class's doc)."""
        async with self._answering():
            if self.is_done():
                return
            parent = self._parent
            silent = parent.type is discord.InteractionType.component or (
                parent.type is discord.InteractionType.modal_submit and parent.message is not None
            )
            deferred = await super().defer(ephemeral=not silent, thinking=not silent)
            assert deferred is not None, "commands, components and forms can be deferred"
            self._deferred, self._loading = deferred, not silent

    async def acknowledge_in_time(self) -> None:
        """`acknowledge`, its failure logged: what the watchdog runs once the handler has
        taken `ACKNOWLEDGE_AFTER` seconds (`begin`)."""
        try:
            await self.acknowledge()
        except discord.HTTPException as error:
            log.warning("could not acknowledge an interaction in time: %s", error)

    async def defer(
        self, *, ephemeral: bool = False, thinking: bool = False
    ) -> InteractionCallbackResponse[Any] | None:
        async with self._answering():
            if self._deferred is not None:
                return self._deferred
            return await super().defer(ephemeral=ephemeral, thinking=thinking)

    async def send_message(
        self, content: Any | None = None, *, ephemeral: bool = False, **fields: Any
    ) -> InteractionCallbackResponse[Any]:
        async with self._answering():
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
        async with self._answering():
            if self._deferred is None:
                return await super().edit_message(**fields)
            await self._parent.edit_original_response(**fields)
            return self._deferred

    async def send_modal(self, modal: discord.ui.Modal, /) -> InteractionCallbackResponse[Any]:
        async with self._answering():
            if self._deferred is not None:
                raise UserError(_(FORM_TOO_LATE))
            return await super().send_modal(modal)


def begin(interaction: discord.Interaction[Any]) -> None:
    """What every interaction gets before its handler runs, in the task that runs it (one
    per interaction, as discord.py dispatches them): `interaction.response` becomes an
    `Answer`, whose watchdog acknowledges the interaction if the task has not ended
    `ACKNOWLEDGE_AFTER` seconds in, and which holds the garbage collector off until it has
    answered or the task has ended (`bot.collecting`); and the task writes in the member's
    own language (`interaction.locale`: what it posts in a channel it writes in the
    server's, `bot.i18n.speaking`). An interaction begun already, or answered, is left as it
    is.

    The watchdog is a timer of the loop, cancelled when the task ends: an interaction
    answered in time, nearly all of them, costs no task of its own (issue 43)."""
    speak(language(interaction.locale))
    response = interaction.response
    if isinstance(response, Answer) or response.is_done():
        return
    answer = Answer(interaction, held=COLLECTOR.hold())
    # discord.py keeps `interaction.response` in this slot (`utils.cached_slot_property`).
    setattr(interaction, "_cs_response", answer)  # noqa: B010
    task = asyncio.current_task()
    assert task is not None, "an interaction is answered in a task"
    watchdog = task.get_loop().call_later(ACKNOWLEDGE_AFTER, _watch, answer, task)

    def ended(_: asyncio.Task[Any]) -> None:
        watchdog.cancel()
        answer.let_go()

    task.add_done_callback(ended)


def _watch(answer: Answer, handler: asyncio.Task[Any]) -> None:
    """The watchdog's timer: `ACKNOWLEDGE_AFTER` seconds have passed and the task that runs
    the interaction's handler (and answers its errors) has not ended, so the interaction is
    acknowledged, in a task of its own that the handler's end cannot cut off halfway (a
    deferral sent but not recorded: its answer would then be refused as a second one)."""
    if handler.done():
        return
    acknowledging = handler.get_loop().create_task(answer.acknowledge_in_time())
    _acknowledging.add(acknowledging)
    acknowledging.add_done_callback(_acknowledging.discard)


#: The watchdogs' acknowledgements on their way (the event loop keeps only weak references to
#: its tasks).
_acknowledging: set[asyncio.Task[None]] = set()


def fault_reference() -> str:
    """The number an unexpected fault is logged under, and told to the member: what the host
    reports and the operator looks up in the log."""
    return f"{secrets.randbelow(10**6):06d}"


def answering_refusals(callback: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    """A command's callback whose refusals `answer_error` answers as they leave it; its faults
    go on to the command tree's `on_error`, which answers them the same way. (discord.py hands
    `on_error` everything a command raises as an error of the bot's: a refusal is an answer,
    not an error.)"""

    @functools.wraps(callback)
    async def answered(*args: Any, **kwargs: Any) -> Any:
        try:
            return await callback(*args, **kwargs)
        except Exception as error:
            if not expected(error):
                raise
            interaction = next(a for a in args if isinstance(a, discord.Interaction))
            await answer_error(interaction, error)
            return None

    return answered


async def answer_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """The one place that answers what a handler raised: privately, in the member's language,
    after an acknowledgement too (as a follow-up). A refusal is answered in its own words
    (with its `UserError.view`, if it brings one); anything unexpected is logged with a
    reference number and answered with an apology that gives it, never with its trace.
    Never raises."""
    original = getattr(error, "original", None)
    found = original if isinstance(original, BaseException) else error
    with speaking(language(interaction.locale)):
        if expected(found):
            text = fit(in_words(interaction, error))
        else:
            reference = fault_reference()
            command = interaction.command.qualified_name if interaction.command else None
            log.error(
                "unexpected fault %s (/%s, %s)",
                reference,
                command,
                interaction.type.name,
                exc_info=found,
            )
            text = fit(_(UNEXPECTED) + f" (#{reference})")
    view = found.view if isinstance(found, UserError) else None
    extra: dict[str, Any] = {} if view is None else {"view": view}
    try:
        response = interaction.response
        if response.is_done() and not (isinstance(response, Answer) and response.deferred):
            await interaction.followup.send(text, ephemeral=True, **extra)
        else:
            await response.send_message(text, ephemeral=True, **extra)
    except discord.HTTPException:
        log.warning("could not deliver an error reply: %s", text)


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
