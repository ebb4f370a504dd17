"""How an auction runs on (RULINGS.md §2, "Card distribution rules"): bidding opened (L6, U1),
turn after turn, cards evaluated and awarded (L2-L5, U3), the kinds kept and bought (L10-L16),
the next round or kind, and the wait for the host."""

from __future__ import annotations

from games.mars_auction import budgets, phases
from games.mars_auction.budgets import is_terralabs
from games.mars_auction.dealing import catalogue_for, dealable
from games.mars_auction.events import (
    AuctionSettled,
    CardAwarded,
    CardDiscarded,
    CardDrawn,
    CorporationKept,
    CorporationsChosen,
    LotOpened,
    OpenedStep,
    Passed,
    PreludesChosen,
    PreludesKept,
    ProjectsBought,
    Purchase,
    Settled,
    StarterPassed,
    StepOpened,
)
from games.mars_auction.model import (
    KEEP,
    KINDS,
    DisplayCard,
    Kind,
    Lot,
)
from games.mars_auction.phases import EVALUATES
from games.mars_auction.table import Board


def opened(board: Board, step: OpenedStep, players: list[str]) -> None:
    """A new decision is awaited: the bot starts its deadline on this event."""
    state = board.state
    state.waits += 1
    board.public(
        StepOpened,
        step=step,
        auction=state.auction,
        generation=state.generation,
        round=state.round,
        kind=state.kind,
        players=players,
    )


def open_bidding(board: Board) -> None:
    """A bidding round (limited, L6) or the first lot (unlimited, U1)."""
    state = board.state
    state.step = "bidding"
    state.round_first = phases.first_active(state, state.starter)
    if state.options.variant == "unlimited":
        kinds: tuple[Kind, ...] = KINDS if state.auction == "setup" else ("project",)
        state.kind = next(
            (k for k in kinds if any(c.kind == k and not c.done for c in state.display)),
            "project",
        )
        open_lot(board)
        return
    for player in state.players:
        seat = board.seat(player)
        seat.placed, seat.passed = 0, False
    state.to_act = None
    next_turn(board, start=state.round_first)


def next_turn(board: Board, start: int | None = None) -> None:
    """L6: the next player who has not passed; one with no legal placement has passed.
    When everyone has, the cards of the round are evaluated."""
    state = board.state
    n = len(state.players)
    here = start if start is not None else state.players.index(state.to_act or "") + 1
    for step in range(n):
        player = state.players[(here + step) % n]
        seat = board.seat(player)
        if seat.kicked or seat.passed:
            continue
        if not phases.can_place(state, player):
            seat.passed = True
            board.public(Passed, player=player, auto=True)
            continue
        state.to_act = player
        opened(board, "bidding", [player])
        return
    state.to_act = None
    evaluate(board)


def evaluate(board: Board) -> None:
    """L2: the round's cards of the kind due, by total markers, then number; L3: each to
    the most markers; L4, L5: ties to fewer cards won in this evaluation, then closer to
    the round's first player. A card with no markers is discarded."""
    state = board.state
    kind = EVALUATES[state.round] if state.auction == "setup" else "project"
    due = [c for c in state.display if c.kind == kind and not c.done]
    won: dict[str, int] = dict.fromkeys(state.players, 0)
    n = len(state.players)
    for card in sorted(due, key=lambda c: (-c.total, c.number)):
        card.done = True
        markers = {p: m for p, m in card.markers.items() if m}
        if not markers:
            board.public(
                CardAwarded,
                number=card.number,
                card=card.name,
                kind=card.kind,
                winner=None,
                markers={},
                paid=0,
            )
            continue
        top = max(markers.values())
        winner = min(
            (p for p, m in markers.items() if m == top),
            key=lambda p: (won[p], (state.players.index(p) - state.round_first) % n),
        )
        won[winner] += 1
        award(board, card, winner, top, markers=markers)
    pass_starter(board)
    after_kind(board, kind)


def award(
    board: Board,
    card: DisplayCard,
    winner: str,
    bid: int,
    *,
    markers: dict[str, int] | None = None,
    bids: list[tuple[str, int]] | None = None,
) -> None:
    """The card goes to `winner` for `bid`: a project's bid is paid now, a prelude's in
    the unlimited variant too (L10, U5); a company's once the corporation is chosen.
    L18, U8: Terralabs pays 1 less per card (never in the company auction)."""
    state = board.state
    seat = board.seat(winner)
    card.done, card.winner = True, winner
    paid = bid
    if card.kind != "company" and is_terralabs(seat.corporation):
        paid = max(0, bid - 1)
    card.bid = paid
    seat.won[card.name] = paid
    if card.kind == "company":
        seat.company_bids += paid
    elif card.kind == "project" or state.options.variant == "unlimited":
        budgets.pay(seat, paid)
    # The unlimited variant's award says its bids; the limited one's has no `bids` field.
    unlimited = {} if bids is None else {"bids": list(bids)}
    board.public(
        CardAwarded,
        number=card.number,
        card=card.name,
        kind=card.kind,
        winner=winner,
        markers=markers or {},
        paid=paid,
        **unlimited,
    )


def pass_starter(board: Board) -> None:
    """L17, U4: the starting player marker passes to the next player."""
    state = board.state
    state.starter = phases.first_active(state, state.starter + 1)
    board.public(StarterPassed, player=state.players[state.starter])


def after_kind(board: Board, kind: Kind) -> None:
    """After a kind's cards are all out: companies and preludes kept (L14, L15), projects
    bought (L16); then the next round, or the auction is over."""
    state = board.state
    state.kind = kind
    if kind == "project":
        buyers = [p for p in board.active() if phases.won(state, p, "project")]
        if buyers:
            state.step = "buy"
            for p in state.players:
                board.seat(p).choice = None
            opened(board, "buy", buyers)
            return
        settle_projects(board)
        return
    if not any(c.kind == kind for c in state.display):
        # MA-D9: a setup dealt without preludes has none to keep, draw or pay for.
        next_stage(board, kind)
        return
    for player in board.active():
        draw_shortfall(board, player, kind)
    choosers = [p for p in board.active() if len(phases.won(state, p, kind)) > KEEP[kind]]
    if choosers:
        state.step = "keep"
        for p in state.players:
            board.seat(p).choice = None
        opened(board, "keep", choosers)
        return
    settle_kept(board, kind)


def draw_shortfall(board: Board, player: str, kind: Kind) -> None:
    """L14, U7: fewer companies (1) or preludes (2) than a player needs are made up at
    random, free, from the display's cards of that kind nobody won, else from the
    catalogue's (MA-D4); the draw is shown with its candidates."""
    state = board.state
    seat = board.seat(player)
    while len(phases.won(state, player, kind)) < KEEP[kind]:
        spare = [c for c in state.display if c.kind == kind and c.done and c.winner is None]
        if spare:
            candidates = [c.name for c in spare]
        else:
            catalogue = catalogue_for(state.options.cards_csv)
            pool = dealable(catalogue, frozenset({*state.options.expansions, "host"}))[kind]
            dealt = set(state.dealt)
            candidates = [c.name for c in pool if c.name not in dealt]
        if not candidates:
            return
        name = state.rng.choice(candidates)
        found = next((c for c in state.display if c.name == name), None)
        if found is None:
            facts = catalogue_for(state.options.cards_csv).get(name)
            assert facts is not None
            found = DisplayCard(
                number=len(state.display) + 1,
                name=name,
                kind=kind,
                cost=facts.cost,
                starting_mc=facts.starting_mc,
                tags=list(facts.tags),
                done=True,
            )
            state.display.append(found)
            state.dealt.append(name)
        found.winner, found.drawn = player, True
        seat.won[name] = 0
        board.public(CardDrawn, player=player, card=name, kind=kind, candidates=candidates)


def after_keep(board: Board) -> None:
    """L15: once everyone asked has chosen, the kind kept is settled."""
    state = board.state
    if not phases.waiting_for(state):
        settle_kept(board, state.kind or "company")


def after_buy(board: Board) -> None:
    """L16: once everyone asked has chosen, the projects bought are settled."""
    if not phases.waiting_for(board.state):
        settle_projects(board)


def settle_kept(board: Board, kind: Kind) -> None:
    """Companies: the corporation's starting M€ in, then the company bids out (L10, L11:
    the sum of the bids less 1 per company won, never below 0 — a card drawn free (L14) is
    not won and takes nothing off; U6: no reduction).
    Preludes: L11 from that money (Terralabs' 1 less already in each bid, L18); in the
    unlimited variant their bids were paid when won. Revealed for everyone together
    (MA-D3)."""
    state = board.state
    limited = state.options.variant == "limited"
    corporations: dict[str, CorporationKept] = {}
    preludes: dict[str, PreludesKept] = {}
    for player in board.active():
        seat = board.seat(player)
        mine = phases.won(state, player, kind)
        kept = seat.choice if seat.choice is not None and len(mine) > KEEP[kind] else mine
        bids = sum(seat.won[name] for name in mine)
        won = sum(not c.drawn for c in state.display if c.name in mine)
        if kind == "company":
            owed = max(0, bids - won) if limited else bids
            facts = next(c for c in state.display if c.name == kept[0]) if kept else None
            seat.corporation = kept[0] if kept else None
            seat.money = (facts.starting_mc or 0) if facts else 0
            seat.company_bids = 0
            budgets.pay(seat, owed)
            corporations[player] = CorporationKept(corporation=seat.corporation, paid=owed)
        else:
            owed = max(0, bids - won) if limited else 0
            seat.preludes += kept
            budgets.pay(seat, owed)
            preludes[player] = PreludesKept(preludes=kept, paid=owed)
        for name in mine:
            if name not in kept:
                board.public(CardDiscarded, player=player, card=name)
            seat.won.pop(name)
        seat.choice = None
    if kind == "company":
        board.public(CorporationsChosen, players=corporations)
    else:
        board.public(PreludesChosen, players=preludes)
    next_stage(board, kind)


def settle_projects(board: Board) -> None:
    """L16: the projects bought, at 2 M€ each (Terralabs 1, L18); the rest discarded,
    their bids staying paid. Revealed for everyone together (MA-D3)."""
    state = board.state
    shown: dict[str, Purchase] = {}
    for player in board.active():
        seat = board.seat(player)
        mine = phases.won(state, player, "project")
        if not mine:
            continue
        bought = seat.choice or []
        cost = budgets.price(state, player) * len(bought)
        budgets.pay(seat, cost)
        seat.projects += bought
        shown[player] = Purchase(
            bought=bought, discarded=[n for n in mine if n not in bought], paid=cost
        )
        for name in mine:
            seat.won.pop(name)
        seat.choice = None
    board.public(ProjectsBought, players=shown)
    next_stage(board, "project")


def next_stage(board: Board, kind: Kind) -> None:
    """After a kind is settled: the setup's next round (limited) or next kind's lots
    (unlimited); after the projects, the auction is over."""
    state = board.state
    if kind == "project":
        board.public(
            AuctionSettled,
            auction=state.auction,
            generation=state.generation,
            players={
                p: Settled(
                    corporation=state.seats[p].corporation,
                    preludes=list(state.seats[p].preludes),
                    projects=list(state.seats[p].projects),
                    paid=state.seats[p].paid,
                    paid_now=state.seats[p].paid - state.seats[p].paid_before,
                )
                for p in state.players
            },
        )
        wait(board)
        return
    if state.options.variant == "limited":
        state.round += 1
    open_bidding(board)


def wait(board: Board) -> None:
    state = board.state
    state.step, state.to_act, state.lot, state.kind = "waiting", None, None, None
    opened(board, "waiting", [])


def open_lot(board: Board) -> None:
    """U1: the next card of the kind in L1 order; U2: the starting player opens."""
    state = board.state
    kind = state.kind or "project"
    card = next((c for c in state.display if c.kind == kind and not c.done), None)
    if card is None:
        state.lot = None
        after_kind(board, kind)
        return
    opener = state.players[phases.first_active(state, state.starter)]
    state.lot = Lot(number=card.number, opener=opener)
    state.to_act = opener
    board.public(LotOpened, number=card.number, card=card.name, opener=opener)
    opened(board, "bidding", [opener])


def next_bidder(board: Board) -> None:
    """U3: the next player in turn order who has not passed on this card; one who cannot
    raise passes. When only the high bidder is left, they win the card."""
    state = board.state
    lot = state.lot
    assert lot is not None and state.to_act is not None
    n = len(state.players)
    here = state.players.index(state.to_act)
    for step in range(1, n + 1):
        player = state.players[(here + step) % n]
        seat = board.seat(player)
        if seat.kicked or player in lot.passed:
            continue
        high = lot.high
        if high is not None and high[0] == player:
            close_lot(board)
            return
        low = 0 if high is None else high[1] + 1
        if high is not None and budgets.available(state, player) < low:
            lot.passed.append(player)
            card = phases.lot_card(state)
            board.public(Passed, player=player, number=card.number, card=card.name, auto=True)
            continue
        state.to_act = player
        opened(board, "bidding", [player])
        return
    close_lot(board)


def close_lot(board: Board) -> None:
    state = board.state
    lot = state.lot
    assert lot is not None and lot.high is not None
    card = next(c for c in state.display if c.number == lot.number)
    winner, bid = lot.high
    award(board, card, winner, bid, bids=lot.bids)
    pass_starter(board)
    open_lot(board)
