"""Auction Auction's rules as an engine (RULINGS.md §1, AA-1 to AA-18): it routes each move to
the rulebook's part that checks and applies it (`access`, `auction`, `cash`, `host`), and
reads through `flow` (the rounds and phases, who may act), `legal`, `views` and `playout`."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import TypeAdapter

from games.auction_auction import samples
from games.auction_auction.auction import lots_for
from games.auction_auction.cash import give, trade_garnet
from games.auction_auction.decisions import legal_actions, offer, targets, turn
from games.auction_auction.events import AuctionEvent, BlackMarketDrawn, GarnetTraded, MatchStarted
from games.auction_auction.flow import open_access
from games.auction_auction.host import kick, players_left, remove
from games.auction_auction.model import (
    MOVES,
    Bid,
    ClosePhase,
    Colour,
    Give,
    Kick,
    Options,
    Seat,
    State,
    TradeGarnet,
)
from games.auction_auction.playout import conserved, random_move
from games.auction_auction.views import PublicView, Summary, summary, view
from games.core.contract import Action, Clock, Forfeit, Placings, SeasonOutcome, Turn
from games.core.engine import HOST, Engine
from games.core.errors import RuleError
from games.core.events import Audience, Event, PlayerForfeited, Viewer, read_event
from games.core.rng import RandomSource
from games.core.speech import N_

#: A phase's default length: a day, as the game is played over days (RULINGS.md §1, Rounds).
PHASE_SECONDS = 24 * 60 * 60
#: Why the prize pool grows (AA-17), as a season's ledger words it.
POOL_REASON = "everyone held four cubes"


class AuctionAuction(Engine[State, Options]):
    game = "auction-auction"
    title = "Auction Auction"
    min_players = 4
    max_players = 12
    state_type = State
    options_type = Options
    moves = MOVES
    events = TypeAdapter(AuctionEvent)
    #: Each Access and Auction phase lasts a day by default: the game is played over days.
    clocks: ClassVar[Mapping[str, Clock]] = {
        "phase": Clock(label=N_("Each access or auction phase"), default_seconds=PHASE_SECONDS)
    }
    sample_options = staticmethod(samples.sample_options)
    #: AA-5, AA-9 sealed bids; AA-15 gifts and AA-14 garnet trades are private for good.
    sealed_moves: ClassVar[frozenset[str]] = frozenset({"bid", "give", "trade_garnet"})
    #: AA-8 the Access bids, AA-12 the lot bids (to their location), AA-18 everything.
    reveal_events: ClassVar[frozenset[str]] = frozenset(
        {"access_resolved", "auction_resolved", "match_ended"}
    )
    #: AA-14: each player's season garnets are dealt into the match.
    takes_garnets: ClassVar[bool] = True

    def setup(self, players: list[str], options: Options, seed: int) -> tuple[State, list[Event]]:
        unknown = sorted(set(options.garnets) - set(players))
        if unknown:
            why = N_("garnets names non-players {players}.").format(players=", ".join(unknown))
            raise ValueError(N_("Invalid options: {why}").format(why=why))
        rng = RandomSource(seed=seed)
        chosen = options.black_market_colour
        colour: Colour = chosen if chosen is not None else rng.choice(options.colours)
        seats = {
            p: Seat(
                cash=options.starting_cash,
                cubes={c: 0 for c in options.colours},
                garnets=options.garnets.get(p, 0),
            )
            for p in players
        }
        state = State(
            options=options,
            players=list(players),
            seats=seats,
            black_market_colour=colour,
            lots=lots_for(options, colour),
            rng=rng,
        )
        events = [
            MatchStarted(
                players=list(players), rounds=options.rounds, starting_cash=options.starting_cash
            ).told(),
            BlackMarketDrawn(colour=colour, drawn=options.black_market_colour is None).told(
                Audience.public() if options.reveal_lots_publicly else Audience.internal()
            ),
        ]
        events.extend(open_access(state))
        return state, events

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        open_now = offer(state)
        if not open_now.open:
            raise RuleError("match_over", "The match is over; no more moves are taken.")
        if isinstance(move, ClosePhase | Kick):
            if actor != HOST:
                raise RuleError("host_only", "Only the host can do that.")
            if isinstance(move, Kick):
                return kick(state, move)
            return open_now.close(state)
        seat = self._seat(state, actor)
        if isinstance(move, Forfeit):
            if players_left(state) <= 1:
                raise RuleError(
                    "last_player", "You are the last player left; the host can end the match."
                )
            return remove(state, PlayerForfeited(player=actor))
        if isinstance(move, Bid):
            return open_now.bid(state, actor, seat, move)
        if isinstance(move, Give):
            return give(state, actor, seat, move)
        if isinstance(move, TradeGarnet):
            return trade_garnet(actor, seat, state)
        raise RuleError("bad_move", "That move is not part of Auction Auction.")

    def _seat(self, state: State, actor: str) -> Seat:
        seat = state.seats.get(actor)
        if seat is None:
            raise RuleError("not_a_player", "Only players of this match can do that.")
        if seat.kicked:
            raise RuleError("kicked", "You are no longer playing in this match.")
        return seat

    def is_finished(self, state: State) -> bool:
        return not offer(state).open

    def result(self, state: State) -> dict[str, Any] | None:
        return state.result.model_dump(mode="json") if state.result else None

    def audit(self, state: State) -> dict[str, Any]:
        """Every closed phase's sealed bids and what came of them (`closed`, oldest first):
        what `view(state, HOST)["audit"]` lists."""
        return {"closed": [c.model_dump(mode="json") for c in state.closed]}

    def season_outcome(self, state: State) -> SeasonOutcome | None:
        """AA-17 once the match has ended: places (AA-16, AA-D7), garnets and tokens of life,
        elimination candidates, and the prize pool's $10 when everyone held four cubes."""
        result = state.result
        if result is None:
            return None
        return SeasonOutcome(
            places={s.player: s.place for s in result.standings},
            garnets=dict(result.garnets),
            tokens_of_life=dict(result.tokens_of_life),
            candidates=list(result.elimination_candidates),
            pool_increase=result.prize_pool_increase,
            pool_reason=POOL_REASON if result.prize_pool_increase else None,
        )

    def placings(self, state: State) -> Placings | None:
        """AA-16 places once the match has ended; the first place wins (AA-17), shared by all
        the players in it (AA-D1 when that is everyone). A removed player is not ranked
        (AA-D3)."""
        result = state.result
        if result is None:
            return None
        return Placings(
            places={s.player: s.place for s in result.standings},
            winners=[s.player for s in result.standings if s.place == 1],
        )

    def garnets_spent(self, events: list[Event]) -> dict[str, int]:
        """AA-14: one garnet per `garnet_traded` event."""
        return dict(
            Counter(
                told.player
                for e in events
                if e.type == "garnet_traded"
                and isinstance(told := read_event(self.events, e.to_json()), GarnetTraded)
            )
        )

    def targets(self, state: State, player: str) -> list[str]:
        return targets(state, player)

    def turn(self, state: State) -> Turn:
        return turn(state)

    def legal_actions(self, state: State, player: str) -> list[Action]:
        return legal_actions(state, player)

    def summary(self, state: State, player: str) -> Summary:
        return summary(state, player)

    def view(self, state: State, viewer: Viewer) -> PublicView:
        return view(state, viewer)

    def random_move(self, state: State, rnd: random.Random) -> tuple[str, Any]:
        return random_move(state, rnd)

    def conserved(self, state: State) -> dict[str, int]:
        return conserved(state)
