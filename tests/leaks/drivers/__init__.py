"""The games' drivers of the leak scan (`tests/leaks/scan.py` says how a game plugs in): a
game's own, or the generic one (`any_game.AnyGame`) for a game of the registry without one."""

from __future__ import annotations

from bot.games.registry import PLUGINS
from games.registry import ENGINES
from tests.leaks.drivers.any_game import AnyGame
from tests.leaks.drivers.atrades import AtradesGame
from tests.leaks.drivers.auction_auction import AuctionAuction, AuctionAuctionComputers
from tests.leaks.drivers.mars_auction import MarsAuction, MarsAuctionComputers
from tests.leaks.drivers.marsbot_draft import MarsbotDraft
from tests.leaks.drivers.project_mars import ProjectMars, ProjectMarsPractice
from tests.leaks.scan import Driver

#: The games' own drivers, by the name of the match they play.
OWN: dict[str, type[Driver]] = {
    "auction-auction": AuctionAuction,
    "auction-auction-computers": AuctionAuctionComputers,
    "project-mars": ProjectMars,
    "project-mars-practice": ProjectMarsPractice,
    "mars-auction": MarsAuction,
    "mars-auction-computers": MarsAuctionComputers,
    "marsbot-draft": MarsbotDraft,
    "atrades": AtradesGame,
}


def drivers(games: set[str]) -> dict[str, type[Driver]]:
    """The matches the scan plays for these games (those of the registries): every game's own
    drivers, and the generic one for each game without one."""
    own = {name: driver for name, driver in OWN.items() if driver.game in games}
    covered = {driver.game for driver in own.values()}
    return own | {game: AnyGame.of(game) for game in sorted(games - covered)}


#: The matches the scan plays: every game of both registries, by its own driver or the
#: generic one.
DRIVERS = drivers(set(ENGINES) & set(PLUGINS))
