"""One context per interaction (`bot.context.MatchContext`): the match, the member's seat and
their legal actions are looked up once, however many steps of the flow read them (issue #40,
item 4)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bot.presenter import Presenter
from bot.service import MatchService
from games.auction_auction import ENGINE as AA_ENGINE
from tests.bot.conftest import Table


async def test_a_sealed_bid_works_out_the_actions_and_finds_the_player_once(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`/bid`: until the move reaches the service, the engine's legal actions are computed
    once and the service's seated players looked up once (before, four look-ups of the
    player); then the answer's 1-on-1 works out the actions after the bid, once, and nothing
    else, until the bid is delivered to the others."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    # What the 1-on-1s were laid out from is forgotten: the bid works its own out.
    t.bot.service.forget(t.match_id)
    calls: Counter[str] = Counter()
    seen: dict[str, Counter[str]] = {}
    legal_actions = type(AA_ENGINE).legal_actions
    players = MatchService.players
    submit = MatchService.submit
    present = Presenter.present

    def counted_actions(engine: Any, state: Any, player: str) -> Any:
        calls["legal_actions"] += 1
        return legal_actions(engine, state, player)

    async def counted_players(service: MatchService, match_id: int) -> Any:
        calls["players"] += 1
        return await players(service, match_id)

    async def submitted(service: MatchService, *args: Any, **kwargs: Any) -> Any:
        seen.setdefault("submit", calls.copy())
        return await submit(service, *args, **kwargs)

    async def presented(presenter: Presenter, *args: Any, **kwargs: Any) -> Any:
        seen.setdefault("delivery", calls.copy())
        return await present(presenter, *args, **kwargs)

    monkeypatch.setattr(type(AA_ENGINE), "legal_actions", counted_actions)
    monkeypatch.setattr(MatchService, "players", counted_players)
    monkeypatch.setattr(MatchService, "submit", submitted)
    monkeypatch.setattr(Presenter, "present", presented)
    r = await t.players[0].slash(t.channel, "bid", target="Genre Shop", amount=7)
    monkeypatch.undo()
    assert r.ephemeral and "Your sealed bid of $7 on Genre Shop" in r.response.content
    assert seen == {
        "submit": Counter(legal_actions=1, players=1),
        "delivery": Counter(legal_actions=2, players=1),
    }
    stored = await t.bot.storage.moves(t.match_id)
    assert [move["amount"] for _, _, move in stored if move.get("type") == "bid"] == [7]
