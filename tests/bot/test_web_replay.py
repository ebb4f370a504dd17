"""The replay page (bot/web/replays.py): a match stepped through from its record, each step
the channel's public view, a sealed bid shown from the step of its reveal and not before,
an address per step and a clear page for a step that is not one; the bot driven through
SimCord, the page read through aiohttp's test client."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from PIL import Image

from tests.bot import test_web
from tests.bot.conftest import Table
from tests.drivers.web import started
from tests.leaks.scan import page_text

#: The bot serving pages, and the test client reading them: test_web's fixtures.
simcord_bot = test_web.simcord_bot
web = test_web.web


async def step_text(web: TestClient[Any, Any], token: str, step: int) -> str:
    answer = await web.get(f"/m/{token}/replay?step={step}")
    assert answer.status == 200, step
    return page_text(await answer.text())


async def steps(web: TestClient[Any, Any], token: str) -> int:
    facts = await (await web.get(f"/m/{token}/replay.json")).json()
    count: int = facts["steps"]
    return count


async def test_a_sealed_bid_shows_at_its_reveal_and_not_before(
    simcord_env: Any, web: TestClient[Any, Any]
) -> None:
    t = Table(simcord_env, 4)
    token = await started(t)
    assert await steps(web, token) == 1, "the deal is step 0"
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=37)
    await t.players[1].slash(t.channel, "bid", target="genre-shop", amount=12)
    await t.players[1].slash(t.channel, "bid", target="genre-shop", amount=13)
    sealed = await steps(web, token)
    for step in range(sealed):
        assert "$37" not in await step_text(web, token, step)
    await t.close_phase()
    revealed = await steps(web, token)
    assert revealed > sealed
    before = [await step_text(web, token, step) for step in range(sealed)]
    assert not any("$37" in text or "$13" in text for text in before)
    after = await step_text(web, token, revealed - 1)
    assert "$37" in after, "the closing move reveals the bid"
    facts = await (await web.get(f"/m/{token}/replay.json?step={revealed - 1}")).json()
    assert any("$37" in text for text in facts["events"])
    assert facts["step"] == revealed - 1 and facts["steps"] == revealed


@pytest.mark.pictures
async def test_each_step_has_its_address_and_its_board(
    simcord_env: Any, web: TestClient[Any, Any]
) -> None:
    t = Table(simcord_env, 4)
    token = await started(t)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=11)
    await t.close_phase()
    count = await steps(web, token)
    page = await (await web.get(f"/m/{token}")).text()
    assert f'href="/m/{token}/replay"' in page, "the match page links to its replay"
    first = await (await web.get(f"/m/{token}/replay")).text()
    assert 'value="0"' in first and "Auction Auction: the replay" in first
    assert "Access phase" in page_text(first)
    last = await (await web.get(f"/m/{token}/replay?step={count - 1}")).text()
    assert "Auction phase" in page_text(last)
    # The Access phase's bids are sealed: its board is not drawn, the Auction phase's is.
    assert (await web.get(f"/m/{token}/replay/board.png?step=0")).status == 404
    assert "replay/board.png?step=0" not in first
    found = re.search(r'src="([^"]+/replay/board\.png[^"]+)"', last)
    assert found is not None
    board = await web.get(found[1].replace("&amp;", "&"))
    assert board.status == 200 and board.content_type == "image/png"
    assert Image.open(io.BytesIO(await board.read())).size[0] > 100
    again = await web.get(
        f"/m/{token}/replay/board.png?step={count - 1}",
        headers={"If-None-Match": board.headers["ETag"]},
    )
    assert again.status == 304


async def test_a_step_that_is_not_one_gets_a_clear_page(
    simcord_env: Any, web: TestClient[Any, Any]
) -> None:
    t = Table(simcord_env, 4)
    token = await started(t)
    count = await steps(web, token)
    for asked, status in (
        (str(count), 404),
        ("99999999999999999999", 400),
        ("-1", 400),
        ("abc", 400),
        ("1.5", 400),
        ("", 400),
        ("<b>x</b>", 400),
    ):
        for path in ("replay", "replay.json", "replay/board.png"):
            answer = await web.get(f"/m/{token}/{path}", params={"step": asked})
            assert answer.status == status, (path, asked)
            text = await answer.text()
            assert "No such step" in text and f"numbered 0 to {count - 1}" in text
            assert "<b>x</b>" not in text
    for path in ("replay", "replay.json", "replay/board.png"):
        assert (await web.get(f"/m/nope/{path}")).status == 404


async def test_a_finished_match_replays_to_its_end(
    simcord_env: Any, web: TestClient[Any, Any]
) -> None:
    t = Table(simcord_env, 4)
    token = await started(t)
    for _ in range(40):
        if (await t.state()).phase == "ended":
            break
        await t.close_phase()
    assert (await t.state()).phase == "ended"
    count = await steps(web, token)
    last = await step_text(web, token, count - 1)
    assert "the match is over" in last
    first = await step_text(web, token, 0)
    assert "the match is over" not in first


async def test_the_host_turning_the_page_off_closes_the_replay(
    simcord_env: Any, web: TestClient[Any, Any]
) -> None:
    t = Table(simcord_env, 4)
    token = await started(t)
    assert (await web.get(f"/m/{token}/replay")).status == 200
    await t.host.slash(t.channel, "match web", page="off")
    for path in ("replay", "replay.json", "replay/board.png"):
        answer = await web.get(f"/m/{token}/{path}")
        assert answer.status == 404 and "No such page" in await answer.text()


async def test_a_replay_of_nothing_told_yet_opens_nothing(
    simcord_env: Any, web: TestClient[Any, Any]
) -> None:
    """Before the channel is told the deal (a moment after the start), the replay has no
    step: its address opens the plain 404, not a page of steps "0 to -1"."""
    t = Table(simcord_env, 4)
    token = await started(t)
    await t.bot.storage._execute("UPDATE log SET delivered = 0 WHERE match_id = ?", (t.match_id,))
    for path in ("replay", "replay.json", "replay/board.png"):
        answer = await web.get(f"/m/{token}/{path}")
        assert answer.status == 404 and "No such page" in await answer.text(), path
