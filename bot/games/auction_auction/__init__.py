"""Auction Auction's plug-in: `texts` (what its events, 1-on-1s and status say), `plugin`
(its `/match create auction-auction` options and its players' `/give` and `/garnet-trade`)."""
