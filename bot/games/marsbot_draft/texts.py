"""The MARSBOT draft in Discord: what each event, the 1-on-1 and the status say, and the board
image (docs/rules/marsbot-draft.md; the engine's view and events are in docs/records.md);
the rules as players read them are in `rules.py`.

Typed (`TypedTexts`): each text takes its event's model (`games.marsbot_draft.events`), the
1-on-1 and the status the draft's view (`DraftView`) and the player's legal actions.

Every move gets one message in the channel: what the player did, which card MARSBOT takes and
why in one line ("Celestic: Venus 1 > Jovian 0; tied with Io Mining Industries, drawn at
random"), what comes next, and the board as it stands (the bot's `BoardShown` event, made
from the public view after the move). A whole draft's first piles are drawn from the
`draft_started` event.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from bot.games.base import Names, TypedTexts, text
from bot.games.marsbot_draft.rules import RULES
from games.core.contract import Action
from games.core.drawing.board import Board
from games.core.drawing.words import join, plural
from games.core.events import GameEvent, PlayerForfeited, PlayerKicked, event_models
from games.marsbot_draft.cards import parse_card
from games.marsbot_draft.draft import BONUS_CARD
from games.marsbot_draft.events import (
    ActionDeckShuffled,
    CardsBought,
    CardTaken,
    DraftEnded,
    DraftEvent,
    DraftPhaseOpened,
    DraftStarted,
    MarsbotDiscarded,
    MarsbotPicked,
)
from games.marsbot_draft.model import CARD_PRICE, ROUNDS
from games.marsbot_draft.priority import Tags, parse_priority
from games.marsbot_draft.render import card_words, draft_board, priority_words
from games.marsbot_draft.views import DraftTable, DraftView
from games.tm_catalogue import numbered
from games.tm_catalogue.sets import sets_title


class BoardShown(GameEvent):
    """The bot's own event: the board after a move that changes what it shows."""

    type: Literal["board_shown"] = "board_shown"
    view: DraftView


#: The events that change what the board shows.
SHOWN_AFTER = frozenset(
    {"marsbot_picked", "marsbot_discarded", "action_deck_shuffled", "cards_bought"}
)
#: What the texts read: the engine's events and the bot's board.
Told = DraftEvent | BoardShown


def listed(names: list[str]) -> str:
    """Cards in bold, each with its printed number: "**Birds (072)** and **Fish (052)**"."""
    return join([f"**{numbered(name)}**" for name in names]) or "none"


def deck_words(deck: list[str], bonus: str) -> str:
    shown = [
        f"{i}. {name if name != bonus else 'the bonus card (draw it from your bonus deck)'}"
        for i, name in enumerate(deck, 1)
    ]
    return ", ".join(shown)


class MarsbotDraftTexts(TypedTexts[DraftView, Told]):
    game = "marsbot-draft"
    title = "MARSBOT draft"
    forfeit = "The draft stops where it stands."
    played_as = ("draft", "drafts")
    #: MB-D8: no phase has a deadline; the drafter is also its host.
    untimed = "No clock: the draft waits for its player."
    event_types = (*event_models(DraftEvent), BoardShown)
    board_events: ClassVar[frozenset[str]] = frozenset({"board_shown", "draft_started"})
    announces: ClassVar[frozenset[str]] = frozenset({"phase_opened"})
    wants_views = True
    combine_messages = True
    spectators_see_sealed = False
    commands: ClassVar[frozenset[str]] = frozenset(
        {"marsbot take", "marsbot pick", "marsbot discard", "marsbot deck"}
    )
    record_withheld = "its seed decides MARSBOT's draws and the draft's piles"

    # -- events ----------------------------------------------------------------------------

    @text
    def draft_started(self, event: DraftStarted, names: Names) -> str:
        corporation = f"**{event.corporation}** ({event.number})"
        if event.drawn is not None:
            corporation += (
                f", drawn at random among {plural(len(event.drawn.candidates), 'corporation')}"
            )
        track = f" (Aridor: its lowest track, {event.track})" if event.track else ""
        how = (
            "The bot deals two piles of four; you take a card from yours, MARSBOT picks from "
            "its own, and the piles swap."
            if event.mode == "whole-draft"
            else "Enter MARSBOT's pile each round with `/marsbot pick`; MARSBOT picks from it."
        )
        difficulty = (
            " Brutal difficulty: MARSBOT keeps all four cards."
            if event.difficulty == "brutal"
            else ""
        )
        return (
            f"**MARSBOT draft** for {names(event.player)}: MARSBOT plays {corporation}, "
            f"priority {priority_words(_started(event))}{track}. {how}{difficulty}"
        )

    @text
    def phase_opened(self, event: DraftPhaseOpened, names: Names) -> str | None:
        if event.phase == "discard":
            return (
                "**MARSBOT's discard** is next: `/marsbot discard` (or the button in your 1-on-1)."
            )
        if event.phase == "deck":
            return "**MARSBOT's action deck** is next: `/marsbot deck` shuffles it."
        if event.phase == "buy":
            return (
                f"**Buy your cards**, {CARD_PRICE} M€ each: {listed(event.cards or [])}. Choose "
                "in your 1-on-1 (or buy none)."
            )
        head = f"**Round {event.round} of {ROUNDS}**"
        pile = event.player_pile or []
        if event.forced:  # MB-D13: taken for the player at once; its message says so
            return None
        if event.whole_draft:
            return (
                f"{head}: take a card from your pile in your 1-on-1 (or `/marsbot take`): "
                f"{listed(pile)}. "
                + (
                    f"MARSBOT's pile: {listed(event.marsbot_pile)}."
                    if event.marsbot_pile
                    else "MARSBOT's pile stays face down until it picks."
                )
            )
        size = plural(event.size or 0, "card")
        first = "name the card you take with `/marsbot take`, then " if event.own_first else ""
        lines = [f"{head}: {first}enter MARSBOT's pile of {size} with `/marsbot pick`."]
        if pile:
            lines.append(f"Your pile is what MARSBOT left: {listed(pile)}.")
        if event.expected:
            lines.append(f"MARSBOT's pile should be {listed(event.expected)}.")
        return " ".join(lines)

    @text
    def card_taken(self, event: CardTaken, names: Names) -> str:
        if event.only:
            return (
                f"Round {event.round}: the last card of your pile, **{event.card}**, is "
                "yours: taken for you."
            )
        if event.default:
            return (
                "⏰ The round was closed (`/match close-phase`): you take the first card of your "
                f"pile, **{event.card}**."
            )
        return f"Round {event.round}: you take **{event.card}**."

    @text
    def marsbot_picked(self, event: MarsbotPicked, names: Names) -> str:
        return f"🤖 Round {event.round}: MARSBOT takes **{event.chosen}**. {event.why}."

    @text
    def marsbot_discarded(self, event: MarsbotDiscarded, names: Names) -> str:
        chosen = event.chosen
        lead = f"MARSBOT discards **{chosen}**" if chosen else "MARSBOT discards nothing"
        return f"🗑️ {lead}. {event.why}."

    @text
    def action_deck_shuffled(self, event: ActionDeckShuffled, names: Names) -> str:
        return f"🂠 MARSBOT's action deck, from the top: {deck_words(event.deck, event.bonus)}."

    @text
    def cards_bought(self, event: CardsBought, names: Names) -> str:
        if not event.cards:
            return "You buy none of your cards."
        return f"You buy {listed(event.cards)} for {event.cost} M€."

    @text
    def player_kicked(self, event: PlayerKicked, names: Names) -> str:
        return f"The host removed {names(event.player)}: the draft stops."

    @text
    def player_forfeited(self, event: PlayerForfeited, names: Names) -> str:
        return f"{names(event.player)} stops the draft."

    @text
    def match_ended(self, event: DraftEnded, names: Names) -> str:
        how = {
            "done": "**The draft is over.**",
            "closed": "**The draft was closed where it stood** (`/match close-phase`).",
            "forfeit": "**The draft is over** (stopped).",
            "kick": "**The draft is over** (the player was removed).",
            None: "**The draft is over.**",
        }[event.ended]
        kept = f" MARSBOT keeps {listed(event.marsbot_kept)}" if event.marsbot_kept else ""
        gone = f", discarded {listed([event.discarded])}" if event.discarded else ""
        return f"{how}{kept}{gone}{'.' if kept else ''}"

    # -- 1-on-1 and status -------------------------------------------------------------------

    def one_on_one(self, view: DraftView, actions: list[Action], names: Names) -> str:
        source = "" if view.confirmed else ", transcribed by one fan source only"
        head = (
            f"**MARSBOT draft — MARSBOT plays {view.corporation}** "
            f"(priority {priority_words(view)}{source}): {view.title}."
        )
        lines = [head, self._next(view, actions), f"Sets: {sets_title(view.sets)}."]
        forced = any(action.forced for action in actions)
        if view.rounds and view.phase in ("pick", "discard"):
            last = view.rounds[-1]
            took = f"🤖 Round {last.round}: MARSBOT took **{last.chosen}**. {last.why}."
            lines.insert(0, took)
        if forced:  # MB-D13: the cards change at once, as round 4 is played for the player
            return "\n".join(lines)
        if view.marsbot_kept:
            lines.append(f"MARSBOT keeps: {listed([c.name for c in view.marsbot_kept])}.")
        if view.player_kept:
            lines.append(f"Your cards: {listed([c.name for c in view.player_kept])}.")
        return "\n".join(lines)

    def _next(self, view: DraftView, actions: list[Action]) -> str:
        phase = view.phase
        if phase == "ended":
            deck = view.deck
            return f"Action deck: {deck_words(deck, BONUS_CARD)}." if deck else "The draft is over."
        if phase == "discard":
            return "Next: MARSBOT's discard (`/marsbot discard` or the button)."
        if phase == "deck":
            return "Next: MARSBOT's action deck (`/marsbot deck` or the button)."
        if phase == "buy":
            return f"Buy any of your cards, {CARD_PRICE} M€ each, with the menu (or **Buy none**)."
        if view.mode == "whole-draft":
            if any(action.forced for action in actions):
                last = view.player_pile[0].name
                return (
                    f"Your pile holds one card, **{last}**: Dealer takes it for you, then "
                    "MARSBOT takes its last card, makes its discard and shuffles its action "
                    "deck, in the channel."
                )
            pile = "; ".join(card_words(c) for c in view.player_pile)
            return f"Take a card from your pile with the menu: {pile}."
        size = plural(view.size or 0, "card")
        if view.own_first and view.own is None:
            step = (
                "First `/marsbot take card:` the card you take, then `/marsbot pick` MARSBOT's "
                f"pile of {size}."
            )
        else:
            step = f"Enter MARSBOT's pile of {size}: `/marsbot pick cards:` names separated by `;`."
        if view.expected:
            step += f" It should be {listed(view.expected)}."
        return step

    def status(self, view: DraftView, names: Names) -> str:
        kept = listed([c.name for c in view.marsbot_kept])
        return (
            f"**MARSBOT draft** — {names(view.player)} against MARSBOT playing "
            f"{view.corporation} ({priority_words(view)}): {view.title}. "
            f"MARSBOT keeps: {kept}."
        )

    def audit(self, host_view: Any, names: Names) -> str:
        return "Nothing in a MARSBOT draft is sealed: the channel has seen every pick."

    # -- images ------------------------------------------------------------------------------

    def add_events(
        self, before: DraftView, events: list[dict[str, Any]], after: DraftView
    ) -> list[dict[str, Any]]:
        """The board after every move that changes what it shows, but one that leaves the
        player a round with one card, played for them at once (MB-D13): the board of that
        round's move follows."""
        told = [self.read(event) for event in events]
        if any(isinstance(e, DraftPhaseOpened) and e.forced for e in told):
            return events
        if not any(e is not None and e.type in SHOWN_AFTER for e in told):
            return events
        return [*events, BoardShown(view=after).told().to_json()]

    def board_of(self, event: Told, names: Mapping[str, str]) -> Board | None:
        if isinstance(event, BoardShown):
            return draft_board(event.view, names)
        if isinstance(event, DraftStarted) and event.mode == "whole-draft":
            return draft_board(_started(event), names)
        return None

    def status_board(self, view: DraftView, names: Mapping[str, str]) -> Board | None:
        """The draft as it stands, for `/match status`."""
        return draft_board(view, names)

    def card(self, view: DraftView, names: Mapping[str, str]) -> Board | None:
        return draft_board(view, names)

    def rules(self) -> str:
        return RULES

    def help(self) -> str:
        return (
            "**MARSBOT draft** (1 player): from generation 2, MARSBOT — the Terraforming Mars "
            "automa — drafts by its corporation's priority; Dealer works out each pick, the "
            "discard and the action deck, and says why in one line.\n"
            "**At the table:** `/marsbot start corporation:<c>` (or random: leave it out, "
            "with `own_corporation` to leave yours out; Aridor takes `tracks`). Each round, "
            "`/marsbot pick cards:A; B; C; D` with the cards of MARSBOT's pile (names "
            "autocomplete; a card not in the catalogue as `name:cost:tag+tag`); with "
            "`own_first:True`, first `/marsbot take card:` the card you take, so MARSBOT's "
            "pick is shown only after yours. Then `/marsbot discard` and `/marsbot deck`.\n"
            "**Whole draft:** `/match create marsbot-draft` deals two piles of four from the "
            "sets chosen (`sets`, default base game, Corporate Era and Prelude; add `venus` for "
            "Venus Next): take a card with the menu in your 1-on-1, "
            "MARSBOT picks, the piles swap; after four rounds MARSBOT discards, its action "
            "deck is shuffled, and you buy your cards (3 M€ each).\n"
            "**Options:** `corporation`, `mode`, `difficulty` (brutal: MARSBOT keeps all "
            "four), `spire_rule` (czech: discard a card with the fewest tags; english: keep "
            "the most), `tracks` and `aridor_tracks` for Aridor, `sets`. The rules, page by "
            "page: "
            "`/help game:marsbot-draft`."
        )


def _started(event: DraftStarted) -> DraftTable:
    """The board a draft starts with, from its `draft_started` event: a whole draft's piles
    are catalogue cards, named (MARSBOT's face down, MB-D12)."""
    _, priority = parse_priority(event.priority)
    return DraftTable(
        player=event.player,
        mode=event.mode,
        corporation=event.corporation,
        priority=event.priority,
        levels=priority.titles() if isinstance(priority, Tags) else None,
        kind=priority.kind,
        phase="pick",
        title=f"Round 1 of {ROUNDS}: your card",
        round=1,
        player_pile=[parse_card(name) for name in event.player_pile or []],
        marsbot_pile=[parse_card(name) for name in event.marsbot_pile or []],
        rounds=[],
        player_kept=[],
        marsbot_kept=[],
        discarded=None,
        deck=None,
        bought=None,
    )
