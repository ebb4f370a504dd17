"""Auction Auction: sealed access bids, sealed lot bids, hands and prizes (RULINGS.md §1)."""

from games.auction_auction.computer import normal_seat
from games.auction_auction.planning import strong_seat
from games.auction_auction.rules import AuctionAuction
from games.core.seats import ComputerPlayer

ENGINE = AuctionAuction()
#: Dealer's computer seats (`/match add-bot`): a seat places its phase's sealed bids one at a
#: time, then decides None.
COMPUTER = ComputerPlayer({"normal": normal_seat, "strong": strong_seat}, several=True)

__all__ = ["COMPUTER", "ENGINE", "AuctionAuction"]
