"""The reply to a move shows the player's summary (`Engine.summary`): its 1-on-1 text must
come out exactly as from the whole view, at every point of a match."""

from __future__ import annotations

import contextlib
import random

import pytest

from bot.games.registry import PLUGINS, plugin_for
from games.auction_auction import ENGINE as AA
from games.core.errors import RuleError
from games.core.match import Match
from games.registry import engine_for

NAMES = {f"p{i}": f"Player {i}" for i in range(12)}


@pytest.mark.parametrize("game", sorted(PLUGINS))
@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_the_summary_reads_as_the_whole_view(game: str, seed: int) -> None:
    engine = engine_for(game)
    players = list(NAMES)[: min(engine.max_players, 6)]
    state, _ = engine.setup(players, engine.parse_options({}), seed)
    rnd = random.Random(seed)
    ui = plugin_for(game).texts
    compared = 0
    while not engine.is_finished(state) and compared < 3000:
        for player in players:
            whole, summary = engine.view(state, player), engine.summary(state, player)
            actions = engine.legal_actions(state, player)
            assert ui.one_on_one(summary, actions, NAMES.__getitem__) == ui.one_on_one(
                whole, actions, NAMES.__getitem__
            )
            compared += 1
        actor, move = engine.random_move(state, rnd)
        with contextlib.suppress(RuleError):
            engine.apply(state, actor, move)
    assert compared > len(players)


def test_the_final_table_counts_prizes_in_words() -> None:
    """AA-17's prizes in the channel's final table, as in each player's final card: "1
    garnet", never "1 garnets"."""
    players = ["ann", "bob", "cy", "dee"]
    match, _ = Match.start(AA, players, {"rounds": 1}, 5)
    while not AA.is_finished(match.state):
        match.submit("host", {"type": "close_phase"})
    result = AA.result(match.state)
    assert result is not None
    first = result["standings"][0]["player"]
    result["garnets"] = {first: 1}
    result["tokens_of_life"] = {first: 1}
    text = PLUGINS["auction-auction"].texts.describe(
        {"type": "match_ended", "audience": {"kind": "public"}, **result}, lambda p: p
    )
    assert text is not None and f"{first}:" in text
    assert "wins 1 token of life and 1 garnet" in text and "1 garnets" not in text
