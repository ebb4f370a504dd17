"""`python -m tools.demo [GAME] [OUT_DIR] [--language CODE]`: a complete match, played
through SimCord.

The real bot runs against SimCord's in-memory Discord with a temporary database. GAME is
any game of the registry (`bot/games/registry.py`; `auction-auction` by default). Each has
a demo of its own:

- **Auction Auction**: six simulated players join with the lobby buttons, send sealed bids
  with the buttons and forms of their 1-on-1s and with `/bid`, and one of them makes a gift;
  the host closes every phase with `/match close-phase`.
- **Mars Auction**: three players run the limited variant's setup auction and a research
  auction: markers from the board message's menus (two cards at once, or one card then one
  or two markers on it) and the Card numbers form, in the channel or their 1-on-1; passes
  confirmed; budgets stated with the form and `/mars budget`, one set by the host; companies
  and preludes kept and projects bought from the 1-on-1's menus; the host opens the research
  auction with `/mars research` and ends the match with `/mars end`.
- **Atrades**: two players and three computer seats (`/match add-bot count:3`) play a whole
  game: the sealed turn-order and final bids in the players' 1-on-1s (a menu of where the
  money comes from, then the amount form), the actions, the open rounds' raises and passes,
  the settlements, the free Acquires and the expansions on the board message (a tile, then a
  hex from its region's menu). The players' moves are the greedy computer player's, from
  their own view.
- **Project Mars**: one member challenges another (`/match create project-mars opponent:`),
  who accepts with the challenge's button; both choose their decks, keep back-hand cards and
  mulligan, play cards into the lanes' slots and pass from the menus of their 1-on-1s, as
  the practice opponent would from their own view, until one has won two rounds.
- **MARSBOT draft**: one member drafts against MARSBOT: each round's card taken from the
  1-on-1's menu (the last round's taken for them), then cards bought, at random.

A game added to the registry without a demo of its own (`GameDemo`): three players (or as
many as it needs) join and the host starts; each player the match waits for takes one of
their legal actions through the generic controls, its steps answered at random; the host
closes a phase that waits for nobody (`/match close-phase`).

In every demo the host (the challenger, the drafter) exports the record with `/match log`.

`--language CODE` (`cs` or `ko`, a language Dealer speaks) plays it in that language: the
demo's server has it as its Discord language, and every member's Discord sends it with their
commands and clicks, so the channel and the private answers are written in it (the names
of cards, corporations and components stay as printed in the English edition).

`python -m tools.demo [GAME] --web [--port N]` plays the same match with the bot serving its
web pages (docs/web.md) on 127.0.0.1, port N (8080 by default); then the host turns the
match's page on and the demo prints its address and its replay's, one a line, and serves
them until interrupted (Ctrl-C). It writes no transcripts. The players' choices come from a
seeded `random.Random`, so the same seed plays the same match.

Then it prints what each person saw — the match channel, each location thread and each
DM, message by message — and writes the same transcript to OUT_DIR (default `demo-out/`),
one text file per channel and DM, beside the files the messages carry. `actions.txt` lists
what the simulated people did, in order, and `demo-files.txt` every file written: the next
demo into the same folder removes them first, and nothing else there.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import random
import re
import sys
import tempfile
import traceback
from collections.abc import Awaitable, Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast
from unittest import mock

import discord
from babel.messages.pofile import read_po

from bot import steps
from bot.app import DealerBot, create_bot
from bot.flows import lobby as lobby_flow
from bot.games.registry import PLUGINS
from bot.i18n import CHOICES, SOURCE
from bot.i18n import language as language_of
from bot.players import player_id
from bot.web.server import WebConfig
from games.atrades.playout import greedy_player
from games.auction_auction import ENGINE as AA_ENGINE
from games.auction_auction.views import PlayerView
from games.core.contract import Action as GameAction
from games.core.contract import Amount, Answer, Pick, random_answers
from games.marsbot_draft.priority import CORPORATIONS
from games.project_mars.decks import READY_DECKS
from games.project_mars.practice import play_with
from games.registry import engine_for
from tools.i18n_catalogues import TEMPLATE

if TYPE_CHECKING:
    from simcord import ChannelHandle, Env, InteractionResult, MemberActor

GAME = "auction-auction"
SEED = 2024
PLAYERS = ("ann", "ben", "cleo", "dev", "eve", "fay")
MARS_AUCTION = "mars-auction"
MARS_PLAYERS = ("ann", "ben", "cleo")
ATRADES = "atrades"
ATRADES_PLAYERS = ("ann", "ben")
#: The computer seats of the Atrades demo (`/match add-bot`).
ATRADES_COMPUTERS = 3
PROJECT_MARS = "project-mars"
#: The challenger and the member they challenge.
PROJECT_MARS_PLAYERS = ("ann", "bob")
MARSBOT_DRAFT = "marsbot-draft"
#: The one member who drafts against MARSBOT, and hosts the draft.
DRAFT_PLAYERS = ("ann",)
HOST_NAME = "hostess"
#: Where `--web` serves the pages: this machine only.
LOCAL = "127.0.0.1"
WEB_PORT = 8080
PHASE_MINUTES = 60
DEFAULT_OUT = "demo-out"
INSTALL_HINT = (
    "error: the demo needs SimCord; install the development tools first: "
    'pip install -r requirements-dev.txt -e ".[dev]"'
)
#: How long, in real seconds, SimCord waits for the bot to settle after an action before it
#: gives up. Its default, 5 s, is a few boards rendered on a machine whose cores other
#: processes keep busy (issue 25): a loaded machine makes the demo and the tests slower, never
#: fail. A bot that is stuck still fails them, after this long.
SETTLE_TIMEOUT = 120.0
#: Where the demo writes what went wrong, in full, when it cannot finish.
ERROR_FILE = "demo-error.txt"
#: The list of the files a demo wrote in its OUT_DIR, which the next demo there removes.
MANIFEST = "demo-files.txt"
REPLY_KINDS = {
    discord.InteractionType.application_command: "command",
    discord.InteractionType.component: "button",
    discord.InteractionType.modal_submit: "form",
}


@dataclass
class Page:
    """One channel, thread or DM as its people saw it."""

    stem: str
    title: str
    lines: list[str] = field(default_factory=list)
    files: list[tuple[str, bytes]] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join([self.title, "=" * len(self.title), *self.lines]) + "\n"


class Demo:
    """The server, its people and the match they play: Auction Auction (`play`); the
    Mars Auction's own demo (`MarsDemo`) shares the rest."""

    names: tuple[str, ...] = PLAYERS
    #: Whether the match has a host of its own (`HOST_NAME`); else its first player hosts it.
    hosted = True

    def __init__(self, env: Env, rng: random.Random, language: str | None = None) -> None:
        self.env = env
        self.rng = rng
        self.guild = env.create_guild("Dealer demo", preferred_locale=language)
        self.channel = self.guild.create_text_channel("games")
        host = self.guild.add_member(env.create_user(HOST_NAME)) if self.hosted else None
        self.players = [self.guild.add_member(env.create_user(name)) for name in self.names]
        self.host = host or self.players[0]
        self.actions: list[str] = []
        self.match_id = 0

    @property
    def bot(self) -> DealerBot:
        return cast(DealerBot, self.env.bot)

    @property
    def people(self) -> list[MemberActor]:
        return [self.host, *self.players] if self.hosted else self.players

    def did(self, who: MemberActor, what: str) -> None:
        self.actions.append(f"{who.name}: {what}")

    # -- playing ---------------------------------------------------------------------------

    async def seated(self, created: InteractionResult) -> Any:
        """The lobby `/match create` answered with, every player joined through its button."""
        lobby = _answer(created)
        self.match_id = int(_custom_ids(lobby.components)[0].rsplit(":", 1)[1])
        for player in self.players:
            await player.click(lobby, label=said("Join"))
            self.did(player, "pressed Join")
        return lobby

    async def play(self) -> None:
        colour = self.rng.choice(["red", "yellow", "green"])
        created = await self.host.slash(
            self.channel,
            f"match create {GAME}",
            phase_minutes=PHASE_MINUTES,
            black_market_colour=colour,
        )
        self.did(
            self.host,
            f"/match create {GAME} phase_minutes:{PHASE_MINUTES} black_market_colour:{colour}",
        )
        lobby = await self.seated(created)
        await self.host.click(lobby, label=said("Start"))
        self.did(self.host, "pressed Start")

        for phase_number in itertools.count():
            phase = (await self.view(self.players[0])).phase
            if phase == "ended":
                break
            if phase_number == 1:
                await self.gift()
            for seat, player in enumerate(self.players):
                await self.take_turn(player, (seat + phase_number) % 2 == 0, phase)
            if phase_number == 0:
                _expect(await self.host.slash(self.channel, "match status"), "**Auction Auction")
                self.did(self.host, "/match status")
            if phase_number == 2:
                shown = await self.players[-1].click(self._phase_message(), label=said("My 1-on-1"))
                _expect(shown, "**Your 1-on-1")
                self.did(self.players[-1], "pressed My 1-on-1 on the phase message")
            _expect(await self.host.slash(self.channel, "match close-phase"), "You closed")
            self.did(self.host, "/match close-phase")
        _expect(await self.host.slash(self.channel, "match log"), "The match record")
        self.did(self.host, "/match log")

    async def view(self, member: MemberActor) -> PlayerView:
        """What the engine lets this player know now (their cash, their location)."""
        row = await self.bot.storage.match(self.match_id)
        assert row is not None
        view = AA_ENGINE.view(await self.bot.service.state(row), player_id(member.id))
        assert isinstance(view, PlayerView)
        return view

    async def targets(self, member: MemberActor) -> list[str]:
        """What this player may bid on now."""
        row = await self.bot.storage.match(self.match_id)
        assert row is not None
        return AA_ENGINE.targets(await self.bot.service.state(row), player_id(member.id))

    async def take_turn(self, player: MemberActor, in_dm: bool, phase: str) -> None:
        me, targets = (await self.view(player)).me, await self.targets(player)
        if phase == "access":
            if self.rng.random() < 0.15:
                self.did(player, "sends no access bid (so goes to the Black Market)")
                return
            house = self.rng.choice(targets)
            await self.bid(player, house, self.rng.randint(0, me.cash // 3), in_dm)
            return
        budget = me.uncommitted
        lots = self.rng.sample(targets, k=min(len(targets), self.rng.randint(1, 3)))
        for lot in lots:
            if budget < 1:
                break
            amount = self.rng.randint(1, max(1, budget // 2))
            budget -= amount
            await self.bid(player, lot, amount, in_dm)

    async def bid(self, player: MemberActor, target: str, amount: int, in_dm: bool) -> None:
        if in_dm:
            custom_id = f"dealer:act:{self.match_id}:bid:{target}"
            dm = self._dm_with(player, custom_id)
            shown = await player.user.click(dm, custom_id=_raw(dm, custom_id))
            answer = await player.user.submit_modal(shown, {"amount": str(amount)})
            self.did(player, f"bids ${amount} on {target} (1-on-1 button and form)")
        else:
            answer = await player.slash(self.channel, "bid", target=target, amount=amount)
            self.did(player, f"bids ${amount} on {target} (/bid target:{target} amount:{amount})")
        _expect(answer, "Your sealed bid")

    async def gift(self) -> None:
        giver, receiver = self.rng.sample(self.players, k=2)
        free = (await self.view(giver)).me.uncommitted
        if free < 1:
            return
        amount = self.rng.randint(1, max(1, free // 4))
        answer = await giver.slash(self.channel, "give", member=receiver, amount=amount)
        _expect(answer, "You gave")
        self.did(giver, f"gives ${amount} to {receiver.name} (/give)")

    def _dm_with(self, player: MemberActor, custom_id: str) -> discord.Message:
        """The newest message of the player's DMs that has this button (their 1-on-1)."""
        for message in reversed(player.user.dm_channel.history(viewer=player.user)):
            if custom_id in _custom_ids(message.components):
                return message
        raise RuntimeError(f"{player.name}'s DMs have no button {custom_id}")

    def _phase_message(self) -> discord.Message:
        for message in reversed(self.channel.history()):
            if f"dealer:me:{self.match_id}" in _custom_ids(message.components):
                return message
        raise RuntimeError("no phase message with a My 1-on-1 button")

    def _newest(self, messages: list[discord.Message], *custom_ids: str) -> discord.Message:
        """The newest of `messages` with a control whose custom id starts with one of
        `custom_ids`."""
        for message in reversed(messages):
            if any(c.startswith(custom_ids) for c in _custom_ids(message.components)):
                return message
        raise RuntimeError(f"no message has a control {custom_ids[0]}")

    # -- what each person saw ----------------------------------------------------------------

    async def pages(self) -> list[Page]:
        channel = await self.page(
            self.channel,
            "channel-games",
            f"#{self.channel.name} — the match channel",
            self.people,
        )
        pages = [channel]
        for thread in sorted(self.channel.threads, key=lambda t: t.id):
            members = [p for p in self.people if _can_read(thread, p)]
            stem = "thread-" + _slug(str(thread.name).split("·", 1)[-1])
            title = f"Thread {thread.name} — seen by {', '.join(m.name for m in members)}"
            pages.append(await self.page(thread, stem, title, members))
        for person in self.people:
            if person.user.dm_channel.history(viewer=person.user):
                pages.append(await self.dm_page(person))
        return pages

    async def page(
        self, channel: ChannelHandle, stem: str, title: str, viewers: Sequence[MemberActor]
    ) -> Page:
        seen: dict[int, list[str]] = {}
        messages: dict[int, discord.Message] = {}
        for viewer in viewers:
            for message in channel.history(viewer=viewer):
                messages[message.id] = message
                seen.setdefault(message.id, []).append(viewer.name)
        page = Page(stem, title)
        for number, message_id in enumerate(sorted(messages), start=1):
            names = seen[message_id]
            only = f" · only {', '.join(names)} sees this" if len(names) < len(viewers) else ""
            await self._add(page, number, messages[message_id], only)
        return page

    async def dm_page(self, person: MemberActor) -> Page:
        page = Page(f"dm-{_slug(person.name)}", f"DMs of {person.name} with Dealer")
        history = person.user.dm_channel.history(viewer=person.user)
        for number, message in enumerate(history, start=1):
            only = " · ephemeral" if message.flags.ephemeral else ""
            await self._add(page, number, message, only)
        return page

    async def _add(self, page: Page, number: int, message: discord.Message, note: str) -> None:
        author = "Dealer" if self.bot.user and message.author.id == self.bot.user.id else None
        head = f"[{number}] {author or message.author.name}"
        meta = message.interaction_metadata
        if meta is not None:
            head += f" · answering {meta.user.name}'s {REPLY_KINDS.get(meta.type, 'action')}"
        if message.type not in (
            discord.MessageType.default,
            discord.MessageType.chat_input_command,
        ):
            head += f" · {message.type.name.replace('_', ' ')}"
        if message.edited_at is not None:
            head += " · edited (shown as it ends)"
        page.lines += ["", f"{head}{note}"]
        page.lines += [f"  {line}" for line in self._render(message.content).splitlines()]
        for embed in message.embeds:
            page.lines.append(f"  [embed] {embed.title or ''} {embed.description or ''}".rstrip())
        buttons = _labels(message.components)
        if buttons:
            page.lines.append("  " + " ".join(f"[{label}]" for label in buttons))
        for attachment in message.attachments:
            name = f"{page.stem}-{number:02d}-{_slug(attachment.filename, keep='.')}"
            data = await attachment.read()
            page.files.append((name, data))
            page.lines.append(f"  [attachment {attachment.filename}, {len(data)} bytes: {name}]")

    def _render(self, text: str) -> str:
        """Mentions and timestamps as a Discord client shows them."""
        names = {person.id: person.name for person in self.people}
        now = self.env.now().timestamp()

        def mention(found: re.Match[str]) -> str:
            return "@" + names.get(int(found[1]), found[1])

        def timestamp(found: re.Match[str]) -> str:
            minutes = round((int(found[1]) - now) / 60)
            return f"in {minutes} minutes" if minutes >= 0 else f"{-minutes} minutes ago"

        text = re.sub(r"<@!?(\d+)>", mention, text)
        return re.sub(r"<t:(-?\d+):R>", timestamp, text)


def _answer(result: InteractionResult) -> Any:
    response = result.response
    if response is None:
        raise RuntimeError("the bot did not answer")
    return response


def _expect(result: InteractionResult, start: str | tuple[str, ...]) -> None:
    """Stop the demo when the bot refuses what a simulated player did: its answer does not
    start as `start` does (in English, or in the demo's language, `openings`)."""
    text = _answer(result).content
    if not text.startswith(openings((start,) if isinstance(start, str) else start)):
        raise RuntimeError(f"the bot answered {text!r}")


#: The language the demo is played in (`--language`); None: English.
SPOKEN: ContextVar[str | None] = ContextVar("SPOKEN", default=None)


def said(text: str) -> str:
    """`text` as the bot writes it in the demo's language (a button's label, say)."""
    return language_of(SPOKEN.get()).gettext(text)


def openings(starts: tuple[str, ...]) -> tuple[str, ...]:
    """How an answer that starts as one of `starts` does in English starts in the demo's
    language: the English, and the part before the first placeholder of the translation of
    each catalogue text that starts so."""
    spoken = language_of(SPOKEN.get())
    if spoken.code == SOURCE:
        return starts
    found = [
        spoken.gettext(text).split("{")[0]
        for text in _source_texts()
        for start in starts
        if text.startswith(start)
    ]
    return (*starts, *found)


@functools.cache
def _source_texts() -> tuple[str, ...]:
    """Every text of the catalogues' template (the singular of a plural)."""
    with TEMPLATE.open("rb") as source:
        return tuple(m.id if isinstance(m.id, str) else m.id[0] for m in read_po(source) if m.id)


def _children(components: Sequence[Any]) -> list[Any]:
    out: list[Any] = []
    for component in components:
        if isinstance(component, dict):
            out += component.get("components", [component])
        else:
            out += getattr(component, "children", [component])
    return out


def _options(component: Any) -> list[tuple[str, str]]:
    """A menu's custom id with each of its options' values (none for another component)."""
    if isinstance(component, dict):
        found = component.get("options") or []
        return [(str(component["custom_id"]), str(o["value"])) for o in found]
    found = getattr(component, "options", None) or []
    return [(str(component.custom_id), str(o.value)) for o in found]


def _menu(message: Any, value: str) -> str:
    """The custom id of the menu of `message` that offers `value`."""
    return next(
        menu
        for c in _children(message.components)
        for menu, offered in _options(c)
        if offered == value
    )


def _offers(message: Any, value: str) -> bool:
    """Whether a menu of `message` offers `value`."""
    return any(
        offered == value for c in _children(message.components) for _, offered in _options(c)
    )


#: The decision a control was shown for, in its custom id (`bot.components.stamp`).
STAMP = re.compile(r"^(dealer:[a-z0-9:-]+?:\d+)@\d+")


def unstamped(custom_id: str) -> str:
    """A control's custom id without the decision it was shown for: what the demo (and the
    tests) name a control by (`dealer:act:<match>:<key>`), the stamp being the bot's to
    check."""
    return STAMP.sub(r"\1", custom_id)


def _raw_ids(components: Sequence[Any]) -> list[str]:
    ids = [
        c.get("custom_id") if isinstance(c, dict) else c.custom_id for c in _children(components)
    ]
    return [i for i in ids if i]


def _custom_ids(components: Sequence[Any]) -> list[str]:
    """The custom ids of the controls, without their stamps (`unstamped`)."""
    return [unstamped(i) for i in _raw_ids(components)]


def _raw(message: discord.Message, custom_id: str) -> str:
    """The custom id, stamp and all, of the control of `message` named `custom_id`."""
    return next((i for i in _raw_ids(message.components) if unstamped(i) == custom_id), custom_id)


def _labels(components: Sequence[Any]) -> list[str]:
    return [str(label) for c in _children(components) if (label := getattr(c, "label", None))]


def _can_read(channel: ChannelHandle, member: MemberActor) -> bool:
    try:
        channel.history(viewer=member)
    except Exception:
        return False
    return True


def _slug(text: str, keep: str = "") -> str:
    return re.sub(rf"[^a-z0-9{re.escape(keep)}]+", "-", text.lower()).strip("-")


def answers_of(action: GameAction, move: dict[str, Any]) -> dict[str, Answer]:
    """The answers to `action`'s steps that build `move` (a move a simulated player chose);
    ValueError when `action` does not build it."""
    answers: dict[str, Answer] = {}
    while (step := action.next_step(answers)) is not None:
        if step.field not in move:
            raise ValueError(f"{move} answers no {step.field}")
        value = move[step.field]
        if isinstance(step, Amount):
            answers[step.field] = value
        else:
            answers[step.field] = [str(v) for v in value] if isinstance(value, list) else str(value)
    if action.build(answers) != move:
        raise ValueError(f"{action.key} does not build {move}")
    return answers


def action_of(actions: list[GameAction], move: dict[str, Any]) -> GameAction:
    """The legal action a move chosen by a simulated player is built from: of several, the
    one of the fewest steps (Project Mars's Keep your hand, not a trade of no card)."""
    for action in sorted(actions, key=lambda action: len(action.steps)):
        try:
            answers_of(action, move)
        except ValueError:
            continue
        return action
    raise RuntimeError(f"no legal action builds {move}")


def _values(answer: Answer) -> list[str]:
    """What a menu is answered with: the choices of a multi-select, or the one chosen."""
    return answer if isinstance(answer, list) else [str(answer)]


def _first_menu(message: discord.Message, match_id: int, key: str, values: list[str]) -> str:
    """The custom id, stamp and all, of the menu of `message` (the first, or a numbered one:
    `bot.components`) for the first step of the action `key` that offers `values`; "" when
    there is none."""
    own = re.compile(rf"dealer:actpick\d*:{match_id}:{re.escape(key)}")
    for component in _children(message.components):
        offered = {value for menu, value in _options(component) if own.fullmatch(unstamped(menu))}
        if offered and set(values) <= offered:
            return _options(component)[0][0]
    return ""


async def walk(
    actor: Any,
    where: discord.Message,
    match_id: int,
    action: GameAction,
    answers: dict[str, Answer],
    between: Callable[[InteractionResult], Awaitable[None]] | None = None,
) -> list[InteractionResult]:
    """`action` with `answers`, the way a person takes it through the generic control (a
    menu of its first step or its button on `where`, then each step's menu, the menu of
    menus, a form, the button after a form, a confirmation): every answer the bot gave, the
    last one the move's. `actor` is who presses (a member in a channel, a user in DMs);
    `between` is awaited with each answer but the last, before the next press (the leak scan
    searches what a move half made shows)."""
    m = match_id
    given: dict[str, Answer] = {}
    first = action.next_step(given)
    picked = _values(answers[first.field]) if isinstance(first, Pick) else []
    menu = _first_menu(where, m, action.key, picked) if picked else ""
    if isinstance(first, Pick) and menu:
        given[first.field] = answers[first.field]
        result = await actor.select(where, picked, custom_id=menu)
    else:
        result = await actor.click(where, custom_id=_raw(where, f"dealer:act:{m}:{action.key}"))
    results = [result]
    while (press := _next_press(actor, result, m, action, answers, given)) is not None:
        if between is not None:
            await between(result)
        result = await press()
        results.append(result)
        if len(results) > 12:
            raise RuntimeError(f"{action.key} took too many steps")
    return results


def _next_press(
    actor: Any,
    result: InteractionResult,
    match_id: int,
    action: GameAction,
    answers: dict[str, Answer],
    given: dict[str, Answer],
) -> Callable[[], Awaitable[InteractionResult]] | None:
    """What the person presses next to go on with `action` after the bot's answer `result`
    (the step it answers noted in `given`); None when the move is made."""
    m = match_id
    step = action.next_step(given)
    if step is None and result.response is None:
        return None  # answered later, in a follow-up after a deferral
    if result.modal is not None:
        if step is None:
            raise RuntimeError(f"a form after the last step of {action.key}")
        given[step.field] = answers[step.field]
        form = {"amount": str(answers[step.field])}
        return functools.partial(actor.submit_modal, result, form)
    shown = _answer(result)
    ids = _custom_ids(shown.components)
    chunked = next((i for i in ids if i.startswith("dealer:actchunkpick:")), None)
    go_on = next((i for i in ids if i.startswith(f"dealer:act:{m}:{action.key}|")), None)
    ok = next((i for i in ids if i.startswith(f"dealer:actok:{m}:")), None)
    if step is None:
        return (
            None if ok is None else functools.partial(actor.click, shown, custom_id=_raw(shown, ok))
        )
    if go_on is not None:
        return functools.partial(actor.click, shown, custom_id=_raw(shown, go_on))
    if isinstance(step, Pick) and chunked is not None:
        value = str(answers[step.field])
        index = next(
            n
            for n, listed in enumerate(steps.menus(step))
            if value in {c.value for c in listed.choices}
        )
        return functools.partial(actor.select, shown, [str(index)], custom_id=_raw(shown, chunked))
    if isinstance(step, Pick):
        values = _values(answers[step.field])
        given[step.field] = answers[step.field]
        return functools.partial(actor.select, shown, values, custom_id=menu_with(shown, values[0]))
    raise RuntimeError(f"the bot answered {shown.content!r}")


def menu_with(message: discord.Message, value: str) -> str:
    """The custom id of the menu of `message` that offers `value`."""
    for component in _children(message.components):
        data = component if isinstance(component, dict) else component.to_dict()
        if any(option.get("value") == value for option in data.get("options", [])):
            return str(data["custom_id"])
    raise RuntimeError(f"no menu offers {value}: {message.content!r}")


class MarsDemo(Demo):
    """A Mars Auction of three players: the setup auction, a research auction, the end."""

    names = MARS_PLAYERS

    async def play(self) -> None:
        first = self.players[0]
        created = await self.host.slash(
            self.channel, f"match create {MARS_AUCTION}", first_player=first
        )
        self.did(self.host, f"/match create {MARS_AUCTION} first_player:@{first.name}")
        lobby = await self.seated(created)
        await self.host.click(lobby, label=said("Start"))
        self.did(self.host, "pressed Start")
        await self.auction()
        _expect(await self.host.slash(self.channel, "match status"), "**Mars Auction")
        self.did(self.host, "/match status")
        _expect(await self.host.slash(self.channel, "mars research"), "You opened")
        self.did(self.host, "/mars research (the research display dealt)")
        await self.auction()
        asked = await self.host.slash(self.channel, "mars end")
        _expect(
            await self.host.click(_answer(asked), label=said("Yes, end the match")), "You ended"
        )
        self.did(self.host, "/mars end, and confirmed")
        _expect(await self.host.slash(self.channel, "match log"), "The match record")
        self.did(self.host, "/match log")

    async def state(self) -> Any:
        row = await self.bot.storage.match(self.match_id)
        assert row is not None
        return await self.bot.service.state(row)

    def member(self, pid: str) -> MemberActor:
        return next(p for p in self.players if player_id(p.id) == pid)

    async def auction(self) -> None:
        """Everyone plays until the auction is settled."""
        engine = engine_for(MARS_AUCTION)
        while (state := await self.state()).step != "waiting":
            if state.step == "bidding":
                await self.turn(
                    self.member(state.to_act), engine.legal_actions(state, state.to_act)
                )
                continue
            for pid in engine.turn(state).must:
                action = engine.legal_actions(state, pid)[0]
                await self.answer(self.member(pid), state.step, action)

    async def turn(self, player: MemberActor, actions: list[GameAction]) -> None:
        """Markers, or a pass, from the channel's board message or the 1-on-1 (**My 1-on-1**
        on it, answered privately)."""
        legal = {a.key: a for a in actions}
        mine = self.rng.random() < 0.3
        actor: Any = player
        m = self.match_id
        shown = [msg for msg in self.channel.history() if not msg.flags.ephemeral]
        where = self._newest(shown, f"dealer:act:{m}:pass")
        if mine:
            await player.click(where, custom_id=f"dealer:me:{m}")
            where = self._newest(self.channel.history(viewer=player), f"dealer:act:{m}:pass")
        place = legal.get("place")
        side = "in their 1-on-1" if mine else "on the board"
        if place is None or place.pick is None or self.rng.random() < 0.35:
            asked = await actor.click(where, custom_id=_raw(where, f"dealer:act:{m}:pass"))
            answer = await actor.click(_answer(asked), label=said("Yes"))
            self.did(player, f"passes for the round ({side}, confirmed)")
            _expect(answer, "✅")
            return
        cards = [int(c.value) for c in place.pick.choices]
        if place.pick.choices[0].then and self.rng.random() < 0.4:
            picked = self.rng.sample(cards, 2)
            shown = await actor.click(where, custom_id=_raw(where, f"dealer:ma:numbers:{m}"))
            answer = await actor.submit_modal(shown, {"cards": f"{picked[0]} {picked[1]}"})
            self.did(player, f"puts a marker on {picked[0]} and {picked[1]} (Card numbers)")
        else:
            card = self.rng.choice(cards)
            asked = await actor.select(where, [str(card)], custom_id=_menu(where, str(card)))
            answer = asked
            markers = "a marker"
            then = _answer(asked)
            if any(c.endswith(f":place|{card}") for c in _custom_ids(then.components)):
                twice = self.rng.random() < 0.5 and _offers(then, str(card))
                second = str(card) if twice else "none"
                answer = await actor.select(then, [second], custom_id=_menu(then, second))
                markers = "two markers" if twice else "a marker"
            self.did(player, f"puts {markers} on {card} (the menus {side})")
        _expect(answer, "You put")

    async def answer(self, player: MemberActor, step: str, action: GameAction) -> None:
        """A budget (the form, `/mars budget`, or set by the host), or a keep or a buy in
        the 1-on-1's menu."""
        m = self.match_id
        if step == "budget":
            amount = self.rng.randint(10, 40)
            how = self.rng.choice(["form", "command", "host"])
            if how == "command":
                answer = await player.slash(self.channel, "mars budget", amount=amount)
                self.did(player, f"states {amount} M€ (/mars budget amount:{amount})")
                _expect(answer, "Your budget")
                return
            if how == "host":
                answer = await self.host.slash(
                    self.channel, "mars budget", amount=amount, member=player
                )
                self.did(self.host, f"sets {player.name}'s budget to {amount} M€ (/mars budget)")
                _expect(answer, f"You set {player.name}'s budget")
                return
            dm = self._newest(player.user.dm_channel.history(), f"dealer:act:{m}:budget")
            shown = await player.user.click(dm, custom_id=_raw(dm, f"dealer:act:{m}:budget"))
            answer = await player.user.submit_modal(shown, {"amount": str(amount)})
            self.did(player, f"states {amount} M€ (the form of their 1-on-1)")
            _expect(answer, "Your budget")
            return
        pick = action.pick
        count = 0 if pick is None else pick.max if step == "keep" else min(2, pick.max)
        names = [] if pick is None else [c.value for c in pick.choices][:count]
        dm_history = player.user.dm_channel.history()
        if not names:
            dm = self._newest(dm_history, f"dealer:act:{m}:buy_none")
            answer = await player.user.click(dm, custom_id=_raw(dm, f"dealer:act:{m}:buy_none"))
            self.did(player, "buys none of their projects (Buy none)")
        else:
            dm = self._newest(dm_history, f"dealer:actpick:{m}:{step}")
            answer = await player.user.select(
                dm, names, custom_id=_raw(dm, f"dealer:actpick:{m}:{step}")
            )
            self.did(player, f"{'keeps' if step == 'keep' else 'buys'} {', '.join(names)}")
        _expect(answer, "You buy nothing" if not names else f"You {step}")


class GameDemo(Demo):
    """A whole match of any game of the registry: its people join through the lobby and the
    host starts it; each person the match waits for takes a legal action through the generic
    controls (on the board message when it shows the action, else in their 1-on-1 by DM),
    its answers drawn at random; a phase that waits for nobody is closed by the host."""

    game = GAME
    #: The host's `/match create` options besides the game.
    create_options: dict[str, Any] = {}  # noqa: RUF012 (never changed: each demo's own)
    #: How many computer seats the host adds (`/match add-bot`).
    computers = 0

    def __init__(
        self,
        env: Env,
        rng: random.Random,
        language: str | None = None,
        game: str | None = None,
    ) -> None:
        self.game = game or self.game
        engine = engine_for(self.game)
        if type(self).names is Demo.names:
            self.names = PLAYERS[: max(engine.min_players, min(3, engine.max_players))]
        super().__init__(env, rng, language)

    async def play(self) -> None:
        await self.begin()
        while await self.step():
            pass
        _expect(await self.host.slash(self.channel, "match log"), "The match record")
        self.did(self.host, "/match log")

    async def begin(self) -> None:
        """The match created, its people seated and the match started through the lobby."""
        options = self.create_options
        created = await self.host.slash(self.channel, f"match create {self.game}", **options)
        given = "".join(f" {key}:{value}" for key, value in options.items())
        self.did(self.host, f"/match create {self.game}{given}")
        lobby = await self.seated(created)
        if self.computers:
            added = await self.host.slash(self.channel, "match add-bot", count=self.computers)
            _expect(added, "Dealer")
            self.did(self.host, f"/match add-bot count:{self.computers}")
        await self.host.click(lobby, label=said("Start"))
        self.did(self.host, "pressed Start")
        _expect(
            await self.host.slash(self.channel, "match status"), f"**{engine_for(self.game).title}"
        )
        self.did(self.host, "/match status")

    async def step(self) -> bool:
        """One move: the first person the match waits for takes a legal action, or the host
        closes a phase that waits for nobody; False once the match is over."""
        engine = engine_for(self.game)
        state = await self.state()
        if engine.is_finished(state):
            return False
        humans = {player_id(p.id): p for p in self.players}
        waiting = [p for p in engine.turn(state).must if p in humans]
        if waiting:
            await self.move(humans[waiting[0]], state)
        else:
            _expect(await self.host.slash(self.channel, "match close-phase"), "You closed")
            self.did(self.host, "/match close-phase")
        return True

    async def state(self) -> Any:
        row = await self.bot.storage.match(self.match_id)
        assert row is not None
        return await self.bot.service.state(row)

    #: The computer player whose moves the people make, from their own view and legal
    #: actions (None: a legal action at random).
    policy: Callable[[Any, list[GameAction], random.Random], dict[str, Any]] | None = None

    def choose(self, state: Any, pid: str) -> dict[str, Any]:
        """The move this player makes now: the `policy`'s from their own view, else a legal
        action, its steps answered at random."""
        engine = engine_for(self.game)
        actions = engine.legal_actions(state, pid)
        if self.policy is not None:
            return self.policy(engine.view(state, pid), actions, self.rng)
        action = self.rng.choice(actions)
        return action.build(random_answers(action, self.rng))

    async def move(self, player: MemberActor, state: Any) -> None:
        """The player's move (`choose`) through Discord: on the board message when it shows
        the action, else in their 1-on-1 by DM."""
        engine = engine_for(self.game)
        pid = player_id(player.id)
        move = self.choose(state, pid)
        action = action_of(engine.legal_actions(state, pid), move)
        outline = engine.board_actions(engine.view_json(state, None))
        on_board = action.key in {a.key for a in outline}
        m = self.match_id
        if on_board:
            shown = [msg for msg in self.channel.history() if not msg.flags.ephemeral]
            where = self._newest(shown, f"dealer:act:{m}:{action.key}")
            actor: Any = player
        else:
            # Its private answers too: Project Mars answers a kept hand with the mulligan.
            dms = player.user.dm_channel.history(viewer=player.user)
            where = self._newest(dms, f"dealer:act:{m}:{action.key}", f"dealer:actpick:{m}:")
            actor = player.user
        answers = answers_of(action, move)
        before = await self.bot.storage.last_seq(m)
        results = await walk(actor, where, m, action, answers)
        if await self.bot.storage.last_seq(m) == before:
            raise RuntimeError(f"the bot answered {_answer(results[-1]).content!r}")
        given = ", ".join(f"{field} {value}" for field, value in answers.items())
        side = "on the board message" if on_board else "in their 1-on-1"
        self.did(player, f"{action.label}{': ' + given if given else ''} ({side})")


class AtradesDemo(GameDemo):
    """A whole game of Atrades: two people and computer seats, the people playing as the
    greedy computer player would, from their own view."""

    game = ATRADES
    names = ATRADES_PLAYERS
    create_options = {"turn_minutes": PHASE_MINUTES}  # noqa: RUF012 (never changed)
    computers = ATRADES_COMPUTERS
    policy = staticmethod(greedy_player)


class ProjectMarsDemo(GameDemo):
    """A whole match of Project Mars: one member challenges another, who accepts with the
    challenge's button; both play from their 1-on-1s as the practice opponent would, from
    their own view."""

    game = PROJECT_MARS
    names = PROJECT_MARS_PLAYERS
    hosted = False
    policy = staticmethod(play_with)

    async def begin(self) -> None:
        challenger, challenged = self.players
        deck = self.rng.choice(sorted(READY_DECKS))
        created = await challenger.slash(
            self.channel, f"match create {self.game}", opponent=challenged, deck=deck
        )
        self.did(challenger, f"/match create {self.game} opponent:@{challenged.name} deck:{deck}")
        row = await self.bot.storage.open_match_in(self.channel.id)
        assert row is not None
        self.match_id = row.id
        challenge = _answer(created)
        accept = f"dealer:challenge:accept:{self.match_id}:{challenged.id}"
        await challenged.click(challenge, custom_id=_raw(challenge, accept))
        self.did(challenged, "pressed Accept on the challenge")
        _expect(await challenger.slash(self.channel, "match status"), "**Project Mars")
        self.did(challenger, "/match status")


class DraftDemo(GameDemo):
    """A whole MARSBOT draft: one member drafts against MARSBOT from their 1-on-1's menus,
    their cards taken and bought at random."""

    game = MARSBOT_DRAFT
    names = DRAFT_PLAYERS
    hosted = False

    async def begin(self) -> None:
        corporation = self.rng.choice(CORPORATIONS).name
        created = await self.host.slash(
            self.channel, f"match create {self.game}", corporation=corporation
        )
        self.did(self.host, f"/match create {self.game} corporation:{corporation}")
        if created.ephemeral:
            raise RuntimeError(f"the bot answered {_answer(created).content!r}")
        row = await self.bot.storage.open_match_in(self.channel.id)
        assert row is not None
        self.match_id = row.id
        _expect(await self.host.slash(self.channel, "match status"), "**MARSBOT")
        self.did(self.host, "/match status")


#: The demos by game: the game `python -m tools.demo` plays when it is named.
DEMOS: dict[str, type[Demo]] = {
    GAME: Demo,
    MARS_AUCTION: MarsDemo,
    ATRADES: AtradesDemo,
    PROJECT_MARS: ProjectMarsDemo,
    MARSBOT_DRAFT: DraftDemo,
}


def locale_payloads(locale_of: Callable[[int], str]) -> Callable[..., Any]:
    """SimCord's interaction payload with each member's Discord language (`locale_of` their
    user id): SimCord sends every interaction as en-US."""
    from simcord import interactions

    base = interactions.base_payload

    def payload(*args: Any, **kwargs: Any) -> Any:
        record, sent = base(*args, **kwargs)
        sent["locale"] = locale_of(kwargs["user_id"])
        return record, sent

    return payload


async def run_demo(
    seed: int = SEED, game: str = GAME, web_port: int | None = None, language: str | None = None
) -> tuple[list[Page], list[str]]:
    """Play the match in a temporary database; the pages people saw and what they did. With
    `web_port`, the bot serves the web pages there (on 127.0.0.1), and once the match is
    played the host turns its page on and the addresses of its page and its replay are
    printed, one a line, while they are served until the demo is interrupted (`serve`). With
    `language`, the server and every member speak it."""
    from simcord import Env, interactions

    SPOKEN.set(language)

    rng = random.Random(seed)
    # The bot draws each match's seed from the system; draw it here so that the exported
    # record, like everything else, is the same on every run.
    match_seed = rng.randrange(2**31)
    with (
        tempfile.TemporaryDirectory(prefix="dealer-demo-") as folder,
        mock.patch.object(lobby_flow, "new_seed", lambda: match_seed),
        mock.patch.object(
            interactions, "base_payload", locale_payloads(lambda _: language or "en-US")
        ),
    ):
        # Computer seats move without a pause: SimCord's clock only moves when told to.
        web = None if web_port is None else WebConfig(LOCAL, web_port, f"http://{LOCAL}:{web_port}")
        bot = create_bot(Path(folder) / "demo.db", computer_pause=0, web=web)
        env = Env(bot, settle_timeout=SETTLE_TIMEOUT, shard_count=1)
        await env.start()
        try:
            with env.time_context():
                demo = (
                    DEMOS[game](env, rng, language)
                    if game in DEMOS
                    else GameDemo(env, rng, language, game)
                )
                await demo.play()
                pages = await demo.pages()
                if web_port is not None:
                    await serve(demo)
            errors = env.errors
            if errors:
                raise BaseExceptionGroup("the bot raised errors during the demo", errors)
        finally:
            await env.shutdown()
            await bot.close()
    return pages, demo.actions


async def serve(demo: Demo) -> None:
    """The match's pages served until the demo is interrupted: the host turns its page on
    (`/match web`), whose address, and its replay's, are printed one a line."""
    answer = _answer(await demo.host.slash(demo.channel, "match web", page="on"))
    found = re.search(r"https?://\S+/m/[\w-]+", answer.content)
    if found is None:
        raise RuntimeError(f"the bot answered {answer.content!r}")
    print(found[0], f"{found[0]}/replay", sep="\n", flush=True)
    await asyncio.Event().wait()


def write(out: Path, pages: list[Page], actions: list[str]) -> None:
    """The transcripts, the files the messages carry and `actions.txt`, in `out`; first the
    files the demo before wrote there (listed in `MANIFEST`) go, so that a folder never mixes
    two demos' images. Nothing else in `out` is touched: it may be any folder."""
    out.mkdir(parents=True, exist_ok=True)
    manifest = out / MANIFEST
    if manifest.exists():
        for name in manifest.read_text(encoding="utf-8").split():
            if Path(name).name == name:
                (out / name).unlink(missing_ok=True)
    (out / ERROR_FILE).unlink(missing_ok=True)
    written = {"actions.txt": ("\n".join(actions) + "\n").encode()}
    for page in pages:
        written[f"{page.stem}.txt"] = page.text.encode()
        written.update(page.files)
    for name, data in written.items():
        (out / name).write_bytes(data)
    manifest.write_text("\n".join(sorted(written)) + "\n", encoding="utf-8")


def web_port(argv: list[str]) -> int | None:
    """The port of `--web [--port N]` (`WEB_PORT` by default); None without `--web`;
    ValueError for anything else."""
    if not argv or argv[0] != "--web":
        return None
    if argv[1:] == []:
        return WEB_PORT
    if len(argv) == 3 and argv[1] == "--port" and argv[2].isdigit() and 0 < int(argv[2]) < 65536:
        return int(argv[2])
    raise ValueError(argv)


def usage() -> str:
    """The command line, with the games of the registry that have a demo."""
    return (
        f"usage: python -m tools.demo [{' | '.join(PLUGINS)}] [OUT_DIR | --web [--port N]]"
        f" [--language {' | '.join(spoken())}]"
    )


def spoken() -> list[str]:
    """The languages Dealer speaks besides English (`--language`)."""
    return [code for code in CHOICES if code != SOURCE]


def language_option(argv: list[str]) -> tuple[str | None, list[str]]:
    """`--language CODE`, wherever it is, and the rest of the command line; ValueError for a
    language Dealer does not speak or a missing code."""
    if "--language" not in argv:
        return None, argv
    at = argv.index("--language")
    if at + 1 >= len(argv) or argv[at + 1] not in spoken():
        raise ValueError(argv)
    return argv[at + 1], argv[:at] + argv[at + 2 :]


def main(argv: list[str]) -> int:
    game = argv[0] if argv and argv[0] in PLUGINS else GAME
    argv = argv[1:] if argv and argv[0] in PLUGINS else argv
    try:
        language, argv = language_option(argv)
        port = web_port(argv)
    except ValueError:
        print(usage(), file=sys.stderr)
        return 2
    if port is None and (len(argv) > 1 or (argv and argv[0].startswith("-"))):
        print(usage(), file=sys.stderr)
        return 2
    try:
        import simcord  # noqa: F401
    except ImportError:
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    if port is not None:
        return main_web(game, port, language)
    out = Path(argv[0] if argv else DEFAULT_OUT)
    try:
        pages, actions = asyncio.run(run_demo(game=game, language=language))
    except Exception as error:
        # A developer tool, yet one that people run to see the bot: one line says what
        # happened, the traceback goes to a file beside the transcripts.
        out.mkdir(parents=True, exist_ok=True)
        (out / ERROR_FILE).write_text(traceback.format_exc(), encoding="utf-8")
        what = str(error).splitlines()[0] if str(error) else type(error).__name__
        print(
            f"error: the demo stopped before the end of the match: {what} "
            f"(in full: {out / ERROR_FILE})",
            file=sys.stderr,
        )
        return 1
    for page in pages:
        print(page.text)
    write(out, pages, actions)
    files = sum(len(page.files) for page in pages)
    print(f"Wrote {len(pages)} transcripts, actions.txt and {files} attached files to {out}/.")
    return 0


def main_web(game: str, port: int, language: str | None = None) -> int:
    """`--web`: the demo played, then its pages served until interrupted (Ctrl-C)."""
    try:
        asyncio.run(run_demo(game=game, web_port=port, language=language))
    except KeyboardInterrupt:
        return 0
    except OSError as error:
        print(f"error: cannot serve the pages on {LOCAL}:{port}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
