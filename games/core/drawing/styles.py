"""The badge styles the boards share, each named for what it marks, so that the same kind of
fact looks the same on every game's board (and a colour never carries it alone: a badge
always has its words)."""

from __future__ import annotations

from games.core.drawing.canvas import BadgeStyle
from games.core.drawing.palette import (
    ACCENT,
    BAD,
    BAD_BG,
    DARK_TEXT,
    GOLD,
    GOOD,
    GOOD_BG,
    MUTED,
    PANEL_RAISED,
    TEXT,
    WARN,
    WARN_BG,
)

#: What matters most now: whose turn it is, a winner, a price, the first place.
HIGHLIGHT = BadgeStyle(DARK_TEXT, GOLD)
#: Something gained: a house entered, cards bought, a bonus.
SUCCESS = BadgeStyle(GOOD, GOOD_BG)
#: A tie or a loss that may still be made good: tied out, PWR set to 0.
CAUTION = BadgeStyle(WARN, WARN_BG)
#: Something lost or out of play: disabled, discarded, a candidate for elimination.
FAILURE = BadgeStyle(BAD, BAD_BG)
#: What came to nothing and needs no attention: a bid outbid, a lot nobody won.
SUBDUED = BadgeStyle(MUTED, PANEL_RAISED)
#: A plain label.
PLAIN = BadgeStyle(TEXT, PANEL_RAISED)
#: Something shown or chosen: a card revealed, a card taken.
MARKED = BadgeStyle(DARK_TEXT, ACCENT)
