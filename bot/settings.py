"""Settings from the environment or a `.env` file, and what to say when one is wrong."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import (
    Field,
    HttpUrl,
    PositiveInt,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError, PydanticUseDefault
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.storage import Durability
from bot.storage.backend import POOL_SIZE, WAITS, Waits
from bot.storage.db import is_postgres, redacted

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
    "discord_api_url": "must be the web address of Discord's API or of a proxy in front of it "
    "(http://127.0.0.1:8080/api/v10), or empty",
    "shard_count": "must be the number of shards the bot runs on in all (1 or more), or empty",
    "shard_ids": "must be the shards this process runs, as numbers below SHARD_COUNT (0-3, or "
    "4,5, or 0-1,6), or empty for all of them",
    "computer_pause": f"must be a number of seconds from 0 to 60 (default {COMPUTER_PAUSE})",
    "database_lock_timeout": (
        f"must be a number of seconds from 0.1 to 60 (default {WAITS.lock:g})"
    ),
    "database_statement_timeout": (
        f"must be a number of seconds from 1 to 3600 (default {WAITS.statement:g})"
    ),
    "database_idle_timeout": (
        f"must be a number of seconds from 1 to 3600 (default {WAITS.idle_in_transaction:g})"
    ),
    "database_keepalive_idle": (
        f"must be a whole number of seconds from 1 to 7200 (default {WAITS.keepalive_idle})"
    ),
    "database_keepalive_interval": (
        f"must be a whole number of seconds from 1 to 600 (default {WAITS.keepalive_interval})"
    ),
    "database_keepalive_count": (
        f"must be a whole number from 1 to 20 (default {WAITS.keepalive_count})"
    ),
    "database_pool_size": f"must be a whole number from 1 to 1000 (default {POOL_SIZE})",
    "web_port": "must be the port number (1-65535) the web pages are served on, or empty for "
    "no web pages",
    "web_host": "must be the address the web pages are served on (default 127.0.0.1)",
    "web_public_url": "must be the web address people open the pages at (https://...), or "
    "empty for http://WEB_HOST:WEB_PORT",
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
    #: Where the bot sends its REST requests: a shared rate-limiting proxy's address, so that
    #: several processes keep one request budget (docs/deploying.md); unset: Discord's.
    discord_api_url: HttpUrl | None = None
    #: How many shards the bot runs on, across all its processes; unset: Discord's
    #: recommended number, all of them in this process.
    shard_count: PositiveInt | None = None
    #: The shards this process runs (`0-3`, `4,5`); unset: all of them.
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    #: How long a computer seat takes over each move, in seconds: a person's pause.
    computer_pause: float = Field(COMPUTER_PAUSE, ge=0, le=60)
    #: PostgreSQL only (`Waits`, docs/deploying.md): how long a move waits for its match's
    #: row while another process holds it, before it is refused in words.
    database_lock_timeout: float = Field(WAITS.lock, ge=0.1, le=60)
    #: How long one statement may run before the server cancels it.
    database_statement_timeout: float = Field(WAITS.statement, ge=1, le=3600)
    #: How long the server lets a session sit in a transaction without a word before it ends
    #: it (a frozen process: its transaction is rolled back and its locks let go).
    database_idle_timeout: float = Field(WAITS.idle_in_transaction, ge=1, le=3600)
    #: TCP keepalives on both ends: silence before the first probe, between probes, and the
    #: probes unanswered before a connection (and what its process held) is given up.
    database_keepalive_idle: int = Field(WAITS.keepalive_idle, ge=1, le=7200)
    database_keepalive_interval: int = Field(WAITS.keepalive_interval, ge=1, le=600)
    database_keepalive_count: int = Field(WAITS.keepalive_count, ge=1, le=20)
    #: PostgreSQL only: the connections a process keeps (matches moving at once commit side
    #: by side, one connection each).
    database_pool_size: int = Field(POOL_SIZE, ge=1, le=1000)
    #: The port of the matches' web pages (`bot.web`); unset: no web server, no links.
    web_port: int | None = Field(None, ge=1, le=65535)
    #: The address the web server listens on: this machine only by default, behind a
    #: reverse proxy that does TLS.
    web_host: str = Field("127.0.0.1", min_length=1)
    #: The address the bot's links to the pages start with (the reverse proxy's).
    web_public_url: HttpUrl | None = None

    @field_validator(
        "discord_token",
        "dev_guild_id",
        "docs_url",
        "database_url",
        "discord_api_url",
        "shard_count",
        "web_port",
        "web_public_url",
        mode="before",
    )
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator(
        "database_path",
        "database_sync",
        "computer_pause",
        "database_lock_timeout",
        "database_statement_timeout",
        "database_idle_timeout",
        "database_keepalive_idle",
        "database_keepalive_interval",
        "database_keepalive_count",
        "database_pool_size",
        "web_host",
        mode="before",
    )
    @classmethod
    def _blank_is_default(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            raise PydanticUseDefault
        return value

    @field_validator("database_sync", mode="before")
    @classmethod
    def _any_case(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _ranges(cls, value: object) -> object:
        """`0-3` is shards 0, 1, 2 and 3; `4,5` two shards; both may be mixed (`0-1,6`)."""
        if not isinstance(value, str):
            return value
        if not value.strip():
            return None
        shards: list[int] = []
        for part in value.split(","):
            first, dash, last = part.strip().partition("-")
            if not first.strip().isdigit() or (dash and not last.strip().isdigit()):
                raise ValueError(f"{part.strip()!r} is not a shard number or a range like 0-3")
            low, high = int(first), int(last) if dash else int(first)
            if high < low:
                raise ValueError(f"the range {part.strip()} runs backwards")
            shards.extend(range(low, high + 1))
        if len(set(shards)) != len(shards):
            raise ValueError("a shard is named twice")
        return tuple(shards)

    @model_validator(mode="after")
    def _shards_counted(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise PydanticCustomError(
                    "shards", "SHARD_IDS needs SHARD_COUNT, the number of shards in all"
                )
            beyond = [shard for shard in self.shard_ids if shard >= self.shard_count]
            if beyond:
                raise PydanticCustomError(
                    "shards",
                    "SHARD_IDS names shard {shard}, but SHARD_COUNT={count} numbers the shards "
                    "0 to {last}",
                    {"shard": beyond[0], "count": self.shard_count, "last": self.shard_count - 1},
                )
            if self.database_url is None and len(self.shard_ids) < self.shard_count:
                raise PydanticCustomError(
                    "shards",
                    "SHARD_IDS runs some of the shards here and the others in other processes, "
                    "which must share one database: set DATABASE_URL to a PostgreSQL server "
                    "(the SQLite file DATABASE_PATH serves one process only)",
                )
        return self

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
        # psycopg only where PostgreSQL is used: importing it is a tenth of a second of
        # every start (docs/performance.md).
        import psycopg
        from psycopg.conninfo import conninfo_to_dict

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
    def waits(self) -> Waits:
        """How long a PostgreSQL connection waits on other processes."""
        return Waits(
            lock=self.database_lock_timeout,
            statement=self.database_statement_timeout,
            idle_in_transaction=self.database_idle_timeout,
            keepalive_idle=self.database_keepalive_idle,
            keepalive_interval=self.database_keepalive_interval,
            keepalive_count=self.database_keepalive_count,
        )

    @property
    def web_url(self) -> str | None:
        """Where people open the web pages: `WEB_PUBLIC_URL`, else the server's own address;
        None without a web server."""
        if self.web_port is None:
            return None
        if self.web_public_url is not None:
            return str(self.web_public_url).rstrip("/")
        return f"http://{self.web_host}:{self.web_port}"

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
        if not problem["loc"]:
            # A rule between settings (`_shards_counted`): its message names them.
            lines[problem["type"]] = f"{problem['msg']}."
            continue
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
