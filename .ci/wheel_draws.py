"""CI: the installed wheel draws a board, run by the wheel's environment from outside the
source tree: an Auction Auction player's 1-on-1 card at the match's start, rendered the way
the bot renders every image (`bot.boards`, in a worker process) with the fonts the wheel
carries (names with an emoji and a CJK character use all three faces); and the Terraforming
Mars card catalogue and the web pages' templates load from the wheel's package data."""

from __future__ import annotations

import asyncio
from pathlib import Path

import games
from bot import boards
from bot.games.registry import plugin_for
from bot.web.build import TEMPLATES
from games import tm_catalogue
from games.core.drawing import fonts
from games.core.match import Match
from games.registry import engine_for

GAME = "auction-auction"
PNG = b"\x89PNG\r\n\x1a\n"


async def main() -> None:
    installed = Path(games.__file__).parent
    assert "site-packages" in installed.parts, f"games is imported from {installed}"
    assert fonts.FONTS.is_relative_to(installed), f"the fonts are read from {fonts.FONTS}"
    engine = engine_for(GAME)
    players = [str(n) for n in range(1, engine.min_players + 1)]
    match, _ = Match.start(engine, players, {}, seed=1)
    names = {p: f"Player {p} 🎲 王" for p in players}
    try:
        card = await boards.card(plugin_for(GAME).texts, engine.view(match.state, "1"), names)
    finally:
        boards.shutdown()
    assert card is not None and card.png.startswith(PNG), "no PNG came out"
    print(f"{GAME}: a {len(card.png):,}-byte PNG, drawn by the installed wheel")
    cards = tm_catalogue.builtin()
    assert len(cards) > 200, f"the installed card catalogue holds {len(cards)} cards"
    print(f"the installed card catalogue holds {len(cards)} cards")
    gone = TEMPLATES.get_template("gone.html").render()
    assert "No such page" in gone, "the web pages' templates are not in the wheel"
    print("the installed web templates render")


if __name__ == "__main__":
    asyncio.run(main())
