"""High Bid registered through the registries alone (`conftest.py`: its engine in
`games.registry.ENGINES` and its plug-in in `bot.games.registry.PLUGINS`, where its engine
folder and its line in `bot/games/registry.py` put a game) gets what every game gets without
naming it anywhere else: `/match create high-bid` with an option for each of its engine's
clocks, the conformance suite's random matches with the options its engine draws, the leak
scan (by the generic driver), render samples and a demo."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot import boards
from bot.flows import lobby
from bot.games.registry import PLUGINS
from games.registry import ENGINES
from tests.conformance.playouts import draw_setup, play
from tests.leaks.drivers import drivers
from tests.leaks.drivers.any_game import AnyGame
from tests.leaks.scan import play_through
from tools import demo, render_samples

GAME = "high-bid"
#: The leak scan's match: its three bids differ from each other and from the figures everyone
#: knows (0 and the 10 coins), so that each is a secret to the other players until revealed
#: (the generic driver's facts are whole numbers; with the driver's default seed one player's
#: bid equals another's, no secret to him).
SEED = 1


async def test_match_create_has_an_option_for_each_clock_of_the_engine(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    host = guild.add_member(simcord_env.create_user("hostess"))
    lobby = (await host.slash(channel, f"match create {GAME}", bidding_minutes=5)).response
    assert "The bidding: 5 minutes" in lobby.content
    other = guild.create_text_channel("more-games")
    default = (await host.slash(other, f"match create {GAME}")).response
    assert "The bidding: 1 hour" in default.content


@settings(max_examples=10)
@given(data=st.data())
def test_the_conformance_suite_plays_it_with_the_options_its_engine_draws(
    data: st.DataObject,
) -> None:
    engine = ENGINES[GAME]
    setup = draw_setup(data, engine)
    assert set(setup.options) <= {"coins", "lots"}
    play(engine, data, hostile=True, views=True, contract=True)


def test_its_options_are_drawn_by_its_engine() -> None:
    drawn = [ENGINES[GAME].sample_options(["a", "b"], random.Random(n)) for n in range(40)]
    assert {"coins", "lots"} == {key for options in drawn for key in options}
    assert {} in drawn


@pytest.fixture
def pages_built_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """The match's web page, which the scan reads, built in this process: the pages' worker
    process knows the games of the registries as the bot's modules list them, and High Bid
    is registered in this process alone."""

    async def built_here(function: Callable[..., Any], *args: Any) -> Any:
        return function(*args)

    monkeypatch.setattr(boards, "for_pages", built_here)


@pytest.mark.usefixtures("pages_built_here")
async def test_the_leak_scan_plays_it(simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    assert issubclass(drivers(set(ENGINES) & set(PLUGINS))[GAME], AnyGame)
    driver = AnyGame.of(GAME, SEED)
    monkeypatch.setattr(lobby, "new_seed", lambda: driver.seed)
    scan = await play_through(driver(simcord_env))
    assert scan.engine.is_finished(scan.state)
    assert {"bid_placed", "bids_revealed"} <= scan.events


@pytest.mark.usefixtures("pages_built_here")
async def test_the_leak_scan_catches_a_bid_told_in_the_channel(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = AnyGame.of(GAME, SEED)(simcord_env)
    monkeypatch.setattr(lobby, "new_seed", lambda: driver.seed)
    driver.inject(monkeypatch)
    with pytest.raises(AssertionError, match=r"step \d+: .* read "):
        await play_through(driver)


def test_render_samples_draw_its_boards(tmp_path: Path) -> None:
    samples = render_samples.random_match_boards(GAME)
    assert list(samples) == ["high-bid-bids-revealed"]
    board = samples["high-bid-bids-revealed"]()
    assert board.png.startswith(b"\x89PNG") and board.alt.startswith("The bids: ")
    assert set(samples) <= set(render_samples.boards())


@pytest.mark.slow
def test_the_demo_plays_a_whole_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert GAME in PLUGINS
    assert demo.main([GAME, str(tmp_path)]) == 0
    actions = (tmp_path / "actions.txt").read_text(encoding="utf-8")
    assert "/match create high-bid" in actions and "(in their 1-on-1)" in actions
    assert "/match close-phase" in actions and "/match log" in actions
    channel = (tmp_path / "channel-games.txt").read_text(encoding="utf-8")
    assert "The bids: " in channel and "high-bid-bids.png" in channel
