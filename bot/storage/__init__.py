"""All of Dealer's SQL: matches, their log of moves and events, snapshots, timers, config,
seasons and their ledger, and the results of finished matches."""

from bot.storage.backend import MatchMoved, TimerGone
from bot.storage.db import (
    DamagedRecord,
    Handover,
    LoggedWait,
    MatchRow,
    OutboxItem,
    PlayerRow,
    Snapshot,
    Storage,
    TimerRow,
    UndoneMove,
)
from bot.storage.group_commit import Durability
from bot.storage.results import PastMatch, Rank, RatingChange, ResultRow, Standing, Tally
from bot.storage.seasons import (
    Balance,
    LedgerEntry,
    LedgerRefused,
    LedgerRow,
    LedgerWrite,
    Season,
    SeasonMatch,
    balances,
    prize_pool,
)

__all__ = [
    "Balance",
    "DamagedRecord",
    "Durability",
    "Handover",
    "LedgerEntry",
    "LedgerRefused",
    "LedgerRow",
    "LedgerWrite",
    "LoggedWait",
    "MatchMoved",
    "MatchRow",
    "OutboxItem",
    "PastMatch",
    "PlayerRow",
    "Rank",
    "RatingChange",
    "ResultRow",
    "Season",
    "SeasonMatch",
    "Snapshot",
    "Standing",
    "Storage",
    "Tally",
    "TimerGone",
    "TimerRow",
    "UndoneMove",
    "balances",
    "prize_pool",
]
