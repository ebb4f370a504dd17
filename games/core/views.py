"""Typed views: what one viewer may know now (`Engine.view`), as a pydantic model.

A game's views are models of `GameView`, with nested models for what they hold (a card, a
round, a lot) instead of dicts and positional lists, read by texts, renders and computer
seats as attributes, so that mypy checks every read. JSON appears only where a view leaves
the process (a render worker's input, a page): `GameView.to_json`, read back with
`model_validate`. Engines build views with the models' own constructors: pydantic-core
validates them in less time than `model_construct` takes to skip it (models nested already
are taken as they are), and a playout asks for no view; the conformance suite checks every
view an engine gives.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class GameView(BaseModel):
    """A viewer's view: a game's subclass for each kind of viewer whose knowledge differs (the
    public, a player, the host), or one for all where every viewer knows the same."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def to_json(self) -> dict[str, Any]:
        """The view as JSON, where it leaves the process."""
        return self.model_dump(mode="json")
