"""High Bid's rules: each player holds coins and sends one sealed bid (they may change it);
when the host closes the bidding, the highest bid that no one else matched wins."""

from __future__ import annotations

import random
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from games.core.contract import Action, Amount, Forfeit, Phase, Placings, Turn
from games.core.engine import HOST, Engine
from games.core.errors import RuleError
from games.core.events import Audience, Event, Viewer


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")
    coins: int = Field(10, ge=1, le=1000)


class State(BaseModel):
    players: list[str]
    coins: int
    bids: dict[str, int] = Field(default_factory=dict)
    out: list[str] = Field(default_factory=list)
    winner: str | None = None
    ended: bool = False


class Bid(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["bid"]
    amount: int


class ClosePhase(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["close_phase"]


class Kick(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["kick"]
    player: str


Move = Annotated[Bid | ClosePhase | Kick | Forfeit, Field(discriminator="type")]


class HighBid(Engine[State, Options]):
    game = "high-bid"
    title = "High Bid"
    min_players, max_players = 2, 6
    state_type, options_type = State, Options
    moves = TypeAdapter(Move)
    sealed_moves = frozenset({"bid"})
    reveal_events = frozenset({"bids_revealed"})

    def setup(self, players: list[str], options: Options, seed: int) -> tuple[State, list[Event]]:
        state = State(players=players, coins=options.coins)
        opened = Event("phase_opened", Audience.public(), {"coins": options.coins})
        return state, [opened]

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        if state.ended:
            raise RuleError("ended", "The match is over.")
        if isinstance(move, Forfeit):
            if actor not in state.players or actor in state.out:
                raise RuleError("not_playing", "You are not bidding in this match.")
            return self._remove(state, actor, "player_forfeited")
        if isinstance(move, Bid):
            if actor not in state.players or actor in state.out:
                raise RuleError("not_playing", "You are not bidding in this match.")
            if not 0 <= move.amount <= state.coins:
                raise RuleError("amount", f"Bid from 0 to {state.coins} coins.")
            state.bids[actor] = move.amount
            return [
                Event("bid_placed", Audience.to(actor), {"amount": move.amount}),
                Event("bid_submitted", Audience.public(), {"player": actor}),
            ]
        if actor != HOST:
            raise RuleError("host_only", "Only the host can do that.")
        if isinstance(move, Kick):
            if move.player not in state.players or move.player in state.out:
                raise RuleError("unknown_player", f"{move.player} is not bidding in this match.")
            return self._remove(state, move.player, "player_kicked")
        amounts = list(state.bids.values())
        unique = [(a, p) for p, a in state.bids.items() if amounts.count(a) == 1]
        state.winner = max(unique)[1] if unique else None
        state.ended = True
        revealed = Event("bids_revealed", Audience.public(), {"bids": dict(state.bids)})
        return [revealed, Event("match_ended", Audience.public(), {"winner": state.winner})]

    @staticmethod
    def _remove(state: State, player: str, why: str) -> list[Event]:
        """A kicked or conceding player's bid counts as none and they bid no more."""
        state.out.append(player)
        state.bids.pop(player, None)
        return [Event(why, Audience.public(), {"player": player})]

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        out: dict[str, Any] = {"players": state.players, "submitted": sorted(state.bids)}
        out.update(ended=state.ended, winner=state.winner, coins=state.coins)
        out["bids"] = dict(state.bids) if state.ended else None
        if viewer in state.players:
            out["me"] = {"player": viewer, "bid": state.bids.get(viewer)}
        return out

    def turn(self, state: State) -> Turn:
        bidders = [p for p in state.players if p not in state.out and not state.ended]
        phase = Phase(
            name="ended" if state.ended else "bidding",
            title="The match is over" if state.ended else "Bidding",
            default_seconds=None if state.ended else 3600,
            on_deadline="Bids not in count as none, and the best unmatched bid wins.",
        )
        must = [p for p in bidders if p not in state.bids]
        return Turn(phase=phase, players=state.players, out=state.out, must=must, may=bidders)

    def legal_actions(self, state: State, player: str) -> list[Action]:
        if state.ended or player not in state.players or player in state.out:
            return []
        amount = Amount(min=0, max=state.coins, label="Your sealed bid in coins")
        return [Action(key="bid", label="Bid", move={"type": "bid"}, amount=amount, sealed=True)]

    def is_finished(self, state: State) -> bool:
        return state.ended

    def result(self, state: State) -> dict[str, Any] | None:
        return {"winner": state.winner, "bids": state.bids} if state.ended else None

    def placings(self, state: State) -> Placings | None:
        """The winner first and every other bidder still in second; with no winner, everyone
        still in shares the first place and nobody wins. A removed player is not ranked."""
        if not state.ended:
            return None
        bidders = [p for p in state.players if p not in state.out]
        if state.winner is None:
            return Placings(places=dict.fromkeys(bidders, 1), winners=[])
        places = {p: 1 if p == state.winner else 2 for p in bidders}
        return Placings(places=places, winners=[state.winner])

    def random_move(self, state: State, rnd: random.Random) -> tuple[str, Any]:
        bidders = [p for p in state.players if p not in state.out]
        if not bidders or rnd.random() < 0.2:
            return HOST, ClosePhase(type="close_phase")
        return rnd.choice(bidders), Bid(type="bid", amount=rnd.randint(0, state.coins))

    def conserved(self, state: State) -> dict[str, int]:
        return {"coins": state.coins}


ENGINE = HighBid()
