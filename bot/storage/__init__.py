"""All of Dealer's SQL: matches, their log of moves and events, snapshots, timers, config,
seasons and their ledger, and the results of finished matches."""

from bot.storage.db import (
    MatchRow,
    OutboxItem,
    PlayerRow,
    Snapshot,
    Storage,
    TimerRow,
    UndoneMove,
)
from bot.storage.group_commit import Durability
from bot.storage.results import PastMatch, Rank, ResultRow, Standing, Tally
from bot.storage.seasons import (
    Balance,
    LedgerEntry,
    LedgerRefused,
    LedgerRow,
    LedgerWrite,
    Season,
    balances,
    prize_pool,
)

__all__ = [
    "Balance",
    "Durability",
    "LedgerEntry",
    "LedgerRefused",
    "LedgerRow",
    "LedgerWrite",
    "MatchRow",
    "OutboxItem",
    "PastMatch",
    "PlayerRow",
    "Rank",
    "ResultRow",
    "Season",
    "Snapshot",
    "Standing",
    "Storage",
    "Tally",
    "TimerRow",
    "UndoneMove",
    "balances",
    "prize_pool",
]
