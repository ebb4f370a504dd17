"""A board made as words alone (`drawing(False)`: the suite's bot, tests/conftest.py) is the
drawn board without its picture: the same alt text, detail and file name, an empty PNG, and
nothing drawn."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.season_board import standings_board
from games.core.drawing import Canvas, drawing
from tools import render_samples


def test_every_sample_board_in_words_alone_is_the_drawn_board_without_its_picture(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    samples = render_samples.boards()
    drawn = {stem: tell() for stem, tell in samples.items()}
    assert all(board.png.startswith(b"\x89PNG") for board in drawn.values())

    def no_picture(canvas: Canvas) -> bytes:
        raise AssertionError("a picture was drawn in words alone")

    monkeypatch.setattr(Canvas, "png", no_picture)
    with drawing(False):
        told = {stem: tell() for stem, tell in samples.items()}
    assert told == {stem: replace(board, png=b"") for stem, board in drawn.items()}
    kinds = {stem.split("-")[0] for stem in told}
    assert kinds == {"access", "lots", "one", "final", "season", "mars", "marsbot", "atrades"}


def test_drawing_is_back_on_after_words_alone() -> None:
    standings = render_samples.season_standings()
    with drawing(False):
        assert standings_board(standings).png == b""
    assert standings_board(standings).png.startswith(b"\x89PNG")
