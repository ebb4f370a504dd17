"""RESOLUTION's count (`score`): PWR and TPR as counted when the round resolves — the
continuous effects of Sentinel, Medic, Infantry, Outpost, Cybernetics Lab, Comms Station, Siege
Vehicle's chosen boost and Defense System's disable (PM-7), lanes first, then TPR (PM-4).
`score` and `tpr` read plain `Unit`s, so the practice opponent can count a field from a view.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from games.project_mars.card_details import CARDS
from games.project_mars.model import COLUMNS, Score, column_of, row_of
from games.project_mars.table import Table

SENTINEL_BONUS = 6
MEDIC_BONUS = 4
OUTPOST_BONUS = 2
COMMS_BONUS = 2
SIEGE_BONUS = 2
LAB_BONUS = 1


@dataclass(frozen=True)
class Unit:
    """A face-up card on its owner's field, as resolution counts it."""

    id: str
    key: str
    owner: str
    slot: str
    zeroed: bool = False
    disabled: bool = False
    bonus: int = 0
    boosts: str | None = None


def units(table: Table) -> list[Unit]:
    """Every face-up card on the fields. Traps lying face down count for nobody (PM-3)."""
    return [
        Unit(
            id=placed.card,
            key=table.card(placed.card).key,
            owner=player,
            slot=slot,
            zeroed=placed.zeroed,
            disabled=placed.disabled,
            bonus=placed.bonus,
            boosts=placed.boosts,
        )
        for player in table.state.players
        for slot, placed in table.face_up(player)
    ]


def _works(unit: Unit, disabled: set[str]) -> bool:
    """PM-2: an offense effect works in the attack row, a guardian effect in the defence row;
    a disabled card has no effect."""
    return unit.id not in disabled and _in_its_row(unit.key, unit.slot)


@cache
def _in_its_row(key: str, slot: str) -> bool:
    """Whether the card's effect works on that slot (PM-2), once per card and slot."""
    return CARDS[key].row == row_of(slot)


def _system_targets(players: list[str], cards: list[Unit], disabled: set[str]) -> list[str]:
    """PM-D11: each working Defense System disables one ARTIFICIAL card in the enemy column,
    chosen at resolution: the attack-row one first (its effect is the live one)."""
    hit: list[str] = []
    for system in cards:
        if system.key != "defense-system" or not _works(system, disabled | set(hit)):
            continue
        enemy = players[1] if system.owner == players[0] else players[0]
        column = column_of(system.slot)
        targets = [
            u
            for u in cards
            if u.owner == enemy
            and column_of(u.slot) == column
            and CARDS[u.key].has("artificial")
            and u.id not in disabled
            and u.id not in hit
        ]
        targets.sort(key=lambda u: row_of(u.slot) != "attack")
        if targets:
            hit.append(targets[0].id)
    return hit


class _Support:
    """What a side's working cards (`_works`) add to its other cards' PWR (PM-7, PM-D10):
    whether a Cybernetics Lab works, where its Comms Stations stand, how many Siege Vehicles
    boost each card. Worked out once per side, not once per card: the strong seat's playouts
    count fields tens of thousands of times a match."""

    __slots__ = ("boosts", "comms", "lab")

    def __init__(self, working: list[Unit]) -> None:
        self.lab = any(u.key == "cybernetics-lab" for u in working)
        self.comms = [
            (row_of(u.slot), column_of(u.slot)) for u in working if u.key == "comms-station"
        ]
        self.boosts: dict[str | None, int] = {}
        for u in working:
            if u.key == "siege-vehicle":
                self.boosts[u.boosts] = self.boosts.get(u.boosts, 0) + 1


def _pwr(unit: Unit, support: _Support, disabled: set[str]) -> int:
    """PM-7, PM-D10: a disabled or zeroed card has PWR 0; otherwise its printed PWR, plus
    Cybernetics Lab (+1, once, for ARTIFICIAL cards printed with 1 PWR), one Comms Station
    beside it (+2, once), each Siege Vehicle boosting it (+2) and Favorable Conditions.
    `support`: what the owner's cards whose effect works add (`_Support`)."""
    spec = CARDS[unit.key]
    if unit.id in disabled or unit.zeroed:
        return 0
    pwr = spec.pwr or 0
    if unit.key == "comms-station":
        return pwr
    if support.lab and spec.has("artificial") and spec.pwr == 1:
        pwr += LAB_BONUS
    if support.comms:
        row, column = row_of(unit.slot), column_of(unit.slot)
        if any(r == row and abs(c - column) == 1 for r, c in support.comms):
            pwr += COMMS_BONUS
    pwr += SIEGE_BONUS * support.boosts.get(unit.id, 0)
    return pwr + unit.bonus


def _count(
    players: list[str], cards: list[Unit]
) -> tuple[dict[str, int], list[str], list[str | None], dict[str, dict[str, int]]]:
    """`score`'s count: every card's PWR, the cards Defense Systems disable, the lanes' winners
    and each player's parts of TPR."""
    disabled = {u.id for u in cards if u.disabled}
    by_system = _system_targets(players, cards, disabled)
    disabled |= set(by_system)
    mine = {p: [u for u in cards if u.owner == p] for p in players}
    # Whose effects work is the same for every card of a side: worked out once per side.
    working = {p: [u for u in mine[p] if _works(u, disabled)] for p in players}
    support = {p: _Support(working[p]) for p in players}
    pwr = {u.id: _pwr(u, support[u.owner], disabled) for u in cards}
    by_column: dict[tuple[str, int], list[Unit]] = {(p, c): [] for p in players for c in COLUMNS}
    for player in players:
        for u in mine[player]:
            by_column[player, column_of(u.slot)].append(u)
    lanes: list[str | None] = []
    for column in COLUMNS:
        sides = {p: by_column[p, column] for p in players}
        first, second = players
        if len(sides[first]) == 2 and not sides[second]:
            lanes.append(first)
        elif len(sides[second]) == 2 and not sides[first]:
            lanes.append(second)
        else:
            totals = {p: sum(pwr[u.id] for u in sides[p]) for p in players}
            best = max(totals.values())
            leaders = [p for p in players if totals[p] == best]
            lanes.append(leaders[0] if len(leaders) == 1 else None)
    infantry_on_field = sum(CARDS[u.key].infantry for u in cards)
    parts: dict[str, dict[str, int]] = {}
    for player in players:
        sentinels = [u for u in mine[player] if u.key == "sentinel"]
        parts[player] = {
            "pwr": sum(pwr[u.id] for u in mine[player]),
            "lanes": lanes.count(player),
            "sentinel": SENTINEL_BONUS
            * sum(
                u.key == "sentinel"
                and any(s.id != u.id and column_of(s.slot) == column_of(u.slot) for s in sentinels)
                for u in working[player]
            ),
            "medic": MEDIC_BONUS * sum(u.key == "medic" for u in working[player]),
            "infantry": (
                infantry_on_field if any(u.key == "infantry" for u in working[player]) else 0
            ),
            "outpost": OUTPOST_BONUS * sum(u.key == "outpost" for u in working[player]),
        }
    return pwr, by_system, lanes, parts


def score(players: list[str], cards: list[Unit]) -> Score:
    """PM-4, PM-7: the count at resolution. Lanes are compared first: more PWR in a column
    than the enemy's same column wins it (+1 TPR); two cards facing an empty column win it by
    default. Then TPR = PWR on the field + lanes + Sentinel, Medic, Infantry, Outpost."""
    pwr, by_system, lanes, parts = _count(players, cards)
    return Score(
        pwr=pwr,
        disabled=by_system,
        lanes=lanes,
        tpr=_totals(parts),
        parts=parts,
    )


def tpr(players: list[str], cards: list[Unit]) -> dict[str, int]:
    """Each player's TPR as `score` counts it, without the rest of its `Score` (the practice
    player weighs every play by it, PM-4)."""
    return _totals(_count(players, cards)[3])


def _totals(parts: dict[str, dict[str, int]]) -> dict[str, int]:
    """PM-4: each player's TPR, the sum of its parts."""
    return {player: sum(counted.values()) for player, counted in parts.items()}


@lru_cache(maxsize=64)
def projection(players: tuple[str, ...], cards: tuple[Unit, ...]) -> Score:
    """`score` of the fields as they stand (the views' projection), worked out once per
    position: every viewer's view of a state shows the same one. Shared, so read only."""
    return score(list(players), list(cards))
