"""What each game looks like in Discord: texts for events, 1-on-1s and status."""

from __future__ import annotations

from bot.ui.auction_auction import AuctionAuctionUI
from bot.ui.base import GameUI

UIS: dict[str, GameUI] = {AuctionAuctionUI.game: AuctionAuctionUI()}

__all__ = ["UIS", "GameUI"]
