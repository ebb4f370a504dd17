"""The season's web page (bot/web/seasons.py): linked from `/season standings`, at an
unguessable address, showing the standings, each member's history and the season's matches
(linked to their pages) as the ledger shows them publicly: a garnet trade of a match still
running shows nowhere on it until the match ends (AA-14, AA-D9)."""

from __future__ import annotations

import random
from typing import Any

from aiohttp.test_utils import TestClient

from tests.bot import test_web
from tests.drivers.seasons import Series
from tests.drivers.web import season_token, token_in
from tests.leaks.scan import page_text

#: The bot serving pages, and the test client reading them: test_web's fixtures.
simcord_bot = test_web.simcord_bot
web = test_web.web


async def test_the_standings_link_to_the_season_page(
    simcord_env: Any, web: TestClient[Any, Any]
) -> None:
    t = Series(simcord_env, 4)
    await t.boss.slash(t.channel, "season start", name="<i>Spring</i>", starting_garnets=3)
    token = await season_token(t)
    season = await t.season()
    assert token != str(season.id) and len(token) >= 24
    assert await season_token(t) == token, "one address per season"
    answer = await web.get(f"/s/{token}")
    assert answer.status == 200
    body = await answer.text()
    assert "&lt;i&gt;Spring&lt;/i&gt;" in body and "<i>Spring" not in body
    assert "Nobody is enrolled yet" in page_text(body)
    for path in ("/s/nope", f"/s/{season.id}", "/s/nope/standings.png", f"/s/{token}x"):
        answer = await web.get(path)
        assert answer.status == 404 and "No such page" in await answer.text(), path


async def test_the_page_shows_what_the_ledger_shows_everyone(
    simcord_env: Any, web: TestClient[Any, Any]
) -> None:
    t = Series(simcord_env, 4)
    await t.boss.slash(t.channel, "season start", name="Spring", starting_garnets=3)
    await t.boss.slash(
        t.channel, "season adjust", member=t.players[3], garnets=4, reason="a fine show"
    )
    lobby = await t.open(phase_minutes=60, rounds=1)
    await t.host.click(lobby, label="Start")
    token = await season_token(t)
    match_page = token_in(t.channel)
    assert match_page is not None
    await t.players[0].slash(t.channel, "garnet-trade")

    running = page_text(await (await web.get(f"/s/{token}")).text())
    assert "Auction Auction match #" in running and "being played" in running
    assert "a fine show" in running and "+4 garnets" in running
    assert "spent in" not in running, "the trade is private until the match ends (AA-14)"
    assert "Entries of matches still running show when those matches end." in running
    body = await (await web.get(f"/s/{token}")).text()
    assert f'href="/m/{match_page}"' in body, "the match is linked to its page"
    board = await web.get(f"/s/{token}/standings.png")
    assert board.status == 200 and board.content_type == "image/png"

    await t.play_to_end(random.Random(5))
    over = page_text(await (await web.get(f"/s/{token}")).text())
    assert "-1 garnet — spent in Auction Auction match" in over
    assert "place, Auction Auction match" in over and "over" in over

    await t.host.slash(t.channel, "match web", page="off")
    body = await (await web.get(f"/s/{token}")).text()
    assert f"/m/{match_page}" not in body, "a page turned off is not linked"
