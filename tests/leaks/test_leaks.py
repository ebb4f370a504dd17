"""The leak scan (`tests/leaks/scan.py`): every game scanned, the leak each game's driver
injects caught by it, and a leak caught in an edited message, on the web page and in the
replay. Every game's whole match is scanned in `test_whole_matches.py`, with the other checks
made on the same match."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from markupsafe import Markup, escape

from bot import boards
from bot.flows import lobby
from bot.games.base import GameTexts
from bot.games.registry import PLUGINS
from bot.limits import MESSAGE
from bot.players import Names
from bot.presenter import Presenter
from bot.status import LiveStatus
from bot.storage.db import MatchRow
from bot.web import build, replays
from bot.web.build import Page, Steps
from bot.web.pages import MatchPages
from bot.web.words import html
from games.core.engine import HOST
from games.registry import ENGINES, engine_for
from tests.bot.pseudo import english
from tests.leaks.drivers import DRIVERS, drivers
from tests.leaks.drivers.any_game import AnyGame
from tests.leaks.drivers.atrades import AtradesGame
from tests.leaks.scan import play_through

#: The matches, the long ones marked slow (`pytest -m "not slow"` leaves them out), with the
#: leak injected into them: the quick run injects into the others.
MATCHES = [
    pytest.param(name, marks=[pytest.mark.slow] if DRIVERS[name].slow else [])
    for name in sorted(DRIVERS)
]


def test_every_game_is_scanned() -> None:
    """Every game the bot plays in Discord (one with a plug-in) is scanned, each by its own
    driver today, and a game without one by the generic driver."""
    assert {driver.game for driver in DRIVERS.values()} == set(ENGINES) & set(PLUGINS)
    assert set(PLUGINS) <= set(ENGINES)
    assert not any(issubclass(driver, AnyGame) for driver in DRIVERS.values())
    generic = drivers({"atrades", "a-new-game"})
    assert generic["atrades"] is AtradesGame
    assert issubclass(generic["a-new-game"], AnyGame) and generic["a-new-game"].game == "a-new-game"


@pytest.mark.parametrize("game", MATCHES)
async def test_an_injected_leak_is_caught(
    simcord_env: Any, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = DRIVERS[game](simcord_env)
    monkeypatch.setattr(lobby, "new_seed", lambda: driver.seed)
    driver.inject(monkeypatch)
    with pytest.raises(AssertionError, match=r"step \d+: .* read "):
        await play_through(driver)


async def test_a_leak_in_an_edited_message_is_caught(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scan searches an edited message anew, though it read the message before: the live
    status, posted once and then edited after moves, tells in its edits what was sent to the
    players privately so far (nothing else shows it to anyone else)."""
    driver = DRIVERS["auction-auction"](simcord_env)
    monkeypatch.setattr(lobby, "new_seed", lambda: driver.seed)
    told: list[str] = []
    edits: list[int] = []
    dm, edit = Presenter.dm, LiveStatus._edit

    async def telling(self: Presenter, row: MatchRow, user_id: int, text: str, **kw: Any) -> bool:
        told.append(text)
        return await dm(self, row, user_id, text, **kw)

    async def leaking(channel: Any, message_id: int, changes: dict[str, Any]) -> bool:
        edits.append(message_id)
        # Whole texts (a message is never cut: in a longer language, the pseudo-locale's, the
        # three DMs and the status may not fit together).
        content = next(
            text
            for text in (
                "\n".join([*told[-3:], changes["content"]]),
                "\n".join([*told[-1:], changes["content"]]),
                *told[-1:],
            )
            if len(text) <= MESSAGE
        )
        return await edit(channel, message_id, {**changes, "content": content})

    monkeypatch.setattr(Presenter, "dm", telling)
    monkeypatch.setattr(LiveStatus, "_edit", staticmethod(leaking))
    with pytest.raises(AssertionError, match=r"step \d+: .* read .* in the text ") as caught:
        await play_through(driver)
    assert edits, "the live status was never edited"
    # The scan reads what members read: a text's English in the pseudo-locale.
    assert any(repr(english(text))[1:41] in str(caught.value) for text in told), caught.value


async def test_a_leak_on_the_web_page_is_caught(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scan reads the match's web page too: a page that showed the host's view (every
    sealed bid) to whoever opens it is caught."""
    driver = DRIVERS["auction-auction"](simcord_env)
    monkeypatch.setattr(lobby, "new_seed", lambda: driver.seed)
    built = MatchPages._build_in_language

    async def leaky(self: MatchPages, row: MatchRow, seq: int, version: str, base: str) -> Page:
        page = await built(self, row, seq, version, base)
        host = engine_for(row.game).view_json(await self.service.state(row), HOST)
        secret = " ".join(sorted(driver.facts(host)))
        return replace(page, status=page.status + escape(secret))

    monkeypatch.setattr(MatchPages, "_build_in_language", leaky)
    with pytest.raises(AssertionError, match=r"step \d+: an onlooker read .* in the web page"):
        await play_through(driver)


async def test_a_leak_on_the_replay_is_caught(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scan reads every step of the replay too: a replay that told each step's events
    whatever their audience (every player's own sealed bid) is caught."""
    driver = DRIVERS["auction-auction"](simcord_env)
    monkeypatch.setattr(lobby, "new_seed", lambda: driver.seed)

    def every_text(texts: GameTexts, events: list[dict[str, Any]], names: Names) -> list[Markup]:
        return [html(t) for data in events if (t := texts.describe(data, names))]

    steps = build.replay_steps

    def leaky(*args: Any) -> Steps:
        with monkeypatch.context() as patched:
            patched.setattr(build, "public_texts", every_text)
            return steps(*args)

    async def here(function: Callable[..., Any], *args: Any) -> Any:
        return function(*args)

    # Built here rather than in the pages' worker, which the patch would not reach.
    monkeypatch.setattr(boards, "for_pages", here)
    monkeypatch.setattr(replays, "replay_steps", leaky)
    with pytest.raises(AssertionError, match=r"step \d+: an onlooker read .* in the replay"):
        await play_through(driver)
