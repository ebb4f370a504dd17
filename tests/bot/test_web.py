"""The match's web page (bot/web): what its address opens, what it shows (the channel's
public view, never a sealed bid), its ETag and 304, its escaping, and the host's switch;
the bot driven through SimCord, the page read through aiohttp's test client."""

from __future__ import annotations

import html
import io
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from aiohttp.test_utils import TestClient, TestServer
from PIL import Image
from pydantic import ValidationError

from bot.app import DealerBot
from bot.service import MatchDamaged
from bot.settings import Settings, explain
from bot.storage import MatchRow
from bot.web.pages import MatchPages
from bot.web.server import application
from tests.bot.conftest import Table, make_bot
from tests.drivers.atrades import Atrades
from tests.drivers.web import WEB, started, token_in

#: The page's live part (what its polling replaces): the channel's public view.
LIVE = re.compile(r'<main id="live"[^>]*>(.*?)</main>', re.DOTALL)


def numbers_read(markup: str) -> set[int]:
    """The numbers a reader of `markup` reads: those of its words, not of its tags (whose
    attributes hold the page's random token and version, which may hold any digits)."""
    words = html.unescape(re.sub(r"<[^>]+>", " ", markup))
    return {int(found) for found in re.findall(r"\d+", words)}


#: Pages served on a port of the system's choosing, linked under an address of their own.


@pytest.fixture
def simcord_bot(db_path: Path | str) -> DealerBot:
    return make_bot(db_path, web=WEB)


@pytest.fixture
async def web(simcord_env: Any) -> AsyncIterator[TestClient[Any, Any]]:
    async with TestClient(TestServer(application(simcord_env.bot.web_server.pages))) as client:
        yield client


async def test_the_page_shows_the_public_status_and_follows_the_moves(
    simcord_env: Any, web: TestClient[Any, Any]
) -> None:
    t = Table(simcord_env, 4)
    token = await started(t)
    page = await web.get(f"/m/{token}")
    assert page.status == 200
    body = await page.text()
    assert "Auction Auction" in body and "Waiting for:" in body
    now = await web.get(f"/m/{token}/now")
    assert now.status == 200
    version = now.headers["ETag"]
    facts = await now.json()
    assert f'"{facts["version"]}"' == version
    same = await web.get(f"/m/{token}/now", headers={"If-None-Match": version})
    assert same.status == 304

    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=37)
    sealed = await web.get(f"/m/{token}/now", headers={"If-None-Match": version})
    if sealed.status == 200:  # the status words say who has bid: never how much
        told = await sealed.json()
        shown = [told["status"], told["alt"], told["html"], *(e["text"] for e in told["events"])]
        assert all(37 not in numbers_read(words) for words in shown), shown
    live = LIVE.search(await (await web.get(f"/m/{token}")).text())
    assert live is not None and 37 not in numbers_read(live[1]), "the page's live part"

    await t.close_phase()
    moved = await web.get(f"/m/{token}/now", headers={"If-None-Match": version})
    assert moved.status == 200 and moved.headers["ETag"] != version
    events = (await moved.json())["events"]
    assert any("$37" in e["text"] for e in events), "the revealed bid is told once revealed"
    # Each public event's words are the channel's (its markdown aside), and only those.
    channel = re.sub(r"\*\*|`", "", "\n".join(m.content for m in t.channel.history()))
    for told in events:
        plain = html.unescape(re.sub(r"<[^>]+>", "", told["text"]))
        assert plain.split("\n")[0].strip() in channel


async def test_the_atrades_page_gives_the_maps_words_at_length(
    simcord_env: Any, web: TestClient[Any, Any]
) -> None:
    """Discord takes 1,024 characters of the map's alt text, a summary; the page, which has
    no such limit, gives every hex, city, connector and free hex (`Board.detail`)."""
    game = Atrades(simcord_env, 3)
    await game.start()
    token = token_in(game.channel)
    assert token is not None
    facts = await (await web.get(f"/m/{token}/now")).json()
    row = await game.bot.service.row(game.match_id)
    assert row is not None
    live = game.bot.presenter.status
    drawn = await live.image(row, await live.moment(row))
    assert drawn is not None and len(drawn.alt) <= 1024 < len(drawn.detail)
    assert facts["alt"] == drawn.detail and "free land: " in facts["alt"]
    described = [a.description for m in game.channel.history() for a in m.attachments]
    assert drawn.alt in described, "Discord gets the summary"


@pytest.mark.pictures
async def test_the_board_is_the_status_image_with_its_alt_text(
    simcord_env: Any, web: TestClient[Any, Any]
) -> None:
    t = Table(simcord_env, 4)
    token = await started(t)
    sealed = await (await web.get(f"/m/{token}/now")).json()
    assert not sealed["board"], "an Access phase shows no board: its bids are sealed"
    assert (await web.get(f"/m/{token}/board.png")).status == 404
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=11)
    await t.close_phase()
    facts = await (await web.get(f"/m/{token}/now")).json()
    assert facts["board"]
    board = await web.get(f"/m/{token}/board.png?v={facts['version']}")
    assert board.status == 200 and board.content_type == "image/png"
    png = await board.read()
    assert Image.open(io.BytesIO(png)).size[0] > 100
    row = await t.bot.service.row(t.match_id)
    assert row is not None
    live = t.bot.presenter.status
    drawn = await live.image(row, await live.moment(row))
    assert drawn is not None and drawn.png == png and facts["alt"] == drawn.alt
    again = await web.get(f"/m/{token}/board.png", headers={"If-None-Match": board.headers["ETag"]})
    assert again.status == 304


async def test_a_hostile_name_is_escaped(simcord_env: Any, web: TestClient[Any, Any]) -> None:
    t = Table(simcord_env, 4)
    t.players.append(t.guild.add_member(simcord_env.create_user("<script>alert(1)</script>")))
    token = await started(t)
    body = await (await web.get(f"/m/{token}")).text()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert "<script>alert" not in body
    facts = await (await web.get(f"/m/{token}/now")).text()
    assert "<script>alert" not in facts


async def test_an_unknown_token_opens_nothing(simcord_env: Any, web: TestClient[Any, Any]) -> None:
    t = Table(simcord_env, 4)
    token = await started(t)
    for path in ("/m/nope", f"/m/{token}x", f"/m/{t.match_id}", "/m/nope/now", "/m/nope/board.png"):
        answer = await web.get(path)
        assert answer.status == 404, path
        assert "No such page" in await answer.text()


async def test_the_host_turns_the_page_off_and_on(
    simcord_env: Any, web: TestClient[Any, Any]
) -> None:
    t = Table(simcord_env, 4)
    token = await started(t)
    refused = await t.players[0].slash(t.channel, "match web", page="off")
    assert refused.ephemeral and "host" in refused.response.content.lower()
    assert (await web.get(f"/m/{token}")).status == 200

    off = await t.host.slash(t.channel, "match web", page="off")
    assert off.ephemeral and "off" in off.response.content
    for path in (f"/m/{token}", f"/m/{token}/now", f"/m/{token}/board.png"):
        assert (await web.get(path)).status == 404, path
    assert token_in(t.channel) is None, "the status message no longer links to it"
    status = await t.players[0].slash(t.channel, "match status")
    assert "dealer.test" not in status.response.content

    on = await t.host.slash(t.channel, "match web", page="on")
    assert on.ephemeral and f"https://dealer.test/m/{token}" in on.response.content
    assert (await web.get(f"/m/{token}")).status == 200
    status = await t.players[0].slash(t.channel, "match status")
    assert f"https://dealer.test/m/{token}" in status.response.content


async def test_a_private_channels_match_has_a_page_only_once_its_host_turns_it_on(
    simcord_env: Any, web: TestClient[Any, Any]
) -> None:
    t = Table(simcord_env, 4)
    t.channel = t.guild.create_text_channel(
        "secret",
        overwrites={
            t.guild.default_role: discord.PermissionOverwrite(view_channel=False),
            **{m: discord.PermissionOverwrite(view_channel=True) for m in [t.host, *t.players]},
            t.bot.user: discord.PermissionOverwrite(view_channel=True),
        },
    )
    await t.start(phase_minutes=60)
    assert token_in(t.channel) is None
    token, web_state = await t.bot.storage.web_page(t.match_id)
    assert web_state == "private"
    assert (await web.get(f"/m/{token}")).status == 404
    await t.host.slash(t.channel, "match web", page="on")
    assert (await web.get(f"/m/{token}")).status == 200
    assert token_in(t.channel) == token


async def test_without_a_web_server_there_is_no_link_and_no_switch(simcord_env: Any) -> None:
    """The default bot (no WEB_PORT): no page, no link."""
    simcord_env.bot.presenter.status.web_link = None
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    assert token_in(t.channel) is None
    r = await t.host.slash(t.channel, "match web", page="on")
    assert r.ephemeral and "WEB_PORT" in r.response.content


def test_the_web_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("WEB_PORT", "WEB_HOST", "WEB_PUBLIC_URL"):
        monkeypatch.delenv(name, raising=False)
    assert Settings(_env_file=None).web_url is None, "no WEB_PORT: no pages, no links"
    monkeypatch.setenv("WEB_PORT", "8081")
    monkeypatch.setenv("WEB_HOST", "")
    assert Settings(_env_file=None).web_url == "http://127.0.0.1:8081"
    monkeypatch.setenv("WEB_PUBLIC_URL", "https://dealer.example.org/")
    assert Settings(_env_file=None).web_url == "https://dealer.example.org"
    monkeypatch.setenv("WEB_PORT", "70000")
    with pytest.raises(ValidationError) as wrong:
        Settings(_env_file=None)
    assert explain(wrong.value) == [
        "WEB_PORT must be the port number (1-65535) the web pages are served on, or empty for "
        "no web pages; it is '70000'."
    ]


async def test_a_match_set_aside_has_no_page(
    simcord_env: Any, web: TestClient[Any, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A match whose record cannot be read (`MatchDamaged`) opens the plain 404, not an
    error page."""
    t = Table(simcord_env, 4)
    token = await started(t)

    async def damaged(self: MatchPages, row: MatchRow, *args: Any) -> Any:
        raise MatchDamaged(row.id, "move 1")

    monkeypatch.setattr(MatchPages, "in_worker", damaged)
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=11)
    await t.close_phase()
    answer = await web.get(f"/m/{token}")
    assert answer.status == 404 and "No such page" in await answer.text()
