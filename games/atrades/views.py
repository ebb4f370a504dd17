"""What each viewer of an Atrades match may know (docs/rules/atrades.md, AT-D27), as models:
the map, the companies and their banks, the display, the technologies, the guilds' boards
and who has bid are public (`PublicView`, the host's too); personal money is each guild's
own until the end, a turn-order bid and a final sealed bid are their bidder's until revealed
(`Mine`, in a player's `PlayerView` and `Summary`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.atrades.data import REGION_BY_NAME, GoodsType, Terrain
from games.atrades.events import Paid
from games.atrades.flow import acting, seat_of
from games.atrades.merger import bidders, to_bid
from games.atrades.model import FlowStep, State, Track, lay_out
from games.atrades.rounds import standings
from games.atrades.waits import Decision, decision
from games.core.contract import Action
from games.core.views import GameView


class Part(BaseModel):
    """A part of a view (a hex, a company, a guild): frozen, no extra fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class RegionView(Part):
    """A region tile as placed (AT-D3): its name, its centre's label, how it is turned, and
    its demand now."""

    name: str
    centre: str
    turns: int
    demand: int


class MapHex(Part):
    """A hex of the map that is not desert: its terrain, the index of its region in the
    view's `regions`, its city's number (None off a city)."""

    terrain: Terrain
    region: int
    city: int | None


class CompanyView(Part):
    """A company on the map: its starting tile's initiative, its goods, its owner (a
    player), its tiles' labels (the starting tile's first), its bank, and whether the
    Government bought it (flipped, AT-18)."""

    initiative: int
    type: GoodsType
    owner: str
    hexes: list[str]
    bank: int
    flipped: bool


class GuildView(Part):
    """A guild's board as everyone sees it: its player, board and initiative, its action
    cubes left, its cubes on each track, its technologies, whether it left the match; its
    personal money only once the game is over (AT-D27)."""

    player: str
    guild: str
    initiative: int
    cubes: int
    tracks: dict[Track, int]
    technologies: list[str]
    out: bool
    money: int | None


class MergerView(Part):
    """A player merger under way (AT-11 to AT-16), as everyone sees it: who started it, the
    two companies, whether a cube was placed, the auction track, the round of `rounds` (the
    last sealed) and its step, the guilds still bidding and whose turn it is to raise or
    pass, the high bid and its leader, who has made a final decision, and the winner."""

    starter: str
    companies: tuple[int, int]
    cube: bool
    track: list[Literal["A", "B"]]
    rounds: int
    round: int
    step: Literal["open", "sealed", "payment"]
    bidders: list[str]
    to_bid: str | None
    high: int
    leader: str | None
    final_in: list[str]
    winner: str | None


class Mine(Part):
    """A guild's own secrets: its money, its standing turn-order bid, whether it made its
    final sealed bid and what it was (None: it dropped out)."""

    player: str
    money: int
    bid: Paid | None
    final_bid: int | None
    final_in: bool


class Board(GameView):
    """What every view of the match holds: the round and era, the step of the round, the
    map (its regions and hexes) and the companies on it, the display, the merger and the
    guilds' boards."""

    round: int
    era: int
    step: FlowStep
    regions: list[RegionView]
    map: dict[str, MapHex]
    companies: list[CompanyView]
    display: list[int]
    merger: MergerView | None
    guilds: list[GuildView]

    def company(self, initiative: int) -> CompanyView | None:
        return next((c for c in self.companies if c.initiative == initiative), None)

    def guild(self, player: str) -> GuildView | None:
        return next((g for g in self.guilds if g.player == player), None)


class PublicView(Board):
    """The view everyone shares (the host's too, AT-D27): the board, the decision open now
    (`waits.decision`), the turn order and who acts, the connectors, the pile's size,
    the plain tiles and technologies left, who has bid for turn order, the free Acquires
    and expansions owed, and at the end the places and winners."""

    decision: Decision
    order: list[str]
    acting: str | None
    connectors: list[tuple[str, str]]
    pool: int
    supply: dict[GoodsType, int]
    technologies: list[str]
    bid: list[str]
    free_acquires: list[str]
    expansions: list[int]
    ended: bool
    places: dict[str, int] | None
    winners: list[str]


class PlayerView(PublicView):
    """A guild's view: the public one and its own secrets."""

    me: Mine


class Summary(Board):
    """What a player's 1-on-1 and the computer seats read: the board and the guild's own
    secrets (None for who plays no part)."""

    me: Mine | None


class TurnOrderBids(Part):
    """A round's turn-order bids, once resolved (AT-8): the host's audit keeps them."""

    round: int
    turn_order: list[str]
    bids: dict[str, Paid]


class FinalBids(Part):
    """A merger's final sealed bids, once revealed (AT-13; None: dropped out)."""

    round: int
    merger: list[int]
    final_bids: dict[str, int | None]


class Audit(BaseModel):
    """The host's audit (`Atrades.audit`): every sealed round revealed so far, oldest first;
    read from the host's picture, the host's view with it merged in (whose other fields it
    leaves)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    closed: list[TurnOrderBids | FinalBids] = Field(default_factory=list)


class GuildCard(GameView):
    """What a guild board (a player's 1-on-1 card) draws: the player's view and the legal
    actions the bot worked out for them (`AtradesTexts.card_of`)."""

    view: PlayerView
    actions: list[Action]


def public(state: State) -> PublicView:
    """The view everyone shares (the host's too: AT-D27)."""
    return PublicView(**_public(state))


def player(state: State, player: str) -> PlayerView | None:
    """A player's view: the public one and `Mine`; None for who plays no part. (Built from
    the public view's fields, not from a `PublicView`, whose fields would be validated twice.)"""
    me = mine(state, player)
    return None if me is None else PlayerView(**_public(state), me=me)


def _public(state: State) -> dict[str, object]:
    """The fields of `PublicView`, from the state."""
    names = [g.player for g in state.guilds]
    end = state.ended
    seat = acting(state)
    return dict(
        **_board(state, names),
        decision=decision(state),
        order=[names[s] for s in state.order],
        acting=None if seat is None else names[seat],
        connectors=state.connectors,
        pool=len(state.pool),
        supply=state.supply,
        technologies=state.technologies,
        bid=sorted(names[s] for s in state.bids if s not in state.out),
        free_acquires=[names[s] for s in state.free_acquires],
        expansions=state.expansions,
        ended=end,
        places={names[s]: p for s, p in standings(state).items()} if end else None,
        winners=[names[s] for s in state.winners],
    )


def summary(state: State, player: str) -> Summary:
    """A player's summary: the board and `Mine`."""
    return Summary(**_board(state, [g.player for g in state.guilds]), me=mine(state, player))


def _board(state: State, names: list[str]) -> dict[str, object]:
    """The fields of `Board`, from the state."""
    merger = state.merger
    end = state.ended
    return {
        "round": state.round,
        "era": state.era,
        "step": state.flow.step,
        "regions": [
            RegionView(name=r.name, centre=r.centre, turns=r.turns, demand=r.demand)
            for r in state.regions
        ],
        "map": _map(tuple((r.name, r.centre, r.turns) for r in state.regions)),
        "companies": [
            CompanyView(
                initiative=c.initiative,
                type=c.type,
                owner=names[c.owner],
                hexes=c.hexes,
                bank=c.bank,
                flipped=c.flipped,
            )
            for c in state.companies
        ],
        "display": state.display,
        "merger": None
        if merger is None
        else MergerView(
            starter=names[merger.starter],
            companies=merger.companies,
            cube=merger.cube,
            track=merger.track,
            rounds=merger.rounds,
            round=merger.round,
            step=merger.step,
            bidders=[names[s] for s in bidders(merger)],
            to_bid=None if (seat := to_bid(merger)) is None else names[seat],
            high=merger.high,
            leader=None if merger.leader is None else names[merger.leader],
            final_in=sorted(names[s] for s in merger.sealed),
            winner=None if merger.winner is None else names[merger.winner],
        ),
        "guilds": [
            GuildView(
                player=g.player,
                guild=g.guild,
                initiative=g.initiative,
                cubes=g.cubes,
                tracks=g.tracks,
                technologies=g.technologies,
                out=seat in state.out,
                money=g.money if end else None,
            )
            for seat, g in enumerate(state.guilds)
        ],
    }


@lru_cache(maxsize=64)
def _map(layout: tuple[tuple[str, str, int], ...]) -> dict[str, MapHex]:
    """The map's hexes that are not desert, by label, for the regions placed so (name,
    centre, turns): made once per layout, a map of a hundred hexes and more being the same
    in every view of a match (the centres follow from the order, AT-D3)."""
    _, board, _ = lay_out([REGION_BY_NAME[name] for name, _, _ in layout], [t for *_, t in layout])
    return {
        label: MapHex(terrain=cell["terrain"], region=cell["region"], city=cell["city"])
        for label, cell in board.items()
        if cell["terrain"] != "desert"
    }


def mine(state: State, player: str) -> Mine | None:
    """A seat's own secrets: its money, its standing turn-order bid, its final bid."""
    seat = seat_of(state, player)
    if seat is None:
        return None
    merger = state.merger
    bid = state.bids.get(seat)
    final = merger.sealed.get(seat) if merger is not None and seat in merger.sealed else None
    return Mine(
        player=player,
        money=state.guilds[seat].money,
        bid=None if bid is None or seat in state.out else Paid(**bid.model_dump()),
        final_bid=final,
        final_in=merger is not None and seat in merger.sealed,
    )
