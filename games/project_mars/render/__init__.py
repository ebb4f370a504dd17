"""Project Mars's board images: the table everyone looks at, a round's count, the match's end,
and a player's own hand.

Each function takes what its viewers received — a view (`public_board` from the public view,
`hand_card` from a player's own view) or a public event (`round_board`, `final_board`) — and
never the state, so an image shows nothing its viewers may not know: a face-down trap is
drawn face up only in its owner's hand card, where their own view shows it. Each returns a
`Board`: the PNG and an alt text with the same facts in words. Pure and synchronous; the bot
calls them off its event loop.

- `public_board(view, names)`: both fields (2 rows by 4 lanes each, attack rows facing each
  other), face-down cards, revealed hand cards, hand, deck and junkyard counts, the utility
  played this round, rounds won, the lanes and TPR as they stand, and whose turn it is;
- `round_board(event, names)`: a round's resolution (PM-4, PM-7): the fields as counted, each
  lane's comparison, and each player's TPR part by part;
- `final_board(result, names)`: the match's end (PM-8): each round's TPR and winner;
- `hand_card(view, names)`: a player's 1-on-1 card: the fields as they see them, their hand
  (revealed cards marked), and their back hand in the keep step.

`fields_at_resolution(view, events)` rebuilds where the cards lay when a move resolved the
round (the field is cleared by the same move), from the public view before the move and the
move's public events; `round_board` draws what it returns.

Colours follow the Okabe-Ito palette, and never alone: a card's kind is written on its band,
a lane's winner by name, a face-down card is striped and labelled.

The words an image draws and its alt text says are in the language in force
(`games.core.speech`, docs/translating.md); card names, their printed kinds and subtypes
(OFFENSE, ARTIFICIAL) and their printed text stay as printed.
"""

from __future__ import annotations

from games.core.drawing import Board
from games.project_mars.render.field import card_words, versus, where
from games.project_mars.render.final import final_board
from games.project_mars.render.hand import hand_card
from games.project_mars.render.resolution import fields_at_resolution, round_board
from games.project_mars.render.table import public_board

__all__ = [
    "Board",
    "card_words",
    "fields_at_resolution",
    "final_board",
    "hand_card",
    "public_board",
    "round_board",
    "versus",
    "where",
]
