"""Members' Discord languages as SimCord sends them, for tests that read Czech and Korean
(`real_languages`, in tests/bot/conftest.py, skips those in the pseudo-locale)."""

from __future__ import annotations

import pytest
from simcord import interactions as simcord_interactions

from tools.demo import locale_payloads


def reading(monkeypatch: pytest.MonkeyPatch, locales: dict[int, str]) -> None:
    """Members' Discord languages, by user id (SimCord sends every interaction as en-US)."""
    payload = locale_payloads(lambda user_id: locales.get(user_id, "en-US"))
    monkeypatch.setattr(simcord_interactions, "base_payload", payload)
