"""Auction Auction in Discord: what each event, 1-on-1 and status says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from bot.games.auction_auction.rules import RULES
from bot.games.base import GameTexts, Names
from games.auction_auction.hands import hand_of
from games.auction_auction.model import (
    HAND_LABELS,
    HOUSES,
    PHASES,
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
from games.auction_auction.rules import GARNET_VALUE
from games.core.contract import Action, Answer
from games.core.drawing.board import Board
from games.core.drawing.words import join, ordinal, plural

SQUARES = {"red": "🟥", "yellow": "🟨", "green": "🟩", "blue": "🟦", "purple": "🟪"}


def cubes_text(cubes: dict[str, int]) -> str:
    return " ".join(f"{SQUARES.get(c, c)}×{n}" for c, n in cubes.items())


class AuctionAuctionTexts(GameTexts):
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

    def place(self, location: str) -> str:
        return place_name(location)

    def describe_to(self, event: dict[str, Any], reader: str, names: Names) -> str | None:
        """A gift as its giver ("You gave $7 to ben.") and its receiver ("ann gave you $7.")
        read it."""
        if event["type"] != "cash_given":
            return self.describe(event, names)
        if reader == event["from"]:
            return f"You gave ${event['amount']} to {names(event['to'])}."
        return f"{names(event['from'])} gave you ${event['amount']}."

    def describe(self, event: dict[str, Any], names: Names) -> str | None:
        kind = event["type"]
        if kind == "match_started":
            who = ", ".join(names(p) for p in event["players"])
            return (
                f"**Auction Auction begins** with {len(event['players'])} players: {who}. "
                f"Everyone starts with ${event['starting_cash']}; {event['rounds']} rounds."
            )
        if kind == "black_market_drawn":
            return f"The Black Market sells {event['colour']} cubes this match."
        if kind == "phase_opened":
            if event["phase"] == "access":
                # Events stored before `spots` existed leave the number out.
                spots = event.get("spots")
                pays = "everyone pays what they bid."
                room = (
                    pays.capitalize()
                    if spots is None
                    else f"{plural(spots, 'spot')} per house; {pays}"
                )
                return (
                    f"**Round {event['round']} — Access phase.** Send your sealed bid for one "
                    "house (Dr. E Appraisings, Genre Shop, Wolley Limited) in your 1-on-1 or with "
                    f"`/bid`. {room}"
                )
            return (
                f"**Round {event['round']} — Auction phase.** Bid on the lots of the location "
                "you are in, in your 1-on-1 or with `/bid`. Everyone pays what they bid; the "
                "highest bid made by exactly one player wins each lot."
            )
        if kind in ("bid_placed", "bid_withdrawn"):
            where = lot_name(event["target"])
            if kind == "bid_withdrawn":
                return f"Your bid on {where} is withdrawn."
            return f"Your sealed bid of ${event['amount']} on {where} is recorded."
        if kind == "cash_given":
            return f"{names(event['from'])} gave ${event['amount']} to {names(event['to'])}."
        if kind == "garnet_traded":
            return (
                f"You traded a garnet for ${event['amount']}. "
                f"Garnets left: {event['garnets_left']}."
            )
        if kind == "bonus_paid":
            return f"The $10 rule: you held $0 and bid nothing, so you receive ${event['amount']}."
        if kind == "player_kicked":
            return f"The host removed {names(event['player'])} from the match."
        if kind == "player_forfeited":
            return f"{names(event['player'])} has conceded and left the match."
        if kind == "lots_offered":
            lots = "\n".join(
                f"- Lot {lot_number(lot['id'])}: {lot['count']}× "
                f"{SQUARES.get(lot['colour'], '')} {lot['colour']}"
                for lot in event["lots"]
            )
            return f"**{place_name(event['location'])}, round {event['round']}** offers:\n{lots}"
        if kind == "access_resolved":
            return self._access(event, names)
        if kind == "auction_resolved":
            return self._auction(event, names)
        if kind == "phase_closed":
            return (
                f"The Auction phase of round {event['round']} is closed. Each location's "
                "results went to its players."
            )
        if kind == "match_ended":
            return self._final(event, names)
        return None

    def _access(self, event: dict[str, Any], names: Names) -> str:
        lines = [f"**Round {event['round']} — access results**"]
        bids = sorted(event["bids"], key=lambda b: (b["house"], -b["amount"]))
        for house, title in HOUSES.items():
            entered = event["entrants"].get(house, [])
            bid_text = (
                ", ".join(
                    f"{names(b['player'])} ${b['amount']}"
                    + (" (tie, kept out)" if b["player"] in event["tied_out"] else "")
                    for b in bids
                    if b["house"] == house
                )
                or "no bids"
            )
            who = ", ".join(names(p) for p in entered) or "nobody"
            lines.append(f"**{title}** — entered: {who}. Bids: {bid_text}.")
        market = ", ".join(names(p) for p in event["entrants"].get("black-market", [])) or "nobody"
        lines.append(f"**Black Market** — {market}.")
        return "\n".join(lines)

    def _auction(self, event: dict[str, Any], names: Names) -> str:
        lines = [f"**{place_name(event['location'])}, round {event['round']} — lot results**"]
        for lot in event["lots"]:
            bids = ", ".join(f"{names(b['player'])} ${b['amount']}" for b in lot["bids"])
            outcome = (
                f"won by {names(lot['winner'])} for ${lot['price']}"
                if lot["winner"]
                else "discarded"
            )
            lines.append(
                f"Lot {lot_number(lot['lot'])} ({lot['count']}× {lot['colour']}): {outcome}. "
                f"Bids: {bids or 'none'}."
            )
        return "\n".join(lines)

    def _final(self, result: dict[str, Any], names: Names) -> str:
        lines = ["**The match is over.** Hands and cash:"]
        for s in result["standings"]:
            prizes = _prizes(result, s["player"])
            prize = f" — wins {join(prizes)}" if prizes else ""
            lines.append(
                f"{s['place']}. {names(s['player'])}: {HAND_LABELS[s['hand']]} "
                f"({cubes_text(s['cubes'])}), ${s['cash']}{prize}"
            )
        candidates = ", ".join(names(p) for p in result["elimination_candidates"]) or "none"
        lines.append(f"Elimination candidates: {candidates}.")
        if result["prize_pool_increase"]:
            lines.append(
                f"Everyone holds at least four cubes: the prize pool grows by "
                f"${result['prize_pool_increase']}."
            )
        return "\n".join(lines)

    def one_on_one(self, view: dict[str, Any], actions: list[Action], names: Names) -> str:
        me = view.get("me")
        head = (
            f"**Your 1-on-1 — Auction Auction, round {view['round']} of {view['rounds']}, "
            f"{PHASES[view['phase']]}**"
        )
        if me is None:
            return f"{head}\nYou are not playing in this match."
        lines = [
            head,
            f"Cash: ${me['cash']} (${me['uncommitted']} not promised to sealed bids) · "
            f"Garnets: {me['garnets']}",
            f"Cubes: {cubes_text(me['cubes'])}",
        ]
        if me["kicked"]:
            lines.append("You no longer play in this match (removed by the host, or conceded).")
            return "\n".join(lines)
        if view["phase"] == "access":
            bid = me["access_bid"]
            lines.append(
                f"Your sealed access bid: {HOUSES[bid['house']]}, ${bid['amount']}."
                if bid
                else "You have not bid for a house yet (no bid = the Black Market)."
            )
        elif view["phase"] == "auction":
            lines.append(f"You are in **{place_name(me['location'])}**.")
            bids = ", ".join(f"lot {lot_number(t)} ${a}" for t, a in me["lot_bids"].items())
            lines.append(f"Your sealed lot bids: {bids or 'none yet'}.")
        if view["phase"] != "ended":
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

    def status(self, view: dict[str, Any], names: Names) -> str:
        """Who has a sealed bid standing (never what or where); at the end, the places and
        hands (AA-18: public then)."""
        result = view.get("result")
        if result is not None:
            places = ", ".join(
                f"{s['place']}. {names(s['player'])} ({HAND_LABELS[s['hand']]})"
                for s in result["standings"]
            )
            return f"Final places: {places or 'nobody was left in the match'}."
        active = [p for p in view["players"] if p not in view["kicked"]]
        done = [p for p in active if p in view["submitted"]]
        lines = [
            f"Submitted ({len(done)} of {len(active)}): "
            f"{', '.join(names(p) for p in done) or 'nobody yet'}"
        ]
        if view["kicked"]:
            out = ", ".join(names(p) for p in view["kicked"])
            lines.append(f"Out of the match (removed by the host, or conceded): {out}")
        return "\n".join(lines)

    def results(
        self, events: list[dict[str, Any]], view: dict[str, Any], names: Names
    ) -> str | None:
        """The player's own results: where their access bid took them (AA-7), the lots they
        won and what they paid (AA-10, AA-11), and the hand their cubes make now (AA-16); at
        the end, their place, hand, cash and prizes (AA-16, AA-17)."""
        me = view.get("me")
        if me is None or me["kicked"]:
            return None
        player = me["player"]
        lines = []
        for event in events:
            if event["type"] == "access_resolved":
                lines.append(self._my_access(event, player))
            elif event["type"] == "auction_resolved":
                lines.append(self._my_lots(event, player))
            elif event["type"] == "match_ended":
                lines.append(self._my_final(event, player))
        if not lines:
            return None
        if all(e["type"] != "match_ended" for e in events):
            hand = HAND_LABELS[hand_of(me["cubes"], view["colours"])]
            lines.append(f"Your hand now: {hand} ({cubes_text(me['cubes'])}).")
        return "\n".join(["📋 **Your results**", *lines])

    @staticmethod
    def _my_access(event: dict[str, Any], player: str) -> str:
        head = f"Round {event['round']}, Access phase:"
        bid = next((b for b in event["bids"] if b["player"] == player), None)
        if bid is None:
            return f"{head} you sent no bid, so you spend the round in the Black Market."
        house = HOUSES[bid["house"]]
        paid = f"you bid ${bid['amount']} for {house} (everyone pays their bid)"
        if player in event["entrants"].get(bid["house"], []):
            return f"{head} {paid} and entered it."
        why = "tied and kept out" if player in event["tied_out"] else "did not get in"
        return f"{head} {paid}, {why}: you spend the round in the Black Market."

    @staticmethod
    def _my_lots(event: dict[str, Any], player: str) -> str:
        head = f"Round {event['round']}, Auction phase in {place_name(event['location'])}:"
        outcomes = []
        paid = 0
        for lot in event["lots"]:
            amount = next((b["amount"] for b in lot["bids"] if b["player"] == player), None)
            if amount is None:
                continue
            paid += amount
            what = f"lot {lot_number(lot['lot'])} ({lot['count']}× {lot['colour']})"
            outcomes.append(
                f"you won {what} for ${amount}"
                if lot["winner"] == player
                else f"your ${amount} on {what} did not win it"
            )
        if not outcomes:
            return f"{head} you bid on no lot."
        return f"{head} {'; '.join(outcomes)} (you pay ${paid} in all)."

    @staticmethod
    def _my_final(result: dict[str, Any], player: str) -> str:
        mine = next(s for s in result["standings"] if s["player"] == player)
        line = (
            f"🏁 **Your final card:** {ordinal(mine['place'])} of {len(result['standings'])}, "
            f"{HAND_LABELS[mine['hand']]} ({cubes_text(mine['cubes'])}), ${mine['cash']}."
        )
        prizes = _prizes(result, player)
        if prizes:
            line += f" You win {join(prizes)}."
        if player in result["elimination_candidates"]:
            line += " You are an elimination candidate."
        return line

    def audit(self, host_view: dict[str, Any], names: Names) -> str:
        closed = host_view.get("audit") or []
        if not closed:
            return "No phase has closed yet."
        last = closed[-1]
        title = f"**Full picture — round {last['round']}, {PHASES[last['phase']]}**"
        if last["phase"] == "access":
            bids = (
                "\n".join(f"- {names(p)}: {HOUSES[h]} ${a}" for p, h, a in last["bids"])
                or "- no bids"
            )
            return f"{title}\n{bids}"
        rows = []
        for lot, winner in last["winners"].items():
            bids = ", ".join(f"{names(p)} ${a}" for p, t, a in last["bids"] if t == lot)
            outcome = f"won by {names(winner)}" if winner else "discarded"
            rows.append(f"- {lot_name(lot)}: {outcome}. Bids: {bids or 'none'}.")
        return f"{title}\n" + "\n".join(rows)

    def board(self, event: dict[str, Any], names: Mapping[str, str]) -> Board | None:
        if event["type"] == "access_resolved":
            return access_board(event, names, house_capacity=event.get("house_capacity"))
        if event["type"] == "auction_resolved":
            return location_board(event, names)
        if event["type"] == "match_ended":
            return final_board(event, names)
        return None

    def status_board(self, view: dict[str, Any], names: Mapping[str, str]) -> Board | None:
        """The round as it stands, for `/match status`: through its Auction phase, its access
        results (who entered which house, AA-7); once over, the final table; none in an
        Access phase, whose bids are sealed until it closes (an earlier round's results are
        not where the match stands)."""
        if view["result"]:
            return final_board(view["result"], names)
        access = [a for a in view["access"] if a["round"] == view["round"]]
        if view["phase"] == "auction" and access:
            return access_board(access[-1], names, house_capacity=view["house_capacity"])
        return None

    def card(self, view: dict[str, Any], names: Mapping[str, str]) -> Board | None:
        return one_on_one_card(view, names) if "me" in view else None

    def card_input(
        self, view: dict[str, Any], names: Mapping[str, str]
    ) -> tuple[dict[str, Any], Mapping[str, str]]:
        """The card names only its player."""
        me = view.get("me")
        player = me.get("player") if isinstance(me, Mapping) else None
        return card_view(view), {p: n for p, n in names.items() if p == player}

    def move(self, move: dict[str, Any], names: Names, told: list[dict[str, Any]]) -> str:
        kind = move["type"]
        if kind == "bid":
            return f"bid of ${move['amount']} on {lot_name(move['target'])}"
        if kind == "give":
            return f"gift of ${move['amount']} to {names(move['to'])}"
        if kind == "trade_garnet":
            return "garnet trade"
        return super().move(move, names, told)

    def shown_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The Black Market's colour is seen only inside it unless every location's lots are
        revealed (AA-4): the lobby says it is a secret, whether the host chose it or not."""
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


def _prizes(result: dict[str, Any], player: str) -> list[str]:
    """A player's prizes of AA-17, counted in words: "3 tokens of life", "1 garnet"."""
    prizes = []
    if player in result["tokens_of_life"]:
        tokens = result["tokens_of_life"][player]
        prizes.append(plural(tokens, "token of life", "tokens of life"))
    if player in result["garnets"]:
        prizes.append(plural(result["garnets"][player], "garnet"))
    return prizes
