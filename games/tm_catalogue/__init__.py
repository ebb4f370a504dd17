"""Terraforming Mars card facts for the games that deal, auction or draft its cards (Mars
Auction, the MARSBOT draft). It has no engine of its own, so `games/registry.py` skips it.

- `builtin()`: the official sets (base game, Corporate Era, Prelude, Venus Next, Colonies,
  Turmoil, Prelude 2, promos) — every corporation (with its starting M€), prelude and project
  card, with number, name, type, printed cost, tags and expansion. Facts only, no card text.
- `sets`: the sets a match deals from as a host types them (`parse_sets`, `Sets`).
- `Catalogue`: look-ups by exact name (`get`), by number (`by_number`), by a name as typed
  (`match`, `find`: case, accents and punctuation ignored), `search` for autocomplete (and
  `complete`, the last name of a `;`-separated list), and `select` by expansion and type.
- `parse_host_list(text)`: the built-in catalogue plus a host's own cards from a CSV file
  (other expansions), with errors that name the line and the column.

The data, `cards.json` (package data), was extracted from the public repository
`terraforming-mars/terraforming-mars` by `tools/build_tm_catalogue.py`. To regenerate it::

    git clone --bare https://github.com/terraforming-mars/terraforming-mars /tmp/tm.git
    python -m tools.build_tm_catalogue /tmp/tm.git games/tm_catalogue/cards.json

The data is read on the first `builtin()` call and kept, so importing this package (as the
registry does) reads nothing. See docs/rules/tm-catalogue.md.
"""

from games.tm_catalogue.catalogue import (
    COMPLETION_LENGTH,
    SEARCH_LIMIT,
    Catalogue,
    Source,
    UnknownCard,
    builtin,
    builtin_source,
    numbered,
    printed_number,
)
from games.tm_catalogue.host_list import HostListError, parse_host_list
from games.tm_catalogue.model import (
    BUILT_IN_EXPANSIONS,
    CARD_TYPES,
    DEFAULT_EXPANSIONS,
    EXPANSION_TITLES,
    EXPANSIONS,
    PROJECT_TYPES,
    TAGS,
    Card,
    CardType,
    Expansion,
    Tag,
    fold,
)

__all__ = [
    "BUILT_IN_EXPANSIONS",
    "CARD_TYPES",
    "COMPLETION_LENGTH",
    "DEFAULT_EXPANSIONS",
    "EXPANSIONS",
    "EXPANSION_TITLES",
    "PROJECT_TYPES",
    "SEARCH_LIMIT",
    "TAGS",
    "Card",
    "CardType",
    "Catalogue",
    "Expansion",
    "HostListError",
    "Source",
    "Tag",
    "UnknownCard",
    "builtin",
    "builtin_source",
    "fold",
    "numbered",
    "parse_host_list",
    "printed_number",
]
