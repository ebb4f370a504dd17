"""Atrades in Discord: what each event, guild board (the 1-on-1) and status says, and the
pictures that go with them (docs/rules/atrades.md; the engine's views and events are
`games/atrades/views.py` and `games/atrades/flow.py`).

The match has one board message in its channel (its live status message), whose image is the
map as it stands (`status_board`: `games.atrades.render.render_map`, with its alt text, drawn
from the public view the status words come from), headed by the public texts of the last move
that opened a new wait (the bot's `board_shown` event) and carrying the controls of whoever
acts on the board: a guild's action, a raise or pass in an open round, a
settlement, a free Acquire, an expansion (`bot.games.atrades.controls`). The sealed rounds
(turn-order bids, a merger's final bids) are played in each player's 1-on-1 by DM. Nothing
here reads what a viewer may not see: the public texts come from public events and the
public view, a player's from their own view (AT-D27)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from bot.games.atrades.rules import RULES
from bot.games.base import Names, TypedTexts, text
from games.atrades.data import (
    GUILDS,
    TECHNOLOGY_BY_ID,
    TYPE_NAMES,
    company_called,
    era_of,
    starting_type,
)
from games.atrades.events import (
    Acquired,
    AtradesEvent,
    AtradesPhaseOpened,
    AuctionPassed,
    AuctionRaised,
    BidIn,
    BidMade,
    Expanded,
    ExpansionLetGo,
    ExpansionLost,
    FinalBidIn,
    FinalBidMade,
    FinalBidsRevealed,
    FreeAcquireLost,
    GameEnded,
    LastRound,
    MarketSold,
    MatchStarted,
    MergerDeclared,
    MergerEnded,
    MergerSettled,
    Paid,
    Passed,
    RemovedByHost,
    Researched,
    RoundEnded,
    SoldToGovt,
    TurnOrderResolved,
)
from games.atrades.market import NoExpansion
from games.atrades.model import MAX_PLAYERS, Options
from games.atrades.moves import (
    MOVES,
    Acquire,
    Bid,
    Decline,
    Expand,
    FinalBid,
    Govt,
    Merge,
    Pass,
    Raise,
    Research,
    Settle,
)
from games.atrades.render import render_guild, render_map
from games.atrades.render.words import TRACK_NAMES
from games.atrades.rounds import EndReason
from games.atrades.views import (
    Audit,
    GuildCard,
    Mine,
    PlayerView,
    PublicView,
    Summary,
    TurnOrderBids,
)
from games.core.contract import Action, Answer
from games.core.drawing.board import Board
from games.core.drawing.words import join, plural
from games.core.events import GameEvent, PlayerForfeited, PlayerKicked, event_models

PURSE = "purse"


class BoardShown(GameEvent):
    """The bot's own event: the map after a move that opens a new wait, drawn from the
    public view after it."""

    type: Literal["board_shown"] = "board_shown"
    view: PublicView


#: What the texts read: the engine's events and the bot's own.
Told = AtradesEvent | BoardShown


def company(initiative: int | str) -> str:
    """A company by its starting tile, as players read it: "Spice 15"."""
    return company_called(int(initiative))


#: Why a company does not expand, by `games.atrades.market.NoExpansion` (AT-D19, AT-D26);
#: "{type}" is its goods' type.
NO_EXPANSION: dict[NoExpansion, str] = {
    "no_tile": "no {type} tile is left in the supply",
    "no_land": "no free land is next to it",
    "left": "its guild has left the game",
}


def no_expansion(initiative: int, reason: NoExpansion) -> str:
    """Why a company that sold a good for every tile does not expand, in words."""
    return NO_EXPANSION[reason].format(type=TYPE_NAMES[starting_type(initiative)])


def end_reasons(reasons: list[EndReason], out_of_cubes: list[str], names: Names) -> str:
    """Why the game ends (AT-26, AT-D26), from an event's `reasons` and `out_of_cubes`:
    "ann has spent their last action cube", "no starting tile is left to acquire", "one
    guild is left"."""
    said = []
    for reason in reasons:
        if reason == "cubes":
            spent = [names(p) for p in out_of_cubes]
            cubes = "has spent their last action cube"
            if len(spent) > 1:
                cubes = "have spent their last action cubes"
            said.append(f"{join(spent)} {cubes}")
        elif reason == "tiles":
            said.append("no starting tile is left to acquire")
        else:
            said.append("one guild is left in the game")
    return join(said)


def technology(card: str) -> str:
    found = TECHNOLOGY_BY_ID.get(card)
    return found.name if found else card


def payment(paid: Paid) -> str:
    """A payment of `money.Payment` (a company's part, then personal money), in words."""
    parts = []
    if paid.from_company and paid.company is not None:
        parts.append(f"${paid.from_company} from {company(paid.company)}'s bank")
    if paid.from_money:
        parts.append(f"${paid.from_money} of personal money")
    return join(parts) or "$0"


def source(pay_from: str) -> str:
    """Where a move pays from, in words: "your money" or "Spice 15's bank, then your
    money" (AT-D24)."""
    return "your money" if pay_from == PURSE else f"{company(pay_from)}'s bank, then your money"


def paid_words(paid: Paid) -> str:
    """A bid and where it comes from: "$5 ($3 from Spice 15's bank and $2 of personal
    money)", or "$0"."""
    return f"${paid.total}" + (f" ({payment(paid)})" if paid.total else "")


class AtradesTexts(TypedTexts[PublicView, Told]):
    game = "atrades"
    title = "Atrades"
    event_types = (*event_models(AtradesEvent), BoardShown)
    board_events: ClassVar[frozenset[str]] = frozenset({"game_ended"})
    #: The reveals of a sealed round: after each the spectators' channel gets that round
    #: (`audit`), once. The end reveals nothing sealed; each player's result comes with it.
    phase_closing_events: ClassVar[frozenset[str]] = frozenset(
        {"turn_order_resolved", "final_bids_revealed"}
    )
    #: The audit holds only sealed rounds already revealed to everyone (AT-D27).
    spectators_see_sealed = False
    #: The host sees what the public sees (AT-D27), which holds only the pile's size.
    record_withheld = "its seed deals the face-down pile of starting tiles"
    wants_views = True
    combine_messages = True
    live_board_events: ClassVar[frozenset[str]] = frozenset({"board_shown"})
    #: A round's end: its last expansion, the new starting tiles and the next round's bids
    #: are told in the channel, not only in the DMs and on the board.
    digest_events: ClassVar[frozenset[str]] = frozenset({"round_ended"})
    announces: ClassVar[frozenset[str]] = frozenset({"phase_opened"})
    forfeit = (
        "Your guild leaves the game: its companies stay on the map, it bids $0 for turn order, "
        "drops out of auctions and takes no more actions, and it is not ranked at the end."
    )

    # -- events ----------------------------------------------------------------------------

    def describe_to(self, event: dict[str, Any], reader: str, names: Names) -> str | None:
        told = self.read(event)
        if isinstance(told, BidMade):
            return (
                f"🔒 Your turn-order bid: **${told.amount}**, from {source(told.pay_from)}. "
                "Nobody sees it until every bid is in; you may bid again to change it until "
                "then."
            )
        if isinstance(told, FinalBidMade):
            if told.amount is None:
                return "🔒 You drop out of the final sealed round."
            return (
                f"🔒 Your final sealed bid: **${told.amount}**. It is shown when every bid is in."
            )
        return None if told is None else self.tell(told, names)

    @text
    def match_started(self, event: MatchStarted, names: Names) -> str:
        seats = zip(event.players, event.guilds, strict=True)
        guilds = join([f"**{names(p)}** ({g})" for p, g in seats])
        tiles = join([company(n) for n in event.display])
        return (
            f"**Atrades begins**: {guilds}. The regions: {join(event.regions)}. Starting "
            f"tiles on display: {tiles}. Each round starts with sealed bids for turn order, in "
            "your 1-on-1. How to play: `/help game:atrades`."
        )

    @text
    def phase_opened(self, event: AtradesPhaseOpened, names: Names) -> str | None:
        name = event.name
        waiting = join([names(p) for p in event.players])
        if name == "bids":
            return (
                f"**Round {event.round}: sealed turn-order bids.** Bid in your 1-on-1 (your "
                "DMs, or **My 1-on-1**): from your money or one company's bank. Nobody sees a "
                "bid until all are in."
            )
        if name == "sealed":
            return (
                f"**The final sealed round.** {waiting}: your final bid or drop out, in your "
                "1-on-1. The bids are shown together."
            )
        if name == "ended":
            return None
        return f"**{self.engine_text(event.title, names)}.**"

    @text
    def bid_in(self, event: BidIn, names: Names) -> str:
        if event.by_deadline:
            return f"⏰ {names(event.player)} did not bid in time: $0."
        return f"{names(event.player)} has bid for turn order."

    @text
    def turn_order_resolved(self, event: TurnOrderResolved, names: Names) -> str:
        order = " → ".join(f"**{names(p)}**" for p in event.order)
        bids = "; ".join(f"{names(p)} {paid_words(paid)}" for p, paid in event.bids.items())
        return f"**Turn order for round {event.round}:** {order}. The bids: {bids}."

    @text
    def acquired(self, event: Acquired, names: Names) -> str:
        how = "takes a free Acquire" if event.free else "acquires"
        return f"**{names(event.player)}** {how}: **{company(event.tile)}** starts on {event.hex}."

    @text
    def merger_declared(self, event: MergerDeclared, names: Names) -> str:
        first, second = (company(c) for c in event.companies)
        cube = " (a cube on the merger track)" if event.cube else ""
        return (
            f"**{names(event.player)}** declares a merger of **{first}** and "
            f"**{second}**{cube}. The auction begins."
        )

    @text
    def sold_to_govt(self, event: SoldToGovt, names: Names) -> str:
        rows = event.rows
        if rows:
            taken = join(
                [
                    f"${paid} of its bank for ${vp}" if i == 0 else f"${paid} for ${vp}"
                    for i, (paid, vp) in enumerate(rows)
                ]
            )
            chart = f"the chart takes {taken}"
        else:
            chart = "its bank covers no row of the chart"
        return (
            f"**{names(event.player)}** sells **{company(event.company)}** to the "
            f"Atrades Government: {chart}: **${event.vp}** to their personal money; "
            f"${event.to_supply} goes back to the supply. Its tiles are flipped."
        )

    @text
    def researched(self, event: Researched, names: Names) -> str:
        card = TECHNOLOGY_BY_ID.get(event.technology)
        cost = f" for ${card.cost}" if card else ""
        where = (
            f", ${event.from_company} of it from {company(event.company)}'s bank"
            if event.from_company and event.company is not None
            else ""
        )
        return (
            f"**{names(event.player)}** researches **{technology(event.technology)}**{cost}{where}."
        )

    @text
    def passed(self, event: Passed, names: Names) -> str:
        if event.by_deadline:
            return f"⏰ {names(event.player)} ran out of time and passes (a cube is spent)."
        return f"{names(event.player)} passes (a cube is spent)."

    @text
    def auction_raised(self, event: AuctionRaised, names: Names) -> str:
        return f"💰 {names(event.player)} bids **${event.amount}**."

    @text
    def auction_passed(self, event: AuctionPassed, names: Names) -> str:
        late = " (out of time)" if event.by_deadline else ""
        return f"{names(event.player)} passes and leaves the auction{late}."

    @text
    def final_bid_in(self, event: FinalBidIn, names: Names) -> str:
        if event.by_deadline:
            return f"⏰ {names(event.player)} made no final bid in time and drops out."
        return f"{names(event.player)} has made their final decision."

    @text
    def final_bids_revealed(self, event: FinalBidsRevealed, names: Names) -> str:
        bids = "; ".join(
            f"{names(p)} {'dropped out' if amount is None else f'${amount}'}"
            for p, amount in event.bids.items()
        )
        winner = event.winner
        won = (
            f" **{names(winner)}** wins the auction at ${event.price}."
            if winner
            else " Nobody wins."
        )
        return f"**The final bids:** {bids or 'none'}.{won}"

    @text
    def merger_ended(self, event: MergerEnded, names: Names) -> str:
        first, second = (company(c) for c in event.companies)
        return f"Nobody bid: there is no merger of {first} and {second}."

    @text
    def merger_settled(self, event: MergerSettled, names: Names) -> str:
        paid = event.paid
        part = event.from_company
        how = (
            f"${part} of it from {company(event.company)}'s bank"
            if part and event.company is not None
            else "personal money"
        )
        # Events stored before `bank` existed do not say the merged company's bank.
        bank = f", its bank ${event.bank}" if event.bank is not None else ""
        survivor = company(event.survivor) if event.survivor is not None else "none"
        lines = [
            f"**{names(event.winner)}** pays **${event.price}** ({how}); the merged "
            f"company is **{survivor}**{bank}."
        ]
        if paid:
            lines.append(
                "To the owners' personal money: "
                + ", ".join(f"{names(p)} ${amount}" for p, amount in paid.items())
                + "."
            )
        if event.free_acquires:
            lines.append(f"Free Acquire for {join([names(p) for p in event.free_acquires])}.")
        if event.bureaucracy:
            lines.append(
                f"A free bureaucracy cube for {join([names(p) for p in event.bureaucracy])}."
            )
        return " ".join(lines)

    @text
    def free_acquire_lost(self, event: FreeAcquireLost, names: Names) -> str:
        why = {
            "declined": "lets their free Acquire go",
            "deadline": "ran out of time: their free Acquire is let go",
            "none_to_take": "has no tile or land for their free Acquire: it is let go",
        }[event.reason]
        return f"{names(event.player)} {why}."

    @text
    def market_sold(self, event: MarketSold, names: Names) -> str:
        sales = [s for s in event.sales if s.goods]
        if not sales:
            return f"**Round {event.round}'s market:** nothing is sold."
        sold = "; ".join(
            f"{company(s.company)}: {plural(s.goods, 'good')} at ${s.price} (+${s.income})"
            for s in sales
        )
        grow = (
            f" Expanding: {join([company(c) for c in event.expansions])}."
            if event.expansions
            else ""
        )
        # Events stored before `blocked` existed name only the companies that expand.
        blocked = "".join(
            f" {company(b.company)} cannot expand: {no_expansion(b.company, b.reason)}."
            for b in event.blocked
        )
        return f"**Round {event.round}'s market:** {sold}.{grow}{blocked}"

    @text
    def expanded(self, event: Expanded, names: Names) -> str:
        return f"**{company(event.company)}** expands onto {event.hex}."

    @text
    def expansion_lost(self, event: ExpansionLost, names: Names) -> str:
        lost = event.company
        why = "it cannot" if event.reason is None else no_expansion(lost, event.reason)
        return f"{company(lost)} can no longer expand: {why}."

    @text
    def expansion_let_go(self, event: ExpansionLetGo, names: Names) -> str:
        return f"{company(event.company)} does not expand."

    @text
    def round_ended(self, event: RoundEnded, names: Names) -> str:
        refilled = (
            f" New starting tiles on display: {join([company(n) for n in event.refilled])}."
            if event.refilled
            else ""
        )
        # Events stored before `last` existed say the next era after the last round too.
        changes = not event.last and event.era != era_of(event.round)
        after = f" Round {event.round + 1} opens era {event.era}." if changes else ""
        return f"**Round {event.round} is over.**{refilled}{after}"

    @text
    def last_round(self, event: LastRound, names: Names) -> str:
        why = end_reasons(event.reasons, event.out_of_cubes, names)
        return f"⏳ **Round {event.round} is the last**: {why}. The game ends when it is over."

    @text
    def game_ended(self, event: GameEnded, names: Names) -> str:
        places = sorted(event.places.items(), key=lambda item: item[1])
        money = event.money
        listed = "; ".join(
            f"{place}. {names(p)} ${money[p]} (banks ${event.banks.get(p, 0)})"
            for p, place in places
        )
        winners = join([f"**{names(p)}**" for p in event.winners])
        # Events stored before `reasons` existed say no reason.
        why = f" ({end_reasons(event.reasons, event.out_of_cubes, names)})" if event.reasons else ""
        return f"🏁 **The game is over**{why}: {winners} wins. Personal money: {listed}."

    @text
    def player_kicked(self, event: PlayerKicked, names: Names) -> str:
        return f"The host removed {names(event.player)}'s guild from the game."

    @text
    def removed_by_host(self, event: RemovedByHost, names: Names) -> str:
        return (
            "The host removed you from the match: your guild leaves the game. Its companies "
            "stay on the map; it makes no more moves and is not ranked at the end."
        )

    @text
    def player_forfeited(self, event: PlayerForfeited, names: Names) -> str:
        return f"{names(event.player)} has conceded: their guild leaves the game."

    # -- the bot's own event -------------------------------------------------------------

    def add_events(
        self, before: PublicView, events: list[dict[str, Any]], after: PublicView
    ) -> list[dict[str, Any]]:
        """The map after the move, right after the `phase_opened` of a new wait (the end's
        too: the final map, with everyone's money)."""
        told = [self.read(event) for event in events]
        if any(isinstance(e, BoardShown) for e in told):
            return events
        opened = max(
            (i for i, e in enumerate(told) if isinstance(e, AtradesPhaseOpened)), default=None
        )
        out: list[dict[str, Any]] = []
        for index, event in enumerate(events):
            out.append(event)
            if index == opened:
                out.append(BoardShown(view=after).told().to_json())
        return out

    # -- a player's 1-on-1: their guild board --------------------------------------------

    def one_on_one(self, view: Summary, actions: list[Action], names: Names) -> str:
        me = view.me
        if me is None:
            return "You are not playing in this match."
        guild = view.guild(me.player)
        assert guild is not None
        head = (
            f"**Your guild board — Atrades, round {view.round} (era {view.era})**\n"
            f"You are **{guild.guild}**. Your money: **${me.money}** (only you see it)."
        )
        if guild.out:
            return f"{head}\nYour guild has left the game: it makes no more moves."
        tracks = ", ".join(f"{TRACK_NAMES[t]} {n}" for t, n in guild.tracks.items())
        lines = [head, f"Action cubes left: **{guild.cubes}** · on the tracks: {tracks}."]
        if guild.technologies:
            lines.append(f"Technologies: {join([technology(t) for t in guild.technologies])}.")
        mine = [c for c in view.companies if c.owner == me.player and not c.flipped]
        if mine:
            listed = "; ".join(
                f"**{company(c.initiative)}** ({plural(len(c.hexes), 'tile')}: "
                f"{', '.join(c.hexes)}; bank ${c.bank})"
                for c in mine
            )
            lines.append(f"Your companies: {listed}.")
        else:
            lines.append("You own no company now.")
        if view.step == "ended":
            lines.append("The game is over.")
            return "\n".join(lines)
        lines.append(self._now(view, me, actions))
        return "\n".join(lines)

    def _now(self, view: Summary, me: Mine, actions: list[Action]) -> str:
        """What the player may do now, or whom the game waits for."""
        keys = {a.key for a in actions}
        merger = view.merger
        if "bid" in keys:
            standing = me.bid
            mine = (
                f" Your bid so far: {paid_words(standing)}; you may change it." if standing else ""
            )
            return (
                "**Now: bid for turn order** below, from your money or one company's bank "
                f"(then your money). The highest bid goes first.{mine}"
            )
        if keys & {"final_bid", "drop"}:
            assert merger is not None
            return (
                f"**Now: the final sealed round.** Bid more than ${merger.high}, up to what "
                "your money and one company's bank hold, or drop out. Bids are shown together."
            )
        if "settle" in keys:
            return (
                "**Now: you won the auction.** Settle it: where you pay from, the merged "
                "company where the choice is yours, and the free bureaucracy cube."
            )
        if "raise" in keys or (merger and "pass" in keys):
            assert merger is not None
            high = f"${merger.high}" if merger.leader else "nobody yet"
            return f"**Now: raise or pass** in the auction (high bid {high}). A pass is final."
        if "expand" in keys:
            return "**Now: expand** your company onto a free hex next to it, or let it go."
        if "decline" in keys:
            return "**Now: your free Acquire**: a starting tile on free land, or let it go."
        if keys:
            return (
                "**Now: your action**: Acquire, Merge, sell to the Government, Research or "
                "Pass, below or on the board in the channel."
            )
        if me.final_in and merger and merger.step == "sealed":
            bid = me.final_bid
            mine = "you dropped out" if bid is None else f"yours is ${bid}"
            return f"Your final bid is in ({mine}); waiting for the others."
        if me.bid is not None:
            return "Your turn-order bid is in; waiting for the others."
        return "Nothing to do now: the board in the channel shows whose move it is."

    def status(self, view: PublicView, names: Names) -> str:
        """Round and era, turn order, demand by region, each guild's cubes and companies,
        the auction under way; at the end, the places and everyone's money."""
        if view.ended:
            places = sorted((view.places or {}).items(), key=lambda item: item[1])
            money = {g.player: g.money for g in view.guilds}
            listed = "; ".join(f"{place}. {names(p)} ${money[p]}" for p, place in places)
            winners = join([f"**{names(p)}**" for p in view.winners])
            return f"{winners} wins. Personal money: {listed}."
        lines = [f"Round {view.round} · era {view.era}"]
        if view.step != "bids":
            lines[0] += " · turn order: " + " → ".join(names(p) for p in view.order)
        lines.append("Demand: " + ", ".join(f"{r.name} {r.demand}" for r in view.regions))
        display = join([company(n) for n in view.display]) or "none"
        lines.append(f"Starting tiles on display: {display}.")
        for guild in view.guilds:
            owned = [c for c in view.companies if c.owner == guild.player and not c.flipped]
            listed = ", ".join(
                f"{company(c.initiative)} ({len(c.hexes)}, ${c.bank})" for c in owned
            )
            left = " (left the game)" if guild.out else ""
            lines.append(
                f"**{names(guild.player)}** ({guild.guild}){left}: "
                f"{plural(guild.cubes, 'cube')} left; {listed or 'no company'}"
            )
        merger = view.merger
        if merger:
            first, second = (company(c) for c in merger.companies)
            high = (
                f"high bid ${merger.high} by {names(merger.leader)}"
                if merger.leader
                else "no bid yet"
            )
            still = join([names(p) for p in merger.bidders])
            turn = f"; {names(merger.to_bid)} to raise or pass" if merger.to_bid else ""
            lines.append(
                f"Auction for {first} and {second}: {high}; still in: {still}{turn}; "
                f"{plural(merger.rounds, 'round')}, the last sealed."
            )
        return "\n".join(lines)

    def results(self, events: list[dict[str, Any]], view: PublicView, names: Names) -> str | None:
        """At the end, the player's own place and money."""
        ended = next((e for e in map(self.read, events) if isinstance(e, GameEnded)), None)
        if not isinstance(view, PlayerView) or ended is None:
            return None
        player = view.me.player
        if player not in ended.places:
            return None
        won = " You win!" if player in ended.winners else ""
        return (
            f"📋 **Your result:** place {ended.places[player]} of {len(ended.places)}, with "
            f"${ended.money[player]} of personal money.{won}"
        )

    def audit(self, host_view: dict[str, Any], names: Names) -> str:
        """The sealed round revealed last, for the spectators' channel, which got the ones
        before it at their own reveals (AT-D27: each was revealed to everyone)."""
        # The host's view with the engine's audit merged in, as JSON: the audit read back
        # through its model.
        closed = Audit.model_validate(host_view).closed
        if not closed:
            return "No sealed round has been revealed yet."
        entry = closed[-1]
        if isinstance(entry, TurnOrderBids):
            bids = "; ".join(f"{names(p)} ${paid.total}" for p, paid in entry.bids.items())
            return f"**Atrades — round {entry.round}'s turn-order bids:** {bids}."
        first, second = (company(c) for c in entry.merger)
        bids = "; ".join(
            f"{names(p)} {'out' if a is None else f'${a}'}" for p, a in entry.final_bids.items()
        )
        return (
            f"**Atrades — round {entry.round}, the final sealed bids for {first} and "
            f"{second}:** {bids}."
        )

    def step_text(self, action: Action, answers: Mapping[str, Answer], names: Names) -> str:
        """Each step's question, with what was picked before it."""
        step = action.next_step(dict(answers))
        field = step.field if step is not None else ""
        # What was picked at the action's first step: the tile of an Acquire, the company
        # of a Merge.
        first = action.steps[0].field if action.steps else field
        chosen = answers.get(first) if first != field else None
        if field == "hex":
            what = f"**{company(chosen)}**" if isinstance(chosen, str) else "the company"
            return (
                f"Where does {what} go? Pick a free hex from its region's menu (the labels, "
                "such as B4, are on the map)."
            )
        if field == "tile":
            return (
                f"**{self.engine_text(action.label, names)}**: which starting tile from the "
                "display?"
            )
        if field == "other" and isinstance(chosen, str):
            return f"Merge **{company(chosen)}** with which company next to it?"
        if field == "survivor":
            return "Which of the two companies does the merged company become?"
        if field == "cube":
            return "The free bureaucracy cube: do you take it onto your bureaucracy track?"
        if field == "pay_from":
            return f"**{self.engine_text(action.label, names)}**: where do you pay from?"
        return super().step_text(action, answers, names)

    def confirm(self, action: Action, answers: Mapping[str, Answer], names: Names) -> str | None:
        """Selling to the Government cannot be taken back by a player: asked first."""
        if action.key != "govt":
            return None
        # A sale's one step is the company.
        chosen = answers.get(action.steps[0].field)
        return (
            f"Sell **{company(str(chosen))}** to the Atrades Government? Its bank is paid out "
            "by the chart and its tiles are flipped for good."
        )

    def move(self, move: dict[str, Any], names: Names, told: list[dict[str, Any]]) -> str:
        """A guild's move in words, after "your" (what `/match undo` takes back), read back
        through the engine's moves, companies by their names ("Spice 15", never a number
        read as a player); a let-go by what was let go, from `told`. The host's moves as
        every game's."""
        parsed = MOVES.validate_python(move)
        if isinstance(parsed, Bid):
            return f"turn-order bid of ${parsed.amount} from {source(parsed.pay_from)}"
        if isinstance(parsed, Acquire):
            return f"Acquire of {company(parsed.tile)} onto {parsed.hex.upper()}"
        if isinstance(parsed, Merge):
            cube = " (a cube on the merger track)" if parsed.cube else ""
            return f"merger of {company(parsed.company)} and {company(parsed.other)}{cube}"
        if isinstance(parsed, Govt):
            return f"sale of {company(parsed.company)} to the Atrades Government"
        if isinstance(parsed, Research):
            card = parsed.technology.strip().upper()
            return f"research of {technology(card)} from {source(parsed.pay_from)}"
        if isinstance(parsed, Raise):
            return f"bid of ${parsed.amount} in the merger's auction"
        if isinstance(parsed, FinalBid):
            if parsed.amount is None:
                return "dropping out of the final sealed round"
            return f"final sealed bid of ${parsed.amount}"
        if isinstance(parsed, Settle):
            merged = parsed.survivor
            into = f", the merged company {company(merged)}" if merged is not None else ""
            cube = "taking" if parsed.cube == "take" else "leaving"
            return (
                f"settlement of the merger (paid from {source(parsed.pay_from)}{into}, {cube} "
                "the free bureaucracy cube)"
            )
        if isinstance(parsed, Expand):
            return f"expansion onto {parsed.hex.upper()}"
        if isinstance(parsed, Decline):
            lost = next((e for e in map(self.read, told) if isinstance(e, ExpansionLetGo)), None)
            if lost is not None:
                return f"letting {company(lost.company)}'s expansion go"
            return "letting the free Acquire go"
        if isinstance(parsed, Pass):
            return "pass"
        return super().move(move, names, told)

    def options_text(self, options: dict[str, Any], names: Names) -> str | None:
        """The regions and guild boards named, as AT-D28 uses them: before anyone joins, how
        many are used and how many drawn is not known, so it says the rule; what a match
        used is in its first message. Then the starting money (AT-D1) and AT-D12's other
        reading, when the host set them."""
        chosen = Options.model_validate(options)
        parts = []
        rest = ", the rest drawn at random"
        if regions := chosen.regions:
            parts.append(
                f"the map's regions: {join(regions)} first, as many as it needs (one more "
                f"than the players){rest if len(regions) <= MAX_PLAYERS else ''}"
            )
        if guilds := chosen.guilds:
            parts.append(
                f"guild boards: {join(guilds)}, one a seat in seat order"
                f"{rest if len(guilds) < MAX_PLAYERS else ''}"
            )
        if not parts:
            parts.append("regions and guild boards drawn at random")
        if money := chosen.money:
            each = (
                f"${money[0]} each"
                if len(money) == 1
                else join([f"{g.name} ${m}" for g, m in zip(GUILDS, money, strict=True)])
            )
            parts.append(f"starting money: {each}")
        if chosen.loser_bank == "merged":
            parts.append(
                "in a player merger, a lost company's bank goes onto the merged company's bank"
            )
        return "; ".join(parts)

    # -- pictures ----------------------------------------------------------------------------

    def board_of(self, event: Told, names: Mapping[str, str]) -> Board | None:
        """No event brings an image of its own: the map is the board message's."""
        return None

    def status_board(self, view: PublicView, names: Mapping[str, str]) -> Board | None:
        """The map as it stands (at the end, with everyone's money): on the board message,
        and `/match status`."""
        return render_map(view, names)

    def card_of(self, view: PublicView, actions: list[Action]) -> GuildCard | None:
        """A player's guild board is drawn from their own view and their legal actions."""
        return GuildCard(view=view, actions=actions) if isinstance(view, PlayerView) else None

    def card(self, view: GuildCard | None, names: Mapping[str, str]) -> Board | None:
        """The player's guild board (`card_of`)."""
        return None if view is None else render_guild(view, names)

    def help(self) -> str:
        return (
            "**Atrades** (2 to 5 players): guilds start companies on a desert planet's map, "
            "sell goods in the market, and merge companies at auction to turn their money "
            "into their own. The most personal money at the end wins.\n"
            "**Each round:** sealed bids for turn order (in your 1-on-1); then each guild's "
            "action in turn order, on the board message in the channel: **Acquire** a "
            "starting tile onto a free hex (by its label, such as B4), **Merge** two "
            "neighbouring companies (an auction: open rounds of raise or pass on the board, "
            "then a final sealed round in your 1-on-1), **sell** a company to the Government, "
            "**Research** a technology, or **Pass**. Then the market sells and companies "
            "expand.\n"
            "**Starting:** `/match create atrades` opens a lobby (2 to 5 players; a host may "
            "seat Dealer with `/match add-bot`). Options: `regions`, `guilds`, `money` (the "
            "guild boards' starting money: one amount for all, or five in initiative order, "
            "as printed boards show it; $20 each unless set), `loser_bank` (below), the "
            "minutes of each kind of decision (`bids_minutes`, `turn_minutes`, "
            "`open_minutes`, `sealed_minutes`, `choice_minutes`), `spectators`, "
            "`thread:True`, `notify`.\n"
            "**A lost company's bank** in a player merger: the rulebook gives the winner "
            '"the combined company assets" and replaces the bank of the winner\'s own company '
            "with the dollars on their spaces, but does not say where the bank of a company "
            "they did not own goes. Read one way (the default, `loser_bank:supply`), it goes "
            "back to the supply and the merged company's bank is the dollars on the winner's "
            "spaces alone; read the other way (`loser_bank:merged`), it goes onto the merged "
            "company's bank."
        )

    def rules(self) -> str:
        return RULES
