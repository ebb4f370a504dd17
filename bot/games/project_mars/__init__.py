"""Project Mars's plug-in: `texts` (what its events, 1-on-1s and status say), `controls`
(the menus and buttons of its 1-on-1, its deck form), `plugin` (its `/match create
project-mars` options and its practice opponent)."""
