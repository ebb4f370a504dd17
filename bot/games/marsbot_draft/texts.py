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
from bot.i18n import N_, _, engine_words, ngettext
from games.core.contract import Action
from games.core.drawing.board import Board
from games.core.drawing.words import listed
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


def card_list(names: list[str]) -> str:
    """Cards in bold, each with its printed number: "**Birds (072)** and **Fish (052)**"."""
    return listed([f"**{numbered(name)}**" for name in names]) or _("none")


def deck_words(deck: list[str], bonus: str) -> str:
    drawn = _("the bonus card (draw it from your bonus deck)")
    shown = [f"{i}. {name if name != bonus else drawn}" for i, name in enumerate(deck, 1)]
    return ", ".join(shown)


def cards_words(count: int) -> str:
    """ "4 cards", in the language in force."""
    return ngettext("{count} card", "{count} cards", count).format(count=count)


class MarsbotDraftTexts(TypedTexts[DraftView, Told]):
    game = "marsbot-draft"
    title = "MARSBOT draft"
    move_kinds: ClassVar[Mapping[str, str]] = {
        "take": N_("take"),
        "pick": N_("pick"),
        "discard": N_("discard"),
        "deck": N_("deck"),
        "buy": N_("buy"),
    }
    forfeit = N_("The draft stops where it stands.")
    played_as = (N_("draft"), N_("drafts"))
    #: MB-D8: no phase has a deadline; the drafter is also its host.
    untimed = N_("No clock: the draft waits for its player.")
    event_types = (*event_models(DraftEvent), BoardShown)
    board_events: ClassVar[frozenset[str]] = frozenset({"board_shown", "draft_started"})
    announces: ClassVar[frozenset[str]] = frozenset({"phase_opened"})
    public_view = DraftView
    combine_messages = True
    spectators_see_sealed = False
    commands: ClassVar[frozenset[str]] = frozenset(
        {"marsbot take", "marsbot pick", "marsbot discard", "marsbot deck"}
    )
    record_withheld = N_("its seed decides MARSBOT's draws and the draft's piles")
    option_names: ClassVar[dict[str, str]] = {
        "mode": N_("mode"),
        "corporation": N_("corporation"),
        "difficulty": N_("difficulty"),
        "spire_rule": N_("spire rule"),
        "own_first": N_("own first"),
        "sets": N_("sets"),
        "tracks": N_("tracks"),
        "aridor_tracks": N_("aridor tracks"),
    }

    # -- events ----------------------------------------------------------------------------

    @text
    def draft_started(self, event: DraftStarted, names: Names) -> str:
        corporation = f"**{event.corporation}** ({event.number})"
        if event.drawn is not None:
            count = len(event.drawn.candidates)
            corporation += ngettext(
                ", drawn at random among {count} corporation",
                ", drawn at random among {count} corporations",
                count,
            ).format(count=count)
        track = (
            _(" (Aridor: its lowest track, {track})").format(track=event.track)
            if event.track
            else ""
        )
        how = (
            _(
                "The bot deals two piles of four; you take a card from yours, MARSBOT picks "
                "from its own, and the piles swap."
            )
            if event.mode == "whole-draft"
            else _("Enter MARSBOT's pile each round with `/marsbot pick`; MARSBOT picks from it.")
        )
        difficulty = (
            " " + _("Brutal difficulty: MARSBOT keeps all four cards.")
            if event.difficulty == "brutal"
            else ""
        )
        return (
            _(
                "**MARSBOT draft** for {player}: MARSBOT plays {corporation}, priority "
                "{priority}{track}."
            ).format(
                player=names(event.player),
                corporation=corporation,
                priority=priority_words(_started(event)),
                track=track,
            )
            + f" {how}{difficulty}"
        )

    @text
    def phase_opened(self, event: DraftPhaseOpened, names: Names) -> str | None:
        if event.phase == "discard":
            return _(
                "**MARSBOT's discard** is next: `/marsbot discard` (or the button in your 1-on-1)."
            )
        if event.phase == "deck":
            return _("**MARSBOT's action deck** is next: `/marsbot deck` shuffles it.")
        if event.phase == "buy":
            return _(
                "**Buy your cards**, {price} M€ each: {cards}. Choose in your 1-on-1 (or buy none)."
            ).format(price=CARD_PRICE, cards=card_list(event.cards or []))
        pile = event.player_pile or []
        if event.forced:  # MB-D13: taken for the player at once; its message says so
            return None
        where = dict(round=event.round, rounds=ROUNDS)
        if event.whole_draft:
            return (
                _(
                    "**Round {round} of {rounds}**: take a card from your pile in your 1-on-1 "
                    "(or `/marsbot take`): {cards}."
                ).format(cards=card_list(pile), **where)
                + " "
                + (
                    _("MARSBOT's pile: {cards}.").format(cards=card_list(event.marsbot_pile))
                    if event.marsbot_pile
                    else _("MARSBOT's pile stays face down until it picks.")
                )
            )
        size = cards_words(event.size or 0)
        lines = [
            _(
                "**Round {round} of {rounds}**: name the card you take with `/marsbot take`, "
                "then enter MARSBOT's pile of {size} with `/marsbot pick`."
            ).format(size=size, **where)
            if event.own_first
            else _(
                "**Round {round} of {rounds}**: enter MARSBOT's pile of {size} with "
                "`/marsbot pick`."
            ).format(size=size, **where)
        ]
        if pile:
            lines.append(
                _("Your pile is what MARSBOT left: {cards}.").format(cards=card_list(pile))
            )
        if event.expected:
            lines.append(
                _("MARSBOT's pile should be {cards}.").format(cards=card_list(event.expected))
            )
        return " ".join(lines)

    @text
    def card_taken(self, event: CardTaken, names: Names) -> str:
        if event.only:
            return _(
                "Round {round}: the last card of your pile, **{card}**, is yours: taken for you."
            ).format(round=event.round, card=event.card)
        if event.default:
            return "⏰ " + _(
                "The round was closed (`/match close-phase`): you take the first card of your "
                "pile, **{card}**."
            ).format(card=event.card)
        return _("Round {round}: you take **{card}**.").format(round=event.round, card=event.card)

    @text
    def marsbot_picked(self, event: MarsbotPicked, names: Names) -> str:
        return "🤖 " + _("Round {round}: MARSBOT takes **{card}**. {why}.").format(
            round=event.round, card=event.chosen, why=engine_words(event.why)
        )

    @text
    def marsbot_discarded(self, event: MarsbotDiscarded, names: Names) -> str:
        why = engine_words(event.why)
        if event.chosen:
            return "🗑️ " + _("MARSBOT discards **{card}**. {why}.").format(
                card=event.chosen, why=why
            )
        return "🗑️ " + _("MARSBOT discards nothing. {why}.").format(why=why)

    @text
    def action_deck_shuffled(self, event: ActionDeckShuffled, names: Names) -> str:
        return "🂠 " + _("MARSBOT's action deck, from the top: {deck}.").format(
            deck=deck_words(event.deck, event.bonus)
        )

    @text
    def cards_bought(self, event: CardsBought, names: Names) -> str:
        if not event.cards:
            return _("You buy none of your cards.")
        return _("You buy {cards} for {cost} M€.").format(
            cards=card_list(event.cards), cost=event.cost
        )

    @text
    def player_kicked(self, event: PlayerKicked, names: Names) -> str:
        return _("The host removed {player}: the draft stops.").format(player=names(event.player))

    @text
    def player_forfeited(self, event: PlayerForfeited, names: Names) -> str:
        return _("{player} stops the draft.").format(player=names(event.player))

    @text
    def match_ended(self, event: DraftEnded, names: Names) -> str:
        how = {
            "done": _("**The draft is over.**"),
            "closed": _("**The draft was closed where it stood** (`/match close-phase`)."),
            "forfeit": _("**The draft is over** (stopped)."),
            "kick": _("**The draft is over** (the player was removed)."),
            None: _("**The draft is over.**"),
        }[event.ended]
        if not event.marsbot_kept:
            return how
        kept = card_list(event.marsbot_kept)
        if event.discarded:
            return f"{how} " + _("MARSBOT keeps {cards}, discarded {card}.").format(
                cards=kept, card=card_list([event.discarded])
            )
        return f"{how} " + _("MARSBOT keeps {cards}.").format(cards=kept)

    # -- 1-on-1 and status -------------------------------------------------------------------

    def one_on_one(self, view: DraftView, actions: list[Action], names: Names) -> str:
        facts = dict(
            corporation=view.corporation,
            priority=priority_words(view),
            step=engine_words(view.title),
        )
        head = (
            _("**MARSBOT draft — MARSBOT plays {corporation}** (priority {priority}): {step}.")
            if view.confirmed
            else _(
                "**MARSBOT draft — MARSBOT plays {corporation}** (priority {priority}, "
                "transcribed by one fan source only): {step}."
            )
        ).format(**facts)
        lines = [
            head,
            self._next(view, actions),
            _("Sets: {sets}.").format(sets=sets_title(view.sets)),
        ]
        forced = any(action.forced for action in actions)
        if view.rounds and view.phase in ("pick", "discard"):
            last = view.rounds[-1]
            took = "🤖 " + _("Round {round}: MARSBOT took **{card}**. {why}.").format(
                round=last.round, card=last.chosen, why=engine_words(last.why)
            )
            lines.insert(0, took)
        if forced:  # MB-D13: the cards change at once, as round 4 is played for the player
            return "\n".join(lines)
        if view.marsbot_kept:
            kept = card_list([c.name for c in view.marsbot_kept])
            lines.append(_("MARSBOT keeps: {cards}.").format(cards=kept))
        if view.player_kept:
            mine = card_list([c.name for c in view.player_kept])
            lines.append(_("Your cards: {cards}.").format(cards=mine))
        return "\n".join(lines)

    def _next(self, view: DraftView, actions: list[Action]) -> str:
        phase = view.phase
        if phase == "ended":
            deck = view.deck
            if deck:
                return _("Action deck: {deck}.").format(deck=deck_words(deck, BONUS_CARD))
            return _("The draft is over.")
        if phase == "discard":
            return _("Next: MARSBOT's discard (`/marsbot discard` or the button).")
        if phase == "deck":
            return _("Next: MARSBOT's action deck (`/marsbot deck` or the button).")
        if phase == "buy":
            return _(
                "Buy any of your cards, {price} M€ each, with the menu (or **Buy none**)."
            ).format(price=CARD_PRICE)
        if view.mode == "whole-draft":
            if any(action.forced for action in actions):
                return _(
                    "Your pile holds one card, **{card}**: Dealer takes it for you, then "
                    "MARSBOT takes its last card, makes its discard and shuffles its action "
                    "deck, in the channel."
                ).format(card=view.player_pile[0].name)
            pile = "; ".join(card_words(c) for c in view.player_pile)
            return _("Take a card from your pile with the menu: {cards}.").format(cards=pile)
        size = cards_words(view.size or 0)
        if view.own_first and view.own is None:
            step = _(
                "First `/marsbot take card:` the card you take, then `/marsbot pick` MARSBOT's "
                "pile of {size}."
            ).format(size=size)
        else:
            step = _(
                "Enter MARSBOT's pile of {size}: `/marsbot pick cards:` names separated by `;`."
            ).format(size=size)
        if view.expected:
            step += " " + _("It should be {cards}.").format(cards=card_list(view.expected))
        return step

    def status(self, view: DraftView, names: Names) -> str:
        return _(
            "**MARSBOT draft** — {player} against MARSBOT playing {corporation} ({priority}): "
            "{step}. MARSBOT keeps: {cards}."
        ).format(
            player=names(view.player),
            corporation=view.corporation,
            priority=priority_words(view),
            step=engine_words(view.title),
            cards=card_list([c.name for c in view.marsbot_kept]),
        )

    def audit(self, host_view: Any, names: Names) -> str:
        return _("Nothing in a MARSBOT draft is sealed: the channel has seen every pick.")

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
        return (
            "\n\n".join(
                f"## {_(title)}\n" + "\n\n".join(_(paragraph) for paragraph in paragraphs)
                for title, paragraphs in RULES
            )
            + "\n"
        )

    def help(self) -> str:
        return _(
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
