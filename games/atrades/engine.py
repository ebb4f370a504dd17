"""Atrades' engine (docs/engine-contract.md): moves checked and applied through the pure
rules, the decision open now and what it offers (games/atrades/decisions.py: its moves in
play.py, its phases and deadlines in flow.py, its legal actions in legal.py), and the views
(views.py). Rulings: docs/rules/atrades.md (AT-1..., AT-D1...)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import TypeAdapter

from games.atrades import decisions, flow, samples, views
from games.atrades.data import STARTING, TILE_COUNTS, TYPES
from games.atrades.decisions import TABLE, offer
from games.atrades.events import (
    AtradesEvent,
    AtradesPhaseOpened,
    MatchStarted,
)
from games.atrades.model import MAX_PLAYERS, MIN_PLAYERS, Options, State, setup
from games.atrades.money import conservation
from games.atrades.moves import (
    MOVES,
    Bid,
    ClosePhase,
    Kick,
)
from games.atrades.rounds import last_round_reasons, standings
from games.core.contract import (
    Action,
    BoardAction,
    Clock,
    Forfeit,
    Placings,
    Turn,
)
from games.core.engine import HOST, Engine
from games.core.errors import RuleError
from games.core.events import Event, PlayerForfeited, PlayerKicked, Viewer
from games.core.speech import N_
from games.core.views import GameView

#: The events that show a sealed round's bids to everyone (AT-13, AT-D23).
SEALED_REVEALS = frozenset({"turn_order_resolved", "final_bids_revealed"})

#: The host's own moves (a deadline's close-phase is the host's).
HOST_MOVES = (ClosePhase, Kick)

HOUR = 60 * 60
MINUTE = 60


class Atrades(Engine[State, Options]):
    game = "atrades"
    title = "Atrades"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    state_type = State
    options_type = Options
    moves = MOVES
    events = TypeAdapter(AtradesEvent)
    #: AT-D25: defaults for a table that plays over a day or two; an evening's table sets
    #: every kind to a few minutes.
    clocks: ClassVar[Mapping[str, Clock]] = {
        "bids": Clock(label=N_("Each round's sealed turn-order bids"), default_seconds=4 * HOUR),
        "turn": Clock(label=N_("Each guild's action"), default_seconds=2 * HOUR),
        "open": Clock(label=N_("Each raise or pass in a merger's auction"), default_seconds=HOUR),
        "sealed": Clock(label=N_("A merger's final sealed round"), default_seconds=2 * HOUR),
        "choice": Clock(
            label=N_("Each settlement, free Acquire or expansion"), default_seconds=HOUR
        ),
    }
    sample_options = staticmethod(samples.sample_options)
    #: AT-D27: turn-order bids and final bids are secret until revealed together.
    sealed_moves: ClassVar[frozenset[str]] = frozenset({"bid", "final_bid"})
    reveal_events: ClassVar[frozenset[str]] = frozenset(
        {"turn_order_resolved", "final_bids_revealed"}
    )

    def setup(self, players: list[str], options: Options, seed: int) -> tuple[State, list[Event]]:
        try:
            state = setup(players, options, seed)
        except RuleError as error:
            raise ValueError(N_("Invalid options: {why}").format(why=error.message)) from None
        table = flow.Table(state)
        table.public(
            MatchStarted,
            players=list(players),
            guilds=[g.guild for g in state.guilds],
            regions=[r.name for r in state.regions],
            display=list(state.display),
        )
        self._opened(table)
        return state, table.events

    # -- moves -----------------------------------------------------------------------------

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        """Checks the move completely (the rules check before they change anything, and the
        flow's own steps cannot fail), applies it, runs the round on, and tells a new wait."""
        if state.ended:
            raise RuleError("game_over", "The game is over; no more moves are taken.")
        before = flow.signature(state)
        last = last_round_reasons(state)
        table = flow.Table(state)
        if isinstance(move, HOST_MOVES):
            if actor != HOST:
                raise RuleError("host_only", "Only the host can do that.")
            if isinstance(move, ClosePhase):
                decisions.close_phase(table)
            else:
                seat = flow.seat_of(state, move.player)
                if seat is None:
                    raise RuleError(
                        "unknown_player", "{player} is not in this match.", player=move.player
                    )
                if seat in state.out:
                    raise RuleError(
                        "already_out", "{player} has already left the match.", player=move.player
                    )
                flow.remove(table, seat, PlayerKicked)
        else:
            seat = flow.seat_of(state, actor)
            if seat is None:
                raise RuleError("not_a_player", "Only players of this match can do that.")
            if seat in state.out:
                raise RuleError("out", "You are no longer playing in this match.")
            if isinstance(move, Forfeit):
                flow.remove(table, seat, PlayerForfeited)
            else:
                self._play(table, seat, move)
        flow.advance(table)
        flow.tell_last_round(table, last)
        if flow.signature(state) != before:
            state.flow.waits += 1
            self._opened(table)
        return table.events

    def _opened(self, table: flow.Table) -> None:
        """A new wait begins: the public is told which, and whom it waits for (the innermost
        phase and the turn's `must`, without the rest of the turn: every random playout's
        move asks)."""
        state = table.state
        found = decisions.offer(state)
        phase = found.phase(state)
        guilds = state.guilds
        table.public(
            AtradesPhaseOpened,
            name=phase.name,
            title=phase.title,
            round=phase.round,
            players=[guilds[s].player for s in found.must(state)],
        )

    def _play(self, table: flow.Table, seat: int, move: Any) -> None:
        """A guild's move, played as the decision open now plays it (`decisions.TABLE`);
        turn order is bid only in its own decision."""
        found = offer(table.state)
        if isinstance(move, Bid) and found is not TABLE["bids"]:
            raise RuleError("not_bidding", "Turn order is bid at the start of a round.")
        found.play(table, seat, move)

    # -- the contract ------------------------------------------------------------------------

    def turn(self, state: State) -> Turn:
        stack = decisions.phases(state)
        names = [g.player for g in state.guilds]
        return Turn(
            phase=stack[-1],
            enclosing=stack[:-1],
            players=names,
            out=[names[s] for s in state.out],
            must=[names[s] for s in decisions.must(state)],
            may=[names[s] for s in decisions.may(state)],
        )

    def legal_actions(self, state: State, player: str) -> list[Action]:
        seat = flow.seat_of(state, player)
        return [] if seat is None else decisions.actions(state, seat)

    def board_actions(self, public: GameView | dict[str, Any]) -> list[BoardAction]:
        """AT-D27: the board's buttons for the decision the public view names, from the
        public view alone (its JSON read back through `views.PublicView`)."""
        seen = (
            public
            if isinstance(public, views.PublicView)
            else views.PublicView.model_validate(public)
        )
        return TABLE[seen.decision].outline(seen)

    def view(self, state: State, viewer: Viewer) -> views.PublicView:
        """AT-D27: the public view (the host's too); a player's adds their own secrets
        (`views.PlayerView`)."""
        seen = views.player(state, viewer) if viewer is not None else None
        return views.public(state) if seen is None else seen

    def summary(self, state: State, player: str) -> views.Summary:
        """What a player's 1-on-1 and the computer seats read: the round, the map and
        companies, the merger and their own secrets."""
        return views.summary(state, player)

    def undo_refusal(self, state: State, undone: list[Event]) -> str | None:
        """AT-D23: the bids of a sealed round, once shown to everyone, stand. Taking back the
        move that showed them would open the round again with every bid known, so a guild
        would bid again knowing the others'. Refused; moves after it may be taken back."""
        if not any(e.type in SEALED_REVEALS for e in undone):
            return None
        return N_(
            "The bids of that sealed round have been shown to everyone: taken back, it would "
            "open again with every bid known. It stands; a later move can be taken back."
        )

    def audit(self, state: State) -> dict[str, Any]:
        """Every closed sealed round's bids, oldest first: turn order and final bids."""
        return {"closed": list(state.flow.closed)}

    def is_finished(self, state: State) -> bool:
        return state.ended

    def placings(self, state: State) -> Placings | None:
        """AT-27, AT-D20: places by money, then banks; equal guilds share a place and a
        shared first place wins together; removed guilds are not ranked (AT-D26)."""
        if not state.ended:
            return None
        names = [g.player for g in state.guilds]
        places = standings(state)
        return Placings(
            places={names[s]: p for s, p in places.items()},
            winners=[names[s] for s in state.winners],
        )

    def result(self, state: State) -> dict[str, Any] | None:
        if not state.ended:
            return None
        names = [g.player for g in state.guilds]
        return {
            "rounds": state.round,
            "winners": [names[s] for s in state.winners],
            "places": {names[s]: p for s, p in standings(state).items()},
            "money": {g.player: g.money for g in state.guilds},
            "guilds": {g.player: g.guild for g in state.guilds},
        }

    def random_move(self, state: State, rnd: random.Random) -> tuple[str, Any]:
        """A legal move of someone the phase waits for, answered at random (small bids and
        raises, so money lasts: `legal.small_amount`), or now and then the host's
        close-phase. The action is drawn among the seat's offers and its move drawn from
        the offer without making the action (`legal.Offered`)."""
        # The turn's `must`, without the phases' words.
        found = decisions.offer(state)
        must = found.must(state)
        if not must or rnd.random() < 0.04:
            return HOST, ClosePhase()
        seat = rnd.choice(must)
        move = rnd.choice(decisions.offers(state, seat, found)).draw(rnd)
        return state.guilds[seat].player, self.parse_move(move)

    def conserved(self, state: State) -> dict[str, int]:
        """AT-D10: money in play against the ledger; AT-3: every plain tile in the supply or
        on the map."""
        plain = sum(TILE_COUNTS[t] - len(STARTING[t]) for t in TYPES)
        on_map = sum(c.size - 1 for c in state.companies)
        return {
            "money": conservation(state),
            "plain_tiles": sum(state.supply.values()) + on_map - plain,
        }
