"""The MARSBOT draft's board image: goldens, an alt text that carries every card shown,
and its size and width."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.i18n import LANGUAGES, PSEUDO, speaking
from games.core.drawing import Board, Canvas, fonts
from games.core.drawing.board import ALT_TEXT
from games.core.match import Match
from games.marsbot_draft import ENGINE
from games.marsbot_draft.cards import DraftCard
from games.marsbot_draft.render import (
    COST,
    NAME_SIZES,
    TILE_H,
    TILE_W,
    _sections,
    _tile,
    draft_alt,
    draft_board,
)
from games.marsbot_draft.views import DraftView
from games.tm_catalogue import PROJECT_TYPES, builtin
from tests.render.golden import MAX_BYTES, assert_matches_golden
from tools.render_samples import DRAFTER, marsbot_drafts


@pytest.fixture(scope="module")
def drafts() -> dict[str, DraftView]:
    return marsbot_drafts()


@pytest.fixture(scope="module")
def drawn(drafts: dict[str, DraftView]) -> dict[str, Board]:
    """Each sample draft's board drawn once per module (per pytest-xdist worker), for the
    tests that only read them (a `Board` is frozen)."""
    return {stem: draft_board(view, DRAFTER) for stem, view in drafts.items()}


@pytest.mark.parametrize("stem", ["whole-round-3", "whole-ended", "table-round-3"])
def test_the_draft_board_matches_its_golden_image(
    stem: str, drawn: dict[str, Board], tmp_path: Path
) -> None:
    assert_matches_golden(f"marsbot-draft-{stem}", drawn[stem], tmp_path)


def test_the_alt_text_names_every_card_with_its_number_cost_and_tags(
    drafts: dict[str, DraftView], drawn: dict[str, Board]
) -> None:
    view = drafts["whole-round-3"]
    alt = drawn["whole-round-3"].alt
    for card in [*view.player_pile, *view.marsbot_pile, *view.marsbot_kept]:
        tags = ", ".join(card.tags) or "no tags"
        assert f"{card.name} ({card.number}), {card.cost} M€: {tags}" in alt
    last = view.rounds[-1]
    assert (
        f"MARSBOT took {last.chosen}; the numbers count each card's Jovian tags, then its Space "
        "tags, and the most is taken" in alt
    )
    ended = drafts["whole-ended"]
    assert ended.bought is not None
    alt = drawn["whole-ended"].alt
    assert "MARSBOT's action deck, top first:" in alt and "the bonus card" in alt
    for name in ended.bought:
        assert f"{name} (" in alt and "bought" in alt
    table = drawn["table-round-3"].alt
    assert "Venus Governor (255), 4 M€: venus, venus" in table
    assert "Your pile (what MARSBOT left)" in table


def test_the_draft_boards_are_deterministic_small_and_phone_wide(
    drawn: dict[str, Board],
) -> None:
    again = marsbot_drafts()
    assert set(again) == set(drawn)
    for stem, board in drawn.items():
        assert board == draft_board(again[stem], DRAFTER)
        picture = Image.open(io.BytesIO(board.png))
        assert picture.format == "PNG" and 800 <= picture.width <= 1000
        assert len(board.png) <= MAX_BYTES


def test_no_catalogue_name_is_cut_on_a_tile() -> None:
    """Every project card's name fits its tile on two lines beside the widest cost badge."""
    widest = Canvas(400, 60).badge(390, 20, "43 M€", COST, size=12, align="right", upper=False)
    room = TILE_W - 24 - widest - 6
    cut = [
        card.name
        for card in builtin().select(types=PROJECT_TYPES)
        if " ".join(fonts.wrap_fitted(card.name, *NAME_SIZES, room, 2, bold=True)[1]) != card.name
    ]
    assert cut == []


def test_every_tag_of_a_card_is_on_its_tile(monkeypatch: pytest.MonkeyPatch) -> None:
    """Research Outpost has three tags (science, city, building): all three chips are drawn,
    inside the tile, and so for every card with three tags."""
    match, _ = Match.start(
        ENGINE, ["ann"], {"mode": "table", "corporation": "Celestic", "own_first": True}, 4
    )
    moves: list[dict[str, Any]] = [
        {"type": "take", "card": "Birds"},
        {"type": "pick", "cards": ["Io Mining Industries", "Ganymede Colony", "Comet", "Asteroid"]},
        {"type": "take", "card": "Comet"},
        {"type": "pick", "cards": ["Research Outpost", "Power Plant", "Mangrove"]},
    ]
    for move in moves:
        match.submit("ann", move)
    view = ENGINE.view(match.state, None)
    shown = [c for c in view.player_pile if c.name == "Research Outpost"]
    assert shown and sorted(shown[0].tags) == ["building", "city", "science"]
    chips: list[tuple[str, float]] = []
    original = Canvas.badge

    def recording(self: Canvas, x: float, middle: float, label: str, *a: Any, **kw: Any) -> Any:
        chips.append((label, x))
        return original(self, x, middle, label, *a, **kw)

    monkeypatch.setattr(Canvas, "badge", recording)
    for card in [
        shown[0],
        DraftCard(name="Three tags", cost=20, tags=("microbe", "microbe", "jovian")),
    ]:
        chips.clear()
        _tile(Canvas(TILE_W, TILE_H), 0, 0, card, None, None)
        tags = [(label, x) for label, x in chips if not label.endswith("M€")]
        assert sorted(label for label, _ in tags) == sorted(card.tags), chips
    draft_board(view, DRAFTER)


@pytest.mark.parametrize("code", ["en", "cs", "ko", PSEUDO])
def test_the_alt_text_fits_discord_whole_in_every_language(
    code: str, drafts: dict[str, DraftView]
) -> None:
    """An alt text is never cut (Discord takes 1,024 characters): a board whose cards' costs
    and tags would run past it names its cards alone, in the language it is drawn in, the
    pseudo-locale's 40 % longer words too."""
    for stem, view in drafts.items():
        with speaking(LANGUAGES[code]):
            alt = draft_alt(view, DRAFTER["701"])
            last = _sections(view, DRAFTER["701"])[-1].title
        assert len(alt) <= ALT_TEXT, (stem, len(alt))
        assert last in alt and alt.endswith("."), (stem, alt[-80:])
    with speaking(LANGUAGES[PSEUDO]):
        alt = draft_alt(drafts["whole-round-3"], DRAFTER["701"])
    assert "Predators (024); Black Polar Dust (022)" in alt and "14 M€" not in alt
