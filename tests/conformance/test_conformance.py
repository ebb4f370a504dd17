"""The conformance suite: random playouts every engine in `games.registry.ENGINES` must survive.

After OpenSpiel's `open_spiel/tests/basic_tests.cc`: random matches drawn from seeds must be
deterministic, survive a JSON round trip of their record and of their state, conserve what
the engine says is conserved, refuse hostile moves without changing anything, end, and never
let a viewer's view change (or differ) unless something addressed to that viewer did. At
every step the engine contract (`docs/engine-contract.md`) must hold: `turn` names exactly the
players with legal actions, every legal action is accepted as built and refused by anyone
else, no sealed move tells the public its secret before a reveal, and the versioned state
text round-trips.

Matches are played through `Match.start`/`Match.submit` with `engine.random_move` driven by
`random.Random(playout_seed)`; hypothesis draws the seeds and the player count. Nothing here
knows a game's rules: hostile moves are built from the engine's own move schema and from the
values its `random_move` produced. Each match is played with the options its engine draws
(`Engine.sample_options`).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.engine import Engine
from games.registry import ENGINES
from tests.conformance.playouts import (
    CHECKS,
    ENGINE_IDS,
    MAX_MOVES,
    Playout,
    Setup,
    check_replays,
    draw_setup,
    ends,
    move_shapes,
    names,
    play,
    seen_by,
)

#: The contract's playouts apply every legal action of every player at every step, several
#: times over: fewer matches, each checked through.
CONTRACT_CHECKS = settings(CHECKS, max_examples=5)


@pytest.fixture(params=ENGINE_IDS, scope="module")
def engine(request: pytest.FixtureRequest) -> Engine[Any, Any]:
    return ENGINES[request.param]


@pytest.mark.slow
@settings(CHECKS, max_examples=100 - CHECKS.max_examples)
@given(data=st.data())
def test_every_random_match_ends(engine: Engine[Any, Any], data: st.DataObject) -> None:
    """With the bare playout `play` makes of each of `test_random_matches_pass_every_check`'s
    matches, a hundred random matches of every engine are seen to end."""
    assert ends(engine, draw_setup(data, engine)) > 0


@pytest.mark.slow
@CHECKS
@given(data=st.data())
def test_random_matches_pass_every_check(engine: Engine[Any, Any], data: st.DataObject) -> None:
    """Each drawn match is played once with every check on (each failure says which check
    and which move); checks that would each play the same kind of match stay together so that
    the match and its hostile moves are paid for once.

    - Refused moves change nothing: hostile moves around every real move; refused ones leave
      state and record alone, nothing but RuleError escapes, the ones no engine may take are
      refused, accepted ones keep the conserved values; the match ends with a result and then
      refuses everything.
    - The state's JSON round trip: before every move the state goes through its stored text;
      the loaded copy and the original then take the move alike (the same events and state,
      or the same refusal).
    - Views change only for viewers told something: after every move, each viewer (player,
      host, public) none of its events reached sees the view they saw before; views are plain
      JSON; a stranger sees the public view; each player's summary, in an engine with a
      summary of its own, is part of their view.
    - Views do not tell other players' secrets (OpenSpiel's resampling check): two copies of a
      match where one player made a different move of the same kind must look the same to
      every viewer the two moves told the same things, and keep looking the same through the
      next phase ends while that holds.
    - Replays are deterministic and the record survives its JSON text (`check_replays`).
    - The typed seam (docs/engine-contract.md, "Typed across the seam"), in an engine on it:
      every event validates against its models and reads back as the envelope emitted; every
      view and summary the view checks read validates as its own model and reads back from
      its JSON (`Playout.typed`; `test_typed.py` has the rest)."""
    typed = engine.events is not None
    live = play(engine, data, hostile=True, twin=True, views=True, resample=True, typed=typed)
    assert live.rejected > 0
    check_replays(engine, live)


@pytest.mark.slow
@CONTRACT_CHECKS
@given(data=st.data())
def test_the_contract_holds_at_every_step(engine: Engine[Any, Any], data: st.DataObject) -> None:
    """`Playout.check_contract` before every move of a random match and at its end; hostile
    moves around the real ones bring removed players in (the host's kicks)."""
    playout = play(engine, data, hostile=True, contract=True)
    assert playout.accepted > 0


def after_a_sealed_bid(engine: Engine[Any, Any], seed: int) -> tuple[Playout, str, dict[str, Any]]:
    """Plays a match with default options until a player's sealed bid of at least 1 stands
    and may still be replaced (it was not the bid that closed the phase); returns the
    playout, the bidder and the bid."""
    if not any(shape["type"] == ("const", "bid") for shape in move_shapes(engine)):
        pytest.skip(f"{engine.game} has no bids")
    playout = Playout(engine, Setup(names(engine.max_players), {}, seed, seed))
    rnd = random.Random(seed)
    for _ in range(MAX_MOVES):
        if engine.is_finished(playout.state):
            break
        actor, move = engine.random_move(playout.state, rnd)
        raw = engine.moves.dump_python(move, mode="json")
        if (
            playout.step(actor, raw)
            and raw["type"] == "bid"
            and raw.get("amount", 0) >= 1
            and any(a.move["type"] == "bid" for a in engine.legal_actions(playout.state, actor))
        ):
            return playout, actor, raw
    pytest.skip(f"no sealed bid of at least 1 in {engine.game} with seed {seed}")


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_an_extra_sealed_bid_changes_no_one_elses_view(engine: Engine[Any, Any], seed: int) -> None:
    """Two states differing only by one player's extra private move (a new amount replacing
    their standing sealed bid) look the same to the public, the host and the other players,
    so no view holds another player's standing bid; and the events of two different such bids
    read the same to everyone but the bidder."""
    playout, bidder, bid = after_a_sealed_bid(engine, seed)
    dumped = playout.dump()
    states, told = [], []
    for amount in (bid["amount"] + 1, bid["amount"]):
        state = engine.load_state_json(dumped)
        told.append(engine.apply(state, bidder, engine.parse_move({**bid, "amount": amount})))
        states.append(state)
    assert engine.view_json(states[0], bidder) != engine.view_json(playout.state, bidder)
    for viewer in playout.viewers:
        if viewer != bidder:
            assert engine.view_json(states[0], viewer) == engine.view_json(playout.state, viewer), (
                viewer
            )
            assert seen_by(told[0], viewer) == seen_by(told[1], viewer), viewer


@pytest.mark.parametrize("game", ENGINE_IDS)
def test_one_quick_playout_with_every_check(game: str) -> None:
    """The quick run's share of the suite (random playouts are `slow`): one fixed match of
    every engine, as many players as it takes, its default options, with every check on (the
    typed seam's in an engine on it), the contract's at every step included, in which the
    wait signal is seen to change and, in a game with bids, the resampling check is not
    vacuous: it compares public views after different bids."""
    engine = ENGINES[game]
    setup = Setup(names(engine.max_players), {}, 1, 1)
    ends(engine, setup)
    typed = engine.events is not None
    checks = {"hostile": True, "views": True, "twin": True, "resample": True, "typed": typed}
    playout = Playout(engine, setup, contract=True, **checks).run()
    assert playout.accepted > 0
    assert playout.waits > 0, "no new wait began in the whole match"
    if any(shape["type"] == ("const", "bid") for shape in move_shapes(engine)):
        assert playout.compared_bids > 0, "no two different bids were compared"
