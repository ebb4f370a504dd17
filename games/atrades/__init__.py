"""Atrades, bot edition (docs/rules/atrades.md): the data, state and rules as pure functions,
the flow of a match, its legal actions and views, and the engine that joins them."""

from games.atrades.engine import Atrades
from games.atrades.planning import strong_seat
from games.atrades.playout import normal_seat
from games.core.seats import ComputerPlayer

ENGINE = Atrades()
#: Dealer's computer seats (`/match add-bot`).
COMPUTER = ComputerPlayer({"normal": normal_seat, "strong": strong_seat})

__all__ = ["COMPUTER", "ENGINE", "Atrades"]
