"""The strong seat's sampled worlds (games/atrades/planning.py): consistent with what its view
shows, so that every playout from them is a game the rules allow."""

from __future__ import annotations

import random

import pytest

from games.atrades import ENGINE
from games.atrades.money import capacity
from games.atrades.planning import determinize
from games.atrades.playout import greedy_player
from games.atrades.views import PlayerView
from games.core.match import Match


@pytest.mark.parametrize(
    "seeds",
    [
        pytest.param(range(2), id="seeds-0-1"),
        pytest.param(range(2, 12), id="seeds-2-11", marks=pytest.mark.slow),
    ],
)
def test_a_merger_leaders_sampled_money_pays_its_high_bid(seeds: range) -> None:
    """A guild that leads or won a merger's auction can pay its bid (AT-14), in every world
    the seat draws: a world where it could not (its money drawn around the seat's own) made a
    playout's settlement refuse the bid, and the strong seat's decision fail. The quick run
    checks two matches' worlds (over a thousand), the whole suite twelve's."""
    checked = 0
    for seed in seeds:
        match, _ = Match.start(ENGINE, ["ann", "bob", "cy", "dee"], {}, seed)
        rnd = random.Random(seed)
        while not match.finished:
            state = match.state
            merger = state.merger
            if merger is not None and merger.high > 0:
                bidder = merger.winner if merger.winner is not None else merger.leader
                for seat, guild in enumerate(state.guilds):
                    if bidder is None or seat == bidder:
                        continue
                    view = ENGINE.view(state, guild.player)
                    assert isinstance(view, PlayerView)
                    for draw in range(4):
                        world = determinize(view, random.Random(draw))
                        assert capacity(world, bidder) >= merger.high
                        checked += 1
            player = ENGINE.turn(state).must[0]
            seen = ENGINE.summary(state, player)
            match.submit(player, greedy_player(seen, ENGINE.legal_actions(state, player), rnd))
    assert checked > 100
