"""The Mars Auction's own controls in Discord: typed card numbers, the host's confirmation of
`/mars end`, and the answer to controls posted by earlier versions.

What a player may do is the engine's `legal_actions`, which the generic controls show
(`bot.components.actions_view`, walked by `bot.flows.play.Play.act`), on the board message for
the player to move (`GamePlugin.controls_on_board`) and in the 1-on-1: the menus of the cards
markers may go on (by kind, then by number, 25 a menu), then privately no second marker, a
second one on that card or one on another card; Pass; Raise and Pass on this card; the budget
form; the menus to keep and to buy, and Buy none. The plug-in only words the steps
(`MarsAuctionTexts.step_text`, `MarsAuctionTexts.confirm`).

**Card numbers** stays a form of the game's own, next to the generic controls
(`more_controls`): markers typed by display number (`3 7`, `3 3`), or the won projects to buy
(`31 40`), which go to the engine as the same place and buy moves, its refusal saying what is
wrong with them. Like every control of a decision, its button and form carry the decision
they were shown for (`bot.components.stamp`).

Menus and buttons posted before the Mars Auction played through the generic controls
(`dealer:ma:cards:<match>:<menu>`, `dealer:ma:second:<match>:<card>:<menu>`,
`dealer:ma:put:<match>:<card>`, `dealer:ma:buynone:<match>`) do not say which decision they
were for: they are refused politely (`bot.components.earlier_version`).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.amounts import parse_numbers
from bot.components import (
    MATCH_AT,
    Action,
    EarlierButton,
    EarlierMenu,
    confirmation,
    form_values,
    shown_in,
    stamp,
)
from bot.errors import UserError
from bot.handlers import Handlers, handlers
from bot.i18n import N_, _
from games.core.contract import Action as GameAction
from games.mars_auction.views import PublicView

PLACE_HELP = N_(
    "Type one or two card numbers from the display: `3` (a marker on card 3), `3 7` (one on "
    "each) or `3 3` (two on card 3)."
)


def more_controls(
    match_id: int, shown: int, actions: list[GameAction]
) -> list[discord.ui.Item[Any]]:
    """Next to the menus of the cards (or of the won projects to buy), the button to type
    their numbers."""
    keys = {a.key for a in actions}
    return [
        NumbersButton(what, match_id, shown)
        for what, key in (("numbers", "place"), ("buynumbers", "buy"))
        if key in keys
    ]


class NumbersButton(Action, template=rf"dealer:ma:(?P<what>numbers|buynumbers):{MATCH_AT}"):
    """**Card numbers**: the form for markers (or the won projects to buy) typed by number;
    only for a player who may make that move now, in the decision it was shown for."""

    def __init__(self, what: str, match_id: int, shown: int | None) -> None:
        label = _("Card numbers") if what == "numbers" else _("Buy by card numbers")
        custom_id = f"dealer:ma:{what}:{stamp(match_id, shown)}"
        super().__init__(custom_id, label, discord.ButtonStyle.secondary)
        self.what, self.match_id, self.shown = what, match_id, shown

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> NumbersButton:
        return cls(match.group("what"), int(match.group("match")), shown_in(match))

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await flows.play.require_action(interaction, self.match_id, self.key, shown=self.shown)
        await interaction.response.send_modal(numbers_form(self.what, self.match_id, self.shown))

    @property
    def key(self) -> str:
        """The legal action whose moves the form makes."""
        return "place" if self.what == "numbers" else "buy"


# -- controls of earlier versions ------------------------------------------------------------


class EarlierCardMenu(
    EarlierMenu,
    template=r"dealer:ma:(?:cards|second):\d+(?::\d+)?:\d",
):
    """A card menu of earlier versions: the cards to put markers on, or the other card of a
    marker on each of two cards."""


class EarlierCardButton(EarlierButton, template=r"dealer:ma:(?:put|buynone):\d+(?::\d+(?:-2)?)?"):
    """A button of earlier versions: one marker or two on the card chosen before, or Buy
    none (L16)."""


class EndButton(Action, template=r"dealer:ma:end:(?P<match>\d+)"):
    """The host's confirmation of `/mars end` (MA-D6)."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            f"dealer:ma:end:{match_id}", _("Yes, end the match"), discord.ButtonStyle.danger
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> EndButton:
        return cls(int(match.group("match")))

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await flows.host.host_move(
            interaction, {"type": "end"}, self.match_id, said=_("You ended the Mars Auction.")
        )


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    NumbersButton,
    EarlierCardMenu,
    EarlierCardButton,
    EndButton,
)


def end_view(match_id: int) -> discord.ui.View:
    return confirmation(EndButton(match_id))


NUMBERS_FORM = re.compile(rf"dealer:ma:(?P<what>numform|buyform):{MATCH_AT}")
NUMBERS_FIELD = "cards"


def numbers_form(what: str, match_id: int, shown: int | None) -> discord.ui.Modal:
    """The card-numbers form, for the decision its button was shown for; stopped before it is
    sent, like the amount form: it is answered from its custom id (`answer_numbers_form`),
    before or after a restart alike."""
    marking = what == "numbers"
    form = discord.ui.Modal(
        title=_("Your markers") if marking else _("Projects to buy"),
        custom_id=f"dealer:ma:{'numform' if marking else 'buyform'}:{stamp(match_id, shown)}",
    )
    form.add_item(
        discord.ui.TextInput(
            label=_("Card numbers") if marking else _("Numbers of projects to buy"),
            custom_id=NUMBERS_FIELD,
            placeholder=_("3 7, or 3 3 for two on card 3") if marking else "31 40 52",
            min_length=1,
            max_length=400,
        )
    )
    form.stop()
    return form


async def answer_numbers_form(interaction: discord.Interaction[Any], found: re.Match[str]) -> None:
    text = form_values(interaction).get(NUMBERS_FIELD, "")
    match_id = int(found.group("match"))
    flows = handlers(interaction)
    run = _numbers(interaction, flows, found.group("what"), match_id, shown_in(found), text)
    await run


async def _numbers(
    interaction: discord.Interaction[Any],
    flows: Handlers,
    what: str,
    match_id: int,
    shown: int | None,
    text: str,
) -> None:
    numbers = parse_numbers(text)
    if numbers is None:
        raise UserError(
            _(PLACE_HELP)
            if what == "numform"
            else _("Type the card numbers of the won projects you buy, such as `31 40`.")
        )
    if what == "numform":
        if len(numbers) > 2:
            raise UserError(f"{_('At most 2 markers a turn.')} {_(PLACE_HELP)}")
        place = {"type": "place", "cards": numbers}
        await flows.play.move(interaction, match_id, place, shown=shown)
        return
    view: PublicView
    view, _names = await flows.play.own_view(interaction, match_id)
    cards = {c.number: c.name for c in view.display}
    missing = [n for n in numbers if n not in cards]
    if missing:
        raise UserError(_("There is no card {number} on display.").format(number=missing[0]))
    buy = {"type": "buy", "cards": [cards[n] for n in numbers]}
    await flows.play.move(interaction, match_id, buy, shown=shown)
