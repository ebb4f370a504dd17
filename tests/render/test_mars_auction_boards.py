"""The Mars Auction's board images: goldens, alt texts that carry the facts, size and width,
and what they may show — never a budget, the M€ a player has left or a sealed choice (MA-D3)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from games.core.drawing import Board, fonts
from games.core.match import Match
from games.mars_auction import ENGINE
from games.mars_auction.render import NAME_SIZES, display_board, settlement_board, tile_width
from games.tm_catalogue import builtin
from tests.render.test_boards import MAX_BYTES, assert_matches_golden
from tools import render_samples
from tools.render_samples import AuctionPlayed


@pytest.fixture(scope="module")
def ma() -> AuctionPlayed:
    return render_samples.auction_matches()


def boards(ma: AuctionPlayed) -> dict[str, Board]:
    return {
        "mars-auction-setup-5-players": display_board(ma.limited, ma.names),
        "mars-auction-unlimited-card": display_board(ma.unlimited, ma.names),
        "mars-auction-settlement": settlement_board(ma.settlement, ma.names),
        "mars-auction-final": settlement_board(ma.final, ma.names),
    }


@pytest.mark.parametrize(
    "name",
    [
        "mars-auction-setup-5-players",
        "mars-auction-unlimited-card",
        "mars-auction-settlement",
        "mars-auction-final",
    ],
)
def test_mars_auction_board_matches_its_golden_image(
    name: str, ma: AuctionPlayed, tmp_path: Path
) -> None:
    assert_matches_golden(name, boards(ma)[name], tmp_path)


def test_the_boards_are_deterministic_small_and_phone_wide(ma: AuctionPlayed) -> None:
    first = boards(ma)
    assert first == boards(render_samples.auction_matches())
    for board in first.values():
        picture = Image.open(io.BytesIO(board.png))
        assert picture.format == "PNG"
        assert picture.width == 960
        assert len(board.png) < MAX_BYTES, board.filename


def test_the_samples_have_what_the_images_must_handle(ma: AuctionPlayed) -> None:
    """80 cards with markers of several players on one card, passes and the turn; an
    unlimited card with bids; a research auction's settlement with purchases."""
    assert len(ma.limited["display"]) == 80
    assert any(len([n for n in c["markers"].values() if n]) >= 2 for c in ma.limited["display"])
    assert any(s["passed"] for s in ma.limited["seats"].values())
    assert len(ma.unlimited["lot"]["bids"]) >= 3
    assert any(entry["bought"] for entry in ma.settlement["players"].values())


def test_the_display_alt_text_says_who_put_what_where(ma: AuctionPlayed) -> None:
    view = ma.limited
    alt = display_board(view, ma.names).alt
    assert alt.startswith("Mars Auction, Setup auction, round 2 of 3: ")
    turn = ma.names[view["to_act"]]
    assert f"{turn}'s turn" in alt
    for player, seat in view["seats"].items():
        assert f"{ma.names[player]} ({'ABCDE'[view['players'].index(player)]})" in alt
        assert f"{seat['placed']} marker" in alt
    for card in view["display"]:
        assert str(card["name"]) in alt
        markers = ", ".join(f"{ma.names[p]} {n}" for p, n in card["markers"].items() if n)
        if markers and not card["done"]:
            assert f"{card['number']} {card['name']}" in alt and markers in alt


def test_an_unlimited_card_shows_its_bids_and_the_high_bidder(ma: AuctionPlayed) -> None:
    view = ma.unlimited
    alt = display_board(view, ma.names).alt
    lot = view["lot"]
    card = next(c for c in view["display"] if c["number"] == lot["number"])
    bids = ", ".join(f"{ma.names[p]} {a} M€" for p, a in lot["bids"])
    printed = builtin().get(card["name"])
    assert printed is not None and printed.number
    named = f"{card['name']} ({printed.number})"
    said = f"Up for auction: card {card['number']}, {named}; bids: {bids}."
    assert said in alt
    high = ma.names[lot["bids"][-1][0]]
    assert f"{high} (" in alt and f"high bid {lot['bids'][-1][1]} M€" in alt


def test_the_settlement_says_what_each_player_holds_and_paid(ma: AuctionPlayed) -> None:
    alt = settlement_board(ma.settlement, ma.names).alt
    for player, entry in ma.settlement["players"].items():
        assert ma.names[player] in alt
        assert f"paid {entry['paid_now']} M€ in this auction, {entry['paid']} M€ in all" in alt
        assert f"corporation {entry['corporation']}" in alt
        for project in entry["projects"]:
            assert project in alt


def test_a_board_is_the_same_whatever_the_budgets_and_sealed_choices() -> None:
    """Drawn from the public view, the display cannot change when only a secret does."""
    players = ["1", "2", "3"]
    match, _ = Match.start(ENGINE, players, {"start": "research", "first_player": "1"}, 4)
    match.submit("host", {"type": "research"})
    for player, amount in zip(players, (12, 30, 7), strict=True):
        match.submit(player, {"type": "budget", "amount": amount})
    match.submit("1", {"type": "place", "cards": [1, 2]})
    names = {p: f"player {p}" for p in players}
    board = display_board(ENGINE.view(match.state, None), names)
    for seat in match.state.seats.values():
        seat.money = 999
        seat.choice = ["a sealed choice"]
    assert display_board(ENGINE.view(match.state, None), names) == board


def test_no_catalogue_name_is_cut_on_a_tile() -> None:
    """Every card's name fits a display tile on at most two lines (the longest,
    'Magnetic Field Generators (promo)', on two)."""
    room = tile_width() - 20
    lines = {
        card.name: fonts.wrap_fitted(card.name, *NAME_SIZES, room, 2, bold=True)[1]
        for card in builtin()
    }
    assert [name for name, text in lines.items() if " ".join(text) != name] == []
    assert lines["Magnetic Field Generators (promo)"] == ["Magnetic Field", "Generators (promo)"]
