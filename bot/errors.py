"""User-facing errors, turned into private replies in exactly one place (`reply_error`)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any

import discord

from bot.limits import fit
from games.core.errors import RuleError

log = logging.getLogger(__name__)

REPLIED = "dealer: the user was already told"

UNEXPECTED = (
    "Sorry, something went wrong on Dealer's side and your request was not completed. "
    "Please try again; if it keeps happening, tell the host."
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
    if isinstance(error, UserError | RuleError):
        return error.message
    if isinstance(error, discord.app_commands.CheckFailure | discord.app_commands.TransformerError):
        return str(error) or "You cannot use this command here."
    if not already_replied(error):
        log.error("unexpected error in an interaction", exc_info=error)
    return UNEXPECTED


async def guarded(interaction: discord.Interaction[Any], action: Awaitable[None]) -> None:
    """Run an action for `interaction`; refusals become private replies here, and anything
    unexpected gets a polite private reply too before it propagates to be logged."""
    try:
        await action
    except (UserError, RuleError) as error:
        await reply_error(interaction, error)
    except Exception as error:
        await reply_error(interaction, error)
        error.add_note(REPLIED)
        raise


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
            return "That user is not a member of this server."
        command = interaction.command.qualified_name if interaction.command else "This command"
        return f"`/{command}` names a member of a server: use it in one of the server's channels."
    return message_for(error)


async def reply_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Answer `interaction` privately with the error's sentence; never raises."""
    text = fit(in_words(interaction, error))
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver an error reply: %s", text)
