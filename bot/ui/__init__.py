"""What each game looks like in Discord: texts for events, 1-on-1s and status."""

from __future__ import annotations

from bot.ui.auction_auction import AuctionAuctionUI
from bot.ui.base import GameUI
from bot.ui.project_mars import ProjectMarsUI

UIS: dict[str, GameUI] = {
    AuctionAuctionUI.game: AuctionAuctionUI(),
    ProjectMarsUI.game: ProjectMarsUI(),
}

__all__ = ["UIS", "GameUI"]
