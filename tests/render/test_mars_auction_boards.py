"""The Mars Auction's board images: goldens, alt texts that carry the facts, size and width,
and what they may show — never a budget, the M€ a player has left or a sealed choice (MA-D3)."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from games.core.drawing import Board, fonts, namer
from games.core.drawing.board import ALT_TEXT
from games.core.drawing.canvas import Canvas
from games.core.match import Match
from games.mars_auction import ENGINE
from games.mars_auction.render import (
    KEPT_TILES,
    MARGIN,
    NAME_SIZES,
    TILE_H,
    WIDTH,
    _tile,
    display_board,
    settlement_board,
    tile_width,
)
from games.tm_catalogue import builtin
from tests.render.golden import MAX_BYTES, assert_matches_golden
from tools import render_samples
from tools.render_samples import AuctionPlayed, shown


@pytest.fixture(scope="module")
def ma() -> AuctionPlayed:
    return render_samples.auction_matches()


def boards(ma: AuctionPlayed) -> dict[str, Board]:
    return {
        "mars-auction-setup-5-players": display_board(shown(ma.limited), ma.names),
        "mars-auction-unlimited-card": display_board(shown(ma.unlimited), ma.names),
        "mars-auction-settlement": settlement_board(shown(ma.settlement), ma.names),
        "mars-auction-final": settlement_board(shown(ma.final), ma.names),
    }


@pytest.fixture(scope="module")
def drawn(ma: AuctionPlayed) -> dict[str, Board]:
    """`boards` drawn once per module (per pytest-xdist worker), for the tests that only read
    them (a `Board` is frozen)."""
    return boards(ma)


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
    name: str, drawn: dict[str, Board], tmp_path: Path
) -> None:
    assert_matches_golden(name, drawn[name], tmp_path)


def test_the_boards_are_deterministic_small_and_phone_wide(drawn: dict[str, Board]) -> None:
    first = drawn
    assert first == boards(render_samples.auction_matches())
    for board in first.values():
        picture = Image.open(io.BytesIO(board.png))
        assert picture.format == "PNG"
        assert picture.width == 960
        assert len(board.png) < MAX_BYTES, board.filename


def test_the_samples_have_what_the_images_must_handle(ma: AuctionPlayed) -> None:
    """80 cards with markers of several players on one card, passes and the turn; an
    unlimited card with bids; a research auction's settlement with purchases."""
    limited = shown(ma.limited)
    assert len(limited.display) == 80
    assert any(len([n for n in c.markers.values() if n]) >= 2 for c in limited.display)
    assert any(s.passed for s in limited.seats.values())
    assert len(shown(shown(ma.unlimited).lot).bids) >= 3
    assert any(entry.bought for entry in shown(ma.settlement).players.values())


def test_the_display_alt_text_says_who_put_what_where(
    ma: AuctionPlayed, drawn: dict[str, Board]
) -> None:
    view = shown(ma.limited)
    alt = drawn["mars-auction-setup-5-players"].alt
    assert alt.startswith("Mars Auction, Setup auction, round 2 of 3: ")
    turn = ma.names[shown(view.to_act)]
    assert f"{turn}'s turn" in alt
    for player, seat in view.seats.items():
        assert f"{ma.names[player]} ({'ABCDE'[view.players.index(player)]})" in alt
        assert f"{seat.placed} marker" in alt
    # 80 cards, 37 with markers, and five long names: past an alt text's 1,024 characters
    # whichever way the cards are said, so the counts, the dealt message listing the cards.
    marked = [c for c in view.display if not c.done and any(c.markers.values())]
    assert len(alt) <= ALT_TEXT and len(marked) == 37
    assert alt.endswith(
        f"{len(marked)} cards have markers, {len(view.display) - len(marked)} have none; the "
        "message that dealt them lists them."
    )


def test_an_unlimited_card_shows_its_bids_and_the_high_bidder(
    ma: AuctionPlayed, drawn: dict[str, Board]
) -> None:
    view = shown(ma.unlimited)
    alt = drawn["mars-auction-unlimited-card"].alt
    lot = shown(view.lot)
    card = next(c for c in view.display if c.number == lot.number)
    bids = ", ".join(f"{ma.names[p]} {a} M€" for p, a in lot.bids)
    printed = builtin().get(card.name)
    assert printed is not None and printed.number
    named = f"{card.name} ({printed.number})"
    said = f"Up for auction: card {card.number}, {named}; bids: {bids}."
    assert said in alt
    high = ma.names[lot.bids[-1][0]]
    assert f"{high} (" in alt and f"high bid {lot.bids[-1][1]} M€" in alt


def test_the_settlement_says_what_each_player_holds_and_paid(
    ma: AuctionPlayed, drawn: dict[str, Board]
) -> None:
    """Five players' holdings run past an alt text's 1,024 characters with the cards'
    numbers: a sentence a player, the cards by name."""
    alt = drawn["mars-auction-settlement"].alt
    assert len(alt) <= ALT_TEXT
    for player, entry in shown(ma.settlement).players.items():
        assert f"{ma.names[player]}: {entry.corporation}; preludes " in alt
        assert f"paid {entry.paid_now} M€ now, {entry.paid} M€ in all." in alt
        for project in entry.projects:
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


def drawn_texts(monkeypatch: pytest.MonkeyPatch, board: Callable[[], Board]) -> list[str]:
    """The words an image is drawn with, each `Canvas.text` call's string."""
    said: list[str] = []
    original = Canvas.text

    def recording(self: Canvas, x: float, y: float, text: str, *args: Any, **kw: Any) -> Any:
        said.append(text)
        return original(self, x, y, text, *args, **kw)

    monkeypatch.setattr(Canvas, "text", recording)
    board()
    return said


def test_a_display_drawn_again_pastes_its_cards_tiles_with_the_same_pixels(
    ma: AuctionPlayed, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cards' tiles are kept with their words: the next display of the match draws none
    of those words again, and its image is the same, byte for byte."""
    KEPT_TILES.clear()
    drawn: list[Board] = []
    limited = ma.limited
    assert limited is not None

    def draw() -> Board:
        drawn.append(display_board(limited, ma.names))
        return drawn[-1]

    first = Counter(drawn_texts(monkeypatch, draw))
    again = Counter(drawn_texts(monkeypatch, draw))
    assert drawn[1] == drawn[0]
    kept = first - again
    assert again - first == Counter()
    numbers = Counter(str(card.number) for card in limited.display)
    assert len(numbers) == 80 and numbers - kept == Counter(), "each card's number is kept"
    # Each card's name too (on one or two lines), and a corporation's starting M€.
    assert kept.total() >= 2 * 80 and kept["start 48 M€"] == 2


def test_a_kept_tile_is_pasted_only_where_its_words_fall_on_the_same_pixels(
    ma: AuctionPlayed,
) -> None:
    """A line of text is placed by rounding half to even: a tile drawn at an even y is drawn
    again at an odd one, where its words fall otherwise, not pasted."""
    assert ma.limited is not None
    card = ma.limited.display[0]
    players = list(ma.limited.players)

    def drawn_at(y: int) -> bytes:
        canvas = Canvas(WIDTH, TILE_H + 4)
        _tile(canvas, MARGIN, y, card, players, namer(ma.names), up=False)
        return canvas.image.crop((MARGIN, y, MARGIN + tile_width(), y + TILE_H)).tobytes()

    KEPT_TILES.clear()
    odd = drawn_at(1)
    KEPT_TILES.clear()
    even = drawn_at(2)
    assert odd != even, "the words fall on other pixels at an odd y"
    assert drawn_at(1) == odd
    assert drawn_at(2) == even


def two_player_setup() -> Match:
    """ann and bob's setup: four companies, eight preludes, twenty projects; ann starts."""
    companies = ["CrediCor", "Teractor", "PhoboLog", "Helion"]
    catalogue = builtin()
    preludes = [c.name for c in catalogue.select(types=["prelude"])][:8]
    projects = [c.name for c in catalogue.select(types=["automated", "active", "event"])][:20]
    match, _ = Match.start(
        ENGINE,
        ["ann", "bob"],
        {"display": [*companies, *preludes, *projects], "first_player": "ann"},
        1,
    )
    return match


def test_a_card_drawn_free_is_shown_as_drawn_not_won(monkeypatch: pytest.MonkeyPatch) -> None:
    """L14: ann and bob pass in round 1, win no company and each draw one, free."""
    match = two_player_setup()
    match.submit("ann", {"type": "pass"})
    match.submit("bob", {"type": "pass"})
    view = ENGINE.view(match.state, None)
    drawn = [c for c in view.display if c.drawn]
    assert len(drawn) == 2 and all(c.winner for c in drawn)
    names = {"ann": "Ann", "bob": "Bob"}
    words = drawn_texts(monkeypatch, lambda: display_board(view, names))
    assert not any(w.startswith("won ·") for w in words), words
    assert words.count("drawn · free") == 2
    alt = display_board(view, names).alt
    for card in drawn:
        assert f"{card.number} {card.name}: drawn by {names[shown(card.winner)]}, free" in alt
    assert "won by" not in alt


def test_the_keep_step_shows_choosing_only_for_whoever_chooses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ann wins two companies and keeps one (L15); bob won one and has nothing to choose: the
    image and its text both wait for ann alone."""
    match = two_player_setup()
    match.submit("ann", {"type": "place", "cards": [1, 2]})
    match.submit("bob", {"type": "place", "cards": [3]})
    match.submit("ann", {"type": "pass"})
    match.submit("bob", {"type": "pass"})
    view = ENGINE.view(match.state, None)
    assert view.step == "keep" and ENGINE.turn(match.state).must == ["ann"]
    names = {"ann": "Ann", "bob": "Bob"}
    words = drawn_texts(monkeypatch, lambda: display_board(view, names))
    assert words.count("choosing") == 1, words
    alt = display_board(view, names).alt
    assert "Ann (A): choosing" in alt and "Bob (B): choosing" not in alt
