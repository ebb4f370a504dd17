"""The MARSBOT draft's board image: the piles, MARSBOT's pick of the last round with the cards it
was drawn among, the cards each side keeps, the discard and the action deck, every card with
its cost and tags.

`draft_board(view, names)` draws from the draft's view, typed (`DraftTable`, the part of
`DraftView` it draws: every view of a draft is public, so the channel's image and the player's
own card are the same picture). It returns a `Board`: the
PNG and an alt text with the same facts in words. Pure and synchronous; the bot calls it off
its event loop. Tags are written on their chips, so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from games.core.drawing import BadgeStyle, Board, Canvas, NameSource, fonts, namer
from games.core.drawing.board import ALT_TEXT
from games.core.drawing.palette import (
    DARK_TEXT,
    GOLD,
    GOLD_BG,
    LINE,
    MUTED,
    PANEL,
    PANEL_RAISED,
    RGB,
    TEXT,
)
from games.core.drawing.styles import CAUTION, FAILURE, HIGHLIGHT, MARKED, SUCCESS
from games.core.speech import _, engine_words
from games.marsbot_draft.cards import DraftCard
from games.marsbot_draft.views import DraftTable
from games.tm_catalogue import numbered

WIDTH = 960
MARGIN = 28
KICKER = "MARSBOT DRAFT"
PER_ROW = 4
GAP = 12
TILE_H = 112
SECTION_HEAD = 34
#: A section's note under its heading (what the numbers on a pick's cards count).
NOTE_H = 22
SECTION_GAP = 14
TILE_W = (WIDTH - 2 * MARGIN - (PER_ROW - 1) * GAP) // PER_ROW
#: A card's name: the largest and smallest size, on at most two lines (never cut).
NAME_SIZES = (15, 11)

#: The tags' chips: a fill and the ink its label needs (the tags' colours on the cards, as
#: near as a dark board allows).
TAG_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "building": ((140, 98, 57), (255, 255, 255)),
    "space": ((20, 20, 24), (255, 255, 255)),
    "science": ((238, 240, 244), DARK_TEXT),
    "power": ((128, 72, 170), (255, 255, 255)),
    "earth": ((0, 114, 178), (255, 255, 255)),
    "jovian": ((230, 159, 0), DARK_TEXT),
    "plant": ((0, 158, 115), (255, 255, 255)),
    "microbe": ((170, 200, 60), DARK_TEXT),
    "animal": ((40, 110, 60), (255, 255, 255)),
    "city": ((150, 156, 168), DARK_TEXT),
    "event": ((213, 94, 0), (255, 255, 255)),
    "venus": ((86, 180, 233), DARK_TEXT),
}
OTHER_TAG = ((90, 96, 110), (255, 255, 255))
#: The tags' chip sizes, largest first: every tag of a card is shown, smaller when many.
TAG_SIZES = (11, 10, 9)
TAG_GAP = 5
COST = HIGHLIGHT
TAKEN = MARKED
TIED = CAUTION
DISCARDED = FAILURE
BOUGHT = SUCCESS
BONUS = BadgeStyle(GOLD, GOLD_BG)


def card_words(card: DraftCard) -> str:
    """ "Ganymede Colony (081), 20 M€: jovian, space, city"."""
    tags = ", ".join(card.tags) or _("no tags")
    return _("{card}, {cost} M€: {tags}").format(
        card=numbered(card.name), cost=card.cost, tags=tags
    )


def key_words(view: DraftTable) -> str:
    """What a card's key counts, before its numbers in words: "Jovian·Space", "cost in M€",
    "tags"."""
    if view.levels:
        return "·".join(view.levels)
    return _("cost in M€") if view.kind == "most-expensive" else _("tags")


def key_note(view: DraftTable) -> str:
    """What the numbers on a pick's cards mean (§3.1), for the heading above them: "the
    numbers count each card's Jovian tags, then its Space tags, and the most is taken"."""
    if view.levels:
        counted = _(", then its ").join(_("{tag} tags").format(tag=level) for level in view.levels)
        return _("the numbers count each card's {counted}, and the most is taken").format(
            counted=counted
        )
    if view.kind == "most-expensive":
        return _("the numbers are each card's cost in M€, and the highest is taken")
    return _("the numbers count each card's tags, and the most is taken")


def priority_words(view: DraftTable) -> str:
    """The priority as people read it: "Venus > Jovian", "most expensive"."""
    if view.levels:
        return " > ".join(view.levels)
    return {
        "most-expensive": _("most expensive"),
        "most-tags": _("most tags"),
        "lowest-track": _("lowest track"),
    }.get(view.priority, view.priority.replace("-", " "))


class _Section:
    """A row of cards under a heading; a mark per card (by name) and a `bonus` tile at the
    place the bonus card goes."""

    def __init__(
        self,
        title: str,
        cards: Sequence[DraftCard | None],
        marks: Mapping[str, tuple[str, BadgeStyle]] | None = None,
        keys: Mapping[str, str] | None = None,
        counted: str = "",
        note: str = "",
    ) -> None:
        self.title = title
        self.cards = list(cards)
        self.marks = dict(marks or {})
        self.keys = dict(keys or {})
        #: What the keys count, before each in the words ("Jovian·Space 1·0").
        self.counted = counted
        #: A line under the heading (as a sentence), and after it in the words.
        self.note = note

    @property
    def height(self) -> int:
        rows = max(1, -(-len(self.cards) // PER_ROW))
        return self.head + rows * TILE_H + (rows - 1) * GAP

    @property
    def head(self) -> int:
        """The height of the heading, with its note."""
        return SECTION_HEAD + (NOTE_H if self.note else 0)

    def words(self, described: set[str] | None) -> str:
        """The section in words; a card's cost and tags at its first mention on the board
        only (`described`, updated), or nowhere (None: the board's names alone)."""
        said = []
        for card in self.cards:
            if card is None:
                said.append(_("the bonus card"))
                continue
            mark = self.marks.get(card.name)
            key = self.keys.get(card.name)
            extra = [
                *([mark[0].lower()] if mark else []),
                *([f"{self.counted} {key}"] if key else []),
            ]
            if described is None or card.name in described:
                named = numbered(card.name)
            else:
                named = card_words(card)
                described.add(card.name)
            said.append(named + "".join(f", {word}" for word in extra))
        title = f"{self.title}; {self.note}" if self.note else self.title
        return f"{title}: {'; '.join(said) or _('none')}."


def _sections(view: DraftTable, name: str) -> list[_Section]:
    sections: list[_Section] = []
    picking = view.phase == "pick"
    table = view.mode == "table"
    if picking and view.player_pile:
        whose = (
            _("Round {round}: Your pile")
            if not table
            else _("Round {round}: Your pile (what MARSBOT left)")
        )
        sections.append(_Section(whose.format(round=view.round), view.player_pile))
    if picking and view.marsbot_pile:
        title = _("Round {round}: MARSBOT's pile").format(round=view.round)
        sections.append(_Section(title, view.marsbot_pile))
    if view.rounds and view.phase in ("pick", "discard"):
        last = view.rounds[-1]
        marks: dict[str, tuple[str, BadgeStyle]] = {
            c: (_("Tied"), TIED) for c in last.candidates if len(last.candidates) > 1
        }
        marks[last.chosen] = (_("Taken"), TAKEN)
        keys = {card: "·".join(str(n) for n in key) for card, key in last.keys.items()}
        sections.append(
            _Section(
                _("Round {round}: MARSBOT took {card}").format(round=last.round, card=last.chosen),
                last.pile,
                marks,
                keys,
                key_words(view),
                key_note(view),
            )
        )
    kept: list[DraftCard | None] = list(view.marsbot_kept)
    discard_marks = {}
    if view.discarded:
        kept.append(view.discarded)
        discard_marks[view.discarded.name] = (_("Discarded"), DISCARDED)
    if kept:
        sections.append(_Section(_("MARSBOT keeps"), kept, discard_marks))
    if view.deck:
        by_name = {c.name: c for c in view.marsbot_kept}
        sections.append(
            _Section(_("MARSBOT's action deck, top first"), [by_name.get(n) for n in view.deck])
        )
    if view.player_kept:
        bought = view.bought or []
        sections.append(
            _Section(
                _("{player}'s cards").format(player=name),
                view.player_kept,
                {c: (_("Bought"), BOUGHT) for c in bought},
            )
        )
    return sections


def _chip_width(tag: str, size: int) -> int:
    return fonts.width(tag.upper(), size, True) + 2 * round(size * 0.7)


def _tag_size(tags: Sequence[str]) -> int:
    """The largest of the chips' sizes at which a card's tags fit on one row of its tile; a
    card with more than that still shows every tag, on a second row."""
    room = TILE_W - 22
    for size in TAG_SIZES:
        if sum(_chip_width(t, size) for t in tags) + TAG_GAP * (len(tags) - 1) <= room:
            return size
    return TAG_SIZES[-1]


def _tile(
    canvas: Canvas,
    x: int,
    y: int,
    card: DraftCard | None,
    mark: tuple[str, BadgeStyle] | None,
    key: str | None,
) -> None:
    canvas.rect((x, y, x + TILE_W, y + TILE_H), PANEL_RAISED, radius=10, outline=LINE)
    if card is None:
        canvas.text(x + TILE_W / 2, y + 30, _("Bonus card"), size=18, bold=True, align="center")
        # On two lines where the words are longer ("lízněte ji ze svého bonusového balíčku").
        size, lines = fonts.wrap_fitted(_("draw it from your bonus deck"), 13, 11, TILE_W - 24, 2)
        top = y + 56 - (size + 3) * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            canvas.text(
                x + TILE_W / 2, top + i * (size + 3), line, size=size, fill=MUTED, align="center"
            )
        canvas.badge(x + 12, y + TILE_H - 18, _("Bonus"), BONUS, size=11)
        return
    cost = canvas.badge(
        x + TILE_W - 10, y + 20, f"{card.cost} M€", COST, size=12, align="right", upper=False
    )
    if card.number:
        canvas.text(x + TILE_W - 12, y + 42, card.number, size=11, fill=MUTED, align="right")
    room = TILE_W - 24 - cost - 6
    size, lines = fonts.wrap_fitted(card.name, *NAME_SIZES, room, 2, bold=True)
    for i, line in enumerate(lines):
        canvas.text(x + 12, y + 20 + i * (size + 4), line, size=size, bold=True)
    tags: list[str] = [*card.tags] or [_("no tags")]
    size = _tag_size(tags)
    tx, ty = x + 12, y + 68
    for tag in tags:
        fill, ink = TAG_COLOURS.get(tag, OTHER_TAG)
        width = _chip_width(tag, size)
        if tx + width > x + TILE_W - 10:
            tx, ty = x + 12, ty + round(size * 1.85) + 2
        canvas.badge(tx, ty, tag, BadgeStyle(ink, fill), size=size)
        tx += width + TAG_GAP
    if mark is not None:
        canvas.badge(x + 12, y + TILE_H - 18, mark[0], mark[1], size=11)
    if key is not None:
        canvas.text(x + TILE_W - 12, y + TILE_H - 18, key, size=13, fill=MUTED, align="right")


def draft_board(view: DraftTable, names: NameSource) -> Board:
    """The draft as it stands, from its view."""
    player = namer(names)(view.player)
    sections = _sections(view, player)
    return Board.drawn(
        partial(_draft_board_png, view, player, sections),
        draft_alt(view, player, sections),
        f"marsbot-draft-{view.phase}.png",
    )


def _draft_board_png(view: DraftTable, player: str, sections: list[_Section]) -> bytes:
    """`draft_board`'s picture, its PNG."""
    height = 100 + 16 + sum(s.height + SECTION_GAP for s in sections) + 16
    if not sections:
        height += 40
    canvas = Canvas(WIDTH, height)
    title = f"{view.corporation}: {priority_words(view)}"
    notes = [engine_words(view.title), _("{player} against MARSBOT").format(player=player)]
    top = canvas.title_bar(KICKER, title, notes, margin=MARGIN) + 16
    if not sections:
        canvas.text(MARGIN, top + 20, _("No card yet."), size=17, fill=MUTED)
    for section in sections:
        canvas.rect((MARGIN, top, WIDTH - MARGIN, top + SECTION_HEAD - 8), PANEL, radius=6)
        canvas.text(
            MARGIN + 10,
            top + (SECTION_HEAD - 8) / 2,
            section.title,
            size=16,
            bold=True,
            fill=TEXT,
            max_width=WIDTH - 2 * MARGIN - 20,
        )
        if section.note:
            canvas.text(
                MARGIN + 10,
                top + SECTION_HEAD + NOTE_H / 2 - 6,
                f"{section.note[0].upper()}{section.note[1:]}.",
                size=13,
                fill=MUTED,
                max_width=WIDTH - 2 * MARGIN - 20,
            )
        y = top + section.head
        for i, card in enumerate(section.cards):
            row, column = divmod(i, PER_ROW)
            x = MARGIN + column * (TILE_W + GAP)
            mark = section.marks.get(card.name) if card is not None else None
            key = section.keys.get(card.name) if card is not None else None
            _tile(canvas, x, y + row * (TILE_H + GAP), card, mark, key)
        top += section.height + SECTION_GAP
    return canvas.png()


def draft_alt(view: DraftTable, player: str, sections: list[_Section] | None = None) -> str:
    """The board in words: the same facts as the image, and nothing else, a card's cost and
    tags said once; where that is longer than an alt text may be (`ALT_TEXT`, in the language
    in force), the cards by name alone, their costs and tags being in the messages (the
    1-on-1 lists the player's pile with them). An alt text is never cut: a screen reader's
    user would lose the board's end."""
    sections = _sections(view, player) if sections is None else sections
    head = _(
        "MARSBOT draft, {player} against MARSBOT playing {corporation} (priority {priority}). "
        "{step}."
    ).format(
        player=player,
        corporation=view.corporation,
        priority=priority_words(view),
        step=engine_words(view.title),
    )
    said = " ".join([head, *(s.words(set()) for s in sections)])
    if len(said) <= ALT_TEXT:
        return said
    return " ".join([head, *(s.words(None) for s in sections)])
