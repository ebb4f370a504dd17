"""Words that Atrades's pictures and their alt texts share: companies, technologies, the
phase in a title, and a seat's letter, in the language in force (`games.core.speech`); the
names of companies, guilds, regions and technologies stay as printed."""

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
from games.core.drawing.words import listed
from games.core.speech import N_, _, ngettext

Name = Callable[[str], str]
#: The tracks of a guild board by their actions' names (each said through `_`).
TRACK_NAMES: dict[Track, str] = {
    "acquire": N_("Acquire"),
    "merger": N_("Merger"),
    "bureaucracy": N_("Bureaucracy"),
    "research": N_("Research"),
}


def track_name(track: Track) -> str:
    """A track's name in the language in force: "Acquire"."""
    return _(TRACK_NAMES[track])


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
    hexes = listed(company.hexes)
    called = company_name(company)
    if company.flipped:
        return _("{company}, sold to the Government, on {hexes}").format(
            company=called, hexes=hexes
        )
    if owner:
        return _("{company} of {owner} on {hexes}, bank ${bank}").format(
            company=called, owner=name(company.owner), hexes=hexes, bank=company.bank
        )
    return _("{company} on {hexes}, bank ${bank}").format(
        company=called, hexes=hexes, bank=company.bank
    )


def technology_words(tech: str) -> str:
    """ "Lobbyists (era 2, $7): 2 cubes on the bureaucracy track" (AT-D5)."""
    card = TECHNOLOGY_BY_ID.get(tech)
    if card is None:
        return tech
    return _("{technology} (era {era}, ${cost}): {effect}").format(
        technology=card.name, era=card.era, cost=card.cost, effect=effect_words(tech)
    )


def effect_words(tech: str) -> str:
    """What a technology does for its buyer, in words (AT-D5)."""
    card = TECHNOLOGY_BY_ID[tech]
    if card.effect == "bureaucracy":
        return ngettext(
            "{count} cube on the bureaucracy track",
            "{count} cubes on the bureaucracy track",
            card.amount,
        ).format(count=card.amount)
    if card.effect == "price":
        if card.goods:
            return _("{type} goods sell for ${amount} more").format(
                type=TYPE_NAMES[card.goods], amount=card.amount
            )
        return _("goods of every type sell for ${amount} more").format(amount=card.amount)
    return _("demand +{amount} in each region with a company of the buyer's").format(
        amount=card.amount
    )


def phase_title(view: PublicView, name: Name) -> str:
    """What the match is doing now, for a title: "Round 3: Ann's action", by the decision
    open now (`games.atrades.decisions`; a new one is a mypy error here until it has its
    words)."""
    at = view.round
    match view.decision:
        case "ended":
            winners = [name(w) for w in view.winners]
            return ngettext(
                "The game is over: {winners} wins", "The game is over: {winners} win", len(winners)
            ).format(winners=listed(winners))
        case "bids":
            return _("Round {round}: turn-order bids").format(round=at)
        case "expansion":
            growing = [c for c in view.companies if c.initiative in view.expansions[:1]]
            if growing:
                return _("Round {round}: the market; {owner}'s {company} may expand").format(
                    round=at, owner=name(growing[0].owner), company=company_name(growing[0])
                )
            return _("Round {round}: the market").format(round=at)
        case "open" | "sealed" | "settle":
            return _("Round {round}: a merger's auction").format(round=at)
        case "free_acquire":
            return _("Round {round}: {player}'s free Acquire").format(
                round=at, player=name(view.free_acquires[0])
            )
        case "action":
            if view.acting:
                return _("Round {round}: {player}'s action").format(
                    round=at, player=name(view.acting)
                )
            return _("Round {round}: actions").format(round=at)
        case unknown:
            assert_never(unknown)


def merger_words(view: Board, merger: MergerView, name: Name) -> str:
    """The merger under way: the companies, the round, the high bid, who is still in and
    whose turn it is to raise or pass."""
    by_initiative = {c.initiative: c for c in view.companies}
    a, b = (company_name(by_initiative[n]) for n in merger.companies)
    parts = [
        _("{player} put {a} and {b} up for a merger").format(player=name(merger.starter), a=a, b=b),
        _("round {round} of {rounds}, the last one sealed").format(
            round=merger.round, rounds=merger.rounds
        ),
    ]
    if merger.leader is not None:
        parts.append(
            _("high bid ${amount} by {player}").format(
                amount=merger.high, player=name(merger.leader)
            )
        )
    else:
        parts.append(_("no bid yet (at least ${amount})").format(amount=len(merger.track)))
    bidders = [name(p) for p in merger.bidders]
    if bidders:
        parts.append(_("still in: {players}").format(players=listed(bidders)))
    if merger.to_bid is not None:
        parts.append(_("{player} to raise or pass").format(player=name(merger.to_bid)))
    if merger.winner is not None:
        parts.append(_("won by {player}").format(player=name(merger.winner)))
    return "; ".join(parts)


def supply_words(supply: Mapping[GoodsType, int]) -> str:
    """The plain tiles left by type: "Rations 12, Liquids 6, …"."""
    return ", ".join(f"{TYPE_NAMES[t]} {supply.get(t, 0)}" for t in TYPES)


def display_words(display: Sequence[int]) -> str:
    """The starting tiles face up (AT-D7): "Rations 3 and Wiring 12"."""
    return listed([f"{TYPE_NAMES[starting_type(n)]} {n}" for n in display]) or _("none")
