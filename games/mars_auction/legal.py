"""What a player may do now (the limited variant's markers L6-L9, the unlimited variant's bids
U2-U5, a budget L9, a keep L15, a buy L16), as the contract's actions."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import NamedTuple

from games.core.contract import MENU_OPTIONS, Action, Amount, Answer, Choice, Pick
from games.core.speech import N_
from games.mars_auction import budgets, phases
from games.mars_auction.model import (
    KEEP,
    KINDS,
    MAX_MC,
    MAX_ON_CARD,
    NO_SECOND,
    Kind,
    State,
)
from games.tm_catalogue import (
    numbered,
)

#: A card's choice as a pick describes it, by its kind (a company's starting M€, a project's
#: cost: `games.tm_catalogue.model.shape_problem`), and the menus' groups of them.
DESCRIBED: dict[Kind, str] = {
    "company": N_("company, starts with {starting} M€"),
    "prelude": N_("prelude"),
    "project": N_("project, {cost} M€"),
}
GROUPS: dict[Kind, str] = {
    "company": N_("Companies {first}–{last}"),
    "prelude": N_("Preludes {first}–{last}"),
    "project": N_("Projects {first}–{last}"),
}
#: A keep's button and its pick, by the kind kept (L15: companies or preludes).
KEEP_LABELS: dict[Kind, str] = {
    "company": N_("Keep {count} company"),
    "prelude": N_("Keep {count} preludes"),
}
KEEP_PICKS: dict[Kind, str] = {
    "company": N_("Companies to keep"),
    "prelude": N_("Preludes to keep"),
}
THIS_CARD = N_("This card")


class Placeable(NamedTuple):
    """A display card open to a player's marker, as their placement offers it (L6-L7):
    what its choice shows and whether a second marker of theirs may go on it too."""

    number: int
    name: str
    kind: Kind
    cost: int | None
    starting_mc: int | None
    second: bool


def _by_kind(cards: tuple[Placeable, ...]) -> list[Placeable]:
    """The cards in the order a pick lists them: by kind, in the display's order within it."""
    return [c for kind in KINDS for c in cards if c.kind == kind]


def _card_choices(cards: tuple[Placeable, ...]) -> dict[int, Choice]:
    """The cards as a pick offers them, by display number: grouped by kind, then by number
    in groups of at most 25 (one menu each: "Projects 31–55")."""
    out: dict[int, Choice] = {}
    for kind in KINDS:
        mine = [c for c in cards if c.kind == kind]
        for start in range(0, len(mine), MENU_OPTIONS):
            chunk = mine[start : start + MENU_OPTIONS]
            group = GROUPS[kind].format(first=chunk[0].number, last=chunk[-1].number)
            for card in chunk:
                out[card.number] = Choice(
                    value=str(card.number),
                    label=f"{card.number} · {numbered(card.name)}"[:100],
                    description=DESCRIBED[card.kind].format(
                        starting=card.starting_mc, cost=card.cost
                    ),
                    group=group,
                )
    return out


@lru_cache(maxsize=64)
def _placement(cards: tuple[Placeable, ...], two: bool) -> Action:
    """The placement of markers on these cards, a second one too when `two` (frozen, so
    built once per situation: a pick of up to 80 cards, each with a pick of the others
    after it, is validated in milliseconds, and every view, summary and check of a state
    asks for it again)."""
    choices = _card_choices(cards)
    firsts = []
    for card in cards:
        choice = choices[card.number]
        seconds = [Choice(value=NO_SECOND, label=N_("No second marker"), group=THIS_CARD)]
        if card.second:
            seconds.append(
                Choice(
                    value=choice.value,
                    label=N_("A second marker on {card}").format(card=choice.label)[:100],
                    group=THIS_CARD,
                )
            )
        seconds += [c for n, c in choices.items() if n != card.number]
        then = [Pick(field="second", choices=seconds, label=N_("Your second marker"))]
        firsts.append(choice.model_copy(update={"then": then}) if two else choice)
    return Action(
        key="place",
        label=N_("Put markers"),
        move={"type": "place"},
        steps=[Pick(field="card", choices=firsts, label=N_("A card for a marker"))],
    )


def placeable(state: State, player: str) -> tuple[tuple[Placeable, ...], bool] | None:
    """L6-L9: the cards open to the player's markers (L7: fewer than 3 of theirs on it), and
    whether they may put out 2 (L8, L9); None when they may put out none."""
    room = budgets.room(state, player)
    if room < 1:
        return None
    cards = tuple(
        Placeable(
            c.number,
            c.name,
            c.kind,
            c.cost,
            c.starting_mc,
            c.markers.get(player, 0) <= MAX_ON_CARD - 2,
        )
        for c in phases.biddable(state)
        if c.markers.get(player, 0) < MAX_ON_CARD
    )
    return (cards, room >= 2) if cards else None


def place_action(state: State, player: str) -> Action | None:
    """L6-L9: markers on the cards open to the player (L7: fewer than 3 of theirs on it):
    a card, then, when they may put out 2 (L8, L9), nothing more, a second marker on it
    (L7: at most 1 of theirs there) or one on another card."""
    open_ = placeable(state, player)
    return None if open_ is None else _placement(*open_)


def random_placement(
    cards: tuple[Placeable, ...], two: bool, rnd: random.Random
) -> dict[str, Answer]:
    """The answers `random_answers` draws for `_placement(cards, two)`, the same draws of
    `rnd` in the same order, without building the action (a pick of up to 80 cards, each
    with a pick of the others after it): what a random playout plays with."""
    rnd.randint(1, 1)
    (card,) = rnd.sample(cards, 1)
    answers: dict[str, Answer] = {"card": str(card.number)}
    if two:
        seconds = [NO_SECOND, *([str(card.number)] if card.second else [])]
        seconds += [str(c.number) for c in _by_kind(cards) if c.number != card.number]
        rnd.randint(1, 1)
        (answers["second"],) = rnd.sample(seconds, 1)
    return answers


def budget_actions(state: State, player: str) -> list[Action]:
    """L9: the M€ the player holds for this research auction, stated privately."""
    return [
        Action(
            key="budget",
            label=N_("State your M€"),
            move={"type": "budget"},
            steps=[Amount(min=0, max=MAX_MC, label=N_("M€ you hold for this auction"))],
            sealed=True,
        )
    ]


def _won_choices(state: State, player: str, kind: Kind) -> list[Choice]:
    """The cards of `kind` the player won in this auction, as a pick offers them."""
    cards = {c.name: c for c in state.display}
    return [
        Choice(value=name, label=f"{cards[name].number} · {name}"[:100])
        for name in phases.won(state, player, kind)
    ]


def keep_actions(state: State, player: str) -> list[Action]:
    """L14, L15: the companies (1) or preludes (2) to keep of those the player won."""
    kind: Kind = state.kind or "project"
    n = KEEP[kind]
    return [
        Action(
            key="keep",
            label=KEEP_LABELS[kind].format(count=n),
            move={"type": "keep"},
            steps=[
                Pick(
                    field="cards",
                    choices=_won_choices(state, player, kind),
                    min=n,
                    max=n,
                    as_list=True,
                    label=KEEP_PICKS[kind],
                    typed=True,
                )
            ],
            sealed=True,
        )
    ]


def buy_actions(state: State, player: str) -> list[Action]:
    """L16: the won projects to buy, as many as the player's M€ pay for, or none."""
    choices = _won_choices(state, player, "project")
    price = budgets.price(state, player)
    most = min(len(choices), (state.seats[player].money or 0) // price)
    none = Action(
        key="buy_none", label=N_("Buy none"), move={"type": "buy", "cards": []}, sealed=True
    )
    if most < 1:
        return [none]
    buy = Action(
        key="buy",
        label=N_("Buy projects ({price} M€ each)").format(price=price),
        move={"type": "buy"},
        steps=[
            Pick(
                field="cards",
                choices=choices,
                min=1,
                max=most,
                as_list=True,
                label=N_("Projects to buy"),
                typed=len(choices) > MENU_OPTIONS,
            )
        ],
        sealed=True,
    )
    return [buy, none]


def lot_actions(state: State, player: str) -> list[Action]:
    """U2, U5: a bid from the opening or the next raise up to what the player can pay; a
    pass after the opening."""
    lot = state.lot
    assert lot is not None
    high = lot.high
    low = 0 if high is None else high[1] + 1
    most = budgets.available(state, player)
    actions = []
    if low <= most:
        actions.append(
            Action(
                key="raise",
                label=N_("Open the bidding") if high is None else N_("Raise"),
                move={"type": "raise"},
                steps=[
                    Amount(
                        min=low,
                        max=most,
                        label=N_("Your bid in M€")
                        if low < most
                        else N_("All you can pay: {most} M€").format(most=most),
                    )
                ],
            )
        )
    if high is not None:
        actions.append(Action(key="pass", label=N_("Pass on this card"), move={"type": "pass"}))
    return actions


def marker_actions(state: State, player: str) -> list[Action]:
    """L6-L9: markers on one or two cards, or two on one, or a pass for the round."""
    place = place_action(state, player)
    return [
        *([place] if place is not None else []),
        Action(key="pass", label=N_("Pass"), move={"type": "pass"}),
    ]
