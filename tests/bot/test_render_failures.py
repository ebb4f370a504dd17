"""An image that fails to render never costs its message: the text goes without the image,
and the failure is logged (`bot.boards.or_none`)."""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest

from bot import boards
from tests.bot.conftest import Table
from tests.drivers.project_mars import Mars
from tests.drivers.seasons import Series


@pytest.fixture
def failing_renders(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Every render fails the way a dead worker fails it."""

    async def render(function: Any, *args: Any) -> Any:
        raise boards.WorkerDied("render worker 0 exited before replying")

    monkeypatch.setattr(boards, "render", render)
    caplog.set_level(logging.ERROR, logger=boards.__name__)


def render_errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.name == boards.__name__ and r.exc_info and r.exc_info[0] is boards.WorkerDied
    ]


@pytest.mark.usefixtures("failing_renders")
async def test_messages_whose_boards_fail_are_posted_without_them(
    simcord_env: Any, caplog: pytest.LogCaptureFixture
) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    card = t.players[0].user.dm_channel.last_message
    assert "$100" in card.content and card.components, "the 1-on-1 goes, with its buttons"
    assert not card.attachments
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=11)
    await t.close_phase()
    results = next(m for m in t.channel.history() if "access results" in m.content)
    assert "$11" in results.content and not results.attachments
    mine = await t.players[0].slash(t.channel, "me")
    assert mine.ephemeral and "$" in mine.response.content and not mine.response.attachments
    errors = render_errors(caplog)
    assert any("1-on-1 card" in e for e in errors)
    assert any("board of access_resolved" in e for e in errors), errors


@pytest.mark.usefixtures("failing_renders")
async def test_combined_messages_whose_boards_fail_are_posted_without_them(
    simcord_env: Any, caplog: pytest.LogCaptureFixture
) -> None:
    t = Mars(simcord_env)
    await t.start()
    await t.until(random.Random(4), lambda view: view["phase"] == "turn")
    assert "turn" in t.channel_text()
    assert not any(m.attachments for m in t.channel.history())
    assert any("status image of match" in e for e in render_errors(caplog))


@pytest.mark.usefixtures("failing_renders")
async def test_standings_whose_image_fails_are_posted_without_it(
    simcord_env: Any, caplog: pytest.LogCaptureFixture
) -> None:
    t = Series(simcord_env, 2)
    await t.boss.slash(t.channel, "season start", name="Spring", starting_garnets=3)
    standings = await t.players[0].slash(t.channel, "season standings")
    assert "Prize pool" in standings.response.content
    assert not standings.response.attachments
    assert any("standings of season" in e for e in render_errors(caplog))
