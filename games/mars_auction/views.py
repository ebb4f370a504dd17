"""The Mars Auction's views (MA-D3: budgets, the M€ a player has left and choices not yet
revealed are each player's own):

- `PublicView`, what everyone knows, the spectators' and the host's alike (the host is told
  no budget or sealed choice either): the step, the display with every card's markers and
  winner, the card up for auction, each seat's holdings and whether they have a budget in or
  have chosen (never what), and the result once the match is over;
- `PlayerView`, a player's: the public view and their own seat (`OwnSeat`: their M€, their
  budget, what their markers hold, their sealed choice);
- `Settlement`, what the bot's `settlement` event draws: each player's holdings and what an
  auction cost them (`render.settlement_board`).

`view(state, viewer)` builds the one a viewer may see (`MarsAuction.view`).

What a player may do now is not in a view: the texts and the board are handed their legal
actions.
"""

from __future__ import annotations

from pydantic import Field, TypeAdapter

from games.core.events import Viewer
from games.core.views import GameView
from games.mars_auction import budgets, phases
from games.mars_auction.events import DealtCard, Holdings, Part, Settled
from games.mars_auction.model import Kind, Start, State, Step, Variant


class CardView(DealtCard):
    """A card on display (L1): its facts, each player's markers on it (limited), and, once
    evaluated (`done`), who won it and for how much (`bid`), or drew it free (`drawn`, L14)."""

    markers: dict[str, int] = Field(default_factory=dict)
    done: bool = False
    winner: str | None = None
    bid: int = 0
    drawn: bool = False


class LotView(Part):
    """Unlimited: the card up for auction, its bids so far, oldest first, and who has passed
    on it (U1-U3)."""

    number: int
    opener: str
    bids: list[tuple[str, int]]
    passed: list[str]

    @property
    def high(self) -> tuple[str, int] | None:
        """The bid standing: its bidder and amount."""
        return self.bids[-1] if self.bids else None


class SeatView(Part):
    """A player's seat as everyone sees it: what they hold and paid, their markers this round
    and whether they passed (limited), the cards they won in this auction not yet kept or
    bought, and whether they have a budget in or have chosen (never what, MA-D3)."""

    corporation: str | None
    preludes: list[str]
    projects: list[str]
    paid: int
    placed: int
    passed: bool
    kicked: bool
    won: list[str]
    has_budget: bool
    chosen: bool


class OwnSeat(Part):
    """A player's own seat, as only they see it: the M€ they pay with (`money`; None before a
    corporation in the setup, or before a research budget), their `budget` (L9, U5: the setup
    budget until then), their company bids not yet settled (L10), what their markers on cards
    not yet evaluated hold (`unsettled`), the markers they may still put out this round
    (`room`), their sealed choice, and what a won project costs them (`price`, L16, L18)."""

    player: str
    money: int | None
    budget: int
    company_bids: int
    unsettled: int
    room: int
    choice: list[str] | None
    price: int


class FinalResult(Part):
    """Per player, the cards kept and bought and the M€ paid; the research auctions played."""

    players: dict[str, Holdings]
    generations: int


class PublicView(GameView):
    """What everyone knows. `open`: the display numbers markers may go on now (limited,
    L17); `choosers`: whom the keep or buy step asks (L15, L16), whether or not they have
    chosen; `first_player`: the setup's or the last generation's first player, and
    `next_first_player` the next research auction's by default, the one after (L17)."""

    variant: Variant
    step: Step
    auction: Start
    generation: int
    round: int
    kind: Kind | None
    starter: str
    first_player: str | None
    next_first_player: str
    to_act: str | None
    display: list[CardView]
    lot: LotView | None
    open: list[int]
    choosers: list[str]
    players: list[str]
    seats: dict[str, SeatView]
    result: FinalResult | None


class PlayerView(PublicView):
    """A player's: the public view and their own seat."""

    me: OwnSeat


class SettledSeat(Settled):
    """A player's settlement: `bought`, the projects bought in this auction; `left`, whether
    they had left the match."""

    bought: list[str]
    left: bool


class Settlement(Part):
    """An auction settled, as the bot's `settlement` event tells it: per player what they
    hold, paid in all and in this auction (`Settled`), what they bought in it and whether
    they had left the match."""

    auction: Start
    generation: int
    players: dict[str, SettledSeat]


#: The display's cards as views, validated in one call from each card's fields: a research
#: auction's display holds sixty cards and more, and a strong seat's playouts ask for
#: thousands of views a match.
_CARD_VIEWS: TypeAdapter[list[CardView]] = TypeAdapter(list[CardView])


def view(state: State, viewer: Viewer) -> PublicView:
    """Everything but budgets, M€ left and choices not yet revealed (`PublicView`, the
    host's too); a player's own view adds theirs (`PlayerView`, MA-D3)."""
    open_now = phases.decision(state)
    public = dict(
        variant=state.options.variant,
        step=state.step,
        auction=state.auction,
        generation=state.generation,
        round=state.round,
        kind=state.kind,
        starter=state.players[state.starter],
        first_player=None if state.first is None else state.players[state.first],
        next_first_player=phases.next_first_player(state),
        to_act=phases.bidder(state),
        display=_CARD_VIEWS.validate_python([vars(c) for c in state.display]),
        lot=(
            None
            if state.lot is None
            else LotView(
                number=state.lot.number,
                opener=state.lot.opener,
                bids=list(state.lot.bids),
                passed=list(state.lot.passed),
            )
        ),
        open=[c.number for c in phases.biddable(state)] if open_now == "markers" else [],
        choosers=phases.choosers(state) if open_now in ("keep", "buy") else [],
        players=list(state.players),
        seats={
            p: SeatView(
                corporation=s.corporation,
                preludes=list(s.preludes),
                projects=list(s.projects),
                paid=s.paid,
                placed=s.placed,
                passed=s.passed,
                kicked=s.kicked,
                won=sorted(s.won),
                has_budget=s.money is not None,
                chosen=s.choice is not None,
            )
            for p, s in state.seats.items()
        },
        result=(
            None if state.result is None else FinalResult.model_validate(state.result.model_dump())
        ),
    )
    seat = state.seats.get(viewer or "")
    if viewer is None or seat is None:
        return PublicView(**public)
    me = OwnSeat(
        player=viewer,
        money=seat.money,
        budget=budgets.budget(state, viewer),
        company_bids=seat.company_bids,
        unsettled=budgets.unsettled(state, viewer),
        room=budgets.room(state, viewer) if open_now in phases.BIDDING else 0,
        choice=None if seat.choice is None else list(seat.choice),
        price=budgets.price(state, viewer),
    )
    return PlayerView(**public, me=me)
