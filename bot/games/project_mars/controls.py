"""Project Mars's controls in Discord: the menus of a player's 1-on-1 and the deck form.

Every menu and button is built from the player's own view — its `legal` part says what they
may do now — so no rule is repeated here: the engine checks each move and its RuleError is
the refusal a player reads. Each is a `DynamicItem` whose custom_id carries the match and
what was chosen so far (`dealer:pm:slot:<match>:<card>`), so menus posted before a restart
still work; the deck list form is answered from its custom_id by `answer_deck_form`.

A turn takes two steps: the card menu answers privately with the slot menu for that card
(or, for a utility card, a button to play it); the slot menu submits the move. A decision a
card asks for (Spy, Stealth Op, a target, the vehicle to boost) is a menu of its options.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar, Self

import discord

from bot.components import Action, MatchMenu, form_values
from bot.errors import UserError, guarded
from bot.games.base import Names
from bot.games.project_mars.texts import worded
from bot.handlers import Handlers, handlers
from games.project_mars.decks import READY_DECKS, parse_deck_text
from games.project_mars.render import card_words, where

MAX_OPTIONS = 25
#: Card ids as the engine gives them (`a07`): they say nothing but the owner.
CARD = r"[a-z]\d{2}"


def _option(label: str, value: str, description: str | None = None) -> discord.SelectOption:
    return discord.SelectOption(
        label=label[:100], value=value[:100], description=description[:100] if description else None
    )


class Menu(MatchMenu, template=r"dealer:pm:menu"):
    """Project Mars's menus: `dealer:pm:<KIND>:<match>`."""

    PREFIX = "dealer:pm"


class DeckMenu(Menu, template=r"dealer:pm:deck:(?P<match>\d+)"):
    KIND = "deck"

    def __init__(self, match_id: int, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(match_id, options, placeholder="Choose a ready deck")

    async def run(
        self, interaction: discord.Interaction[Any], flows: Handlers, values: list[str]
    ) -> None:
        await flows.play.move(interaction, self.match_id, {"type": "deck", "deck": values[0]})


class KeepMenu(Menu, template=r"dealer:pm:keep:(?P<match>\d+)"):
    KIND = "keep"

    def __init__(
        self, match_id: int, options: list[discord.SelectOption] | None = None, most: int = 1
    ) -> None:
        super().__init__(
            match_id, options, placeholder="Back-hand cards to keep", max_values=max(1, most)
        )

    async def run(
        self, interaction: discord.Interaction[Any], flows: Handlers, values: list[str]
    ) -> None:
        await flows.play.move(interaction, self.match_id, {"type": "keep", "cards": values})


class MulliganMenu(Menu, template=r"dealer:pm:mulligan:(?P<match>\d+)"):
    KIND = "mulligan"

    def __init__(
        self, match_id: int, options: list[discord.SelectOption] | None = None, most: int = 1
    ) -> None:
        super().__init__(
            match_id,
            options,
            placeholder=f"Cards to trade in (up to {most})",
            max_values=max(1, most),
        )

    async def run(
        self, interaction: discord.Interaction[Any], flows: Handlers, values: list[str]
    ) -> None:
        await flows.play.move(interaction, self.match_id, {"type": "mulligan", "cards": values})


class CardMenu(Menu, template=r"dealer:pm:card:(?P<match>\d+)"):
    """The first step of a turn: which card. Answers with where it may go."""

    KIND = "card"

    def __init__(self, match_id: int, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(match_id, options, placeholder="Play a card…")

    async def run(
        self, interaction: discord.Interaction[Any], flows: Handlers, values: list[str]
    ) -> None:
        await ask_slot(interaction, flows, self.match_id, values[0])


class SlotMenu(Menu, template=rf"dealer:pm:slot:(?P<match>\d+):(?P<card>{CARD})"):
    """The second step of a turn: where the chosen card goes."""

    KIND = "slot"

    def __init__(
        self, match_id: int, card: str, options: list[discord.SelectOption] | None = None
    ) -> None:
        super().__init__(match_id, options, placeholder="Where?", suffix=f":{card}")
        self.card = card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]), match["card"])

    async def run(
        self, interaction: discord.Interaction[Any], flows: Handlers, values: list[str]
    ) -> None:
        move = {"type": "play", "card": self.card, "slot": values[0]}
        await flows.play.move(interaction, self.match_id, move)


class ChoiceMenu(Menu, template=r"dealer:pm:choose:(?P<match>\d+)"):
    """A decision a card asks for: one of its options."""

    KIND = "choose"

    def __init__(self, match_id: int, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(match_id, options, placeholder="Choose…")

    async def run(
        self, interaction: discord.Interaction[Any], flows: Handlers, values: list[str]
    ) -> None:
        await flows.play.move(interaction, self.match_id, {"type": "choose", "option": values[0]})


class MoveButton(
    Action,
    template=(
        r"dealer:pm:(?P<move>pass|keep-all|keep-none|keep-hand|utility|deck-list):"
        rf"(?P<match>\d+)(?::(?P<card>{CARD}))?"
    ),
):
    """Pass; keep the whole back hand or none of it; keep the hand (no mulligan); play a
    utility card; open the form for a deck list of one's own."""

    LABELS: ClassVar[dict[str, str]] = {
        "pass": "Pass",
        "keep-all": "Keep all",
        "keep-none": "Keep none",
        "keep-hand": "Keep my hand",
        "utility": "Play it",
        "deck-list": "My own list",
    }

    def __init__(self, move: str, match_id: int, card: str | None = None, label: str = "") -> None:
        custom_id = f"dealer:pm:{move}:{match_id}" + (f":{card}" if card else "")
        style = discord.ButtonStyle.danger if move == "pass" else discord.ButtonStyle.secondary
        if move == "utility":
            style = discord.ButtonStyle.primary
        super().__init__(custom_id, label or self.LABELS[move], style)
        self.move = move
        self.match_id = match_id
        self.card = card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> MoveButton:
        return cls(match["move"], int(match["match"]), match["card"], getattr(item, "label", ""))

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        if self.move == "deck-list":
            await interaction.response.send_modal(deck_form(self.match_id))
            return
        if self.move == "pass":
            move: dict[str, Any] = {"type": "pass"}
        elif self.move == "keep-hand":
            move = {"type": "mulligan", "cards": []}
        elif self.move == "keep-none":
            move = {"type": "keep", "cards": []}
        elif self.move == "keep-all":
            view, _ = await flows.play.own_view(interaction, self.match_id)
            move = {"type": "keep", "cards": (view.get("legal") or {}).get("keep") or []}
        else:
            move = {"type": "play", "card": self.card}
        await flows.play.move(interaction, self.match_id, move)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    DeckMenu,
    KeepMenu,
    MulliganMenu,
    CardMenu,
    SlotMenu,
    ChoiceMenu,
    MoveButton,
)


# -- the 1-on-1's controls, from the player's view ---------------------------------------


def _card_option(card: Mapping[str, Any], *, revealed: bool = False) -> discord.SelectOption:
    note = "revealed to your opponent" if revealed else None
    return _option(card_words(card), str(card["id"]), note)


def controls(match_id: int, view: dict[str, Any], names: Names) -> discord.ui.View | None:
    """The menus and buttons for what the player may do now (their view's `legal`); None
    when they have nothing to do."""
    legal = view.get("legal") or {}
    me = view.get("me") or {}
    out = discord.ui.View(timeout=None)
    if legal.get("deck"):
        decks = [_option(d.name, d.key, d.strategy) for d in READY_DECKS.values()]
        out.add_item(DeckMenu(match_id, decks))
        out.add_item(MoveButton("deck-list", match_id))
        return out
    if legal.get("keep") is not None:
        back = {c["id"]: c for c in me.get("back_hand", [])}
        keep = [_card_option(back[c]) for c in legal["keep"] if c in back][:MAX_OPTIONS]
        if keep:
            out.add_item(KeepMenu(match_id, keep, len(keep)))
        out.add_item(MoveButton("keep-all", match_id))
        out.add_item(MoveButton("keep-none", match_id))
        return out
    mulligan = legal.get("mulligan")
    if mulligan is not None:
        hand = {c["id"]: c for c in me.get("hand", [])}
        cards = [
            _card_option(hand[c], revealed=bool(hand[c].get("revealed")))
            for c in mulligan["cards"]
            if c in hand
        ][:MAX_OPTIONS]
        most = min(int(mulligan["max"]), len(cards))
        if most > 0:
            out.add_item(MulliganMenu(match_id, cards, most))
        out.add_item(MoveButton("keep-hand", match_id))
        return out
    if legal.get("choose"):
        options = [
            _option(worded(str(o["label"]), names), str(o["id"]))
            for o in legal["choose"][:MAX_OPTIONS]
        ]
        out.add_item(ChoiceMenu(match_id, options))
        return out
    if legal.get("pass") or legal.get("plays"):
        hand = {c["id"]: c for c in me.get("hand", [])}
        plays = [
            _card_option(hand[p["card"]], revealed=bool(hand[p["card"]].get("revealed")))
            for p in legal.get("plays", [])
            if p["card"] in hand
        ][:MAX_OPTIONS]
        if plays:
            out.add_item(CardMenu(match_id, plays))
        if legal.get("pass"):
            out.add_item(MoveButton("pass", match_id))
        return out
    return None


def slot_label(slot: str, play: Mapping[str, Any], view: Mapping[str, Any], names: Names) -> str:
    """Where a card may go, in words, with what lies there."""
    me = str(view["me"]["player"])
    if play["target"] == "enemy":
        enemy = next(p for p in view["players"] if p != me)
        return f"{names(enemy)}'s {where(slot)}"
    placed = view["sides"][me]["field"].get(slot)
    if placed is not None and placed.get("face_down"):
        return f"Your {where(slot)}: a face-down trap of {names(str(placed['owner']))} lies here"
    return f"Your {where(slot)}"


# -- what the controls do -----------------------------------------------------------------


async def ask_slot(
    interaction: discord.Interaction[Any], flows: Handlers, match_id: int, card: str
) -> None:
    """The card chosen: answer privately with where it may go, or a button for a utility."""
    view, names = await flows.play.own_view(interaction, match_id)
    legal = view.get("legal") or {}
    play = next((p for p in legal.get("plays", []) if p["card"] == card), None)
    if play is None:
        raise UserError(_not_now(view, names))
    hand = {c["id"]: c for c in view["me"]["hand"]}
    words = card_words(hand[card]) if card in hand else str(play["name"])
    out = discord.ui.View(timeout=None)
    if play["target"] == "utility":
        out.add_item(MoveButton("utility", match_id, card, f"Play {play['name']}"))
        text = (
            f"Play **{words}**? It goes to your utility area and takes effect at once; you may "
            "play one utility card per round."
        )
    else:
        slots = [
            _option(slot_label(slot, play, view, names), slot)
            for slot in play["slots"][:MAX_OPTIONS]
        ]
        out.add_item(SlotMenu(match_id, card, slots))
        text = (
            f"Where does your **{words}** go? A trap goes face down on your opponent's field."
            if play["target"] == "enemy"
            else f"Where does your **{words}** go? [OFFENSE] effects work in the attack row, "
            "[GUARDIAN] effects in the defence row."
        )
    await interaction.response.send_message(text, view=out, ephemeral=True)


def _not_now(view: Mapping[str, Any], names: Names) -> str:
    """Why a card chosen in an old menu cannot be played now, from the view."""
    me = view["me"]["player"]
    if me not in view.get("to_act", []):
        waiting = ", ".join(names(p) for p in view.get("to_act", [])) or "nobody"
        return f"It is not your turn: the game waits for {waiting}."
    if view["phase"] != "turn":
        return "Cards are not played now: answer what your 1-on-1 asks first."
    return "That card cannot be played now (it may have left your hand); see your 1-on-1."


DECK_FORM = re.compile(r"dealer:pm:deckform:(?P<match>\d+)")
DECK_FIELD = "cards"


def deck_form(match_id: int) -> discord.ui.Modal:
    """The form for a deck list of one's own. Stopped before it is sent, like the bid form:
    `answer_deck_form` answers it from its custom_id, before or after a restart alike."""
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
