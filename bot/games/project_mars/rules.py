"""Project Mars's rules as players read them: what `/help game:project-mars` pages in
Discord (with the ready decks, made from `games.project_mars.decks.READY_DECKS`), and what
docs/rules/project-mars.md links to for the game in plain words and the cards (that page
keeps the reference: the rulings PM-1 to PM-10 and PM-D1 to PM-D22 this text follows, who
sees what, the moves, the options and the refusal codes). Discord's markdown: a `## ` line
starts a section (`GameTexts.rules`); no tables and no links, which Discord does not show."""

from bot.games.base import SECTION
from bot.i18n import N_

#: The rules, a message id a line (a section's title after `SECTION`, an empty line kept
#: as it is): `rules_text` translates them line by line.
RULES: tuple[str, ...] = (
    SECTION + N_("The game"),
    N_(
        "A card game for two players. Each of you commands a colonial faction on Mars: you "
        "play cards on your field, lay traps on your opponent's, win lanes and count your "
        "power. Best of three rounds."
    ),
    "",
    N_("**Words**"),
    N_(
        "- **PWR**: a card's power, printed on it. **TPR**: a player's total power, counted "
        "only when the round is resolved."
    ),
    N_(
        "- **Field**: your 8 slots, 2 rows of 4. The top row is the **attack row**, the bottom "
        "row the **defence row**."
    ),
    N_(
        "- **Lane**: a column. Column 2 of your field faces column 2 of your opponent's: that "
        "is lane 2. Your opponent's cards in the same column as your card are its **enemy "
        "column**."
    ),
    N_("- **Junkyard**: where your destroyed, discarded and used cards go, one per player."),
    N_(
        "- **Utility area**: where utility cards are played; they act at once, then go to the "
        "junkyard."
    ),
    N_("- **Back hand**: the cards left in your hand when a round ends."),
    "",
    N_(
        "**Decks.** Each player brings a deck of exactly **30 cards**, with at most **3 "
        "utility cards** and as many copies of a card as you like. Pick one of the ready decks "
        "(the last pages), or give your own list of 30 card names: names are matched without "
        "caring about upper or lower case, spaces or hyphens, and an entry may carry a count "
        "(`3x Scout`, `3 Scout` or `Scout x3`). A wrong list is refused with the reason. "
        "Whoever has no deck yet chooses one, in secret, when the match starts; if the time "
        "runs out, they get Vanguard."
    ),
    "",
    SECTION + N_("A round"),
    N_(
        "**1. Hands.** Each player draws 10 random cards from their deck. In rounds 2 and 3 "
        "you first choose which back-hand cards to keep (any of them, none, or all); you then "
        "draw from the deck up to 10, and the back-hand cards you did not keep go to the "
        "junkyard."
    ),
    "",
    N_(
        "**2. Mulligan.** Once per round, at its start, each player may trade in up to 3 hand "
        "cards for as many random cards from their deck (the new cards are drawn before the "
        "old ones go back, so a traded card never comes straight back). Both players sort "
        "their back hand and mulligan at the same time."
    ),
    "",
    N_(
        "**3. Turns.** The first player of round 1 is drawn at random; after that, the loser "
        "of a round starts the next one, and after a drawn round the player who did not start "
        "it. Turns alternate. On your turn you play **one card** or **pass**. A pass is not "
        "final: if your opponent then plays, you may play again. When both players have passed "
        "in succession, or both hands are empty, the round is resolved. A player with no cards "
        "left passes by themself and the other keeps playing; a player who holds cards but can "
        "play none must still pass."
    ),
    "",
    N_(
        "**4. Resolution.** First the lanes: in each column, the player whose cards have more "
        "total PWR wins that lane, worth +1 TPR; equal PWR wins it for nobody. A player with "
        "**two cards** in a column facing an **empty** column wins that lane by default, "
        'whatever their PWR ("play on your lane or the opponent wins it"). Then each player\'s '
        "TPR is counted: the PWR of all their cards on their field, plus their lanes, plus the "
        "TPR bonuses of their cards (Sentinel, Medic, Infantry, Outpost). The higher TPR wins "
        "the round; equal TPR is a draw."
    ),
    "",
    N_(
        "**5. End of the round.** Every card on the fields goes to its owner's junkyard "
        "(face-down traps are turned face up first, for everyone to see); each hand becomes "
        "its back hand."
    ),
    "",
    SECTION + N_("Playing a card"),
    N_(
        "A card goes on **any empty slot of your field**, in either row. Its PWR counts "
        "wherever it is, but its effect works only in its own row: an **offense** card's "
        "effect in the attack row, a **guardian** card's effect in the defence row."
    ),
    "",
    N_(
        "A **trap** (Landmine, Stealth Op, Spy) is played **face down on an empty slot of your "
        "opponent's field**, either row. Your opponent sees that the slot holds a face-down "
        "card, not which one. They may play one of their cards onto that slot: the trap then "
        "triggers on that card and goes to its owner's junkyard, unless its effect sends it "
        "back to its owner's field. A face-down trap has no PWR and is nobody's card in its "
        "column."
    ),
    "",
    N_(
        "A **utility** card goes to the utility area, acts at once and goes to the junkyard. "
        "Each player may play **one utility card per round**."
    ),
    "",
    N_(
        "**Reveal** means: the card is shown face up to your opponent and to everyone "
        "watching, and stays shown until it leaves your hand or the round ends. When a "
        "revealed card leaves your hand without being shown (set as a trap, traded away, "
        "discarded), everyone is told that it left; the menus warn you first."
    ),
    "",
    N_(
        "When a card you play needs a choice (a target, a vehicle, a card to trade), Dealer "
        "asks you right after you play it. When the choice belongs to your opponent (Spy, "
        "Stealth Op), Dealer asks them. A choice with a single possible answer that both of "
        "you can see is made for you. An effect with nothing to act on does nothing."
    ),
    "",
    SECTION + N_("Winning and deadlines"),
    N_(
        "The first player to win two rounds wins the match; a drawn round counts for nobody. "
        "If round 1 was won and round 2 is drawn, the round-1 winner wins the match. Otherwise "
        "a third round is played and decides: its winner wins the match; if it is drawn, the "
        "match is a draw, even if one of you won round 2 after a drawn round 1."
    ),
    "",
    N_(
        "Every turn and every decision has a deadline. When it passes, the default is taken: a "
        "pass on a turn, keeping your hand (and your whole back hand) at a round's start, "
        "Vanguard for a deck, a decision's first option. If the host removes a player, or a "
        "player concedes with `/match forfeit` (at any moment, their turn or not), the other "
        "wins the match at once."
    ),
    "",
    SECTION + N_("Cards: attack / offense"),
    N_(
        "27 cards: 14 offense, 8 guardian, 5 utility. Offense cards work in the attack row. "
        "The subtypes (ARTIFICIAL, BUILDING, UNIT, VEHICLE, GHOST, SUPPORT) are exactly as "
        'printed. "The field" on a card means both players\' fields, "your field" only yours. '
        "Unless it says otherwise, an effect happens when the card is played."
    ),
    "",
    N_(
        "**Scout** (2 PWR, ARTIFICIAL). When played, one random card of your opponent's hand "
        "is revealed, chosen among the cards not already revealed."
    ),
    "",
    N_(
        "**Drone** (1 PWR, ARTIFICIAL). When played, X random cards of your opponent's hand "
        "are revealed (among those not yet revealed), X being the number of your opponent's "
        "cards in the Drone's column at that moment. Face-down traps do not count."
    ),
    "",
    N_(
        "**Android** (1 PWR, ARTIFICIAL). Played in the attack row onto a slot of your field "
        "that holds an enemy trap, it destroys the trap without triggering it (the trap is "
        "shown to everyone on its way to its owner's junkyard). In the defence row it triggers "
        "the trap like any card."
    ),
    "",
    N_(
        "**Cyber Soldier** (1 PWR, ARTIFICIAL). Counts as an infantry card, in either row and "
        "even when disabled: for Infantry's bonus and as a target of Artillery Cannon."
    ),
    "",
    N_(
        "**Sentinel** (0 PWR, ARTIFICIAL). At resolution, +6 TPR if another Sentinel of yours "
        "is in the same column (the other slot of that column). Only the attack-row Sentinel's "
        "effect works, so a pair gives +6 once. A disabled Sentinel gives nothing, though it "
        "still is the other Sentinel for its partner."
    ),
    "",
    N_(
        "**Landmine** (trap, 0 PWR, GHOST). When your opponent plays a card onto it: a UNIT "
        "card is destroyed; a BUILDING card stays but its PWR is 0 for the round; any other "
        "card is unharmed."
    ),
    "",
    N_(
        "**Stealth Op** (trap, 2 PWR, GHOST). When your opponent plays a card onto it, "
        "**they** choose: reveal a card of their choice from their hand (one not already "
        "revealed), or send the Stealth Op back to your field, face up, where its 2 PWR counts "
        "for you. If every card of their hand is already revealed, or their hand is empty, it "
        "goes back to your field. Under Toxic Gas it goes to the junkyard and nothing is "
        "revealed."
    ),
    "",
    N_("**Humvee** (2 PWR, VEHICLE). Counts as an infantry card, in either row."),
    "",
    N_("**Medic** (0 PWR, UNIT/SUPPORT). At resolution, +4 TPR in the attack row. Medics add up."),
    "",
    N_(
        "**Artillery Cannon** (1 PWR). When played in the attack row, destroys every infantry "
        "card (Infantry, Cyber Soldier, Humvee) on your opponent's field, in any column."
    ),
    "",
    N_(
        "**Siege Vehicle** (2 PWR). When played in the attack row, you pick a VEHICLE card on "
        "your own field (in practice a Humvee: Siege Vehicle itself is no vehicle); at "
        "resolution that vehicle gets +2 PWR if both cards are still on the field. Two Siege "
        "Vehicles may boost the same vehicle."
    ),
    "",
    N_(
        "**Infantry** (2 PWR, UNIT). At resolution, in the attack row: +1 TPR per infantry "
        "card on the field — both fields, Cyber Soldiers and Humvees included. Only one "
        "Infantry counts: two do not double it."
    ),
    "",
    N_(
        "**Strike Team** (2 PWR, UNIT). When played in the attack row, you pick an enemy UNIT "
        "card anywhere on your opponent's field not already brought to 0; its PWR is 0 for the "
        "rest of the round, and no bonus raises it."
    ),
    "",
    N_(
        "**Spy** (trap, 2 PWR). When your opponent plays a card onto it, **they** choose: the "
        "card they placed is destroyed if its printed PWR is 2 or less (with more, nothing "
        "happens), or the Spy goes back to your field, face up, where its 2 PWR counts for "
        "you. If the card is destroyed, its own effect does not happen."
    ),
    "",
    SECTION + N_("Cards: defence / guardian"),
    N_("Guardian cards work in the defence row."),
    "",
    N_("**Outpost** (3 PWR, BUILDING). At resolution, +2 TPR in the defence row."),
    "",
    N_(
        "**Defense System** (1 PWR, BUILDING). At resolution, in the defence row, disables one "
        "ARTIFICIAL card in the enemy column: PWR 0, effect nullified. It is chosen at "
        "resolution, not when played, so it also catches a card played later: the attack-row "
        "card if there is one, else the defence-row one."
    ),
    "",
    N_(
        "**Research Station** (1 PWR, BUILDING). When played in the defence row, you may trade "
        "a card of your hand for a utility card of your choice from your deck; the traded card "
        "goes into your deck. Both choices are private, and Dealer asks both even when your "
        "deck holds no utility card any more (then you keep your card), so your opponent "
        "learns nothing of your deck."
    ),
    "",
    N_(
        "**Cybernetics Lab** (0 PWR, BUILDING). At resolution, in the defence row, every "
        "ARTIFICIAL card on your field printed with 1 PWR (Drone, Android, Cyber Soldier) gets "
        "+1 PWR. Labs do not add up."
    ),
    "",
    N_(
        "**Comms Station** (0 PWR, BUILDING). At resolution, in the defence row, your cards "
        "just left and right of it in the same row get +2 PWR. A card benefits from one Comms "
        "Station only, and a Comms Station never gets a PWR bonus."
    ),
    "",
    N_(
        "**Ballistic Missiles** (1 PWR, SUPPORT). When played in the defence row, destroys a "
        "BUILDING card in the enemy column; you pick when there are two."
    ),
    "",
    N_("**Defense Turret** (3 PWR, SUPPORT). No effect: 3 PWR."),
    "",
    N_(
        "**Sniper** (0 PWR, GHOST). When played in the defence row, destroys an enemy UNIT "
        "card in the enemy column; you pick when there are two."
    ),
    "",
    N_(
        "**PWR set to 0** (Landmine, Strike Team) lasts until the round ends and touches PWR "
        "only: a zeroed Outpost still adds +2 TPR, a zeroed Medic +4. Only a disable nullifies "
        "an effect."
    ),
    "",
    SECTION + N_("Cards: utility"),
    N_("One utility card per player per round."),
    "",
    N_(
        "**EMP Bomb** (utility). Every face-up ARTIFICIAL card on both fields is disabled for "
        "the rest of the round: PWR 0, effects nullified; the cards stay on the field. Cards "
        "played later are not affected."
    ),
    "",
    N_(
        "**Top Secret Information** (utility). Every GHOST card and every trap card on both "
        "fields, face up or face down, is destroyed (sent to its owner's junkyard, shown to "
        "everyone)."
    ),
    "",
    N_(
        "**Favorable Conditions** (utility). Every face-up UNIT card on both fields gets +2 "
        "PWR for the rest of the round. Cards played later do not."
    ),
    "",
    N_(
        "**Toxic Gas** (utility). Every face-up UNIT card on both fields is destroyed, and "
        "until the round ends no card of either hand can be revealed (Scout, Drone and Stealth "
        "Op reveal nothing); cards already revealed stay revealed."
    ),
    "",
    N_(
        "**Sinkhole** (utility). Discard any number of hand cards to destroy as many enemy "
        "BUILDING cards: you pick a building, then the card to discard for it, again and again "
        "until you stop. Which cards you discard is private; how many is not."
    ),
    "",
    SECTION + N_("Who sees what"),
    N_("- **Your deck** (which one, what is left in it): only you."),
    N_("- **How many cards** are in each hand, deck, back hand and junkyard: everyone."),
    N_(
        "- **Your hand:** only you, except the revealed cards, which everyone sees until they "
        "leave your hand or the round ends."
    ),
    N_(
        "- **Which cards you trade in, keep or discard to Sinkhole:** only you; everyone sees "
        "how many."
    ),
    N_(
        "- **Your trap on your opponent's field:** face up to you, a face-down card to "
        "everyone else, until it is triggered, destroyed or the round ends."
    ),
    N_("- **Face-up cards, their PWR, every count at resolution:** everyone."),
    "",
    N_("The host sees what everyone sees: no hand during a match."),
    "",
)
