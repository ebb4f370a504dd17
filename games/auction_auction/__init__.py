"""Auction Auction: sealed access bids, sealed lot bids, hands and prizes (RULINGS.md §1)."""

from games.auction_auction.rules import AuctionAuction

ENGINE = AuctionAuction()

__all__ = ["ENGINE", "AuctionAuction"]
