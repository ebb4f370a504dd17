"""Project Mars's match options: the decks preset for some players (PM-1, PM-D1)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.project_mars.decks import DeckChoice, DeckError, resolve_deck


class Options(BaseModel):
    """Match options. `decks` presets a player's deck (a ready deck's name or a list of 30
    card names); a player not listed chooses one in the deck phase (PM-D1)."""

    model_config = ConfigDict(extra="forbid")

    decks: dict[str, DeckChoice] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _decks_are_valid(self) -> Options:
        """PM-1: every preset deck is a ready deck or a valid list of 30 cards."""
        for player, choice in self.decks.items():
            try:
                resolve_deck(choice)
            except DeckError as error:
                raise ValueError(f"the deck of {player}: {error}") from None
        return self
