"""A player's guild board for their 1-on-1, from their own view (AT-D27: their money and
sealed bids are theirs alone): money, standing bids, cubes left and on each track, their
companies with banks and levels, their technologies and those open to research, and what
they may do now."""

from __future__ import annotations

from collections.abc import Sequence

from games.atrades.data import CUBES, TECHNOLOGY_BY_ID, level
from games.atrades.events import Paid
from games.atrades.model import TRACKS
from games.atrades.render.hexes import TYPE_STYLES
from games.atrades.render.words import (
    TRACK_NAMES,
    Name,
    company_name,
    effect_words,
    phase_title,
    seat_letter,
    seats,
    technology_words,
    tile_mark,
    title_namer,
)
from games.atrades.views import Board, CompanyView, GuildCard, GuildView, Mine, PlayerView
from games.core.contract import Action, Amount
from games.core.drawing import BadgeStyle, Canvas, fonts
from games.core.drawing import Board as Picture
from games.core.drawing.palette import (
    ACCENT,
    DARK_TEXT,
    FAINT,
    GOLD,
    LINE,
    MUTED,
    PANEL,
    PANEL_RAISED,
    SEATS,
    TEXT,
    mix,
)
from games.core.drawing.words import join, plural

WIDTH = 960
MARGIN = 28
KICKER = "ATRADES · YOUR GUILD BOARD"
CUBE = 18
SECTION = 30
LINE_H = 26
SECRET = BadgeStyle(DARK_TEXT, GOLD)


def _mine(view: PlayerView) -> tuple[Mine, GuildView, int]:
    """The viewer's secrets, their public guild and their seat."""
    me = view.me
    seat = seats(view).index(me.player)
    return me, view.guilds[seat], seat


def _companies(view: Board, player: str) -> list[CompanyView]:
    return [c for c in view.companies if c.owner == player and not c.flipped]


def _open(view: PlayerView) -> list[str]:
    """AT-19, AT-20: technologies still to be had in an open era."""
    return [t for t in view.technologies if TECHNOLOGY_BY_ID[t].era <= view.era]


def payment_words(view: Board, bid: Paid) -> str:
    """A turn-order bid in words (AT-7): "$2 from your money", "$5: $3 from Wiring 12's
    bank and $2 from your money"."""
    parts = []
    if bid.from_company:
        named = [c for c in view.companies if c.initiative == bid.company]
        bank = f"{company_name(named[0])}'s bank" if named else "a company's bank"
        parts.append(f"${bid.from_company} from {bank}")
    if bid.from_money:
        parts.append(f"${bid.from_money} from your money")
    if len(parts) == 1:
        return parts[0]
    return f"${bid.total}" + (f": {join(parts)}" if parts else "")


def _secrets(view: Board, me: Mine) -> list[str]:
    out = []
    if me.bid is not None:
        out.append(f"Your turn-order bid: {payment_words(view, me.bid)}.")
    if me.final_in:
        final = me.final_bid
        out.append(f"Your final sealed bid: ${final}." if final is not None else "You dropped out.")
    return out


def _may(actions: list[Action]) -> list[str]:
    """The player's legal actions by their labels, an amount's bounds after its label."""
    labels = []
    for action in actions:
        amounts = [s for s in action.steps if isinstance(s, Amount)]
        bounds = f" (${amounts[0].min} to ${amounts[0].max})" if amounts else ""
        labels.append(f"{action.label}{bounds}")
    return labels


def _idle(view: PlayerView, name: Name) -> str:
    """Why a player has nothing to do: what the match waits for."""
    return f"Nothing for you to do now. {phase_title(view, name)}."


def _section(canvas: Canvas, y: int, title: str, note: str = "") -> int:
    canvas.text(MARGIN, y + 14, title, size=14, bold=True, fill=ACCENT)
    if note:
        canvas.text(WIDTH - MARGIN, y + 14, note, size=13, fill=MUTED, align="right")
    return y + SECTION


def _paragraph(canvas: Canvas, y: int, lines: Sequence[str], fill: tuple[int, int, int]) -> int:
    for line in lines:
        canvas.text(MARGIN + 14, y + LINE_H // 2, line, size=16, fill=fill)
        y += LINE_H
    return y


def _tracks(canvas: Canvas, y: int, guild: GuildView, seat: int) -> int:
    """Four panels, one per track, with the guild's cubes on it; then the cubes left."""
    fill = SEATS[seat % len(SEATS)][0]
    w = (WIDTH - 2 * MARGIN - 3 * 10) // 4
    for index, (track, title) in enumerate(TRACK_NAMES.items()):
        x = MARGIN + index * (w + 10)
        count = guild.tracks[track]
        canvas.rect((x, y, x + w, y + 74), PANEL, radius=10)
        canvas.text(x + 14, y + 18, title.upper(), size=13, bold=True, fill=MUTED)
        canvas.text(x + w - 14, y + 18, str(count), size=18, bold=True, align="right")
        per_row = (w - 28 + 4) // (CUBE + 4)
        for cube in range(min(count, 2 * per_row)):
            row, column = divmod(cube, per_row)
            cx, cy = x + 14 + column * (CUBE + 4), y + 34 + row * (CUBE + 2)
            canvas.rect((cx, cy, cx + CUBE, cy + CUBE - 2), fill, radius=4, outline=LINE)
    y += 84
    left = guild.cubes
    canvas.rect((MARGIN, y, WIDTH - MARGIN, y + 40), PANEL, radius=10)
    used = canvas.text(MARGIN + 14, y + 20, "CUBES LEFT", size=13, bold=True, fill=MUTED)
    x = MARGIN + 28 + used
    for cube in range(max(CUBES, left)):
        box = (x, y + 11, x + CUBE, y + 29)
        if cube < left:
            canvas.rect(box, fill, radius=4, outline=LINE)
        else:
            canvas.rect(box, PANEL, radius=4, outline=mix(LINE, PANEL, 0.3))
        x += CUBE + 6
    canvas.text(x + 8, y + 20, f"{left} of {CUBES}", size=15, fill=TEXT)
    return y + 40


def _company_rows(canvas: Canvas, y: int, companies: Sequence[CompanyView]) -> int:
    for index, company in enumerate(companies):
        fill = PANEL if index % 2 == 0 else mix(PANEL, PANEL_RAISED, 0.5)
        canvas.rect((MARGIN, y, WIDTH - MARGIN, y + 36), fill, radius=8)
        kind = company.type
        colour, ink, _ = TYPE_STYLES[kind]
        mark = tile_mark(kind, company.initiative)
        used = canvas.badge(MARGIN + 14, y + 18, mark, BadgeStyle(ink, colour), size=13)
        canvas.text(MARGIN + 24 + used, y + 18, company_name(company), size=16, bold=True)
        size = len(company.hexes)
        canvas.text(
            MARGIN + 250,
            y + 18,
            f"{plural(size, 'tile')}, level {level(size)}: {', '.join(company.hexes)}",
            size=15,
            fill=MUTED,
            max_width=WIDTH - 2 * MARGIN - 250 - 140,
        )
        canvas.text(
            WIDTH - MARGIN - 14,
            y + 18,
            f"bank ${company.bank}",
            size=16,
            bold=True,
            align="right",
        )
        y += 40
    return y


def guild_board(card: GuildCard, name: Name) -> Picture:
    """The player's own guild board, from their view and their legal actions."""
    view = card.view
    me, guild, seat = _mine(view)
    player = me.player
    companies = _companies(view, player)
    owned = [technology_words(t) for t in guild.technologies]
    researchable = [
        f"{TECHNOLOGY_BY_ID[t].name} (${TECHNOLOGY_BY_ID[t].cost}): {effect_words(t)}"
        for t in _open(view)
    ]
    text_w = WIDTH - 2 * MARGIN - 28
    secrets = [line for s in _secrets(view, me) for line in fonts.wrap(s, 16, text_w)]
    techs = [line for t in owned or ["None yet."] for line in fonts.wrap(t, 16, text_w)]
    offered = [line for t in researchable or ["None."] for line in fonts.wrap(t, 16, text_w)]
    may = [line for a in _may(card.actions) for line in fonts.wrap(f"• {a}", 16, text_w)]
    may = may or fonts.wrap(_idle(view, name), 16, text_w)
    height = 100 + 16 + 52 + 12 + 84 + 40 + 16
    height += (SECTION + LINE_H * len(secrets) + 10) if secrets else 0
    height += SECTION + max(1, len(companies)) * 40 + 10
    height += SECTION + LINE_H * len(techs) + 10
    height += SECTION + LINE_H * len(offered) + 10
    height += SECTION + LINE_H * len(may) + 16
    canvas = Canvas(WIDTH, height)
    title = f"{title_namer(name)(player)} · {guild.guild}"
    notes = [f"round {view.round}, era {view.era}", f"seat {seat_letter(view, player)}"]
    y = canvas.title_bar(KICKER, title, notes, margin=MARGIN) + 16
    y = _money(canvas, y, me, view.ended) + 12
    y = _tracks(canvas, y, guild, seat) + 16
    if secrets:
        y = _section(canvas, y, "YOUR SEALED BIDS", "only you see these until they are revealed")
        y = _paragraph(canvas, y, secrets, TEXT) + 10
    y = _section(canvas, y, f"YOUR COMPANIES ({len(companies)})")
    if companies:
        y = _company_rows(canvas, y, companies) + 10
    else:
        y = _paragraph(canvas, y, ["No company yet."], FAINT) + 14 + 10
    y = _section(canvas, y, "YOUR TECHNOLOGIES")
    y = _paragraph(canvas, y, techs, TEXT if owned else FAINT) + 10
    y = _section(canvas, y, "OPEN TO RESEARCH", f"era {view.era} and before")
    y = _paragraph(canvas, y, offered, MUTED) + 10
    y = _section(canvas, y, "WHAT YOU MAY DO NOW")
    _paragraph(canvas, y, may, TEXT)
    return Picture(canvas.png(), guild_alt(card, name), "atrades-guild.png")


def _money(canvas: Canvas, y: int, me: Mine, ended: bool) -> int:
    """The player's money, marked as theirs alone until the game is over (AT-D27)."""
    canvas.rect((MARGIN, y, WIDTH - MARGIN, y + 52), mix(PANEL, GOLD, 0.1), radius=10)
    used = canvas.text(MARGIN + 14, y + 26, "YOUR MONEY", size=13, bold=True, fill=MUTED)
    x = MARGIN + 28 + used
    x += canvas.text(x, y + 26, f"${me.money}", size=26, bold=True, fill=GOLD) + 16
    if not ended:
        canvas.badge(x, y + 26, "only you see this", SECRET, size=12)
    return y + 52


def guild_alt(card: GuildCard, name: Name) -> str:
    view = card.view
    me, guild, _ = _mine(view)
    player = me.player
    tracks = guild.tracks
    parts = [
        f"Your guild board, {name(player)} ({guild.guild}, seat {seat_letter(view, player)}), "
        f"round {view.round}, era {view.era}: your money ${me.money}"
        + ("." if view.ended else " (only you see it)."),
        *_secrets(view, me),
        f"Cubes: {guild.cubes} of {CUBES} left; on the tracks: "
        + ", ".join(f"{TRACK_NAMES[t].lower()} {tracks[t]}" for t in TRACKS)
        + ".",
    ]
    companies = [
        f"{company_name(c)} on {join(c.hexes)} (level {level(len(c.hexes))}, bank ${c.bank})"
        for c in _companies(view, player)
    ]
    parts.append(f"Your companies: {join(companies)}." if companies else "No company yet.")
    owned = [technology_words(t) for t in guild.technologies]
    parts.append(f"Your technologies: {join(owned)}." if owned else "No technology yet.")
    researchable = [
        f"{TECHNOLOGY_BY_ID[t].name} (${TECHNOLOGY_BY_ID[t].cost})" for t in _open(view)
    ]
    if researchable:
        parts.append(f"Open to research: {join(researchable)}.")
    labels = _may(card.actions)
    parts.append(f"You may now: {'; '.join(labels)}." if labels else _idle(view, name))
    return " ".join(parts)
