"""Who is who: engines know players by their Discord user id as text, and the seats the bot
plays (`bot.computer`) by ids of their own; people read their names."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from games.core.engine import HOST

if TYPE_CHECKING:
    from bot.storage import PlayerRow

#: The practice opponent (`practice:True`, and the one computer seat of matches stored before
#: there could be several): engines know it as `COMPUTER`, its seat has the user id
#: `COMPUTER_USER`.
COMPUTER = "practice"
#: Computer seats' names are short, so that every image sets them whole (they were cut:
#: "Dealer (comp…" in a table's name column, in a title). Seats stored before keep theirs.
COMPUTER_NAME = "Dealer bot"
COMPUTER_USER = 0
#: The computer seats that `/match add-bot` fills are numbered 1, 2, ...: seat n has the user
#: id -n (no Discord user has an id of 0 or below) and the engine id "computer-n".
COMPUTER_PREFIX = "computer-"

#: Turns a player id of the engine into the name people see.
Names = Callable[[str], str]


def computer_user(number: int) -> int:
    """The user id of computer seat `number` (1, 2, ...) in a lobby."""
    return -number


def computer_name(number: int) -> str:
    """The name people read for computer seat `number`."""
    return f"Dealer bot {number}"


def free_computer(players: list[PlayerRow]) -> int:
    """The lowest computer seat number that none of `players` holds."""
    taken = {p.user_id for p in players}
    return next(n for n in range(1, len(players) + 2) if computer_user(n) not in taken)


def is_computer_user(user_id: int) -> bool:
    """Whether a seat's user id is a computer seat's (the practice opponent's among them)."""
    return user_id <= COMPUTER_USER


def is_computer(player: str) -> bool:
    """Whether an engine's player id is a computer seat's."""
    return player == COMPUTER or player.startswith(COMPUTER_PREFIX)


def player_id(user_id: int) -> str:
    """Players are known to engines by their Discord user id, as text; the computer seats as
    `COMPUTER` (the practice opponent) and "computer-n"."""
    if user_id == COMPUTER_USER:
        return COMPUTER
    return f"{COMPUTER_PREFIX}{-user_id}" if user_id < 0 else str(user_id)


def seat_id(player: PlayerRow) -> str:
    """The engine's player id of the seat a member (or computer seat) holds: their own, or
    the one handed to them (`/match replace`), which keeps the id it started with."""
    return player.seat if player.seat is not None else player_id(player.user_id)


def seat_of(players: list[PlayerRow], user_id: int) -> str | None:
    """The seat `user_id` holds among `players`; None when they hold none (a member whose
    seat was handed to another holds none, though the engine still knows it by their id)."""
    return next((seat_id(p) for p in players if p.user_id == user_id), None)


def holder(players: list[PlayerRow], seat: str) -> int | None:
    """The Discord user holding `seat` now; None for a computer seat (or a seat nobody
    holds, a removed lobby seat's)."""
    user = next((p.user_id for p in players if seat_id(p) == seat), None)
    return None if user is None or is_computer_user(user) else user


def name_table(players: list[PlayerRow]) -> dict[str, str]:
    """Player id -> the name people see (the host included): the seat's holder's now."""
    return {HOST: "the host", **{seat_id(p): p.name for p in players}}


def names_of(players: list[PlayerRow]) -> Names:
    """The names people see, by player id; a Discord user who is not seated (named in a
    refusal: "… is not playing in this match") is shown as their mention, never as a raw id."""
    return names_in(name_table(players))


def names_in(table: Mapping[str, str]) -> Names:
    """`names_of` from the players' `name_table` (what a worker process is handed)."""

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
    """The Discord user behind an engine's player id; None for a computer seat."""
    return None if is_computer(player) else int(player)
