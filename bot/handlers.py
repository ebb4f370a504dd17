"""What buttons, forms and games' commands call, as protocols: the flows the bot keeps behind
`interaction.client`. The Discord-facing pieces (`bot.components`, the games' plug-ins) are
typed against these, so they import no flow and no bot: `bot/` has no import cycle.
`bot.app.DealerBot.flows` provides them (mypy checks it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, cast

import discord

from bot.players import Names

Interaction = discord.Interaction[Any]


class LobbyHandlers(Protocol):
    async def create(
        self,
        interaction: Interaction,
        game: str,
        options: dict[str, Any],
        clocks: Mapping[str, int],
        spectators: discord.TextChannel | None,
        *,
        opponent: discord.abc.User | None = None,
        practice: bool = False,
        level: str = "normal",
        thread: bool = False,
        notify: str | None = None,
    ) -> None: ...

    async def join(self, interaction: Interaction, match_id: int) -> None: ...

    async def leave(self, interaction: Interaction, match_id: int) -> None: ...

    async def start(self, interaction: Interaction, match_id: int) -> None: ...

    async def answer_challenge(
        self, interaction: Interaction, match_id: int, user_id: int, *, accept: bool
    ) -> None: ...

    async def cancel(self, interaction: Interaction, match_id: int) -> None: ...

    async def rematch(self, interaction: Interaction, match_id: int) -> None:
        """A new lobby like the one of finished match `match_id`, asked for by one of its
        players."""


class PlayHandlers(Protocol):
    async def move(
        self, interaction: Interaction, match_id: int, move: dict[str, Any], *, shown: int | None
    ) -> None:
        """A move of the member in match `match_id` from a game's own control (a button,
        menu or form) shown for the decision at move `shown` (None: posted by an earlier
        version, refused)."""

    async def submit_here(
        self, interaction: Interaction, move: dict[str, Any], command: str
    ) -> None:
        """A move from a game's slash command, in the match of this channel (or DM)."""

    async def seat_here(self, interaction: Interaction, member: discord.abc.User) -> str:
        """The engine's player id of the seat `member` holds in the match of this channel
        (their own, or one handed to them: `/match replace`); refused when they hold none."""

    async def act(
        self,
        interaction: Interaction,
        match_id: int,
        key: str,
        carried: str = "",
        *,
        shown: int | None,
        picked: list[str] | None = None,
        typed: str | None = None,
        chunk: int | None = None,
        confirmed: bool = False,
        typing: bool = False,
    ) -> None:
        """One of the member's legal actions, by its key, from a control shown for the
        decision at move `shown` (None: posted by an earlier version, refused), with the
        answers to its steps so far and the one just given: its next step (`typing`: a typed
        pick's form), confirmation or move."""

    async def require_action(
        self, interaction: Interaction, match_id: int, key: str, *, shown: int | None
    ) -> None:
        """Refuse politely unless the member may take their legal action `key` now, from a
        control shown for the decision at move `shown`."""

    async def own_view(self, interaction: Interaction, match_id: int) -> tuple[Any, Names]:
        """The member's own view of the match (they must play in it), as its engine gives it,
        and the names."""

    async def show_one_on_one(self, interaction: Interaction, match_id: int) -> None: ...

    async def game_here(self, interaction: Interaction) -> tuple[str, dict[str, Any]] | None:
        """The game and options of this channel's open match (a game's commands check the
        one and autocomplete from the other), or None when there is none."""

    async def forfeit(self, interaction: Interaction, match_id: int) -> None:
        """The member's confirmed concession of match `match_id`."""


class HostHandlers(Protocol):
    async def host_move(
        self,
        interaction: Interaction,
        move: dict[str, Any],
        match_id: int | None = None,
        *,
        said: str | None = None,
    ) -> None:
        """A host's move in the match of this channel (`/match close-phase`, a game's own
        host commands); with `match_id`, only if that is still the channel's match. The host
        is told `said` (what the move did) and what the match is at now."""

    async def hosted_match(
        self, interaction: Interaction, check: dict[str, Any] | None = None
    ) -> int:
        """The id of this channel's running match, when the member may host it (else a
        refusal): what a game's host command checks before it asks to confirm; with `check`,
        also that the rules would take that host's move now (else their refusal)."""

    async def replace(
        self, interaction: Interaction, match_id: int, from_user: int, to_user: int | None
    ) -> None:
        """The host's confirmed `/match replace`: `from_user`'s seat goes to `to_user` (None:
        a computer seat), if it still may."""

    async def hosted_view(self, interaction: Interaction) -> Any:
        """The public view of this channel's running match, when the member may host it: what
        a game's host command reads its defaults from."""


class UndoHandlers(Protocol):
    async def undo(
        self, interaction: Interaction, match_id: int, what: str, first: int, last: int
    ) -> None:
        """The host's confirmed undo: `what` (`move`, `phase` or `kick-<player>`) planned
        again, and carried out if it still takes back from move `first` with the log's last
        move `last`."""


class SeasonHandlers(Protocol):
    async def end(self, interaction: Interaction, season_id: int) -> None: ...


class HelpHandlers(Protocol):
    async def page(self, interaction: Interaction, game: str, number: int, owner: int) -> None:
        """Page `number` of `game`'s rules, turned to by the member who opened them."""


class Handlers(Protocol):
    @property
    def lobby(self) -> LobbyHandlers: ...

    @property
    def play(self) -> PlayHandlers: ...

    @property
    def host(self) -> HostHandlers: ...

    @property
    def seasons(self) -> SeasonHandlers: ...

    @property
    def undo(self) -> UndoHandlers: ...

    @property
    def help(self) -> HelpHandlers: ...


class _HasFlows(Protocol):
    flows: Handlers


def handlers(interaction: Interaction) -> Handlers:
    """The flows of the bot that received `interaction` (`DealerBot.flows`)."""
    return cast(_HasFlows, interaction.client).flows
