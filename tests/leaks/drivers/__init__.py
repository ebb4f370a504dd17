"""The games' drivers of the leak scan (`tests/leaks/scan.py` says how a game plugs in)."""

from __future__ import annotations

from tests.leaks.drivers.atrades import AtradesGame
from tests.leaks.drivers.auction_auction import AuctionAuction, AuctionAuctionComputers
from tests.leaks.drivers.mars_auction import MarsAuction, MarsAuctionComputers
from tests.leaks.drivers.marsbot_draft import MarsbotDraft
from tests.leaks.drivers.project_mars import ProjectMars, ProjectMarsPractice
from tests.leaks.scan import Driver

#: The drivers, by the name of the match they play; every game has one at least.
DRIVERS: dict[str, type[Driver]] = {
    "auction-auction": AuctionAuction,
    "auction-auction-computers": AuctionAuctionComputers,
    "project-mars": ProjectMars,
    "project-mars-practice": ProjectMarsPractice,
    "mars-auction": MarsAuction,
    "mars-auction-computers": MarsAuctionComputers,
    "marsbot-draft": MarsbotDraft,
    "atrades": AtradesGame,
}
