"""Buttons and forms. Every button is a `DynamicItem` whose custom_id carries what it needs
(the match id, the target), so buttons posted before a restart keep working. Forms (modals)
are never kept in memory either: `DealerBot.on_interaction` reads their custom_id when they
come back."""

from __future__ import annotations

import re
from typing import Any, ClassVar, Self

import discord

from bot.errors import guarded
from bot.games.base import Target
from bot.handlers import Handlers, handlers

MAX_TARGET_BUTTONS = 20


class Action(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dealer:x"):
    """A button that runs one of the bot's actions; errors become private replies."""

    def __init__(self, custom_id: str, label: str, style: discord.ButtonStyle) -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=style, custom_id=custom_id))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self.run(interaction, handlers(interaction)))

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        raise NotImplementedError


class IdButton(Action, template=r"dealer:y"):
    """A button whose custom id is `PREFIX:<id>`, one number (a match or a season)."""

    PREFIX: ClassVar[str]
    LABEL: ClassVar[str]
    STYLE: ClassVar[discord.ButtonStyle]

    def __init__(self, id_: int) -> None:
        super().__init__(f"{self.PREFIX}:{id_}", self.LABEL, self.STYLE)
        self.number = id_

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Self:
        return cls(int(match["id"]))


class LobbyButton(Action, template=r"dealer:lobby:(?P<action>join|leave|start):(?P<match>\d+)"):
    LABELS: ClassVar[dict[str, str]] = {"join": "Join", "leave": "Leave", "start": "Start"}
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
    }

    def __init__(self, action: str, match_id: int) -> None:
        super().__init__(
            f"dealer:lobby:{action}:{match_id}", self.LABELS[action], self.STYLES[action]
        )
        self.action = action
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> LobbyButton:
        return cls(match["action"], int(match["match"]))

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        if self.action == "join":
            await flows.lobby.join(interaction, self.match_id)
        elif self.action == "leave":
            await flows.lobby.leave(interaction, self.match_id)
        else:
            await flows.lobby.start(interaction, self.match_id)


class BidButton(Action, template=r"dealer:bid:(?P<match>\d+):(?P<target>[a-z0-9:-]+)"):
    """Opens the amount form for one target."""

    def __init__(self, match_id: int, target: str, label: str | None = None) -> None:
        super().__init__(
            f"dealer:bid:{match_id}:{target}", label or target, discord.ButtonStyle.primary
        )
        self.match_id = match_id
        self.target = target

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> BidButton:
        return cls(int(match["match"]), match["target"], getattr(item, "label", None))

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await interaction.response.send_modal(bid_form(self.match_id, self.target, self.item.label))


class OneOnOneButton(IdButton, template=r"dealer:me:(?P<id>\d+)"):
    """The ephemeral 1-on-1 for players whose DMs are closed (and anyone who wants it here)."""

    PREFIX, LABEL, STYLE = "dealer:me", "My 1-on-1", discord.ButtonStyle.secondary

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await flows.play.show_one_on_one(interaction, self.number)


class CancelButton(IdButton, template=r"dealer:cancel:(?P<id>\d+)"):
    """The host's confirmation of /match cancel."""

    PREFIX, LABEL, STYLE = "dealer:cancel", "Yes, cancel the match", discord.ButtonStyle.danger

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await flows.lobby.cancel(interaction, self.number)


class SeasonEndButton(IdButton, template=r"dealer:season-end:(?P<id>\d+)"):
    """The host's confirmation of /season end."""

    PREFIX, LABEL, STYLE = "dealer:season-end", "Yes, end the season", discord.ButtonStyle.danger

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await flows.seasons.end(interaction, self.number)


class ChallengeButton(
    Action,
    # Challenge buttons posted by earlier versions carry `dealer:pm:challenge:`: the same.
    template=r"dealer:(?:pm:)?challenge:(?P<answer>accept|decline):(?P<match>\d+):(?P<user>\d+)",
):
    """Accept or decline a challenge; only the member challenged may press them."""

    def __init__(self, answer: str, match_id: int, user_id: int) -> None:
        super().__init__(
            f"dealer:challenge:{answer}:{match_id}:{user_id}",
            "Accept" if answer == "accept" else "Decline",
            discord.ButtonStyle.success if answer == "accept" else discord.ButtonStyle.secondary,
        )
        self.answer = answer
        self.match_id = match_id
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> ChallengeButton:
        return cls(match["answer"], int(match["match"]), int(match["user"]))

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await flows.lobby.answer_challenge(
            interaction, self.match_id, self.user_id, accept=self.answer == "accept"
        )


DYNAMIC_ITEMS: tuple[type[Action], ...] = (
    LobbyButton,
    BidButton,
    OneOnOneButton,
    CancelButton,
    SeasonEndButton,
    ChallengeButton,
)


def lobby_view(match_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(action, match_id))
    return view


def phase_view(match_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(OneOnOneButton(match_id))
    return view


def one_on_one_view(match_id: int, targets: list[Target]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for target in targets[:MAX_TARGET_BUTTONS]:
        view.add_item(BidButton(match_id, target.id, target.label))
    return view


def challenge_view(match_id: int, user_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton("accept", match_id, user_id))
    view.add_item(ChallengeButton("decline", match_id, user_id))
    return view


def cancel_view(match_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(CancelButton(match_id))
    return view


def season_end_view(season_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SeasonEndButton(season_id))
    return view


BID_FORM = re.compile(r"dealer:bidform:(?P<match>\d+):(?P<target>[a-z0-9:-]+)")
AMOUNT_FIELD = "amount"


def bid_form(match_id: int, target: str, label: str | None) -> discord.ui.Modal:
    """The amount form. It is stopped before it is sent so discord.py does not keep it:
    `answer_bid_form` answers it from its custom_id, before or after a restart alike."""
    form = discord.ui.Modal(
        title=f"Sealed bid: {label or target}"[:45], custom_id=f"dealer:bidform:{match_id}:{target}"
    )
    form.add_item(
        discord.ui.TextInput(
            label="Amount in dollars (0 on a lot withdraws)",
            custom_id=AMOUNT_FIELD,
            placeholder="e.g. 25",
            min_length=1,
            max_length=12,
        )
    )
    form.stop()
    return form


def form_values(interaction: discord.Interaction[Any]) -> dict[str, str]:
    values: dict[str, str] = {}
    data: Any = interaction.data or {}
    for row in data.get("components", []):
        for component in row.get("components", [row.get("component", {})]):
            if "custom_id" in component:
                values[component["custom_id"]] = str(component.get("value", ""))
    return values


async def answer_bid_form(interaction: discord.Interaction[Any], found: re.Match[str]) -> None:
    """Answer a submitted amount form."""
    amount = form_values(interaction).get(AMOUNT_FIELD, "")
    play = handlers(interaction).play
    await guarded(interaction, play.bid(interaction, int(found["match"]), found["target"], amount))
