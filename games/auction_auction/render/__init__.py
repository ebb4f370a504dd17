"""Auction Auction's board images: what players and spectators look at.

Each function takes what its viewers received — an event (`access_resolved`,
`auction_resolved`, `match_ended`) or a player's own view — and never the state, so an image
shows nothing its viewers may not know. Each returns a `Board`: the PNG and an alt text with
the same facts in words. They are pure and synchronous; the bot calls them off its event loop.

- `access_board(event, names)`: the public access results (AA-6 to AA-8);
- `location_board(event, names)`: one location's lots, bids and winners, for its thread
  (AA-10 to AA-12);
- `one_on_one_card(view, names)`: a player's own cash, cubes, garnets, location and standing
  sealed bids, for their DM;
- `final_board(result, names)`: hands, cash, places and prizes (AA-16 to AA-18).

The houses are drawn without their colours: that each name is an anagram of a colour is the
game's hidden trick (AA-4).
"""

from __future__ import annotations

from games.auction_auction.render.access import access_board
from games.auction_auction.render.card import card_view, one_on_one_card
from games.auction_auction.render.final import final_board
from games.auction_auction.render.location import location_board

__all__ = ["access_board", "card_view", "final_board", "location_board", "one_on_one_card"]
