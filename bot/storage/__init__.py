"""All of Dealer's SQL: matches, their move log and snapshot, the outbox, timers and config."""

from bot.storage.db import MatchRow, OutboxItem, PlayerRow, Storage, TimerRow

__all__ = ["MatchRow", "OutboxItem", "PlayerRow", "Storage", "TimerRow"]
