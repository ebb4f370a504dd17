"""All of Dealer's SQL: matches, their log of moves and events, snapshots, timers, config."""

from bot.storage.db import MatchRow, OutboxItem, PlayerRow, Storage, TimerRow

__all__ = ["MatchRow", "OutboxItem", "PlayerRow", "Storage", "TimerRow"]
