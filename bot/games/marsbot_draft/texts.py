"""The MARSBOT draft in Discord: what each event, the 1-on-1 and the status say, and the board
image (docs/rules/marsbot-draft.md; the engine's view and events are in docs/records.md);
the rules as players read them are in `rules.py`.

Every move gets one message in the channel: what the player did, which card MARSBOT takes and
why in one line ("Celestic: Venus 1 > Jovian 0; tied with Io Mining Industries, drawn at
random"), what comes next, and the board as it stands (the bot's `board_shown` event, made
from the public view after the move). A whole draft's first piles are drawn from the
`draft_started` event.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from bot.games.base import GameTexts, Names
from bot.games.marsbot_draft.rules import RULES
from games.core.drawing.board import Board
from games.core.drawing.words import join, plural
from games.marsbot_draft.cards import parse_card
from games.marsbot_draft.draft import BONUS_CARD
from games.marsbot_draft.model import CARD_PRICE, ROUNDS
from games.marsbot_draft.priority import Tags, parse_priority
from games.marsbot_draft.render import card_words, draft_board, priority_words
from games.tm_catalogue import numbered
from games.tm_catalogue.sets import sets_title

#: The bot's own event: the board after a move.
BOARD_SHOWN = "board_shown"
#: The moves that change what the board shows.
SHOWN_AFTER = frozenset(
    {"marsbot_picked", "marsbot_discarded", "action_deck_shuffled", "cards_bought"}
)


def listed(names: list[str]) -> str:
    """Cards in bold, each with its printed number: "**Birds (072)** and **Fish (052)**"."""
    return join([f"**{numbered(name)}**" for name in names]) or "none"


def deck_words(deck: list[str], bonus: str) -> str:
    shown = [
        f"{i}. {name if name != bonus else 'the bonus card (draw it from your bonus deck)'}"
        for i, name in enumerate(deck, 1)
    ]
    return ", ".join(shown)


class MarsbotDraftTexts(GameTexts):
    game = "marsbot-draft"
    title = "MARSBOT draft"
    forfeit = "The draft stops where it stands."
    played_as = ("draft", "drafts")
    #: MB-D8: no phase has a deadline; the drafter is also its host.
    untimed = "No clock: the draft waits for its player."
    board_events: ClassVar[frozenset[str]] = frozenset({BOARD_SHOWN, "draft_started"})
    announces: ClassVar[frozenset[str]] = frozenset({"phase_opened"})
    wants_views = True
    combine_messages = True
    spectators_see_sealed = False
    commands: ClassVar[frozenset[str]] = frozenset(
        {"marsbot take", "marsbot pick", "marsbot discard", "marsbot deck"}
    )
    record_withheld = "its seed decides MARSBOT's draws and the draft's piles"

    # -- events ----------------------------------------------------------------------------

    def describe(self, event: dict[str, Any], names: Names) -> str | None:
        return self.handled(event, names)

    def _on_draft_started(self, event: dict[str, Any], names: Names) -> str:
        corporation = f"**{event['corporation']}** ({event['number']})"
        drawn = event["drawn"]
        if drawn is not None:
            corporation += (
                f", drawn at random among {plural(len(drawn['candidates']), 'corporation')}"
            )
        track = f" (Aridor: its lowest track, {event['track']})" if event["track"] else ""
        how = (
            "The bot deals two piles of four; you take a card from yours, MARSBOT picks from "
            "its own, and the piles swap."
            if event["mode"] == "whole-draft"
            else "Enter MARSBOT's pile each round with `/marsbot pick`; MARSBOT picks from it."
        )
        difficulty = (
            " Brutal difficulty: MARSBOT keeps all four cards."
            if event["difficulty"] == "brutal"
            else ""
        )
        return (
            f"**MARSBOT draft** for {names(event['player'])}: MARSBOT plays {corporation}, "
            f"priority {priority_words(_priority(event['priority']))}{track}. {how}{difficulty}"
        )

    def _on_phase_opened(self, event: dict[str, Any], names: Names) -> str:
        phase = event["phase"]
        if phase == "discard":
            return (
                "**MARSBOT's discard** is next: `/marsbot discard` (or the button in your 1-on-1)."
            )
        if phase == "deck":
            return "**MARSBOT's action deck** is next: `/marsbot deck` shuffles it."
        if phase == "buy":
            return (
                f"**Buy your cards**, {CARD_PRICE} M€ each: {listed(event['cards'])}. Choose in "
                "your 1-on-1 (or buy none)."
            )
        head = f"**Round {event['round']} of {ROUNDS}**"
        if event.get("forced"):
            return (
                f"{head}: your pile holds one card, {listed(event['player_pile'])}: Dealer "
                "takes it for you."
            )
        if "marsbot_pile" in event:
            return (
                f"{head}: take a card from your pile in your 1-on-1 (or `/marsbot take`): "
                f"{listed(event['player_pile'])}. "
                + (
                    f"MARSBOT's pile: {listed(event['marsbot_pile'])}."
                    if event["marsbot_pile"]
                    else "MARSBOT's pile stays face down until it picks."
                )
            )
        size = plural(event["size"], "card")
        first = "name the card you take with `/marsbot take`, then " if event["own_first"] else ""
        lines = [f"{head}: {first}enter MARSBOT's pile of {size} with `/marsbot pick`."]
        if event["player_pile"]:
            lines.append(f"Your pile is what MARSBOT left: {listed(event['player_pile'])}.")
        if event["expected"]:
            lines.append(f"MARSBOT's pile should be {listed(event['expected'])}.")
        return " ".join(lines)

    def _on_card_taken(self, event: dict[str, Any], names: Names) -> str:
        if event.get("only"):
            return (
                f"Round {event['round']}: the last card of your pile, **{event['card']}**, is "
                "yours: taken for you."
            )
        if event["default"]:
            return (
                "⏰ The round was closed (`/match close-phase`): you take the first card of your "
                f"pile, **{event['card']}**."
            )
        return f"Round {event['round']}: you take **{event['card']}**."

    def _on_marsbot_picked(self, event: dict[str, Any], names: Names) -> str:
        return f"🤖 Round {event['round']}: MARSBOT takes **{event['chosen']}**. {event['why']}."

    def _on_marsbot_discarded(self, event: dict[str, Any], names: Names) -> str:
        chosen = event["chosen"]
        lead = f"MARSBOT discards **{chosen}**" if chosen else "MARSBOT discards nothing"
        return f"🗑️ {lead}. {event['why']}."

    def _on_action_deck_shuffled(self, event: dict[str, Any], names: Names) -> str:
        return (
            f"🂠 MARSBOT's action deck, from the top: {deck_words(event['deck'], event['bonus'])}."
        )

    def _on_cards_bought(self, event: dict[str, Any], names: Names) -> str:
        if not event["cards"]:
            return "You buy none of your cards."
        return f"You buy {listed(event['cards'])} for {event['cost']} M€."

    def _on_player_kicked(self, event: dict[str, Any], names: Names) -> str:
        return f"The host removed {names(event['player'])}: the draft stops."

    def _on_player_forfeited(self, event: dict[str, Any], names: Names) -> str:
        return f"{names(event['player'])} stops the draft."

    def _on_match_ended(self, event: dict[str, Any], names: Names) -> str:
        how = {
            "done": "**The draft is over.**",
            "closed": "**The draft was closed where it stood** (`/match close-phase`).",
            "forfeit": "**The draft is over** (stopped).",
            "kick": "**The draft is over** (the player was removed).",
        }[event["ended"]]
        kept = f" MARSBOT keeps {listed(event['marsbot_kept'])}" if event["marsbot_kept"] else ""
        gone = f", discarded {listed([event['discarded']])}" if event["discarded"] else ""
        return f"{how}{kept}{gone}{'.' if kept else ''}"

    # -- 1-on-1 and status -------------------------------------------------------------------

    def one_on_one(self, view: dict[str, Any], names: Names) -> str:
        source = "" if view["confirmed"] else ", transcribed by one fan source only"
        head = (
            f"**MARSBOT draft — MARSBOT plays {view['corporation']}** "
            f"(priority {priority_words(view)}{source}): {view['title']}."
        )
        lines = [head, self._next(view), f"Sets: {sets_title(view['sets'])}."]
        if view["rounds"] and view["phase"] in ("pick", "discard"):
            last = view["rounds"][-1]
            took = f"🤖 Round {last['round']}: MARSBOT took **{last['chosen']}**. {last['why']}."
            lines.insert(0, took)
        if view["marsbot_kept"]:
            lines.append(f"MARSBOT keeps: {listed([c['name'] for c in view['marsbot_kept']])}.")
        if view["player_kept"]:
            lines.append(f"Your cards: {listed([c['name'] for c in view['player_kept']])}.")
        return "\n".join(lines)

    def _next(self, view: dict[str, Any]) -> str:
        phase = view["phase"]
        if phase == "ended":
            deck = view["deck"]
            return f"Action deck: {deck_words(deck, BONUS_CARD)}." if deck else "The draft is over."
        if phase == "discard":
            return "Next: MARSBOT's discard (`/marsbot discard` or the button)."
        if phase == "deck":
            return "Next: MARSBOT's action deck (`/marsbot deck` or the button)."
        if phase == "buy":
            return f"Buy any of your cards, {CARD_PRICE} M€ each, with the menu (or **Buy none**)."
        if view["mode"] == "whole-draft":
            if view["forced"]:
                last = view["player_pile"][0]["name"]
                return f"Your pile holds one card, **{last}**: Dealer takes it for you."
            pile = "; ".join(card_words(c) for c in view["player_pile"])
            return f"Take a card from your pile with the menu: {pile}."
        size = plural(view["size"], "card")
        if view["own_first"] and view["own"] is None:
            step = (
                "First `/marsbot take card:` the card you take, then `/marsbot pick` MARSBOT's "
                f"pile of {size}."
            )
        else:
            step = f"Enter MARSBOT's pile of {size}: `/marsbot pick cards:` names separated by `;`."
        if view["expected"]:
            step += f" It should be {listed(view['expected'])}."
        return step

    def status(self, view: dict[str, Any], names: Names) -> str:
        kept = listed([c["name"] for c in view["marsbot_kept"]])
        return (
            f"**MARSBOT draft** — {names(view['player'])} against MARSBOT playing "
            f"{view['corporation']} ({priority_words(view)}): {view['title']}. "
            f"MARSBOT keeps: {kept}."
        )

    def audit(self, host_view: dict[str, Any], names: Names) -> str:
        return "Nothing in a MARSBOT draft is sealed: the channel has seen every pick."

    # -- images ------------------------------------------------------------------------------

    def add_events(
        self, before: dict[str, Any], events: list[dict[str, Any]], after: dict[str, Any]
    ) -> list[dict[str, Any]]:
        """The board after every move that changes what it shows."""
        if not any(e["type"] in SHOWN_AFTER for e in events):
            return events
        return [*events, {"type": BOARD_SHOWN, "audience": {"kind": "public"}, "view": after}]

    def board(self, event: dict[str, Any], names: Mapping[str, str]) -> Board | None:
        if event["type"] == BOARD_SHOWN:
            return draft_board(event["view"], names)
        if event["type"] == "draft_started" and event["mode"] == "whole-draft":
            return draft_board(_dealt(event), names)
        return None

    def status_board(self, view: dict[str, Any], names: Mapping[str, str]) -> Board | None:
        """The draft as it stands, for `/match status`."""
        return draft_board(view, names)

    def card(self, view: dict[str, Any], names: Mapping[str, str]) -> Board | None:
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


def _priority(written: str) -> dict[str, Any]:
    """A priority written out (an event's) as the views give it: its level titles and kind."""
    _, priority = parse_priority(written)
    levels = priority.titles() if isinstance(priority, Tags) else None
    return {"priority": written, "levels": levels, "kind": priority.kind}


def _dealt(event: dict[str, Any]) -> dict[str, Any]:
    """The view a whole draft starts with, from its `draft_started` event (its piles are
    catalogue cards, named)."""
    piles = {
        side: [parse_card(name).model_dump(mode="json") for name in event[side] or []]
        for side in ("player_pile", "marsbot_pile")
    }
    return {
        "player": event["player"],
        "mode": event["mode"],
        "corporation": event["corporation"],
        **_priority(event["priority"]),
        "phase": "pick",
        "round": 1,
        "title": f"Round 1 of {ROUNDS}: your card",
        **piles,
        "rounds": [],
        "marsbot_kept": [],
        "player_kept": [],
        "discarded": None,
        "deck": None,
        "bought": None,
    }
