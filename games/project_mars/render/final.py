"""`final_board`: the match's end (PM-8): each round's TPR and winner, and its alt text."""

from __future__ import annotations

from games.core.drawing import BadgeStyle, Board, Canvas, NameSource, fonts, namer
from games.core.drawing.canvas import FOOTER_LINE, wrap_footer
from games.core.drawing.palette import DARK_TEXT, MUTED, PANEL, ROW_ALT, TEXT
from games.project_mars.model import Result, winner_first
from games.project_mars.render.field import KICKER, MARGIN, WIDTH, Name, seat_colour


def final_board(result: Result, names: NameSource) -> Board:
    """The match is over (the public `match_ended` event): the winner, and each round's TPR,
    lanes and winner (PM-8)."""
    name = namer(names)
    rounds = result.rounds
    wins = result.wins
    players = list(wins) or (list(rounds[0].score.tpr) if rounds else [])
    winner = result.winner
    forfeit = result.forfeit
    title = f"{name(winner)} wins the match" if winner else "The match is a draw"
    notes = [" – ".join(str(wins.get(p, 0)) for p in players) + " in rounds"]
    lines = []
    if forfeit:
        lines.append(f"{name(forfeit)} was removed by the host and forfeits the match.")
    lines.append(
        "Best of three: two round wins win; a round drawn counts for nobody; round 1 "
        "won and round 2 drawn, the round-1 winner wins."
    )
    footer = wrap_footer(lines, WIDTH, MARGIN)
    row_h = 46
    height = 100 + 20 + 34 + row_h * max(1, len(rounds)) + 14 + FOOTER_LINE * len(footer) + 14
    canvas = Canvas(WIDTH, height)
    y = canvas.title_bar(KICKER, title, notes, margin=MARGIN) + 20
    label_w = 160
    winner_w = 230
    col_w = (WIDTH - 2 * MARGIN - label_w - winner_w) // max(1, len(players))
    canvas.text(MARGIN + 14, y + 17, "ROUND", size=13, bold=True, fill=MUTED)
    canvas.text(MARGIN + label_w, y + 17, "WINNER", size=13, bold=True, fill=MUTED)
    for i, player in enumerate(players):
        x = MARGIN + label_w + winner_w + i * col_w
        canvas.text(
            x + col_w - 14,
            y + 17,
            f"{name(player)} TPR · lanes",
            size=13,
            bold=True,
            fill=seat_colour(players, player),
            align="right",
            max_width=col_w - 20,
        )
    y += 34
    if not rounds:
        canvas.text(MARGIN + 14, y + row_h // 2, "No round was played.", size=17, fill=MUTED)
        y += row_h
    for index, played in enumerate(rounds):
        fill = PANEL if index % 2 == 0 else ROW_ALT
        canvas.rect((MARGIN, y, WIDTH - MARGIN, y + row_h), fill, radius=8)
        middle = y + row_h // 2
        canvas.text(MARGIN + 14, middle, f"Round {played.round}", size=18, bold=True)
        won = played.winner
        if won:
            style = BadgeStyle(DARK_TEXT, seat_colour(players, won))
            label = fonts.ellipsize(name(won), 14, winner_w - 40, bold=True)
            canvas.badge(MARGIN + label_w, middle, label, style, size=14, upper=False)
        else:
            canvas.text(MARGIN + label_w, middle, "draw", size=16, fill=MUTED)
        score = played.score
        for i, player in enumerate(players):
            x = MARGIN + label_w + winner_w + i * col_w
            lanes = score.parts.get(player, {}).get("lanes", 0)
            canvas.text(
                x + col_w - 14,
                middle,
                f"{score.tpr.get(player, 0)} · {lanes}",
                size=18,
                bold=player == won,
                align="right",
                fill=TEXT if player == won else MUTED,
            )
        y += row_h
    canvas.footer(footer, margin=MARGIN, top=y + 14)
    return Board(canvas.png(), final_alt(result, name), "match-result.png")


def final_alt(result: Result, name: Name) -> str:
    wins = result.wins
    winner = result.winner
    head = f"{name(winner)} wins" if winner else "a draw"
    tally = ", ".join(f"{name(p)} {n}" for p, n in wins.items())
    parts = [f"Project Mars, the match is over: {head}. Rounds won: {tally}."]
    if result.forfeit:
        parts.append(f"{name(result.forfeit)} was removed by the host and forfeits.")
    for played in result.rounds:
        tpr = played.score.tpr
        won = played.winner
        figures = " to ".join(f"{name(p)} {tpr[p]}" for p in winner_first(tpr, won))
        parts.append(
            f"Round {played.round}: {name(won) + ' wins' if won else 'draw'}, TPR {figures}."
        )
    return " ".join(parts)
