"""Members' Discord languages as SimCord sends them, for tests that read Czech and Korean
(`real_languages`, in tests/bot/conftest.py, skips those in the pseudo-locale)."""

from __future__ import annotations

import discord
import pytest
from simcord import interactions as simcord_interactions

from bot.i18n import language
from tools.demo import locale_payloads

#: A Discord language Dealer has no catalogue for (German until someone adds it: a new
#: catalogue must not break the tests that need one Dealer does not speak).
UNSPOKEN = next(
    locale.value
    for locale in discord.Locale
    if language(locale).code == "en" and not locale.value.startswith("en")
)


def reading(monkeypatch: pytest.MonkeyPatch, locales: dict[int, str]) -> None:
    """Members' Discord languages, by user id (SimCord sends every interaction as en-US)."""
    payload = locale_payloads(lambda user_id: locales.get(user_id, "en-US"))
    monkeypatch.setattr(simcord_interactions, "base_payload", payload)
