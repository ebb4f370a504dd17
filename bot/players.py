"""Who is who: engines know players by their Discord user id as text (the practice opponent
as `COMPUTER`), people read their names."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from games.core.engine import HOST

if TYPE_CHECKING:
    from bot.storage import PlayerRow

#: The practice opponent's player id in engines: a seat the bot plays (`bot.computer`).
COMPUTER = "practice"
COMPUTER_NAME = "Dealer (practice)"

#: Turns a player id of the engine into the name people see.
Names = Callable[[str], str]

#: The practice opponent (`bot.computer`): its seat in a lobby has this user id, which no
#: Discord user has; engines know it as `COMPUTER`.
COMPUTER_USER = 0


def player_id(user_id: int) -> str:
    """Players are known to engines by their Discord user id, as text (the practice
    opponent as `COMPUTER`)."""
    return COMPUTER if user_id == COMPUTER_USER else str(user_id)


def name_table(players: list[PlayerRow]) -> dict[str, str]:
    """Player id -> the name people see (the host included)."""
    return {HOST: "the host", **{player_id(p.user_id): p.name for p in players}}


def names_of(players: list[PlayerRow]) -> Names:
    """The names people see, by player id; a Discord user who is not seated (named in a
    refusal: "… is not playing in this match") is shown as their mention, never as a raw id."""
    table = name_table(players)

    def name(pid: str) -> str:
        found = table.get(pid)
        if found is not None:
            return found
        return f"<@{pid}>" if pid.isdigit() else pid

    return name


def renamed(value: Any, names: Mapping[str, str]) -> Any:
    """JSON with every player id in it (a value, a key, in lists and objects at any depth)
    replaced by the name in `names`: a record or an audit as people read it."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {renamed(k, names): renamed(v, names) for k, v in value.items()}
    return value


def user_id_of(player: str) -> int | None:
    """The Discord user behind an engine's player id; None for the practice opponent."""
    return None if player == COMPUTER else int(player)
