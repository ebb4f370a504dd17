"""Project Mars's board images: goldens, alt texts that carry the facts, size and width,
and what each image may show — a face-down trap is face up only in its owner's hand card."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.i18n import LANGUAGES, PSEUDO, speaking
from games.core.contract import Pick
from games.core.drawing import Board, Canvas
from games.core.drawing.board import ALT_TEXT, namer
from games.core.match import Match
from games.project_mars import ENGINE
from games.project_mars.model import COLUMNS, column_of
from games.project_mars.render import (
    final_board,
    hand_card,
    public_board,
    round_board,
)
from games.project_mars.render.table import table_words
from games.project_mars.views import PlayerView
from tests.render.golden import MAX_BYTES, assert_matches_golden
from tools import render_samples
from tools.render_samples import MARS, MarsPlayed, shown

OWNER, VICTIM = "601", "602"


@pytest.fixture(scope="module")
def pm() -> MarsPlayed:
    return render_samples.mars_match()


def own(match: Match, player: str) -> PlayerView:
    seen = ENGINE.view(match.state, player)
    assert isinstance(seen, PlayerView)
    return seen


def boards(pm: MarsPlayed) -> dict[str, Board]:
    return {
        "mars-table": public_board(shown(pm.table), pm.names),
        "mars-hand-with-traps": hand_card(shown(pm.hand), pm.names),
        "mars-hand-back-hand": hand_card(shown(pm.keep), pm.names),
        "mars-round-1": round_board(pm.rounds[0], pm.names),
        "mars-result": final_board(shown(pm.result), pm.names),
    }


@pytest.fixture(scope="module")
def drawn(pm: MarsPlayed) -> dict[str, Board]:
    """`boards` drawn once per module (per pytest-xdist worker), for the tests that only read
    them (a `Board` is frozen)."""
    return boards(pm)


@pytest.fixture(scope="module")
def round_boards(pm: MarsPlayed) -> list[Board]:
    """Each round's count of the sample drawn once per module, as `drawn`."""
    return [round_board(event, pm.names) for event in pm.rounds]


@pytest.mark.parametrize(
    "name",
    ["mars-table", "mars-hand-with-traps", "mars-hand-back-hand", "mars-round-1", "mars-result"],
)
def test_mars_board_matches_its_golden_image(
    name: str, drawn: dict[str, Board], tmp_path: Path
) -> None:
    assert_matches_golden(name, drawn[name], tmp_path)


def test_mars_boards_are_deterministic_small_and_phone_wide(
    drawn: dict[str, Board], round_boards: list[Board]
) -> None:
    first = drawn
    again = boards(render_samples.mars_match())
    assert first == again
    for board in [*first.values(), *round_boards]:
        picture = Image.open(io.BytesIO(board.png))
        assert picture.format == "PNG"
        assert 800 <= picture.width <= 1000
        assert len(board.png) < MAX_BYTES, board.filename


def test_the_sample_has_what_the_images_must_handle(pm: MarsPlayed) -> None:
    """Face-down traps and revealed cards on the table, a back hand, three rounds."""
    table, keep, result = shown(pm.table), shown(pm.keep), shown(pm.result)
    field = table.sides[VICTIM].field
    assert any(p and p.face_down for p in field.values())
    assert any(side.revealed for side in table.sides.values())
    assert keep.me.back_hand and keep.phase == "mulligan" and not keep.sides[OWNER].kept
    assert len(pm.rounds) == len(result.rounds) == 3


def test_table_alt_text_says_what_lies_where_but_not_what_a_trap_is(
    pm: MarsPlayed, drawn: dict[str, Board]
) -> None:
    """Said whole, each card with its row and lane; this table with its long names runs past
    an alt text's 1,024 characters, so its alt text gives the fields row by row."""
    alt = drawn["mars-table"].alt
    name = pm.names[OWNER]
    assert "Round 2: Bartholomew von Habsburg-Lothringen's turn" in alt
    whole = table_words(shown(pm.table), namer(pm.names), None, level=0)
    assert f"a face-down trap of {name} (defence row, lane 3)" in whole
    assert len(alt) <= ALT_TEXT < len(whole)
    assert f", 3 a face-down trap of {name}, 4 Outpost (PWR 3)." in alt
    assert "Landmine" not in alt, "the public board never names a face-down card"
    table = shown(pm.table)
    for side in table.sides.values():
        for card in side.revealed:
            assert card.name in alt
        assert f"hand {side.hand_count}, deck {side.deck_count}" in alt
    tpr = table.projection.tpr
    assert f"TPR {name} {tpr[OWNER]}" in alt


@pytest.mark.parametrize("code", ["en", "cs", "ko", PSEUDO])
def test_every_alt_text_fits_discord_whole_in_every_language(pm: MarsPlayed, code: str) -> None:
    """An alt text is never cut (Discord takes 1,024 characters): the sample's boards, with
    their 35-character name, fit in every language, the pseudo-locale's 40 % longer words
    too; a 1-on-1 that would not leaves each lane's winner to the image and still gives its
    whole hand and the TPR."""
    with speaking(LANGUAGES[code]):
        alts = {stem: board.alt for stem, board in boards(pm).items()}
        hand = shown(pm.hand)
        tpr = hand.projection.tpr
    assert {stem: len(alt) for stem, alt in alts.items() if len(alt) > ALT_TEXT} == {}
    for card in hand.me.hand:
        assert card.name in alts["mars-hand-with-traps"]
    assert (
        f"{pm.names[OWNER]} {tpr[OWNER]}, {pm.names[VICTIM]} {tpr[VICTIM]}"
        in (alts["mars-hand-with-traps"])
    )
    if code == PSEUDO:
        assert "each lane's winner" not in alts["mars-hand-with-traps"]


def test_the_owner_sees_their_trap_and_their_hand(pm: MarsPlayed, drawn: dict[str, Board]) -> None:
    alt = drawn["mars-hand-with-traps"].alt
    assert len(alt) <= ALT_TEXT
    assert ", 3 your Landmine, face down, 4 Outpost (PWR 3)." in alt
    hand = shown(pm.hand).me.hand
    assert f"Your hand ({len(hand)}):" in alt
    for card in hand:
        assert card.name in alt
    assert "Sniper (PWR 0), revealed" in alt


def test_a_public_board_is_the_same_whatever_the_face_down_card_is(pm: MarsPlayed) -> None:
    """Rendered from the public view, the table cannot change when only a secret does: the
    trap on the field and the cards in the hands are swapped for others."""
    match, _ = Match.start(ENGINE, list(MARS), {"decks": {OWNER: "shadow-ops"}}, seed=4)
    match.submit(VICTIM, {"type": "deck", "deck": "vanguard"})
    while match.state.phase == "mulligan":
        player = ENGINE.turn(match.state).must[0]
        match.submit(player, {"type": "mulligan", "cards": []})
    if match.state.turn != OWNER:
        match.submit(VICTIM, {"type": "pass"})
    [trap] = [a for a in ENGINE.legal_actions(match.state, OWNER) if a.key == "trap"]
    assert trap.pick is not None
    chosen = trap.pick.choices[0]
    [where] = chosen.then
    assert isinstance(where, Pick)
    match.submit(OWNER, trap.build({"card": chosen.value, "slot": where.choices[0].value}))
    public = public_board(ENGINE.view(match.state, None), MARS)
    owners = hand_card(own(match, OWNER), MARS)
    placed = match.state.cards[chosen.value]
    placed.key = "spy" if placed.key != "spy" else "landmine"
    for card in match.state.seats[OWNER].hand:
        match.state.cards[card].key = "sinkhole"
    assert public_board(ENGINE.view(match.state, None), MARS) == public
    assert hand_card(own(match, OWNER), MARS) != owners


def test_a_round_board_counts_the_cards_where_they_lay(
    pm: MarsPlayed, round_boards: list[Board]
) -> None:
    """The fields rebuilt for the count hold exactly the cards the count scored, and each
    lane's totals agree with its winner."""
    for event, board in zip(pm.rounds, round_boards, strict=True):
        fields = event.fields
        face_up = {
            p.card.id
            for field in fields.values()
            for p in field.values()
            if p and not p.face_down and p.card is not None
        }
        assert face_up == set(event.score.pwr)
        for column in COLUMNS:
            totals = {
                player: sum(
                    p.pwr or 0
                    for slot, p in field.items()
                    if p and not p.face_down and column_of(slot) == column
                )
                for player, field in fields.items()
            }
            winner = event.score.lanes[column - 1]
            if winner is not None and len(set(totals.values())) > 1:
                loser = next(p for p in totals if p != winner)
                assert totals[winner] >= totals[loser]
        alt = board.alt
        assert f"round {event.round} resolved" in alt
        for player, tpr in event.score.tpr.items():
            assert f"{pm.names[player]}'s TPR {tpr}" in alt


def test_result_alt_text_gives_each_round(pm: MarsPlayed, drawn: dict[str, Board]) -> None:
    alt = drawn["mars-result"].alt
    result = shown(pm.result)
    assert result.winner is not None
    assert f"the match is over: {pm.names[result.winner]} wins" in alt
    for played in result.rounds:
        assert f"Round {played.round}:" in alt


def test_a_round_won_by_the_second_seat_reads_the_winners_tpr_first(
    pm: MarsPlayed, monkeypatch: pytest.MonkeyPatch
) -> None:
    """'X wins it, TPR 21 to 5', whichever seat won: in the image's header and its alt text."""
    event = pm.rounds[0]
    first, second = event.players
    score = event.score.model_copy(update={"tpr": {first: 5, second: 21}})
    won = event.model_copy(update={"winner": second, "score": score})
    headers: list[Any] = []
    title_bar = Canvas.title_bar

    def recorded(self: Canvas, *args: Any, **kwargs: Any) -> Any:
        headers.append(args)
        return title_bar(self, *args, **kwargs)

    monkeypatch.setattr(Canvas, "title_bar", recorded)
    board = round_board(won, pm.names)
    assert headers[0][2] == ["21 – 5 TPR"]
    names = pm.names
    assert f"{names[second]} wins it, TPR {names[second]} 21 to {names[first]} 5." in board.alt
