"""The computer seats never cheat (issue 45): in whole matches between computer seats, at
each decision a copy of the match has only the other players' secrets changed (the
conformance suite's resampling, applied to the deciding function): the deciding seat's view
is the same in both, and so is its decision, at every level (a strong seat's search with its
seed and its number of tries fixed). Each match is played to its end, conserving."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games.atrades.model import State as AtradesState
from games.auction_auction.model import BLACK_MARKET
from games.auction_auction.model import State as AuctionState
from games.core.seats import Seat
from games.mars_auction.model import State as MarsAuctionState
from games.project_mars.model import State as MarsState
from games.registry import COMPUTERS, engine_for
from games.simulate import play


def resample_auction(state: AuctionState, viewer: str, rnd: random.Random) -> None:
    """Others' cash and cubes (told to nobody until the end, AA-18), the amounts of their
    standing sealed bids (AA-5, AA-9), and the Black Market's colour unless the viewer sees
    its lots."""
    for player, seat in state.seats.items():
        if player == viewer or seat.kicked:
            continue
        seat.cash += rnd.randint(0, 40)
        for colour in seat.cubes:
            seat.cubes[colour] += rnd.randint(0, 2)
        if seat.access_bid is not None:
            seat.access_bid = (seat.access_bid[0], rnd.randint(0, seat.cash))
        for lot in seat.lot_bids:
            seat.lot_bids[lot] = rnd.randint(1, max(1, seat.cash // max(1, len(seat.lot_bids))))
    mine = state.seats[viewer].location
    if not state.options.reveal_lots_publicly and mine != BLACK_MARKET:
        colour = rnd.choice([c for c in state.options.colours if c != state.black_market_colour])
        state.black_market_colour = colour
        state.lots[BLACK_MARKET] = [
            lot.model_copy(update={"colour": colour}) for lot in state.lots[BLACK_MARKET]
        ]


def resample_mars(state: MarsState, viewer: str, rnd: random.Random) -> None:
    """The opponent's hand and deck: a card of the hand swapped with one of the deck (none
    that was revealed), the deck shuffled."""
    for player, seat in state.seats.items():
        if player == viewer:
            continue
        hidden = [i for i, card in enumerate(seat.hand) if card not in seat.revealed]
        if hidden and seat.deck:
            i, j = rnd.choice(hidden), rnd.randrange(len(seat.deck))
            seat.hand[i], seat.deck[j] = seat.deck[j], seat.hand[i]
        rnd.shuffle(seat.deck)


def resample_atrades(state: AtradesState, viewer: str, rnd: random.Random) -> None:
    """Others' money (their own until the end, AT-D27), their standing turn-order bids
    (AT-D8) and sealed merger bids (AT-12), and the order of the tile pool nobody sees."""
    seat = next(i for i, g in enumerate(state.guilds) if g.player == viewer)
    for other, someone in enumerate(state.guilds):
        if other != seat:
            someone.money += rnd.randint(1, 9)
    for guild, bid in state.bids.items():
        if guild != seat:
            state.bids[guild] = bid.model_copy(update={"from_money": rnd.randint(0, 3)})
    if state.merger is not None:
        for guild, amount in state.merger.sealed.items():
            if guild != seat and amount is not None:
                state.merger.sealed[guild] = amount + rnd.randint(1, 3)
    rnd.shuffle(state.pool)


def resample_mars_auction(state: MarsAuctionState, viewer: str, rnd: random.Random) -> None:
    """Others' M€ (MA-D2) and their sealed keeps and buys (MA-D3): M€ up by a few, a
    choice made reversed."""
    for player, seat in state.seats.items():
        if player == viewer or seat.kicked:
            continue
        if seat.money is not None:
            seat.money = seat.known = seat.money + rnd.randint(1, 30)
        if seat.choice:
            seat.choice = seat.choice[::-1]


RESAMPLE: dict[str, Callable[[Any, str, random.Random], None]] = {
    "auction-auction": resample_auction,
    "project-mars": resample_mars,
    "atrades": resample_atrades,
    "mars-auction": resample_mars_auction,
}
SEATS = {
    "auction-auction": ["strong", "normal", "normal", "normal"],
    "project-mars": ["strong", "normal"],
    "atrades": ["strong", "normal", "normal"],
    "mars-auction": ["strong", "normal", "normal", "normal"],
}


def test_every_game_with_seats_is_checked() -> None:
    assert set(RESAMPLE) == set(COMPUTERS) == set(SEATS)
    assert all(set(SEATS[game]) == set(COMPUTERS[game].levels) for game in SEATS)


#: At least how many decisions of each level are checked.
CHECKS = 3


class Checked(Exception):
    """The opening's decisions have been checked: the match stops there."""


#: The matches each game's seats play: (seed, the chance that a decision is checked, whether
#: the match is played to its end). The quick run checks every decision of the opening of seed
#: 0's match, until `CHECKS` of each level have been; the whole suite (`slow`) plays the matches
#: of seeds 0 and 1 to their ends, checking decisions at random.
CASES = [
    pytest.param(0, 1.0, False, id="seed-0-opening"),
    pytest.param(0, 0.3, True, id="seed-0", marks=pytest.mark.slow),
    pytest.param(1, 0.3, True, id="seed-1", marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("seed", "chance", "whole"), CASES)
@pytest.mark.parametrize("game", sorted(RESAMPLE))
def test_a_seats_decision_does_not_change_with_others_secrets(
    game: str, seed: int, chance: float, whole: bool
) -> None:
    engine = engine_for(game)
    computer = COMPUTERS[game]
    rnd = random.Random(45)
    checked: dict[str, int] = {}

    def decided(state: Any, seat: Seat, move: dict[str, Any] | None) -> None:
        """A copy that the resampling left as it was (no secret to change yet: in the Mars
        Auction's setup, before the others have a corporation, none of them holds M€) is the
        same state, whose view and decision are the ones just made: no check, and not counted
        as one."""
        if rnd.random() >= chance:
            return
        text = engine.dump_state_json(state)
        other = engine.load_state_json(text)
        RESAMPLE[game](other, seat.player, rnd)
        if engine.dump_state_json(other) == text:
            return
        assert engine.view_json(other, seat.player) == engine.view_json(state, seat.player), (
            "the resampling changed only what the seat cannot see"
        )
        view, actions = engine.view(other, seat.player), engine.legal_actions(other, seat.player)
        assert computer.levels[seat.level](view, actions, seat) == move
        checked[seat.level] = checked.get(seat.level, 0) + 1
        if not whole and enough():
            raise Checked

    def enough() -> bool:
        levels = set(SEATS[game])
        return set(checked) == levels and min(checked.values()) >= CHECKS

    try:
        _, violations, _, stuck = play(game, SEATS[game], seed, iterations=4, decided=decided)
    except Checked:
        return
    assert whole, f"the match ended before its opening's decisions were checked: {checked}"
    assert (violations, stuck) == (0, False), "the match broke conservation or got stuck"
    assert enough(), checked
