"""Every game Dealer can run, by its record id: each package of `games/` that exports an
`ENGINE` (`games/<game>/__init__.py`), found when this module is imported, so that adding a
game's engine folder is all `python -m games replay` needs; and the computer players of
those that have one (their `COMPUTER`), for `python -m games simulate`."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import games
from games.core.engine import Engine
from games.core.errors import typed
from games.core.seats import ComputerPlayer


def _discover() -> tuple[dict[str, Engine[Any, Any]], dict[str, ComputerPlayer]]:
    found: dict[str, Engine[Any, Any]] = {}
    computers: dict[str, ComputerPlayer] = {}
    for module in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        if not module.ispkg or module.name == "core":
            continue
        package = importlib.import_module(f"games.{module.name}")
        engine = getattr(package, "ENGINE", None)
        if isinstance(engine, Engine):
            found[engine.game] = engine
            computer = getattr(package, "COMPUTER", None)
            if isinstance(computer, ComputerPlayer):
                computers[engine.game] = computer
    return found, computers


ENGINES, COMPUTERS = _discover()


def engine_for(game: str) -> Engine[Any, Any]:
    """The engine of `game`; raises ValueError naming the games there are."""
    try:
        return ENGINES[game]
    except KeyError:
        raise ValueError(
            f"Unknown game {typed(game)}; Dealer plays {', '.join(sorted(ENGINES))}."
        ) from None
