"""Stats: what a finished match counts for its members, and how `/stats` and `/leaderboard`
read.

A finished match counts for every member seated in it: their place and whether they won, as
the game ranks them (`Engine.placings`: a shared first place, a draw where nobody wins, a
removed player left unranked). A game that is no contest (`Engine.contest`: a solo draft
against an automa) is counted apart, as played only (its texts' `played_as`: "2 drafts
played"), and stays off the leaderboard. A computer seat (the practice opponent, a seat of
`/match add-bot`) is no member and counts for nothing. A match of two members or more counts
for each of them, whatever computer seats filled the table, and moves their ratings of the
game (`bot.rating`); a match of one member against computer seats is a practice match, which
`/stats` shows apart and the leaderboard leaves out. A cancelled match counts for nobody.

A rating counts every rated match of the game in the server. Where an answer may not count
some of them (a channel the asker may not read), the ratings it shows are worked out again
from the matches it counts (`bot.rating.replayed`), so a rating tells nothing of a match in a
channel its reader cannot read.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import N_, _, ngettext, number
from bot.players import is_computer_user, player_id
from bot.rating import Skill, shown
from bot.storage import PastMatch, RatingChange, ResultRow, Standing, Tally
from games.core.contract import Placings
from games.core.drawing.words import ordinal
from games.registry import ENGINES, engine_for

#: How many of a member's last matches `/stats` lists.
LAST_MATCHES = 5
#: How many members `/leaderboard` lists.
LEADERBOARD_SIZE = 10
#: The order of a game's leaderboard.
RATING_ORDER = N_(
    "the highest rating first (1000 for a newcomer; it rises as a member places well and as "
    "their rating grows sure); equal ratings share a place"
)
#: The order of the leaderboard of all games (ratings are per game).
WINS_ORDER = N_(
    "most wins first; equal wins, the better win rate; then fewer matches played; members "
    "equal on all three share a place"
)
#: What counts for the leaderboards.
COUNTED = N_(
    "A match of two members or more counts for each of them, computer seats or not; one "
    "member against Dealer's computer seats is practice, which does not count."
)
#: The leaderboards and what counts for them, as `/help` and `docs/bot.md` state it.
LEADERBOARD_RULE = N_(
    "A game's leaderboard ranks by its rating: the highest rating first (1000 for a newcomer; "
    "it rises as a member places well and as their rating grows sure); equal ratings share a "
    "place. Of all games: most wins first; equal wins, the better win rate; then fewer matches "
    "played; members equal on all three share a place. A match of two members or more counts "
    "for each of them, computer seats or not; one member against Dealer's computer seats is "
    "practice, which does not count."
)


def results_of(placings: Placings, seats: list[tuple[int, str]], contest: bool) -> list[ResultRow]:
    """One row per member seated in a finished match (`seats`: each holder's user id and
    the engine's id of their seat, computer seats among them; a seat handed over counts for
    whoever held it at the end); `contest`: the game's (`Engine.contest`). Two members or
    more make a match that counts for each of them, whatever computer seats filled the
    table; one member against computer seats, a practice match. A contest that counts is
    rated."""
    members = [(u, seat) for u, seat in seats if not is_computer_user(u)]
    practice = len(members) < 2 and len(members) < len(seats)
    return [
        ResultRow(
            user_id=user_id,
            place=placings.places.get(seat),
            won=seat in placings.winners,
            practice=practice,
            rated=contest and len(members) >= 2,
        )
        for user_id, seat in members
    ]


def rank_stored(game: str, state: str, user_ids: list[int]) -> list[ResultRow]:
    """The results of a match that ended before results were kept, from its last snapshot
    (`bot.storage.Rank`). Raises ValueError for a game or a state this Dealer cannot read."""
    engine = engine_for(game)
    placings = engine.placings(engine.load_state_json(state))
    if placings is None:
        raise ValueError("its last snapshot is not of a finished match")
    # Matches that ended before seats could be handed over: each seat is its holder's own.
    return results_of(placings, [(u, player_id(u)) for u in user_ids], engine.contest)


def counted_apart(game: str) -> bool:
    """Whether the game's matches are no contest (`Engine.contest`): counted as played only."""
    return game in ENGINES and not ENGINES[game].contest


def apart() -> list[str]:
    """The games counted apart, which the leaderboard leaves out."""
    return [game for game in ENGINES if counted_apart(game)]


def rate(won: int, played: int) -> str:
    """The win rate of at least one match played, in whole percent."""
    return _("{percent}%").format(percent=round(100 * won / played))


def outcome(past: PastMatch, played_as: Callable[[str], tuple[str, str]]) -> str:
    """How a member's match went for them: "won", "2nd", "a draw", "removed"; a game counted
    apart: "draft played"."""
    if counted_apart(past.game):
        if past.place is None:
            return _("removed")
        return _("{match} played").format(match=played_as(past.game)[0])
    if past.won:
        return _("🏆 won")
    if past.place is None:
        return _("removed")
    if past.place == 1:
        return _("a draw")
    # TRANSLATORS: a place in a match: English writes {ordinal} ("2nd"); {place} is the bare
    # number, for a language that writes its ordinals otherwise ("2.", "2위").
    return _("{ordinal}").format(ordinal=ordinal(past.place), place=past.place)


def rating(skill: Skill) -> str:
    """A rating as people read it: "1,138"."""
    return number(shown(skill))


def change(entry: RatingChange) -> str:
    """A match's change to a member's rating: "+38", "−12", "±0"."""
    moved = shown(entry.after) - shown(entry.before)
    return f"+{moved}" if moved > 0 else f"−{-moved}" if moved < 0 else "±0"


def rating_line(changes: list[RatingChange], names: Callable[[int], str]) -> str | None:
    """The end of a rated match's announcement: each member's new rating of the game in the
    server and its change, by place; None for a match not rated."""
    if not changes:
        return None
    each = ", ".join(f"{names(c.user_id)} {rating(c.after)} ({change(c)})" for c in changes)
    return _("📈 Ratings: {each}.").format(each=each)


def stats_text(
    who: str,
    tallies: list[Tally],
    past: list[PastMatch],
    title: Callable[[str], str],
    played_as: Callable[[str], tuple[str, str]],
    skills: dict[str, Skill],
) -> str:
    """A member's stats in this server: played, won and win rate per game (practice matches
    apart; a game counted apart, played only) and their rating of each game they have one of
    (`skills`, by game), then their last matches with a link to each channel and the date."""
    lines = [_("📊 **Stats of {who}** in this server").format(who=who)]
    games = dict.fromkeys(t.game for t in tallies)
    for game in games:
        counted = [t for t in tallies if t.game == game]
        if counted_apart(game):
            one, many = played_as(game)
            count = sum(t.played for t in counted)
            played = _("{count} {matches} played").format(
                count=count, matches=one if count == 1 else many
            )
            lines.append(f"**{title(game)}**: {played}")
            continue
        parts = []
        for tally in counted:
            figures = ngettext(
                "{played} match, {won} won", "{played} matches, {won} won", tally.played
            ).format(played=tally.played, won=tally.won)
            if tally.practice:
                parts.append(_("practice against Dealer: {figures}").format(figures=figures))
            else:
                parts.append(f"{figures} ({rate(tally.won, tally.played)})")
        if game in skills:
            parts.append(_("rating {rating}").format(rating=rating(skills[game])))
        lines.append(f"**{title(game)}**: {' · '.join(parts)}")
    if past:
        lines.append(_("**Last matches**"))
        for match in past:
            game = title(match.game)
            where = (
                _("{game} (practice) in {channel}") if match.practice else _("{game} in {channel}")
            ).format(game=game, channel=f"<#{match.channel_id}>")
            lines.append(f"• <t:{int(match.ended_at)}:d> · {where}: {outcome(match, played_as)}")
    return "\n".join(lines)


def placed(
    standings: list[Standing], skills: dict[int, Skill] | None = None
) -> list[tuple[int, Standing]]:
    """The leaderboard's places, for standings in the order of wins (`WINS_ORDER`): in that
    order, or with a game's `skills` by rating (`RATING_ORDER`), the members it has no
    rating of (whose matches ended before ratings and could not be rated) after the rated
    ones, in the order of wins. With equal wins, fewer matches played is the better win
    rate."""

    def key(standing: Standing) -> tuple[int, int, int]:
        found = (skills or {}).get(standing.user_id)
        return (0, standing.won, -standing.played) if found is None else (1, shown(found), 0)

    # A stable sort: members equal on the key stay in the order of wins.
    ordered = sorted(standings, key=lambda s: [-k for k in key(s)])
    out: list[tuple[int, Standing]] = []
    for index, standing in enumerate(ordered):
        tied = index > 0 and key(ordered[index - 1]) == key(standing)
        out.append((out[-1][0] if tied else index + 1, standing))
    return out


def leaderboard_text(
    standings: list[Standing],
    heading: str,
    viewer: int,
    skills: dict[int, Skill] | None = None,
    size: int = LEADERBOARD_SIZE,
) -> str:
    """The first `size` places (of a game with its `skills`: by rating), with the viewer's
    own line below them when they are further down; members as mentions (the message must
    not ping them)."""
    ranked = placed(standings, skills)

    def line(place: int, standing: Standing) -> str:
        wins = ngettext("{count} win", "{count} wins", standing.won).format(count=standing.won)
        record = ngettext(
            "{wins} in {count} match", "{wins} in {count} matches", standing.played
        ).format(wins=wins, count=standing.played)
        found = (skills or {}).get(standing.user_id)
        rated = _("rating {rating}").format(rating=rating(found)) + " · " if found else ""
        return (
            f"{place}. <@{standing.user_id}> — {rated}{record} "
            f"({rate(standing.won, standing.played)})"
        )

    lines = [heading, *(line(place, s) for place, s in ranked[:size])]
    mine = next(((p, s) for p, s in ranked[size:] if s.user_id == viewer), None)
    if mine is not None:
        lines += ["…", line(*mine)]
    return "\n".join(lines)
