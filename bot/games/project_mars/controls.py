"""Project Mars's own controls in Discord: the button to the form for a deck list of one's
own, that form, and the answers to controls posted by earlier versions.

What a player may do is the engine's `legal_actions`, which the generic controls show
(`bot.components.actions_view`, walked by `bot.flows.play.Play.act`): a ready deck, the
back-hand cards to keep, a mulligan, a decision, a card and then its slot, a trap and then
an enemy slot, a pass. The plug-in only words the steps (`ProjectMarsTexts.step_text`,
`ProjectMarsTexts.confirm`).

The deck list stays a form of the game's own (PM-1): 30 cards typed with their counts ("3x
Infantry"), which no pick of the contract takes (a pick's choices are distinct), read by the
engine's parser (`games.project_mars.decks.parse_deck_text`), whose refusal says what is
wrong with the list.

Menus and buttons posted before Project Mars played through the generic controls
(`dealer:pm:card:<match>`, `dealer:pm:slot:<match>:<card>`, `dealer:pm:keep-all:<match>`…)
still answer: each goes on as the action it was, through the same walker, which refuses it
politely when that is no longer open.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.components import Action, form_values
from bot.errors import guarded
from bot.handlers import Handlers, handlers
from games.core.contract import Action as GameAction
from games.project_mars.decks import parse_deck_text

#: Card ids as the engine gives them (`a07`): they say nothing but the owner.
CARD = r"[a-z]\d{2}"


class DeckListButton(Action, template=r"dealer:pm:deck-list:(?P<match>\d+)"):
    """My own list: opens the form for a deck list of one's own."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            f"dealer:pm:deck-list:{match_id}", "My own list", discord.ButtonStyle.secondary
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> DeckListButton:
        return cls(int(match["match"]))

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await interaction.response.send_modal(deck_form(self.match_id))


def more_controls(match_id: int, actions: list[GameAction]) -> list[discord.ui.Item[Any]]:
    """Next to the ready decks, the button to a list of one's own."""
    return [DeckListButton(match_id)] if any(a.key == "deck" for a in actions) else []


DECK_FORM = re.compile(r"dealer:pm:deckform:(?P<match>\d+)")
DECK_FIELD = "cards"


def deck_form(match_id: int) -> discord.ui.Modal:
    """The form for a deck list of one's own. Stopped before it is sent, like the step
    forms: `answer_deck_form` answers it from its custom_id, before or after a restart."""
    form = discord.ui.Modal(title="Your deck: 30 cards", custom_id=f"dealer:pm:deckform:{match_id}")
    form.add_item(
        discord.ui.TextInput(
            label="One card per line or comma; counts allowed",
            custom_id=DECK_FIELD,
            style=discord.TextStyle.paragraph,
            placeholder="3x Infantry, 3x Medic, 2 Humvee, Outpost x3, EMP Bomb…",
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
    await guarded(
        interaction, handlers(interaction).play.move(interaction, int(found["match"]), move)
    )


# -- controls of earlier versions ------------------------------------------------------------


async def _play_key(
    interaction: discord.Interaction[Any], flows: Handlers, match_id: int, card: str
) -> str:
    """The action that plays `card`: a trap is set (`trap`), any other card played (`play`).
    A card no longer in the hand is looked for among the plays, whose refusal says so."""
    view, _ = await flows.play.own_view(interaction, match_id)
    hand = {c["id"]: c for c in view["me"]["hand"]}
    return "trap" if hand.get(card, {}).get("trap") else "play"


class EarlierMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=(
        r"dealer:pm:(?P<kind>deck|keep|mulligan|choose|card|slot):(?P<match>\d+)"
        rf"(?::(?P<card>{CARD}))?"
    ),
):
    """A menu of earlier versions: a ready deck, the back-hand cards to keep, the cards to
    trade in, a decision's option, the card to play, or the slot of a card chosen before."""

    def __init__(self, kind: str, match_id: int, card: str | None = None) -> None:
        custom_id = f"dealer:pm:{kind}:{match_id}" + (f":{card}" if card else "")
        super().__init__(
            discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label="-")])
        )
        self.kind, self.match_id, self.card = kind, match_id, card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> EarlierMenu:
        return cls(match["kind"], int(match["match"]), match["card"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self.run(interaction, handlers(interaction)))

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        picked = list(self.item.values)
        if self.kind == "card":
            key = await _play_key(interaction, flows, self.match_id, picked[0])
            await flows.play.act(interaction, self.match_id, key, picked=picked)
        elif self.kind == "slot" and self.card is not None:
            key = await _play_key(interaction, flows, self.match_id, self.card)
            await flows.play.act(interaction, self.match_id, key, self.card, picked=picked)
        else:
            await flows.play.act(interaction, self.match_id, self.kind, picked=picked)


class EarlierButton(
    Action,
    template=(
        r"dealer:pm:(?P<move>pass|keep-all|keep-none|keep-hand|utility):(?P<match>\d+)"
        rf"(?::(?P<card>{CARD}))?"
    ),
):
    """A button of earlier versions: pass, keep the whole back hand or none of it, keep the
    hand, or play the utility card chosen before (the button was its confirmation)."""

    def __init__(self, move: str, match_id: int, card: str | None = None) -> None:
        custom_id = f"dealer:pm:{move}:{match_id}" + (f":{card}" if card else "")
        super().__init__(custom_id, move, discord.ButtonStyle.secondary)
        self.move, self.match_id, self.card = move, match_id, card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> EarlierButton:
        return cls(match["move"], int(match["match"]), match["card"])

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        if self.move == "utility" and self.card is not None:
            await flows.play.act(interaction, self.match_id, "play", self.card, confirmed=True)
        else:
            await flows.play.act(interaction, self.match_id, self.move)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    DeckListButton,
    EarlierMenu,
    EarlierButton,
)
