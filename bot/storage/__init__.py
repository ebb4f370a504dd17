"""All of Dealer's SQL: matches, their log of moves and events, snapshots, timers, config,
seasons and their ledger."""

from bot.storage.db import (
    Durability,
    MatchRow,
    OutboxItem,
    PlayerRow,
    Snapshot,
    Storage,
    TimerRow,
    UndoneMove,
)
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
    "PlayerRow",
    "Season",
    "Snapshot",
    "Storage",
    "TimerRow",
    "UndoneMove",
    "balances",
    "prize_pool",
]
