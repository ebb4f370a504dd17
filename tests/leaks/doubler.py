"""Every control of a match clicked twice (issue 42), for `test_whole_matches.py`: while the
leak scan's driver plays its game's match through Discord, whenever a player's button, menu
or form makes a move, each control of that action they used on the way (the button that
opened its form, the menu of its first step, its confirmation's Yes, the form itself, opened
twice) is used once more, as a double click or a client that has not seen the board's edit
sends it. Each of those second uses is refused in words ("… was for an earlier decision: …",
or, after the move that ended the match, that it is over) and changes nothing: no move, the
same state: a SimCord check of `MatchService.require_current`."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from simcord import _modal as simcord_modal
from simcord import actors as simcord_actors
from simcord.backend.errors import BackendError

from bot.players import player_id
from bot.service import MATCH_OVER
from games.registry import engine_for
from tests.leaks.scan import Driver
from tools.demo import unstamped

#: Discord's error code for a message that is gone.
UNKNOWN_MESSAGE = 10008

#: The action a generic control is of, in its custom id (`bot.components`): its key.
ACTION_KEY = re.compile(r"dealer:act[a-z]*\d*:\d+:([^|]+)")

Interact = Callable[[Any, Any, dict[str, Any]], Awaitable[Any]]
Submit = Callable[[Any, Any, dict[str, Any]], Awaitable[Any]]


def action_key(custom_id: str) -> str | None:
    found = ACTION_KEY.match(unstamped(custom_id))
    return found[1] if found else None


class Doubler:
    """Wraps SimCord's component interactions and form submissions: remembers each player's
    controls used since their last move, and once a move of theirs is in, uses again those
    of the same action (and the twin of its form, opened by the same button twice)."""

    def __init__(self, driver: Driver, interact: Interact, submit: Submit) -> None:
        self.driver = driver
        self.interact, self.submit = interact, submit
        #: (actor, message, interaction data) of the controls used since each player's move.
        self.used: dict[int, list[tuple[Any, Any, dict[str, Any]]]] = {}
        #: The second form a button opened, by the first one's result.
        self.twins: dict[int, Any] = {}
        #: The second uses checked.
        self.checked: list[str] = []

    async def seq(self) -> int:
        return int(await self.driver.bot.storage.last_seq(self.driver.match_id))

    async def moved(self, actor: Any, since: int) -> bool:
        """Whether `actor`'s player made a move after seq `since`."""
        logged = await self.driver.bot.storage.moves(self.driver.match_id, after=since)
        return any(logged_actor == player_id(actor.id) for _, logged_actor, _ in logged)

    async def dump(self) -> str:
        row = await self.driver.bot.storage.match(self.driver.match_id)
        assert row is not None
        state = await self.driver.bot.service.state(row)
        return str(engine_for(row.game).dump_state_json(state))

    async def on_interaction(self, actor: Any, stored: Any, data: dict[str, Any]) -> Any:
        before = await self.seq()
        result = await self.interact(actor, stored, data)
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith("dealer:") or self.driver.match_id == 0:
            return result
        self.used.setdefault(actor.id, []).append((actor, stored, dict(data)))
        if result.modal is not None and await self.seq() == before:
            twin = await self.interact(actor, stored, dict(data))
            assert twin.modal is not None, "the same button opens its form again"
            self.twins[id(result)] = twin
        if await self.moved(actor, before):
            await self.again(actor, custom_id)
        return result

    async def on_submit(self, actor: Any, shown: Any, values: dict[str, Any]) -> Any:
        before = await self.seq()
        result = await self.submit(actor, shown, values)
        twin = self.twins.pop(id(shown), None)
        if self.driver.match_id and await self.moved(actor, before):
            form = str(shown._interaction.modal.get("custom_id", ""))
            await self.again(actor, form, (twin, values) if twin is not None else None)
        return result

    async def again(
        self, actor: Any, custom_id: str, twin: tuple[Any, dict[str, Any]] | None = None
    ) -> None:
        """Once `actor`'s move is in: the controls of its action used again, and its form's
        twin submitted; each refused in words, nothing changed."""
        key = action_key(custom_id)
        used = self.used.pop(actor.id, [])
        again = [
            (who, stored, data)
            for who, stored, data in used
            if data["custom_id"] == custom_id
            or (key is not None and action_key(str(data["custom_id"])) == key)
        ]
        seq, state = await self.seq(), await self.dump()
        for who, stored, data in again:
            result = await self.interact(who, stored, data)
            self.refused(result, str(data["custom_id"]))
        if twin is not None:
            form, values = twin
            try:
                result = await self.submit(actor, form, values)
            except BackendError as error:
                # Opened from a board deleted since it came down: SimCord cannot submit a form
                # whose message is gone (Discord can, and the bot refuses it as any stale one).
                if error.code != UNKNOWN_MESSAGE:
                    raise
            else:
                self.refused(result, "its form, opened twice")
        assert (await self.seq(), await self.dump()) == (seq, state), "a second use changed it"

    def refused(self, result: Any, what: str) -> None:
        assert result.modal is None, f"{what} opened a form again"
        content = result.response.content if result.response is not None else repr(result)
        # After the move that ended the match, every control is of a match that is over.
        assert "was for an earlier decision: " in content or content == MATCH_OVER, (
            f"{what} used again: {content!r}"
        )
        self.checked.append(what)


def doubling(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> Doubler:
    """A Doubler of SimCord's component interactions and form submissions, for the rest of
    the test."""
    doubler = Doubler(driver, simcord_actors._component_interaction, simcord_modal._submit_modal)
    monkeypatch.setattr(simcord_actors, "_component_interaction", doubler.on_interaction)
    monkeypatch.setattr(simcord_modal, "_submit_modal", doubler.on_submit)
    return doubler
