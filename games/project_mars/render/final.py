"""`final_board`: the match's end (PM-8): each round's TPR and winner, and its alt text."""

from __future__ import annotations

from functools import partial

from games.core.drawing import BadgeStyle, Board, Canvas, NameSource, fonts, namer
from games.core.drawing.canvas import FOOTER_LINE, wrap_footer
from games.core.drawing.palette import DARK_TEXT, MUTED, PANEL, ROW_ALT, TEXT
from games.core.speech import _
from games.project_mars.model import Result, winner_first
from games.project_mars.render.field import KICKER, MARGIN, WIDTH, Name, seat_colour, versus


def final_board(result: Result, names: NameSource) -> Board:
    """The match is over (the public `match_ended` event): the winner, and each round's TPR,
    lanes and winner (PM-8)."""
    name = namer(names)
    return Board.drawn(
        partial(_final_board_png, result, name), final_alt(result, name), "match-result.png"
    )


def _final_board_png(result: Result, name: Name) -> bytes:
    """`final_board`'s picture, its PNG."""
    rounds = result.rounds
    wins = result.wins
    players = list(wins) or (list(rounds[0].score.tpr) if rounds else [])
    winner = result.winner
    forfeit = result.forfeit
    title = (
        _("{player} wins the match").format(player=name(winner))
        if winner
        else _("The match is a draw")
    )
    tally = " – ".join(str(wins.get(p, 0)) for p in players)
    notes = [_("{rounds} in rounds").format(rounds=tally)]
    lines = []
    if forfeit:
        lines.append(
            _("{player} was removed by the host and forfeits the match.").format(
                player=name(forfeit)
            )
        )
    lines.append(
        _(
            "Best of three: two round wins win; a round drawn counts for nobody; round 1 won "
            "and round 2 drawn, the round-1 winner wins."
        )
    )
    footer = wrap_footer(lines, WIDTH, MARGIN)
    row_h = 46
    height = 100 + 20 + 34 + row_h * max(1, len(rounds)) + 14 + FOOTER_LINE * len(footer) + 14
    canvas = Canvas(WIDTH, height)
    y = canvas.title_bar(KICKER, title, notes, margin=MARGIN) + 20
    label_w = 160
    winner_w = 230
    col_w = (WIDTH - 2 * MARGIN - label_w - winner_w) // max(1, len(players))
    canvas.text(
        MARGIN + 14, y + 17, _("ROUND"), size=13, bold=True, fill=MUTED, max_width=label_w - 20
    )
    canvas.text(
        MARGIN + label_w,
        y + 17,
        _("WINNER"),
        size=13,
        bold=True,
        fill=MUTED,
        max_width=winner_w - 20,
    )
    for i, player in enumerate(players):
        x = MARGIN + label_w + winner_w + i * col_w
        canvas.text(
            x + col_w - 14,
            y + 17,
            _("{player} TPR · lanes").format(player=name(player)),
            size=13,
            bold=True,
            fill=seat_colour(players, player),
            align="right",
            max_width=col_w - 20,
        )
    y += 34
    if not rounds:
        canvas.text(MARGIN + 14, y + row_h // 2, _("No round was played."), size=17, fill=MUTED)
        y += row_h
    for index, played in enumerate(rounds):
        fill = PANEL if index % 2 == 0 else ROW_ALT
        canvas.rect((MARGIN, y, WIDTH - MARGIN, y + row_h), fill, radius=8)
        middle = y + row_h // 2
        canvas.text(
            MARGIN + 14,
            middle,
            _("Round {round}").format(round=played.round),
            size=18,
            bold=True,
            max_width=label_w - 20,
            min_size=13,
        )
        won = played.winner
        if won:
            style = BadgeStyle(DARK_TEXT, seat_colour(players, won))
            label = fonts.ellipsize(name(won), 14, winner_w - 40, bold=True)
            canvas.badge(MARGIN + label_w, middle, label, style, size=14, upper=False)
        else:
            canvas.text(MARGIN + label_w, middle, _("draw"), size=16, fill=MUTED)
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
    return canvas.png()


def final_alt(result: Result, name: Name) -> str:
    wins = result.wins
    winner = result.winner
    tally = ", ".join(f"{name(p)} {n}" for p, n in wins.items())
    parts = [
        _("Project Mars, the match is over: {player} wins. Rounds won: {wins}.").format(
            player=name(winner), wins=tally
        )
        if winner
        else _("Project Mars, the match is over: a draw. Rounds won: {wins}.").format(wins=tally)
    ]
    if result.forfeit:
        parts.append(
            _("{player} was removed by the host and forfeits.").format(player=name(result.forfeit))
        )
    for played in result.rounds:
        tpr = played.score.tpr
        won = played.winner
        figures = versus(f"{name(p)} {tpr[p]}" for p in winner_first(tpr, won))
        parts.append(
            _("Round {round}: {player} wins, TPR {figures}.").format(
                round=played.round, player=name(won), figures=figures
            )
            if won
            else _("Round {round}: draw, TPR {figures}.").format(
                round=played.round, figures=figures
            )
        )
    return " ".join(parts)
