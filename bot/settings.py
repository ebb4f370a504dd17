"""Settings from the environment or a `.env` file, and what to say when one is wrong."""

from __future__ import annotations

from pathlib import Path

import psycopg
from psycopg.conninfo import conninfo_to_dict
from pydantic import Field, HttpUrl, PositiveInt, SecretStr, ValidationError, field_validator
from pydantic_core import PydanticUseDefault
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.storage import Durability
from bot.storage.db import is_postgres
from bot.storage.postgres import redacted

#: How long a computer seat takes over each move, in seconds, unless `COMPUTER_PAUSE` says.
COMPUTER_PAUSE = 1.5
#: What each setting must be, in the sentence `python -m bot` prints when it is not.
MUST_BE = {
    "discord_token": "must be the bot's token from the Discord developer portal",
    "database_path": "must be the path of a file in an existing folder (default dealer.db)",
    "database_url": (
        "must be a PostgreSQL address (postgresql://user:password@host:5432/database), or "
        "empty for the SQLite file DATABASE_PATH"
    ),
    "dev_guild_id": "must be a number (a server's id), or empty",
    "database_sync": "must be full or normal",
    "docs_url": "must be a web address (https://...), or empty",
    "computer_pause": f"must be a number of seconds from 0 to 60 (default {COMPUTER_PAUSE})",
}


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    discord_token: SecretStr | None = None
    database_path: Path = Path("dealer.db")
    #: A PostgreSQL database to keep everything in instead of the SQLite file; None: the file.
    database_url: str | None = None
    dev_guild_id: PositiveInt | None = None
    #: `full`: a confirmed move survives a power cut; `normal`: only a killed bot (faster).
    database_sync: Durability = "full"
    #: The project's web documentation: /help links to it; unset, /help shows no link.
    docs_url: HttpUrl | None = None
    #: How long a computer seat takes over each move, in seconds: a person's pause.
    computer_pause: float = Field(COMPUTER_PAUSE, ge=0, le=60)

    @field_validator("discord_token", "dev_guild_id", "docs_url", "database_url", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("database_path", "database_sync", "computer_pause", mode="before")
    @classmethod
    def _blank_is_default(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            raise PydanticUseDefault
        return value

    @field_validator("database_sync", mode="before")
    @classmethod
    def _any_case(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("database_path")
    @classmethod
    def _in_a_folder(cls, path: Path) -> Path:
        """The file may not exist yet (it is created on first start), but its folder must."""
        if path.is_dir():
            raise ValueError(f"{path} is a folder")
        if not path.parent.is_dir():
            raise ValueError(f"there is no folder {path.parent}")
        return path

    @field_validator("database_url")
    @classmethod
    def _postgresql(cls, url: str | None) -> str | None:
        if url is None:
            return None
        url = url.strip()
        if not is_postgres(url):
            raise ValueError("it does not start with postgresql://")
        try:
            conninfo_to_dict(url)
        except psycopg.ProgrammingError:
            raise ValueError("it is not a well-formed address") from None
        return url

    @property
    def database(self) -> str | Path:
        """Where the data lives: the PostgreSQL address when one is set, else the file."""
        return self.database_url or self.database_path

    @property
    def database_setting(self) -> str:
        """The setting that chose the database, as a person may be shown it (no password)."""
        if self.database_url:
            return f"DATABASE_URL={redacted(self.database_url)}"
        return f"DATABASE_PATH={self.database_path}"


def explain(error: ValidationError) -> list[str]:
    """One line per wrong setting, naming it as it is set: `DEV_GUILD_ID must be a number (a
    server's id), or empty; it is 'abc'.`"""
    lines: dict[str, str] = {}
    for problem in error.errors():
        field = str(problem["loc"][0])
        if field not in lines:
            given = problem["input"]
            if field == "database_url" and isinstance(given, str):
                given = redacted(given)
            line = f"{field.upper()} {MUST_BE[field]}; it is {given!r}"
            if problem["type"] == "value_error":
                line += f" ({problem['msg'].removeprefix('Value error, ')})"
            lines[field] = f"{line}."
    return list(lines.values())
