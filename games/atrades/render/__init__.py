"""Atrades's pictures (issue 23), pure: a view in, a `Board` out (the PNG and its alt text).

They take only a view, never the state, so a picture shows nothing its audience may not know
(AT-D27): the map is drawn from the public fields of whatever view it is given, the guild board
from a player's own view.

- `render_map(view, names)`: the map everyone looks at: the regions with their names and
  demand tracks, habitable land, desert, cities with their numbers, connectors, the company
  tiles (type colour and letter, initiative, the owner's seat letter), sold companies, the
  hexes' labels as players type them ("B4"), the starting tiles to acquire and the guilds in
  turn order with their cubes; money only once the game is over.
- `render_guild(card, names)`: a player's guild board for their 1-on-1, from their own view
  (`Engine.view(state, player)`) and their legal actions (`views.GuildCard`): their money,
  their standing sealed bids, their cubes on each track and left, their companies with
  banks and levels, their technologies, those they could research, and what they may do
  now.

`names` maps player ids to the names people see (`games.core.drawing.NameSource`); ids show
when it is left out. Both run in the bot's render workers: no Discord, no clock, no I/O. What
never changes in a match (the map's terrain, connectors and labels; each tile as placed) is
drawn once per process and kept, so a match's next map costs only what moved.
"""

from __future__ import annotations

from games.atrades.render import hexes
from games.atrades.render import map as map_picture
from games.atrades.render.guild import guild_board
from games.atrades.render.map import map_board
from games.atrades.views import GuildCard, PublicView
from games.core.drawing import Board, NameSource, namer


def render_map(view: PublicView, names: NameSource | None = None) -> Board:
    """The map, from the public view (a player's view gives the same picture)."""
    return map_board(view, namer(names or {}))


def render_guild(card: GuildCard, names: NameSource | None = None) -> Board:
    """A player's guild board, from their own view and their legal actions."""
    return guild_board(card, namer(names or {}))


def clear_caches() -> None:
    """Forget every map layer, tile and glyph drawn so far (the fonts' text caches stay): for
    benchmarks of a match's first picture."""
    for cached in (
        hexes.static_layer,
        hexes.positions,
        hexes.tile_image,
        hexes.tile_glyph,
        hexes.terrain_glyph,
        hexes.city_glyph,
        hexes.owner_glyph,
        map_picture.track,
        map_picture.legend,
    ):
        cached.cache_clear()


__all__ = ["clear_caches", "render_guild", "render_map"]
