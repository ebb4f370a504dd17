"""Atrades, bot edition (docs/rules/atrades.md): the data, state and rules as pure functions.

No `ENGINE` is exported yet, so the registry does not list the game: the engine (flow,
legal actions, views) comes with the engine contract's next version.
"""
