"""What High Bid's events, 1-on-1 and status say in Discord."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from bot.games.base import GameTexts, Names
from games.core.contract import Action
from games.core.drawing.board import Board, namer
from games.core.drawing.canvas import Canvas
from games.core.drawing.table import Column, Table

#: The bids board's width and margin, in pixels.
WIDTH, MARGIN = 640, 24


class HighBidTexts(GameTexts):
    game = "high-bid"
    title = "High Bid"
    forfeit = "Your bid counts as none."
    commands: ClassVar[frozenset[str]] = frozenset({"bid"})
    announces: ClassVar[frozenset[str]] = frozenset({"phase_opened"})
    draws_cards: ClassVar[bool] = False

    def describe(self, event: dict[str, Any], names: Names) -> str | None:
        kind = event["type"]
        if kind == "phase_opened":
            return f"**High Bid begins.** Send a sealed bid of 0 to {event['coins']} coins."
        if kind == "bid_placed":
            on = f" on lot {event['lot'][1:]}" if event.get("lot") else ""
            return f"Your sealed bid of {event['amount']} coins{on} is recorded."
        if kind == "bid_submitted":
            return f"{names(event['player'])} has sent a bid."
        if kind == "player_kicked":
            return f"The host removed {names(event['player'])}."
        if kind == "player_forfeited":
            return f"{names(event['player'])} has conceded."
        if kind == "bids_revealed":
            bids = ", ".join(f"{names(p)} {n}" for p, n in event["bids"].items())
            return f"The bids: {bids or 'none'}."
        if kind == "match_ended":
            winner = event["winner"]
            return f"**{names(winner)} wins.**" if winner else "**Nobody wins.**"
        return None

    def one_on_one(self, view: dict[str, Any], actions: list[Action], names: Names) -> str:
        bid, lot = view["me"]["bid"], view["me"]["lot"]
        mine = (
            "no bid yet" if bid is None else f"{bid} coins" + (f" on lot {lot[1:]}" if lot else "")
        )
        return f"**Your 1-on-1 — High Bid.** Your bid: {mine} (of {view['coins']})."

    def status(self, view: dict[str, Any], names: Names) -> str:
        if view["ended"]:
            return f"**{names(view['winner'])}** wins." if view["winner"] else "Nobody wins."
        sent = ", ".join(names(p) for p in view["submitted"]) or "nobody"
        return f"Bids from: {sent}."

    def results(
        self, events: list[dict[str, Any]], view: dict[str, Any], names: Names
    ) -> str | None:
        if all(e["type"] != "match_ended" for e in events):
            return None
        bid = view["me"]["bid"]
        mine = "no bid" if bid is None else f"{bid} coins"
        won = "you win" if view["winner"] == view["me"]["player"] else "you do not win"
        return f"🏁 **Your final card:** you bid {mine}, and {won}."

    def audit(self, host_view: dict[str, Any], names: Names) -> str:
        return "Bids are shown when the host closes the bidding."

    board_events: ClassVar[frozenset[str]] = frozenset({"bids_revealed"})

    def board(self, event: dict[str, Any], names: Mapping[str, str]) -> Board | None:
        """The revealed bids, highest first."""
        if event["type"] != "bids_revealed":
            return None
        name = namer(names)
        bids = sorted(event["bids"].items(), key=lambda bid: -bid[1])
        canvas = Canvas(WIDTH, 150 + 44 * len(bids))
        top = canvas.title_bar("High Bid", "The bids", [], margin=MARGIN)
        table = Table(canvas, MARGIN, WIDTH - MARGIN, [Column("Player", 0), Column("Bid", 120)])
        top = table.header(top)
        for player, amount in bids:
            top = table.row(top, [name(player), str(amount)])
        alt = "The bids: " + (", ".join(f"{name(p)} {n}" for p, n in bids) or "none") + "."
        return Board(canvas.png(), alt, "high-bid-bids.png")

    def card(self, view: dict[str, Any], names: Mapping[str, str]) -> Board | None:
        return None

    def help(self) -> str:
        return "**High Bid** (2-6 players): one sealed bid each; the best unmatched bid wins."
