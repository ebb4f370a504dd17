"""The Mars Auction in Discord: what each event, 1-on-1 and status says, and which images go
with them (RULINGS.md §2, docs/rules/mars-auction.md; the engine's views and events are
models: `games/mars_auction/views.py`, `events.py`, and docs/records.md).

Every move is told on the channel's one board message (the live status message): what
happened (the bot's `board_shown` event marks where it goes, and says what the player to move
may do), whose turn it is now with its deadline, and the display as it stands
(`status_board`, drawn from the public view the status words come from), with the controls of
the player to move. A settled auction gets what
each player holds and paid (`settlement`, made from the public view after the move and its
events). Budgets, the M€ a player has left and choices not yet revealed appear only in that
player's own texts (MA-D3). Engine sentences that name players carry player ids; `named`
turns them into the names people see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

from bot.games.base import Envelope, Names, TypedTexts, named, rules_text, text
from bot.games.mars_auction.rules import RULES
from bot.i18n import N_, _, ngettext
from games.core.contract import Action, Amount, Answer, Pick
from games.core.drawing.board import Board
from games.core.drawing.words import listed as listing
from games.core.events import GameEvent, PlayerForfeited, PlayerKicked, event_models
from games.mars_auction.events import (
    AuctionSettled,
    BidRaised,
    BudgetReceived,
    BudgetStated,
    CardAwarded,
    CardDiscarded,
    CardDrawn,
    ChoiceMade,
    ChoiceReceived,
    CorporationsChosen,
    DealtCard,
    DefaultsApplied,
    DisplayDealt,
    Holdings,
    LotOpened,
    LotReceipt,
    LotRestarted,
    MarkersPlaced,
    MarkersReceipt,
    MarsAuctionEnded,
    MarsAuctionEvent,
    MatchStarted,
    Part,
    Passed,
    PreludesChosen,
    PriceWarning,
    ProjectsBought,
    StarterPassed,
    StepOpened,
)
from games.mars_auction.model import (
    KEEP,
    MAX_ON_CARD,
    MAX_PER_ROUND,
    MOVES,
    Budget,
    Buy,
    Keep,
    Kind,
    Options,
    Place,
    Raise,
    Research,
    Start,
)
from games.mars_auction.render import display_board, settlement_board
from games.mars_auction.render_words import card_at
from games.mars_auction.views import (
    CardView,
    OwnSeat,
    PlayerView,
    PublicView,
    SeatView,
    SettledSeat,
    Settlement,
)
from games.tm_catalogue import numbered
from games.tm_catalogue.sets import sets_title

#: How many candidates of a draw are named before the rest are counted.
CANDIDATES_NAMED = 40


class ShownCard(Part):
    """A card markers went on, by its display number and name."""

    number: int
    name: str


class BoardShown(GameEvent):
    """The bot's own event: the display after the move's last `phase_opened` (unless it
    waits for the host), drawn from the public view after it; it also says what the player
    to move may do."""

    type: Literal["board_shown"] = "board_shown"
    view: PublicView


class MarkersShown(GameEvent):
    """The bot's own event after `markers_placed`: the names of the cards markers went on."""

    type: Literal["markers_shown"] = "markers_shown"
    player: str
    cards: list[ShownCard]


class OpenerShown(GameEvent):
    """The bot's own event once a research auction's budgets are in, before its first card or
    turn: who opens its bidding (L17: the bidding opens a move after the auction's display,
    which said why)."""

    type: Literal["opener_shown"] = "opener_shown"
    player: str
    generation: int


class SettlementShown(GameEvent):
    """The bot's own event after `auction_settled`: per player what they hold, paid in all
    and in this auction, what they bought in it and whether they had left."""

    type: Literal["settlement"] = "settlement"
    auction: Start
    generation: int
    players: dict[str, SettledSeat]

    def settlement(self) -> Settlement:
        return Settlement(auction=self.auction, generation=self.generation, players=self.players)


#: What the texts read: the engine's events and the bot's own.
Told = MarsAuctionEvent | BoardShown | MarkersShown | OpenerShown | SettlementShown


def card_name(card: CardView | ShownCard) -> str:
    """ "**3 · Arctic Algae (023)**": a card on display, by its display number, then the card
    with its printed number."""
    return f"**{card.number} · {numbered(card.name)}**"


def card_named(name: str) -> str:
    """ "**Arctic Algae (023)**": a card by its name, with its printed number (a host's own
    card by its name alone), as every text names one."""
    return f"**{numbered(name)}**"


def lot_card(number: int, card: str | None) -> str:
    """The card of a bid or a pass (unlimited), by its number and name: research displays
    are numbered from 1 again, so a number alone would name two cards in one channel. Events
    an earlier version left in the outbox carry the number alone."""
    if card is None:
        return _("card {number}").format(number=number)
    return card_name(ShownCard(number=number, name=card))


def cards_listed(names: Sequence[str]) -> str:
    return listing([card_named(n) for n in names]) or _("none")


def capital(text: str) -> str:
    """A text begun with a capital letter, as a sentence begins."""
    return text[:1].upper() + text[1:]


#: The variants, as texts name them (`Options.variant`).
VARIANTS = {"limited": N_("limited variant"), "unlimited": N_("unlimited variant")}
#: The kinds of cards, as a display's lines head them.
KIND_LINES: dict[Kind, str] = {
    "company": N_("Companies: {cards}."),
    "prelude": N_("Preludes: {cards}."),
    "project": N_("Projects: {cards}."),
}
#: The most projects the status message (`status`, one message, with the last move's words
#: above it) lists by name, all players' together: past it, each player's by count alone
#: (the settlements list them). A count, not a length, so that every language says the same.
PROJECTS_LISTED = 16
#: The most cards a line of a dealt display lists (`display_dealt`): about 800 characters,
#: whatever a translation adds, well inside a message's 2,000.
CARDS_A_LINE = 20
#: Why a research auction's first player is theirs, by `DisplayDealt.chosen` ("next" is
#: `first_before`'s).
CHOSEN = {
    "host": N_("named by the host"),
    "marker": N_("the holder of the starting player marker (the record names no first player)"),
}


def first_before(player: str | None, generation: int, names: Names) -> str:
    """L17: why a research auction's first player is theirs by default: "the next player
    after ann, the setup's first player" (`player`, generation `generation`'s first player,
    0 the setup's); with none before, the match's first player."""
    if player is None:
        return _("the match's first player")
    if generation == 0:
        said = _("the next player after {player}, the setup's first player")
    else:
        said = _("the next player after {player}, generation {generation}'s first player")
    return said.format(player=names(player), generation=generation)


def opener_words(event: DisplayDealt, names: Names) -> str:
    """L17, MA-D11: who opens a research auction, and why: the generation's first player, not
    whoever the starting player marker has reached. Events an earlier version left in the
    outbox do not say why."""
    first = names(event.first_player)
    generation = event.generation
    if event.chosen is None:
        return _("{first} is generation {generation}'s first player and opens its auction.").format(
            first=first, generation=generation
        )
    why = (
        first_before(event.after, generation - 1, names)
        if event.chosen == "next"
        else _(CHOSEN[event.chosen])
    )
    return _(
        "{first} is generation {generation}'s first player and opens its auction: {why}. A "
        "research auction is opened by the generation's first player, not by whoever the "
        "starting player marker has reached."
    ).format(first=first, generation=generation, why=why)


def auction_of(auction: Start, generation: int) -> str:
    """ "the setup auction", "generation 2's research auction": the auction an event is of."""
    if auction == "setup":
        return _("the setup auction")
    return _("generation {generation}'s research auction").format(generation=generation)


def auction_title(view: PublicView) -> str:
    """ "Setup auction, round 2 of 3", "Generation 3's research auction"; before the first
    research auction of a match that starts with them (generation 0), "Research auctions"."""
    if view.auction == "setup":
        if view.variant == "limited":
            return _("Setup auction, round {round} of 3").format(round=view.round)
        return _("Setup auction")
    if not view.generation:
        return _("Research auctions")
    return _("Generation {generation}'s research auction").format(generation=view.generation)


def facts(card: DealtCard) -> str:
    """What a card costs to play, or what a corporation starts with: "12 M€", "starts with
    47 M€"; nothing for a prelude."""
    if card.starting_mc is not None:
        return _("starts with {amount} M€").format(amount=card.starting_mc)
    if card.cost is not None:
        return f"{card.cost} M€"
    return ""


def holdings(entry: Holdings | SeatView, *, counted: bool = False) -> str:
    """ "Helion (R18); preludes Loan (P17) and Biolab (P04); 3 projects (A, B and C)": each
    card with its printed number; `counted`, the projects by their count alone."""
    held = entry.corporation
    preludes = [numbered(p) for p in entry.preludes]
    projects = [numbered(p) for p in entry.projects]
    parts = [card_named(held) if held else _("no corporation yet")]
    if preludes:
        parts.append(_("preludes {cards}").format(cards=listing(preludes)))
    count = ngettext("{count} project", "{count} projects", len(projects)).format(
        count=len(projects)
    )
    parts.append(f"{count} ({listing(projects)})" if projects and not counted else count)
    return "; ".join(parts)


def held_and_paid(
    player: str, entry: Holdings | SeatView, names: Names, *, left: bool, counted: bool = False
) -> str:
    """A player's line of a settlement or the status: what they hold and have paid (their
    projects by count alone, `counted`)."""
    said = (
        _("{player} (left): {holdings}; {paid} M€ paid.")
        if left
        else _("{player}: {holdings}; {paid} M€ paid.")
    )
    return said.format(
        player=names(player), holdings=holdings(entry, counted=counted), paid=entry.paid
    )


def kept_kind(kind: Kind | None) -> Kind:
    """The kind a keep step keeps: preludes, else companies."""
    return "prelude" if kind == "prelude" else "company"


#: A keep step for its players, by the kind kept (`KEEP` of it, in the text).
KEEPING_YOU = {
    "company": N_(
        "**Keeping companies**: you won more than a player keeps ({count} company); choose "
        "below. The choices are revealed together."
    ),
    "prelude": N_(
        "**Keeping preludes**: you won more than a player keeps ({count} preludes); choose "
        "below. The choices are revealed together."
    ),
}
#: The keep step in the channel, by the kind kept: one player, several.
KEEPING = {
    "company": (
        N_(
            "**Keeping companies**: {players} won more than a player keeps ({count} company), "
            "and chooses in their 1-on-1. The choices are revealed together."
        ),
        N_(
            "**Keeping companies**: {players} won more than a player keeps ({count} company), "
            "and choose in their 1-on-1. The choices are revealed together."
        ),
    ),
    "prelude": (
        N_(
            "**Keeping preludes**: {players} won more than a player keeps ({count} preludes), "
            "and chooses in their 1-on-1. The choices are revealed together."
        ),
        N_(
            "**Keeping preludes**: {players} won more than a player keeps ({count} preludes), "
            "and choose in their 1-on-1. The choices are revealed together."
        ),
    ),
}
#: A card drawn for a player who won fewer than they keep, by its kind.
DRAWN = {
    "company": N_(
        "🎲 {player} won fewer companies than they keep: they draw {card} at random, free, "
        "from {candidates}."
    ),
    "prelude": N_(
        "🎲 {player} won fewer preludes than they keep: they draw {card} at random, free, "
        "from {candidates}."
    ),
    "project": N_(
        "🎲 {player} won fewer projects than they keep: they draw {card} at random, free, "
        "from {candidates}."
    ),
}
#: MA-D5's defaults, by step: one player late, several.
DEFAULTS = {
    "budget": (
        N_(
            "⏰ Time is up for {players}, who keeps as their budget the M€ they had left, by "
            "Dealer's count (0 if none)."
        ),
        N_(
            "⏰ Time is up for {players}, who keep as their budget the M€ they had left, by "
            "Dealer's count (0 if none)."
        ),
    ),
    "keep": (
        N_(
            "⏰ Time is up for {players}, who keeps the first cards they won, in display order, "
            "as many as a player keeps, and discards the rest."
        ),
        N_(
            "⏰ Time is up for {players}, who keep the first cards they won, in display order, "
            "as many as a player keeps, and discard the rest."
        ),
    ),
    "buy": (
        N_(
            "⏰ Time is up for {players}, who buys none of the projects they won: those are "
            "discarded."
        ),
        N_(
            "⏰ Time is up for {players}, who buy none of the projects they won: those are "
            "discarded."
        ),
    ),
}


class MarsAuctionTexts(TypedTexts[PublicView, Told]):
    game = "mars-auction"
    title = "Mars Auction"
    move_kinds: ClassVar[Mapping[str, str]] = {
        "budget": N_("budget"),
        "place": N_("place"),
        "pass": N_("pass"),
        "raise": N_("raise"),
        "keep": N_("keep"),
        "buy": N_("buy"),
        "research": N_("research"),
        "end": N_("end"),
    }
    played_as = (N_("auction"), N_("auctions"))
    money = ("M€", "25 or 25 M€")
    #: The one step without a clock: the wait for the host's next research auction.
    untimed = N_("No clock: the match waits for the host's `/mars research` or `/mars end`.")
    forfeit = N_(
        "You leave the auction as a removed player does: your markers come off the cards not "
        "yet evaluated, your bid on the card up for auction is void, and what you won but "
        "have not kept or bought is discarded; what you hold stays yours in the result."
    )
    event_types = (
        *event_models(MarsAuctionEvent),
        BoardShown,
        MarkersShown,
        OpenerShown,
        SettlementShown,
    )
    board_events: ClassVar[frozenset[str]] = frozenset({"settlement", "match_ended"})
    #: The display is on the channel's board message; a 1-on-1 carries no card.
    draws_cards: ClassVar[bool] = False
    #: An auction settled: each player gets their own settlement (`results`).
    phase_closing_events: ClassVar[frozenset[str]] = frozenset({"auction_settled"})
    commands: ClassVar[frozenset[str]] = frozenset({"mars budget"})
    announces: ClassVar[frozenset[str]] = frozenset({"phase_opened"})
    public_view = PublicView
    combine_messages = True
    live_board_events: ClassVar[frozenset[str]] = frozenset({"board_shown"})
    record_withheld = N_(
        "its seed deals the research displays still to come, and its moves hold every budget"
    )

    # -- events ----------------------------------------------------------------------------

    def describe(self, event: Envelope, names: Names) -> str | None:
        said = super().describe(event, names)
        return None if said is None else named(said, names)

    def describe_to(self, event: Envelope, reader: str, names: Names) -> str | None:
        """A step that opens for `reader`, as it heads their own 1-on-1 by DM: to them, in the
        second person ("Your turn", "you won more than a player keeps"), where the channel's
        board speaks of them ("ann's turn", "in their 1-on-1")."""
        told = self.read(event)
        if not isinstance(told, StepOpened) or reader not in told.players:
            return self.describe(event, names)
        where = auction_of(told.auction, told.generation)
        if told.step == "bidding":
            return _("**Your turn** in {auction}.").format(auction=where)
        if told.step == "budget":
            return _(
                "**{auction}**: state the M€ you hold for it, privately, with **State your M€** "
                "below or `/mars budget`. Nobody else sees the figure."
            ).format(auction=capital(where))
        if told.step == "keep":
            kind = kept_kind(told.kind)
            return _(KEEPING_YOU[kind]).format(count=KEEP[kind])
        if told.step == "buy":
            return _(
                "**Buying won projects** at 2 M€ each (Terralabs 1): choose below; the projects "
                "you do not buy are discarded, their bids stay paid. The choices are revealed "
                "together."
            )
        return self.describe(event, names)

    @text
    def match_started(self, event: MatchStarted, names: Names) -> str:
        who = listing([f"**{names(p)}**" for p in event.players])
        if event.drawn:
            said = _(
                "**The Mars Auction begins** ({variant}): {players}. {first} holds the starting "
                "player marker (drawn at random)."
            )
        else:
            said = _(
                "**The Mars Auction begins** ({variant}): {players}. {first} holds the starting "
                "player marker (named by the host)."
            )
        start = (
            _("The setup auction comes first.")
            if event.start == "setup"
            else _("The host opens each generation's research auction with `/mars research`.")
        )
        begins = said.format(
            variant=_(VARIANTS[event.variant]), players=who, first=names(event.first_player)
        )
        return " ".join([begins, start, _("How to play: `/help game:mars-auction`.")])

    @text
    def display_dealt(self, event: DisplayDealt, names: Names) -> str:
        cards = event.cards
        if event.auction == "setup":
            head = ngettext(
                "**The setup display** ({count} card):",
                "**The setup display** ({count} cards):",
                len(cards),
            )
        else:
            head = ngettext(
                "**Generation {generation}'s research display** ({count} card):",
                "**Generation {generation}'s research display** ({count} cards):",
                len(cards),
            )
        lines = [head.format(count=len(cards), generation=event.generation)]
        for kind, line in KIND_LINES.items():
            mine = [c for c in cards if c.kind == kind]
            # A long kind goes on over several lines, each whole (`bot.limits.pages` puts
            # the next in the next message where a 5-player setup's cards need two).
            for start in range(0, len(mine), CARDS_A_LINE):
                listed = ", ".join(
                    f"{c.number} {numbered(c.name)}" + (f" ({facts(c)})" if facts(c) else "")
                    for c in mine[start : start + CARDS_A_LINE]
                )
                lines.append(_(line).format(cards=listed))
        if event.auction == "research":
            lines.append(opener_words(event, names))
        return "\n".join(lines)

    @text
    def phase_opened(self, event: StepOpened, names: Names) -> str:
        step = event.step
        waiting = listing([names(p) for p in event.players])
        where = auction_of(event.auction, event.generation)
        if step == "bidding":
            return _("**{players}'s turn** in {auction}.").format(players=waiting, auction=where)
        if step == "budget":
            return _(
                "**{auction}**: everyone states the M€ they hold for it, privately, with **State "
                "your M€** in their 1-on-1 or `/mars budget`. Nobody else sees the figure. "
                "Waiting for {players}."
            ).format(auction=capital(where), players=waiting)
        if step == "keep":
            kind = kept_kind(event.kind)
            one, several = KEEPING[kind]
            said = _(one) if len(event.players) == 1 else _(several)
            return said.format(players=waiting, count=KEEP[kind])
        if step == "buy":
            return _(
                "**Buying won projects** at 2 M€ each (Terralabs 1), in the 1-on-1 of {players}: "
                "the projects not bought are discarded, their bids stay paid. The choices are "
                "revealed together."
            ).format(players=waiting)
        return (
            _(
                "The auction is settled. The host opens the next generation's research auction "
                "with `/mars research`, or ends the match with `/mars end`."
            )
            if event.generation or event.auction == "setup"
            else _(
                "The match waits for the host to open the first research auction with "
                "`/mars research`."
            )
        )

    @text
    def board_shown(self, event: BoardShown, names: Names) -> str | None:
        """What the player to move may do, above the display: the bidding's instructions."""
        view = event.view
        if view.step != "bidding":
            return None
        if view.variant == "limited":
            if view.auction == "setup":
                return _(
                    "Round {round} of 3: pick a card for a marker in the menus below, then none, "
                    "a second one on it or one on another card (or **Card numbers**: `3 7`, "
                    "`3 3`); or **Pass** for the rest of the round."
                ).format(round=view.round)
            return _(
                "Pick a card for a marker in the menus below, then none, a second one on it or "
                "one on another card (or **Card numbers**: `3 7`, `3 3`); or **Pass** for the "
                "rest of the round."
            )
        lot = view.lot
        assert lot is not None
        card = card_at(view, lot.number)
        high = lot.high
        if high is None:
            return _("{card}: no bid yet; **Raise** opens it at 0 M€ or more.").format(
                card=card_name(card)
            )
        return _(
            "{card}: high bid {high} M€ ({player}). **Raise** to {next} M€ or more, or **Pass on "
            "this card**."
        ).format(card=card_name(card), high=high[1], player=names(high[0]), next=high[1] + 1)

    @text
    def opener_shown(self, event: OpenerShown, names: Names) -> str:
        return _(
            "The budgets are in: **{player}**, generation {generation}'s first player, opens the "
            "bidding. A research auction is opened by the generation's first player (the host "
            "names them; by default the next player after the last auction's first player), "
            "not by whoever the starting player marker has reached."
        ).format(player=names(event.player), generation=event.generation)

    @text
    def budget_stated(self, event: BudgetStated, names: Names) -> str:
        if event.by_host:
            said = _(
                "Your budget for this research auction is **{amount} M€**, set by the host "
                "(only you see it)."
            )
        else:
            said = _("Your budget for this research auction: **{amount} M€** (only you see it).")
        return said.format(amount=event.amount)

    @text
    def budget_received(self, event: BudgetReceived, names: Names) -> str:
        return _("{player} has a budget for this auction.").format(player=names(event.player))

    @text
    def markers_shown(self, event: MarkersShown, names: Names) -> str:
        cards = event.cards
        who = f"**{names(event.player)}**"
        if len(cards) == 2 and cards[0].number == cards[1].number:
            return _("{player} puts two markers on {card}.").format(
                player=who, card=card_name(cards[0])
            )
        placed = listing([card_name(c) for c in cards])
        said = (
            _("{player} puts a marker on {cards}.")
            if len(cards) == 1
            else _("{player} puts a marker on each of {cards}.")
        )
        return said.format(player=who, cards=placed)

    @text
    def markers_receipt(self, event: MarkersReceipt, names: Names) -> str:
        numbers = event.cards
        if len(numbers) == 2 and numbers[0] == numbers[1]:
            said = _(
                "You put two markers on card {first}. Your budget has {left} M€ free for more "
                "markers."
            )
        elif len(numbers) == 2:
            said = _(
                "You put markers on cards {first} and {second}. Your budget has {left} M€ free "
                "for more markers."
            )
        else:
            said = _(
                "You put a marker on card {first}. Your budget has {left} M€ free for more markers."
            )
        return said.format(first=numbers[0], second=numbers[-1], left=event.left)

    @text
    def price_warning(self, event: PriceWarning, names: Names) -> str:
        if event.number is not None:
            return _(
                "⚠️ Should you win {card} with this bid, you will have {left} M€ left: less than "
                "the {price} M€ a won project costs to buy, so it will be discarded and your bid "
                "stays paid."
            ).format(card=lot_card(event.number, event.card), left=event.left, price=event.price)
        return _(
            "⚠️ Your markers leave {left} M€ of your budget: less than the {price} M€ a won "
            "project costs to buy."
        ).format(left=event.left, price=event.price)

    @text
    def passed(self, event: Passed, names: Names) -> str:
        if event.number is not None:
            said = (
                _("{player} cannot raise and passes on {card}.")
                if event.auto
                else _("{player} passes on {card}.")
            )
        elif event.auto:
            said = _(
                "{player} passes for the rest of this round (no marker they can put, or time)."
            )
        else:
            said = _("{player} passes for the rest of this round.")
        card = lot_card(event.number, event.card) if event.number is not None else ""
        return said.format(player=names(event.player), card=card)

    @text
    def lot_receipt(self, event: LotReceipt, names: Names) -> str:
        card = lot_card(event.number, event.card)
        if event.amount is None:
            return _("You pass on {card}: final for this card.").format(card=card)
        return _("You bid **{amount} M€** on {card}.").format(amount=event.amount, card=card)

    @text
    def lot_opened(self, event: LotOpened, names: Names) -> str:
        return _("{card} is up for auction; {player} opens the bidding (0 M€ or more).").format(
            card=lot_card(event.number, event.card), player=names(event.opener)
        )

    @text
    def bid_raised(self, event: BidRaised, names: Names) -> str:
        return _("{player} bids **{amount} M€** on {card}.").format(
            player=names(event.player),
            amount=event.amount,
            card=lot_card(event.number, event.card),
        )

    @text
    def card_awarded(self, event: CardAwarded, names: Names) -> str:
        card = lot_card(event.number, event.card)
        winner = event.winner
        if winner is None:
            return _("{card}: no markers, discarded.").format(card=card)
        if event.bids is not None:
            bids = ", ".join(f"{names(p)} {a}" for p, a in event.bids)
            return _("{card} goes to **{winner}** for {paid} M€ (bids: {bids}).").format(
                card=card, winner=names(winner), paid=event.paid, bids=bids
            )
        markers = event.markers
        count = markers.get(winner, 0)
        mine = ngettext("{count} marker", "{count} markers", count).format(count=count)
        back = [
            ngettext(
                "{player} takes {count} marker back", "{player} takes {count} markers back", n
            ).format(player=names(p), count=n)
            for p, n in markers.items()
            if p != winner
        ]
        said = {
            "company": _(
                "{card} goes to **{winner}** with {markers}: a bid of {paid} M€, paid when the "
                "corporation is chosen."
            ),
            "prelude": _(
                "{card} goes to **{winner}** with {markers}: a bid of {paid} M€, paid when "
                "preludes are kept."
            ),
            "project": _("{card} goes to **{winner}** for {paid} M€ ({markers}).")
            if event.paid == count
            else _(
                "{card} goes to **{winner}** for {paid} M€ ({markers}, Terralabs paying 1 less)."
            ),
        }[event.kind]
        awarded = said.format(card=card, winner=names(winner), paid=event.paid, markers=mine)
        # The markers taken back follow the award in its sentence, before its full stop.
        return awarded[:-1] + "".join(f"; {b}" for b in back) + awarded[-1:] if back else awarded

    @text
    def starter_passed(self, event: StarterPassed, names: Names) -> str:
        return _("The starting player marker passes to {player}.").format(
            player=names(event.player)
        )

    @text
    def card_drawn(self, event: CardDrawn, names: Names) -> str:
        candidates = event.candidates
        shown = ", ".join(numbered(c) for c in candidates[:CANDIDATES_NAMED])
        more = len(candidates) - CANDIDATES_NAMED
        if more > 0:
            shown = _("{cards} and {count} more").format(cards=shown, count=more)
        return _(DRAWN[event.kind]).format(
            player=names(event.player), card=card_named(event.card), candidates=shown
        )

    @text
    def choice_made(self, event: ChoiceMade, names: Names) -> str:
        cards = event.cards
        if event.step == "keep":
            return _(
                "You keep {cards}. You may change this until everyone has chosen; then the "
                "choices are revealed together."
            ).format(cards=cards_listed(cards))
        if cards:
            return _("You buy {cards}. You may change this until everyone has chosen.").format(
                cards=cards_listed(cards)
            )
        return _("You buy none of your projects. You may change this until everyone has chosen.")

    @text
    def choice_received(self, event: ChoiceReceived, names: Names) -> str:
        return _("{player} has chosen.").format(player=names(event.player))

    @text
    def corporations_chosen(self, event: CorporationsChosen, names: Names) -> str:
        lines = [_("**Corporations** (company bids are paid once the corporation's M€ are in):")]
        for player, chosen in event.players.items():
            corporation = chosen.corporation
            lines.append(
                _("{player}: {corporation}, pays {paid} M€ for their company bids.").format(
                    player=names(player),
                    corporation=card_named(corporation) if corporation else _("none"),
                    paid=chosen.paid,
                )
            )
        return "\n".join(lines)

    @text
    def preludes_chosen(self, event: PreludesChosen, names: Names) -> str:
        lines = [_("**Preludes kept:**")]
        for player, chosen in event.players.items():
            lines.append(
                _("{player}: {preludes}, pays {paid} M€.").format(
                    player=names(player), preludes=cards_listed(chosen.preludes), paid=chosen.paid
                )
            )
        return "\n".join(lines)

    @text
    def card_discarded(self, event: CardDiscarded, names: Names) -> str:
        return _("{player} discards {card}.").format(
            player=names(event.player), card=card_named(event.card)
        )

    @text
    def projects_bought(self, event: ProjectsBought, names: Names) -> str | None:
        if not event.players:
            return None
        lines = [_("**Projects bought:**")]
        for player, chosen in event.players.items():
            if chosen.bought and chosen.discarded:
                said = _("{player}: buys {bought} for {paid} M€; discards {discarded}.")
            elif chosen.bought:
                said = _("{player}: buys {bought} for {paid} M€.")
            elif chosen.discarded:
                said = _("{player}: buys none; discards {discarded}.")
            else:
                said = _("{player}: buys none.")
            lines.append(
                said.format(
                    player=names(player),
                    bought=cards_listed(chosen.bought),
                    paid=chosen.paid,
                    discarded=cards_listed(chosen.discarded),
                )
            )
        return "\n".join(lines)

    @text
    def auction_settled(self, event: AuctionSettled, names: Names) -> str:
        if event.auction == "setup":
            head = _(
                "**The setup auction is settled.** What each player holds, and has paid in all:"
            )
        else:
            head = _(
                "**Generation {generation}'s research auction is settled.** What each player "
                "holds, and has paid in all:"
            ).format(generation=event.generation)
        lines = [head]
        for player, entry in event.players.items():
            lines.append(held_and_paid(player, entry, names, left=False))
        return "\n".join(lines)

    @text
    def defaults_applied(self, event: DefaultsApplied, names: Names) -> str | None:
        """MA-D5, said of the players the step still waited for, and of them alone: the
        others' budgets and choices stand. The bidding's default follows as its own move
        (a pass, or the opener's bid of 0)."""
        late = event.players
        if not late:
            return None
        who = listing([names(p) for p in late])
        if event.step not in DEFAULTS:
            return _("⏰ Time is up for {players}: the default is taken.").format(players=who)
        one, several = DEFAULTS[event.step]
        return (_(one) if len(late) == 1 else _(several)).format(players=who)

    @text
    def lot_restarted(self, event: LotRestarted, names: Names) -> str:
        return _("{card} starts again: a bidder left the match.").format(
            card=lot_card(event.number, event.card)
        )

    @text
    def player_kicked(self, event: PlayerKicked, names: Names) -> str:
        return _(
            "The host removed {player} from the match: their markers come off the cards not yet "
            "evaluated, and what they won but had not kept or bought is discarded."
        ).format(player=names(event.player))

    @text
    def player_forfeited(self, event: PlayerForfeited, names: Names) -> str:
        return _("{player} has conceded and left the match.").format(player=names(event.player))

    @text
    def match_ended(self, event: MarsAuctionEnded, names: Names) -> str:
        count = event.generations
        if count:
            head = ngettext(
                "🏁 **The Mars Auction is over** after {count} research auction. What each player "
                "holds and paid:",
                "🏁 **The Mars Auction is over** after {count} research auctions. What each "
                "player holds and paid:",
                count,
            ).format(count=count)
        else:
            head = _("🏁 **The Mars Auction is over**. What each player holds and paid:")
        lines = [head]
        for player, entry in event.players.items():
            lines.append(held_and_paid(player, entry, names, left=False))
        return "\n".join(lines)

    # -- the bot's own events ------------------------------------------------------------

    def add_events(
        self, before: PublicView, events: list[dict[str, Any]], after: PublicView
    ) -> list[dict[str, Any]]:
        """The names of the cards markers went on after `markers_placed`; who opens a
        research auction's bidding once the budgets are in, before its first card or turn
        (L17: the bidding opens a move after the auction's display, which said why); what each
        player holds and paid after `auction_settled`; and the display after the move's last
        `phase_opened` (unless it waits for the host: the settlement is the picture then)."""
        told = [self.read(event) for event in events]
        cards = {c.number: c for c in after.display}
        opened = [(i, e) for i, e in enumerate(told) if isinstance(e, StepOpened)]
        last = opened[-1][0] if opened and opened[-1][1].step != "waiting" else None
        bidding = before.step == "budget" and after.step == "bidding"
        out: list[dict[str, Any]] = []
        for index, (event, model) in enumerate(zip(events, told, strict=True)):
            if bidding and isinstance(model, LotOpened | StepOpened) and after.first_player:
                bidding = False
                shown = OpenerShown(player=after.first_player, generation=after.generation)
                out.append(shown.told().to_json())
            out.append(event)
            if isinstance(model, MarkersPlaced):
                placed = MarkersShown(
                    player=model.player,
                    cards=[
                        ShownCard(number=n, name=cards[n].name) for n in model.cards if n in cards
                    ],
                )
                out.append(placed.told().to_json())
            elif isinstance(model, AuctionSettled):
                out.append(settlement(after, told, model).told().to_json())
            if index == last:
                out.append(BoardShown(view=after).told().to_json())
        return out

    # -- a player's 1-on-1 ----------------------------------------------------------------

    def one_on_one(self, view: PublicView, actions: list[Action], names: Names) -> str:
        if not isinstance(view, PlayerView):
            return _("You are not playing in this match.")
        me = view.me
        player = me.player
        seat = view.seats[player]
        if view.step == "ended":
            head = _("**Your 1-on-1 — Mars Auction**, over")
        else:
            head = _("**Your 1-on-1 — Mars Auction**, {auction}").format(
                auction=auction_title(view).lower()
            )
        if seat.kicked:
            gone = _("You no longer play in this match (removed by the host, or conceded).")
            return f"{head}\n{gone}"
        lines = [head]
        lines += self._money_lines(view, me)
        mine = [c for c in view.display if not c.done and c.markers.get(player)]
        if view.variant == "limited" and view.step == "bidding":
            listed = ", ".join(
                f"{c.number} {numbered(c.name)}"
                + (f" ×{c.markers[player]}" if c.markers[player] > 1 else "")
                for c in mine
            )
            lines.append(
                _(
                    "Your markers on the display: {cards}. This round you have put out {placed} "
                    "of your {most} (at most {on_card} on a card)."
                ).format(
                    cards=listed or _("none"),
                    placed=seat.placed,
                    most=MAX_PER_ROUND,
                    on_card=MAX_ON_CARD,
                )
            )
        won = [c for c in view.display if c.winner == player and c.name in seat.won]
        if won:
            bids = ", ".join(
                _("{card} (bid {bid} M€)").format(card=numbered(c.name), bid=c.bid) for c in won
            )
            lines.append(_("Won in this auction: {cards}.").format(cards=bids))
        lines.append(
            _("You hold: {holdings}; {paid} M€ paid so far.").format(
                holdings=holdings(seat), paid=seat.paid
            )
        )
        lines.append(self._now(view, me, actions, names))
        return "\n".join(lines)

    @staticmethod
    def _money_lines(view: PlayerView, me: OwnSeat) -> list[str]:
        """L9, U5: what the player pays with, and how much of it their markers hold."""
        if view.step in ("ended", "waiting"):
            if me.money is None:
                return []
            return [
                _(
                    "You have **{amount} M€** left, by Dealer's count: what you paid with, less "
                    "what you paid since. At the next research auction you state your M€ again."
                ).format(amount=me.money)
            ]
        unlimited = view.variant == "unlimited"
        if view.auction == "setup" and me.money is None and me.company_bids and unlimited:
            money = _(
                "**{budget} M€**: the setup budget less your company bids of {bids} M€, paid "
                "once you have a corporation"
            ).format(budget=me.budget, bids=me.company_bids)
        elif view.auction == "setup" and me.money is None:
            money = _("**{budget} M€**, the setup budget until you have a corporation").format(
                budget=me.budget
            )
        elif me.money is None:
            return [_("You have not stated your budget for this auction yet.")]
        else:
            money = f"**{me.money} M€**"
        if view.variant == "limited" and view.step == "bidding":
            left = me.budget - me.unsettled
            return [
                _(
                    "You pay with {money}; your markers on cards not yet evaluated hold "
                    "{unsettled} M€ of it, so {left} M€ are free."
                ).format(money=money, unsettled=me.unsettled, left=left)
            ]
        return [_("You pay with {money}.").format(money=money)]

    def _now(self, view: PlayerView, me: OwnSeat, actions: list[Action], names: Names) -> str:
        """What the player may do now, from their legal `actions`."""
        legal = {a.key: a for a in actions}
        step = view.step
        if step == "ended":
            return _("The match is over.")
        if step == "waiting":
            first = not view.generation and view.auction == "research"
            return (
                _("Waiting for the host to open the first research auction (`/mars research`).")
                if first
                else _(
                    "The auction is settled: the host opens the next research auction "
                    "(`/mars research`) or ends the match (`/mars end`)."
                )
            )
        if step == "budget":
            if "budget" not in legal:
                return _("Waiting for the others' budgets.")
            if me.money is not None:
                return _(
                    "**Change it** with **State your M€** below (or `/mars budget`): the M€ you "
                    "hold for this research auction. Only you see it."
                )
            return _(
                "**State it** with **State your M€** below (or `/mars budget`): the M€ you hold "
                "for this research auction. Only you see it."
            )
        if step in ("keep", "buy"):
            return self._choosing(view, me, legal)
        if not legal:
            if view.to_act:
                return _("Waiting for {player}.").format(player=names(view.to_act))
            return _("Waiting.")
        amount = next((a.amount for a in actions if a.key == "raise"), None)
        if amount is not None and view.lot is not None:
            card = card_at(view, view.lot.number)
            return self._bid_words(card, amount, me, has_pass="pass" in legal)
        return _(
            "**Your turn:** pick a card for a marker in the menus below, then no second marker, "
            "a second one on it or one on another card; or **Card numbers** to type them "
            "(`3 7`, `3 3`); or **Pass** for the rest of this round."
        )

    @staticmethod
    def _choosing(view: PlayerView, me: OwnSeat, legal: dict[str, Action]) -> str:
        """A keep or a purchase: what the player may choose, and what they chose so far."""
        step = view.step
        action = legal.get(step)
        if action is None and "buy_none" in legal:
            return _(
                "You have {amount} M€ left: not enough to buy a won project, at {price} M€ each. "
                "**Buy none** below: your won projects are discarded, and their bids stay paid."
            ).format(amount=me.money or 0, price=me.price)
        if action is None:
            return _("Waiting for the others to choose.")
        chosen = me.choice
        now = (
            _("Your choice so far: {cards}; you may change it until everyone has chosen.").format(
                cards=cards_listed(chosen)
            )
            if chosen is not None
            else ""
        )
        pick = action.pick
        assert pick is not None
        if step == "keep":
            if kept_kind(view.kind) == "prelude":
                said = ngettext(
                    "**Choose** the {count} prelude you keep in the menu below.",
                    "**Choose** the {count} preludes you keep in the menu below.",
                    pick.max,
                )
            else:
                said = ngettext(
                    "**Choose** the {count} company you keep in the menu below.",
                    "**Choose** the {count} companies you keep in the menu below.",
                    pick.max,
                )
            choose = said.format(count=pick.max)
        else:
            choose = _(
                "**Choose** the won projects you buy at {price} M€ each (at most {most} with "
                "your M€), or **Buy none**; the rest are discarded."
            ).format(price=me.price, most=pick.max)
        return " ".join(s for s in (choose, now) if s)

    @staticmethod
    def _bid_words(card: CardView, amount: Amount, me: OwnSeat, *, has_pass: bool) -> str:
        """Unlimited: the bids the player may make on the card up for auction (U2, U5)."""
        if amount.min < amount.max:
            bid = _("bid {min} to {max} M€ with **Raise**").format(min=amount.min, max=amount.max)
        else:
            bid = _("**Raise** to {max} M€ is the one bid your M€ pay for").format(max=amount.max)
        if has_pass:
            return _("**Your turn** on {card}: {bid}, or **Pass on this card**.").format(
                card=card_name(card), bid=bid
            )
        if amount.max > 0:
            return _("**Your turn** to open {card}: {bid}.").format(card=card_name(card), bid=bid)
        # U2, U5: the opener cannot pass, and bids what she can pay: nothing.
        if card.kind == "project" and (me.money or 0) < me.price:
            said = _(
                "**Your turn** to open {card}: you have 0 M€, so your bid is 0 M€ (**Raise**): "
                "whoever opens a card must bid, and cannot pass. Should nobody raise, the card is "
                "yours for 0 M€; you cannot buy it for {price} M€, so it is then discarded."
            )
        else:
            said = _(
                "**Your turn** to open {card}: you have 0 M€, so your bid is 0 M€ (**Raise**): "
                "whoever opens a card must bid, and cannot pass. Should nobody raise, the card is "
                "yours for 0 M€."
            )
        return said.format(card=card_name(card), price=me.price)

    def status(self, view: PublicView, names: Names) -> str:
        """The game's part of the status (the bot writes the phase, its clock and whose turn
        it is above it): the variant and the starting player; limited, each player's markers
        this round and who has passed; unlimited, the card up for auction, its high bid and
        who has passed on it; who has a budget in or has chosen (never what, MA-D3); what each
        player holds and has paid. At the end, the result."""
        players = view.players
        seats = view.seats
        if view.step == "ended":
            result = view.result
            return "\n".join(
                held_and_paid(player, entry, names, left=False)
                for player, entry in (result.players if result else {}).items()
            )
        step = view.step
        head = f"{auction_title(view)}, {_(VARIANTS[view.variant])}."
        # Between auctions the marker opens nothing: the next auction's first player does.
        if step != "waiting":
            starter = _("Starting player: {player}.").format(player=names(view.starter))
            head = f"{head} {starter}"
        lines = [head]
        active = [p for p in players if not seats[p].kicked]
        if step == "bidding" and view.variant == "limited":
            markers = ", ".join(
                (
                    _("{player} {placed}/{most} (passed)")
                    if seats[p].passed
                    else "{player} {placed}/{most}"
                ).format(player=names(p), placed=seats[p].placed, most=MAX_PER_ROUND)
                for p in active
            )
            lines.append(_("Markers this round: {markers}.").format(markers=markers))
        elif step == "bidding":
            lines.append(self._lot_line(view, names))
        elif step == "budget":
            done = [names(p) for p in active if seats[p].has_budget]
            lines.append(_("Budgets in: {players}.").format(players=listing(done) or _("none yet")))
        elif step in ("keep", "buy"):
            chosen = listing([names(p) for p in active if seats[p].chosen]) or _("nobody yet")
            said = (
                _("Keeping: chosen: {players}.")
                if step == "keep"
                else _("Buying: chosen: {players}.")
            )
            lines.append(said.format(players=chosen))
        else:
            before = first_before(view.first_player, view.generation, names)
            lines.append(
                _(
                    "The host opens the next research auction (`/mars research`) or ends the "
                    "match (`/mars end`). Its first player, who opens it, is {player} ({why}) "
                    "unless the host names another."
                ).format(player=names(view.next_first_player), why=before)
            )
        counted = sum(len(seats[p].projects) for p in players) > PROJECTS_LISTED
        held = [
            held_and_paid(player, seats[player], names, left=seats[player].kicked, counted=counted)
            for player in players
        ]
        return "\n".join([*lines, *held])

    @staticmethod
    def _lot_line(view: PublicView, names: Names) -> str:
        """Unlimited: the card up for auction, its high bid and who has passed on it."""
        lot = view.lot
        assert lot is not None
        card = card_name(card_at(view, lot.number))
        high = lot.high
        bid = (
            _("high bid {amount} M€ by {player}").format(amount=high[1], player=names(high[0]))
            if high
            else _("no bid yet")
        )
        if lot.passed:
            return _("Up for auction: {card} — {bid}; passed: {players}.").format(
                card=card, bid=bid, players=listing([names(p) for p in lot.passed])
            )
        return _("Up for auction: {card} — {bid}.").format(card=card, bid=bid)

    def results(self, events: list[dict[str, Any]], view: PublicView, names: Names) -> str | None:
        """A player's own settlement once an auction is settled: what it cost them, what they
        hold, and the M€ they have left, which only they see (MA-D2, MA-D3); at the end, what
        they hold and paid in all."""
        if not isinstance(view, PlayerView) or view.seats[view.me.player].kicked:
            return None
        me = view.me
        player = me.player
        told = [self.read(event) for event in events]
        ended = next((e for e in told if isinstance(e, MarsAuctionEnded)), None)
        if ended is not None:
            final = ended.players[player]
            return _("🏁 **Your holdings**: {holdings}; {paid} M€ paid in all.").format(
                holdings=holdings(final), paid=final.paid
            )
        shown = next((e for e in told if isinstance(e, SettlementShown)), None)
        if shown is None:
            return None
        entry = shown.players[player]
        settled = _(
            "**Your settlement of {auction}**: you paid {now} M€ in it ({paid} M€ in all) and hold "
            "{holdings}."
        ).format(
            auction=auction_of(shown.auction, shown.generation),
            now=entry.paid_now,
            paid=entry.paid,
            holdings=holdings(entry),
        )
        if me.money is None:
            return settled
        left = _("You have **{amount} M€** left.").format(amount=me.money)
        return f"{settled} {left}"

    def audit(self, host_view: dict[str, Any], names: Names) -> str:
        """The host's view is the public one: budgets and sealed choices are each player's
        own (MA-D3). The spectators' picture is the status. The host's picture comes as JSON
        (`MatchService.host_picture`), read back through the public view's model."""
        return self.status(PublicView.model_validate(host_view), names)

    def move(self, move: dict[str, Any], names: Names, told: list[dict[str, Any]]) -> str:
        # The record's move, read back through the moves' model (as the engine parses it).
        made = MOVES.validate_python(move)
        if isinstance(made, Research):
            return self._research(made, names)
        if isinstance(made, Place):
            # As the menus store it (`card`, `second`) or typed (`cards`, `twice`).
            numbers = made.cards
            if len(numbers) == 2 and numbers[0] == numbers[1]:
                return _("two markers on card {number}").format(number=numbers[0])
            if len(numbers) == 1:
                return _("a marker on card {number}").format(number=numbers[0])
            return _("markers on cards {numbers}").format(
                numbers=listing([str(n) for n in numbers])
            )
        if isinstance(made, Keep | Buy):
            cards = listing([numbered(c) for c in made.cards]) or _("nothing")
            said = _("keep of {cards}") if isinstance(made, Keep) else _("purchase of {cards}")
            return said.format(cards=cards)
        if isinstance(made, Budget):
            return _("budget of {amount} M€").format(amount=made.amount)
        if isinstance(made, Raise):
            return _("raise of {amount} M€").format(amount=made.amount)
        return super().move(move, names, told)

    @staticmethod
    def _research(made: Research, names: Names) -> str:
        """A host's research auction, after "the host's": its cards and its first player
        when the host named them."""
        first = made.first_player
        cards = listing([numbered(c) for c in made.cards or []])
        if made.cards and first:
            said = _("research auction of {cards}, opened by {player}")
        elif made.cards:
            said = _("research auction of {cards}")
        elif first:
            said = _("research auction, opened by {player}")
        else:
            said = _("research auction")
        return said.format(cards=cards, player=names(first) if first else "")

    def step_text(self, action: Action, answers: Mapping[str, Answer], names: Names) -> str:
        """A card picked for a marker: what the second marker may be (L7: a second one on it
        only while it holds at most 1 of the player's)."""
        first = action.pick
        chosen = first.choice(str(answers.get(first.field))) if first is not None else None
        second = chosen.then[0] if chosen is not None and chosen.then else None
        if chosen is None or not isinstance(second, Pick):
            return super().step_text(action, answers, names)
        if second.choice(chosen.value) is not None:
            said = _(
                "A marker on **{card}**. Your second marker: none, a second one on it or one on "
                "another card (the menus below)?"
            )
        else:
            said = _(
                "A marker on **{card}**. Your second marker: none or one on another card (the "
                "menus below)?"
            )
        return said.format(card=chosen.label)

    def confirm(self, action: Action, answers: Mapping[str, Answer], names: Names) -> str | None:
        """A limited pass is final for the round (L6)."""
        if action.type == "pass" and action.label == "Pass":
            return _(
                "Pass for the rest of this bidding round? A pass is final: you put no more "
                "markers until its cards are evaluated."
            )
        return None

    def options_text(self, options: dict[str, Any], names: Names) -> str:
        chosen = Options.model_validate(options)
        parts = [_(VARIANTS[chosen.variant])]
        if chosen.start == "research":
            parts.append(_("research auctions only"))
        else:
            parts.append(_("setup auction, then research auctions"))
        first = chosen.first_player
        parts.append(
            _("first player: {player}").format(player=names(first))
            if first
            else _("first player: drawn at random")
        )
        budget = chosen.setup_budget
        parts.append(
            _("setup budget: {amount} M€").format(amount=budget)
            if budget is not None
            else _("setup budget: the lowest starting M€ on display")
        )
        parts.append(_("sets: {sets}").format(sets=sets_title(chosen.expansions)))
        if chosen.cards_csv:
            rows = [r for r in chosen.cards_csv.splitlines()[1:] if r.strip()]
            parts.append(
                ngettext(
                    "the host's list ({count} card)", "the host's list ({count} cards)", len(rows)
                ).format(count=len(rows))
            )
        display = chosen.display
        if display:
            parts.append(
                ngettext(
                    "display entered by the host ({count} card)",
                    "display entered by the host ({count} cards)",
                    len(display),
                ).format(count=len(display))
            )
        return " · ".join(parts)

    # -- images -----------------------------------------------------------------------------

    def board_of(self, event: Told, names: Mapping[str, str]) -> Board | None:
        if isinstance(event, SettlementShown):
            return settlement_board(event.settlement(), names)
        if isinstance(event, MarsAuctionEnded):
            return settlement_board(event, names)
        return None

    def status_board(self, view: PublicView, names: Mapping[str, str]) -> Board | None:
        """The display as it stands: on the board message, and `/match status`."""
        return display_board(view, names)

    def card(self, view: PublicView, names: Mapping[str, str]) -> Board | None:
        """No card of its own: the display is on the channel's board message."""
        return None

    def help(self) -> str:
        return "\n".join(_(paragraph) for paragraph in HELP)

    def rules(self) -> str:
        return rules_text(RULES)


def settlement(
    after: PublicView, told: list[Told | None], settled: AuctionSettled
) -> SettlementShown:
    """The `settlement` event: per player what they hold, paid in all and paid in this
    auction (`auction_settled`), and what they bought in it."""
    bought = next((e.players for e in told if isinstance(e, ProjectsBought)), {})
    players: dict[str, SettledSeat] = {}
    for player, entry in settled.players.items():
        purchase = bought.get(player)
        players[player] = SettledSeat(
            **dict(entry),
            bought=list(purchase.bought) if purchase is not None else [],
            left=after.seats[player].kicked,
        )
    return SettlementShown(auction=settled.auction, generation=settled.generation, players=players)


#: The game's part of `/help`, a message id a paragraph.
HELP = (
    N_(
        "**Mars Auction** (2-5 players): the Terraforming Mars cards dealt by bidding — the "
        "setup's companies, preludes and projects, then each generation's research cards."
    ),
    N_(
        "**Limited:** on your turn put 1 or 2 markers (1 M€ each) on the numbered cards, or "
        "pass for the round; at most 3 of yours on a card, 15 a round, and no more than your "
        "M€ pay for. Each card goes to the most markers. **Unlimited:** card by card, raise or "
        "pass; the last bidder left wins."
    ),
    N_(
        "**Playing:** the board message in the channel has the menus of the player to move "
        "(and **Card numbers**: `3 7`, `3 3`); keeps, purchases and budgets are private, in "
        "your 1-on-1 (DM, **My 1-on-1** or `/me`); `/mars budget` states your M€."
    ),
    N_(
        "**Hosting:** `/match create mars-auction` (`variant`, `start`, `first_player`, "
        "`turn_minutes`, `step_minutes`, `setup_budget`, `sets`, `display`, `cards`); "
        "`/mars research` opens a generation's auction (`first_player`: who opens it), "
        "`/mars budget` with `member` sets a player's, `/mars end` ends the match."
    ),
)
