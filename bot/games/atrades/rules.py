"""Atrades's rules as players read them: what `/help game:atrades` pages in Discord. The
reference, with the rulings this text follows (AT-1 to AT-27, AT-D1 to AT-D27) and their
reasons, is docs/rules/atrades.md. Discord's markdown: a `## ` line starts a section
(`GameTexts.rules`); no tables and no links."""

from bot.games.base import SECTION
from bot.i18n import N_

#: The rules, a message id a line (a section's title after `SECTION`, an empty line kept
#: as it is): `rules_text` translates them line by line.
RULES: tuple[str, ...] = (
    SECTION + N_("The game"),
    N_(
        "A game for 2 to 5 players. Each of you leads a **guild** of speculators on a desert "
        "planet: you start **companies** on the habitable land of a hex map, they sell goods and "
        "fill their **banks**, and you turn company money into your own **personal money** by "
        "merging companies at auction or selling them to the Atrades Government. The most personal "
        "money at the end wins; money in company banks does not count."
    ),
    "",
    N_("**Words**"),
    N_(
        "- **Guild**: your side, with a name, a starting initiative and its starting money as "
        "personal money ($20 unless the host set it). Your personal money is yours to see until "
        "the end."
    ),
    N_(
        "- **Company**: named by its starting tile's goods and number (Rations 1-5, Liquids 6-9, "
        "Wiring 10-14, Spice 15-18). It has tiles on the map, a bank, an owner."
    ),
    N_(
        "- **Region**: a tile of the map, with a name, habitable land, desert, numbered cities and "
        "a **demand** (how many goods it buys each round). Hexes have labels such as **B4**. Hexes "
        "joined by a connector are next to each other."
    ),
    N_(
        "- **Action cubes**: 7 per guild. Every action spends one, on the guild board's track of "
        "the action: Acquire, Merger, Bureaucracy, Research."
    ),
    "",
    SECTION + N_("A round"),
    N_(
        "**1. Turn order.** Every guild makes a sealed bid, in its 1-on-1, paid from its personal "
        "money or from one company's bank (then personal money). You may bid again to change your "
        "bid until the last one is in. Then all bids are shown; the highest goes first. Ties go to "
        "the lower initiative (your guild's plus your companies' starting tiles'). Bids are paid "
        "to the supply."
    ),
    "",
    N_(
        "**2. Actions.** In turn order, each guild takes one action, on the board message in the "
        "channel:"
    ),
    N_(
        "- **Acquire**: a starting tile from the display onto a free habitable hex; the region's "
        "demand goes up by one."
    ),
    N_(
        "- **Merge**: a company of yours and one next to it (yours or another guild's): an "
        "auction, below. With a cube on the merger track, or without (then no cube is spent on it)."
    ),
    N_(
        "- **Sell to the Government**: a company of yours next to a city whose number your "
        "bureaucracy cubes reach. Its bank is paid out by the chart, row by row from the top while "
        "the money covers the row: $25 pays 11, $25 pays 9, $15 pays 7, $7 pays 5, $3 pays 3. The "
        "payout is your personal money, the rest goes to the supply, and the company's tiles are "
        "flipped: they stay on the map and sell nothing."
    ),
    N_(
        "- **Research**: a technology of an open era, paid from your money or one company's bank "
        "(then your money). Its effect is at once: bureaucracy cubes, better prices, or more "
        "demand where you have companies."
    ),
    N_("- **Pass**: a cube is still spent."),
    "",
    N_(
        "**3. Market.** Companies sell in initiative order, 1 to 18, each tile by tile up to its "
        "tiles in a region and until the region's demand is reached. Each good earns its price "
        "(higher in later eras, cheapest for Rations, dearest for Spice) for the company's bank. A "
        "company that sold a good for every tile may then **expand**, in initiative order: its "
        "owner puts a tile of its type on free land next to it, or lets it go. It cannot when no "
        "tile of its type is left in the supply or no land next to it is free; the channel is told."
    ),
    "",
    N_(
        "**4. End of round.** The display of starting tiles is refilled. Rounds 1-2 are era 1, 3-4 "
        "era 2, from round 5 era 3."
    ),
    "",
    SECTION + N_("Mergers"),
    N_(
        "The two companies' cubes go on the auction track, the starter's first, alternating, the "
        "larger company's last ones after. The auction has as many rounds as the two companies' "
        "levels added (1-2 tiles level 1, 3-4 level 2, 5 or more level 3)."
    ),
    N_(
        "- **Open rounds**, on the board in the channel: from the starter's left, clockwise, each "
        "bidder raises or passes. The first bid is at least $1 per cube on the track. A pass is "
        "final. Nobody bids more than their money and one company's bank hold. The leader is not "
        "asked to raise their own bid."
    ),
    N_(
        "- **The final sealed round**, in the 1-on-1s: everyone still in bids above the high bid "
        "or drops out; the bids are shown together; the highest wins (a tie goes to the earlier in "
        "the bidding order; if all drop out, the last open bid wins)."
    ),
    N_(
        "- **Settling**: the winner pays the bid around the track, $1 per space from left to right "
        "and round again, from their money or one company's bank. Owners who lose a company take "
        "the dollars on their cubes' spaces as personal money and a free Acquire. The merged "
        "company's bank is the dollars on the winner's own spaces (the old bank of a winner's own "
        "company goes back to the supply); a lost company's bank goes back to the supply too, or "
        "onto the merged company's bank if the host chose so (`loser_bank`). A winner who owned "
        "neither company chooses which one it becomes. The winner may take a free cube onto their "
        "bureaucracy track (and then the starter too, if they placed no cube)."
    ),
    N_("- Nobody bids: there is no merger."),
    "",
    SECTION + N_("Time and the end"),
    N_(
        "Each kind of decision has its own clock, set by the host: turn-order bids (4 hours unless "
        "set), a guild's action (2 hours), a raise or pass (1 hour), the final sealed round (2 "
        "hours), a settlement, free Acquire or expansion (1 hour). When a clock runs out: a "
        "missing turn-order bid is $0; the guild to act passes; a bidder to raise passes; a "
        "missing final bid drops out; a winner who has not settled pays from the richest company "
        "whose bank and their money cover the bid (else their money), keeps the starter's company "
        "where the choice is theirs, and takes the free cube; a free Acquire or expansion is let "
        "go."
    ),
    "",
    N_(
        "**The end.** At the end of a round in which a guild ran out of action cubes, or when no "
        "company is left to acquire; the channel is told as soon as a round is sure to be the "
        "last, and the end says why. Everyone's money is shown; the most personal money wins, ties "
        "go to the most money in the guild's company banks, then share the win. A guild that left "
        "(conceded or removed by the host) stays on the map but plays no more and is not ranked."
    ),
    "",
)
