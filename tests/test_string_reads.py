"""`python -m tools.string_reads`: what it counts, and that the games on the typed seam keep
their texts and render free of string-keyed reads (issue 39)."""

from __future__ import annotations

import pytest

from tools.string_reads import ROOT, main, modules, reads

#: The modules of the games migrated to the typed seam (docs/engine-contract.md).
TYPED_MODULES = (
    "bot/games/marsbot_draft/texts.py",
    "games/marsbot_draft/render.py",
    "bot/games/mars_auction/texts.py",
    "bot/games/mars_auction/plugin.py",
    "bot/games/mars_auction/controls.py",
    "games/mars_auction/render.py",
    "games/mars_auction/render_words.py",
    "games/auction_auction/render/access.py",
    "games/auction_auction/render/card.py",
    "games/auction_auction/render/final.py",
    "games/auction_auction/render/location.py",
    "games/auction_auction/render/parts.py",
    "bot/games/atrades/texts.py",
    "bot/games/atrades/plugin.py",
    "games/atrades/render/map.py",
    "games/atrades/render/hexes.py",
    "games/atrades/render/guild.py",
    "games/atrades/render/words.py",
    "games/atrades/playout.py",
)


def test_it_counts_subscripts_and_gets_by_a_string_constant() -> None:
    source = (
        "view['phase']\n"
        "event.get('forced')\n"
        "event.get('forced', False)\n"
        "Literal['phase_opened']\n"
        "cards[0]\n"
        "view.phase\n"
        "table.get(key)\n"
        "d[name]\n"
    )
    assert reads(source) == 3


def test_it_reads_the_modules_named_by_the_issue() -> None:
    found = {str(path.relative_to(ROOT)) for path in modules()}
    assert {"bot/presenter.py", "bot/boards.py", "games/atrades/playout.py"} <= found
    assert {"games/atrades/render/map.py", "bot/games/marsbot_draft/texts.py"} <= found
    assert not any(path.startswith("games/core") for path in found)


def test_a_typed_games_texts_and_render_read_no_string_keys() -> None:
    for name in TYPED_MODULES:
        assert reads((ROOT / name).read_text(encoding="utf-8")) == 0, name


def test_it_prints_each_module_and_the_total(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].endswith("total")
    assert sum(int(line.split()[0]) for line in lines[:-1]) == int(lines[-1].split()[0])
