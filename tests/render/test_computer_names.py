"""Computer seats' names are set whole in every game's pictures (issue 41: "The game is over:
Dealer (computer… wins", and "Dealer (comp…" in the guilds' table): every sample board of
`tools.render_samples`, its players all named as computer seats are, cuts none of them."""

from __future__ import annotations

from typing import Any

import pytest

from bot.players import COMPUTER_NAME, computer_name
from games.core.drawing import fonts
from tools import render_samples

#: The samples' matches whose players are renamed (each has a `names` table).
MATCHES = (
    "twelve_players",
    "crowded_black_market",
    "five_players",
    "mars_match",
    "auction_matches",
    "atrades_match",
)


def test_no_computer_seats_name_is_cut_in_any_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    names = [computer_name(n) for n in range(1, 13)]
    cut: list[tuple[str, str]] = []
    ellipsize = fonts.ellipsize

    def spy(text: str, size: int, max_width: float, *, bold: bool = False) -> str:
        out = ellipsize(text, size, max_width, bold=bold)
        if out != text and text in {*names, COMPUTER_NAME}:
            cut.append((text, out))
        return out

    monkeypatch.setattr(fonts, "ellipsize", spy)

    def renamed(make: Any) -> Any:
        def played(*args: Any, **kwargs: Any) -> Any:
            match = make(*args, **kwargs)
            players = [p for p in match.names if p != "host"]
            # The practice seat's name where a match has two seats (Project Mars), else
            # numbered seats.
            given = [COMPUTER_NAME, names[0]] if len(players) == 2 else names
            for player, name in zip(players, given, strict=False):
                match.names[player] = name
            return match

        return played

    for match in MATCHES:
        monkeypatch.setattr(render_samples, match, renamed(getattr(render_samples, match)))
    drawn = []
    for stem, draw in render_samples.boards().items():
        before = len(cut)
        draw()
        drawn.append(stem)
        assert cut[before:] == [], stem
    assert "atrades-map-5-players-ended" in drawn and "mars-table" in drawn
