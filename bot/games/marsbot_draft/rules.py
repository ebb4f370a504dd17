"""The MARSBOT draft's rules as players read them: what `/help game:marsbot-draft` pages in
Discord (docs/rules/marsbot-draft.md keeps the reference: the rulings A1 to A15 and MB-D1 to
MB-D10, the priorities by corporation number, the options and the refusal codes). Discord's
markdown: a `## ` line starts a section (`GameTexts.rules`); no tables and no links."""

from bot.i18n import N_

#: The rules by section: its title and its paragraphs, each a message id.
RULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        N_("What the bot does"),
        (
            N_(
                """\
MARSBOT, the Terraforming Mars automa, drafts from generation 2 on by its corporation's \
**draft priority**: it takes the card of its pile that best matches the priority, and after \
four rounds discards at most one card that matches nothing. Dealer works out each pick, the \
discard and the action deck, and says why in one line ("Celestic: Venus 1 > Jovian 0; tied \
with Io Mining Industries, drawn at random")."""
            ),
        ),
    ),
    (
        N_("At the table"),
        (
            N_(
                """\
You play the physical game; the bot is MARSBOT's drafting hand. Start with `/marsbot start \
corporation:<c>` (or leave the corporation out to draw one, with `own_corporation` to leave \
yours out). Each round, type MARSBOT's pile with `/marsbot pick cards:A; B; C; D` (4 cards, \
then 3, 2 and 1): the bot answers with the card MARSBOT takes and why. With `own_first:True`, \
first name the card you take from your own pile with `/marsbot take card:<your card>`, so \
that MARSBOT's pick is shown only after yours. After four rounds, `/marsbot discard` and \
`/marsbot deck` give MARSBOT's discard and its action deck in order."""
            ),
        ),
    ),
    (
        N_("Whole draft"),
        (
            N_(
                """\
`/match create marsbot-draft` deals two piles of four project cards from the sets chosen \
(`sets`: by default the base game, Corporate Era and Prelude; `venus` adds Venus Next). Take \
a card of yours with the menu of your 1-on-1; MARSBOT picks from its pile; the piles swap; \
four rounds. Then MARSBOT discards, its action deck is shuffled, and you choose which of your \
four cards to buy (3 M€ each), or **Buy none**."""
            ),
        ),
    ),
    (
        N_("Cards"),
        (
            N_(
                """\
Name a card as you like to type it: a catalogue card by its name, in any case, without its \
accents or punctuation (names autocomplete). A card of another expansion is written out as \
`name:cost:tag+tag` (`Venus Governor:4:venus+venus`). An event card counts its event tag; a \
wild tag never counts."""
            ),
        ),
    ),
    (
        N_("The pick"),
        (
            N_(
                """\
A card's **key** under a tag priority is its number of tags of each level, compared level by \
level: the first level decides, then the second on a tie (one Venus tag beats two Jovian tags \
for Celestic). MARSBOT takes the card with the best key; among cards tied on it, one drawn at \
random, and the answer names the cards it was drawn among. CrediCor takes the most expensive \
card, Spire the card with the most tags, Aridor a card for its least advanced track."""
            ),
        ),
    ),
    (
        N_("The discard and the action deck"),
        (
            N_(
                """\
After four rounds MARSBOT discards **at most one** card: one that matches nothing in its \
priority (drawn at random if there are several), none when every card matches. CrediCor keeps \
its most expensive card; Spire discards one with the fewest tags. On Brutal difficulty \
MARSBOT keeps all four, and with 5 floaters or more (give their number as `floaters` when you \
start) it spends 5 to keep its fourth card. Its action deck is its cards after the discard \
and one bonus card, shuffled: the bot shows where the bonus card goes; draw it from your \
bonus deck and put it there."""
            ),
        ),
    ),
    (
        N_("Stopping"),
        (
            N_(
                """\
`/match forfeit` ends your draft where it stands; `/match close-phase` takes the default (in \
a whole draft, the first card of your pile, or buying nothing). A draft has no winner: your \
stats count it apart, as a draft played, and it is on no leaderboard."""
            ),
        ),
    ),
)
