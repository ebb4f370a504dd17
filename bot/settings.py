"""Settings from the environment or a `.env` file."""

from __future__ import annotations

from pathlib import Path

from pydantic import HttpUrl, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.storage import Durability


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    discord_token: SecretStr | None = None
    database_path: Path = Path("dealer.db")
    dev_guild_id: int | None = None
    #: `full`: a confirmed move survives a power cut; `normal`: only a killed bot (faster).
    database_sync: Durability = "full"
    #: The project's web documentation: /help links to it; unset, /help shows no link.
    docs_url: HttpUrl | None = None

    @field_validator("discord_token", "dev_guild_id", "docs_url", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value
