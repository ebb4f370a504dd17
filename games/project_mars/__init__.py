"""Project Mars: a two-player card game of lanes, traps and reveals (RULINGS.md §4)."""

from games.core.seats import ComputerPlayer
from games.project_mars.planning import strong_seat
from games.project_mars.practice import normal_seat
from games.project_mars.rules import ProjectMars

ENGINE = ProjectMars()
#: Dealer's computer seats (`/match add-bot`, `practice:True`).
COMPUTER = ComputerPlayer({"normal": normal_seat, "strong": strong_seat})

__all__ = ["COMPUTER", "ENGINE", "ProjectMars"]
