"""Hands and places at the end of the match (AA-16, AA-17)."""

from __future__ import annotations

from collections.abc import Sequence

from games.auction_auction.model import HAND_NAMES, Result, Seat, Standing

TOKENS_FOR_FIRST = 3
GARNETS_FOR_FIRST = 3
PRIZE_POOL_STEP = 10


def hand_of(cubes: dict[str, int], colours: Sequence[str]) -> str:
    """AA-16: the best category the whole collection reaches."""
    counts = sorted((cubes.get(c, 0) for c in colours), reverse=True)
    if all(cubes.get(c, 0) >= 1 for c in colours):
        return "rainbow"
    if counts[0] >= 4:
        return "four_of_a_kind"
    if counts[0] >= 3:
        return "three_of_a_kind"
    if counts[0] >= 2 and counts[1] >= 2:
        return "two_pair"
    if counts[0] >= 2:
        return "one_pair"
    return "nothing"


def rank_key(seat: Seat, colours: Sequence[str]) -> tuple[int, ...]:
    """AA-16: smaller is better: hand, then more cubes of each colour in order, then cash."""
    hand = HAND_NAMES.index(hand_of(seat.cubes, colours))
    return (hand, *(-seat.cubes.get(c, 0) for c in colours), -seat.cash)


def final_result(players: Sequence[str], seats: dict[str, Seat], colours: Sequence[str]) -> Result:
    """AA-16 places (equal players share a place) and AA-17 prizes for `players`, the players
    still in the match (a kicked player is not ranked, Dealer ruling AA-D3).

    Dealer ruling AA-D1: when every player shares one place, all of them take the first-place
    prize and nobody becomes an elimination candidate, as nobody finished below anyone.
    """
    keys = {p: rank_key(seats[p], colours) for p in players}
    order = sorted(players, key=lambda p: (keys[p], players.index(p)))
    places: dict[str, int] = {}
    for position, player in enumerate(order, start=1):
        previous = order[position - 2] if position > 1 else None
        same = previous is not None and keys[previous] == keys[player]
        places[player] = places[previous] if same and previous is not None else position
    last = max(places.values(), default=1)
    standings = [
        Standing(
            player=p,
            place=places[p],
            hand=hand_of(seats[p].cubes, colours),
            cubes={c: seats[p].cubes.get(c, 0) for c in colours},
            cash=seats[p].cash,
        )
        for p in order
    ]
    tokens: dict[str, int] = {}
    garnets: dict[str, int] = {}
    for standing in standings:
        hand = HAND_NAMES.index(standing.hand)
        if standing.place == 1:
            tokens[standing.player] = TOKENS_FOR_FIRST
            garnets[standing.player] = GARNETS_FOR_FIRST
        elif hand <= HAND_NAMES.index("three_of_a_kind"):
            garnets[standing.player] = 2
        elif hand <= HAND_NAMES.index("two_pair"):
            garnets[standing.player] = 1
    candidates = [s.player for s in standings if s.place == last and last != 1]
    everyone_four = all(sum(seats[p].cubes.values()) >= 4 for p in players)
    return Result(
        standings=standings,
        tokens_of_life=tokens,
        garnets=garnets,
        elimination_candidates=candidates,
        prize_pool_increase=PRIZE_POOL_STEP if everyone_four else 0,
    )
