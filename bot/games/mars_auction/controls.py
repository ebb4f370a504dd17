"""The Mars Auction's controls in Discord: the menus of the board message and of a player's
1-on-1, the card-numbers forms, Buy none, and the host's confirmation of `/mars end`.

No rule is repeated here: the menus are made from the view — the public one's `open` cards on
the channel's board, a player's own `legal` actions in their 1-on-1 — and every move goes to
the engine, whose refusal ("It is ann's turn, not yours.", "That would put 4 of your markers
on Birds; at most 3 (L7).") is what a player reads. Pass, Raise and the budget form are the
bot's generic action controls (`ActButton`): they let through only a player who may take
that action now.

A select menu holds at most 25 options and a five-player setup display 80 cards, so the cards
are split into up to four menus, by kind and then by number (`groups`). Picking two cards in a
menu puts a marker on each; picking one answers privately: one marker or two on it, or one
here and one on another card. **Card numbers** takes them typed (`3 7`, `3 3`). Each control is
a `DynamicItem` whose custom id carries the match and what was chosen so far
(`dealer:ma:second:<match>:<first card>:<menu>`), so controls posted before a restart still
work; the forms are answered from their custom ids.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

import discord

from bot.amounts import is_number, parse_numbers
from bot.components import (
    MAX_OPTIONS,
    ActButton,
    Action,
    ActMenu,
    MatchMenu,
    confirmation,
    form_values,
)
from bot.errors import UserError, guarded
from bot.games.base import Names, named
from bot.handlers import Handlers, handlers
from games.core.contract import Action as GameAction
from games.mars_auction.model import KIND_WORDS
from games.mars_auction.render import card_facts
from games.tm_catalogue import numbered

#: Discord's limit: five rows, one menu a row; a row of buttons stays under the menus.
MAX_MENUS = 4
PLACE_HELP = (
    "Type one or two card numbers from the display: `3` (a marker on card 3), `3 7` (one on "
    "each) or `3 3` (two on card 3)."
)


@dataclass(frozen=True, slots=True)
class Option:
    """A card as a menu offers it."""

    number: int
    kind: str
    label: str
    description: str


def groups(cards: Sequence[Option]) -> list[tuple[str, list[Option]]]:
    """The cards split into at most four menus of at most 25: by kind (companies, preludes,
    projects), a kind of more than 25 by number; when that makes more than four, simply by
    number. Each with its placeholder: "Projects 31-55"."""
    by_kind: list[tuple[str, list[Option]]] = []
    for kind, words in KIND_WORDS.items():
        mine = [c for c in cards if c.kind == kind]
        for start in range(0, len(mine), MAX_OPTIONS):
            by_kind.append((words.capitalize(), mine[start : start + MAX_OPTIONS]))
    if len(by_kind) > MAX_MENUS:
        by_kind = [
            ("Cards", list(cards[start : start + MAX_OPTIONS]))
            for start in range(0, len(cards), MAX_OPTIONS)
        ]
    return [
        (f"{words} {chunk[0].number}–{chunk[-1].number}", chunk)
        for words, chunk in by_kind[:MAX_MENUS]
    ]


def _select_options(cards: Sequence[Option]) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(
            label=c.label[:100], value=str(c.number), description=c.description[:100] or None
        )
        for c in cards
    ]


def public_options(view: Mapping[str, Any]) -> list[Option]:
    """The cards markers may go on now, from the public view (`open`)."""
    cards = {int(c["number"]): c for c in view["display"]}
    return [
        Option(
            n,
            str(cards[n]["kind"]),
            f"{n} · {numbered(cards[n]['name'])}",
            ", ".join(w for w in (str(cards[n]["kind"]), card_facts(cards[n])) if w),
        )
        for n in view.get("open", [])
        if n in cards
    ]


def own_options(view: Mapping[str, Any], key: str = "place") -> list[Option]:
    """The cards a player may put a marker on now (their `place` action's choices), or two
    markers (`place_twice`)."""
    action = _legal(view).get(key)
    if action is None or action.pick is None:
        return []
    kinds = {int(c["number"]): str(c["kind"]) for c in view["display"]}
    return [
        Option(int(c.value), kinds.get(int(c.value), ""), c.label, c.description or "")
        for c in action.pick.choices
    ]


def _legal(view: Mapping[str, Any]) -> dict[str, GameAction]:
    return {a["key"]: GameAction.model_validate(a) for a in view.get("legal") or []}


# -- the items --------------------------------------------------------------------------


class Menu(MatchMenu, template=r"dealer:ma:menu"):
    """The Mars Auction's card menus: `dealer:ma:<KIND>:<match>` and a suffix; their values
    are display numbers."""

    PREFIX = "dealer:ma"


def card_numbers(values: list[str]) -> list[int]:
    """The display numbers a card menu sent; a value that is none is refused."""
    if not all(is_number(v) for v in values):
        raise UserError("That is not a card of the display: pick one from the menu.")
    return [int(v) for v in values]


class PlaceMenu(Menu, template=r"dealer:ma:cards:(?P<match>\d+):(?P<group>\d)"):
    """Cards to put markers on: two picked, a marker on each; one picked, the question of
    how many (`ask_markers`)."""

    KIND = "cards"

    def __init__(
        self,
        match_id: int,
        group: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
        most: int = 2,
    ) -> None:
        super().__init__(
            match_id, options, placeholder=placeholder, max_values=most, suffix=f":{group}"
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]), int(match["group"]))

    async def run(
        self, interaction: discord.Interaction[Any], flows: Handlers, values: list[str]
    ) -> None:
        cards = card_numbers(values)
        if len(cards) == 1:
            await ask_markers(interaction, flows, self.match_id, cards[0])
            return
        await flows.play.move(interaction, self.match_id, {"type": "place", "cards": cards})


class SecondMenu(Menu, template=r"dealer:ma:second:(?P<match>\d+):(?P<first>\d+):(?P<group>\d)"):
    """The other card of a marker on each of two cards, the first chosen before."""

    KIND = "second"

    def __init__(
        self,
        match_id: int,
        first: int,
        group: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(match_id, options, placeholder=placeholder, suffix=f":{first}:{group}")
        self.first = first

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]), int(match["first"]), int(match["group"]))

    async def run(
        self, interaction: discord.Interaction[Any], flows: Handlers, values: list[str]
    ) -> None:
        move = {"type": "place", "cards": [self.first, *card_numbers(values)[:1]]}
        await flows.play.move(interaction, self.match_id, move)


class PutButton(Action, template=r"dealer:ma:put:(?P<match>\d+):(?P<card>\d+)(?P<twice>-2)?"):
    """One marker, or two, on the card chosen."""

    def __init__(self, match_id: int, card: int, *, twice: bool, label: str = "") -> None:
        custom_id = f"dealer:ma:put:{match_id}:{card}" + ("-2" if twice else "")
        label = label or ("Two markers" if twice else "One marker")
        super().__init__(custom_id, label, discord.ButtonStyle.primary)
        self.match_id, self.card, self.twice = match_id, card, twice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> PutButton:
        return cls(int(match["match"]), int(match["card"]), twice=bool(match["twice"]))

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        cards = [self.card, self.card] if self.twice else [self.card]
        await flows.play.move(interaction, self.match_id, {"type": "place", "cards": cards})


class NumbersButton(Action, template=r"dealer:ma:(?P<what>numbers|buynumbers):(?P<match>\d+)"):
    """**Card numbers**: the form for markers (or, with many won projects, the ones to buy)
    typed by number; only for a player who may make that move now."""

    def __init__(self, what: str, match_id: int) -> None:
        label = "Card numbers" if what == "numbers" else "Buy by card numbers"
        super().__init__(f"dealer:ma:{what}:{match_id}", label, discord.ButtonStyle.secondary)
        self.what, self.match_id = what, match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> NumbersButton:
        return cls(match["what"], int(match["match"]))

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        view, names = await flows.play.own_view(interaction, self.match_id)
        key = "place" if self.what == "numbers" else "buy"
        if key not in _legal(view):
            raise UserError(not_now(view, names))
        await interaction.response.send_modal(numbers_form(self.what, self.match_id))


class BuyNoneButton(Action, template=r"dealer:ma:buynone:(?P<match>\d+)"):
    """Buy none of the won projects (L16): a choice a menu of at least one cannot make."""

    def __init__(self, match_id: int) -> None:
        super().__init__(f"dealer:ma:buynone:{match_id}", "Buy none", discord.ButtonStyle.secondary)
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> BuyNoneButton:
        return cls(int(match["match"]))

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await flows.play.move(interaction, self.match_id, {"type": "buy", "cards": []})


class EndButton(Action, template=r"dealer:ma:end:(?P<match>\d+)"):
    """The host's confirmation of `/mars end` (MA-D6)."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            f"dealer:ma:end:{match_id}", "Yes, end the match", discord.ButtonStyle.danger
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> EndButton:
        return cls(int(match["match"]))

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await flows.host.host_move(
            interaction, {"type": "end"}, self.match_id, said="You ended the Mars Auction."
        )


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    PlaceMenu,
    SecondMenu,
    PutButton,
    NumbersButton,
    BuyNoneButton,
    EndButton,
)


def end_view(match_id: int) -> discord.ui.View:
    return confirmation(EndButton(match_id))


# -- the controls, from a view ------------------------------------------------------------


def _place_menus(out: discord.ui.View, match_id: int, cards: Sequence[Option], most: int) -> None:
    for group, (placeholder, chunk) in enumerate(groups(cards)):
        out.add_item(
            PlaceMenu(
                match_id,
                group,
                _select_options(chunk),
                f"Markers on… {placeholder}",
                most,
            )
        )


def _bidding(
    out: discord.ui.View,
    match_id: int,
    variant: str,
    cards: Sequence[Option],
    most: int,
    *,
    raise_label: str | None,
    pass_label: str | None,
) -> discord.ui.View:
    """The bidding controls: the card menus, Card numbers and Pass (limited); Raise and Pass
    on this card (unlimited)."""
    if variant == "limited":
        if cards:
            _place_menus(out, match_id, cards, most)
            out.add_item(NumbersButton("numbers", match_id))
        out.add_item(ActButton(match_id, "pass", "Pass", discord.ButtonStyle.danger))
        return out
    if raise_label is not None:
        out.add_item(ActButton(match_id, "raise", raise_label, discord.ButtonStyle.primary))
    if pass_label is not None:
        out.add_item(ActButton(match_id, "pass", pass_label, discord.ButtonStyle.danger))
    return out


def board_controls(match_id: int, event: dict[str, Any]) -> discord.ui.View | None:
    """The controls on the channel's board message of a bidding turn, from the public view it
    shows: the menus of the cards markers may go on now, Card numbers and Pass; or Raise and
    Pass on this card. Only the player to move gets past them."""
    view = event.get("view") or {}
    if view.get("step") != "bidding":
        return None
    lot = view.get("lot")
    opened = bool(lot and lot["bids"])
    return _bidding(
        discord.ui.View(timeout=None),
        match_id,
        view["variant"],
        public_options(view),
        2,
        raise_label="Raise" if opened else "Open the bidding",
        pass_label="Pass on this card" if opened else None,
    )


def controls(match_id: int, view: dict[str, Any], names: Names) -> discord.ui.View | None:
    """A player's 1-on-1 controls, from their own view's legal actions: the bidding controls
    on their turn (only the cards open to them); the budget form; the keep menu; the buy
    menu (up to 25 won projects, and as many as the player's M€ buy), their numbers typed
    (any number of them), and Buy none. None: nothing to do."""
    legal = _legal(view)
    if not legal:
        return None
    out = discord.ui.View(timeout=None)
    if view.get("step") == "bidding":
        place = legal.get("place")
        most = place.pick.max if place is not None and place.pick is not None else 1
        raise_ = legal.get("raise")
        pass_ = legal.get("pass")
        return _bidding(
            out,
            match_id,
            view["variant"],
            own_options(view),
            most,
            raise_label=raise_.label if raise_ is not None else None,
            pass_label=pass_.label if pass_ is not None else None,
        )
    budget = legal.get("budget")
    if budget is not None:
        out.add_item(ActButton(match_id, "budget", budget.label, discord.ButtonStyle.primary))
        return out
    keep = legal.get("keep")
    if keep is not None and keep.pick is not None:
        out.add_item(_pick_menu(match_id, keep, names))
        return out
    buy = legal.get("buy")
    if buy is not None and buy.pick is not None:
        if buy.pick.max >= 1 and len(buy.pick.choices) <= MAX_OPTIONS:
            out.add_item(_pick_menu(match_id, buy, names, least=1))
        out.add_item(NumbersButton("buynumbers", match_id))
        out.add_item(BuyNoneButton(match_id))
        return out
    return None


def _pick_menu(
    match_id: int, action: GameAction, names: Names, least: int | None = None
) -> ActMenu:
    """The generic menu of an action's choices (keep: exactly its count; buy: 1 up to what
    the player's M€ buy, Buy none being its own button)."""
    assert action.pick is not None
    choices = action.pick.choices[:MAX_OPTIONS]
    return ActMenu(
        match_id,
        action.key,
        [
            discord.SelectOption(
                label=named(c.label, names)[:100],
                value=c.value,
                description=c.description[:100] if c.description else None,
            )
            for c in choices
        ],
        placeholder=f"{action.label}: {action.pick.label.lower()}",
        min_values=least if least is not None else min(action.pick.min, len(choices)),
        max_values=max(1, min(action.pick.max, len(choices))),
    )


# -- what the controls do -----------------------------------------------------------------


def not_now(view: Mapping[str, Any], names: Names) -> str:
    """Why a player may not put markers (or buy) now, in the engine's words."""
    to_act = view.get("to_act")
    if view.get("step") == "bidding" and to_act and to_act != (view.get("me") or {}).get("player"):
        return f"It is {names(to_act)}'s turn, not yours."
    return "That is not open to you now: your 1-on-1 (`/me`) shows what you can do."


async def ask_markers(
    interaction: discord.Interaction[Any], flows: Handlers, match_id: int, card: int
) -> None:
    """One card picked: answer privately with one marker or two on it, or one here and one on
    another card. A card not open to the player goes to the engine as a single marker, whose
    refusal says why (evaluated, a fourth marker, not bid on in this round)."""
    view, names = await flows.play.own_view(interaction, match_id)
    legal = _legal(view)
    if "place" not in legal:
        raise UserError(not_now(view, names))
    ones = {c.number: c for c in own_options(view)}
    if card not in ones:
        await flows.play.move(interaction, match_id, {"type": "place", "cards": [card]})
        return
    twos = {c.number for c in own_options(view, "place_twice")}
    place = legal["place"]
    most = place.pick.max if place.pick is not None else 1
    out = discord.ui.View(timeout=None)
    out.add_item(PutButton(match_id, card, twice=False))
    if card in twos:
        out.add_item(PutButton(match_id, card, twice=True))
    others = [c for c in ones.values() if c.number != card]
    if most >= 2 and others:
        for group, (placeholder, chunk) in enumerate(groups(others)):
            out.add_item(
                SecondMenu(
                    match_id, card, group, _select_options(chunk), f"…and one on {placeholder}"
                )
            )
    chosen = ones[card].label
    more = ", or one here and one on another card (the menus below)" if most >= 2 and others else ""
    await interaction.response.send_message(
        f"Card **{chosen}**: one marker{' or two' if card in twos else ''} on it{more}?",
        view=out,
        ephemeral=True,
    )


NUMBERS_FORM = re.compile(r"dealer:ma:(?P<what>numform|buyform):(?P<match>\d+)")
NUMBERS_FIELD = "cards"


def numbers_form(what: str, match_id: int) -> discord.ui.Modal:
    """The card-numbers form; stopped before it is sent, like the amount form: it is answered
    from its custom id (`answer_numbers_form`), before or after a restart alike."""
    marking = what == "numbers"
    form = discord.ui.Modal(
        title="Your markers" if marking else "Projects to buy",
        custom_id=f"dealer:ma:{'numform' if marking else 'buyform'}:{match_id}",
    )
    form.add_item(
        discord.ui.TextInput(
            label="Card numbers" if marking else "Numbers of the won projects you buy",
            custom_id=NUMBERS_FIELD,
            placeholder="3 7, or 3 3 for two on card 3" if marking else "31 40 52",
            min_length=1,
            max_length=400,
        )
    )
    form.stop()
    return form


async def answer_numbers_form(interaction: discord.Interaction[Any], found: re.Match[str]) -> None:
    text = form_values(interaction).get(NUMBERS_FIELD, "")
    match_id = int(found["match"])
    flows = handlers(interaction)
    await guarded(interaction, _numbers(interaction, flows, found["what"], match_id, text))


async def _numbers(
    interaction: discord.Interaction[Any], flows: Handlers, what: str, match_id: int, text: str
) -> None:
    numbers = parse_numbers(text)
    if numbers is None:
        raise UserError(
            PLACE_HELP
            if what == "numform"
            else "Type the card numbers of the won projects you buy, such as `31 40`."
        )
    if what == "numform":
        if len(numbers) > 2:
            raise UserError(f"At most 2 markers a turn. {PLACE_HELP}")
        await flows.play.move(interaction, match_id, {"type": "place", "cards": numbers})
        return
    view, _ = await flows.play.own_view(interaction, match_id)
    cards = {int(c["number"]): str(c["name"]) for c in view["display"]}
    missing = [n for n in numbers if n not in cards]
    if missing:
        raise UserError(f"There is no card {missing[0]} on display.")
    await flows.play.move(
        interaction, match_id, {"type": "buy", "cards": [cards[n] for n in numbers]}
    )
