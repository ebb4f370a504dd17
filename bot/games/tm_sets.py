"""The `sets:` option of the games that deal Terraforming Mars cards from the catalogue:
the sets a host types, refused with the sets' names when one is no set, and suggested as they
type (`games.tm_catalogue.sets`)."""

from __future__ import annotations

from discord import app_commands

from bot.errors import UserError
from bot.i18n import refusal
from games.core.errors import RuleError
from games.tm_catalogue import DEFAULT_EXPANSIONS, Expansion
from games.tm_catalogue.sets import complete_sets, parse_sets

#: Discord offers at most 25 suggestions.
CHOICES = 25


def chosen_sets(text: str) -> list[Expansion]:
    """The sets `text` names; UserError saying which name is no set, and what the sets are."""
    try:
        return parse_sets(text)
    except RuleError as error:
        raise UserError(f"`sets`: {refusal(error)}") from None


def typed_sets(text: str | None) -> list[Expansion]:
    """The sets of an option typed so far, for other options' suggestions: the default sets
    while it is empty or names no set yet."""
    try:
        return parse_sets(text) if text else list(DEFAULT_EXPANSIONS)
    except RuleError:
        return list(DEFAULT_EXPANSIONS)


def set_choices(current: str) -> list[app_commands.Choice[str]]:
    """Suggestions for the `sets` option: the list typed so far, its last set completed."""
    return [app_commands.Choice(name=text, value=text) for text in complete_sets(current)][:CHOICES]
