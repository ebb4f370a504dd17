"""Atrades' engine (docs/engine-contract.md): moves checked and applied through the pure
rules, the flow that runs a round on (games/atrades/flow.py), the legal actions
(legal.py) and the views (views.py). Rulings: docs/rules/atrades.md (AT-1..., AT-D1...)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from games.atrades import flow, legal, views
from games.atrades.actions import acquire, decline_free_acquire, pass_turn, research
from games.atrades.data import STARTING, TECHNOLOGY_BY_ID, TILE_COUNTS, TYPES
from games.atrades.events import (
    Acquired,
    AtradesPhaseOpened,
    AuctionPassed,
    AuctionRaised,
    BidIn,
    BidMade,
    ExpansionLetGo,
    FinalBidIn,
    FinalBidMade,
    FreeAcquireLost,
    MatchStarted,
    MergerDeclared,
    Passed,
    Researched,
    SoldToGovt,
)
from games.atrades.govt import govt_merger
from games.atrades.market import expand
from games.atrades.merger import open_bid, open_pass, sealed_bid, start_merger
from games.atrades.model import MAX_PLAYERS, MIN_PLAYERS, Options, Payment, State, setup
from games.atrades.money import conservation, payment
from games.atrades.moves import (
    MOVES,
    Acquire,
    Bid,
    ClosePhase,
    Decline,
    Expand,
    FinalBid,
    Govt,
    Kick,
    Merge,
    Pass,
    Raise,
    Research,
    Settle,
)
from games.atrades.rounds import last_round_reasons, standings
from games.atrades.turn_order import submit_bid
from games.core.contract import (
    Action,
    BoardAction,
    Clock,
    Forfeit,
    Placings,
    Turn,
    random_answers,
)
from games.core.engine import HOST, Engine
from games.core.errors import RuleError
from games.core.events import Event, PlayerForfeited, PlayerKicked, Viewer

#: The events that show a sealed round's bids to everyone (AT-13, AT-D23).
SEALED_REVEALS = frozenset({"turn_order_resolved", "final_bids_revealed"})

#: The public view's keys a player's summary holds.
SUMMARY_KEYS = (
    "round",
    "era",
    "step",
    "regions",
    "map",
    "companies",
    "display",
    "merger",
    "guilds",
)
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
    #: AT-D25: defaults for a table that plays over a day or two; an evening's table sets
    #: every kind to a few minutes.
    clocks: ClassVar[Mapping[str, Clock]] = {
        "bids": Clock(label="Each round's sealed turn-order bids", default_seconds=4 * HOUR),
        "turn": Clock(label="Each guild's action", default_seconds=2 * HOUR),
        "open": Clock(label="Each raise or pass in a merger's auction", default_seconds=HOUR),
        "sealed": Clock(label="A merger's final sealed round", default_seconds=2 * HOUR),
        "choice": Clock(label="Each settlement, free Acquire or expansion", default_seconds=HOUR),
    }
    #: AT-D27: turn-order bids and final bids are secret until revealed together.
    sealed_moves: ClassVar[frozenset[str]] = frozenset({"bid", "final_bid"})
    reveal_events: ClassVar[frozenset[str]] = frozenset(
        {"turn_order_resolved", "final_bids_revealed"}
    )

    def setup(self, players: list[str], options: Options, seed: int) -> tuple[State, list[Event]]:
        try:
            state = setup(players, options, seed)
        except RuleError as error:
            raise ValueError(f"Invalid options: {error.message}") from None
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
        if isinstance(move, ClosePhase | Kick):
            if actor != HOST:
                raise RuleError("host_only", "Only the host can do that.")
            if isinstance(move, ClosePhase):
                flow.close_phase(table)
            else:
                seat = flow.seat_of(state, move.player)
                if seat is None:
                    raise RuleError("unknown_player", f"{move.player} is not in this match.")
                if seat in state.out:
                    raise RuleError("already_out", f"{move.player} has already left the match.")
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
        """A new wait begins: the public is told which, and whom it waits for."""
        turn = self.turn(table.state)
        table.public(
            AtradesPhaseOpened,
            name=turn.phase.name,
            title=turn.phase.title,
            round=turn.phase.round,
            players=list(turn.must),
        )

    def _play(self, table: flow.Table, seat: int, move: Any) -> None:
        state = table.state
        step, merger = state.flow.step, state.merger
        name = table.name(seat)
        if isinstance(move, Bid):
            if step != "bids":
                raise RuleError("not_bidding", "Turn order is bid at the start of a round.")
            paying = payment(state, seat, move.pay_from, move.amount)
            submit_bid(state, seat, paying, replacing=True)
            table.private(seat, BidMade, pay_from=move.pay_from, amount=move.amount)
            table.public(BidIn, player=name)
            return
        if step == "expansions":
            self._expansion(table, seat, move)
            return
        if merger is not None:
            self._auction(table, seat, move)
            return
        if state.free_acquires:
            self._free_acquire(table, seat, move)
            return
        if step != "actions" or flow.acting(state) != seat or state.flow.acted:
            raise RuleError("not_your_turn", "It is not your turn.")
        if isinstance(move, Acquire):
            company = acquire(state, seat, move.tile, move.hex)
            table.public(Acquired, player=name, tile=move.tile, hex=company.hexes[0])
        elif isinstance(move, Merge):
            start_merger(state, seat, move.company, move.other, cube=move.cube)
            state.flow.mergers += 1
            table.public(
                MergerDeclared,
                player=name,
                companies=[move.company, move.other],
                cube=move.cube,
            )
        elif isinstance(move, Govt):
            paid = govt_merger(state, seat, move.company)
            table.public(
                SoldToGovt, player=name, company=move.company, **paid.model_dump(mode="json")
            )
        elif isinstance(move, Research):
            card = move.technology.strip().upper()
            found = TECHNOLOGY_BY_ID.get(card)
            # An unknown card gets research's own refusal, before any payment is looked at.
            paying = payment(state, seat, move.pay_from, found.cost) if found else Payment()
            research(state, seat, card, paying)
            table.public(
                Researched,
                player=name,
                technology=card,
                company=paying.company,
                from_company=paying.from_company,
            )
        elif isinstance(move, Pass):
            pass_turn(state, seat)
            table.public(Passed, player=name)
        else:
            raise RuleError("not_now", "That move is not taken now: it is your action.")
        state.flow.acted = True

    def _auction(self, table: flow.Table, seat: int, move: Any) -> None:
        state = table.state
        merger = state.merger
        assert merger is not None
        name = table.name(seat)
        if isinstance(move, Raise):
            open_bid(state, seat, move.amount)
            table.public(AuctionRaised, player=name, amount=move.amount)
        elif isinstance(move, Pass) and merger.step == "open":
            open_pass(state, seat)
            table.public(AuctionPassed, player=name)
        elif isinstance(move, FinalBid):
            sealed_bid(state, seat, move.amount)
            table.private(seat, FinalBidMade, amount=move.amount)
            table.public(FinalBidIn, player=name)
            flow.reveal_final(table, merger)
        elif isinstance(move, Settle):
            if merger.step != "payment" or merger.winner != seat:
                raise RuleError("not_winner", "Only the auction's winner settles it.")
            flow.settled(table, move.pay_from, move.survivor, move.cube == "take")
        else:
            raise RuleError("not_now", "A merger's auction is under way: bid, pass or settle.")

    def _free_acquire(self, table: flow.Table, seat: int, move: Any) -> None:
        state = table.state
        if state.free_acquires[0] != seat:
            raise RuleError("no_free_acquire", "You are not owed a free Acquire now.")
        if isinstance(move, Acquire):
            company = acquire(state, seat, move.tile, move.hex, free=True)
            table.public(
                Acquired,
                player=table.name(seat),
                tile=move.tile,
                hex=company.hexes[0],
                free=True,
            )
        elif isinstance(move, Decline):
            decline_free_acquire(state, seat)
            table.public(FreeAcquireLost, player=table.name(seat), reason="declined")
        else:
            raise RuleError("not_now", "Take your free Acquire or let it go.")

    def _expansion(self, table: flow.Table, seat: int, move: Any) -> None:
        state = table.state
        company, *waiting = state.expansions
        if isinstance(move, Expand):
            label = expand(state, seat, company, move.hex)
            assert label is not None, "a hex was given"
            flow.expanded(table, company, label, waiting)
        elif isinstance(move, Decline):
            expand(state, seat, company, None)
            table.public(ExpansionLetGo, company=company)
        else:
            raise RuleError("not_now", "The market's expansions are under way.")

    # -- the contract ------------------------------------------------------------------------

    def turn(self, state: State) -> Turn:
        stack = flow.phases(state)
        names = [g.player for g in state.guilds]
        return Turn(
            phase=stack[-1],
            enclosing=stack[:-1],
            players=names,
            out=[names[s] for s in state.out],
            must=[names[s] for s in flow.must(state)],
            may=[names[s] for s in flow.may(state)],
        )

    def legal_actions(self, state: State, player: str) -> list[Action]:
        seat = flow.seat_of(state, player)
        return [] if seat is None else legal.actions(state, seat)

    def board_actions(self, public: dict[str, Any]) -> list[BoardAction]:
        return legal.board_actions(public)

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        """AT-D27: the public view; a player's adds their own secrets (`me`) and their legal
        actions (`legal`)."""
        return self._with_mine(state, viewer, views.public(state))

    def summary(self, state: State, player: str) -> dict[str, Any]:
        """What a player's summary and the computer players read: the round, the map and
        companies, the merger, their own secrets and legal actions (parts of the view)."""
        return self._with_mine(state, player, views.public(state, SUMMARY_KEYS))

    def _with_mine(self, state: State, viewer: Viewer, out: dict[str, Any]) -> dict[str, Any]:
        me = views.mine(state, viewer) if viewer is not None else None
        if me is not None:
            out["me"] = me
            out["legal"] = [
                a.model_dump(mode="json") for a in self.legal_actions(state, me["player"])
            ]
        return out

    def undo_refusal(self, state: State, undone: list[Event]) -> str | None:
        """AT-D23: the bids of a sealed round, once shown to everyone, stand. Taking back the
        move that showed them would open the round again with every bid known, so a guild
        would bid again knowing the others'. Refused; moves after it may be taken back."""
        if not any(e.type in SEALED_REVEALS for e in undone):
            return None
        return (
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
        raises, so money lasts), or now and then the host's close-phase."""
        # The turn's `must`, without the phases' words.
        must = flow.must(state)
        if not must or rnd.random() < 0.04:
            return HOST, ClosePhase()
        player = state.guilds[rnd.choice(must)].player
        action = rnd.choice(self.legal_actions(state, player))
        answers = random_answers(
            action, rnd, lambda step: rnd.randint(step.min, min(step.max, step.min + 3))
        )
        return player, self.parse_move(action.build(answers))

    def conserved(self, state: State) -> dict[str, int]:
        """AT-D10: money in play against the ledger; AT-3: every plain tile in the supply or
        on the map."""
        plain = sum(TILE_COUNTS[t] - len(STARTING[t]) for t in TYPES)
        on_map = sum(c.size - 1 for c in state.companies)
        return {
            "money": conservation(state),
            "plain_tiles": sum(state.supply.values()) + on_map - plain,
        }
