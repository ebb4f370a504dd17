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

from bot.games.base import Names, TypedTexts, named, text
from bot.games.mars_auction.rules import RULES
from games.core.contract import Action, Amount, Answer, Pick
from games.core.drawing.board import Board
from games.core.drawing.words import join, plural
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
    KIND_WORDS,
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
from games.mars_auction.render import (
    auction_words,
    card_at,
    card_facts,
    display_board,
    settlement_board,
)
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
        return f"card {number}"
    return card_name(ShownCard(number=number, name=card))


def cards_listed(names: Sequence[str]) -> str:
    return join([card_named(n) for n in names]) or "none"


def first_before(player: str | None, generation: int, names: Names) -> str:
    """L17: why a research auction's first player is theirs by default: "the next player
    after ann, the setup's first player" (`player`, generation `generation`'s first player,
    0 the setup's); with none before, the match's first player."""
    if player is None:
        return "the match's first player"
    whose = "the setup's" if generation == 0 else f"generation {generation}'s"
    return f"the next player after {names(player)}, {whose} first player"


def opener_words(event: DisplayDealt, names: Names) -> str:
    """L17, MA-D11: who opens a research auction, and why: the generation's first player, not
    whoever the starting player marker has reached. Events an earlier version left in the
    outbox do not say why."""
    first = names(event.first_player)
    generation = event.generation
    said = f"{first} is generation {generation}'s first player and opens its auction"
    if event.chosen is None:
        return f"{said}."
    why = {
        "host": "named by the host",
        "marker": "the holder of the starting player marker (the record names no first player)",
        "next": first_before(event.after, generation - 1, names),
    }[event.chosen]
    return (
        f"{said}: {why}. A research auction is opened by the generation's first player, "
        "not by whoever the starting player marker has reached."
    )


def auction_of(auction: Start, generation: int) -> str:
    """ "the setup auction", "generation 2's research auction": the auction an event is of."""
    if auction == "setup":
        return "the setup auction"
    return f"generation {generation}'s research auction"


def holdings(entry: Holdings | SeatView) -> str:
    """ "Helion (R18); preludes Loan (P17) and Biolab (P04); 3 projects (A, B and C)": each
    card with its printed number."""
    held = entry.corporation
    preludes = [numbered(p) for p in entry.preludes]
    projects = [numbered(p) for p in entry.projects]
    parts = [card_named(held) if held else "no corporation yet"]
    if preludes:
        parts.append(f"preludes {join(preludes)}")
    listed = f" ({join(projects)})" if projects else ""
    parts.append(f"{plural(len(projects), 'project')}{listed}")
    return "; ".join(parts)


def kept_kind(kind: Kind | None) -> Kind:
    """The kind a keep step keeps: preludes, else companies."""
    return "prelude" if kind == "prelude" else "company"


class MarsAuctionTexts(TypedTexts[PublicView, Told]):
    game = "mars-auction"
    title = "Mars Auction"
    played_as = ("auction", "auctions")
    money = ("M€", "25 or 25 M€")
    #: The one step without a clock: the wait for the host's next research auction.
    untimed = "No clock: the match waits for the host's `/mars research` or `/mars end`."
    forfeit = (
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
    wants_views = True
    combine_messages = True
    live_board_events: ClassVar[frozenset[str]] = frozenset({"board_shown"})
    record_withheld = (
        "its seed deals the research displays still to come, and its moves hold every budget"
    )

    # -- events ----------------------------------------------------------------------------

    def describe(self, event: dict[str, Any], names: Names) -> str | None:
        said = super().describe(event, names)
        return None if said is None else named(said, names)

    def describe_to(self, event: dict[str, Any], reader: str, names: Names) -> str | None:
        """A step that opens for `reader`, as it heads their own 1-on-1 by DM: to them, in the
        second person ("Your turn", "you won more than a player keeps"), where the channel's
        board speaks of them ("ann's turn", "in their 1-on-1")."""
        told = self.read(event)
        if not isinstance(told, StepOpened) or reader not in told.players:
            return self.describe(event, names)
        where = auction_of(told.auction, told.generation)
        if told.step == "bidding":
            return f"**Your turn** in {where}."
        if told.step == "budget":
            return (
                f"**{where.capitalize()}**: state the M€ you hold for it, privately, with "
                "**State your M€** below or `/mars budget`. Nobody else sees the figure."
            )
        if told.step == "keep":
            kind = kept_kind(told.kind)
            keep = plural(KEEP[kind], kind, KIND_WORDS[kind])
            return (
                f"**Keeping {KIND_WORDS[kind]}**: you won more than a player keeps ({keep}); "
                "choose below. The choices are revealed together."
            )
        if told.step == "buy":
            return (
                "**Buying won projects** at 2 M€ each (Terralabs 1): choose below; the "
                "projects you do not buy are discarded, their bids stay paid. The choices are "
                "revealed together."
            )
        return self.describe(event, names)

    @text
    def match_started(self, event: MatchStarted, names: Names) -> str:
        who = join([f"**{names(p)}**" for p in event.players])
        first = names(event.first_player)
        how = "drawn at random" if event.drawn else "named by the host"
        start = (
            "The setup auction comes first."
            if event.start == "setup"
            else "The host opens each generation's research auction with `/mars research`."
        )
        return (
            f"**The Mars Auction begins** ({event.variant} variant): {who}. {first} holds "
            f"the starting player marker ({how}). {start} How to play: "
            "`/help game:mars-auction`."
        )

    @text
    def display_dealt(self, event: DisplayDealt, names: Names) -> str:
        cards = event.cards
        where = (
            "The setup display"
            if event.auction == "setup"
            else f"Generation {event.generation}'s research display"
        )
        lines = [f"**{where}** ({plural(len(cards), 'card')}):"]
        for kind, words in KIND_WORDS.items():
            mine = [c for c in cards if c.kind == kind]
            if mine:
                listed = ", ".join(
                    f"{c.number} {numbered(c.name)}"
                    + (f" ({card_facts(c)})" if card_facts(c) else "")
                    for c in mine
                )
                lines.append(f"{words.capitalize()}: {listed}.")
        if event.auction == "research":
            lines.append(opener_words(event, names))
        return "\n".join(lines)

    @text
    def phase_opened(self, event: StepOpened, names: Names) -> str:
        step = event.step
        waiting = join([names(p) for p in event.players])
        where = auction_of(event.auction, event.generation)
        if step == "bidding":
            return f"**{waiting}'s turn** in {where}."
        if step == "budget":
            return (
                f"**{where.capitalize()}**: everyone states the M€ they hold for it, "
                "privately, with **State your M€** in their 1-on-1 or `/mars budget`. Nobody "
                f"else sees the figure. Waiting for {waiting}."
            )
        if step == "keep":
            kind = kept_kind(event.kind)
            keep = plural(KEEP[kind], kind, KIND_WORDS[kind])
            return (
                f"**Keeping {KIND_WORDS[kind]}**: {waiting} won more than a player keeps "
                f"({keep}), and choose{'s' if len(event.players) == 1 else ''} in their "
                "1-on-1. The choices are revealed together."
            )
        if step == "buy":
            return (
                "**Buying won projects** at 2 M€ each (Terralabs 1), in the 1-on-1 of "
                f"{waiting}: the projects not bought are discarded, their bids stay paid. "
                "The choices are revealed together."
            )
        return (
            "The auction is settled. The host opens the next generation's research auction "
            "with `/mars research`, or ends the match with `/mars end`."
            if event.generation or event.auction == "setup"
            else "The match waits for the host to open the first research auction with "
            "`/mars research`."
        )

    @text
    def board_shown(self, event: BoardShown, names: Names) -> str | None:
        """What the player to move may do, above the display: the bidding's instructions."""
        view = event.view
        if view.step != "bidding":
            return None
        if view.variant == "limited":
            round_ = f"Round {view.round} of 3: p" if view.auction == "setup" else "P"
            return (
                f"{round_}ick a card for a marker in the menus below, then none, a second one on "
                "it or one on another card (or **Card numbers**: `3 7`, `3 3`); or **Pass** for "
                "the rest of the round."
            )
        lot = view.lot
        assert lot is not None
        card = card_at(view, lot.number)
        high = lot.high
        if high is None:
            return f"{card_name(card)}: no bid yet; **Raise** opens it at 0 M€ or more."
        return (
            f"{card_name(card)}: high bid {high[1]} M€ ({names(high[0])}). **Raise** to "
            f"{high[1] + 1} M€ or more, or **Pass on this card**."
        )

    @text
    def opener_shown(self, event: OpenerShown, names: Names) -> str:
        return (
            f"The budgets are in: **{names(event.player)}**, generation "
            f"{event.generation}'s first player, opens the bidding. A research auction is "
            "opened by the generation's first player (the host names them; by default the next "
            "player after the last auction's first player), not by whoever the starting player "
            "marker has reached."
        )

    @text
    def budget_stated(self, event: BudgetStated, names: Names) -> str:
        if event.by_host:
            return (
                f"Your budget for this research auction is **{event.amount} M€**, set by "
                "the host (only you see it)."
            )
        return f"Your budget for this research auction: **{event.amount} M€** (only you see it)."

    @text
    def budget_received(self, event: BudgetReceived, names: Names) -> str:
        return f"{names(event.player)} has a budget for this auction."

    @text
    def markers_shown(self, event: MarkersShown, names: Names) -> str:
        cards = event.cards
        who = f"**{names(event.player)}**"
        if len(cards) == 2 and cards[0].number == cards[1].number:
            return f"{who} puts two markers on {card_name(cards[0])}."
        placed = join([card_name(c) for c in cards])
        return (
            f"{who} puts a marker on {placed}."
            if len(cards) == 1
            else (f"{who} puts a marker on each of {placed}.")
        )

    @text
    def markers_receipt(self, event: MarkersReceipt, names: Names) -> str:
        numbers = event.cards
        where = (
            f"two markers on card {numbers[0]}"
            if len(numbers) == 2 and numbers[0] == numbers[1]
            else "markers on cards " + " and ".join(str(n) for n in numbers)
            if len(numbers) == 2
            else f"a marker on card {numbers[0]}"
        )
        return f"You put {where}. Your budget has {event.left} M€ free for more markers."

    @text
    def price_warning(self, event: PriceWarning, names: Names) -> str:
        if event.number is not None:
            return (
                f"⚠️ Should you win {lot_card(event.number, event.card)} with this bid, you "
                f"will have {event.left} M€ left: less than the {event.price} M€ a won project "
                "costs to buy, so it will be discarded and your bid stays paid."
            )
        return (
            f"⚠️ Your markers leave {event.left} M€ of your budget: less than the "
            f"{event.price} M€ a won project costs to buy."
        )

    @text
    def passed(self, event: Passed, names: Names) -> str:
        who = names(event.player)
        if event.number is not None:
            if event.auto:
                return f"{who} cannot raise and passes on {lot_card(event.number, event.card)}."
            return f"{who} passes on {lot_card(event.number, event.card)}."
        if event.auto:
            return f"{who} passes for the rest of this round (no marker they can put, or time)."
        return f"{who} passes for the rest of this round."

    @text
    def lot_receipt(self, event: LotReceipt, names: Names) -> str:
        card = lot_card(event.number, event.card)
        if event.amount is None:
            return f"You pass on {card}: final for this card."
        return f"You bid **{event.amount} M€** on {card}."

    @text
    def lot_opened(self, event: LotOpened, names: Names) -> str:
        card = lot_card(event.number, event.card)
        return f"{card} is up for auction; {names(event.opener)} opens the bidding (0 M€ or more)."

    @text
    def bid_raised(self, event: BidRaised, names: Names) -> str:
        card = lot_card(event.number, event.card)
        return f"{names(event.player)} bids **{event.amount} M€** on {card}."

    @text
    def card_awarded(self, event: CardAwarded, names: Names) -> str:
        card = lot_card(event.number, event.card)
        winner = event.winner
        if winner is None:
            return f"{card}: no markers, discarded."
        if event.bids is not None:
            bids = ", ".join(f"{names(p)} {a}" for p, a in event.bids)
            return f"{card} goes to **{names(winner)}** for {event.paid} M€ (bids: {bids})."
        markers = event.markers
        mine = plural(markers.get(winner, 0), "marker")
        back = [
            f"{names(p)} takes {plural(n, 'marker')} back"
            for p, n in markers.items()
            if p != winner
        ]
        tail = f"; {'; '.join(back)}" if back else ""
        if event.kind != "project":
            kept = "the corporation is chosen" if event.kind == "company" else "preludes are kept"
            return (
                f"{card} goes to **{names(winner)}** with {mine}: a bid of {event.paid} M€, "
                f"paid when {kept}{tail}."
            )
        terralabs = ", Terralabs paying 1 less" if event.paid != markers[winner] else ""
        return f"{card} goes to **{names(winner)}** for {event.paid} M€ ({mine}{terralabs}){tail}."

    @text
    def starter_passed(self, event: StarterPassed, names: Names) -> str:
        return f"The starting player marker passes to {names(event.player)}."

    @text
    def card_drawn(self, event: CardDrawn, names: Names) -> str:
        candidates = event.candidates
        shown = ", ".join(numbered(c) for c in candidates[:CANDIDATES_NAMED])
        more = len(candidates) - CANDIDATES_NAMED
        if more > 0:
            shown += f" and {more} more"
        return (
            f"🎲 {names(event.player)} won fewer {KIND_WORDS[event.kind]} than they keep: they "
            f"draw {card_named(event.card)} at random, free, from {shown}."
        )

    @text
    def choice_made(self, event: ChoiceMade, names: Names) -> str:
        cards = event.cards
        if event.step == "keep":
            return (
                f"You keep {cards_listed(cards)}. You may change this until everyone has "
                "chosen; then the choices are revealed together."
            )
        bought = f"You buy {cards_listed(cards)}" if cards else "You buy none of your projects"
        return f"{bought}. You may change this until everyone has chosen."

    @text
    def choice_received(self, event: ChoiceReceived, names: Names) -> str:
        return f"{names(event.player)} has chosen."

    @text
    def corporations_chosen(self, event: CorporationsChosen, names: Names) -> str:
        lines = ["**Corporations** (company bids are paid once the corporation's M€ are in):"]
        for player, chosen in event.players.items():
            corporation = chosen.corporation
            lines.append(
                f"{names(player)}: {card_named(corporation) if corporation else 'none'}, pays "
                f"{chosen.paid} M€ for their company bids."
            )
        return "\n".join(lines)

    @text
    def preludes_chosen(self, event: PreludesChosen, names: Names) -> str:
        lines = ["**Preludes kept:**"]
        for player, chosen in event.players.items():
            lines.append(
                f"{names(player)}: {cards_listed(chosen.preludes)}, pays {chosen.paid} M€."
            )
        return "\n".join(lines)

    @text
    def card_discarded(self, event: CardDiscarded, names: Names) -> str:
        return f"{names(event.player)} discards {card_named(event.card)}."

    @text
    def projects_bought(self, event: ProjectsBought, names: Names) -> str | None:
        if not event.players:
            return None
        lines = ["**Projects bought:**"]
        for player, chosen in event.players.items():
            discarded = chosen.discarded
            dropped = f"; discards {cards_listed(discarded)}" if discarded else ""
            bought = (
                f"buys {cards_listed(chosen.bought)} for {chosen.paid} M€"
                if chosen.bought
                else "buys none"
            )
            lines.append(f"{names(player)}: {bought}{dropped}.")
        return "\n".join(lines)

    @text
    def auction_settled(self, event: AuctionSettled, names: Names) -> str:
        what = (
            "The setup auction"
            if event.auction == "setup"
            else f"Generation {event.generation}'s research auction"
        )
        lines = [f"**{what} is settled.** What each player holds, and has paid in all:"]
        for player, entry in event.players.items():
            lines.append(f"{names(player)}: {holdings(entry)}; {entry.paid} M€ paid.")
        return "\n".join(lines)

    @text
    def defaults_applied(self, event: DefaultsApplied, names: Names) -> str | None:
        """MA-D5, said of the players the step still waited for, and of them alone: the
        others' budgets and choices stand. The bidding's default follows as its own move
        (a pass, or the opener's bid of 0)."""
        late = event.players
        if not late:
            return None
        who = join([names(p) for p in late])
        s = "s" if len(late) == 1 else ""
        if event.step == "budget":
            default = f"keep{s} as their budget the M€ they had left, by Dealer's count (0 if none)"
        elif event.step == "keep":
            default = (
                f"keep{s} the first cards they won, in display order, as many as a player "
                f"keeps, and discard{s} the rest"
            )
        elif event.step == "buy":
            default = f"buy{s} none of the projects they won: those are discarded"
        else:
            return f"⏰ Time is up for {who}: the default is taken."
        return f"⏰ Time is up for {who}, who {default}."

    @text
    def lot_restarted(self, event: LotRestarted, names: Names) -> str:
        card = lot_card(event.number, event.card)
        return f"{card} starts again: a bidder left the match."

    @text
    def player_kicked(self, event: PlayerKicked, names: Names) -> str:
        return (
            f"The host removed {names(event.player)} from the match: their markers come off "
            "the cards not yet evaluated, and what they won but had not kept or bought is "
            "discarded."
        )

    @text
    def player_forfeited(self, event: PlayerForfeited, names: Names) -> str:
        return f"{names(event.player)} has conceded and left the match."

    @text
    def match_ended(self, event: MarsAuctionEnded, names: Names) -> str:
        count = event.generations
        after = f" after {plural(count, 'research auction')}" if count else ""
        lines = [f"🏁 **The Mars Auction is over**{after}. What each player holds and paid:"]
        for player, entry in event.players.items():
            lines.append(f"{names(player)}: {holdings(entry)}; {entry.paid} M€ paid.")
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
            return "You are not playing in this match."
        me = view.me
        player = me.player
        seat = view.seats[player]
        head = f"**Your 1-on-1 — Mars Auction**, {auction_words(view).lower()}"
        if view.step == "ended":
            head = "**Your 1-on-1 — Mars Auction**, over"
        if seat.kicked:
            return f"{head}\nYou no longer play in this match (removed by the host, or conceded)."
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
                f"Your markers on the display: {listed or 'none'}. This round you have put out "
                f"{seat.placed} of your {MAX_PER_ROUND} (at most {MAX_ON_CARD} on a card)."
            )
        won = [c for c in view.display if c.winner == player and c.name in seat.won]
        if won:
            lines.append(
                "Won in this auction: "
                + ", ".join(f"{numbered(c.name)} (bid {c.bid} M€)" for c in won)
                + "."
            )
        lines.append(f"You hold: {holdings(seat)}; {seat.paid} M€ paid so far.")
        lines.append(self._now(view, me, actions, names))
        return "\n".join(lines)

    @staticmethod
    def _money_lines(view: PlayerView, me: OwnSeat) -> list[str]:
        """L9, U5: what the player pays with, and how much of it their markers hold."""
        if view.step in ("ended", "waiting"):
            if me.money is None:
                return []
            return [
                f"You have **{me.money} M€** left, by Dealer's count: what you paid with, "
                "less what you paid since. At the next research auction you state your M€ again."
            ]
        unlimited = view.variant == "unlimited"
        if view.auction == "setup" and me.money is None and me.company_bids and unlimited:
            money = (
                f"**{me.budget} M€**: the setup budget less your company bids of "
                f"{me.company_bids} M€, paid once you have a corporation"
            )
        elif view.auction == "setup" and me.money is None:
            money = f"**{me.budget} M€**, the setup budget until you have a corporation"
        elif me.money is None:
            return ["You have not stated your budget for this auction yet."]
        else:
            money = f"**{me.money} M€**"
        if view.variant == "limited" and view.step == "bidding":
            left = me.budget - me.unsettled
            return [
                f"You pay with {money}; your markers on cards not yet evaluated hold "
                f"{me.unsettled} M€ of it, so {left} M€ are free."
            ]
        return [f"You pay with {money}."]

    def _now(self, view: PlayerView, me: OwnSeat, actions: list[Action], names: Names) -> str:
        """What the player may do now, from their legal `actions`."""
        legal = {a.key: a for a in actions}
        step = view.step
        if step == "ended":
            return "The match is over."
        if step == "waiting":
            first = not view.generation and view.auction == "research"
            return (
                "Waiting for the host to open the first research auction (`/mars research`)."
                if first
                else "The auction is settled: the host opens the next research auction "
                "(`/mars research`) or ends the match (`/mars end`)."
            )
        if step == "budget":
            if "budget" not in legal:
                return "Waiting for the others' budgets."
            stated = "Change it" if me.money is not None else "State it"
            return (
                f"**{stated}** with **State your M€** below (or `/mars budget`): the M€ you hold "
                "for this research auction. Only you see it."
            )
        if step in ("keep", "buy"):
            action = legal.get(step)
            if action is None and "buy_none" in legal:
                return (
                    f"You have {me.money or 0} M€ left: not enough to buy a won project, at "
                    f"{me.price} M€ each. **Buy none** below: your won projects are "
                    "discarded, and their bids stay paid."
                )
            if action is None:
                return "Waiting for the others to choose."
            chosen = me.choice
            now = (
                f" Your choice so far: {cards_listed(chosen)}; you may change it until everyone "
                "has chosen."
                if chosen is not None
                else ""
            )
            pick = action.pick
            assert pick is not None
            if step == "keep":
                kind = kept_kind(view.kind)
                keep = plural(pick.max, kind, KIND_WORDS[kind])
                return f"**Choose** the {keep} you keep in the menu below.{now}"
            return (
                f"**Choose** the won projects you buy at {me.price} M€ each (at most "
                f"{pick.max} with your M€), or **Buy none**; the rest are discarded.{now}"
            )
        if not legal:
            return f"Waiting for {names(view.to_act)}." if view.to_act else "Waiting."
        amount = next((a.amount for a in actions if a.key == "raise"), None)
        if amount is not None and view.lot is not None:
            card = card_at(view, view.lot.number)
            return self._bid_words(card, amount, me, has_pass="pass" in legal)
        return (
            "**Your turn:** pick a card for a marker in the menus below, then no second marker, "
            "a second one on it or one on another card; or **Card numbers** to type them "
            "(`3 7`, `3 3`); or **Pass** for the rest of this round."
        )

    @staticmethod
    def _bid_words(card: CardView, amount: Amount, me: OwnSeat, *, has_pass: bool) -> str:
        """Unlimited: the bids the player may make on the card up for auction (U2, U5)."""
        if amount.min < amount.max:
            bid = f"bid {amount.min} to {amount.max} M€ with **Raise**"
        else:
            bid = f"**Raise** to {amount.max} M€ is the one bid your M€ pay for"
        if has_pass:
            return f"**Your turn** on {card_name(card)}: {bid}, or **Pass on this card**."
        if amount.max > 0:
            return f"**Your turn** to open {card_name(card)}: {bid}."
        # U2, U5: the opener cannot pass, and bids what she can pay: nothing.
        lost = (
            f"; you cannot buy it for {me.price} M€, so it is then discarded"
            if card.kind == "project" and (me.money or 0) < me.price
            else ""
        )
        return (
            f"**Your turn** to open {card_name(card)}: you have 0 M€, so your bid is "
            "0 M€ (**Raise**): whoever opens a card must bid, and cannot pass. Should "
            f"nobody raise, the card is yours for 0 M€{lost}."
        )

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
                f"{names(player)}: {holdings(entry)}; {entry.paid} M€ paid."
                for player, entry in (result.players if result else {}).items()
            )
        step = view.step
        # Between auctions the marker opens nothing: the next auction's first player does.
        starter = "" if step == "waiting" else f" Starting player: {names(view.starter)}."
        lines = [f"{auction_words(view)}, {view.variant} variant.{starter}"]
        active = [p for p in players if not seats[p].kicked]
        if step == "bidding" and view.variant == "limited":
            lines.append(
                "Markers this round: "
                + ", ".join(
                    f"{names(p)} {seats[p].placed}/{MAX_PER_ROUND}"
                    + (" (passed)" if seats[p].passed else "")
                    for p in active
                )
                + "."
            )
        elif step == "bidding":
            lot = view.lot
            assert lot is not None
            card = card_at(view, lot.number)
            high = lot.high
            bid = f"high bid {high[1]} M€ by {names(high[0])}" if high else "no bid yet"
            passed = f"; passed: {join([names(p) for p in lot.passed])}" if lot.passed else ""
            lines.append(f"Up for auction: {card_name(card)} — {bid}{passed}.")
        elif step == "budget":
            done = [names(p) for p in active if seats[p].has_budget]
            lines.append(f"Budgets in: {join(done) or 'none yet'}.")
        elif step in ("keep", "buy"):
            chosen = [names(p) for p in active if seats[p].chosen]
            what = "Keeping" if step == "keep" else "Buying"
            lines.append(f"{what}: chosen: {join(chosen) or 'nobody yet'}.")
        else:
            before = first_before(view.first_player, view.generation, names)
            lines.append(
                "The host opens the next research auction (`/mars research`) or ends the match "
                f"(`/mars end`). Its first player, who opens it, is "
                f"{names(view.next_first_player)} ({before}) unless the host names another."
            )
        for player in players:
            seat = seats[player]
            gone = " (left)" if seat.kicked else ""
            lines.append(f"{names(player)}{gone}: {holdings(seat)}; {seat.paid} M€ paid.")
        return "\n".join(lines)

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
            return f"🏁 **Your holdings**: {holdings(final)}; {final.paid} M€ paid in all."
        shown = next((e for e in told if isinstance(e, SettlementShown)), None)
        if shown is None:
            return None
        entry = shown.players[player]
        what = auction_of(shown.auction, shown.generation)
        left = f" You have **{me.money} M€** left." if me.money is not None else ""
        return (
            f"**Your settlement of {what}**: you paid {entry.paid_now} M€ in it "
            f"({entry.paid} M€ in all) and hold {holdings(entry)}.{left}"
        )

    def audit(self, host_view: dict[str, Any], names: Names) -> str:
        """The host's view is the public one: budgets and sealed choices are each player's
        own (MA-D3). The spectators' picture is the status. The host's picture comes as JSON
        (`MatchService.host_picture`), read back through the public view's model."""
        return self.status(PublicView.model_validate(host_view), names)

    def move(self, move: dict[str, Any], names: Names, told: list[dict[str, Any]]) -> str:
        # The record's move, read back through the moves' model (as the engine parses it).
        made = MOVES.validate_python(move)
        if isinstance(made, Research):
            first = made.first_player
            opens = f", opened by {names(first)}" if first else ""
            shown = f" of {join([numbered(c) for c in made.cards])}" if made.cards else ""
            return f"research auction{shown}{opens}"
        if isinstance(made, Place):
            # As the menus store it (`card`, `second`) or typed (`cards`, `twice`).
            numbers = made.cards
            if len(numbers) == 2 and numbers[0] == numbers[1]:
                return f"two markers on card {numbers[0]}"
            if len(numbers) == 1:
                return f"a marker on card {numbers[0]}"
            return f"markers on cards {join([str(n) for n in numbers])}"
        if isinstance(made, Keep | Buy):
            what = "keep" if isinstance(made, Keep) else "purchase"
            return f"{what} of {join([numbered(c) for c in made.cards]) or 'nothing'}"
        if isinstance(made, Budget | Raise):
            return f"{made.type} of {made.amount} M€"
        return super().move(move, names, told)

    def step_text(self, action: Action, answers: Mapping[str, Answer], names: Names) -> str:
        """A card picked for a marker: what the second marker may be (L7: a second one on it
        only while it holds at most 1 of the player's)."""
        first = action.pick
        chosen = first.choice(str(answers.get(first.field))) if first is not None else None
        second = chosen.then[0] if chosen is not None and chosen.then else None
        if chosen is None or not isinstance(second, Pick):
            return super().step_text(action, answers, names)
        again = ", a second one on it" if second.choice(chosen.value) is not None else ""
        return (
            f"A marker on **{chosen.label}**. Your second marker: none{again} or one on "
            "another card (the menus below)?"
        )

    def confirm(self, action: Action, answers: Mapping[str, Answer], names: Names) -> str | None:
        """A limited pass is final for the round (L6)."""
        if action.type == "pass" and action.label == "Pass":
            return (
                "Pass for the rest of this bidding round? A pass is final: you put no more "
                "markers until its cards are evaluated."
            )
        return None

    def options_text(self, options: dict[str, Any], names: Names) -> str:
        chosen = Options.model_validate(options)
        parts = [f"{chosen.variant} variant"]
        if chosen.start == "research":
            parts.append("research auctions only")
        else:
            parts.append("setup auction, then research auctions")
        first = chosen.first_player
        parts.append(f"first player: {names(first) if first else 'drawn at random'}")
        budget = chosen.setup_budget
        parts.append(
            f"setup budget: {budget} M€"
            if budget is not None
            else "setup budget: the lowest starting M€ on display"
        )
        parts.append("sets: " + sets_title(chosen.expansions))
        if chosen.cards_csv:
            rows = [r for r in chosen.cards_csv.splitlines()[1:] if r.strip()]
            parts.append(f"the host's list ({plural(len(rows), 'card')})")
        display = chosen.display
        if display:
            parts.append(f"display entered by the host ({plural(len(display), 'card')})")
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
        return (
            "**Mars Auction** (2-5 players): the Terraforming Mars cards dealt by bidding — the "
            "setup's companies, preludes and projects, then each generation's research cards.\n"
            "**Limited:** on your turn put 1 or 2 markers (1 M€ each) on the numbered cards, or "
            "pass for the round; at most 3 of yours on a card, 15 a round, and no more than your "
            "M€ pay for. Each card goes to the most markers. **Unlimited:** card by card, raise "
            "or pass; the last bidder left wins.\n"
            "**Playing:** the board message in the channel has the menus of the player to move "
            "(and **Card numbers**: `3 7`, `3 3`); keeps, purchases and budgets are private, in "
            "your 1-on-1 (DM, **My 1-on-1** or `/me`); `/mars budget` states your M€.\n"
            "**Hosting:** `/match create mars-auction` (`variant`, `start`, `first_player`, "
            "`turn_minutes`, `step_minutes`, `setup_budget`, `sets`, `display`, `cards`); "
            "`/mars research` opens a generation's auction (`first_player`: who opens it), "
            "`/mars budget` with `member` sets a "
            "player's, `/mars end` ends the match."
        )

    def rules(self) -> str:
        return RULES


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
