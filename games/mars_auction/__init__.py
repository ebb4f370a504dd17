"""The Mars Auction Variant for Terraforming Mars: the card distribution by bidding, limited
and unlimited (RULINGS.md §2)."""

from games.mars_auction.rules import MarsAuction

ENGINE = MarsAuction()

__all__ = ["ENGINE", "MarsAuction"]
