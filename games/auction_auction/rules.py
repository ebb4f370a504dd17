"""Auction Auction's rules as an engine (RULINGS.md §1, AA-1 to AA-18)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from pydantic import TypeAdapter

from games.auction_auction import samples
from games.auction_auction.events import (
    AccessBid,
    AccessResolved,
    AuctionEnded,
    AuctionEvent,
    AuctionPhaseOpened,
    AuctionResolved,
    BidPlaced,
    BidWithdrawn,
    BlackMarketDrawn,
    BonusPaid,
    CashGiven,
    GarnetTraded,
    LotBid,
    LotResult,
    LotsOffered,
    MatchStarted,
    PhaseClosed,
    SubmissionReceived,
    SubmissionWithdrawn,
)
from games.auction_auction.hands import final_result
from games.auction_auction.model import (
    BLACK_MARKET,
    HOUSE_COLOURS,
    HOUSES,
    LOCATION_NAMES,
    MOVES,
    PHASES,
    Bid,
    ClosedPhase,
    ClosePhase,
    Colour,
    Give,
    Kick,
    Lot,
    Options,
    Seat,
    State,
    TradeGarnet,
    lot_name,
)
from games.auction_auction.views import (
    AccessRound,
    AuctionSeen,
    HostView,
    LotBidSeen,
    OwnSeat,
    PlayerView,
    PublicView,
    StandingAccessBid,
    Summary,
)
from games.core.contract import (
    Action,
    Amount,
    Choice,
    Clock,
    Forfeit,
    Phase,
    Pick,
    Placings,
    SeasonOutcome,
    Turn,
)
from games.core.engine import HOST, Engine
from games.core.errors import RuleError, typed
from games.core.events import (
    Audience,
    Event,
    PlayerForfeited,
    PlayerKicked,
    Viewer,
    read_event,
    tell,
)
from games.core.rng import RandomSource

BONUS = 10
GARNET_VALUE = 10
#: A phase's default length: a day, as the game is played over days (RULINGS.md §1, Rounds).
PHASE_SECONDS = 24 * 60 * 60
#: Why the prize pool grows (AA-17), as a season's ledger words it.
POOL_REASON = "everyone held four cubes"


def lots_for(options: Options, black_market_colour: Colour) -> dict[str, list[Lot]]:
    """AA-4: a double of the house's colour then a single of every colour in play; the Black
    Market offers a double and a single of its colour."""
    lots: dict[str, list[Lot]] = {}
    for house, colour in HOUSE_COLOURS.items():
        offered = [(colour, 2), *((c, 1) for c in options.colours)]
        lots[house] = [
            Lot(id=f"{house}:{n}", colour=c, count=k) for n, (c, k) in enumerate(offered, 1)
        ]
    lots[BLACK_MARKET] = [
        Lot(id=f"{BLACK_MARKET}:1", colour=black_market_colour, count=2),
        Lot(id=f"{BLACK_MARKET}:2", colour=black_market_colour, count=1),
    ]
    return lots


def entrants(bids: list[tuple[str, int]], capacity: int) -> tuple[list[str], list[str]]:
    """AA-7: walk the distinct amounts from the highest; a tied group enters only if all of it
    fits; the first group that does not fit stops the walk. Returns (entered, tied_out)."""
    by_amount: dict[int, list[str]] = {}
    for player, amount in bids:
        by_amount.setdefault(amount, []).append(player)
    entered: list[str] = []
    for amount in sorted(by_amount, reverse=True):
        group = by_amount[amount]
        if len(entered) + len(group) > capacity:
            return entered, group if len(group) > 1 else []
        entered.extend(group)
    return entered, []


def lot_winner(bids: list[tuple[str, int]]) -> tuple[str, int] | None:
    """AA-11: the highest amount exactly one player bid wins; tied amounts are skipped."""
    counts = Counter(amount for _, amount in bids)
    unique = [amount for amount, n in counts.items() if n == 1]
    if not unique:
        return None
    best = max(unique)
    return next((p, a) for p, a in bids if a == best)


def money(amount: int) -> str:
    return f"${amount}"


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
        "phase": Clock(label="Each access or auction phase", default_seconds=PHASE_SECONDS)
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
            raise ValueError(f"Invalid options: garnets names non-players {', '.join(unknown)}.")
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
        events.extend(self._open_phase(state))
        return state, events

    # -- moves -------------------------------------------------------------------------

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        if state.phase == "ended":
            raise RuleError("match_over", "The match is over; no more moves are taken.")
        if isinstance(move, ClosePhase | Kick):
            if actor != HOST:
                raise RuleError("host_only", "Only the host can do that.")
            if isinstance(move, Kick):
                return self._kick(state, move)
            return self._close_phase(state)
        seat = self._seat(state, actor)
        if isinstance(move, Forfeit):
            if self._left(state) <= 1:
                raise RuleError(
                    "last_player", "You are the last player left; the host can end the match."
                )
            return self._remove(state, PlayerForfeited(player=actor))
        if isinstance(move, Bid):
            if state.phase == "access":
                return self._access_bid(state, actor, seat, move)
            return self._lot_bid(state, actor, seat, move)
        if isinstance(move, Give):
            return self._give(state, actor, seat, move)
        if isinstance(move, TradeGarnet):
            return self._trade_garnet(actor, seat, state)
        raise RuleError("bad_move", "That move is not part of Auction Auction.")

    def _seat(self, state: State, actor: str) -> Seat:
        seat = state.seats.get(actor)
        if seat is None:
            raise RuleError("not_a_player", "Only players of this match can do that.")
        if seat.kicked:
            raise RuleError("kicked", "You are no longer playing in this match.")
        return seat

    def _access_bid(self, state: State, actor: str, seat: Seat, move: Bid) -> list[Event]:
        """AA-5: one sealed bid on a house, 0 <= amount <= cash; a new bid replaces it."""
        if move.target not in HOUSES:
            if move.target == BLACK_MARKET:
                raise RuleError(
                    "not_a_house",
                    "Nobody bids for the Black Market: players who enter no house go there.",
                )
            raise RuleError(
                "unknown_house",
                f"There is no house called {typed(move.target)}. Bid on "
                + ", ".join(f"{name} ({key})" for key, name in HOUSES.items())
                + ".",
            )
        if move.amount < 0:
            raise RuleError("bad_amount", "A bid cannot be negative.")
        if move.amount > seat.cash:
            raise RuleError(
                "over_budget",
                f"You bid {money(move.amount)} but hold {money(seat.cash)}.",
            )
        replaced = seat.access_bid
        seat.access_bid = (move.target, move.amount)
        placed = tell(
            BidPlaced,
            Audience.to(actor),
            player=actor,
            round=state.round,
            phase="access",
            target=move.target,
            amount=move.amount,
            replaced=replaced,
        )
        return [placed, tell(SubmissionReceived, Audience.public(), player=actor)]

    def _lot_bid(self, state: State, actor: str, seat: Seat, move: Bid) -> list[Event]:
        """AA-9: sealed bids on lots of the player's own location, summing to at most cash;
        amount 0 withdraws."""
        location = seat.location or BLACK_MARKET
        own = {lot.id for lot in state.lots[location]}
        if move.target not in own:
            if any(move.target == lot.id for lots in state.lots.values() for lot in lots):
                raise RuleError(
                    "not_your_location",
                    f"You are in {LOCATION_NAMES[location]} this round and can bid only on its "
                    f"lots: {', '.join(sorted(own))}.",
                )
            raise RuleError(
                "unknown_lot",
                f"There is no lot {typed(move.target)} here. Your lots: {', '.join(sorted(own))}.",
            )
        if move.amount < 0:
            raise RuleError("bad_amount", "A bid cannot be negative.")
        old = seat.lot_bids.get(move.target)
        if move.amount == 0:
            if old is None:
                raise RuleError("no_bid", f"You have no bid on {move.target} to withdraw.")
            del seat.lot_bids[move.target]
        else:
            total = seat.committed() - (old or 0) + move.amount
            if total > seat.cash:
                raise RuleError(
                    "over_budget",
                    f"You bid {money(total)} in total but hold {money(seat.cash)}.",
                )
            seat.lot_bids[move.target] = move.amount
        # A bid is the most frequent move: its events' models are made only when read.
        told = tell(
            BidWithdrawn if move.amount == 0 else BidPlaced,
            Audience.to(actor),
            player=actor,
            round=state.round,
            phase="auction",
            target=move.target,
            amount=move.amount,
            replaced=old,
        )
        notice = SubmissionReceived if seat.lot_bids else SubmissionWithdrawn
        return [told, tell(notice, Audience.public(), player=actor)]

    def _give(self, state: State, actor: str, seat: Seat, move: Give) -> list[Event]:
        """AA-15: 1 <= amount <= cash not committed to a standing sealed bid; only the two
        players learn of it."""
        receiver = state.seats.get(move.to)
        if receiver is None or receiver.kicked:
            raise RuleError("unknown_player", f"{move.to} is not playing in this match.")
        if move.to == actor:
            raise RuleError("self_gift", "You cannot give money to yourself.")
        if move.amount < 1:
            raise RuleError("bad_amount", "A gift must be at least $1.")
        free = seat.cash - seat.committed()
        if move.amount > free:
            held = f"You hold {money(seat.cash)}"
            if seat.committed():
                held += f", {money(seat.committed())} of it promised to your sealed bids"
            raise RuleError("over_budget", f"{held}, so you can give at most {money(free)}.")
        seat.cash -= move.amount
        receiver.cash += move.amount
        return [
            tell(
                CashGiven, Audience.to(actor, move.to), giver=actor, to=move.to, amount=move.amount
            )
        ]

    def _trade_garnet(self, actor: str, seat: Seat, state: State) -> list[Event]:
        """AA-14: one garnet from the season balance becomes $10, privately, for good."""
        if seat.garnets < 1:
            raise RuleError("no_garnets", "You have no garnets to trade.")
        seat.garnets -= 1
        seat.cash += GARNET_VALUE
        state.minted += GARNET_VALUE
        traded = tell(
            GarnetTraded,
            Audience.to(actor),
            player=actor,
            amount=GARNET_VALUE,
            garnets_left=seat.garnets,
        )
        return [traded]

    def _kick(self, state: State, move: Kick) -> list[Event]:
        """Dealer ruling AA-D3: the kicked player's standing submissions count as none; they
        keep what they hold but make no more moves and are not ranked at the end."""
        seat = state.seats.get(move.player)
        if seat is None:
            raise RuleError("unknown_player", f"{move.player} is not playing in this match.")
        if seat.kicked:
            raise RuleError("already_kicked", f"{move.player} was already removed.")
        if self._left(state) <= 1:
            raise RuleError("last_player", "The last player cannot be removed; cancel instead.")
        return self._remove(state, PlayerKicked(player=move.player))

    @staticmethod
    def _left(state: State) -> int:
        return sum(not s.kicked for s in state.seats.values())

    def _remove(self, state: State, why: PlayerKicked | PlayerForfeited) -> list[Event]:
        """A player leaves the match, kicked (AA-D3) or conceding (AA-D11): their standing
        submissions count as none; they keep what they hold but make no more moves and are
        not ranked at the end. The last player left is neither kicked nor conceding."""
        seat = state.seats[why.player]
        seat.kicked = True
        seat.access_bid = None
        seat.lot_bids.clear()
        return [why.told()]

    # -- phases ------------------------------------------------------------------------

    def _open_phase(self, state: State) -> list[Event]:
        """Open the current phase: pay AA-13 bonuses owed, note who holds $0, show lots."""
        events: list[Event] = []
        for player in state.owed_bonus:
            state.seats[player].cash += BONUS
            state.minted += BONUS
            events.append(BonusPaid(player=player, amount=BONUS).told(Audience.to(player)))
        state.owed_bonus = []
        for seat in state.seats.values():
            seat.broke_at_open = seat.cash == 0
        assert state.phase != "ended"
        opened = (
            # each house's spots (AA-3)
            AuctionPhaseOpened(
                round=state.round, phase="access", spots=state.options.house_capacity
            )
            if state.phase == "access"
            else AuctionPhaseOpened(round=state.round, phase="auction")
        )
        events.append(opened.told())
        if state.phase == "auction":
            for location, lots in state.lots.items():
                inside = self.players_at(state, location)
                if not inside and not state.options.reveal_lots_publicly:
                    continue
                audience = (
                    Audience.public()
                    if state.options.reveal_lots_publicly
                    else Audience.at(location, inside)
                )
                offered = LotsOffered(round=state.round, location=location, lots=list(lots))
                events.append(offered.told(audience))
        return events

    @staticmethod
    def players_at(state: State, location: str) -> list[str]:
        return [p for p in state.players if state.seats[p].location == location]

    def _close_phase(self, state: State) -> list[Event]:
        if state.phase == "access":
            events = self._resolve_access(state)
            state.phase = "auction"
            return events + self._open_phase(state)
        events = self._resolve_auction(state)
        if state.round == state.options.rounds:
            return events + self._end(state)
        state.round += 1
        state.phase = "access"
        for seat in state.seats.values():
            seat.location = None
        return events + self._open_phase(state)

    def _note_bonus(self, state: State, player: str, seat: Seat, bid_nothing: bool) -> None:
        """AA-13: held $0 when the phase opened and bid only $0 -> $10 when the next opens
        (nothing after the last phase)."""
        last = state.phase == "auction" and state.round == state.options.rounds
        if seat.broke_at_open and bid_nothing and not last and not seat.kicked:
            state.owed_bonus.append(player)

    def _resolve_access(self, state: State) -> list[Event]:
        """AA-6 everyone pays, AA-7 entry per house, AA-8 announced publicly."""
        bids = [
            (p, seat.access_bid[0], seat.access_bid[1])
            for p, seat in state.seats.items()
            if seat.access_bid is not None
        ]
        outcome: dict[str, list[str]] = {}
        tied_out: list[str] = []
        for house in HOUSES:
            entered, kept_out = entrants(
                [(p, a) for p, h, a in bids if h == house], state.options.house_capacity
            )
            outcome[house] = entered
            tied_out.extend(kept_out)
            for player in entered:
                state.seats[player].location = house
        for player in state.players:
            seat = state.seats[player]
            if seat.location is None and not seat.kicked:
                seat.location = BLACK_MARKET
            amount = seat.access_bid[1] if seat.access_bid else 0
            seat.cash -= amount
            state.paid += amount
            self._note_bonus(state, player, seat, amount == 0)
            seat.access_bid = None
        outcome[BLACK_MARKET] = self.players_at(state, BLACK_MARKET)
        state.closed.append(
            ClosedPhase(
                round=state.round, phase="access", bids=bids, entrants=outcome, tied_out=tied_out
            )
        )
        resolved = AccessResolved(
            round=state.round,
            bids=[AccessBid(player=p, house=h, amount=a) for p, h, a in bids],
            entrants=outcome,
            tied_out=tied_out,
            house_capacity=state.options.house_capacity,
        )
        return [resolved.told()]

    def _resolve_auction(self, state: State) -> list[Event]:
        """AA-10 everyone pays, AA-11 unique highest bid wins, AA-12 told to the location."""
        events: list[Event] = []
        all_bids: list[tuple[str, str, int]] = []
        winners: dict[str, str | None] = {}
        for location, lots in state.lots.items():
            inside = self.players_at(state, location)
            results: list[LotResult] = []
            for lot in lots:
                bids = [
                    (p, state.seats[p].lot_bids[lot.id])
                    for p in inside
                    if lot.id in state.seats[p].lot_bids
                ]
                all_bids.extend((p, lot.id, a) for p, a in bids)
                won = lot_winner(bids)
                state.cubes_offered += lot.count
                if won is None:
                    state.cubes_discarded += lot.count
                    winners[lot.id] = None
                else:
                    cubes = state.seats[won[0]].cubes
                    cubes[lot.colour] = cubes.get(lot.colour, 0) + lot.count
                    winners[lot.id] = won[0]
                results.append(
                    LotResult(
                        lot=lot.id,
                        colour=lot.colour,
                        count=lot.count,
                        bids=[LotBid(player=p, amount=a) for p, a in bids],
                        winner=won[0] if won else None,
                        price=won[1] if won else None,
                    )
                )
            if inside:
                resolved = AuctionResolved(round=state.round, location=location, lots=results)
                events.append(resolved.told(Audience.at(location, inside)))
        for player in state.players:
            seat = state.seats[player]
            spent = sum(seat.lot_bids.values())
            seat.cash -= spent
            state.paid += spent
            self._note_bonus(state, player, seat, spent == 0)
            seat.lot_bids = {}
        state.closed.append(
            ClosedPhase(round=state.round, phase="auction", bids=all_bids, winners=winners)
        )
        events.append(PhaseClosed(round=state.round, phase="auction").told())
        return events

    def _end(self, state: State) -> list[Event]:
        """AA-16 hands and places, AA-17 prizes, AA-18 everything revealed publicly."""
        ranked = [p for p in state.players if not state.seats[p].kicked]
        state.result = final_result(ranked, state.seats, state.options.colours)
        state.phase = "ended"
        for seat in state.seats.values():
            seat.location = None
        result = state.result
        ended = AuctionEnded(
            standings=result.standings,
            tokens_of_life=result.tokens_of_life,
            garnets=result.garnets,
            elimination_candidates=result.elimination_candidates,
            prize_pool_increase=result.prize_pool_increase,
        )
        return [ended.told()]

    # -- reading -----------------------------------------------------------------------

    def is_finished(self, state: State) -> bool:
        return state.phase == "ended"

    def result(self, state: State) -> dict[str, Any] | None:
        return state.result.model_dump(mode="json") if state.result else None

    def targets(self, state: State, player: str) -> list[str]:
        """What `player` may bid on now: houses in the Access phase, their lots after."""
        seat = state.seats.get(player)
        if seat is None or seat.kicked or state.phase == "ended":
            return []
        if state.phase == "access":
            return list(HOUSES)
        return [lot.id for lot in state.lots[seat.location or BLACK_MARKET]]

    # -- the contract ------------------------------------------------------------------

    def turn(self, state: State) -> Turn:
        """The players still in who have something to do may act: a bid until the phase
        closes, replacing the last one; a gift (AA-15) or a garnet trade (AA-14) at any time.
        In the Access phase that is all of them ($0 is a bid, AA-5). The phase waits for a
        sealed bid from everyone still in who has none standing (AA-D13): whether they can make one
        depends on their cash, which is theirs to know (AA-14, AA-15), and `must` is shown to
        everyone."""
        active = [p for p in state.players if not state.seats[p].kicked]
        bidders = [p for p in active if self._can_bid(state, state.seats[p])]
        return Turn(
            phase=self._phase(state),
            players=list(state.players),
            out=[p for p in state.players if state.seats[p].kicked],
            must=[p for p in active if not state.seats[p].has_submitted()]
            if state.phase != "ended"
            else [],
            may=[
                p
                for p in active
                if p in bidders or self._recipients(state, p) or state.seats[p].garnets >= 1
            ]
            if state.phase != "ended"
            else [],
        )

    @staticmethod
    def _phase(state: State) -> Phase:
        if state.phase == "ended":
            return Phase(
                name="ended",
                title=PHASES["ended"],
                clock=None,
                id="ended",
                on_deadline="Nothing: the match is over.",
            )
        if state.phase == "access":
            passes = (
                "Bids not in by then count as none: those players bid $0 for no house and "
                "spend the round in the Black Market."
            )
        else:
            passes = (
                "Bids not in by then count as none; each lot goes to the highest amount "
                "exactly one player bid on it."
            )
        return Phase(
            name=state.phase,
            title=f"{PHASES[state.phase]}, round {state.round} of {state.options.rounds}",
            round=state.round,
            clock="phase",
            id=f"{state.phase}-{state.round}",
            on_deadline=passes,
        )

    def legal_actions(self, state: State, player: str) -> list[Action]:
        """A sealed bid on each house (AA-5: $0 to cash) or on each lot of the player's
        location (AA-9: $1 up to the cash no other standing bid holds; $0 withdraws a standing
        bid, AA-D2); a gift to another player still in (AA-15, AA-D6: $1 up to the cash no
        bid holds); a garnet trade while a garnet is left (AA-14). Gifts and trades are taken
        in every phase until the end (AA-D5); a removed player has nothing (AA-D3)."""
        seat = state.seats.get(player)
        if seat is None or seat.kicked or state.phase == "ended":
            return []
        actions = self._bids(state, seat)
        free = seat.cash - seat.committed()
        others = self._recipients(state, player)
        if others:
            actions.append(
                Action(
                    key="give",
                    label="Give money",
                    move={"type": "give"},
                    steps=[
                        Pick(
                            field="to",
                            choices=[Choice(value=p, label=p) for p in others],
                            label="To whom",
                        ),
                        Amount(min=1, max=free, label="Dollars to give"),
                    ],
                    sealed=True,
                )
            )
        if seat.garnets >= 1:
            actions.append(
                Action(
                    key="trade_garnet",
                    label=f"Trade a garnet for {money(GARNET_VALUE)}",
                    move={"type": "trade_garnet"},
                    sealed=True,
                )
            )
        return actions

    @staticmethod
    def _recipients(state: State, player: str) -> list[str]:
        """Whom the player may give money to (AA-15, AA-D6): the others still in, when they
        hold cash no standing bid promises."""
        seat = state.seats[player]
        if seat.cash - seat.committed() < 1:
            return []
        return [p for p in state.players if p != player and not state.seats[p].kicked]

    def _can_bid(self, state: State, seat: Seat) -> bool:
        """Whether `_bids` offers the seat anything, without building the actions (`turn`
        asks it of every player after every move, for the status)."""
        if state.phase == "ended" or seat.kicked:
            return False
        return state.phase == "access" or any(True for _ in self._lot_bounds(state, seat))

    @staticmethod
    def _lot_bounds(state: State, seat: Seat) -> Iterator[tuple[Lot, int | None, int, int]]:
        """The lots of the seat's location it may bid on, with its standing bid and the bounds
        of a new one (AA-9: $1 up to the cash no other standing bid holds; $0 withdraws a
        standing bid, AA-D2)."""
        free = seat.cash - seat.committed()
        for lot in state.lots[seat.location or BLACK_MARKET]:
            standing = seat.lot_bids.get(lot.id)
            low = 1 if standing is None else 0
            high = free + (standing or 0)
            if high >= low:
                yield lot, standing, low, high

    def _bids(self, state: State, seat: Seat) -> list[Action]:
        if state.phase == "access":
            return [
                Action(
                    key=f"bid:{house}",
                    label=name,
                    move={"type": "bid", "target": house},
                    steps=[Amount(min=0, max=seat.cash, label="Your sealed bid in dollars")],
                    sealed=True,
                )
                for house, name in HOUSES.items()
            ]
        return [
            Action(
                key=f"bid:{lot.id}",
                label=lot_name(lot.id, lot.colour, lot.count),
                move={"type": "bid", "target": lot.id},
                steps=[
                    Amount(
                        min=low,
                        max=high,
                        label="Your sealed bid in dollars"
                        if standing is None
                        else "Your sealed bid in dollars (0 withdraws)",
                    )
                ],
                sealed=True,
            )
            for lot, standing, low, high in self._lot_bounds(state, seat)
        ]

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

    def summary(self, state: State, player: str) -> Summary:
        """The round, the phase and the player's own seat (`me`), as in `view`."""
        seat = state.seats.get(player)
        return Summary(
            round=state.round,
            rounds=state.options.rounds,
            phase=state.phase,
            me=self._seat_seen_by_self(player, seat) if seat is not None else None,
        )

    def view(self, state: State, viewer: Viewer) -> PublicView:
        """AA visibility table: access bids are public once their phase closes; lot bids and
        winners go to the location's players; cash and cubes stay private until the end."""
        revealed = state.options.reveal_lots_publicly
        public: dict[str, Any] = {
            "round": state.round,
            "rounds": state.options.rounds,
            "phase": state.phase,
            "players": list(state.players),
            "kicked": [p for p in state.players if state.seats[p].kicked],
            "submitted": [p for p in state.players if state.seats[p].has_submitted()],
            "house_capacity": state.options.house_capacity,
            "colours": list(state.options.colours),
            "access": [
                AccessRound(
                    round=c.round,
                    bids=[AccessBid(player=p, house=h, amount=a) for p, h, a in c.bids],
                    entrants=c.entrants,
                    tied_out=c.tied_out,
                )
                for c in state.closed
                if c.phase == "access"
            ],
            "result": state.result,
            "lots": dict(state.lots) if revealed else None,
        }
        if viewer == HOST:
            return HostView(**public, audit=list(state.closed))
        seat = state.seats.get(viewer) if viewer is not None else None
        if seat is None or viewer is None:
            return PublicView(**public)
        seen = [c for c in state.closed if c.phase == "access"]
        if seat.location is not None and not revealed:
            public["lots"] = {seat.location: state.lots[seat.location]}
        return PlayerView(
            **public,
            me=self._seat_seen_by_self(viewer, seat),
            auctions=[
                self._auction_seen_by(state, c, viewer, seen)
                for c in state.closed
                if c.phase == "auction"
            ],
        )

    @staticmethod
    def _seat_seen_by_self(player: str, seat: Seat) -> OwnSeat:
        committed = seat.committed()
        bid = seat.access_bid
        return OwnSeat(
            player=player,
            cash=seat.cash,
            committed=committed,
            uncommitted=seat.cash - committed,
            cubes=dict(seat.cubes),
            garnets=seat.garnets,
            location=seat.location,
            kicked=seat.kicked,
            access_bid=StandingAccessBid(house=bid[0], amount=bid[1]) if bid else None,
            lot_bids=dict(seat.lot_bids),
        )

    @staticmethod
    def _auction_seen_by(
        state: State, closed: ClosedPhase, viewer: str, access: list[ClosedPhase]
    ) -> AuctionSeen:
        """AA-12: a closed auction as one player saw it: their location's bids and winners.
        A player kicked before that round's Access phase closed was in no location and sees
        nothing of it (AA-D3)."""
        entered = next(c for c in access if c.round == closed.round).entrants
        location = next((loc for loc, ps in entered.items() if viewer in ps), None)
        ids = {lot.id for lot in state.lots[location]} if location is not None else set()
        return AuctionSeen(
            round=closed.round,
            location=location,
            bids=[LotBidSeen(player=p, lot=t, amount=a) for p, t, a in closed.bids if t in ids],
            winners={t: w for t, w in closed.winners.items() if t in ids},
        )

    # -- playouts and checks -----------------------------------------------------------

    def random_move(self, state: State, rnd: random.Random) -> tuple[str, Any]:
        active = [p for p in state.players if not state.seats[p].kicked]
        if rnd.random() < 1 / (2 * len(active) + 1):
            return HOST, ClosePhase()
        player = rnd.choice(active)
        seat = state.seats[player]
        roll = rnd.random()
        if roll < 0.05:
            return player, TradeGarnet()
        if roll < 0.1:
            free = seat.cash - seat.committed()
            return player, Give(to=rnd.choice(active), amount=rnd.randint(1, max(1, free)))
        target = rnd.choice(self.targets(state, player))
        free = seat.cash - seat.committed() + seat.lot_bids.get(target, 0)
        low = 0 if state.phase == "access" else 1
        return player, Bid(target=target, amount=rnd.randint(low, max(low, free // 2)))

    def conserved(self, state: State) -> dict[str, int]:
        """Money: held + paid for bids - created by AA-13/AA-14 stays at the starting total.
        Cubes: held + discarded - offered stays 0."""
        held = sum(seat.cash for seat in state.seats.values())
        cubes = sum(sum(seat.cubes.values()) for seat in state.seats.values())
        return {
            "money": held + state.paid - state.minted,
            "cubes": cubes + state.cubes_discarded - state.cubes_offered,
        }
