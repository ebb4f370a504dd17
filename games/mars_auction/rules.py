"""The Mars Auction Variant: Terraforming Mars cards distributed by bidding, limited (markers)
and unlimited (card by card), for a setup and every generation's research phase.

Rulings: RULINGS.md §2 (L1-L18, U1-U8) and Dealer's own (MA-D1...), in docs/rules/mars-auction.md.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple

from pydantic import TypeAdapter

from games.core.contract import (
    MENU_OPTIONS,
    Action,
    Amount,
    Choice,
    Clock,
    Forfeit,
    Phase,
    Pick,
    Placings,
    Turn,
    random_answers,
)
from games.core.drawing.words import join, plural
from games.core.engine import HOST, Engine
from games.core.errors import RuleError, typed
from games.core.events import Audience, Event, Viewer
from games.core.rng import RandomSource
from games.mars_auction import samples
from games.mars_auction.model import (
    KEEP,
    KIND_WORDS,
    KINDS,
    MAX_MC,
    MAX_ON_CARD,
    MAX_PER_ROUND,
    MOVES,
    NO_SECOND,
    PRICE,
    RESEARCH_PER_PLAYER,
    RULES_VERSION,
    SETUP_PER_PLAYER,
    TERRALABS_PRICE,
    Budget,
    Buy,
    ClosePhase,
    DisplayCard,
    End,
    Keep,
    Kick,
    Kind,
    Lot,
    Options,
    Pass,
    Place,
    PlayerResult,
    Raise,
    Research,
    Result,
    Seat,
    State,
    kind_of,
)
from games.tm_catalogue import (
    DEFAULT_EXPANSIONS,
    Card,
    Catalogue,
    builtin,
    fold,
    numbered,
    parse_host_list,
)

#: The display as views show it, dumped in one go (a view a move, for every viewer).
DISPLAY = TypeAdapter(list[DisplayCard])
#: Default lengths: a bidding turn, and a step everyone answers at once.
TURN_SECONDS = 10 * 60
STEP_SECONDS = 30 * 60
#: Not dealt at random: the rulebook's beginners' corporation has no place in an auction.
NOT_DEALT = frozenset({"Beginner Corporation"})
#: The setup's bidding rounds and the kinds each one bids on, then evaluates (L17).
SETUP_ROUNDS = 3
#: What a player's view carries of their legal actions: the steps the player starts with, not
#: those a choice brings (`Choice.then`: a place action's second marker for each card).
FIRST_STEPS: dict[str, Any] = {"steps": {"__all__": {"choices": {"__all__": {"then"}}}}}
BIDS_ON: dict[int, tuple[Kind, ...]] = {
    1: ("company", "prelude", "project"),
    2: ("prelude", "project"),
    3: ("project",),
}
EVALUATES: dict[int, Kind] = {1: "company", 2: "prelude", 3: "project"}


@lru_cache(maxsize=16)
def catalogue_for(cards_csv: str | None) -> Catalogue:
    """The built-in catalogue, with a host's own cards when given (MA-D8). A list that names
    a card of a set built in later (Venus Next, Colonies, Turmoil, Prelude 2, promos) with
    other facts was accepted when the catalogue held the default sets alone, and is read as
    it was then: against those sets, its cards its own (a match stored before still loads;
    a list uploaded now is checked against the whole catalogue by the bot first)."""
    if cards_csv is None:
        return builtin()
    try:
        return parse_host_list(cards_csv)
    except ValueError:
        pass
    try:
        return parse_host_list(
            cards_csv, Catalogue(builtin().select(expansions=DEFAULT_EXPANSIONS))
        )
    except ValueError as error:
        raise ValueError(f"Invalid options: cards_csv: {error}") from None


class Placeable(NamedTuple):
    """A display card open to a player's marker, as their placement offers it (L6-L7):
    what its choice shows and whether a second marker of theirs may go on it too."""

    number: int
    name: str
    kind: Kind
    cost: int | None
    starting_mc: int | None
    second: bool


def _card_choices(cards: tuple[Placeable, ...]) -> dict[int, Choice]:
    """The cards as a pick offers them, by display number: grouped by kind, then by number
    in groups of at most 25 (one menu each: "Projects 31–55")."""
    out: dict[int, Choice] = {}
    for kind in KINDS:
        mine = [c for c in cards if c.kind == kind]
        for start in range(0, len(mine), MENU_OPTIONS):
            chunk = mine[start : start + MENU_OPTIONS]
            group = f"{KIND_WORDS[kind].capitalize()} {chunk[0].number}–{chunk[-1].number}"
            for card in chunk:
                cost = f", {card.cost} M€" if card.cost is not None else ""
                start_mc = card.starting_mc
                begins = f", starts with {start_mc} M€" if start_mc is not None else ""
                out[card.number] = Choice(
                    value=str(card.number),
                    label=f"{card.number} · {numbered(card.name)}"[:100],
                    description=f"{card.kind}{cost}{begins}",
                    group=group,
                )
    return out


@lru_cache(maxsize=64)
def _placement(cards: tuple[Placeable, ...], two: bool) -> Action:
    """The placement of markers on these cards, a second one too when `two` (frozen, so
    built once per situation: a pick of up to 80 cards, each with a pick of the others
    after it, is validated in milliseconds, and every view, summary and check of a state
    asks for it again)."""
    choices = _card_choices(cards)
    firsts = []
    for card in cards:
        choice = choices[card.number]
        seconds = [Choice(value=NO_SECOND, label="No second marker", group="This card")]
        if card.second:
            seconds.append(
                Choice(
                    value=choice.value,
                    label=f"A second marker on {choice.label}"[:100],
                    group="This card",
                )
            )
        seconds += [c for n, c in choices.items() if n != card.number]
        then = [Pick(field="second", choices=seconds, label="Your second marker")]
        firsts.append(choice.model_copy(update={"then": then}) if two else choice)
    return Action(
        key="place",
        label="Put markers",
        move={"type": "place"},
        steps=[Pick(field="card", choices=firsts, label="A card for a marker")],
    )


def is_terralabs(name: str | None) -> bool:
    """L18: Terralabs (Terralabs Research in the Turmoil expansion) by its name."""
    return name is not None and fold(name).replace(" ", "").startswith("terralabs")


class Board:
    """The state of one move in progress, and the events it tells."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def public(self, event: str, /, **data: Any) -> None:
        self.events.append(Event(event, Audience.public(), data))

    def private(self, to: str, event: str, /, **data: Any) -> None:
        self.events.append(Event(event, Audience.to(to), data))

    def seat(self, player: str) -> Seat:
        return self.state.seats[player]

    def active(self) -> list[str]:
        return [p for p in self.state.players if not self.state.seats[p].kicked]


class MarsAuction(Engine[State, Options]):
    game = "mars-auction"
    title = "Mars Auction"
    min_players = 2
    max_players = 5
    #: MA-D10: the auction decides no game (Terraforming Mars is won at the table).
    contest = False
    state_type = State
    options_type = Options
    moves = MOVES
    #: 2: a research auction whose move names no first player is opened by the player after
    #: the last generation's (L17); records without `rules_version` replay by rules 1.
    rules_version = RULES_VERSION
    #: MA-D5: ten minutes a turn of the bidding, half an hour a step (budgets, keeps, buys).
    clocks: ClassVar[Mapping[str, Clock]] = {
        "turn": Clock(label="Each turn of the bidding", default_seconds=TURN_SECONDS),
        "step": Clock(label="Each budget, keep or buy step", default_seconds=STEP_SECONDS),
    }
    sample_options = staticmethod(samples.sample_options)
    #: A stated budget stays private; keeps and purchases are revealed together (MA-D3).
    sealed_moves: ClassVar[frozenset[str]] = frozenset({"budget", "keep", "buy"})
    reveal_events: ClassVar[frozenset[str]] = frozenset(
        {"corporations_chosen", "preludes_chosen", "projects_bought"}
    )

    # -- setup -----------------------------------------------------------------------------

    def setup(self, players: list[str], options: Options, seed: int) -> tuple[State, list[Event]]:
        catalogue = catalogue_for(options.cards_csv)
        state = State(
            options=options,
            players=list(players),
            seats={p: Seat() for p in players},
            rng=RandomSource(seed=seed),
            step="waiting",
            auction=options.start,
        )
        board = Board(state)
        if options.first_player is not None:
            if options.first_player not in players:
                raise ValueError(
                    f"Invalid options: first_player {typed(options.first_player)} is not a "
                    "player of the match."
                )
            state.starter = players.index(options.first_player)
        else:
            state.starter = state.rng.randint(0, len(players) - 1)
        board.public(
            "match_started",
            players=list(players),
            variant=options.variant,
            start=options.start,
            first_player=players[state.starter],
            drawn=options.first_player is None,
        )
        if options.start == "setup":
            state.first = state.starter
            names = options.display
            try:
                cards = (
                    self._named_display(state, catalogue, names, setup=True)
                    if names is not None
                    else self._dealt_display(state, catalogue, SETUP_PER_PLAYER)
                )
            except RuleError as error:
                # Options the game cannot set up with are refused as options are (a
                # ValueError), whether they come from the bot's lobby or a replayed record.
                what = "display" if names is not None else "sets"
                raise ValueError(f"Invalid options: {what}: {error.message}") from None
            self._lay_out(board, cards)
            companies = [c.starting_mc or 0 for c in state.display if c.kind == "company"]
            state.setup_budget = (
                options.setup_budget if options.setup_budget is not None else min(companies)
            )
            self._open_bidding(board)
        else:
            self._wait(board)
        return state, board.events

    def _named_display(
        self, state: State, catalogue: Catalogue, names: list[str], *, setup: bool
    ) -> list[Card]:
        """A display entered by name, in L1 order: its counts per kind and order checked."""
        cards: list[Card] = []
        for name in names:
            found = catalogue.match(name)
            if found is None:
                catalogue.find(name)  # raises, naming what may have been meant
                raise AssertionError
            if found.name in state.dealt or any(c.name == found.name for c in cards):
                raise RuleError("dealt_twice", f"{found.name} is dealt twice in this game.")
            cards.append(found)
        n = len(state.players)
        wanted = (
            {k: v * n for k, v in SETUP_PER_PLAYER.items()}
            if setup
            else {"company": 0, "prelude": 0, "project": RESEARCH_PER_PLAYER * n}
        )
        got = {k: sum(kind_of(c.type) == k for c in cards) for k in KINDS}
        if setup and got["prelude"] == 0:
            wanted["prelude"] = 0  # a game without the Prelude expansion (MA-D9)
        if got != wanted:

            def counted(counts: Mapping[Any, int]) -> str:
                return join([plural(counts[k], k, KIND_WORDS[k]) for k in KINDS if counts[k]])

            raise RuleError(
                "display_size",
                f"A display for {n} players holds {counted(wanted)}; these names hold "
                f"{counted(got) or 'no card'}.",
            )
        kinds = [KINDS.index(kind_of(c.type)) for c in cards]
        if kinds != sorted(kinds):
            raise RuleError(
                "display_order", "List the display in the order companies, preludes, projects."
            )
        return cards

    def _dealt_display(
        self, state: State, catalogue: Catalogue, per_player: dict[Kind, int]
    ) -> list[Card]:
        """Cards dealt from the catalogue with the match's generator, none dealt twice."""
        expansions = {*state.options.expansions, "host"}
        cards: list[Card] = []
        for kind in KINDS:
            count = per_player.get(kind, 0) * len(state.players)
            if not count:
                continue
            pool = [
                c
                for c in catalogue.select(expansions=expansions)
                if kind_of(c.type) == kind and c.name not in state.dealt and c.name not in NOT_DEALT
            ]
            if kind == "prelude" and not pool:
                continue  # no Prelude expansion: the setup has no preludes (MA-D9)
            if len(pool) < count:
                raise RuleError(
                    "catalogue_short",
                    f"The catalogue has {len(pool)} {KIND_WORDS[kind]} left to deal, not {count}.",
                )
            cards += state.rng.shuffled(pool)[:count]
        return cards

    def _lay_out(self, board: Board, cards: list[Card], **opener: str | None) -> None:
        """L1: the display, numbered 1..N in the rulebook's order; `opener`: why its first
        player opens it (a research auction's `chosen` and `after`, L17)."""
        state = board.state
        state.display = [
            DisplayCard(
                number=number,
                name=card.name,
                kind=kind_of(card.type),
                cost=card.cost,
                starting_mc=card.starting_mc,
                tags=list(card.tags),
            )
            for number, card in enumerate(cards, 1)
        ]
        state.dealt += [card.name for card in cards]
        board.public(
            "display_dealt",
            auction=state.auction,
            generation=state.generation,
            first_player=state.players[state.starter],
            **opener,
            cards=[
                c.model_dump(mode="json", exclude={"markers", "done", "winner", "bid", "drawn"})
                for c in state.display
            ],
        )

    # -- moves -----------------------------------------------------------------------------

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        if state.step == "ended":
            raise RuleError("match_over", "The match is over; no more moves are taken.")
        board = Board(state)
        if isinstance(move, ClosePhase | Kick | Research | End):
            if actor != HOST:
                raise RuleError("host_only", "Only the host can do that.")
            if isinstance(move, ClosePhase):
                self._close_phase(board)
            elif isinstance(move, Kick):
                self._check_player(state, move.player)
                self._remove(board, move.player, "player_kicked")
            elif isinstance(move, Research):
                self._research(board, move)
            else:
                self._end(board)
            return board.events
        if isinstance(move, Budget) and move.for_ is not None:
            if actor != HOST:
                raise RuleError("host_only", "Only the host sets a budget for someone else.")
            self._check_player(state, move.for_)
            self._budget(board, move.for_, move.amount, by_host=True)
            return board.events
        if actor not in state.players:
            raise RuleError("not_a_player", "Only players of this match can do that.")
        if state.seats[actor].kicked:
            raise RuleError("kicked", "You are no longer playing in this match.")
        if isinstance(move, Forfeit):
            self._remove(board, actor, "player_forfeited")
        elif isinstance(move, Budget):
            self._budget(board, actor, move.amount, by_host=False)
        elif isinstance(move, Place):
            self._place(board, actor, move.cards)
        elif isinstance(move, Pass):
            self._pass(board, actor)
        elif isinstance(move, Raise):
            self._raise(board, actor, move.amount)
        elif isinstance(move, Keep):
            self._keep(board, actor, move.cards)
        elif isinstance(move, Buy):
            self._buy(board, actor, move.cards)
        return board.events

    @staticmethod
    def _check_player(state: State, player: str) -> None:
        if player not in state.players:
            raise RuleError("unknown_player", f"{player} is not playing in this match.")
        if state.seats[player].kicked:
            raise RuleError("already_out", f"{player} is no longer playing in this match.")

    # -- limited: markers (L6-L9) --------------------------------------------------------------

    def biddable(self, state: State) -> list[DisplayCard]:
        """The cards markers may go on now (L17: by round in the setup)."""
        kinds = BIDS_ON[state.round] if state.auction == "setup" else ("project",)
        return [c for c in state.display if not c.done and c.kind in kinds]

    def budget(self, state: State, player: str) -> int:
        """L9, U5: the M€ a player pays with; in the setup before they have a corporation, the
        setup budget, in the unlimited variant less the company bids they won (settled once
        they have one, L10)."""
        seat = state.seats[player]
        if seat.money is not None:
            return seat.money
        won = seat.company_bids if state.options.variant == "unlimited" else 0
        return state.setup_budget - won

    @staticmethod
    def unsettled(state: State, player: str) -> int:
        """L9: the player's markers on cards not yet evaluated."""
        return sum(c.markers.get(player, 0) for c in state.display if not c.done)

    def room(self, state: State, player: str) -> int:
        """How many more markers the player may put out this round (L8, L9)."""
        seat = state.seats[player]
        return max(
            0,
            min(
                MAX_PER_ROUND - seat.placed,
                self.budget(state, player) - self.unsettled(state, player),
            ),
        )

    def _can_place(self, state: State, player: str) -> bool:
        return self.room(state, player) >= 1 and any(
            c.markers.get(player, 0) < MAX_ON_CARD for c in self.biddable(state)
        )

    def _place(self, board: Board, player: str, numbers: list[int]) -> None:
        state = board.state
        self._my_turn(state, player)
        if state.options.variant != "limited":
            raise RuleError("wrong_variant", "Markers are the limited variant's; raise or pass.")
        cards = {c.number: c for c in state.display}
        open_ = {c.number for c in self.biddable(state)}
        for number in numbers:
            card = cards.get(number)
            if card is None:
                raise RuleError("no_card", f"There is no card {number} on display.")
            if number not in open_:
                why = "has been evaluated" if card.done else f"is not bid on in round {state.round}"
                raise RuleError("not_open", f"Card {number} ({card.name}) {why}.")
            mine = card.markers.get(player, 0) + numbers.count(number)
            if mine > MAX_ON_CARD:
                raise RuleError(
                    "card_full",
                    f"That would put {mine} of your markers on {card.name}; at most {MAX_ON_CARD}.",
                )
        seat = board.seat(player)
        if seat.placed + len(numbers) > MAX_PER_ROUND:
            raise RuleError(
                "round_full",
                f"You have put out {seat.placed} of your {MAX_PER_ROUND} markers this round.",
            )
        after = self.unsettled(state, player) + len(numbers)
        budget = self.budget(state, player)
        if after > budget:
            raise RuleError(
                "budget",
                f"Your markers would come to {after} M€, and you have {budget} M€ to pay with.",
            )
        for number in numbers:
            card = cards[number]
            card.markers[player] = card.markers.get(player, 0) + 1
        seat.placed += len(numbers)
        board.public("markers_placed", player=player, cards=list(numbers))
        left = budget - after
        board.private(player, "markers_receipt", player=player, cards=list(numbers), left=left)
        if left < self._price(state, player):
            board.private(
                player, "price_warning", player=player, left=left, price=self._price(state, player)
            )
        self._next_turn(board)

    def _pass(self, board: Board, player: str) -> None:
        state = board.state
        self._my_turn(state, player)
        if state.options.variant == "unlimited":
            self._pass_lot(board, player, auto=False)
            return
        board.seat(player).passed = True
        board.public("passed", player=player, auto=False)
        self._next_turn(board)

    def _my_turn(self, state: State, player: str) -> None:
        if state.step != "bidding":
            raise RuleError("wrong_step", f"Nobody bids now ({self._step_words(state)}).")
        if state.to_act != player:
            raise RuleError("not_your_turn", f"It is {state.to_act}'s turn, not yours.")

    def _open_bidding(self, board: Board) -> None:
        """A bidding round (limited, L6) or the first lot (unlimited, U1)."""
        state = board.state
        state.step = "bidding"
        state.round_first = self._first_active(state, state.starter)
        if state.options.variant == "unlimited":
            kinds: tuple[Kind, ...] = KINDS if state.auction == "setup" else ("project",)
            state.kind = next(
                (k for k in kinds if any(c.kind == k and not c.done for c in state.display)),
                "project",
            )
            self._open_lot(board)
            return
        for player in state.players:
            seat = board.seat(player)
            seat.placed, seat.passed = 0, False
        state.to_act = None
        self._next_turn(board, start=state.round_first)

    def _next_turn(self, board: Board, start: int | None = None) -> None:
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
            if not self._can_place(state, player):
                seat.passed = True
                board.public("passed", player=player, auto=True)
                continue
            state.to_act = player
            self._opened(board, "bidding", [player])
            return
        state.to_act = None
        self._evaluate(board)

    @staticmethod
    def _first_active(state: State, index: int) -> int:
        n = len(state.players)
        for step in range(n):
            if not state.seats[state.players[(index + step) % n]].kicked:
                return (index + step) % n
        return index

    # -- evaluation (L2-L5, L10) -------------------------------------------------------------

    def _evaluate(self, board: Board) -> None:
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
                    "card_awarded",
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
            self._award(board, card, winner, top, markers=markers)
        self._pass_starter(board)
        self._after_kind(board, kind)

    def _award(
        self,
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
            self._pay(seat, paid)
        data: dict[str, Any] = {
            "number": card.number,
            "card": card.name,
            "kind": card.kind,
            "winner": winner,
            "markers": markers or {},
            "paid": paid,
        }
        if bids is not None:
            data["bids"] = [[p, amount] for p, amount in bids]
        board.public("card_awarded", **data)

    @staticmethod
    def _pay(seat: Seat, amount: int) -> None:
        seat.money = (seat.money or 0) - amount
        seat.known = seat.money
        seat.paid += amount

    def _pass_starter(self, board: Board) -> None:
        """L17, U4: the starting player marker passes to the next player."""
        state = board.state
        state.starter = self._first_active(state, state.starter + 1)
        board.public("starter_passed", player=state.players[state.starter])

    def _after_kind(self, board: Board, kind: Kind) -> None:
        """After a kind's cards are all out: companies and preludes kept (L14, L15), projects
        bought (L16); then the next round, or the auction is over."""
        state = board.state
        state.kind = kind
        if kind == "project":
            buyers = [p for p in board.active() if self._won(state, p, "project")]
            if buyers:
                state.step = "buy"
                for p in state.players:
                    board.seat(p).choice = None
                self._opened(board, "buy", buyers)
                return
            self._settle_projects(board)
            return
        if not any(c.kind == kind for c in state.display):
            # MA-D9: a setup dealt without preludes has none to keep, draw or pay for.
            self._next_stage(board, kind)
            return
        for player in board.active():
            self._draw_shortfall(board, player, kind)
        choosers = [p for p in board.active() if len(self._won(state, p, kind)) > KEEP[kind]]
        if choosers:
            state.step = "keep"
            for p in state.players:
                board.seat(p).choice = None
            self._opened(board, "keep", choosers)
            return
        self._settle_kept(board, kind)

    def _won(self, state: State, player: str, kind: Kind) -> list[str]:
        """The cards of `kind` the player won in this auction, in display order."""
        return [
            c.name
            for c in state.display
            if c.kind == kind and c.winner == player and c.name in state.seats[player].won
        ]

    def _draw_shortfall(self, board: Board, player: str, kind: Kind) -> None:
        """L14, U7: fewer companies (1) or preludes (2) than a player needs are made up at
        random, free, from the display's cards of that kind nobody won, else from the
        catalogue's (MA-D4); the draw is shown with its candidates."""
        state = board.state
        seat = board.seat(player)
        while len(self._won(state, player, kind)) < KEEP[kind]:
            spare = [c for c in state.display if c.kind == kind and c.done and c.winner is None]
            if spare:
                candidates = [c.name for c in spare]
            else:
                catalogue = catalogue_for(state.options.cards_csv)
                expansions = {*state.options.expansions, "host"}
                candidates = [
                    c.name
                    for c in catalogue.select(expansions=expansions)
                    if kind_of(c.type) == kind
                    and c.name not in state.dealt
                    and c.name not in NOT_DEALT
                ]
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
            board.public("card_drawn", player=player, card=name, kind=kind, candidates=candidates)

    # -- keep and buy (L10-L16, U6, U7) ------------------------------------------------------

    def _keep(self, board: Board, player: str, names: list[str]) -> None:
        state = board.state
        if state.step != "keep" or state.kind not in KEEP:
            raise RuleError("wrong_step", f"Nothing is kept now ({self._step_words(state)}).")
        kind = state.kind
        mine = self._won(state, player, kind)
        if len(mine) <= KEEP[kind]:
            raise RuleError("nothing_to_choose", f"You keep the {KIND_WORDS[kind]} you won.")
        chosen = self._named(mine, names, kind)
        if len(chosen) != KEEP[kind]:
            raise RuleError("keep_count", f"Keep exactly {KEEP[kind]} of your {KIND_WORDS[kind]}.")
        board.seat(player).choice = chosen
        board.private(player, "choice_made", player=player, cards=chosen, step="keep")
        board.public("choice_received", player=player, step="keep")
        self._after_choice(board)

    def _buy(self, board: Board, player: str, names: list[str]) -> None:
        state = board.state
        if state.step != "buy":
            raise RuleError("wrong_step", f"Nothing is bought now ({self._step_words(state)}).")
        mine = self._won(state, player, "project")
        if not mine:
            raise RuleError("nothing_to_choose", "You won no project in this auction.")
        chosen = self._named(mine, names, "project")
        price = self._price(state, player) * len(chosen)
        money = board.seat(player).money or 0
        if price > money:
            raise RuleError(
                "cannot_afford",
                f"{len(chosen)} projects cost {price} M€, and you have {money} M€ left.",
            )
        board.seat(player).choice = chosen
        board.private(player, "choice_made", player=player, cards=chosen, step="buy")
        board.public("choice_received", player=player, step="buy")
        self._after_choice(board)

    @staticmethod
    def _named(mine: list[str], names: list[str], kind: Kind) -> list[str]:
        by_fold = {fold(n): n for n in mine}
        chosen: list[str] = []
        for name in names:
            found = by_fold.get(fold(name))
            if found is None:
                raise RuleError(
                    "not_won",
                    f"You did not win {typed(name)} in this auction; your {KIND_WORDS[kind]}: "
                    f"{', '.join(mine)}.",
                )
            if found in chosen:
                raise RuleError("repeated", f"{found} is listed twice.")
            chosen.append(found)
        return chosen

    def _price(self, state: State, player: str) -> int:
        return TERRALABS_PRICE if is_terralabs(state.seats[player].corporation) else PRICE

    def _waiting_for(self, state: State) -> list[str]:
        """Who the keep or buy step still waits for."""
        return [p for p in self._choosers(state) if state.seats[p].choice is None]

    def _choosers(self, state: State) -> list[str]:
        kind = state.kind or "project"
        if state.step == "keep":
            return [
                p
                for p in state.players
                if not state.seats[p].kicked and len(self._won(state, p, kind)) > KEEP[kind]
            ]
        return [
            p for p in state.players if not state.seats[p].kicked and self._won(state, p, "project")
        ]

    def _after_choice(self, board: Board) -> None:
        state = board.state
        if self._waiting_for(state):
            return
        if state.step == "keep":
            self._settle_kept(board, state.kind or "company")
        else:
            self._settle_projects(board)

    def _settle_kept(self, board: Board, kind: Kind) -> None:
        """Companies: the corporation's starting M€ in, then the company bids out (L10, L11:
        the sum of the bids less 1 per company won, never below 0 — a card drawn free (L14) is
        not won and takes nothing off; U6: no reduction).
        Preludes: L11 from that money (Terralabs' 1 less already in each bid, L18); in the
        unlimited variant their bids were paid when won. Revealed for everyone together
        (MA-D3)."""
        state = board.state
        limited = state.options.variant == "limited"
        shown: dict[str, dict[str, Any]] = {}
        for player in board.active():
            seat = board.seat(player)
            mine = self._won(state, player, kind)
            kept = seat.choice if seat.choice is not None and len(mine) > KEEP[kind] else mine
            bids = sum(seat.won[name] for name in mine)
            won = sum(not c.drawn for c in state.display if c.name in mine)
            if kind == "company":
                owed = max(0, bids - won) if limited else bids
                facts = next(c for c in state.display if c.name == kept[0]) if kept else None
                seat.corporation = kept[0] if kept else None
                seat.money = (facts.starting_mc or 0) if facts else 0
                seat.company_bids = 0
                self._pay(seat, owed)
                shown[player] = {"corporation": seat.corporation, "paid": owed}
            else:
                owed = max(0, bids - won) if limited else 0
                seat.preludes += kept
                self._pay(seat, owed)
                shown[player] = {"preludes": kept, "paid": owed}
            for name in mine:
                if name not in kept:
                    board.public("card_discarded", player=player, card=name)
                seat.won.pop(name)
            seat.choice = None
        board.public(
            "corporations_chosen" if kind == "company" else "preludes_chosen", players=shown
        )
        self._next_stage(board, kind)

    def _settle_projects(self, board: Board) -> None:
        """L16: the projects bought, at 2 M€ each (Terralabs 1, L18); the rest discarded,
        their bids staying paid. Revealed for everyone together (MA-D3)."""
        state = board.state
        shown: dict[str, dict[str, Any]] = {}
        for player in board.active():
            seat = board.seat(player)
            mine = self._won(state, player, "project")
            if not mine:
                continue
            bought = seat.choice or []
            cost = self._price(state, player) * len(bought)
            self._pay(seat, cost)
            seat.projects += bought
            shown[player] = {
                "bought": bought,
                "discarded": [n for n in mine if n not in bought],
                "paid": cost,
            }
            for name in mine:
                seat.won.pop(name)
            seat.choice = None
        board.public("projects_bought", players=shown)
        self._next_stage(board, "project")

    def _next_stage(self, board: Board, kind: Kind) -> None:
        """After a kind is settled: the setup's next round (limited) or next kind's lots
        (unlimited); after the projects, the auction is over."""
        state = board.state
        if kind == "project":
            board.public(
                "auction_settled",
                auction=state.auction,
                generation=state.generation,
                players={
                    p: {
                        "corporation": state.seats[p].corporation,
                        "preludes": list(state.seats[p].preludes),
                        "projects": list(state.seats[p].projects),
                        "paid": state.seats[p].paid,
                        "paid_now": state.seats[p].paid - state.seats[p].paid_before,
                    }
                    for p in state.players
                },
            )
            self._wait(board)
            return
        if state.options.variant == "limited":
            state.round += 1
        self._open_bidding(board)

    def _wait(self, board: Board) -> None:
        state = board.state
        state.step, state.to_act, state.lot, state.kind = "waiting", None, None, None
        self._opened(board, "waiting", [])

    # -- unlimited: card by card (U1-U8) -----------------------------------------------------

    def available(self, state: State, player: str) -> int:
        """U5: the most a player may bid on the card up for auction: what they pay with
        (`budget`), in the setup's company auction the setup budget less the company bids
        they won."""
        return max(0, self.budget(state, player))

    def _open_lot(self, board: Board) -> None:
        """U1: the next card of the kind in L1 order; U2: the starting player opens."""
        state = board.state
        kind = state.kind or "project"
        card = next((c for c in state.display if c.kind == kind and not c.done), None)
        if card is None:
            state.lot = None
            self._after_kind(board, kind)
            return
        opener = state.players[self._first_active(state, state.starter)]
        state.lot = Lot(number=card.number, opener=opener)
        state.to_act = opener
        board.public("lot_opened", number=card.number, card=card.name, opener=opener)
        self._opened(board, "bidding", [opener])

    def _raise(self, board: Board, player: str, amount: int) -> None:
        """U2, U5: a bid from 0 (the opening) or above the high bid, up to what the player can
        pay. A bid on a project that would leave less than its buying price is warned
        privately, as L9's markers are: won, it would be discarded unbought (L16)."""
        state = board.state
        self._my_turn(state, player)
        if state.options.variant != "unlimited" or state.lot is None:
            raise RuleError(
                "wrong_variant", "Bids go up card by card only in the unlimited variant."
            )
        high = state.lot.high
        low = 0 if high is None else high[1] + 1
        if amount < low:
            raise RuleError(
                "too_low",
                "Open at 0 M€ or more."
                if high is None
                else f"The bid is {high[1]} M€ ({high[0]}): raise to {low} M€ or more.",
            )
        most = self.available(state, player)
        if amount > most:
            raise RuleError(
                "budget", f"You can pay at most {most} M€ for this card, not {amount} M€."
            )
        state.lot.bids.append((player, amount))
        card = self._lot_card(state)
        board.public("bid_raised", player=player, number=card.number, card=card.name, amount=amount)
        self._lot_receipt(board, player, amount)
        left = most - amount
        if card.kind == "project" and left < self._price(state, player):
            board.private(
                player,
                "price_warning",
                player=player,
                left=left,
                price=self._price(state, player),
                number=card.number,
                card=card.name,
            )
        self._next_bidder(board)

    @staticmethod
    def _lot_card(state: State) -> DisplayCard:
        """The card up for auction (unlimited)."""
        lot = state.lot
        assert lot is not None
        return next(c for c in state.display if c.number == lot.number)

    def _lot_receipt(self, board: Board, player: str, amount: int | None) -> None:
        """The bidder's own answer to a raise (`amount`) or a pass (None) on the card up for
        auction: which card, and for how much."""
        card = self._lot_card(board.state)
        board.private(
            player, "lot_receipt", player=player, number=card.number, card=card.name, amount=amount
        )

    def _pass_lot(self, board: Board, player: str, *, auto: bool) -> None:
        state = board.state
        lot = state.lot
        assert lot is not None
        if lot.high is None and player == lot.opener:
            raise RuleError("must_open", "You open the bidding on this card: bid 0 M€ or more.")
        lot.passed.append(player)
        board.public(
            "passed", player=player, number=lot.number, card=self._lot_card(state).name, auto=auto
        )
        if not auto:
            self._lot_receipt(board, player, None)
        self._next_bidder(board)

    def _next_bidder(self, board: Board) -> None:
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
                self._close_lot(board)
                return
            low = 0 if high is None else high[1] + 1
            if high is not None and self.available(state, player) < low:
                lot.passed.append(player)
                card = self._lot_card(state)
                board.public("passed", player=player, number=card.number, card=card.name, auto=True)
                continue
            state.to_act = player
            self._opened(board, "bidding", [player])
            return
        self._close_lot(board)

    def _close_lot(self, board: Board) -> None:
        state = board.state
        lot = state.lot
        assert lot is not None and lot.high is not None
        card = next(c for c in state.display if c.number == lot.number)
        winner, bid = lot.high
        self._award(board, card, winner, bid, bids=lot.bids)
        self._pass_starter(board)
        self._open_lot(board)

    # -- research auctions and budgets -------------------------------------------------------

    def next_first_player(self, state: State) -> str:
        """L17: the next generation's first player unless the host names another: the seat
        after the last generation's (still playing); before any generation, the match's first
        player."""
        last = state.first if state.first is not None else state.starter - 1
        return state.players[self._first_active(state, last + 1)]

    def _research(self, board: Board, move: Research) -> None:
        """L17: a generation's research auction: players*4 projects, dealt or entered, opened
        by the generation's first player: the one the move names, else the player after the
        last generation's first player (MA-D11; under `rules_version` 1, the starting player
        marker's holder, as records written before versions were played)."""
        state = board.state
        if state.step != "waiting":
            raise RuleError(
                "auction_running",
                f"An auction is running ({self._step_words(state)}); open the next one when "
                "it is settled.",
            )
        after = None if state.first is None else state.players[state.first]
        if move.first_player is not None:
            self._check_player(state, move.first_player)
            opener = state.players.index(move.first_player)
            chosen = "next" if move.first_player == self.next_first_player(state) else "host"
        elif state.options.rules_version >= 2:
            opener = state.players.index(self.next_first_player(state))
            chosen = "next"
        else:
            opener = self._first_active(state, state.starter)
            chosen = "marker"
        catalogue = catalogue_for(state.options.cards_csv)
        cards = (
            self._named_display(state, catalogue, move.cards, setup=False)
            if move.cards is not None
            else self._dealt_display(state, catalogue, {"project": RESEARCH_PER_PLAYER})
        )
        state.generation += 1
        state.auction = "research"
        state.round = 1
        state.first = state.starter = opener
        for player in state.players:
            seat = board.seat(player)
            seat.money, seat.won, seat.choice = None, {}, None
            seat.paid_before = seat.paid
        self._lay_out(board, cards, chosen=chosen, after=after)
        state.step = "budget"
        self._opened(board, "budget", board.active())

    def _budget(self, board: Board, player: str, amount: int, *, by_host: bool) -> None:
        """A research auction's budget (L9): each player's M€, stated privately, or set by the
        host, until bidding starts."""
        state = board.state
        if state.step != "budget":
            raise RuleError(
                "wrong_step",
                f"Budgets are stated when a research display is out ({self._step_words(state)}).",
            )
        if not 0 <= amount <= MAX_MC:
            raise RuleError("amount", f"A budget is 0 to {MAX_MC:,} M€.")
        seat = board.seat(player)
        seat.money = seat.known = amount
        board.private(player, "budget_stated", player=player, amount=amount, by_host=by_host)
        board.public("budget_received", player=player)
        if all(board.seat(p).money is not None for p in board.active()):
            self._open_bidding(board)

    def _end(self, board: Board) -> None:
        """MA-D6: the host ends the match between generations."""
        state = board.state
        if state.step != "waiting":
            raise RuleError(
                "auction_running",
                f"An auction is running ({self._step_words(state)}); end the match once it is "
                "settled, or close its steps first.",
            )
        self._finish(board)

    def _finish(self, board: Board) -> None:
        state = board.state
        state.result = Result(
            players={
                p: PlayerResult(
                    corporation=s.corporation,
                    preludes=list(s.preludes),
                    projects=list(s.projects),
                    paid=s.paid,
                )
                for p, s in state.seats.items()
            },
            generations=state.generation,
        )
        state.step, state.to_act, state.lot = "ended", None, None
        board.public("match_ended", **state.result.model_dump(mode="json"))

    # -- the host: deadlines and removals ----------------------------------------------------

    def _close_phase(self, board: Board) -> None:
        """MA-D5: whoever the step waits for takes the default: a pass (the opener of a card
        bids 0), the budget the bot last knew (0 if none), the first cards in display order
        kept, nothing more bought."""
        state = board.state
        if state.step == "waiting":
            raise RuleError(
                "nothing_to_close",
                "Nothing is open: open the next research auction or end the match.",
            )
        if state.step == "bidding":
            player = state.to_act
            assert player is not None
            board.public("defaults_applied", step="bidding", players=[player])
            if state.options.variant == "limited":
                board.seat(player).passed = True
                board.public("passed", player=player, auto=True)
                self._next_turn(board)
            elif state.lot is not None and state.lot.high is None:
                state.lot.bids.append((player, 0))
                card = self._lot_card(state)
                board.public(
                    "bid_raised", player=player, number=card.number, card=card.name, amount=0
                )
                self._next_bidder(board)
            else:
                self._pass_lot(board, player, auto=True)
            return
        if state.step == "budget":
            late = [p for p in board.active() if board.seat(p).money is None]
            board.public("defaults_applied", step="budget", players=late)
            for player in late:
                seat = board.seat(player)
                self._budget(board, player, seat.known or 0, by_host=True)
            return
        late = self._waiting_for(state)
        board.public("defaults_applied", step=state.step, players=late)
        for player in late:
            seat = board.seat(player)
            if state.step == "keep":
                kind = state.kind or "company"
                seat.choice = self._won(state, player, kind)[: KEEP[kind]]
            else:
                seat.choice = []
        self._after_choice(board)

    def _remove(self, board: Board, player: str, why: str) -> None:
        """MA-D7: a player kicked or conceding leaves: their markers come off the cards not
        yet evaluated, their bid on the card up for auction is void (its bidding starts
        again), what they won and had not kept or bought is discarded; what they hold stays
        theirs in the result. The last player left is neither removed nor conceding: the host
        ends the match."""
        state = board.state
        if len(board.active()) <= 1:
            raise RuleError(
                "last_player",
                "The last player cannot be removed; end the match."
                if why == "player_kicked"
                else "You are the last player left; the host can end the match.",
            )
        seat = board.seat(player)
        seat.kicked = True
        for card in state.display:
            if not card.done:
                card.markers.pop(player, None)
        board.public(why, player=player)
        for name in list(seat.won):
            board.public("card_discarded", player=player, card=name)
            for card in state.display:
                if card.name == name:
                    card.winner, card.drawn = None, False
        seat.won, seat.choice = {}, None
        if state.step == "bidding":
            if state.options.variant == "limited":
                if state.to_act == player:
                    self._next_turn(board)
            elif (state.lot is not None and any(p == player for p, _ in state.lot.bids)) or (
                state.to_act == player
            ):
                self._restart_lot(board)
        elif state.step == "budget":
            if all(board.seat(p).money is not None for p in board.active()):
                self._open_bidding(board)
        elif state.step in ("keep", "buy"):
            if not self._choosers(state):
                kind = state.kind or "project"
                if state.step == "keep":
                    self._settle_kept(board, kind)
                else:
                    self._settle_projects(board)
            elif not self._waiting_for(state):
                self._after_choice(board)

    def _restart_lot(self, board: Board) -> None:
        state = board.state
        assert state.lot is not None
        card = next(c for c in state.display if c.number == state.lot.number)
        board.public("lot_restarted", number=card.number, card=card.name)
        self._open_lot(board)

    # -- reading ---------------------------------------------------------------------------

    def is_finished(self, state: State) -> bool:
        return state.step == "ended"

    def result(self, state: State) -> dict[str, Any] | None:
        return state.result.model_dump(mode="json") if state.result else None

    def placings(self, state: State) -> Placings | None:
        """MA-D10: the auction has no winner (Terraforming Mars is won at the table): every
        player still in shares the one place, and nobody wins, as in a draw."""
        if state.result is None:
            return None
        return Placings(
            places={p: 1 for p in state.players if not state.seats[p].kicked}, winners=[]
        )

    def _opened(self, board: Board, step: str, players: list[str]) -> None:
        """A new decision is awaited: the bot starts its deadline on this event."""
        state = board.state
        state.waits += 1
        board.public(
            "phase_opened",
            step=step,
            auction=state.auction,
            generation=state.generation,
            round=state.round,
            kind=state.kind,
            players=players,
        )

    def _step_words(self, state: State) -> str:
        return self._phase(state).title

    def _auction_words(self, state: State) -> str:
        if state.auction == "setup":
            return (
                f"setup auction, round {state.round} of {SETUP_ROUNDS}"
                if (state.options.variant == "limited")
                else "setup auction"
            )
        return f"generation {state.generation}'s research auction"

    def _phase(self, state: State) -> Phase:
        step = state.step
        if step == "ended":
            return Phase(
                name="ended",
                title="Match over",
                clock=None,
                id="ended",
                on_deadline="Nothing: the match is over.",
            )
        if step == "waiting":
            what = (
                "the first research auction"
                if state.generation == 0 and state.auction == "research"
                else "the next generation's research auction"
            )
            return Phase(
                name="waiting",
                title=f"Waiting for the host to open {what} or end the match",
                clock=None,
                id=f"waiting-{state.waits}",
                on_deadline="Nothing: the host opens the next auction or ends the match.",
            )
        where = self._auction_words(state)
        round_ = state.round if state.auction == "setup" else state.generation
        if step == "budget":
            return Phase(
                name="budget",
                title=f"Budgets for {where}",
                round=round_,
                clock="step",
                id=f"{step}-{state.waits}",
                on_deadline="Whoever has not stated a budget keeps as their budget the M€ "
                "they had left, by Dealer's count (0 if none).",
            )
        if step == "keep":
            kind = state.kind or "company"
            return Phase(
                name="keep",
                title=f"Choosing {KIND_WORDS[kind]} to keep, {where}",
                round=round_,
                clock="step",
                id=f"{step}-{state.waits}",
                on_deadline=f"Whoever has not chosen keeps their first {KEEP[kind]} "
                f"{KIND_WORDS[kind] if KEEP[kind] > 1 else kind} in display order.",
            )
        if step == "buy":
            return Phase(
                name="buy",
                title=f"Buying won projects, {where}",
                round=round_,
                clock="step",
                id=f"{step}-{state.waits}",
                on_deadline="Whoever has not chosen buys none of the projects they won; "
                "their bids stay paid.",
            )
        player = state.to_act or ""
        if state.options.variant == "limited":
            then = f"{player} passes for the rest of this round."
        elif state.lot is not None and state.lot.high is None:
            then = f"{player} opens the card at 0 M€."
        else:
            then = f"{player} passes on this card."
        lot = ""
        if state.lot is not None:
            card = next(c for c in state.display if c.number == state.lot.number)
            lot = f", card {card.number} ({card.name})"
        return Phase(
            name="bidding",
            title=f"{where.capitalize()}{lot}: {player}'s turn",
            round=round_,
            clock="turn",
            id=f"bidding-{state.waits}",
            on_deadline=then,
        )

    # -- the contract ------------------------------------------------------------------------

    def turn(self, state: State) -> Turn:
        """Bidding: the player whose turn it is. Budgets, keeps and purchases: everyone the
        step asks, until it is settled (a choice may be changed until then). Waiting: the
        host."""
        return Turn(
            phase=self._phase(state),
            players=list(state.players),
            out=[p for p in state.players if state.seats[p].kicked],
            must=self._must(state),
            may=self._may(state),
        )

    def _must(self, state: State) -> list[str]:
        """Who the step still waits for (`Turn.must`), worked out without the rest of the
        turn: random playouts ask it for every move."""
        if state.step == "bidding" and state.to_act is not None:
            return [state.to_act]
        if state.step == "budget":
            return [p for p in self._may(state) if state.seats[p].money is None]
        if state.step in ("keep", "buy"):
            return list(self._waiting_for(state))
        return []

    def _may(self, state: State) -> list[str]:
        """Who may act now (`Turn.may`), worked out without the rest of the turn (the
        phase's words): `legal_actions` asks it for every player."""
        if state.step == "bidding" and state.to_act is not None:
            return [state.to_act]
        if state.step == "budget":
            return [p for p in state.players if not state.seats[p].kicked]
        if state.step in ("keep", "buy"):
            return list(self._choosers(state))
        return []

    def _place_action(self, state: State, player: str) -> Action | None:
        """L6-L9: markers on the cards open to the player (L7: fewer than 3 of theirs on it):
        a card, then, when they may put out 2 (L8, L9), nothing more, a second marker on it
        (L7: at most 1 of theirs there) or one on another card."""
        room = self.room(state, player)
        open_ = [c for c in self.biddable(state) if c.markers.get(player, 0) < MAX_ON_CARD]
        if room < 1 or not open_:
            return None
        cards = tuple(
            Placeable(
                c.number,
                c.name,
                c.kind,
                c.cost,
                c.starting_mc,
                c.markers.get(player, 0) <= MAX_ON_CARD - 2,
            )
            for c in open_
        )
        return _placement(cards, room >= 2)

    def legal_actions(self, state: State, player: str) -> list[Action]:
        """What the turn or the step lets the player do: markers on one or two cards, or
        two on one, within L7-L9, or a pass (limited); a bid from the opening or the next
        raise up to what they can pay (U2, U5), or a pass after the opening (unlimited); a
        budget; the companies or preludes to keep; the projects to buy."""
        seat = state.seats.get(player)
        if seat is None or seat.kicked or player not in self._may(state):
            return []
        if state.step == "budget":
            return [
                Action(
                    key="budget",
                    label="State your M€",
                    move={"type": "budget"},
                    steps=[Amount(min=0, max=MAX_MC, label="M€ you hold for this auction")],
                    sealed=True,
                )
            ]
        if state.step in ("keep", "buy"):
            kind: Kind = state.kind or "project"
            mine = self._won(state, player, kind)
            cards = {c.name: c for c in state.display}
            choices = [
                Choice(value=name, label=f"{cards[name].number} · {name}"[:100]) for name in mine
            ]
            if state.step == "keep":
                n = KEEP[kind]
                return [
                    Action(
                        key="keep",
                        label=f"Keep {n} {KIND_WORDS[kind] if n > 1 else kind}",
                        move={"type": "keep"},
                        steps=[
                            Pick(
                                field="cards",
                                choices=choices,
                                min=n,
                                max=n,
                                as_list=True,
                                label=f"{KIND_WORDS[kind].capitalize()} to keep",
                                typed=True,
                            )
                        ],
                        sealed=True,
                    )
                ]
            price = self._price(state, player)
            most = min(len(mine), (seat.money or 0) // price)
            none = Action(
                key="buy_none", label="Buy none", move={"type": "buy", "cards": []}, sealed=True
            )
            if most < 1:
                return [none]
            buy = Action(
                key="buy",
                label=f"Buy projects ({price} M€ each)",
                move={"type": "buy"},
                steps=[
                    Pick(
                        field="cards",
                        choices=choices,
                        min=1,
                        max=most,
                        as_list=True,
                        label="Projects to buy",
                        typed=len(choices) > MENU_OPTIONS,
                    )
                ],
                sealed=True,
            )
            return [buy, none]
        if state.options.variant == "unlimited":
            lot = state.lot
            assert lot is not None
            high = lot.high
            low = 0 if high is None else high[1] + 1
            most = self.available(state, player)
            actions = []
            if low <= most:
                actions.append(
                    Action(
                        key="raise",
                        label="Open the bidding" if high is None else "Raise",
                        move={"type": "raise"},
                        steps=[
                            Amount(
                                min=low,
                                max=most,
                                label="Your bid in M€"
                                if low < most
                                else f"Your bid: {most} M€, all you can pay",
                            )
                        ],
                    )
                )
            if high is not None:
                actions.append(Action(key="pass", label="Pass on this card", move={"type": "pass"}))
            return actions
        place = self._place_action(state, player)
        return [
            *([place] if place is not None else []),
            Action(key="pass", label="Pass", move={"type": "pass"}),
        ]

    # -- views -------------------------------------------------------------------------------

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        """Everything but budgets, M€ left and choices not yet revealed; a player's own view
        adds theirs, and what they may do now (`legal`: their `legal_actions` with their first
        steps only, for the words of their 1-on-1). `open`: the display numbers markers may go
        on now (limited, L17); `choosers`: whom the keep or buy step asks (L15, L16), whether
        or not they have chosen; `first_player`: the setup's or the last generation's first
        player, and `next_first_player` the next research auction's by default, the one after
        (L17)."""
        limited_bidding = state.step == "bidding" and state.options.variant == "limited"
        out: dict[str, Any] = {
            "variant": state.options.variant,
            "step": state.step,
            "auction": state.auction,
            "generation": state.generation,
            "round": state.round,
            "kind": state.kind,
            "starter": state.players[state.starter],
            "first_player": None if state.first is None else state.players[state.first],
            "next_first_player": self.next_first_player(state),
            "to_act": state.to_act,
            "display": DISPLAY.dump_python(state.display, mode="json"),
            "lot": state.lot.model_dump(mode="json") if state.lot else None,
            "open": [c.number for c in self.biddable(state)] if limited_bidding else [],
            "choosers": self._choosers(state) if state.step in ("keep", "buy") else [],
            "players": list(state.players),
            "seats": {
                p: {
                    "corporation": s.corporation,
                    "preludes": list(s.preludes),
                    "projects": list(s.projects),
                    "paid": s.paid,
                    "placed": s.placed,
                    "passed": s.passed,
                    "kicked": s.kicked,
                    "won": sorted(s.won),
                    "has_budget": s.money is not None,
                    "chosen": s.choice is not None,
                }
                for p, s in state.seats.items()
            },
            "result": self.result(state),
        }
        seat = state.seats.get(viewer or "")
        if viewer is not None and seat is not None:
            out["me"] = {
                "player": viewer,
                "money": seat.money,
                "budget": self.budget(state, viewer),
                "company_bids": seat.company_bids,
                "unsettled": self.unsettled(state, viewer),
                "room": self.room(state, viewer) if state.step == "bidding" else 0,
                "choice": seat.choice,
                "price": self._price(state, viewer),
            }
            out["legal"] = [
                a.model_dump(mode="json", exclude=FIRST_STEPS)
                for a in self.legal_actions(state, viewer)
            ]
        return out

    # -- playouts and checks -----------------------------------------------------------------

    def random_move(self, state: State, rnd: random.Random) -> tuple[str, Any]:
        """Mostly a legal move of someone the step waits for, a pass more often than not (so
        that a playout of five players' 80 setup cards stays short); the host closes a step
        now and then, opens a research auction or two and ends the match."""
        if state.step == "waiting":
            if state.generation >= 1 or rnd.random() < 0.3:
                return HOST, End()
            return HOST, Research(first_player=self.next_first_player(state))
        must = self._must(state)
        if rnd.random() < 0.03 or not must:
            return HOST, ClosePhase()
        player = rnd.choice(must)
        actions = self.legal_actions(state, player)
        passes = [a for a in actions if a.key == "pass"]
        action = passes[0] if passes and rnd.random() < 0.6 else rnd.choice(actions)
        budget = action.key == "budget"
        answers = random_answers(
            action,
            rnd,
            lambda step: (
                rnd.randint(0, 40) if budget else rnd.randint(step.min, min(step.max, step.min + 8))
            ),
        )
        return player, self.parse_move(action.build(answers))

    def conserved(self, state: State) -> dict[str, int]:
        """No card is in two places, and none is held that was not dealt: 0 and 0."""
        held = [
            name
            for s in state.seats.values()
            for name in [
                *([s.corporation] if s.corporation else []),
                *s.preludes,
                *s.projects,
                *s.won,
            ]
        ]
        dealt = set(state.dealt)
        return {
            "held_twice": len(held) - len(set(held)),
            "held_not_dealt": sum(name not in dealt for name in held),
            "dealt_twice": len(state.dealt) - len(dealt),
        }
