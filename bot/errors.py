"""User-facing errors, turned into private replies in exactly one place (`reply_error`)."""

from __future__ import annotations

import logging

import discord

from games.core.errors import RuleError

log = logging.getLogger(__name__)

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
    log.exception("unexpected error in an interaction", exc_info=error)
    return UNEXPECTED


async def reply_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer `interaction` privately with the error's sentence; never raises."""
    text = message_for(error)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver an error reply: %s", text)
