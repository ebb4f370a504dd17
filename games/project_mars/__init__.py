"""Project Mars: a two-player card game of lanes, traps and reveals (RULINGS.md §4)."""

from games.project_mars.rules import ProjectMars

ENGINE = ProjectMars()

__all__ = ["ENGINE", "ProjectMars"]
