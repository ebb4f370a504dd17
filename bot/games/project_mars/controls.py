"""Project Mars's own controls in Discord: the button to the form for a deck list of one's
own, that form, and the answer to controls posted by earlier versions.

What a player may do is the engine's `legal_actions`, which the generic controls show
(`bot.components.actions_view`, walked by `bot.flows.play.Play.act`): a ready deck, the
back-hand cards to keep, a mulligan, a decision, a card and then its slot, a trap and then
an enemy slot, a pass. The plug-in only words the steps (`ProjectMarsTexts.step_text`,
`ProjectMarsTexts.confirm`).

The deck list stays a form of the game's own (PM-1): 30 cards typed with their counts ("3x
Infantry"), which no pick of the contract takes (a pick's choices are distinct), read by the
engine's parser (`games.project_mars.decks.parse_deck_text`), whose refusal says what is
wrong with the list. Like every control of a decision, its button and form carry the decision
they were shown for (`bot.components.stamp`).

Menus and buttons posted before Project Mars played through the generic controls
(`dealer:pm:card:<match>`, `dealer:pm:slot:<match>:<card>`, `dealer:pm:keep-all:<match>`…)
do not say which decision they were for: they are refused politely
(`bot.components.earlier_version`).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.components import (
    MATCH_AT,
    Action,
    EarlierButton,
    EarlierMenu,
    form_values,
    shown_in,
    stamp,
)
from bot.handlers import Handlers, handlers
from bot.i18n import _
from games.core.contract import Action as GameAction
from games.project_mars.decks import parse_deck_text

#: Card ids as the engine gives them (`a07`): they say nothing but the owner.
CARD = r"[a-z]\d{2}"


class DeckListButton(Action, template=rf"dealer:pm:deck-list:{MATCH_AT}"):
    """My own list: opens the form for a deck list of one's own."""

    def __init__(self, match_id: int, shown: int | None) -> None:
        super().__init__(
            f"dealer:pm:deck-list:{stamp(match_id, shown)}",
            _("My own list"),
            discord.ButtonStyle.secondary,
        )
        self.match_id, self.shown = match_id, shown

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> DeckListButton:
        return cls(int(match["match"]), shown_in(match))

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await flows.play.require_action(interaction, self.match_id, "deck", shown=self.shown)
        await interaction.response.send_modal(deck_form(self.match_id, self.shown))


def more_controls(
    match_id: int, shown: int, actions: list[GameAction]
) -> list[discord.ui.Item[Any]]:
    """Next to the ready decks, the button to a list of one's own."""
    return [DeckListButton(match_id, shown)] if any(a.key == "deck" for a in actions) else []


DECK_FORM = re.compile(rf"dealer:pm:deckform:{MATCH_AT}")
DECK_FIELD = "cards"


def deck_form(match_id: int, shown: int | None) -> discord.ui.Modal:
    """The form for a deck list of one's own, for the decision its button was shown for.
    Stopped before it is sent, like the step forms: `answer_deck_form` answers it from its
    custom_id, before or after a restart."""
    form = discord.ui.Modal(
        title=_("Your deck: 30 cards"), custom_id=f"dealer:pm:deckform:{stamp(match_id, shown)}"
    )
    form.add_item(
        discord.ui.TextInput(
            label=_("Cards, one per line or comma"),
            custom_id=DECK_FIELD,
            style=discord.TextStyle.paragraph,
            # TRANSLATORS: card names stay as printed; counts as the list reads them (3x, x3).
            placeholder=_("3x Infantry, 3x Medic, 2 Humvee, Outpost x3, EMP Bomb…"),
            min_length=1,
            max_length=4000,
        )
    )
    form.stop()
    return form


async def answer_deck_form(interaction: discord.Interaction[Any], found: re.Match[str]) -> None:
    """Answer a submitted deck list form."""
    cards = parse_deck_text(form_values(interaction).get(DECK_FIELD, ""))
    move = {"type": "deck", "cards": cards}
    play = handlers(interaction).play
    await play.move(interaction, int(found["match"]), move, shown=shown_in(found))


# -- controls of earlier versions ------------------------------------------------------------


class EarlierDeckMenu(
    EarlierMenu,
    template=rf"dealer:pm:(?:deck|keep|mulligan|choose|card|slot):\d+(?::{CARD})?",
):
    """A menu of earlier versions: a ready deck, the back-hand cards to keep, the cards to
    trade in, a decision's option, the card to play, or the slot of a card chosen before."""


class EarlierPlayButton(
    EarlierButton,
    template=rf"dealer:pm:(?:pass|keep-all|keep-none|keep-hand|utility):\d+(?::{CARD})?",
):
    """A button of earlier versions: pass, keep the whole back hand or none of it, keep the
    hand, or play the utility card chosen before."""


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    DeckListButton,
    EarlierDeckMenu,
    EarlierPlayButton,
)
