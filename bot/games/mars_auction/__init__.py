"""The Mars Auction's plug-in: `texts` (what its events, 1-on-1s and status say, and its
images), `rules` (the rules as players read them), `controls` (the menus of the board
message and of the 1-on-1, the card-numbers forms), `plugin` (its `/match create
mars-auction` options and the host's `/mars` commands)."""
