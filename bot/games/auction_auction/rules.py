"""Auction Auction's rules as players read them: what `/help game:auction-auction` pages in
Discord, and what docs/rules/auction-auction.md links to for the game in plain words (that
page keeps the reference: the rulings AA-1 to AA-18 and AA-D1 to AA-D13 this text follows,
the ids, the options and the refusal codes). Discord's markdown: a `## ` line starts a
section (`GameTexts.rules`); no tables and no links, which Discord does not show."""

from bot.i18n import N_

#: The rules by section: its title and its paragraphs, each a message id.
RULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        N_("The game"),
        (
            N_(
                """\
A main match from *The Genius* for 4 to 12 players. You bid money to get into auction houses, \
then bid inside them for coloured cubes, to end with the best hand of cubes."""
            ),
            N_(
                """\
Everyone starts with $100 (the host may choose another amount). Cubes are red, yellow and \
green; the host may add blue and purple. Your cash and cubes are secret until the end."""
            ),
            N_(
                """\
The match has 3 rounds (the host may choose 1 to 10). Each round is an **Access phase** and \
then an **Auction phase**. A phase ends at its deadline or when the host closes it early. \
Until then you may change your bids as often as you like; the last one counts."""
            ),
        ),
    ),
    (
        N_("Access phase: getting into a house"),
        (
            N_(
                """\
There are three auction houses, with 3 spots each (the host may choose another number): **Dr. \
E Appraisings**, **Genre Shop** and **Wolley Limited**."""
            ),
            N_(
                """\
You send one sealed bid: one house and a whole number of dollars, from $0 up to the cash you \
hold. A new bid replaces your old one, even on another house. If you send nothing, you bid $0 \
for no house."""
            ),
            N_(
                """\
When the phase closes, **everyone pays what they bid**, whether they got in or not. Then each \
house lets people in from the highest bid down. Players tied on the same amount get in \
together or not at all: if the whole tied group does not fit in the spots left, none of them \
gets in, and nobody who bid less than them gets in either. With 3 spots:
- 50, 40, 40, 40, 10 → only the 50 gets in (the three 40s do not fit in the 2 spots left, and \
that stops the 10 too);
- 50, 40, 30, 30 → the 50 and the 40 get in."""
            ),
            N_(
                """\
Everyone who got into no house spends the round in the **Black Market**, which has room for \
everyone. You cannot bid to enter the Black Market."""
            ),
            N_(
                """\
After the phase, everyone is told every bid (who, which house, how much) and who is where. \
Nobody is told anyone's cash."""
            ),
        ),
    ),
    (
        N_("Auction phase: winning lots"),
        (
            N_(
                """\
Each location offers lots of cubes, and you may bid only on the lots of the location you are \
in.
- **Each auction house**: one lot of two cubes of the same colour, and one lot of a single \
cube for each colour in play.
- **Black Market**: one lot of two cubes of the same colour, and one lot of a single cube of \
that colour."""
            ),
            N_(
                """\
Which colours a location offers you see only while you are inside it (unless the host reveals \
every location's lots to everyone): finding out more is part of the game. The same lots come \
back every round, with new cubes."""
            ),
            N_(
                """\
You may bid on as many lots as you like: a whole number of dollars, at least $1, per lot. All \
your bids together may not be more than the cash you hold; Dealer refuses a bid that would \
be, and tells you ("You bid $60 in total but hold $45."). Bidding $0 on a lot takes back your \
bid on it."""
            ),
            N_(
                """\
When the phase closes, **everyone pays all their bids, win or lose**. Each lot goes to the \
**highest amount that exactly one player bid**; amounts bid by two or more players are \
skipped.
- 30 (Ann), 30 (Bob), 20 (Cy) → Cy wins for 20.
- 30, 30, 20, 20 → nobody wins and the lot is discarded, as is a lot nobody bid on."""
            ),
            N_(
                """\
Only the players of that location are told every bid on its lots and who won what."""
            ),
        ),
    ),
    (
        N_("Money: the $10 rule, garnets and gifts"),
        (
            N_(
                """\
**The $10 rule.** If you held $0 when a phase opened and bid only $0 (or nothing) in it, you \
receive $10 when the next phase opens. It counts even if someone gave you money during the \
phase, as long as you bid nothing. Nothing is paid after the last phase."""
            ),
            N_(
                """\
**Garnets.** At any time until the match ends you may turn one garnet from your season \
balance into $10 in this match (`/garnet-trade`). Only you learn of it, and it cannot be \
undone. A match started while the server has an open season is dealt each player's garnets \
from the season's ledger, and a trade takes the garnet off the ledger at once; in a match \
outside any season nobody holds garnets."""
            ),
            N_(
                """\
**Gifts.** At any time until the match ends you may give another player of the match any \
whole number of dollars (`/give`), at least $1 and at most the cash you hold that is not \
already promised to your standing bids. Cubes cannot be given. Only the two of you learn of \
it."""
            ),
        ),
    ),
    (
        N_("Hands, places and prizes"),
        (
            N_(
                """\
At the end, each player's whole collection of cubes is ranked as the best of these hands:
1. **Rainbow**: at least one cube of every colour in play;
2. **Four of a Kind**: at least 4 cubes of one colour;
3. **Three of a Kind**: at least 3 cubes of one colour;
4. **Two Pair**: at least 2 cubes of each of two colours;
5. **One Pair**: at least 2 cubes of one colour;
6. **Nothing**."""
            ),
            N_(
                """\
Equal hands are ordered colour by colour — more red cubes, then more yellow, then more green \
(then blue and purple, when in play) — and then by more cash. Players still equal share the \
place, and the next player's place counts them all (1, 1, 3)."""
            ),
            N_(
                """\
**Prizes**
- The player(s) in first place win 3 tokens of life and 3 garnets, whatever their hand.
- Every other player with Three of a Kind or better wins 2 garnets; with Two Pair, 1 garnet.
- The player(s) in last place become the next elimination candidates. When everyone shares \
one place, everyone wins the first prize and nobody is a candidate.
- If every player ends with at least four cubes, the season's prize pool grows by $10."""
            ),
            N_(
                """\
At the end, everyone's hand, cubes, cash and place are announced in the channel."""
            ),
        ),
    ),
    (
        N_("Who sees what, and when"),
        (
            N_(
                """\
- **Your cash and cubes:** only you, until the end; then everyone, with hands and places.
- **Your garnets, garnet trades and $10s:** only you, always.
- **That a player has sent a sealed bid** (never what): everyone, while the phase is open.
- **Access bids, and who entered where:** everyone, when the Access phase closes.
- **Lot bids and who won each lot:** the players of that location, when the Auction phase \
closes; everyone else sees the cubes only, at the end.
- **A location's lots:** its players, while inside (everyone, if the host reveals them).
- **A gift:** the giver and the receiver only."""
            ),
            N_(
                """\
The host sees what everyone sees, plus, once a phase has closed, every sealed bid of it."""
            ),
            N_(
                """\
**Removed players.** The host may remove a player; everyone is told at once. Their standing \
bids of the phase count as never made (and are not paid); they make no more moves, get no \
$10, are not ranked, and do not count for the prize pool's four cubes. You may also concede \
at any moment with `/match forfeit` (it asks first): you leave the match the same way, \
keeping what you hold. The last player left cannot concede; the host ends the match."""
            ),
        ),
    ),
)
