"""Atrades, bot edition (docs/rules/atrades.md): the data, state and rules as pure functions,
the flow of a match, its legal actions and views, and the engine that joins them."""

from games.atrades.engine import Atrades

ENGINE = Atrades()

__all__ = ["ENGINE", "Atrades"]
