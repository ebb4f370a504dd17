"""The Mars Auction Variant for Terraforming Mars: the card distribution by bidding, limited
and unlimited (RULINGS.md §2)."""

from games.core.seats import ComputerPlayer
from games.mars_auction.computer import host_move, normal_seat, standings
from games.mars_auction.planning import strong_seat
from games.mars_auction.rules import MarsAuction

ENGINE = MarsAuction()
#: Dealer's computer seats (`/match add-bot`): a seat makes the one move each decision asks
#: of it; a match between computer seats alone is carried on by `host_move` and ranked by
#: `standings` (MA-D10: the auction has no winner).
COMPUTER = ComputerPlayer(
    {"normal": normal_seat, "strong": strong_seat}, host=host_move, standings=standings
)

__all__ = ["COMPUTER", "ENGINE", "MarsAuction"]
