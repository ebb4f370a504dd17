"""The Mars Auction's rules as players read them: what `/help game:mars-auction` pages in
Discord, and what docs/rules/mars-auction.md links to for the game in plain words (that page
keeps the reference: the rulings L1-L18, U1-U8 and MA-D1 to MA-D11 this text follows, the
options and the refusal codes). Discord's markdown: a `## ` line starts a section
(`GameTexts.rules`); no tables and no links, which Discord does not show."""

from bot.games.base import SECTION
from bot.i18n import N_

#: The rules, a message id a line (a section's title after `SECTION`, an empty line kept
#: as it is): `rules_text` translates them line by line.
RULES: tuple[str, ...] = (
    SECTION + N_("The game"),
    N_(
        "A way to deal Terraforming Mars cards by bidding, for 2 to 5 players. You play "
        "Terraforming Mars at your table (or on a site without this variant); Dealer runs the card "
        "distribution in the channel: the display, the markers or bids, the turns, your budgets "
        "and the settlement, and tells each of you what you won and pay."
    ),
    "",
    N_(
        "A match is a whole game's auctions: the **setup auction** once (companies, that is "
        "corporations, preludes and projects), then a **research auction** every generation, "
        "opened by the host, until the host ends the match. A group that dealt its setup the usual "
        "way may auction only the research phases (the host's `start` option)."
    ),
    "",
    N_(
        "**The display.** The cards are laid out and numbered from 1 in the rulebook's order (top "
        "row first, right to left): in the setup 2 companies, 4 preludes and 10 projects per "
        "player, in that order; in a research phase 4 projects per player. Dealer deals them from "
        "the card catalogue (the sets the host chooses with `sets`, by default the base game, "
        "Corporate Era and Prelude, and a host's own list), never the same card twice in a game, "
        "or the host enters the cards on their table by name."
    ),
    "",
    N_(
        "The host chooses the **limited** variant (markers) or the **unlimited** variant (card by "
        "card)."
    ),
    "",
    SECTION + N_("Limited: markers"),
    N_(
        "A marker is a bid of 1 M€. In turn order, starting with the player who holds the starting "
        "player marker, each player either puts **1 or 2 markers** (both on one card, or one on "
        "each of two cards) or **passes**. A pass is final for the round. A player who can put no "
        "marker has passed."
    ),
    "",
    N_("- At most **3 of your markers on one card** (in the setup, counting the earlier rounds)."),
    N_("- At most **15 new markers** of yours in a round."),
    N_(
        "- You may place a marker only while all your markers on cards not yet evaluated are no "
        "more than the M€ you pay with: in the setup, before you have a corporation, the setup "
        "budget (by default the lowest starting M€ among the companies on display); after that, "
        "your corporation's starting M€ less what you have paid; in a research auction, the budget "
        "you stated. Dealer warns you, privately, when your markers leave less than the 2 M€ a won "
        "project costs to buy."
    ),
    "",
    N_(
        "**The setup's three rounds.** Round 1: markers on any card; then the companies are "
        "evaluated. Round 2: markers on preludes and projects; then the preludes are evaluated. "
        "Round 3: markers on projects; then the projects are evaluated. Without the Prelude "
        "expansion, round 2 bids on projects only. A research auction is one round on its projects."
    ),
    "",
    SECTION + N_("Limited: who wins a card"),
    N_(
        "When everyone has passed, the round's cards are evaluated from the card with the most "
        "markers to the card with the fewest (equal totals: the lower number first). A card with "
        "no markers is discarded."
    ),
    "",
    N_(
        "Each card goes to the player with the most markers on it; the others take their markers "
        "back. A tie goes to the player who has won fewer cards so far in this evaluation, then to "
        "the player closer in turn order to this round's first player."
    ),
    "",
    N_(
        "After each evaluation the starting player marker passes to the next player. A research "
        "auction is opened by the generation's first player, whom the host names when opening it "
        "(by default the player after the last generation's first player; the setup's is the "
        "player who started it)."
    ),
    "",
    SECTION + N_("Paying and keeping"),
    N_("- A **project** bid is paid when you win the card: as many M€ as your markers on it."),
    N_(
        "- **Companies**: after the evaluation you keep one corporation of those you won (a "
        "private choice), receive its starting M€, then pay your company bids less 1 M€ per "
        "company you won (never below 0). Bids of 2 and 1 on two companies cost 1 M€."
    ),
    N_(
        "- **Preludes**: you keep two of those you won and pay your prelude bids less 1 M€ per "
        "prelude won, from your corporation's money. A card drawn free (below) is not won and "
        "takes nothing off: one prelude won with 3 markers and one drawn cost 2 M€."
    ),
    N_(
        "- Too few companies (1) or preludes (2)? The missing ones are drawn at random, free, from "
        "the display's cards of that kind that nobody won (or, if none is left, from the "
        "catalogue's cards not dealt in this game). Each draw is shown with the cards it was drawn "
        "among. Too many? You keep 1 company and 2 preludes; the bids are still paid."
    ),
    N_(
        "- **Projects you won** are then bought for 2 M€ each, as many as you like and can pay for "
        "(a private choice); those not bought are discarded and their bids stay paid."
    ),
    N_(
        "- **Terralabs**: while it is your corporation, each winning bid costs 1 M€ less (never "
        "below 0) and won projects are bought for 1 M€. It comes with a host's own card list."
    ),
    "",
    SECTION + N_("Unlimited: card by card"),
    N_(
        "The cards are auctioned one by one in their numbered order (in the setup: the companies, "
        "then the preludes, then the projects). The holder of the starting player marker opens "
        "each card with a bid of 0 M€ or more; then, in turn order, each player raises (at least 1 "
        "M€ more) or passes. A pass is final for that card. When everyone else has passed, the "
        "high bidder wins the card and pays the bid. The starting player marker then passes on."
    ),
    "",
    N_(
        "You may not bid more than you can pay: in the setup's company auction, the setup budget "
        "less your company bids won so far; otherwise the M€ you have. A player who cannot raise "
        "has passed. With 0 M€ you still open a card when it is your turn to, at 0 M€: if nobody "
        "raises, it is yours for 0 M€, and a project you cannot then buy for 2 M€ is discarded. "
        "Dealer warns you privately when a bid on a project would leave you less than the 2 M€ to "
        "buy it."
    ),
    "",
    N_(
        "Then you keep 1 company and 2 preludes of those you won (no reduction in this variant; "
        "too few or too many as in the limited variant), and buy won projects for 2 M€ each. "
        "Terralabs pays 1 M€ less for each card it wins and buys projects for 1 M€."
    ),
    "",
    SECTION + N_("Budgets and secrets"),
    N_(
        "At each research auction every player states the M€ they hold, privately: the **State "
        "your M€** button of their 1-on-1 or `/mars budget amount:<M€>`. Bidding starts when every "
        "budget is in; until then a budget may be changed. The host may set a player's budget for "
        "them (`/mars budget` with `member`); only that player is told the figure."
    ),
    "",
    N_(
        "Nobody but you sees your budget or the M€ you have left. Which companies and preludes you "
        "keep and which projects you buy are sealed until everyone asked has chosen, then revealed "
        "together. Markers and bids are public."
    ),
    "",
    SECTION + N_("Playing in Discord"),
    N_(
        "Each turn, the channel gets one board message: the display as an image (numbered cards "
        "with their costs, every player's markers in their colour and seat letter, who has passed, "
        "whose turn it is), the deadline, and the controls. Only the player whose turn it is may "
        "use them; anyone else is told so, privately."
    ),
    "",
    N_(
        "- **Limited:** the menus list the cards by kind and number. Pick two cards to put a "
        "marker on each; pick one card and Dealer asks, privately, whether you put one or two "
        "markers on it (or one on it and one on another card). **Card numbers** opens a form: type "
        "`3 7` for a marker on each, `3 3` for two on card 3, or `3`. **Pass** asks you to "
        "confirm: it is final for the round."
    ),
    N_("- **Unlimited:** **Raise** opens a form for your bid; **Pass on this card**."),
    "",
    N_(
        "The channel has one board message, edited at every turn; the player to move is mentioned "
        "under it. The same controls are in your 1-on-1 (**My 1-on-1** or `/me`). Keeping, buying "
        "and budgets happen in the 1-on-1 only, which comes by DM for them: a menu of the cards "
        "you won, **Buy none**, the **State your M€** form."
    ),
    "",
    SECTION + N_("Time and leaving"),
    N_(
        "A bidding turn lasts 10 minutes by default, a budget, keep or buy step 30 (the host's "
        "`turn_minutes` sets every one). You are reminded by DM at half time. When time runs out "
        "(or the host closes the step): the player whose turn it is passes (unlimited: on the "
        "card, and an opener bids 0); a missing budget is the M€ you had left, by Dealer's count "
        "(0 if none); a missing choice keeps your first companies or preludes in display order and "
        "buys none of your projects."
    ),
    "",
    N_(
        "A player who leaves (removed by the host, or conceding with `/match forfeit`) takes their "
        "markers off the cards not yet evaluated; in the unlimited variant the card up for auction "
        "starts again without them; what they won and had not kept or bought is discarded; what "
        "they hold stays theirs. The last player cannot be removed: the host ends the match."
    ),
    "",
    N_(
        "Between generations the match waits for the host, who opens the next research auction "
        "(`/mars research`, with `first_player` to name the generation's first player) or ends the "
        "match (`/mars end`); a match is not ended in the middle of an auction. The auction does "
        "not decide who wins Terraforming Mars: in the stats a match counts as played by its "
        "players and won by none."
    ),
    "",
)
