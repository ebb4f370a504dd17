"""The Market phase (AT-21 to AT-24): companies sell in initiative order, 1 to 18, tile by
tile up to their tiles in each region and that region's demand; income goes to their banks;
a company that sold a good for every tile it has expands."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from games.atrades.actions import free_land, price_bonus
from games.atrades.data import PRICES
from games.atrades.model import Company, State
from games.core.errors import RuleError

#: AT-D19, AT-D26: why a company due to expand cannot.
NoExpansion = Literal["no_tile", "no_land", "left"]


@dataclass(frozen=True, slots=True)
class Sale:
    """A company's goods sold in one region (a plain record: a market makes a few every
    round, and the event telling them is made from `fields`)."""

    company: int
    region: int
    goods: int
    price: int

    @property
    def income(self) -> int:
        return self.goods * self.price

    def fields(self) -> dict[str, int]:
        """The sale as the market's event tells it, its income with it."""
        return {
            "company": self.company,
            "region": self.region,
            "goods": self.goods,
            "price": self.price,
            "income": self.income,
        }


def price(state: State, seller: Company) -> int:
    """AT-D4: one good's price, by the company's type and the era, plus its owner's price
    technologies (AT-D5)."""
    return PRICES[seller.type][state.era - 1] + price_bonus(state, seller.owner, seller.type)


def market(state: State) -> list[Sale]:
    """AT-21, AT-22, AT-23: in each region, companies in business sell in initiative order,
    each as many goods as it has tiles there, until the region's demand is used up; each
    good's price goes to the company's bank (money created). AT-24, AT-D19: companies that
    sold a good for every tile may then expand, in initiative order."""
    if state.merger is not None or state.free_acquires or state.expansions:
        raise RuleError("action_pending", "The Action phase is not finished.")
    sales: list[Sale] = []
    board = state.board
    left = [region.demand for region in state.regions]
    created = 0
    for seller in sorted(state.companies, key=lambda c: c.initiative):
        if seller.flipped:
            continue
        per_region: dict[int, int] = {}
        for label in seller.hexes:
            region = board[label]["region"]
            per_region[region] = per_region.get(region, 0) + 1
        each = price(state, seller)
        for region, tiles in sorted(per_region.items()):
            goods = min(tiles, left[region])
            if not goods:
                continue
            left[region] -= goods
            sale = Sale(company=seller.initiative, region=region, goods=goods, price=each)
            seller.bank += sale.income
            created += sale.income
            sales.append(sale)
    state.created += created
    state.expansions = expandable(state, sold_out(state, sales))
    return sales


def sold_out(state: State, sales: list[Sale]) -> list[int]:
    """AT-24: the companies in business that sold a good for every tile they have, in
    initiative order: those due to expand, if they can (AT-D19)."""
    sold: dict[int, int] = {}
    for sale in sales:
        sold[sale.company] = sold.get(sale.company, 0) + sale.goods
    return [
        c.initiative
        for c in sorted(state.companies, key=lambda c: c.initiative)
        if not c.flipped and sold.get(c.initiative, 0) == c.size
    ]


def expansion_hexes(
    state: State, company: int, taken: Mapping[str, int] | None = None
) -> list[str]:
    """Free habitable hexes next to a company (connectors count), where it may expand;
    `taken`: the map's `occupied` hexes, where the caller has them."""
    return free_land_next_to(state, state.company(company), taken)


def free_land_next_to(
    state: State, grower: Company, taken: Mapping[str, int] | None = None
) -> list[str]:
    """`expansion_hexes` of a company the caller has (without looking it up again)."""
    taken = state.occupied() if taken is None else taken
    return [label for label in state.geography().land_around(grower.hexes) if label not in taken]


def why_no_expansion(
    state: State, company: int, taken: Mapping[str, int] | None = None
) -> NoExpansion | None:
    """Why a company cannot expand: its guild has left the game (AT-D26, `left`), no tile
    of its type is left in the supply or no free land is next to it (AT-D19, `no_tile`,
    `no_land`); None when it can. `taken` as `expansion_hexes` takes it."""
    grower = state.company(company)
    if grower.owner in state.out:
        return "left"
    if state.supply[grower.type] <= 0:
        return "no_tile"
    if not free_land_next_to(state, grower, taken):
        return "no_land"
    return None


def can_expand(state: State, company: int, taken: Mapping[str, int] | None = None) -> bool:
    """AT-D19, AT-D26: an expansion needs a guild still in the game, a tile of the company's
    type in the supply and free land."""
    return why_no_expansion(state, company, taken) is None


def expandable(
    state: State, companies: list[int], taken: Mapping[str, int] | None = None
) -> list[int]:
    """Those of `companies` that can expand now, in their order (the map's taken hexes
    worked out once for all of them, where the caller has not)."""
    taken = state.occupied() if taken is None else taken
    return [c for c in companies if can_expand(state, c, taken)]


def expand(state: State, seat: int, company: int, hex_text: str | None) -> str | None:
    """AT-24, AT-D19: the owner of the next company to expand places a tile of its type from
    the supply on free habitable land next to it, or lets the expansion go (None)."""
    if not state.expansions or state.expansions[0] != company:
        raise RuleError("no_expansion", "Company {company} does not expand now.", company=company)
    grower = state.company(company)
    if grower.owner != seat:
        raise RuleError("not_your_company", "Company {company} is not yours.", company=company)
    if hex_text is None:
        state.expansions.pop(0)
        return None
    taken = state.occupied()
    label = free_land(state, hex_text, taken)
    if label not in free_land_next_to(state, grower, taken):
        raise RuleError(
            "not_next_to", "{hex} is not next to company {company}.", hex=label, company=company
        )
    state.expansions.pop(0)
    grower.hexes.append(label)
    taken[label] = grower.initiative
    state.supply[grower.type] -= 1
    state.expansions = expandable(state, state.expansions, taken)
    return label
