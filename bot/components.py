"""Buttons and forms. Every button is a `DynamicItem` whose custom_id carries what it needs
(the match id, the target), so buttons posted before a restart keep working. Forms (modals)
are never kept in memory either: `DealerBot.on_interaction` reads their custom_id when they
come back."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar, Self

import discord

from bot import steps
from bot.errors import UserError, answer_error, begin
from bot.handlers import Handlers, handlers
from bot.i18n import N_, _
from games.core.contract import Action as GameAction
from games.core.contract import Amount, Answer, BoardAction, Choice, Pick

#: Discord's limits: five rows of components, 25 options in a menu.
MAX_ROWS = 5
MAX_OPTIONS = 25


class Control:
    """How every control of Dealer's (a `DynamicItem`, listed first among its bases) is
    answered: in time and in the member's language (`begin`, before discord.py calls it back),
    and what its `handle` raises by `answer_error`, as the command tree's `on_error` answers a
    command's (discord.py only logs what a dynamic item's callback raises)."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        begin(interaction)
        return True

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self.handle(interaction)
        except Exception as error:
            await answer_error(interaction, error)

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        raise NotImplementedError


class Action(Control, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dealer:x"):
    """A button that runs one of the bot's actions."""

    def __init__(self, custom_id: str, label: str, style: discord.ButtonStyle) -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=style, custom_id=custom_id))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await self.run(interaction, handlers(interaction))

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        raise NotImplementedError


class MatchMenu(Control, discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"dealer:menu"):
    """A select menu of one match that runs one of the bot's actions with the values chosen.
    Its custom id is `<PREFIX>:<KIND>:<match>` (and
    `suffix`), all it needs to be rebuilt after a restart. A game's plug-in subclasses it for
    its own menus (its PREFIX, each menu's KIND and template)."""

    PREFIX: ClassVar[str]
    KIND: ClassVar[str]

    def __init__(
        self,
        match_id: int,
        options: list[discord.SelectOption] | None = None,
        *,
        placeholder: str = "",
        max_values: int = 1,
        suffix: str = "",
    ) -> None:
        # Rebuilt from its custom id after a restart, it needs an option of some kind; the
        # values chosen come with the interaction.
        shown = options or [discord.SelectOption(label="…", value="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"{self.PREFIX}:{self.KIND}:{match_id}{suffix}",
                placeholder=placeholder[:150] or None,
                options=shown,
                max_values=max(1, min(max_values, len(shown))),
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await self.run(interaction, handlers(interaction), list(self.item.values))

    async def run(
        self, interaction: discord.Interaction[Any], flows: Handlers, values: list[str]
    ) -> None:
        raise NotImplementedError


class IdButton(Action, template=r"dealer:y"):
    """A button whose custom id is `PREFIX:<id>`, one number (a match or a season)."""

    PREFIX: ClassVar[str]
    LABEL: ClassVar[str]
    STYLE: ClassVar[discord.ButtonStyle]

    def __init__(self, id_: int) -> None:
        super().__init__(f"{self.PREFIX}:{id_}", _(self.LABEL), self.STYLE)
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
    LABELS: ClassVar[dict[str, str]] = {
        "join": N_("Join"),
        "leave": N_("Leave"),
        "start": N_("Start"),
    }
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
    }

    def __init__(self, action: str, match_id: int) -> None:
        super().__init__(
            f"dealer:lobby:{action}:{match_id}", _(self.LABELS[action]), self.STYLES[action]
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


#: The match id in a custom id of a control of one of its decisions, with the decision it
#: was shown for (`stamp`): `<match>@<seq>`. Controls of earlier versions carry no `@<seq>`.
MATCH_AT = r"(?P<match>\d+)(?:@(?P<shown>\d+))?"


def stamp(match_id: int, shown: int | None) -> str:
    """How a control's custom id names its match and the decision it was shown for: the seq
    of the move the match had had when it was laid out (boardgame.io's `stateID`), which
    `MatchService.require_current` checks when it is used."""
    return str(match_id) if shown is None else f"{match_id}@{shown}"


def shown_in(found: re.Match[str]) -> int | None:
    """The decision a custom id (`MATCH_AT`) was shown for; None: posted by an earlier
    version, which did not say."""
    return int(found["shown"]) if found["shown"] is not None else None


def earlier_version(thing: str) -> str:
    """The refusal of a control of a decision posted by an earlier version of Dealer: it
    does not say which decision it was shown for, and one control id served several in a
    row, so it is not taken (which would act on a decision nobody saw it for)."""
    return (
        _(
            "That button was posted by an earlier version of Dealer, which did not record the "
            "decision it was for: your 1-on-1 (`/me`) shows the current one."
        )
        if thing == "button"
        else _(
            "That menu was posted by an earlier version of Dealer, which did not record the "
            "decision it was for: your 1-on-1 (`/me`) shows the current one."
        )
    )


class EarlierButton(Action, template=r"dealer:earlier"):
    """A button earlier versions posted for a decision without saying which (a game's own
    `template`): refused politely (`earlier_version`)."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(custom_id, "-", discord.ButtonStyle.secondary)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> Self:
        return cls(match.string)

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        raise UserError(earlier_version("button"))


class EarlierMenu(
    Control, discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"dealer:earliermenu"
):
    """A menu earlier versions posted for a decision without saying which: refused politely
    (`earlier_version`)."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(
            discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label="-")])
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> Self:
        return cls(match.string)

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        raise UserError(earlier_version("menu"))


class BidButton(EarlierButton, template=r"dealer:bid:\d+:[a-z0-9:-]+"):
    """A bid button posted by earlier versions (`dealer:bid:<match>:<target>`)."""


class ActButton(Action, template=rf"dealer:act(?P<ok>ok)?:{MATCH_AT}:(?P<key>.+)"):
    """One of the player's legal actions (`Engine.legal_actions`), by its key and the answers
    to its steps given so far (`key|answers`, `bot.steps.encode`), for the decision it was
    shown for (`stamp`): it asks the next step, asks to confirm, or submits the move, as the
    action needs; `dealer:actok:` is the "Yes" of a confirmation (`GameTexts.confirm`)."""

    def __init__(
        self,
        match_id: int,
        shown: int | None,
        key: str,
        label: str,
        style: discord.ButtonStyle,
        *,
        ok: bool = False,
    ) -> None:
        prefix = "dealer:actok" if ok else "dealer:act"
        super().__init__(fitted(f"{prefix}:{stamp(match_id, shown)}:{key}"), label, style)
        self.match_id = match_id
        self.shown = shown
        self.key = key
        self.ok = ok

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ActButton:
        label = getattr(item, "label", None) or ""
        style = getattr(item, "style", None) or discord.ButtonStyle.primary
        shown = shown_in(match)
        return cls(int(match["match"]), shown, match["key"], label, style, ok=bool(match["ok"]))

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        key, _, answers = self.key.partition("|")
        await flows.play.act(
            interaction, self.match_id, key, answers, shown=self.shown, confirmed=self.ok
        )


class TypeButton(Action, template=rf"dealer:acttype:{MATCH_AT}:(?P<key>.+)"):
    """Next to the menus of a typed pick (`Pick.typed`: hexes by their labels, say): the
    form to type the answer instead, its custom id carrying the decision it was shown for,
    the action's key and the answers before it (`key|answers`)."""

    def __init__(self, match_id: int, shown: int | None, key: str, label: str) -> None:
        super().__init__(
            fitted(f"dealer:acttype:{stamp(match_id, shown)}:{key}"),
            label,
            discord.ButtonStyle.secondary,
        )
        self.match_id = match_id
        self.shown = shown
        self.key = key

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> TypeButton:
        label = getattr(item, "label", None) or ""
        return cls(int(match["match"]), shown_in(match), match["key"], label)

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        key, _, answers = self.key.partition("|")
        await flows.play.act(
            interaction, self.match_id, key, answers, shown=self.shown, typing=True
        )


def fitted(custom_id: str) -> str:
    """A custom id, refused politely when the answers it carries make it longer than Discord
    takes (100 characters)."""
    if len(custom_id) > 100:
        raise UserError(_("That is too long a choice to carry into the next step; pick fewer."))
    return custom_id


class ActMenu(
    Control,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"dealer:act(?P<chunk>chunk)?pick(?P<n>\d*):{MATCH_AT}:(?P<key>.+)",
):
    """A menu of choices of an action's next step (`Pick`), its custom id carrying the decision
    it was shown for, the action's key and the answers before it (`key|answers`): what is
    picked answers the step, then the
    action goes on (`Play.act`). `dealer:actchunkpick:` is the menu of a pick's menus, where
    they are too many for one message: what is picked (a menu's number) shows that menu. The
    second and later menus of one message are numbered (`dealer:actpick2:`): custom ids are
    unique within a message."""

    def __init__(
        self,
        match_id: int,
        shown: int | None,
        key: str,
        options: list[discord.SelectOption] | None = None,
        *,
        placeholder: str = "",
        min_values: int = 1,
        max_values: int = 1,
        chunks: bool = False,
        number: int = 0,
    ) -> None:
        prefix = "dealer:actchunkpick" if chunks else "dealer:actpick"
        prefix += str(number or "")
        super().__init__(
            discord.ui.Select(
                custom_id=fitted(f"{prefix}:{stamp(match_id, shown)}:{key}"),
                options=options or [discord.SelectOption(label="-")],
                placeholder=placeholder[:150] or None,
                min_values=min_values,
                max_values=max_values,
            )
        )
        self.match_id = match_id
        self.shown = shown
        self.key = key
        self.chunks = chunks

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ActMenu:
        number = int(match["n"] or 0)
        chunks = bool(match["chunk"])
        return cls(int(match["match"]), shown_in(match), match["key"], chunks=chunks, number=number)

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        play = handlers(interaction).play
        key, _, answers = self.key.partition("|")
        picked = list(self.item.values)
        if self.chunks:
            chunk = int(picked[0]) if picked and picked[0].isdecimal() else -1
            await play.act(interaction, self.match_id, key, answers, shown=self.shown, chunk=chunk)
        else:
            await play.act(
                interaction, self.match_id, key, answers, shown=self.shown, picked=picked
            )


class OneOnOneButton(IdButton, template=r"dealer:me:(?P<id>\d+)"):
    """The ephemeral 1-on-1 for players whose DMs are closed (and anyone who wants it here)."""

    PREFIX, LABEL, STYLE = "dealer:me", N_("My 1-on-1"), discord.ButtonStyle.secondary

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await flows.play.show_one_on_one(interaction, self.number)


class CancelButton(IdButton, template=r"dealer:cancel:(?P<id>\d+)"):
    """The host's confirmation of /match cancel."""

    PREFIX, LABEL, STYLE = (
        "dealer:cancel",
        N_("Yes, cancel the match"),
        discord.ButtonStyle.danger,
    )

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await flows.lobby.cancel(interaction, self.number)


class ForfeitButton(IdButton, template=r"dealer:forfeit:(?P<id>\d+)"):
    """A player's confirmation of /match forfeit."""

    PREFIX, LABEL, STYLE = (
        "dealer:forfeit",
        N_("Yes, concede the match"),
        discord.ButtonStyle.danger,
    )

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await flows.play.forfeit(interaction, self.number)


class UndoButton(
    Action,
    template=r"dealer:undo:(?P<match>\d+):(?P<what>move|phase|step|kick-[^:]+):(?P<first>\d+):(?P<last>\d+)",
):
    """The host's confirmation of /match undo or /match unkick: what to take back (the last
    move, the last phase's close, a player's kick), from which move, and the log's last move
    when it was asked (so a match that has moved on since is not undone blind)."""

    def __init__(self, match_id: int, what: str, first: int, last: int, label: str) -> None:
        super().__init__(
            f"dealer:undo:{match_id}:{what}:{first}:{last}", label, discord.ButtonStyle.danger
        )
        self.match_id, self.what, self.first, self.last = match_id, what, first, last

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Self:
        return cls(int(match["match"]), match["what"], int(match["first"]), int(match["last"]), "")

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await flows.undo.undo(interaction, self.match_id, self.what, self.first, self.last)


class ReplaceButton(
    Action, template=r"dealer:replace:(?P<match>\d+):(?P<old>\d+):(?P<new>\d+|bot)"
):
    """The host's confirmation of /match replace: whose seat, and who takes it (a member's
    id, or `bot` for a computer seat)."""

    def __init__(self, match_id: int, old: int, new: int | None) -> None:
        super().__init__(
            f"dealer:replace:{match_id}:{old}:{'bot' if new is None else new}",
            _("Yes, hand the seat over"),
            discord.ButtonStyle.danger,
        )
        self.match_id, self.old, self.new = match_id, old, new

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Self:
        new = None if match["new"] == "bot" else int(match["new"])
        return cls(int(match["match"]), int(match["old"]), new)

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await flows.host.replace(interaction, self.match_id, self.old, self.new)


class KeepButton(Control, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dealer:keep"):
    """The way back of every confirmation: nothing is done, and the question loses its
    buttons, so that its "Yes" cannot be pressed later by mistake."""

    LABEL = N_("No, keep it")

    def __init__(self) -> None:
        super().__init__(
            discord.ui.Button(
                label=_(self.LABEL), style=discord.ButtonStyle.secondary, custom_id="dealer:keep"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> KeepButton:
        return cls()

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(content=_("Kept: nothing was changed."), view=None)


class RematchButton(IdButton, template=r"dealer:rematch:(?P<id>\d+)"):
    """On a match's final message: a new lobby in its channel, with the same game, options
    and players (`Lobby.rematch`)."""

    PREFIX, LABEL, STYLE = "dealer:rematch", N_("Rematch"), discord.ButtonStyle.primary

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await flows.lobby.rematch(interaction, self.number)


class SeasonEndButton(IdButton, template=r"dealer:season-end:(?P<id>\d+)"):
    """The host's confirmation of /season end."""

    PREFIX, LABEL, STYLE = (
        "dealer:season-end",
        N_("Yes, end the season"),
        discord.ButtonStyle.danger,
    )

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
            _("Accept") if answer == "accept" else _("Decline"),
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


class RulesPageButton(
    Action, template=r"dealer:rules:(?P<game>[a-z0-9-]+):(?P<page>\d+):(?P<user>\d+)"
):
    """Previous or Next under a game's rules (`/help game:`): the game, the page it turns to
    and who opened the pages are in its id, so pages shown before a restart still turn."""

    def __init__(
        self, game: str, page: int, user_id: int, label: str, *, disabled: bool = False
    ) -> None:
        super().__init__(
            f"dealer:rules:{game}:{page}:{user_id}", label, discord.ButtonStyle.secondary
        )
        self.item.disabled = disabled
        self.game = game
        self.page = page
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> RulesPageButton:
        label = getattr(item, "label", None) or ""
        return cls(match["game"], int(match["page"]), int(match["user"]), label)

    async def run(self, interaction: discord.Interaction[Any], flows: Handlers) -> None:
        await flows.help.page(interaction, self.game, self.page, self.user_id)


def stateless_view() -> discord.ui.View:
    """An empty view for a message's controls. Every control is a `DynamicItem` registered in
    `DealerBot.setup_hook` (`DYNAMIC_ITEMS`, a game's `dynamic_items`) or a link, so discord.py
    finds the item a click is for from its custom id alone, and a kept view would answer
    nothing. Stopped before it is sent, the view is not kept: discord.py would keep a channel
    message's view as long as the bot runs, and an ephemeral message's for 15 minutes with a
    task of its own waiting for that expiry. Forms are stopped likewise (`step_form`)."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    BidButton,
    OneOnOneButton,
    CancelButton,
    ForfeitButton,
    UndoButton,
    ReplaceButton,
    KeepButton,
    RematchButton,
    SeasonEndButton,
    ChallengeButton,
    ActButton,
    ActMenu,
    TypeButton,
    RulesPageButton,
)


async def answer_removed(
    interaction: discord.Interaction[Any],
    factories: Iterable[type[discord.ui.DynamicItem[Any]]],
) -> None:
    """Answer a click on a control its message no longer has, which discord.py drops unheard
    (no answer: "This interaction failed"): the second click of a double click, sent before
    the message's edit (a board's next decision, a question's answer) reached the player.
    The control is rebuilt from its custom id and run, so it refuses as it would on its
    message ("That button was for an earlier decision: …")."""
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    message = interaction.message
    if message is None or not custom_id.startswith("dealer:"):
        return
    if custom_id in _custom_ids(message.components):
        return  # discord.py runs it
    for factory in factories:
        found = factory.__discord_ui_compiled_template__.fullmatch(custom_id)
        if found is None:
            continue
        base: discord.ui.Item[Any] = (
            discord.ui.Button(custom_id=custom_id)
            if data.get("component_type") == discord.ComponentType.button.value
            else discord.ui.Select(custom_id=custom_id)
        )
        item = await factory.from_custom_id(interaction, base, found)
        item._refresh_state(interaction, data)
        # As discord.py calls a dynamic item that its message has.
        if await item.interaction_check(interaction):
            await item.callback(interaction)
        return


def _custom_ids(components: Iterable[discord.Component]) -> Iterator[str | None]:
    """The custom ids of a message's components, as discord.py parsed them, rows and
    sections walked into (None: one without, a link or a text). Read from the components, not
    from a view built of them: that is discord.py's work when it runs the control, and done
    first here it held up every click's answer (1,685 bytecodes a click against 46: the
    figures of 467dd8e's docs/performance.md, "A move's answer")."""
    for component in components:
        yield getattr(component, "custom_id", None)
        yield from _custom_ids(getattr(component, "children", ()))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield from _custom_ids([accessory])


def lobby_view(match_id: int) -> discord.ui.View:
    view = stateless_view()
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(action, match_id))
    return view


def phase_view(match_id: int, controls: discord.ui.View | None = None) -> discord.ui.View:
    """The My 1-on-1 button of a phase's message, after the game's own `controls`."""
    view = controls if controls is not None else stateless_view()
    view.add_item(OneOnOneButton(match_id))
    return view


def rematch_view(match_id: int) -> discord.ui.View:
    view = stateless_view()
    view.add_item(RematchButton(match_id))
    return view


def actions_view(
    match_id: int,
    shown: int,
    actions: list[GameAction],
    label: Callable[[str], str],
    extra: int = 0,
) -> discord.ui.View | None:
    """The generic controls of the decision shown at move `shown` (`stamp`), one per legal
    action but a forced one (the bot makes it): the
    menus of an action that starts with a pick listed in menus (a row each: a card, by kind),
    where the rows allow; a button for the rest (it walks the action's steps: `Play.act`).
    `label` turns an engine's label into what people read (players by their names); `extra`:
    the buttons the caller adds after them (a game's `more_controls`, the board's My 1-on-1).
    None: nothing to do. Where the rows a message holds cannot take an action's menus, it
    gets a button instead; past 25 buttons the last are left out, which the conformance suite
    checks no game offers (`controls_fit`)."""
    actions = [a for a in actions if not a.forced]
    if not actions:
        return None
    view = stateless_view()
    listed = _inline(actions, extra)
    buttons = [action for action, menus in zip(actions, listed, strict=True) if not menus]
    for action, menus in zip(actions, listed, strict=True):
        for number, menu in enumerate(menus):
            view.add_item(
                step_menu(match_id, shown, action, {}, label, menu.choices, menu.title, number)
            )
    rows = sum(len(menus) for menus in listed)
    for action in buttons[: (MAX_ROWS - rows) * 5]:
        style = discord.ButtonStyle.primary if action.steps else discord.ButtonStyle.secondary
        view.add_item(ActButton(match_id, shown, action.key, label(action.label), style))
    return view


def board_view(
    match_id: int, shown: int, outline: list[BoardAction], label: Callable[[str], str]
) -> discord.ui.View | None:
    """The buttons of a board message laid out from the engine's public outline
    (`Engine.board_actions`) at move `shown`: each walks the presser's own legal action of its
    key privately, or says why they have none such now (`Play.act`). None: no buttons."""
    if not outline:
        return None
    view = stateless_view()
    for action in outline:
        style = discord.ButtonStyle.secondary if action.declines else discord.ButtonStyle.primary
        view.add_item(ActButton(match_id, shown, action.key, label(action.label), style))
    return view


def _inline(actions: list[GameAction], extra: int = 0) -> list[list[steps.Menu]]:
    """The menus each action shows (empty: it gets a button), in order: an action's as long
    as the buttons of the others (five a row, `extra` of the caller's among them) still fit
    below."""
    inline: list[list[steps.Menu]] = []
    shown = rows = 0
    for action in actions:
        menus = _menus(action)
        buttons = len(actions) - shown - 1 + extra
        if menus and rows + len(menus) + -(-buttons // 5) <= MAX_ROWS:
            inline.append(menus)
            shown += 1
            rows += len(menus)
        else:
            inline.append([])
    return inline


def controls_fit(actions: list[GameAction]) -> bool:
    """Whether `actions_view` shows every one of `actions`."""
    actions = [a for a in actions if not a.forced]
    listed = _inline(actions)
    buttons = sum(1 for menus in listed if not menus)
    return buttons <= (MAX_ROWS - sum(len(menus) for menus in listed)) * 5


def _menus(action: GameAction) -> list[steps.Menu]:
    """The menus of the action's first step, a pick listed in at most five (empty: none)."""
    first = action.steps[0] if action.steps else None
    if not isinstance(first, Pick):
        return []
    listed = steps.menus(first)
    return listed if len(listed) <= steps.MENUS else []


def inside(label: str) -> str:
    """A step's label inside a sentence: its first letter small, the rest as written (a card's
    name stays a name; "M€" or "PWR", capitals throughout, stay as they are), after any
    opening brackets ("(Optional)", or a translation marked as the pseudo-locale marks it)."""
    start = 0
    while start < len(label) and unicodedata.category(label[start]) == "Ps":
        start += 1
    if not label[start + 1 : start + 2].islower():
        return label
    return label[:start] + label[start].lower() + label[start + 1 :]


def step_menu(
    match_id: int,
    shown: int | None,
    action: GameAction,
    answers: dict[str, Answer],
    label: Callable[[str], str],
    choices: list[Choice],
    title: str | None = None,
    number: int = 0,
) -> ActMenu:
    """A menu of `choices` of the action's next step after `answers` (`number`: the how
    manyth menu of its message)."""
    step = action.next_step(answers)
    assert isinstance(step, Pick)
    carried = steps.encode(action, answers)
    key = f"{action.key}|{carried}" if carried else action.key
    what = inside(label(step.label)) + (f": {label(title)}" if title else "")
    return ActMenu(
        match_id,
        shown,
        key,
        [
            discord.SelectOption(
                label=label(c.label)[:100] or c.value,
                value=c.value,
                description=label(c.description)[:100] if c.description else None,
            )
            for c in choices
        ],
        placeholder=f"{label(action.label)}: {what}",
        min_values=min(step.min, len(choices)),
        max_values=min(step.max, len(choices)),
        number=number,
    )


def step_view(
    match_id: int,
    shown: int | None,
    action: GameAction,
    answers: dict[str, Answer],
    label: Callable[[str], str],
    listed: list[steps.Menu],
    chunk: int | None = None,
) -> discord.ui.View:
    """The menus of the action's next step, a pick listed in menus (`listed`, its
    `bot.steps.menus`): all of them where they fit in one message, else a menu of them
    (`chunk` None) or the one chosen from it; for a typed pick, a button to type the answer
    instead, where a row is left for it."""
    step = action.next_step(answers)
    assert isinstance(step, Pick)
    view = stateless_view()
    if chunk is not None:
        if not 0 <= chunk < len(listed):
            raise UserError(_("That choice is not open any more: see your 1-on-1 (`/me`)."))
        menu = listed[chunk]
        view.add_item(step_menu(match_id, shown, action, answers, label, menu.choices, menu.title))
    elif len(listed) <= steps.MENUS:
        for number, menu in enumerate(listed):
            view.add_item(
                step_menu(match_id, shown, action, answers, label, menu.choices, menu.title, number)
            )
    else:
        carried = steps.encode(action, answers)
        options = [
            discord.SelectOption(label=label(m.title or str(i + 1))[:100], value=str(i))
            for i, m in enumerate(listed)
        ]
        view.add_item(
            ActMenu(
                match_id,
                shown,
                f"{action.key}|{carried}" if carried else action.key,
                options,
                placeholder=_("{action}: {step}: which?").format(
                    action=label(action.label), step=inside(label(step.label))
                ),
                chunks=True,
            )
        )
    if step.typed and len(view.children) < MAX_ROWS:
        carried = steps.encode(action, answers)
        key = f"{action.key}|{carried}" if carried else action.key
        typing = _("Type it instead ({step})").format(step=inside(label(step.label)))
        view.add_item(TypeButton(match_id, shown, key, typing))
    return view


def confirmation(yes: discord.ui.Item[Any]) -> discord.ui.View:
    """A question's buttons: its `yes`, and the way back (`KeepButton`)."""
    view = stateless_view()
    view.add_item(yes)
    view.add_item(KeepButton())
    return view


def confirm_view(match_id: int, shown: int | None, key: str, label: str) -> discord.ui.View:
    yes = ActButton(match_id, shown, key, label, discord.ButtonStyle.danger, ok=True)
    return confirmation(yes)


def challenge_view(match_id: int, user_id: int) -> discord.ui.View:
    view = stateless_view()
    view.add_item(ChallengeButton("accept", match_id, user_id))
    view.add_item(ChallengeButton("decline", match_id, user_id))
    return view


def cancel_view(match_id: int) -> discord.ui.View:
    return confirmation(CancelButton(match_id))


def forfeit_view(match_id: int) -> discord.ui.View:
    return confirmation(ForfeitButton(match_id))


def replace_view(match_id: int, old: int, new: int | None) -> discord.ui.View:
    return confirmation(ReplaceButton(match_id, old, new))


def undo_view(match_id: int, what: str, first: int, last: int, label: str) -> discord.ui.View:
    return confirmation(UndoButton(match_id, what, first, last, label))


def season_end_view(season_id: int) -> discord.ui.View:
    return confirmation(SeasonEndButton(season_id))


def docs_button(url: str) -> discord.ui.Button[Any]:
    """A link to the project's web documentation (`DOCS_URL`)."""
    return discord.ui.Button(label=_("Dealer's documentation"), url=url)


def docs_view(url: str | None) -> discord.ui.View | None:
    """The documentation's link under /help; None when there is none."""
    if url is None:
        return None
    view = stateless_view()
    view.add_item(docs_button(url))
    return view


def rules_view(
    game: str, page: int, count: int, user_id: int, docs_url: str | None
) -> discord.ui.View | None:
    """Previous and Next under page `page` of `count` of a game's rules, each disabled at its
    end (none for a single page), then the documentation's link when there is one."""
    view = stateless_view()
    if count > 1:
        view.add_item(RulesPageButton(game, page - 1, user_id, _("Previous"), disabled=page <= 1))
        view.add_item(RulesPageButton(game, page + 1, user_id, _("Next"), disabled=page >= count))
    if docs_url is not None:
        view.add_item(docs_button(docs_url))
    return view if view.children else None


BID_FORM = re.compile(r"dealer:bidform:(?P<match>\d+):(?P<target>[a-z0-9:-]+)")
ACT_FORM = re.compile(
    rf"dealer:act(?P<typed>type)?form:{MATCH_AT}:(?P<key>[^|]+)(?:\|(?P<answers>.+))?"
)
AMOUNT_FIELD = "amount"


def step_form(
    match_id: int,
    shown: int | None,
    action: GameAction,
    answers: dict[str, Answer],
    label: Callable[[str], str],
) -> discord.ui.Modal:
    """The form of the action's next step: an amount, or a pick typed by its values or labels
    (one too large for menus), titled with the action's label and its field with the step's
    (`label` turns an engine's label into what people read). Its custom id carries the
    decision it was shown for (that of the control that opened it), the action and the
    answers before it; it is stopped before it is sent so discord.py does not keep it:
    `answer_step_form` answers it, before or after a restart alike."""
    step = action.next_step(answers)
    assert step is not None
    carried = steps.encode(action, answers)
    kind = "actform" if isinstance(step, Amount) else "acttypeform"
    custom_id = fitted(
        f"dealer:{kind}:{stamp(match_id, shown)}:{action.key}" + (f"|{carried}" if carried else "")
    )
    form = discord.ui.Modal(title=label(action.label)[:45], custom_id=custom_id)
    only = None
    if isinstance(step, Amount) and step.min == step.max:
        # "0 to 0" reads as a mistake: say it is the one amount, and fill it in.
        only = str(step.min)
        hint, longest = _("{amount}: the one amount you can give").format(amount=step.min), 12
    elif isinstance(step, Amount):
        hint, longest = _("{low} to {high}").format(low=step.min, high=step.max), 12
    elif step.takes_list:
        hint = _("Type {low} to {high}, apart by commas").format(low=step.min, high=step.max)
        longest = 4000
    else:
        hint, longest = _("Type one"), 4000
    form.add_item(
        discord.ui.TextInput(
            label=label(step.label)[:45],
            custom_id=AMOUNT_FIELD,
            placeholder=hint[:100],
            default=only,
            min_length=1 if step.min or isinstance(step, Amount) else 0,
            max_length=longest,
            required=bool(step.min) or isinstance(step, Amount),
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
    """Answer an amount form sent by earlier versions (`dealer:bidform:<match>:<target>`):
    refused politely (`earlier_version`)."""
    raise UserError(earlier_version("form"))


async def answer_step_form(interaction: discord.Interaction[Any], found: re.Match[str]) -> None:
    """Answer a submitted step form (`step_form`; an amount form of earlier versions is one,
    what was picked before it carried the same way)."""
    typed = form_values(interaction).get(AMOUNT_FIELD, "")
    await handlers(interaction).play.act(
        interaction,
        int(found["match"]),
        found["key"],
        found["answers"] or "",
        shown=shown_in(found),
        typed=typed,
    )
