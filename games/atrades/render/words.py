"""Words that Atrades's pictures and their alt texts share: companies, technologies, the
phase in a title, and a seat's letter."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import assert_never

from games.atrades.data import (
    TECHNOLOGY_BY_ID,
    TYPE_NAMES,
    TYPES,
    GoodsType,
    company_called,
    starting_type,
)
from games.atrades.model import Track
from games.atrades.render.hexes import TYPE_STYLES
from games.atrades.views import Board, CompanyView, MergerView, PublicView
from games.core.drawing import fonts
from games.core.drawing.palette import SEAT_LETTERS
from games.core.drawing.words import join, plural

Name = Callable[[str], str]
TRACK_NAMES: dict[Track, str] = {
    "acquire": "Acquire",
    "merger": "Merger",
    "bureaucracy": "Bureaucracy",
    "research": "Research",
}


#: The widest a player's name is set in a title (bold, at the title's 29 px), so that the
#: words after it are never cut.
TITLE_NAME_WIDTH = 320


def title_namer(name: Name) -> Name:
    """`name` for titles: a long name shortened with an ellipsis."""

    def short(player: str) -> str:
        return fonts.ellipsize(name(player), 29, TITLE_NAME_WIDTH, bold=True)

    return short


def seats(view: Board) -> list[str]:
    """The players in seat order."""
    return [g.player for g in view.guilds]


def seat_letter(view: Board, player: str) -> str:
    """A player's seat letter, A to E, in seat order: their badge on the map."""
    players = seats(view)
    return SEAT_LETTERS[players.index(player)] if player in players else "?"


def company_name(company: CompanyView) -> str:
    """ "Wiring 12": the type and the starting tile's initiative."""
    return company_called(company.initiative)


def tile_mark(kind: str, initiative: int) -> str:
    """What a tile shows: its type's letter and its company's initiative, "W12"."""
    style = TYPE_STYLES.get(kind)
    return f"{style[2] if style else '?'}{initiative}"


def company_words(company: CompanyView, name: Name, *, owner: bool = True) -> str:
    """ "Wiring 12 of Ann on B4 and C4, bank $5"; a sold company "Liquids 6, sold to the
    Government, on D2"."""
    hexes = join(company.hexes)
    if company.flipped:
        return f"{company_name(company)}, sold to the Government, on {hexes}"
    whose = f" of {name(company.owner)}" if owner else ""
    return f"{company_name(company)}{whose} on {hexes}, bank ${company.bank}"


def technology_words(tech: str) -> str:
    """ "Lobbyists (era 2, $7): 2 cubes on the bureaucracy track" (AT-D5)."""
    card = TECHNOLOGY_BY_ID.get(tech)
    if card is None:
        return tech
    return f"{card.name} (era {card.era}, ${card.cost}): {effect_words(tech)}"


def effect_words(tech: str) -> str:
    """What a technology does for its buyer, in words (AT-D5)."""
    card = TECHNOLOGY_BY_ID[tech]
    if card.effect == "bureaucracy":
        return f"{plural(card.amount, 'cube')} on the bureaucracy track"
    if card.effect == "price":
        goods = f"{TYPE_NAMES[card.goods]} goods" if card.goods else "goods of every type"
        return f"{goods} sell for ${card.amount} more"
    return f"demand +{card.amount} in each region with a company of the buyer's"


def phase_title(view: PublicView, name: Name) -> str:
    """What the match is doing now, for a title: "Round 3: Ann's action", by the decision
    open now (`games.atrades.decisions`; a new one is a mypy error here until it has its
    words)."""
    head = f"Round {view.round}"
    match view.decision:
        case "ended":
            winners = [name(w) for w in view.winners]
            return f"The game is over: {join(winners)} {'wins' if len(winners) == 1 else 'win'}"
        case "bids":
            return f"{head}: turn-order bids"
        case "expansion":
            growing = [c for c in view.companies if c.initiative in view.expansions[:1]]
            if growing:
                owner = name(growing[0].owner)
                return f"{head}: the market; {owner}'s {company_name(growing[0])} may expand"
            return f"{head}: the market"
        case "open" | "sealed" | "settle":
            return f"{head}: a merger's auction"
        case "free_acquire":
            return f"{head}: {name(view.free_acquires[0])}'s free Acquire"
        case "action":
            return f"{head}: {name(view.acting)}'s action" if view.acting else f"{head}: actions"
        case unknown:
            assert_never(unknown)


def merger_words(view: Board, merger: MergerView, name: Name) -> str:
    """The merger under way: the companies, the round, the high bid, who is still in and
    whose turn it is to raise or pass."""
    by_initiative = {c.initiative: c for c in view.companies}
    a, b = (company_name(by_initiative[n]) for n in merger.companies)
    parts = [
        f"{name(merger.starter)} put {a} and {b} up for a merger",
        f"round {merger.round} of {merger.rounds}, the last one sealed",
    ]
    if merger.leader is not None:
        parts.append(f"high bid ${merger.high} by {name(merger.leader)}")
    else:
        parts.append(f"no bid yet (at least ${len(merger.track)})")
    bidders = [name(p) for p in merger.bidders]
    if bidders:
        parts.append(f"still in: {join(bidders)}")
    if merger.to_bid is not None:
        parts.append(f"{name(merger.to_bid)} to raise or pass")
    if merger.winner is not None:
        parts.append(f"won by {name(merger.winner)}")
    return "; ".join(parts)


def supply_words(supply: Mapping[GoodsType, int]) -> str:
    """The plain tiles left by type: "Rations 12, Liquids 6, …"."""
    return ", ".join(f"{TYPE_NAMES[t]} {supply.get(t, 0)}" for t in TYPES)


def display_words(display: Sequence[int]) -> str:
    """The starting tiles face up (AT-D7): "Rations 3 and Wiring 12"."""
    return join([f"{TYPE_NAMES[starting_type(n)]} {n}" for n in display]) or "none"
