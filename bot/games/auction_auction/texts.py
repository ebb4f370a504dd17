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
from bot.games.base import Envelope, Names, TypedTexts, text
from bot.i18n import N_, _, engine_words, ngettext
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
    COLOUR_NAMES,
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
from games.auction_auction.render.final import garnets_words, tokens_of_life
from games.auction_auction.render.parts import (
    REMOVED_WORDS,
    access_bid_words,
    cash_words,
    match_words,
)
from games.auction_auction.views import CardView, PlayerView, PublicView, Summary
from games.core.contract import Action, Answer
from games.core.drawing.board import Board
from games.core.drawing.words import listed, ordinal
from games.core.events import PlayerForfeited, PlayerKicked, event_models
from games.core.views import GameView

#: The host's audit of the closed phases, read from the JSON of the host's picture.
CLOSED = TypeAdapter(list[ClosedPhase])
SQUARES = {"red": "🟥", "yellow": "🟨", "green": "🟩", "blue": "🟦", "purple": "🟪"}


def cubes_text(cubes: dict[str, int]) -> str:
    return " ".join(f"{SQUARES.get(c, c)}×{n}" for c, n in cubes.items())


def colour_word(colour: str) -> str:
    """A cube colour in the language in force."""
    return _(COLOUR_NAMES.get(colour, colour))


def hand_word(hand: str) -> str:
    """A hand's name (AA-16) in the language in force."""
    return _(HAND_LABELS[hand])


#: How to play in short (`help`), a line each: each a message id.
HELP = (
    N_("**Auction Auction** (4-12 players, 3 rounds). Everyone starts with $100."),
    N_(
        "**Access phase:** send one sealed bid for a house — Dr. E Appraisings, Genre Shop or "
        "Wolley Limited (you may bid $0). The three highest bidders of each house enter it; a "
        "tie that would not fit keeps the whole tied group out. Everyone pays what they bid. "
        "Everyone else goes to the Black Market."
    ),
    N_(
        "**Auction phase:** bid on any lots of your location. Each lot goes to the highest "
        "bid made by exactly one player (tied amounts are skipped). You pay all your bids, "
        "win or lose."
    ),
    N_(
        "**Hands** at the end, best first: Rainbow (every colour), Four of a Kind, Three of a "
        "Kind, Two Pair, One Pair, Nothing; ties go to more red, then yellow, then green, "
        "then cash. First place wins 3 tokens of life and 3 garnets; three of a kind or "
        "better wins 2 garnets, two pair 1; last place becomes the elimination candidate."
    ),
    N_(
        "**Any time:** `/give` cash to a player, `/garnet-trade` one garnet for $10. A player "
        "who held $0 and bid nothing gets $10 when the next phase opens."
    ),
    N_(
        "**Commands:** `/bid target amount` (in your DMs with Dealer or here), `/me`, `/give "
        "member amount`, `/garnet-trade`, `/match status`."
    ),
    N_(
        "**Starting:** `/match create auction-auction` opens a lobby (players press Join, the "
        "host Start); its options: `phase_minutes`, `starting_cash`, `rounds`, "
        "`house_capacity`, `extra_colours`, `black_market_colour`, `reveal_lots`, "
        "`spectators`."
    ),
)


class AuctionAuctionTexts(TypedTexts[PublicView, AuctionEvent]):
    game = "auction-auction"
    title = "Auction Auction"
    move_kinds: ClassVar[Mapping[str, str]] = {
        "bid": N_("bid"),
        "give": N_("give"),
        "trade_garnet": N_("trade garnet"),
    }
    forfeit = N_(
        "You leave the match as a removed player does: your standing sealed bids count as "
        "none, you keep what you hold, and you are not ranked at the end."
    )
    option_names: ClassVar[dict[str, str]] = {
        "starting_cash": N_("starting cash"),
        "colours": N_("colours"),
        "house_capacity": N_("house capacity"),
        "black_market_colour": N_("black market colour"),
        "reveal_lots_publicly": N_("reveal lots publicly"),
        "rounds": N_("rounds"),
        "phase_minutes": N_("phase minutes"),
    }
    phase_closing_events: ClassVar[frozenset[str]] = frozenset({"access_resolved", "phase_closed"})
    board_events: ClassVar[frozenset[str]] = frozenset(
        {"access_resolved", "auction_resolved", "match_ended"}
    )
    commands: ClassVar[frozenset[str]] = frozenset({"bid", "give", "garnet-trade"})
    announces: ClassVar[frozenset[str]] = frozenset({"phase_opened"})
    event_types = event_models(AuctionEvent)

    def place(self, location: str) -> str:
        return place_name(location)

    def describe_to(self, event: Envelope, reader: str, names: Names) -> str | None:
        """A gift as its giver ("You gave $7 to ben.") and its receiver ("ann gave you $7.")
        read it; any other event as `describe` words it, from the event read once."""
        told = self.read(event)
        if not isinstance(told, CashGiven):
            return None if told is None else self.tell(told, names)
        if reader == told.giver:
            return _("You gave ${amount} to {player}.").format(
                amount=told.amount, player=names(told.to)
            )
        return _("{player} gave you ${amount}.").format(
            player=names(told.giver), amount=told.amount
        )

    # -- events ----------------------------------------------------------------------------

    @text
    def match_started(self, event: MatchStarted, names: Names) -> str:
        who = ", ".join(names(p) for p in event.players)
        rounds = ngettext("{count} round", "{count} rounds", event.rounds).format(
            count=event.rounds
        )
        return _(
            "**Auction Auction begins** with {count} players: {players}. "
            "Everyone starts with ${cash}; {rounds}."
        ).format(count=len(event.players), players=who, cash=event.starting_cash, rounds=rounds)

    @text
    def black_market_drawn(self, event: BlackMarketDrawn, names: Names) -> str:
        return _("The Black Market sells {colour} cubes this match.").format(
            colour=colour_word(event.colour)
        )

    @text
    def phase_opened(self, event: AuctionPhaseOpened, names: Names) -> str:
        if event.phase == "access":
            # Events stored before `spots` existed leave the number out.
            spots = event.spots
            room = (
                _("Everyone pays what they bid.")
                if spots is None
                else ngettext(
                    "{count} spot per house; everyone pays what they bid.",
                    "{count} spots per house; everyone pays what they bid.",
                    spots,
                ).format(count=spots)
            )
            return _(
                "**Round {round} — Access phase.** Send your sealed bid for one "
                "house (Dr. E Appraisings, Genre Shop, Wolley Limited) in your 1-on-1 or with "
                "`/bid`. {room}"
            ).format(round=event.round, room=room)
        return _(
            "**Round {round} — Auction phase.** Bid on the lots of the location "
            "you are in, in your 1-on-1 or with `/bid`. Everyone pays what they bid; the "
            "highest bid made by exactly one player wins each lot."
        ).format(round=event.round)

    @text
    def bid_placed(self, event: BidPlaced, names: Names) -> str:
        return _("Your sealed bid of ${amount} on {lot} is recorded.").format(
            amount=event.amount, lot=engine_words(lot_name(event.target))
        )

    @text
    def bid_withdrawn(self, event: BidWithdrawn, names: Names) -> str:
        return _("Your bid on {lot} is withdrawn.").format(lot=engine_words(lot_name(event.target)))

    @text
    def cash_given(self, event: CashGiven, names: Names) -> str:
        return _("{giver} gave ${amount} to {player}.").format(
            giver=names(event.giver), amount=event.amount, player=names(event.to)
        )

    @text
    def garnet_traded(self, event: GarnetTraded, names: Names) -> str:
        return _("You traded a garnet for ${amount}. Garnets left: {left}.").format(
            amount=event.amount, left=event.garnets_left
        )

    @text
    def bonus_paid(self, event: BonusPaid, names: Names) -> str:
        return _("The $10 rule: you held $0 and bid nothing, so you receive ${amount}.").format(
            amount=event.amount
        )

    @text
    def player_kicked(self, event: PlayerKicked, names: Names) -> str:
        return _("The host removed {player} from the match.").format(player=names(event.player))

    @text
    def player_forfeited(self, event: PlayerForfeited, names: Names) -> str:
        return _("{player} has conceded and left the match.").format(player=names(event.player))

    @text
    def lots_offered(self, event: LotsOffered, names: Names) -> str:
        lots = "\n".join(
            _("- Lot {number}: {count}× {square} {colour}").format(
                number=lot_number(lot.id),
                count=lot.count,
                square=SQUARES.get(lot.colour, ""),
                colour=colour_word(lot.colour),
            )
            for lot in event.lots
        )
        return (
            _("**{location}, round {round}** offers:").format(
                location=place_name(event.location), round=event.round
            )
            + f"\n{lots}"
        )

    @text
    def access_resolved(self, event: AccessResolved, names: Names) -> str:
        lines = [_("**Round {round} — access results**").format(round=event.round)]
        bids = sorted(event.bids, key=lambda b: (b.house, -b.amount))
        kept_out = _(" (tie, kept out)")
        for house, title in HOUSES.items():
            entered = event.entrants.get(house, [])
            bid_text = ", ".join(
                f"{names(b.player)} ${b.amount}" + (kept_out if b.player in event.tied_out else "")
                for b in bids
                if b.house == house
            ) or _("no bids")
            who = ", ".join(names(p) for p in entered) or _("nobody")
            lines.append(
                _("**{house}** — entered: {players}. Bids: {bids}.").format(
                    house=title, players=who, bids=bid_text
                )
            )
        market = ", ".join(names(p) for p in event.entrants.get(BLACK_MARKET, []))
        lines.append(f"**{place_name(BLACK_MARKET)}** — {market or _('nobody')}.")
        return "\n".join(lines)

    @text
    def auction_resolved(self, event: AuctionResolved, names: Names) -> str:
        lines = [
            _("**{location}, round {round} — lot results**").format(
                location=place_name(event.location), round=event.round
            )
        ]
        for lot in event.lots:
            bids = ", ".join(f"{names(b.player)} ${b.amount}" for b in lot.bids)
            outcome = (
                _("won by {player} for ${amount}").format(
                    player=names(lot.winner), amount=lot.price
                )
                if lot.winner
                else _("discarded")
            )
            lines.append(
                _("Lot {number} ({count}× {colour}): {outcome}. Bids: {bids}.").format(
                    number=lot_number(lot.lot),
                    count=lot.count,
                    colour=colour_word(lot.colour),
                    outcome=outcome,
                    bids=bids or _("none"),
                )
            )
        return "\n".join(lines)

    @text
    def phase_closed(self, event: PhaseClosed, names: Names) -> str:
        return _(
            "The Auction phase of round {round} is closed. Each location's "
            "results went to its players."
        ).format(round=event.round)

    @text
    def match_ended(self, event: AuctionEnded, names: Names) -> str:
        lines = [_("**The match is over.** Hands and cash:")]
        for s in event.standings:
            prizes = _prizes(event, s.player)
            facts = dict(
                place=s.place,
                player=names(s.player),
                hand=hand_word(s.hand),
                cubes=cubes_text(s.cubes),
                cash=s.cash,
            )
            lines.append(
                _("{place}. {player}: {hand} ({cubes}), ${cash} — wins {prizes}").format(
                    prizes=listed(prizes), **facts
                )
                if prizes
                else _("{place}. {player}: {hand} ({cubes}), ${cash}").format(**facts)
            )
        candidates = ", ".join(names(p) for p in event.elimination_candidates)
        lines.append(
            _("Elimination candidates: {players}.").format(players=candidates or _("none"))
        )
        if event.prize_pool_increase:
            lines.append(
                _("Everyone holds at least four cubes: the prize pool grows by ${amount}.").format(
                    amount=event.prize_pool_increase
                )
            )
        return "\n".join(lines)

    # -- 1-on-1 and status -------------------------------------------------------------------

    def one_on_one(self, view: Summary | PlayerView, actions: list[Action], names: Names) -> str:
        me = view.me
        head = _("**Your 1-on-1 — {match}**").format(
            match=match_words(view.round, view.rounds, view.phase)
        )
        if me is None:
            return f"{head}\n" + _("You are not playing in this match.")
        lines = [
            head,
            cash_words(me),
            _("Cubes: {cubes}").format(cubes=cubes_text(me.cubes)),
        ]
        if me.kicked:
            lines.append(_(REMOVED_WORDS))
            return "\n".join(lines)
        if view.phase == "access":
            lines.append(access_bid_words(me.access_bid))
        elif view.phase == "auction":
            lines.append(_("You are in **{location}**.").format(location=place_name(me.location)))
            bids = ", ".join(
                _("lot {number} ${amount}").format(number=lot_number(t), amount=a)
                for t, a in me.lot_bids.items()
            )
            lines.append(_("Your sealed lot bids: {bids}.").format(bids=bids or _("none yet")))
        if view.phase != "ended":
            lines.append(
                _(
                    "Press a button to bid (you may change it until the phase closes), to give "
                    "money or to trade a garnet; or use `/bid`, `/give` and `/garnet-trade`."
                )
            )
        return "\n".join(lines)

    def confirm(self, action: Action, answers: Mapping[str, Answer], names: Names) -> str | None:
        """AA-14: a garnet trade is final."""
        if action.type == "trade_garnet":
            return _(
                "Trade one of your garnets for ${amount}? A trade is final: the garnet "
                "leaves your season balance for good."
            ).format(amount=GARNET_VALUE)
        return None

    def status(self, view: PublicView, names: Names) -> str:
        """Who has a sealed bid standing (never what or where); at the end, the places and
        hands (AA-18: public then)."""
        result = view.result
        if result is not None:
            places = ", ".join(
                f"{s.place}. {names(s.player)} ({hand_word(s.hand)})" for s in result.standings
            )
            return _("Final places: {places}.").format(
                places=places or _("nobody was left in the match")
            )
        active = [p for p in view.players if p not in view.kicked]
        done = [p for p in active if p in view.submitted]
        lines = [
            _("Submitted ({done} of {players}): {who}").format(
                done=len(done),
                players=len(active),
                who=", ".join(names(p) for p in done) or _("nobody yet"),
            )
        ]
        if view.kicked:
            out = ", ".join(names(p) for p in view.kicked)
            lines.append(
                _("Out of the match (removed by the host, or conceded): {players}").format(
                    players=out
                )
            )
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
            hand = hand_word(hand_of(me.cubes, view.colours))
            lines.append(
                _("Your hand now: {hand} ({cubes}).").format(hand=hand, cubes=cubes_text(me.cubes))
            )
        return "\n".join(["📋 " + _("**Your results**"), *lines])

    @staticmethod
    def _my_access(event: AccessResolved, player: str) -> str:
        bid = next((b for b in event.bids if b.player == player), None)
        if bid is None:
            return _(
                "Round {round}, Access phase: you sent no bid, so you spend the round in the "
                "Black Market."
            ).format(round=event.round)
        facts = dict(round=event.round, amount=bid.amount, house=HOUSES[bid.house])
        if player in event.entrants.get(bid.house, []):
            return _(
                "Round {round}, Access phase: you bid ${amount} for {house} (everyone pays "
                "their bid) and entered it."
            ).format(**facts)
        if player in event.tied_out:
            return _(
                "Round {round}, Access phase: you bid ${amount} for {house} (everyone pays "
                "their bid), tied and kept out: you spend the round in the Black Market."
            ).format(**facts)
        return _(
            "Round {round}, Access phase: you bid ${amount} for {house} (everyone pays "
            "their bid), did not get in: you spend the round in the Black Market."
        ).format(**facts)

    @staticmethod
    def _my_lots(event: AuctionResolved, player: str) -> str:
        where = dict(round=event.round, location=place_name(event.location))
        outcomes = []
        paid = 0
        for lot in event.lots:
            amount = next((b.amount for b in lot.bids if b.player == player), None)
            if amount is None:
                continue
            paid += amount
            what = _("lot {number} ({count}× {colour})").format(
                number=lot_number(lot.lot), count=lot.count, colour=colour_word(lot.colour)
            )
            outcomes.append(
                _("you won {lot} for ${amount}").format(lot=what, amount=amount)
                if lot.winner == player
                else _("your ${amount} on {lot} did not win it").format(lot=what, amount=amount)
            )
        if not outcomes:
            return _("Round {round}, Auction phase in {location}: you bid on no lot.").format(
                **where
            )
        return _(
            "Round {round}, Auction phase in {location}: {outcomes} (you pay ${paid} in all)."
        ).format(outcomes="; ".join(outcomes), paid=paid, **where)

    @staticmethod
    def _my_final(result: AuctionEnded, player: str) -> str:
        mine = next(s for s in result.standings if s.player == player)
        # TRANSLATORS: {ordinal} is English's "2nd"; {place} the bare number, for "2." or "2위".
        line = "🏁 " + _(
            "**Your final card:** {ordinal} of {players}, {hand} ({cubes}), ${cash}."
        ).format(
            ordinal=ordinal(mine.place),
            place=mine.place,
            players=len(result.standings),
            hand=hand_word(mine.hand),
            cubes=cubes_text(mine.cubes),
            cash=mine.cash,
        )
        prizes = _prizes(result, player)
        if prizes:
            line += " " + _("You win {prizes}.").format(prizes=listed(prizes))
        if player in result.elimination_candidates:
            line += " " + _("You are an elimination candidate.")
        return line

    def audit(self, host_view: dict[str, Any], names: Names) -> str:
        """The last closed phase's sealed bids, from the host's picture: JSON, as the bot
        hands it (`MatchService.host_picture`), read back through the closed phases' model."""
        closed = CLOSED.validate_python(host_view["audit"])
        if not closed:
            return _("No phase has closed yet.")
        last = closed[-1]
        title = _("**Full picture — round {round}, {phase}**").format(
            round=last.round, phase=_(PHASES[last.phase])
        )
        if last.phase == "access":
            bids = "\n".join(f"- {names(p)}: {HOUSES[h]} ${a}" for p, h, a in last.bids) or (
                "- " + _("no bids")
            )
            return f"{title}\n{bids}"
        rows = []
        for lot, winner in last.winners.items():
            bids = ", ".join(f"{names(p)} ${a}" for p, t, a in last.bids if t == lot)
            outcome = (
                _("won by {player}").format(player=names(winner)) if winner else _("discarded")
            )
            rows.append(
                "- "
                + _("{lot}: {outcome}. Bids: {bids}.").format(
                    lot=engine_words(lot_name(lot)), outcome=outcome, bids=bids or _("none")
                )
            )
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
            return _("bid of ${amount} on {lot}").format(
                amount=parsed.amount, lot=engine_words(lot_name(parsed.target))
            )
        if isinstance(parsed, Give):
            return _("gift of ${amount} to {player}").format(
                amount=parsed.amount, player=names(parsed.to)
            )
        if isinstance(parsed, TradeGarnet):
            return _("garnet trade")
        return super().move(move, names, told)

    def shown_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The Black Market's colour is seen only inside it unless every location's lots are
        revealed (AA-4): the lobby says it is a secret, whether the host chose it or not.
        The options are the match's stored JSON."""
        if options.get("reveal_lots_publicly"):
            return options
        # TRANSLATORS: the Black Market's colour in the lobby's options, kept secret.
        return {**options, "black_market_colour": N_("secret")}

    def help(self) -> str:
        return "\n".join(_(line) for line in HELP)

    def rules(self) -> str:
        return (
            "\n\n".join(
                f"## {_(title)}\n" + "\n\n".join(_(paragraph) for paragraph in paragraphs)
                for title, paragraphs in RULES
            )
            + "\n"
        )


def _prizes(result: AuctionEnded, player: str) -> list[str]:
    """A player's prizes of AA-17, counted in words: "3 tokens of life", "1 garnet"."""
    prizes = []
    if player in result.tokens_of_life:
        prizes.append(tokens_of_life(result.tokens_of_life[player]))
    if player in result.garnets:
        prizes.append(garnets_words(result.garnets[player]))
    return prizes
