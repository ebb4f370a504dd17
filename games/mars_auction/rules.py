"""The Mars Auction Variant: Terraforming Mars cards distributed by bidding, limited (markers)
and unlimited (card by card), for a setup and every generation's research phase.

The engine routes: each move to the open decision (`phases.decision`), whose entry of
`decisions.TABLE` says what the move does there, by the part of the rulebook that rules it
(`limited`, `unlimited`, `keeping`, `research`, and the host's `host`), which run the auction
on through `flow`; the displays are dealt in `dealing`, the M€ counted in `budgets`, what a
player may do is `legal`'s, and what each viewer sees `views`'.

Rulings: RULINGS.md §2 (L1-L18, U1-U8) and Dealer's own (MA-D1...), in docs/rules/mars-auction.md.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import TypeAdapter

from games.core.contract import (
    Action,
    Clock,
    Forfeit,
    Placings,
    Turn,
    random_build,
)
from games.core.engine import HOST, Engine
from games.core.errors import RuleError, typed
from games.core.events import (
    Event,
    PlayerForfeited,
    PlayerKicked,
    Viewer,
)
from games.core.rng import RandomSource
from games.core.speech import N_
from games.mars_auction import (
    dealing,
    decisions,
    flow,
    legal,
    phases,
    samples,
    views,
)
from games.mars_auction.dealing import catalogue_for
from games.mars_auction.events import (
    MarsAuctionEvent,
    MatchStarted,
)
from games.mars_auction.model import (
    MOVES,
    RULES_VERSION,
    SETUP_PER_PLAYER,
    Budget,
    ClosePhase,
    End,
    Kick,
    Options,
    Research,
    Seat,
    State,
)
from games.mars_auction.phases import decision
from games.mars_auction.table import Board
from games.mars_auction.views import (
    PublicView,
)

#: Default lengths: a bidding turn, and a step everyone answers at once.
TURN_SECONDS = 10 * 60
STEP_SECONDS = 30 * 60


class MarsAuction(Engine[State, Options]):
    game = "mars-auction"
    title = "Mars Auction"
    min_players = 2
    max_players = 5
    #: MA-D10: the auction decides no game (Terraforming Mars is won at the table).
    contest = False
    state_type = State
    options_type = Options
    moves = MOVES
    events = TypeAdapter(MarsAuctionEvent)
    #: 2: a research auction whose move names no first player is opened by the player after
    #: the last generation's (L17); records without `rules_version` replay by rules 1.
    rules_version = RULES_VERSION
    #: MA-D5: ten minutes a turn of the bidding, half an hour a step (budgets, keeps, buys).
    clocks: ClassVar[Mapping[str, Clock]] = {
        "turn": Clock(label=N_("Each turn of the bidding"), default_seconds=TURN_SECONDS),
        "step": Clock(label=N_("Each budget, keep or buy step"), default_seconds=STEP_SECONDS),
    }
    sample_options = staticmethod(samples.sample_options)
    #: A stated budget stays private; keeps and purchases are revealed together (MA-D3).
    sealed_moves: ClassVar[frozenset[str]] = frozenset({"budget", "keep", "buy"})
    reveal_events: ClassVar[frozenset[str]] = frozenset(
        {"corporations_chosen", "preludes_chosen", "projects_bought"}
    )

    def setup(self, players: list[str], options: Options, seed: int) -> tuple[State, list[Event]]:
        catalogue = catalogue_for(options.cards_csv)
        state = State(
            options=options,
            players=list(players),
            seats={p: Seat() for p in players},
            rng=RandomSource(seed=seed),
            step="waiting",
            auction=options.start,
        )
        board = Board(state)
        if options.first_player is not None:
            if options.first_player not in players:
                why = N_("first_player {player} is not a player of the match.")
                raise ValueError(
                    N_("Invalid options: {why}").format(
                        why=why.format(player=typed(options.first_player))
                    )
                )
            state.starter = players.index(options.first_player)
        else:
            state.starter = state.rng.randint(0, len(players) - 1)
        board.public(
            MatchStarted,
            players=list(players),
            variant=options.variant,
            start=options.start,
            first_player=players[state.starter],
            drawn=options.first_player is None,
        )
        if options.start == "setup":
            state.first = state.starter
            names = options.display
            try:
                cards = (
                    dealing.named_display(state, catalogue, names, setup=True)
                    if names is not None
                    else dealing.dealt_display(state, catalogue, SETUP_PER_PLAYER)
                )
            except RuleError as error:
                # Options the game cannot set up with are refused as options are (a
                # ValueError), whether they come from the bot's lobby or a replayed record;
                # the refusal is its cause, for the bot to word.
                why = (
                    N_("Invalid options: display: {why}")
                    if names is not None
                    else N_("Invalid options: sets: {why}")
                )
                raise ValueError(why.format(why=error.message)) from error
            dealing.lay_out(board, cards)
            companies = [c.starting_mc or 0 for c in state.display if c.kind == "company"]
            state.setup_budget = (
                options.setup_budget if options.setup_budget is not None else min(companies)
            )
            flow.open_bidding(board)
        else:
            flow.wait(board)
        return state, board.events

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        if decision(state) == "ended":
            raise RuleError("match_over", "The match is over; no more moves are taken.")
        board = Board(state)
        if isinstance(move, ClosePhase | Kick | Research | End):
            if actor != HOST:
                raise RuleError("host_only", "Only the host can do that.")
            if isinstance(move, ClosePhase):
                decisions.close_phase(board)
            elif isinstance(move, Kick):
                phases.check_player(state, move.player)
                decisions.remove(board, move.player, PlayerKicked)
            else:
                decisions.play(board, actor, move)
            return board.events
        if isinstance(move, Budget) and move.for_ is not None:
            if actor != HOST:
                raise RuleError("host_only", "Only the host sets a budget for someone else.")
            phases.check_player(state, move.for_)
            decisions.play(board, actor, move)
            return board.events
        if actor not in state.players:
            raise RuleError("not_a_player", "Only players of this match can do that.")
        if state.seats[actor].kicked:
            raise RuleError("kicked", "You are no longer playing in this match.")
        if isinstance(move, Forfeit):
            decisions.remove(board, actor, PlayerForfeited)
        else:
            decisions.play(board, actor, move)
        return board.events

    def is_finished(self, state: State) -> bool:
        return decision(state) == "ended"

    def result(self, state: State) -> dict[str, Any] | None:
        return state.result.model_dump(mode="json") if state.result else None

    def placings(self, state: State) -> Placings | None:
        """MA-D10: the auction has no winner (Terraforming Mars is won at the table): every
        player still in shares the one place, and nobody wins, as in a draw."""
        if state.result is None:
            return None
        return Placings(
            places={p: 1 for p in state.players if not state.seats[p].kicked}, winners=[]
        )

    def turn(self, state: State) -> Turn:
        """Bidding: the player whose turn it is. Budgets, keeps and purchases: everyone the
        step asks, until it is settled (a choice may be changed until then). Waiting: the
        host."""
        return Turn(
            phase=decisions.phase(state),
            players=list(state.players),
            out=[p for p in state.players if state.seats[p].kicked],
            must=decisions.must(state),
            may=decisions.may(state),
        )

    def legal_actions(self, state: State, player: str) -> list[Action]:
        return decisions.legal_actions(state, player)

    def view(self, state: State, viewer: Viewer) -> PublicView:
        return views.view(state, viewer)

    def random_move(self, state: State, rnd: random.Random) -> tuple[str, Any]:
        """Mostly a legal move of someone the step waits for, a pass more often than not (so
        that a playout of five players' 80 setup cards stays short); the host closes a step
        now and then, opens a research auction or two and ends the match."""
        open_now = decision(state)
        if open_now == "waiting":
            if state.generation >= 1 or rnd.random() < 0.3:
                return HOST, End()
            return HOST, Research(first_player=phases.next_first_player(state))
        must = decisions.must(state)
        if rnd.random() < 0.03 or not must:
            return HOST, ClosePhase()
        player = rnd.choice(must)
        if open_now == "markers":
            # L6-L9: what `drawn_from_actions` draws from the place action and the pass, by
            # the same draws of `rnd`, without building the place action's pick of every card.
            if rnd.random() < 0.6:
                return player, self.parse_move({"type": "pass"})
            open_ = legal.placeable(state, player)
            offered = 1 if open_ is None else 2
            if rnd.randrange(offered) == offered - 1 or open_ is None:
                return player, self.parse_move({"type": "pass"})
            placed = legal.random_placement(*open_, rnd)
            return player, self.parse_move({"type": "place", **placed})
        return player, self.drawn_from_actions(state, player, rnd)

    def drawn_from_actions(self, state: State, player: str, rnd: random.Random) -> Any:
        """A move of `player` drawn from their legal actions as built: a pass more often than
        not, small raises, budgets up to 40 M€."""
        actions = decisions.legal_actions(state, player)
        passes = [a for a in actions if a.key == "pass"]
        action = passes[0] if passes and rnd.random() < 0.6 else rnd.choice(actions)
        budget = action.key == "budget"
        move = random_build(
            action,
            rnd,
            lambda step: (
                rnd.randint(0, 40) if budget else rnd.randint(step.min, min(step.max, step.min + 8))
            ),
        )
        return self.parse_move(move)

    def conserved(self, state: State) -> dict[str, int]:
        """No card is in two places, and none is held that was not dealt: 0 and 0."""
        held = [
            name
            for s in state.seats.values()
            for name in [
                *([s.corporation] if s.corporation else []),
                *s.preludes,
                *s.projects,
                *s.won,
            ]
        ]
        dealt = set(state.dealt)
        return {
            "held_twice": len(held) - len(set(held)),
            "held_not_dealt": sum(name not in dealt for name in held),
            "dealt_twice": len(state.dealt) - len(dealt),
        }
