"""Auction Auction in Discord: what each event, 1-on-1 and status says.

Typed (`TypedTexts`): each text takes its event's model (`games.auction_auction.events`), the
1-on-1 a player's summary or view (`games.auction_auction.views`) and their legal actions,
the status the public view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import TypeAdapter

from bot.games.auction_auction.rules import RULES
from bot.games.base import Names, TypedTexts, text
from games.auction_auction.cash import GARNET_VALUE
from games.auction_auction.events import (
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
    LotsOffered,
    MatchStarted,
    PhaseClosed,
)
from games.auction_auction.hands import hand_of
from games.auction_auction.model import (
    BLACK_MARKET,
    HAND_LABELS,
    HOUSES,
    MOVES,
    PHASES,
    Bid,
    ClosedPhase,
    Give,
    TradeGarnet,
    lot_name,
    lot_number,
    place_name,
)
from games.auction_auction.render import (
    access_board,
    card_view,
    final_board,
    location_board,
    one_on_one_card,
)
from games.auction_auction.render.parts import (
    REMOVED_WORDS,
    access_bid_words,
    cash_words,
    match_words,
)
from games.auction_auction.views import CardView, PlayerView, PublicView, Summary
from games.core.contract import Action, Answer
from games.core.drawing.board import Board
from games.core.drawing.words import join, ordinal, plural
from games.core.events import PlayerForfeited, PlayerKicked, event_models
from games.core.views import GameView

#: The host's audit of the closed phases, read from the JSON of the host's picture.
CLOSED = TypeAdapter(list[ClosedPhase])
SQUARES = {"red": "🟥", "yellow": "🟨", "green": "🟩", "blue": "🟦", "purple": "🟪"}


def cubes_text(cubes: dict[str, int]) -> str:
    return " ".join(f"{SQUARES.get(c, c)}×{n}" for c, n in cubes.items())


class AuctionAuctionTexts(TypedTexts[PublicView, AuctionEvent]):
    game = "auction-auction"
    title = "Auction Auction"
    forfeit = (
        "You leave the match as a removed player does: your standing sealed bids count as "
        "none, you keep what you hold, and you are not ranked at the end."
    )
    phase_closing_events: ClassVar[frozenset[str]] = frozenset({"access_resolved", "phase_closed"})
    board_events: ClassVar[frozenset[str]] = frozenset(
        {"access_resolved", "auction_resolved", "match_ended"}
    )
    commands: ClassVar[frozenset[str]] = frozenset({"bid", "give", "garnet-trade"})
    announces: ClassVar[frozenset[str]] = frozenset({"phase_opened"})
    event_types = event_models(AuctionEvent)

    def place(self, location: str) -> str:
        return place_name(location)

    def describe_to(self, event: dict[str, Any], reader: str, names: Names) -> str | None:
        """A gift as its giver ("You gave $7 to ben.") and its receiver ("ann gave you $7.")
        read it."""
        told = self.read(event)
        if not isinstance(told, CashGiven):
            return self.describe(event, names)
        if reader == told.giver:
            return f"You gave ${told.amount} to {names(told.to)}."
        return f"{names(told.giver)} gave you ${told.amount}."

    # -- events ----------------------------------------------------------------------------

    @text
    def match_started(self, event: MatchStarted, names: Names) -> str:
        who = ", ".join(names(p) for p in event.players)
        return (
            f"**Auction Auction begins** with {len(event.players)} players: {who}. "
            f"Everyone starts with ${event.starting_cash}; {event.rounds} rounds."
        )

    @text
    def black_market_drawn(self, event: BlackMarketDrawn, names: Names) -> str:
        return f"The Black Market sells {event.colour} cubes this match."

    @text
    def phase_opened(self, event: AuctionPhaseOpened, names: Names) -> str:
        if event.phase == "access":
            # Events stored before `spots` existed leave the number out.
            spots = event.spots
            pays = "everyone pays what they bid."
            room = (
                pays.capitalize() if spots is None else f"{plural(spots, 'spot')} per house; {pays}"
            )
            return (
                f"**Round {event.round} — Access phase.** Send your sealed bid for one "
                "house (Dr. E Appraisings, Genre Shop, Wolley Limited) in your 1-on-1 or with "
                f"`/bid`. {room}"
            )
        return (
            f"**Round {event.round} — Auction phase.** Bid on the lots of the location "
            "you are in, in your 1-on-1 or with `/bid`. Everyone pays what they bid; the "
            "highest bid made by exactly one player wins each lot."
        )

    @text
    def bid_placed(self, event: BidPlaced, names: Names) -> str:
        return f"Your sealed bid of ${event.amount} on {lot_name(event.target)} is recorded."

    @text
    def bid_withdrawn(self, event: BidWithdrawn, names: Names) -> str:
        return f"Your bid on {lot_name(event.target)} is withdrawn."

    @text
    def cash_given(self, event: CashGiven, names: Names) -> str:
        return f"{names(event.giver)} gave ${event.amount} to {names(event.to)}."

    @text
    def garnet_traded(self, event: GarnetTraded, names: Names) -> str:
        return f"You traded a garnet for ${event.amount}. Garnets left: {event.garnets_left}."

    @text
    def bonus_paid(self, event: BonusPaid, names: Names) -> str:
        return f"The $10 rule: you held $0 and bid nothing, so you receive ${event.amount}."

    @text
    def player_kicked(self, event: PlayerKicked, names: Names) -> str:
        return f"The host removed {names(event.player)} from the match."

    @text
    def player_forfeited(self, event: PlayerForfeited, names: Names) -> str:
        return f"{names(event.player)} has conceded and left the match."

    @text
    def lots_offered(self, event: LotsOffered, names: Names) -> str:
        lots = "\n".join(
            f"- Lot {lot_number(lot.id)}: {lot.count}× {SQUARES.get(lot.colour, '')} {lot.colour}"
            for lot in event.lots
        )
        return f"**{place_name(event.location)}, round {event.round}** offers:\n{lots}"

    @text
    def access_resolved(self, event: AccessResolved, names: Names) -> str:
        lines = [f"**Round {event.round} — access results**"]
        bids = sorted(event.bids, key=lambda b: (b.house, -b.amount))
        for house, title in HOUSES.items():
            entered = event.entrants.get(house, [])
            bid_text = (
                ", ".join(
                    f"{names(b.player)} ${b.amount}"
                    + (" (tie, kept out)" if b.player in event.tied_out else "")
                    for b in bids
                    if b.house == house
                )
                or "no bids"
            )
            who = ", ".join(names(p) for p in entered) or "nobody"
            lines.append(f"**{title}** — entered: {who}. Bids: {bid_text}.")
        market = ", ".join(names(p) for p in event.entrants.get(BLACK_MARKET, [])) or "nobody"
        lines.append(f"**Black Market** — {market}.")
        return "\n".join(lines)

    @text
    def auction_resolved(self, event: AuctionResolved, names: Names) -> str:
        lines = [f"**{place_name(event.location)}, round {event.round} — lot results**"]
        for lot in event.lots:
            bids = ", ".join(f"{names(b.player)} ${b.amount}" for b in lot.bids)
            outcome = f"won by {names(lot.winner)} for ${lot.price}" if lot.winner else "discarded"
            lines.append(
                f"Lot {lot_number(lot.lot)} ({lot.count}× {lot.colour}): {outcome}. "
                f"Bids: {bids or 'none'}."
            )
        return "\n".join(lines)

    @text
    def phase_closed(self, event: PhaseClosed, names: Names) -> str:
        return (
            f"The Auction phase of round {event.round} is closed. Each location's "
            "results went to its players."
        )

    @text
    def match_ended(self, event: AuctionEnded, names: Names) -> str:
        lines = ["**The match is over.** Hands and cash:"]
        for s in event.standings:
            prizes = _prizes(event, s.player)
            prize = f" — wins {join(prizes)}" if prizes else ""
            lines.append(
                f"{s.place}. {names(s.player)}: {HAND_LABELS[s.hand]} "
                f"({cubes_text(s.cubes)}), ${s.cash}{prize}"
            )
        candidates = ", ".join(names(p) for p in event.elimination_candidates) or "none"
        lines.append(f"Elimination candidates: {candidates}.")
        if event.prize_pool_increase:
            lines.append(
                f"Everyone holds at least four cubes: the prize pool grows by "
                f"${event.prize_pool_increase}."
            )
        return "\n".join(lines)

    # -- 1-on-1 and status -------------------------------------------------------------------

    def one_on_one(self, view: Summary | PlayerView, actions: list[Action], names: Names) -> str:
        me = view.me
        head = f"**Your 1-on-1 — {match_words(view.round, view.rounds, view.phase)}**"
        if me is None:
            return f"{head}\nYou are not playing in this match."
        lines = [
            head,
            cash_words(me),
            f"Cubes: {cubes_text(me.cubes)}",
        ]
        if me.kicked:
            lines.append(REMOVED_WORDS)
            return "\n".join(lines)
        if view.phase == "access":
            lines.append(access_bid_words(me.access_bid))
        elif view.phase == "auction":
            lines.append(f"You are in **{place_name(me.location)}**.")
            bids = ", ".join(f"lot {lot_number(t)} ${a}" for t, a in me.lot_bids.items())
            lines.append(f"Your sealed lot bids: {bids or 'none yet'}.")
        if view.phase != "ended":
            lines.append(
                "Press a button to bid (you may change it until the phase closes), to give "
                "money or to trade a garnet; or use `/bid`, `/give` and `/garnet-trade`."
            )
        return "\n".join(lines)

    def confirm(self, action: Action, answers: Mapping[str, Answer], names: Names) -> str | None:
        """AA-14: a garnet trade is final."""
        if action.type == "trade_garnet":
            return (
                f"Trade one of your garnets for ${GARNET_VALUE}? A trade is final: the garnet "
                "leaves your season balance for good."
            )
        return None

    def status(self, view: PublicView, names: Names) -> str:
        """Who has a sealed bid standing (never what or where); at the end, the places and
        hands (AA-18: public then)."""
        result = view.result
        if result is not None:
            places = ", ".join(
                f"{s.place}. {names(s.player)} ({HAND_LABELS[s.hand]})" for s in result.standings
            )
            return f"Final places: {places or 'nobody was left in the match'}."
        active = [p for p in view.players if p not in view.kicked]
        done = [p for p in active if p in view.submitted]
        lines = [
            f"Submitted ({len(done)} of {len(active)}): "
            f"{', '.join(names(p) for p in done) or 'nobody yet'}"
        ]
        if view.kicked:
            out = ", ".join(names(p) for p in view.kicked)
            lines.append(f"Out of the match (removed by the host, or conceded): {out}")
        return "\n".join(lines)

    def results(self, events: list[dict[str, Any]], view: PublicView, names: Names) -> str | None:
        """The player's own results: where their access bid took them (AA-7), the lots they
        won and what they paid (AA-10, AA-11), and the hand their cubes make now (AA-16); at
        the end, their place, hand, cash and prizes (AA-16, AA-17)."""
        if not isinstance(view, PlayerView) or view.me.kicked:
            return None
        me = view.me
        lines = []
        told = [self.read(event) for event in events]
        for event in told:
            if isinstance(event, AccessResolved):
                lines.append(self._my_access(event, me.player))
            elif isinstance(event, AuctionResolved):
                lines.append(self._my_lots(event, me.player))
            elif isinstance(event, AuctionEnded):
                lines.append(self._my_final(event, me.player))
        if not lines:
            return None
        if not any(isinstance(event, AuctionEnded) for event in told):
            hand = HAND_LABELS[hand_of(me.cubes, view.colours)]
            lines.append(f"Your hand now: {hand} ({cubes_text(me.cubes)}).")
        return "\n".join(["📋 **Your results**", *lines])

    @staticmethod
    def _my_access(event: AccessResolved, player: str) -> str:
        head = f"Round {event.round}, Access phase:"
        bid = next((b for b in event.bids if b.player == player), None)
        if bid is None:
            return f"{head} you sent no bid, so you spend the round in the Black Market."
        house = HOUSES[bid.house]
        paid = f"you bid ${bid.amount} for {house} (everyone pays their bid)"
        if player in event.entrants.get(bid.house, []):
            return f"{head} {paid} and entered it."
        why = "tied and kept out" if player in event.tied_out else "did not get in"
        return f"{head} {paid}, {why}: you spend the round in the Black Market."

    @staticmethod
    def _my_lots(event: AuctionResolved, player: str) -> str:
        head = f"Round {event.round}, Auction phase in {place_name(event.location)}:"
        outcomes = []
        paid = 0
        for lot in event.lots:
            amount = next((b.amount for b in lot.bids if b.player == player), None)
            if amount is None:
                continue
            paid += amount
            what = f"lot {lot_number(lot.lot)} ({lot.count}× {lot.colour})"
            outcomes.append(
                f"you won {what} for ${amount}"
                if lot.winner == player
                else f"your ${amount} on {what} did not win it"
            )
        if not outcomes:
            return f"{head} you bid on no lot."
        return f"{head} {'; '.join(outcomes)} (you pay ${paid} in all)."

    @staticmethod
    def _my_final(result: AuctionEnded, player: str) -> str:
        mine = next(s for s in result.standings if s.player == player)
        line = (
            f"🏁 **Your final card:** {ordinal(mine.place)} of {len(result.standings)}, "
            f"{HAND_LABELS[mine.hand]} ({cubes_text(mine.cubes)}), ${mine.cash}."
        )
        prizes = _prizes(result, player)
        if prizes:
            line += f" You win {join(prizes)}."
        if player in result.elimination_candidates:
            line += " You are an elimination candidate."
        return line

    def audit(self, host_view: dict[str, Any], names: Names) -> str:
        """The last closed phase's sealed bids, from the host's picture: JSON, as the bot
        hands it (`MatchService.host_picture`), read back through the closed phases' model."""
        closed = CLOSED.validate_python(host_view["audit"])
        if not closed:
            return "No phase has closed yet."
        last = closed[-1]
        title = f"**Full picture — round {last.round}, {PHASES[last.phase]}**"
        if last.phase == "access":
            bids = (
                "\n".join(f"- {names(p)}: {HOUSES[h]} ${a}" for p, h, a in last.bids) or "- no bids"
            )
            return f"{title}\n{bids}"
        rows = []
        for lot, winner in last.winners.items():
            bids = ", ".join(f"{names(p)} ${a}" for p, t, a in last.bids if t == lot)
            outcome = f"won by {names(winner)}" if winner else "discarded"
            rows.append(f"- {lot_name(lot)}: {outcome}. Bids: {bids or 'none'}.")
        return f"{title}\n" + "\n".join(rows)

    def board_of(self, event: AuctionEvent, names: Mapping[str, str]) -> Board | None:
        if isinstance(event, AccessResolved):
            return access_board(event, names)
        if isinstance(event, AuctionResolved):
            return location_board(event, names)
        if isinstance(event, AuctionEnded):
            return final_board(event, names)
        return None

    def status_board(self, view: PublicView, names: Mapping[str, str]) -> Board | None:
        """The round as it stands, for `/match status`: through its Auction phase, its access
        results (who entered which house, AA-7); once over, the final table; none in an
        Access phase, whose bids are sealed until it closes (an earlier round's results are
        not where the match stands)."""
        if view.result:
            return final_board(view.result, names)
        access = [a for a in view.access if a.round == view.round]
        if view.phase == "auction" and access:
            return access_board(access[-1], names, house_capacity=view.house_capacity)
        return None

    def card(self, view: GameView, names: Mapping[str, str]) -> Board | None:
        """A player's card, from their view or the part of it the card draws (`card_input`);
        none for a view without a seat."""
        if isinstance(view, PlayerView | CardView):
            return one_on_one_card(card_view(view), names)
        return None

    def card_input(
        self, view: GameView, names: Mapping[str, str]
    ) -> tuple[GameView, Mapping[str, str]]:
        """The card names only its player."""
        if not isinstance(view, PlayerView | CardView):
            return view, {}
        card = card_view(view)
        return card, {p: n for p, n in names.items() if p == card.me.player}

    def move(self, move: dict[str, Any], names: Names, told: list[dict[str, Any]]) -> str:
        """A move as the log stores it (JSON), read back through the engine's moves."""
        parsed = MOVES.validate_python(move)
        if isinstance(parsed, Bid):
            return f"bid of ${parsed.amount} on {lot_name(parsed.target)}"
        if isinstance(parsed, Give):
            return f"gift of ${parsed.amount} to {names(parsed.to)}"
        if isinstance(parsed, TradeGarnet):
            return "garnet trade"
        return super().move(move, names, told)

    def shown_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The Black Market's colour is seen only inside it unless every location's lots are
        revealed (AA-4): the lobby says it is a secret, whether the host chose it or not.
        The options are the match's stored JSON."""
        if options.get("reveal_lots_publicly"):
            return options
        return {**options, "black_market_colour": "secret"}

    def help(self) -> str:
        return (
            "**Auction Auction** (4-12 players, 3 rounds). Everyone starts with $100.\n"
            "**Access phase:** send one sealed bid for a house — Dr. E Appraisings, Genre Shop "
            "or Wolley Limited (you may bid $0). The three highest bidders of each house enter "
            "it; a tie that would not fit keeps the whole tied group out. Everyone pays what "
            "they bid. Everyone else goes to the Black Market.\n"
            "**Auction phase:** bid on any lots of your location. Each lot goes to the highest "
            "bid made by exactly one player (tied amounts are skipped). You pay all your bids, "
            "win or lose.\n"
            "**Hands** at the end, best first: Rainbow (every colour), Four of a Kind, Three "
            "of a Kind, Two Pair, One Pair, Nothing; ties go to more red, then yellow, then "
            "green, then cash. First place wins 3 tokens of life and 3 garnets; three of a "
            "kind or better wins 2 garnets, two pair 1; last place becomes the elimination "
            "candidate.\n"
            "**Any time:** `/give` cash to a player, `/garnet-trade` one garnet for $10. A "
            "player who held $0 and bid nothing gets $10 when the next phase opens.\n"
            "**Commands:** `/bid target amount` (in your DMs with Dealer or here), `/me`, "
            "`/give member amount`, `/garnet-trade`, `/match status`.\n"
            "**Starting:** `/match create auction-auction` opens a lobby (players press Join, "
            "the host Start); its options: `phase_minutes`, `starting_cash`, `rounds`, "
            "`house_capacity`, `extra_colours`, `black_market_colour`, `reveal_lots`, "
            "`spectators`."
        )

    def rules(self) -> str:
        return RULES


def _prizes(result: AuctionEnded, player: str) -> list[str]:
    """A player's prizes of AA-17, counted in words: "3 tokens of life", "1 garnet"."""
    prizes = []
    if player in result.tokens_of_life:
        tokens = result.tokens_of_life[player]
        prizes.append(plural(tokens, "token of life", "tokens of life"))
    if player in result.garnets:
        prizes.append(plural(result.garnets[player], "garnet"))
    return prizes
