"""The MARSBOT draft's board image: goldens, an alt text that carries every card shown,
and its size and width."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from games.core.drawing import Canvas, fonts
from games.marsbot_draft.render import COST, NAME_SIZES, TILE_W, draft_board
from games.tm_catalogue import PROJECT_TYPES, builtin
from tests.render.test_boards import MAX_BYTES, assert_matches_golden
from tools.render_samples import DRAFTER, marsbot_drafts


@pytest.fixture(scope="module")
def drafts() -> dict[str, dict[str, Any]]:
    return marsbot_drafts()


@pytest.mark.parametrize("stem", ["whole-round-3", "whole-ended", "table-round-3"])
def test_the_draft_board_matches_its_golden_image(
    stem: str, drafts: dict[str, dict[str, Any]], tmp_path: Path
) -> None:
    assert_matches_golden(f"marsbot-draft-{stem}", draft_board(drafts[stem], DRAFTER), tmp_path)


def test_the_alt_text_names_every_card_with_its_number_cost_and_tags(
    drafts: dict[str, dict[str, Any]],
) -> None:
    view = drafts["whole-round-3"]
    alt = draft_board(view, DRAFTER).alt
    for card in [*view["player_pile"], *view["marsbot_pile"], *view["marsbot_kept"]]:
        tags = ", ".join(card["tags"]) or "no tags"
        assert f"{card['name']} ({card['number']}), {card['cost']} M€: {tags}" in alt
    last = view["rounds"][-1]
    assert f"MARSBOT took {last['chosen']} (keys: Jovian·Space)" in alt
    ended = drafts["whole-ended"]
    alt = draft_board(ended, DRAFTER).alt
    assert "MARSBOT's action deck, top first:" in alt and "the bonus card" in alt
    for name in ended["bought"]:
        assert f"{name} (" in alt and "bought" in alt
    table = draft_board(drafts["table-round-3"], DRAFTER).alt
    assert "Venus Governor (255), 4 M€: venus, venus" in table
    assert "Your pile (what MARSBOT left)" in table


def test_the_draft_boards_are_deterministic_small_and_phone_wide(
    drafts: dict[str, dict[str, Any]],
) -> None:
    again = marsbot_drafts()
    for stem, view in drafts.items():
        board = draft_board(view, DRAFTER)
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
