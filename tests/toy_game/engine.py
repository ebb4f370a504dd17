"""High Bid's rules: each player holds coins and sends one sealed bid (they may change it);
when the host closes the bidding, the highest bid that no one else matched wins. With `lots`,
a bid is on one of that many lots, and lot n takes at most the coins less n mod 3 (its fee),
never less than 0: a step (the amount) whose bounds depend on the one before it (the lot),
in menus by tens."""

from __future__ import annotations

import random
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from games.core.contract import Action, Amount, Choice, Clock, Forfeit, Phase, Pick, Placings, Turn
from games.core.engine import HOST, Engine, some_of
from games.core.errors import RuleError
from games.core.events import Audience, Event, Viewer


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")
    coins: int = Field(10, ge=1, le=1000)
    lots: int = Field(0, ge=0, le=1000)


class State(BaseModel):
    players: list[str]
    coins: int
    lots: int = 0
    bids: dict[str, int] = Field(default_factory=dict)
    #: With lots: the lot of each player's bid.
    on: dict[str, str] = Field(default_factory=dict)
    out: list[str] = Field(default_factory=list)
    winner: str | None = None
    ended: bool = False


class Bid(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["bid"]
    amount: int
    lot: str | None = None


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
    clocks: ClassVar[dict[str, Clock]] = {
        "bidding": Clock(label="The bidding", default_seconds=3600)
    }

    def sample_options(self, players: list[str], rnd: random.Random) -> dict[str, Any]:
        """The coins and the lots, each left out or drawn."""
        return some_of(
            rnd, {"coins": lambda: rnd.randint(1, 30), "lots": lambda: rnd.randint(0, 12)}
        )

    sealed_moves = frozenset({"bid"})
    reveal_events = frozenset({"bids_revealed"})

    def setup(self, players: list[str], options: Options, seed: int) -> tuple[State, list[Event]]:
        state = State(players=players, coins=options.coins, lots=options.lots)
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
            most = self._most(state, move.lot)
            if not 0 <= move.amount <= most:
                on = f" on lot {move.lot[1:]}" if move.lot else ""
                raise RuleError("amount", f"Bid from 0 to {most} coins{on}.")
            state.bids[actor] = move.amount
            if move.lot is not None:
                state.on[actor] = move.lot
            return [
                Event("bid_placed", Audience.to(actor), {"amount": move.amount, "lot": move.lot}),
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
    def _most(state: State, lot: str | None) -> int:
        """The most a bid may be: the coins, less the lot's fee (0 when the fee is more than
        the coins); refuses a lot that is not one
        (or one given in a match without lots)."""
        if lot is None and not state.lots:
            return state.coins
        number = lot[1:] if lot is not None and lot.startswith("l") else ""
        if not number.isdecimal() or not 1 <= int(number) <= state.lots:
            raise RuleError("lot", f"Bid on one of the lots 1 to {state.lots}.")
        return max(0, state.coins - int(number) % 3)

    @staticmethod
    def _remove(state: State, player: str, why: str) -> list[Event]:
        """A kicked or conceding player's bid counts as none and they bid no more."""
        state.out.append(player)
        state.bids.pop(player, None)
        state.on.pop(player, None)
        return [Event(why, Audience.public(), {"player": player})]

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        out: dict[str, Any] = {"players": state.players, "submitted": sorted(state.bids)}
        out.update(ended=state.ended, winner=state.winner, coins=state.coins, lots=state.lots)
        out["bids"] = dict(state.bids) if state.ended else None
        if viewer in state.players:
            out["me"] = {
                "player": viewer,
                "bid": state.bids.get(viewer),
                "lot": state.on.get(viewer),
            }
        return out

    def turn(self, state: State) -> Turn:
        bidders = [p for p in state.players if p not in state.out and not state.ended]
        phase = Phase(
            name="ended" if state.ended else "bidding",
            title="The match is over" if state.ended else "Bidding",
            clock=None if state.ended else "bidding",
            id="ended" if state.ended else "bidding",
            on_deadline="Bids not in count as none, and the best unmatched bid wins.",
        )
        must = [p for p in bidders if p not in state.bids]
        return Turn(phase=phase, players=state.players, out=state.out, must=must, may=bidders)

    def legal_actions(self, state: State, player: str) -> list[Action]:
        if state.ended or player not in state.players or player in state.out:
            return []
        label = "Your sealed bid in coins"
        if not state.lots:
            amount = Amount(min=0, max=state.coins, label=label)
            return [
                Action(key="bid", label="Bid", move={"type": "bid"}, steps=[amount], sealed=True)
            ]
        lots = [
            Choice(
                value=f"l{n}",
                label=f"Lot {n}",
                group=f"Lots {n - (n - 1) % 10}-{min(n - (n - 1) % 10 + 9, state.lots)}",
                then=[Amount(min=0, max=self._most(state, f"l{n}"), label=label)],
            )
            for n in range(1, state.lots + 1)
        ]
        pick = Pick(field="lot", choices=lots, label="The lot", typed=state.lots > 250)
        return [Action(key="bid", label="Bid", move={"type": "bid"}, steps=[pick], sealed=True)]

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
        if not state.lots:
            return rnd.choice(bidders), Bid(type="bid", amount=rnd.randint(0, state.coins))
        lot = f"l{rnd.randint(1, state.lots)}"
        return rnd.choice(bidders), Bid(
            type="bid", amount=rnd.randint(0, self._most(state, lot)), lot=lot
        )

    def conserved(self, state: State) -> dict[str, int]:
        return {"coins": state.coins}


ENGINE = HighBid()
