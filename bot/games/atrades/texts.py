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
from bot.games.base import Envelope, Names, TypedTexts, rules_text, text
from bot.i18n import N_, _, ngettext
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
from games.core.drawing.words import listed as listing
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
    # TRANSLATORS: {type} is a goods' type as printed: Rations, Liquids, Wiring, Spice.
    "no_tile": N_("no {type} tile is left in the supply"),
    "no_land": N_("no free land is next to it"),
    "left": N_("its guild has left the game"),
}

#: Why a free Acquire is let go, by `FreeAcquireLost.reason`.
FREE_ACQUIRE_LOST = {
    "declined": N_("{player} lets their free Acquire go."),
    "deadline": N_("{player} ran out of time: their free Acquire is let go."),
    "none_to_take": N_("{player} has no tile or land for their free Acquire: it is let go."),
}

#: The guild board's tracks, as the 1-on-1 names them (the rulebook's words).
TRACKS: dict[str, str] = {
    "acquire": N_("Acquire"),
    "merger": N_("Merger"),
    "bureaucracy": N_("Bureaucracy"),
    "research": N_("Research"),
}


def no_expansion(initiative: int, reason: NoExpansion) -> str:
    """Why a company that sold a good for every tile does not expand, in words."""
    return _(NO_EXPANSION[reason]).format(type=TYPE_NAMES[starting_type(initiative)])


def end_reasons(reasons: list[EndReason], out_of_cubes: list[str], names: Names) -> str:
    """Why the game ends (AT-26, AT-D26), from an event's `reasons` and `out_of_cubes`:
    "ann has spent their last action cube", "no starting tile is left to acquire", "one
    guild is left"."""
    said = []
    for reason in reasons:
        if reason == "cubes":
            spent = [names(p) for p in out_of_cubes]
            said.append(
                ngettext(
                    "{players} has spent their last action cube",
                    "{players} have spent their last action cubes",
                    len(spent) or 1,
                ).format(players=listing(spent))
            )
        elif reason == "tiles":
            said.append(_("no starting tile is left to acquire"))
        else:
            said.append(_("one guild is left in the game"))
    return listing(said)


def technology(card: str) -> str:
    found = TECHNOLOGY_BY_ID.get(card)
    return found.name if found else card


def from_bank(amount: int, initiative: int) -> str:
    """Part of a payment from a company's bank: "$3 from Spice 15's bank"."""
    return _("${amount} from {company}'s bank").format(amount=amount, company=company(initiative))


def payment(paid: Paid) -> str:
    """A payment of `money.Payment` (a company's part, then personal money), in words."""
    parts = []
    if paid.from_company and paid.company is not None:
        parts.append(from_bank(paid.from_company, paid.company))
    if paid.from_money:
        parts.append(_("${amount} of personal money").format(amount=paid.from_money))
    return listing(parts) or "$0"


def source(pay_from: str) -> str:
    """Where a move pays from, in words: "your money" or "Spice 15's bank, then your
    money" (AT-D24)."""
    if pay_from == PURSE:
        return _("your money")
    return _("{company}'s bank, then your money").format(company=company(pay_from))


def paid_words(paid: Paid) -> str:
    """A bid and where it comes from: "$5 ($3 from Spice 15's bank and $2 of personal
    money)", or "$0"."""
    return f"${paid.total}" + (f" ({payment(paid)})" if paid.total else "")


def sentences(*said: str) -> str:
    """Whole sentences, each its own message id, one after the other."""
    return " ".join(s for s in said if s)


class AtradesTexts(TypedTexts[PublicView, Told]):
    game = "atrades"
    title = "Atrades"
    move_kinds: ClassVar[Mapping[str, str]] = {
        "bid": N_("bid"),
        "acquire": N_("acquire"),
        "merge": N_("merge"),
        "govt": N_("govt"),
        "research": N_("research"),
        "pass": N_("pass"),
        "raise": N_("raise"),
        "final_bid": N_("final bid"),
        "settle": N_("settle"),
        "decline": N_("decline"),
        "expand": N_("expand"),
    }
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
    record_withheld = N_("its seed deals the face-down pile of starting tiles")
    public_view = PublicView
    combine_messages = True
    live_board_events: ClassVar[frozenset[str]] = frozenset({"board_shown"})
    #: A round's end: its last expansion, the new starting tiles and the next round's bids
    #: are told in the channel, not only in the DMs and on the board.
    digest_events: ClassVar[frozenset[str]] = frozenset({"round_ended"})
    announces: ClassVar[frozenset[str]] = frozenset({"phase_opened"})
    forfeit = N_(
        "Your guild leaves the game: its companies stay on the map, it bids $0 for turn order, "
        "drops out of auctions and takes no more actions, and it is not ranked at the end."
    )

    # -- events ----------------------------------------------------------------------------

    def describe_to(self, event: Envelope, reader: str, names: Names) -> str | None:
        told = self.read(event)
        if isinstance(told, BidMade):
            return _(
                "🔒 Your turn-order bid: **${amount}**, from {source}. Nobody sees it until "
                "every bid is in; you may bid again to change it until then."
            ).format(amount=told.amount, source=source(told.pay_from))
        if isinstance(told, FinalBidMade):
            if told.amount is None:
                return _("🔒 You drop out of the final sealed round.")
            return _(
                "🔒 Your final sealed bid: **${amount}**. It is shown when every bid is in."
            ).format(amount=told.amount)
        return None if told is None else self.tell(told, names)

    @text
    def match_started(self, event: MatchStarted, names: Names) -> str:
        seats = zip(event.players, event.guilds, strict=True)
        guilds = listing([f"**{names(p)}** ({g})" for p, g in seats])
        tiles = listing([company(n) for n in event.display])
        return _(
            "**Atrades begins**: {guilds}. The regions: {regions}. Starting tiles on display: "
            "{tiles}. Each round starts with sealed bids for turn order, in your 1-on-1. How "
            "to play: `/help game:atrades`."
        ).format(guilds=guilds, regions=listing(event.regions), tiles=tiles)

    @text
    def phase_opened(self, event: AtradesPhaseOpened, names: Names) -> str | None:
        name = event.name
        waiting = listing([names(p) for p in event.players])
        if name == "bids":
            return _(
                "**Round {round}: sealed turn-order bids.** Bid in your 1-on-1 (your DMs, or "
                "**My 1-on-1**): from your money or one company's bank. Nobody sees a bid "
                "until all are in."
            ).format(round=event.round)
        if name == "sealed":
            return _(
                "**The final sealed round.** {players}: your final bid or drop out, in your "
                "1-on-1. The bids are shown together."
            ).format(players=waiting)
        if name == "ended":
            return None
        return f"**{self.engine_text(event.title, names)}.**"

    @text
    def bid_in(self, event: BidIn, names: Names) -> str:
        if event.by_deadline:
            return _("⏰ {player} did not bid in time: $0.").format(player=names(event.player))
        return _("{player} has bid for turn order.").format(player=names(event.player))

    @text
    def turn_order_resolved(self, event: TurnOrderResolved, names: Names) -> str:
        order = " → ".join(f"**{names(p)}**" for p in event.order)
        bids = "; ".join(f"{names(p)} {paid_words(paid)}" for p, paid in event.bids.items())
        return _("**Turn order for round {round}:** {order}. The bids: {bids}.").format(
            round=event.round, order=order, bids=bids
        )

    @text
    def acquired(self, event: Acquired, names: Names) -> str:
        said = (
            _("**{player}** takes a free Acquire: **{company}** starts on {hex}.")
            if event.free
            else _("**{player}** acquires: **{company}** starts on {hex}.")
        )
        return said.format(player=names(event.player), company=company(event.tile), hex=event.hex)

    @text
    def merger_declared(self, event: MergerDeclared, names: Names) -> str:
        first, second = (company(c) for c in event.companies)
        said = (
            _(
                "**{player}** declares a merger of **{first}** and **{second}** (a cube on the "
                "merger track). The auction begins."
            )
            if event.cube
            else _(
                "**{player}** declares a merger of **{first}** and **{second}**. The auction "
                "begins."
            )
        )
        return said.format(player=names(event.player), first=first, second=second)

    @text
    def sold_to_govt(self, event: SoldToGovt, names: Names) -> str:
        rows = event.rows
        if rows:
            taken = listing(
                [
                    (
                        _("${paid} of its bank for ${vp}") if i == 0 else _("${paid} for ${vp}")
                    ).format(paid=paid, vp=vp)
                    for i, (paid, vp) in enumerate(rows)
                ]
            )
            chart = _("the chart takes {rows}").format(rows=taken)
        else:
            chart = _("its bank covers no row of the chart")
        return _(
            "**{player}** sells **{company}** to the Atrades Government: {chart}: **${vp}** to "
            "their personal money; ${supply} goes back to the supply. Its tiles are flipped."
        ).format(
            player=names(event.player),
            company=company(event.company),
            chart=chart,
            vp=event.vp,
            supply=event.to_supply,
        )

    @text
    def researched(self, event: Researched, names: Names) -> str:
        card = TECHNOLOGY_BY_ID.get(event.technology)
        part = event.from_company if event.company is not None else 0
        if card is None:
            said = _("**{player}** researches **{technology}**.")
        elif part:
            said = _(
                "**{player}** researches **{technology}** for ${cost}, ${part} of it from "
                "{company}'s bank."
            )
        else:
            said = _("**{player}** researches **{technology}** for ${cost}.")
        return said.format(
            player=names(event.player),
            technology=technology(event.technology),
            cost=card.cost if card else 0,
            part=part,
            company=company(event.company) if event.company is not None else "",
        )

    @text
    def passed(self, event: Passed, names: Names) -> str:
        if event.by_deadline:
            said = _("⏰ {player} ran out of time and passes (a cube is spent).")
        else:
            said = _("{player} passes (a cube is spent).")
        return said.format(player=names(event.player))

    @text
    def auction_raised(self, event: AuctionRaised, names: Names) -> str:
        return _("💰 {player} bids **${amount}**.").format(
            player=names(event.player), amount=event.amount
        )

    @text
    def auction_passed(self, event: AuctionPassed, names: Names) -> str:
        if event.by_deadline:
            said = _("{player} passes and leaves the auction (out of time).")
        else:
            said = _("{player} passes and leaves the auction.")
        return said.format(player=names(event.player))

    @text
    def final_bid_in(self, event: FinalBidIn, names: Names) -> str:
        if event.by_deadline:
            said = _("⏰ {player} made no final bid in time and drops out.")
        else:
            said = _("{player} has made their final decision.")
        return said.format(player=names(event.player))

    @text
    def final_bids_revealed(self, event: FinalBidsRevealed, names: Names) -> str:
        bids = "; ".join(
            f"{names(p)} {_('dropped out') if amount is None else f'${amount}'}"
            for p, amount in event.bids.items()
        )
        winner = event.winner
        if winner:
            said = _("**The final bids:** {bids}. **{winner}** wins the auction at ${price}.")
        else:
            said = _("**The final bids:** {bids}. Nobody wins.")
        return said.format(
            bids=bids or _("none"), winner=names(winner) if winner else "", price=event.price
        )

    @text
    def merger_ended(self, event: MergerEnded, names: Names) -> str:
        first, second = (company(c) for c in event.companies)
        return _("Nobody bid: there is no merger of {first} and {second}.").format(
            first=first, second=second
        )

    @text
    def merger_settled(self, event: MergerSettled, names: Names) -> str:
        paid = event.paid
        part = event.from_company
        how = (
            _("${amount} of it from {company}'s bank").format(
                amount=part, company=company(event.company)
            )
            if part and event.company is not None
            else _("personal money")
        )
        survivor = company(event.survivor) if event.survivor is not None else _("none")
        # Events stored before `bank` existed do not say the merged company's bank.
        if event.bank is not None:
            said = _(
                "**{winner}** pays **${price}** ({how}); the merged company is **{survivor}**, "
                "its bank ${bank}."
            )
        else:
            said = _(
                "**{winner}** pays **${price}** ({how}); the merged company is **{survivor}**."
            )
        lines = [
            said.format(
                winner=names(event.winner),
                price=event.price,
                how=how,
                survivor=survivor,
                bank=event.bank,
            )
        ]
        if paid:
            owners = ", ".join(f"{names(p)} ${amount}" for p, amount in paid.items())
            lines.append(_("To the owners' personal money: {owners}.").format(owners=owners))
        if event.free_acquires:
            lines.append(
                _("Free Acquire for {players}.").format(
                    players=listing([names(p) for p in event.free_acquires])
                )
            )
        if event.bureaucracy:
            lines.append(
                _("A free bureaucracy cube for {players}.").format(
                    players=listing([names(p) for p in event.bureaucracy])
                )
            )
        return " ".join(lines)

    @text
    def free_acquire_lost(self, event: FreeAcquireLost, names: Names) -> str:
        return _(FREE_ACQUIRE_LOST[event.reason]).format(player=names(event.player))

    @text
    def market_sold(self, event: MarketSold, names: Names) -> str:
        sales = [s for s in event.sales if s.goods]
        if not sales:
            return _("**Round {round}'s market:** nothing is sold.").format(round=event.round)
        sold = "; ".join(
            ngettext(
                "{company}: {count} good at ${price} (+${income})",
                "{company}: {count} goods at ${price} (+${income})",
                s.goods,
            ).format(company=company(s.company), count=s.goods, price=s.price, income=s.income)
            for s in sales
        )
        grow = (
            _("Expanding: {companies}.").format(
                companies=listing([company(c) for c in event.expansions])
            )
            if event.expansions
            else ""
        )
        # Events stored before `blocked` existed name only the companies that expand.
        blocked = [
            _("{company} cannot expand: {why}.").format(
                company=company(b.company), why=no_expansion(b.company, b.reason)
            )
            for b in event.blocked
        ]
        market = _("**Round {round}'s market:** {sold}.").format(round=event.round, sold=sold)
        return sentences(market, grow, *blocked)

    @text
    def expanded(self, event: Expanded, names: Names) -> str:
        return _("**{company}** expands onto {hex}.").format(
            company=company(event.company), hex=event.hex
        )

    @text
    def expansion_lost(self, event: ExpansionLost, names: Names) -> str:
        lost = event.company
        why = _("it cannot") if event.reason is None else no_expansion(lost, event.reason)
        return _("{company} can no longer expand: {why}.").format(company=company(lost), why=why)

    @text
    def expansion_let_go(self, event: ExpansionLetGo, names: Names) -> str:
        return _("{company} does not expand.").format(company=company(event.company))

    @text
    def round_ended(self, event: RoundEnded, names: Names) -> str:
        refilled = (
            _("New starting tiles on display: {tiles}.").format(
                tiles=listing([company(n) for n in event.refilled])
            )
            if event.refilled
            else ""
        )
        # Events stored before `last` existed say the next era after the last round too.
        changes = not event.last and event.era != era_of(event.round)
        after = (
            _("Round {round} opens era {era}.").format(round=event.round + 1, era=event.era)
            if changes
            else ""
        )
        over = _("**Round {round} is over.**").format(round=event.round)
        return sentences(over, refilled, after)

    @text
    def last_round(self, event: LastRound, names: Names) -> str:
        why = end_reasons(event.reasons, event.out_of_cubes, names)
        return _("⏳ **Round {round} is the last**: {why}. The game ends when it is over.").format(
            round=event.round, why=why
        )

    @text
    def game_ended(self, event: GameEnded, names: Names) -> str:
        places = sorted(event.places.items(), key=lambda item: item[1])
        money = event.money
        listed = "; ".join(
            _("{place}. {player} ${money} (banks ${banks})").format(
                place=place, player=names(p), money=money[p], banks=event.banks.get(p, 0)
            )
            for p, place in places
        )
        winners = listing([f"**{names(p)}**" for p in event.winners])
        # Events stored before `reasons` existed say no reason.
        if event.reasons:
            said = _("🏁 **The game is over** ({why}): {winners} wins. Personal money: {listed}.")
        else:
            said = _("🏁 **The game is over**: {winners} wins. Personal money: {listed}.")
        return said.format(
            why=end_reasons(event.reasons, event.out_of_cubes, names),
            winners=winners,
            listed=listed,
        )

    @text
    def player_kicked(self, event: PlayerKicked, names: Names) -> str:
        return _("The host removed {player}'s guild from the game.").format(
            player=names(event.player)
        )

    @text
    def removed_by_host(self, event: RemovedByHost, names: Names) -> str:
        return _(
            "The host removed you from the match: your guild leaves the game. Its companies "
            "stay on the map; it makes no more moves and is not ranked at the end."
        )

    @text
    def player_forfeited(self, event: PlayerForfeited, names: Names) -> str:
        return _("{player} has conceded: their guild leaves the game.").format(
            player=names(event.player)
        )

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
            return _("You are not playing in this match.")
        guild = view.guild(me.player)
        assert guild is not None
        head = "\n".join(
            [
                _("**Your guild board — Atrades, round {round} (era {era})**").format(
                    round=view.round, era=view.era
                ),
                _("You are **{guild}**. Your money: **${money}** (only you see it).").format(
                    guild=guild.guild, money=me.money
                ),
            ]
        )
        if guild.out:
            return f"{head}\n{_('Your guild has left the game: it makes no more moves.')}"
        tracks = ", ".join(f"{_(TRACKS[t])} {n}" for t, n in guild.tracks.items())
        lines = [
            head,
            _("Action cubes left: **{cubes}** · on the tracks: {tracks}.").format(
                cubes=guild.cubes, tracks=tracks
            ),
        ]
        if guild.technologies:
            lines.append(
                _("Technologies: {technologies}.").format(
                    technologies=listing([technology(t) for t in guild.technologies])
                )
            )
        mine = [c for c in view.companies if c.owner == me.player and not c.flipped]
        if mine:
            listed = "; ".join(
                ngettext(
                    "**{company}** ({count} tile: {hexes}; bank ${bank})",
                    "**{company}** ({count} tiles: {hexes}; bank ${bank})",
                    len(c.hexes),
                ).format(
                    company=company(c.initiative),
                    count=len(c.hexes),
                    hexes=", ".join(c.hexes),
                    bank=c.bank,
                )
                for c in mine
            )
            lines.append(_("Your companies: {companies}.").format(companies=listed))
        else:
            lines.append(_("You own no company now."))
        if view.step == "ended":
            lines.append(_("The game is over."))
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
                _("Your bid so far: {bid}; you may change it.").format(bid=paid_words(standing))
                if standing
                else ""
            )
            return sentences(
                _(
                    "**Now: bid for turn order** below, from your money or one company's bank "
                    "(then your money). The highest bid goes first."
                ),
                mine,
            )
        if keys & {"final_bid", "drop"}:
            assert merger is not None
            return _(
                "**Now: the final sealed round.** Bid more than ${high}, up to what your money "
                "and one company's bank hold, or drop out. Bids are shown together."
            ).format(high=merger.high)
        if "settle" in keys:
            return _(
                "**Now: you won the auction.** Settle it: where you pay from, the merged "
                "company where the choice is yours, and the free bureaucracy cube."
            )
        if "raise" in keys or (merger and "pass" in keys):
            assert merger is not None
            high = f"${merger.high}" if merger.leader else _("nobody yet")
            return _(
                "**Now: raise or pass** in the auction (high bid {high}). A pass is final."
            ).format(high=high)
        if "expand" in keys:
            return _("**Now: expand** your company onto a free hex next to it, or let it go.")
        if "decline" in keys:
            return _("**Now: your free Acquire**: a starting tile on free land, or let it go.")
        if keys:
            return _(
                "**Now: your action**: Acquire, Merge, sell to the Government, Research or "
                "Pass, below or on the board in the channel."
            )
        if me.final_in and merger and merger.step == "sealed":
            bid = me.final_bid
            mine = _("you dropped out") if bid is None else _("yours is ${bid}").format(bid=bid)
            return _("Your final bid is in ({mine}); waiting for the others.").format(mine=mine)
        if me.bid is not None:
            return _("Your turn-order bid is in; waiting for the others.")
        return _("Nothing to do now: the board in the channel shows whose move it is.")

    def status(self, view: PublicView, names: Names) -> str:
        """Round and era, turn order, demand by region, each guild's cubes and companies,
        the auction under way; at the end, the places and everyone's money."""
        if view.ended:
            places = sorted((view.places or {}).items(), key=lambda item: item[1])
            money = {g.player: g.money for g in view.guilds}
            listed = "; ".join(f"{place}. {names(p)} ${money[p]}" for p, place in places)
            winners = listing([f"**{names(p)}**" for p in view.winners])
            return _("{winners} wins. Personal money: {listed}.").format(
                winners=winners, listed=listed
            )
        if view.step != "bids":
            first = _("Round {round} · era {era} · turn order: {order}").format(
                round=view.round, era=view.era, order=" → ".join(names(p) for p in view.order)
            )
        else:
            first = _("Round {round} · era {era}").format(round=view.round, era=view.era)
        lines = [first]
        demand = ", ".join(f"{r.name} {r.demand}" for r in view.regions)
        lines.append(_("Demand: {regions}").format(regions=demand))
        display = listing([company(n) for n in view.display]) or _("none")
        lines.append(_("Starting tiles on display: {tiles}.").format(tiles=display))
        for guild in view.guilds:
            owned = [c for c in view.companies if c.owner == guild.player and not c.flipped]
            listed = ", ".join(
                f"{company(c.initiative)} ({len(c.hexes)}, ${c.bank})" for c in owned
            )
            left = f" {_('(left the game)')}" if guild.out else ""
            cubes = ngettext("{count} cube left", "{count} cubes left", guild.cubes).format(
                count=guild.cubes
            )
            lines.append(
                f"**{names(guild.player)}** ({guild.guild}){left}: "
                f"{cubes}; {listed or _('no company')}"
            )
        merger = view.merger
        if merger:
            first_company, second_company = (company(c) for c in merger.companies)
            high = (
                _("high bid ${high} by {player}").format(
                    high=merger.high, player=names(merger.leader)
                )
                if merger.leader
                else _("no bid yet")
            )
            rounds = ngettext(
                "{count} round, the last sealed", "{count} rounds, the last sealed", merger.rounds
            ).format(count=merger.rounds)
            if merger.to_bid:
                said = _(
                    "Auction for {first} and {second}: {high}; still in: {bidders}; {player} "
                    "to raise or pass; {rounds}."
                )
            else:
                said = _("Auction for {first} and {second}: {high}; still in: {bidders}; {rounds}.")
            lines.append(
                said.format(
                    first=first_company,
                    second=second_company,
                    high=high,
                    bidders=listing([names(p) for p in merger.bidders]),
                    player=names(merger.to_bid) if merger.to_bid else "",
                    rounds=rounds,
                )
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
        result = _(
            "📋 **Your result:** place {place} of {players}, with ${money} of personal money."
        ).format(place=ended.places[player], players=len(ended.places), money=ended.money[player])
        return sentences(result, _("You win!") if player in ended.winners else "")

    def audit(self, host_view: dict[str, Any], names: Names) -> str:
        """The sealed round revealed last, for the spectators' channel, which got the ones
        before it at their own reveals (AT-D27: each was revealed to everyone)."""
        # The host's view with the engine's audit merged in, as JSON: the audit read back
        # through its model.
        closed = Audit.model_validate(host_view).closed
        if not closed:
            return _("No sealed round has been revealed yet.")
        entry = closed[-1]
        if isinstance(entry, TurnOrderBids):
            bids = "; ".join(f"{names(p)} ${paid.total}" for p, paid in entry.bids.items())
            return _("**Atrades — round {round}'s turn-order bids:** {bids}.").format(
                round=entry.round, bids=bids
            )
        first, second = (company(c) for c in entry.merger)
        bids = "; ".join(
            f"{names(p)} {_('out') if a is None else f'${a}'}" for p, a in entry.final_bids.items()
        )
        return _(
            "**Atrades — round {round}, the final sealed bids for {first} and {second}:** {bids}."
        ).format(round=entry.round, first=first, second=second, bids=bids)

    def step_text(self, action: Action, answers: Mapping[str, Answer], names: Names) -> str:
        """Each step's question, with what was picked before it."""
        step = action.next_step(dict(answers))
        field = step.field if step is not None else ""
        # What was picked at the action's first step: the tile of an Acquire, the company
        # of a Merge.
        first = action.steps[0].field if action.steps else field
        chosen = answers.get(first) if first != field else None
        if field == "hex":
            what = f"**{company(chosen)}**" if isinstance(chosen, str) else _("the company")
            return _(
                "Where does {company} go? Pick a free hex from its region's menu (the labels, "
                "such as B4, are on the map)."
            ).format(company=what)
        if field == "tile":
            return _("**{action}**: which starting tile from the display?").format(
                action=self.engine_text(action.label, names)
            )
        if field == "other" and isinstance(chosen, str):
            return _("Merge **{company}** with which company next to it?").format(
                company=company(chosen)
            )
        if field == "survivor":
            return _("Which of the two companies does the merged company become?")
        if field == "cube":
            return _("The free bureaucracy cube: do you take it onto your bureaucracy track?")
        if field == "pay_from":
            return _("**{action}**: where do you pay from?").format(
                action=self.engine_text(action.label, names)
            )
        return super().step_text(action, answers, names)

    def confirm(self, action: Action, answers: Mapping[str, Answer], names: Names) -> str | None:
        """Selling to the Government cannot be taken back by a player: asked first."""
        if action.key != "govt":
            return None
        # A sale's one step is the company.
        chosen = answers.get(action.steps[0].field)
        return _(
            "Sell **{company}** to the Atrades Government? Its bank is paid out by the chart "
            "and its tiles are flipped for good."
        ).format(company=company(str(chosen)))

    def move(self, move: dict[str, Any], names: Names, told: list[dict[str, Any]]) -> str:
        """A guild's move in words, after "your" (what `/match undo` takes back), read back
        through the engine's moves, companies by their names ("Spice 15", never a number
        read as a player); a let-go by what was let go, from `told`. The host's moves as
        every game's."""
        parsed = MOVES.validate_python(move)
        if isinstance(parsed, Bid):
            return _("turn-order bid of ${amount} from {source}").format(
                amount=parsed.amount, source=source(parsed.pay_from)
            )
        if isinstance(parsed, Acquire):
            return _("Acquire of {company} onto {hex}").format(
                company=company(parsed.tile), hex=parsed.hex.upper()
            )
        if isinstance(parsed, Merge):
            said = (
                _("merger of {first} and {second} (a cube on the merger track)")
                if parsed.cube
                else _("merger of {first} and {second}")
            )
            return said.format(first=company(parsed.company), second=company(parsed.other))
        if isinstance(parsed, Govt):
            return _("sale of {company} to the Atrades Government").format(
                company=company(parsed.company)
            )
        if isinstance(parsed, Research):
            card = parsed.technology.strip().upper()
            return _("research of {technology} from {source}").format(
                technology=technology(card), source=source(parsed.pay_from)
            )
        if isinstance(parsed, Raise):
            return _("bid of ${amount} in the merger's auction").format(amount=parsed.amount)
        if isinstance(parsed, FinalBid):
            if parsed.amount is None:
                return _("dropping out of the final sealed round")
            return _("final sealed bid of ${amount}").format(amount=parsed.amount)
        if isinstance(parsed, Settle):
            return self._settlement(parsed)
        if isinstance(parsed, Expand):
            return _("expansion onto {hex}").format(hex=parsed.hex.upper())
        if isinstance(parsed, Decline):
            lost = next((e for e in map(self.read, told) if isinstance(e, ExpansionLetGo)), None)
            if lost is not None:
                return _("letting {company}'s expansion go").format(company=company(lost.company))
            return _("letting the free Acquire go")
        if isinstance(parsed, Pass):
            return _("pass")
        return super().move(move, names, told)

    def _settlement(self, settle: Settle) -> str:
        """A merger's settlement in words, after "your"."""
        merged = settle.survivor
        take = settle.cube == "take"
        if merged is not None:
            said = (
                _(
                    "settlement of the merger (paid from {source}, the merged company "
                    "{company}, taking the free bureaucracy cube)"
                )
                if take
                else _(
                    "settlement of the merger (paid from {source}, the merged company "
                    "{company}, leaving the free bureaucracy cube)"
                )
            )
        else:
            said = (
                _("settlement of the merger (paid from {source}, taking the free bureaucracy cube)")
                if take
                else _(
                    "settlement of the merger (paid from {source}, leaving the free "
                    "bureaucracy cube)"
                )
            )
        return said.format(
            source=source(settle.pay_from),
            company=company(merged) if merged is not None else "",
        )

    def options_text(self, options: dict[str, Any], names: Names) -> str | None:
        """The regions and guild boards named, as AT-D28 uses them: before anyone joins, how
        many are used and how many drawn is not known, so it says the rule; what a match
        used is in its first message. Then the starting money (AT-D1) and AT-D12's other
        reading, when the host set them."""
        chosen = Options.model_validate(options)
        parts = []
        if regions := chosen.regions:
            said = (
                _(
                    "the map's regions: {regions} first, as many as it needs (one more than "
                    "the players), the rest drawn at random"
                )
                if len(regions) <= MAX_PLAYERS
                else _(
                    "the map's regions: {regions} first, as many as it needs (one more than "
                    "the players)"
                )
            )
            parts.append(said.format(regions=listing(regions)))
        if guilds := chosen.guilds:
            said = (
                _("guild boards: {guilds}, one a seat in seat order, the rest drawn at random")
                if len(guilds) < MAX_PLAYERS
                else _("guild boards: {guilds}, one a seat in seat order")
            )
            parts.append(said.format(guilds=listing(guilds)))
        if not parts:
            parts.append(_("regions and guild boards drawn at random"))
        if money := chosen.money:
            each = (
                _("${money} each").format(money=money[0])
                if len(money) == 1
                else listing([f"{g.name} ${m}" for g, m in zip(GUILDS, money, strict=True)])
            )
            parts.append(_("starting money: {each}").format(each=each))
        if chosen.loser_bank == "merged":
            parts.append(
                _("in a player merger, a lost company's bank goes onto the merged company's bank")
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
        return "\n".join(_(paragraph) for paragraph in HELP)

    def rules(self) -> str:
        return rules_text(RULES)


#: The game's part of `/help`, a message id a paragraph.
HELP = (
    N_(
        "**Atrades** (2 to 5 players): guilds start companies on a desert planet's map, sell "
        "goods in the market, and merge companies at auction to turn their money into their "
        "own. The most personal money at the end wins."
    ),
    N_(
        "**Each round:** sealed bids for turn order (in your 1-on-1); then each guild's action "
        "in turn order, on the board message in the channel: **Acquire** a starting tile onto "
        "a free hex (by its label, such as B4), **Merge** two neighbouring companies (an "
        "auction: open rounds of raise or pass on the board, then a final sealed round in your "
        "1-on-1), **sell** a company to the Government, **Research** a technology, or **Pass**. "
        "Then the market sells and companies expand."
    ),
    N_(
        "**Starting:** `/match create atrades` opens a lobby (2 to 5 players; a host may seat "
        "Dealer with `/match add-bot`). Options: `regions`, `guilds`, `money` (the guild "
        "boards' starting money: one amount for all, or five in initiative order, as printed "
        "boards show it; $20 each unless set), `loser_bank` (below), the minutes of each kind "
        "of decision (`bids_minutes`, `turn_minutes`, `open_minutes`, `sealed_minutes`, "
        "`choice_minutes`), `spectators`, `thread:True`, `notify`."
    ),
    N_(
        "**A lost company's bank** in a player merger: the rulebook gives the winner \"the "
        "combined company assets\" and replaces the bank of the winner's own company with the "
        "dollars on their spaces, but does not say where the bank of a company they did not "
        "own goes. Read one way (the default, `loser_bank:supply`), it goes back to the supply "
        "and the merged company's bank is the dollars on the winner's spaces alone; read the "
        "other way (`loser_bank:merged`), it goes onto the merged company's bank."
    ),
)
