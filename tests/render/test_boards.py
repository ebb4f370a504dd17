"""Board images: golden images per board type, alt texts that carry the facts, size, purity
of rendering, and that a player's card shows nothing of other players' sealed bids.

Goldens live in `tests/render/golden/`. After an intended change of look, rewrite them with

    UPDATE_GOLDENS=1 .venv/bin/pytest tests/render

and look at the new files before committing them. A comparison allows anti-aliasing to move
a little (another FreeType or Pillow build): a pixel counts as different only past
`TOLERANCE` in some channel, and up to `MAX_DIFFERENT` of the pixels may differ.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.games.auction_auction.texts import AuctionAuctionTexts
from bot.i18n import LANGUAGES, PSEUDO, speaking
from bot.season_board import standings_board
from games.auction_auction import ENGINE
from games.auction_auction.events import AccessResolved, AuctionEnded
from games.auction_auction.model import BLACK_MARKET, PHASES
from games.auction_auction.render import (
    access_board,
    card_view,
    final_board,
    location_board,
    one_on_one_card,
)
from games.auction_auction.views import PlayerView
from games.core.drawing import Board, fonts
from games.core.drawing.board import ALT_TEXT
from games.core.drawing.fonts import FONTS
from games.core.engine import HOST
from games.core.match import Match
from tests.render.golden import MAX_BYTES, assert_matches_golden, seen
from tools import render_samples
from tools.render_samples import DRE, GENRE, Played


@pytest.fixture(scope="module")
def big() -> Played:
    return render_samples.twelve_players()


@pytest.fixture(scope="module")
def crowded() -> Played:
    return render_samples.crowded_black_market()


@pytest.fixture(scope="module")
def small() -> Played:
    return render_samples.five_players()


def ended(played: Played) -> AuctionEnded:
    """The end of a sample match, which every sample plays to."""
    assert played.result is not None
    return played.result


def player_view(played: Played, player: str) -> PlayerView:
    view = ENGINE.view(played.match.state, player)
    assert isinstance(view, PlayerView)
    return view


# -- golden images ------------------------------------------------------------------------

BOARDS: dict[str, Callable[[Played, Played, Played], Board]] = {
    "access-12-players": lambda big, crowded, small: access_board(
        big.access[0], big.names, house_capacity=3
    ),
    "lots-genre-shop": lambda big, crowded, small: location_board(big.lots[(1, GENRE)], big.names),
    "lots-black-market-12-players": lambda big, crowded, small: location_board(
        crowded.lots[(1, BLACK_MARKET)], crowded.names
    ),
    "one-on-one-auction": lambda big, crowded, small: one_on_one_card(
        big.views["auction"], big.names
    ),
    "one-on-one-ended": lambda big, crowded, small: one_on_one_card(
        small.views["ended"], small.names
    ),
    "final-12-players": lambda big, crowded, small: final_board(ended(big), big.names),
    "final-5-players": lambda big, crowded, small: final_board(ended(small), small.names),
    "season-standings-12-members": lambda big, crowded, small: standings_board(
        render_samples.season_standings()
    ),
}


@pytest.fixture(scope="module")
def drawn(big: Played, crowded: Played, small: Played) -> dict[str, Board]:
    """Each of `BOARDS` drawn once per module (per pytest-xdist worker): the tests below only
    read them (a `Board` is frozen), and each draws again what it compares them with."""
    return {name: make(big, crowded, small) for name, make in BOARDS.items()}


@pytest.mark.parametrize("name", list(BOARDS))
def test_board_matches_its_golden_image(name: str, drawn: dict[str, Board], tmp_path: Path) -> None:
    assert_matches_golden(name, drawn[name], tmp_path)


@pytest.fixture(scope="module")
def replayed() -> tuple[Played, Played, Played]:
    """The three sample matches played again, apart from `big`, `crowded` and `small`."""
    return (
        render_samples.twelve_players(),
        render_samples.crowded_black_market(),
        render_samples.five_players(),
    )


@pytest.mark.parametrize("name", list(BOARDS))
def test_rendering_is_deterministic(
    name: str,
    big: Played,
    crowded: Played,
    small: Played,
    drawn: dict[str, Board],
    replayed: tuple[Played, Played, Played],
) -> None:
    first = drawn[name]
    again = BOARDS[name](big, crowded, small)
    assert first == again
    assert BOARDS[name](*replayed) == first


def test_boards_rendered_in_threads_at_once_equal_those_rendered_in_turn(
    big: Played, crowded: Played, small: Played, drawn: dict[str, Board]
) -> None:
    """Rendering is safe in threads: they share the cached faces and text, taking turns with
    FreeType. (The bot renders in worker processes, one board at a time in each: `bot.boards`,
    tests/bot/test_boards.py.) `drawn` was rendered in turn. The pictures and texts are the
    same; the PNG's bytes may not be: ISA-L once deflated the same rows of a board in another
    thread into two bytes fewer (`png_bytes`)."""
    names = list(BOARDS) * 3
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda name: BOARDS[name](big, crowded, small), names))
    differ = [
        name
        for name, board in zip(names, got, strict=True)
        if board != drawn[name] and seen(board) != seen(drawn[name])
    ]
    assert not differ, f"drawn in threads, these differ from the same drawn in turn: {differ}"


def test_boards_are_png_of_a_width_that_reads_on_a_phone(drawn: dict[str, Board]) -> None:
    for board in drawn.values():
        picture = Image.open(io.BytesIO(board.png))
        assert picture.format == "PNG"
        assert 800 <= picture.width <= 1000
        assert board.filename.endswith(".png")


def test_twelve_player_boards_stay_under_300_kb(big: Played, drawn: dict[str, Board]) -> None:
    boards = [
        drawn["access-12-players"],
        *(
            drawn["lots-genre-shop"] if lots == (1, GENRE) else location_board(event, big.names)
            for lots, event in big.lots.items()
        ),
        drawn["lots-black-market-12-players"],
        drawn["one-on-one-auction"],
        drawn["final-12-players"],
    ]
    for board in boards:
        assert len(board.png) < MAX_BYTES, board.filename


# -- alt texts --------------------------------------------------------------------------------


def test_access_alt_text_names_every_bid_entrant_and_tie(
    big: Played, drawn: dict[str, Board]
) -> None:
    alt = drawn["access-12-players"].alt
    assert "round 1" in alt
    assert (
        "Dr. E Appraisings: entered: Annabelle ($30) and Bartholomew von Habsburg-Lothringen" in alt
    )
    assert "tied out: Лена Смирнова ($15) and 王小明 ($15); 1 spot left empty" in alt
    assert "outbid: 🎲 Dice Goblin 🎲 ($4)" in alt
    assert "Wolley Limited: entered: Ólafur Arnalds ($10), ياسمين ($10) and Kai ($0)." in alt
    assert "Marguerite-Élise de la Fontaine (no bid)" in alt
    for bid in big.access[0].bids:
        assert big.names[bid.player] in alt
        assert f"${bid.amount}" in alt


def test_access_board_takes_house_capacity_from_the_event(big: Played) -> None:
    event = big.access[0]
    assert event.house_capacity == 3
    assert "1 spot left empty" in access_board(event, big.names).alt
    older = AccessResolved.model_validate(event.model_dump(exclude={"house_capacity"}))
    assert "left empty" not in access_board(older, big.names).alt


def test_location_alt_text_gives_each_lot_its_bids_and_outcome(drawn: dict[str, Board]) -> None:
    alt = drawn["lots-genre-shop"].alt
    assert "Genre Shop" in alt
    assert "Lot 1, 2 green cubes: won by dev_null for $6" in alt
    assert "Zoë 🦊 $20 (tied), Γιώργος $20 (tied) and dev_null $6" in alt
    assert "Lot 3, 1 yellow cube: discarded, every amount tied" in alt
    assert "Lot 5, 1 blue cube: no bids, discarded." in alt


def test_card_alt_text_gives_cash_garnets_cubes_location_and_bids(
    drawn: dict[str, Board],
) -> None:
    alt = drawn["one-on-one-auction"].alt
    assert "Zoë 🦊" in alt
    assert "Cash: $82 ($51 not promised to sealed bids) · Garnets: 4." in alt
    assert "0 red cubes" in alt and "hand: Nothing" in alt
    assert "Location: Genre Shop." in alt
    assert "Lot 1 (2 green cubes) $20" in alt and "Lot 4 (1 green cube) $3" in alt


def test_final_alt_text_gives_every_player_place_hand_cash_and_prizes(
    big: Played, drawn: dict[str, Board]
) -> None:
    result = ended(big)
    alt = drawn["final-12-players"].alt
    for standing in result.standings:
        assert big.names[standing.player] in alt
        assert f"${standing.cash}" in alt
    first = result.standings[0]
    assert f"1st: {big.names[first.player]}" in alt
    assert "wins 3 tokens of life and 3 garnets" in alt
    for player in result.elimination_candidates:
        assert f"Elimination candidate: {big.names[player]}" in alt


def test_description_fits_discord_attachment_limit() -> None:
    board = Board(b"", "The table. " * 100)
    short = board.description()
    assert len(short) <= 1024
    assert short.endswith("…")
    assert board.alt.startswith(short[:-1])
    assert board.description(4096) == board.alt


@pytest.mark.parametrize("code", ["en", "cs", "ko", PSEUDO])
def test_the_final_tables_alt_text_fits_whole_in_every_language(big: Played, code: str) -> None:
    """Twelve players' final table is never cut to Discord's 1,024 characters (the
    pseudo-locale's 40 % longer words too): it says each player's cubes when they fit, and
    leaves them to the image and the result's message when they do not."""
    result = ended(big)
    with speaking(LANGUAGES[code]):
        alt = final_board(result, big.names).alt
    assert len(alt) <= ALT_TEXT
    (last,) = result.elimination_candidates
    assert alt.rstrip("‧⟧").endswith(f"{big.names[last]}."), alt[-60:]
    small = render_samples.five_players()
    alt = final_board(ended(small), small.names).alt
    assert "3rd: Cleo, Four of a Kind (5 green cubes), $63; wins 2 garnets." in alt
    assert "5th: Eve, Nothing (no cubes), $71." in alt, "a colour held by none goes unsaid"


@pytest.mark.parametrize("code", ["en", "cs", "ko", PSEUDO])
def test_the_season_standings_alt_text_fits_whole_in_every_language(code: str) -> None:
    """A season's standings are never cut to Discord's 1,024 characters: twelve members'
    (1,279 characters said row by row in the pseudo-locale) give each one's numbers after a
    sentence that names them; sixty members', as many rows as fit and how many more the
    image shows."""
    season = render_samples.season_standings()
    rows = season["rows"]
    sixty = [{**row, "name": f"{row['name']} {n}"} for n in range(1, 6) for row in rows]
    with speaking(LANGUAGES[code]):
        twelve = standings_board(season).alt
        crowded = standings_board({**season, "rows": sixty}).alt
    assert len(twelve) <= ALT_TEXT and len(crowded) <= ALT_TEXT
    for place, row in enumerate(rows, start=1):
        assert f"{place}. {row['name']}: " in twelve
    if code == PSEUDO:
        assert "12. Seongjin: 0, 0, ×2, " in twelve, "the numbers alone"
    shown = [place for place, row in enumerate(sixty, 1) if f"{place}. {row['name']}: " in crowded]
    assert shown == list(range(1, len(shown) + 1)) and 12 < len(shown) < 60, shown
    rest = crowded.rsplit(f"{len(shown)}. ", 1)[1]
    assert re.findall(r"(?<![\d.])\d+(?![\d.])", rest)[-1] == str(60 - len(shown)), rest
    if code == "en":
        assert crowded.endswith(f" {60 - len(shown)} more members are in the image.")


# -- what a card may show -----------------------------------------------------------------


def test_card_does_not_change_when_other_players_bid_in_secret() -> None:
    """Views carry no other player's sealed bid; the card is drawn from the view, so another
    player's standing bid, at the same location or elsewhere, changes nothing on it."""
    played = render_samples.twelve_players_at_auction()
    before = one_on_one_card(played.card("305"), played.names)
    played.bid("306", f"{GENRE}:2", 17)
    played.bid("301", f"{DRE}:2", 9)
    after = one_on_one_card(played.card("305"), played.names)
    assert played.view("306").me.lot_bids[f"{GENRE}:2"] == 17
    assert after == before


def test_access_card_does_not_change_when_others_bid_for_houses() -> None:
    match, _ = Match.start(ENGINE, list(render_samples.FIVE), {}, seed=1)
    played = Played(dict(render_samples.FIVE), match)
    played.bid("501", GENRE, 12)
    before = one_on_one_card(played.card("501"), played.names)
    played.bid("502", GENRE, 40)
    played.bid("503", DRE, 3)
    assert one_on_one_card(played.card("501"), played.names) == before


def test_a_card_drawn_from_its_card_view_is_the_card_drawn_from_the_whole_view(
    big: Played, crowded: Played, small: Played
) -> None:
    """The bot sends the render worker only `card_view` and the player's own name
    (`AuctionAuctionTexts.card_input`): the card is the same from them in each phase, at a
    house and in the Black Market, after the end, kicked."""
    match, _ = Match.start(ENGINE, list(render_samples.FIVE), {}, seed=1)
    match.submit("host", {"type": "kick", "player": "502"})
    kicked = ENGINE.view(match.state, "502")
    assert isinstance(kicked, PlayerView)
    at_auction = render_samples.twelve_players_at_auction()
    cases = [
        *(
            (player_view(played, player), played.names)
            for played in (big, crowded, small)
            for player in played.names
        ),
        *((at_auction.view(player), at_auction.names) for player in at_auction.names),
        (kicked, render_samples.FIVE),
    ]
    phases = {view.phase for view, _ in cases} | {
        view.phase for played in (big, crowded, small) for view in played.views.values()
    }
    assert phases == {"access", "auction", "ended"}
    texts = AuctionAuctionTexts()
    for view, names in cases:
        card = texts.card(*texts.card_input(view, names))
        assert card is not None and card == texts.card(view, names)


def test_card_view_stays_the_same_when_others_submit() -> None:
    """So that the bot asks the render worker once for a card that did not change."""
    match, _ = Match.start(ENGINE, list(render_samples.FIVE), {}, seed=1)
    played = Played(dict(render_samples.FIVE), match)
    played.bid("501", GENRE, 12)
    view = played.view("501")
    played.bid("502", GENRE, 40)
    assert played.view("501") != view
    assert card_view(played.view("501")) == card_view(view)


def test_a_spectator_and_the_host_have_no_card(big: Played) -> None:
    texts = AuctionAuctionTexts()
    assert texts.card(ENGINE.view(big.match.state, None), big.names) is None
    assert texts.card(ENGINE.view(big.match.state, HOST), big.names) is None


def test_card_of_a_kicked_player_says_so() -> None:
    match, _ = Match.start(ENGINE, list(render_samples.FIVE), {}, seed=1)
    match.submit("host", {"type": "kick", "player": "502"})
    view = ENGINE.view(match.state, "502")
    assert isinstance(view, PlayerView)
    board = one_on_one_card(card_view(view), render_samples.FIVE)
    assert "You no longer play in this match (removed by the host, or conceded)." in board.alt


# -- names ----------------------------------------------------------------------------------


def test_names_may_be_a_function_and_unknown_ids_show_as_ids(big: Played) -> None:
    event = big.access[0]
    by_mapping = access_board(event, big.names)
    by_function = access_board(event, lambda pid: big.names[pid])
    assert by_function == by_mapping
    partial = {pid: name for pid, name in big.names.items() if pid != "311"}
    assert "311 ($0)" in access_board(event, partial).alt


def test_names_with_line_breaks_and_control_characters_stay_on_one_line(big: Played) -> None:
    names: dict[str, Any] = dict(big.names)
    names["301"] = "Anna\nbelle\t\x07"
    alt = access_board(big.access[0], names).alt
    assert "Anna belle ($30)" in alt


# -- the toolkit ----------------------------------------------------------------------------


def test_fonts_and_their_licences_are_bundled() -> None:
    for name in (fonts.REGULAR, fonts.BOLD, fonts.EMOJI, fonts.CJK):
        assert (FONTS / name).is_file()
    for licence in ("LICENSE-DejaVu.txt", "OFL-NotoEmoji.txt", "LICENSE-DroidSansFallback.txt"):
        assert (FONTS / licence).is_file()


def test_each_character_is_set_in_a_face_that_has_it() -> None:
    runs = fonts.runs("Zoë 🦊 王小明", 20)
    faces = [Path(str(run.font.path)).name for run in runs]
    assert faces == [fonts.REGULAR, fonts.EMOJI, fonts.REGULAR, fonts.CJK]
    assert "".join(run.text for run in runs) == "Zoë 🦊 王小明"


def test_ellipsize_fits_and_keeps_emoji_sequences_whole() -> None:
    family = "👨\u200d👩\u200d👧"
    text = f"Bartholomew {family}{family} von Habsburg-Lothringen"
    for limit in (40, 90, 140, 200):
        short = fonts.ellipsize(text, 18, limit)
        assert fonts.width(short, 18) <= limit
        assert short.endswith("…")
        assert short.count("\u200d") % 2 == 0
    assert fonts.ellipsize("Kai", 18, 200) == "Kai"


def test_wrap_keeps_every_word_within_the_width() -> None:
    text = "Everyone pays all their bids, won or lost, and the highest unique bid wins."
    lines = fonts.wrap(text, 15, 200)
    assert len(lines) > 1
    assert " ".join(lines) == text
    assert all(fonts.width(line, 15) <= 200 for line in lines)


# -- the samples command -----------------------------------------------------------------------


@pytest.mark.slow
def test_render_samples_writes_every_board_and_its_alt_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command's whole run (its matches played, every sample board drawn and written): the
    quick run draws a board of each kind against its golden image and runs the command with
    wrong arguments. The samples the command took are kept to count, not played again."""
    taken: list[dict[str, Callable[[], Board]]] = []
    samples = render_samples.boards

    def keeping() -> dict[str, Callable[[], Board]]:
        taken.append(samples())
        return taken[-1]

    monkeypatch.setattr(render_samples, "boards", keeping)
    assert render_samples.main([str(tmp_path / "out")]) == 0
    [every] = taken
    pngs = sorted((tmp_path / "out").glob("*.png"))
    texts = sorted((tmp_path / "out").glob("*.txt"))
    assert len(pngs) == len(texts) == len(every)
    assert {p.stem for p in pngs} == {t.stem for t in texts} == set(every)
    kinds = {p.stem.split("-")[0] for p in pngs}
    assert kinds == {"access", "lots", "one", "final", "season", "mars", "marsbot", "atrades"}


def test_render_samples_needs_one_directory() -> None:
    assert render_samples.main([]) == 2
    assert render_samples.main(["a", "b"]) == 2


def test_the_1_on_1_texts_and_the_cards_alt_text_say_the_same_sentences() -> None:
    """Issue 40: the sentences a 1-on-1 and its card share are written once: where the match
    stands, the cash and garnets, the standing access bid, and a removed player's note."""
    match, _ = Match.start(ENGINE, list(render_samples.FIVE), {}, seed=1)
    match.submit("501", {"type": "bid", "target": GENRE, "amount": 12})
    match.submit("host", {"type": "kick", "player": "502"})
    texts = AuctionAuctionTexts()
    for player in ("501", "503", "502"):
        view = ENGINE.view(match.state, player)
        assert isinstance(view, PlayerView)
        said = texts.one_on_one(view, [], lambda p: render_samples.FIVE[p])
        alt = one_on_one_card(card_view(view), render_samples.FIVE).alt
        shared = [
            sentence
            for sentence in (
                f"Auction Auction, round 1 of {view.rounds}, {PHASES['access']}",
                f"Cash: ${view.me.cash} (${view.me.uncommitted} not promised to sealed bids) · "
                f"Garnets: {view.me.garnets}",
                "Your sealed access bid: Genre Shop, $12.",
                "You have not bid for a house yet (no bid = the Black Market).",
                "You no longer play in this match (removed by the host, or conceded).",
            )
            if sentence in said
        ]
        assert len(shared) == 3, (player, said)
        assert all(sentence in alt for sentence in shared), (player, shared, alt)
