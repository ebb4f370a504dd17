"""The garbage collector waits while an interaction is being answered (`bot.collecting`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest
from simcord.http.client import FakeWebhookAdapter

from bot.collecting import COLLECTOR, MOST, Collector
from bot.flows.play import Play
from tests.bot.conftest import Table


@pytest.fixture
def collector_state() -> Iterator[None]:
    """The collector as it was, after a test that turns it on and off and sets its
    thresholds."""
    enabled, thresholds = gc.isenabled(), gc.get_threshold()
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        (gc.enable if enabled else gc.disable)()


def test_it_is_off_until_the_last_interaction_held_lets_go(collector_state: None) -> None:
    gc.enable()
    collector = Collector()
    assert collector.hold() and collector.hold()
    assert not gc.isenabled()
    collector.release()
    assert not gc.isenabled(), "one interaction still holds it"
    collector.release()
    assert gc.isenabled()


def test_a_collector_turned_off_by_something_else_is_left_off(collector_state: None) -> None:
    gc.disable()
    collector = Collector()
    assert not collector.hold()
    assert not gc.isenabled()


def test_an_interaction_that_finds_too_much_waiting_collects_it_first(
    collector_state: None,
) -> None:
    gc.enable()
    gc.set_threshold(10, 10**6, 10**6)
    collector = Collector()
    gc.collect()
    assert collector.hold()
    kept: list[list[int]] = [[] for _ in range(MOST * 10 * 2)]
    assert gc.get_count()[0] >= MOST * 10
    assert collector.hold()
    assert gc.get_count()[0] < MOST * 10, "the young generation was collected"
    assert not gc.isenabled()
    collector.release()
    collector.release()
    assert gc.isenabled() and len(kept) == MOST * 10 * 2


def test_a_threshold_of_0_collects_nothing_however_much_waits(collector_state: None) -> None:
    """Automatic collection turned off by a threshold of 0 is not done by the guard either."""
    gc.enable()
    gc.set_threshold(0)
    collector = Collector()
    gc.collect()
    kept: list[list[int]] = [[] for _ in range(100)]
    collected: list[int] = []

    def counted(phase: str, info: dict[str, int]) -> None:
        collected.append(info["generation"])

    gc.callbacks.append(counted)
    try:
        assert collector.hold()
        collector.release()
    finally:
        gc.callbacks.remove(counted)
    assert collected == [] and len(kept) == 100


async def test_no_collection_runs_between_a_bids_arrival_and_its_answer(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, collector_state: None
) -> None:
    """With the young generation collected at every object made, a `/bid` still meets no
    collection from its start to its answer, and the collections go on once it has gone."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    happened: list[str] = []
    hold, release, request = COLLECTOR.hold, COLLECTOR.release, FakeWebhookAdapter.request

    def holding() -> bool:
        held = hold()
        happened.append(f"held {held}")
        return held

    def releasing() -> None:
        happened.append("released")
        release()

    async def answering(self: Any, route: Any, *args: Any, **kwargs: Any) -> Any:
        if route.path.endswith("/callback"):
            happened.append("answer")
        return await request(self, route, *args, **kwargs)

    def collected(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and (not happened or happened[-1] != "collected"):
            happened.append("collected")

    monkeypatch.setattr(COLLECTOR, "hold", holding)
    monkeypatch.setattr(COLLECTOR, "release", releasing)
    monkeypatch.setattr(FakeWebhookAdapter, "request", answering)
    gc.set_threshold(1, 10**6, 10**6)
    gc.callbacks.append(collected)
    try:
        r = await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=11)
    finally:
        gc.callbacks.remove(collected)
    assert "$11" in r.response.content
    start = happened.index("held True")
    end = happened.index("released", start)
    assert happened[start:end] == ["held True", "answer"], happened
    assert "collected" in happened[end:], "collected again once answered"
    assert gc.isenabled()


async def test_a_handler_that_ends_without_answering_lets_go_too(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, collector_state: None
) -> None:
    """An interaction whose handler ends with no answer (the watchdog's deferral cancelled
    with it) does not leave the collector off."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    held: list[bool] = []
    hold = COLLECTOR.hold

    def holding() -> bool:
        held.append(hold())
        return held[-1]

    async def silent(*_: Any) -> None:
        assert not gc.isenabled(), "held while the handler runs"

    monkeypatch.setattr(COLLECTOR, "hold", holding)
    monkeypatch.setattr(Play, "bid_here", silent)
    r = await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=11)
    assert not r.acknowledged
    assert held == [True]
    assert gc.isenabled()
