"""All of Dealer's SQL: matches, their log of moves and events, snapshots, timers, config."""

from bot.storage.db import MatchRow, OutboxItem, PlayerRow, Snapshot, Storage, TimerRow

__all__ = ["MatchRow", "OutboxItem", "PlayerRow", "Snapshot", "Storage", "TimerRow"]
