"""The MARSBOT draft's plug-in: `texts` (what its events, 1-on-1s and status say, and its
rules in `rules`), `plugin` (its `/match create marsbot-draft` options, its `/marsbot`
commands and the controls of its whole draft)."""
