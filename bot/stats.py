"""Stats: what a finished match counts for its members, and how `/stats` and `/leaderboard`
read.

A finished match counts for every member seated in it: their place and whether they won, as
the game ranks them (`Engine.placings`: a shared first place, a draw where nobody wins, a
removed player left unranked). A game that is no contest (`Engine.contest`: a solo draft
against an automa) is counted apart, as played only (its texts' `played_as`: "2 drafts
played"), and stays off the leaderboard. A computer seat (the practice opponent, a seat of
`/match add-bot`) is no member and counts for nothing; a match with one counts for its human
players as a practice match, which `/stats` shows apart and the leaderboard leaves out. A
cancelled match counts for nobody.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.players import is_computer_user, player_id
from bot.storage import PastMatch, ResultRow, Standing, Tally
from games.core.contract import Placings
from games.core.drawing.words import ordinal, plural
from games.registry import ENGINES, engine_for

#: How many of a member's last matches `/stats` lists.
LAST_MATCHES = 5
#: How many members `/leaderboard` lists.
LEADERBOARD_SIZE = 10
#: The order of the leaderboard, as `/help` and `docs/bot.md` state it.
LEADERBOARD_RULE = (
    "most wins first; equal wins, the better win rate; then fewer matches played; members "
    "equal on all three share a place. Practice matches against Dealer do not count."
)


def results_of(placings: Placings, user_ids: list[int]) -> list[ResultRow]:
    """One row per member seated in a finished match (`user_ids`, computer seats among them
    in a practice match)."""
    practice = any(is_computer_user(u) for u in user_ids)
    return [
        ResultRow(
            user_id=user_id,
            place=placings.places.get(player_id(user_id)),
            won=player_id(user_id) in placings.winners,
            practice=practice,
        )
        for user_id in user_ids
        if not is_computer_user(user_id)
    ]


def rank_stored(game: str, state: str, user_ids: list[int]) -> list[ResultRow]:
    """The results of a match that ended before results were kept, from its last snapshot
    (`bot.storage.Rank`). Raises ValueError for a game or a state this Dealer cannot read."""
    engine = engine_for(game)
    placings = engine.placings(engine.load_state_json(state))
    if placings is None:
        raise ValueError("its last snapshot is not of a finished match")
    return results_of(placings, user_ids)


def counted_apart(game: str) -> bool:
    """Whether the game's matches are no contest (`Engine.contest`): counted as played only."""
    return game in ENGINES and not ENGINES[game].contest


def apart() -> list[str]:
    """The games counted apart, which the leaderboard leaves out."""
    return [game for game in ENGINES if counted_apart(game)]


def rate(won: int, played: int) -> str:
    """The win rate of at least one match played, in whole percent."""
    return f"{round(100 * won / played)}%"


def outcome(past: PastMatch, played_as: Callable[[str], tuple[str, str]]) -> str:
    """How a member's match went for them: "won", "2nd", "a draw", "removed"; a game counted
    apart: "draft played"."""
    if counted_apart(past.game):
        return "removed" if past.place is None else f"{played_as(past.game)[0]} played"
    if past.won:
        return "🏆 won"
    if past.place is None:
        return "removed"
    return "a draw" if past.place == 1 else ordinal(past.place)


def stats_text(
    who: str,
    tallies: list[Tally],
    past: list[PastMatch],
    title: Callable[[str], str],
    played_as: Callable[[str], tuple[str, str]],
) -> str:
    """A member's stats in this server: played, won and win rate per game (practice matches
    apart; a game counted apart, played only), then their last matches with a link to each
    channel and the date."""
    lines = [f"📊 **Stats of {who}** in this server"]
    games = dict.fromkeys(t.game for t in tallies)
    for game in games:
        counted = [t for t in tallies if t.game == game]
        if counted_apart(game):
            one, many = played_as(game)
            played = plural(sum(t.played for t in counted), one, many)
            lines.append(f"**{title(game)}**: {played} played")
            continue
        parts = []
        for tally in counted:
            figures = f"{plural(tally.played, 'match', 'matches')}, {tally.won} won"
            if tally.practice:
                parts.append(f"practice against Dealer: {figures}")
            else:
                parts.append(f"{figures} ({rate(tally.won, tally.played)})")
        lines.append(f"**{title(game)}**: {' · '.join(parts)}")
    if past:
        lines.append("**Last matches**")
        for match in past:
            practice = " (practice)" if match.practice else ""
            lines.append(
                f"• <t:{int(match.ended_at)}:d> · {title(match.game)}{practice} in "
                f"<#{match.channel_id}>: {outcome(match, played_as)}"
            )
    return "\n".join(lines)


def placed(standings: list[Standing]) -> list[tuple[int, Standing]]:
    """The leaderboard's places (`LEADERBOARD_RULE`), for standings already in its order."""
    out: list[tuple[int, Standing]] = []
    for index, standing in enumerate(standings):
        figures = (standing.won, standing.played)
        tied = index > 0 and (standings[index - 1].won, standings[index - 1].played) == figures
        out.append((out[-1][0] if tied else index + 1, standing))
    return out


def leaderboard_text(
    standings: list[Standing], heading: str, viewer: int, size: int = LEADERBOARD_SIZE
) -> str:
    """The first `size` places, with the viewer's own line below them when they are further
    down; members as mentions (the message must not ping them)."""
    ranked = placed(standings)

    def line(place: int, standing: Standing) -> str:
        wins = plural(standing.won, "win")
        played = plural(standing.played, "match", "matches")
        return (
            f"{place}. <@{standing.user_id}> — {wins} in {played} "
            f"({rate(standing.won, standing.played)})"
        )

    lines = [heading, *(line(place, s) for place, s in ranked[:size])]
    mine = next(((p, s) for p, s in ranked[size:] if s.user_id == viewer), None)
    if mine is not None:
        lines += ["…", line(*mine)]
    return "\n".join(lines)
