"""A match's page and replay built by extending what the pages' worker built for the version
before (`bot.web.build.Progress`) are the same, to the byte, as built from the start; and what
it kept is not used where the record is not the same record further on (a move taken back),
nor for another match, other names or another language. The replay's steps are handed back to
the bot after those it holds (`bot.web.build.Steps`), as `bot.web.replays` holds them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.registry import plugin_for
from bot.i18n import language, speaking
from bot.web import build
from bot.web.build import Entry, Page, PageFacts, Record, Step, Steps, match_page, replay_steps
from games.core.engine import HOST
from games.core.errors import RuleError
from games.registry import engine_for


def played(
    game: str, players: int, seed: int, moves: int, choices: int = 0
) -> tuple[Record, list[Entry]]:
    """A match of `game` dealt by `seed` and played by random moves drawn by `choices` (at
    most `moves`, those the rules refuse drawn again): its record and its log, the deal as
    entry 0 and each move the entry of its seq."""
    engine = engine_for(game)
    seats = [str(1000 + n) for n in range(players)]
    state, dealt = engine.setup(seats, engine.parse_options({}), seed)
    entries: list[Entry] = [(0, 1.0e9, [event.to_json() for event in dealt])]
    record = Record(7, game, seats, {}, seed, [])
    rnd = random.Random(seed * 1000 + choices)
    seq = 0
    while seq < moves and not engine.is_finished(state):
        actor, move = engine.random_move(state, rnd)
        try:
            events = engine.apply(state, actor, move)
        except RuleError:
            continue  # a random move the rules refuse (as the playouts draw again)
        seq += 1
        record.moves.append((seq, actor, engine.moves.dump_python(move, mode="json")))
        entries.append((seq, 1.0e9 + 60 * seq, [event.to_json() for event in events]))
    return record, entries


def at(record: Record, entries: list[Entry], last: int, match: int = 7) -> Record:
    """`record` as a version whose last delivered entry is `entries[last]` replays it."""
    seq = entries[last][0]
    return Record(
        match, record.game, record.seats, record.options, record.seed,
        [move for move in record.moves if move[0] <= seq],
    )  # fmt: skip


def names(record: Record, suffix: str = "") -> dict[str, str]:
    return {HOST: "the host", **{seat: f"Player {seat}{suffix}" for seat in record.seats}}


def page(record: Record, entries: list[Entry], who: dict[str, str]) -> Page:
    texts = plugin_for(record.game).texts
    facts = PageFacts(
        f"v{len(entries)}", record.match, f"/m/t{record.match}", "Title", "**Status**", None,
        False, None, "", texts, who, entries, record if texts.wants_views else None,
    )  # fmt: skip
    return match_page(facts)


#: The replay's steps the bot holds, by match, and the build they come from (`Steps.made_by`).
HELD: dict[int, tuple[str, list[Step]]] = {}


def handed(record: Record, entries: list[Entry], who: dict[str, str]) -> Steps:
    """The replay's steps as the worker hands them back after those the bot holds."""
    made_by, held = HELD.get(record.match, ("", []))
    texts = plugin_for(record.game).texts
    return replay_steps(record, texts, who, entries, made_by, len(held))


def steps(record: Record, entries: list[Entry], who: dict[str, str]) -> list[Step]:
    """The replay's steps as the bot has them once handed back (and holds them after)."""
    made = handed(record, entries, who)
    HELD[record.match] = (made.made_by, made.after(HELD.get(record.match, ("", []))[1]))
    return HELD[record.match][1]


def from_the_start(build_it: Any, *args: Any) -> Any:
    """What `build_it(*args)` makes with nothing kept (in the worker, nor held by the bot),
    what was kept put back after."""
    saved = {kind: dict(kept) for kind, kept in build.PROGRESS.items()}
    held = dict(HELD)
    for kept in build.PROGRESS.values():
        kept.clear()
    HELD.clear()
    try:
        return build_it(*args)
    finally:
        for kind, progress in saved.items():
            build.PROGRESS[kind].clear()
            build.PROGRESS[kind].update(progress)
        HELD.clear()
        HELD.update(held)


@pytest.fixture(autouse=True)
def nothing_kept() -> None:
    for kept in build.PROGRESS.values():
        kept.clear()
    HELD.clear()


@pytest.mark.parametrize(
    ("game", "players", "seed", "moves"),
    [("atrades", 3, 5, 45), ("auction-auction", 4, 2, 60), ("mars-auction", 3, 1, 40)],
)
def test_every_version_built_on_the_last_is_the_one_built_from_the_start(
    game: str, players: int, seed: int, moves: int
) -> None:
    """Each version of a match, one or a few entries after the last (an entry left
    undelivered now and then: its move replayed, shown in none), page and replay."""
    record, log = played(game, players, seed, moves)
    who = names(record)
    gaps = random.Random(seed)
    delivered = [entry for entry in log if entry[0] == 0 or gaps.random() > 0.15]
    built = 0
    for last in range(len(delivered)):
        if gaps.random() < 0.3 and last < len(delivered) - 1:
            continue  # a version nobody read: the next build extends by several entries
        entries = delivered[: last + 1]
        version = at(record, delivered, last)
        assert page(version, entries, who) == from_the_start(page, version, entries, who)
        assert steps(version, entries, who) == from_the_start(steps, version, entries, who)
        built += 1
    assert built > len(delivered) // 2
    kept = build.PROGRESS["replay"][record.match]
    assert kept.entries == delivered, "the last build extended the one before"


def test_a_record_that_does_not_extend_what_was_kept_is_built_from_the_start() -> None:
    """A move taken back (the record no longer the same record further on), other names,
    another language, another match: each built as from the start."""
    record, log = played("atrades", 3, 5, 30)
    who = names(record)
    other, other_log = played("atrades", 3, 5, 30, choices=1)
    assert other.moves[:5] != record.moves[:5]
    cases: list[tuple[Record, list[Entry], dict[str, str]]] = [
        (at(record, log, 15), log[:16], who),  # an undo: back to entry 15
        (
            at(record, log, 25),
            [*log[:20], *log[22:26]],
            who,
        ),  # entries 20 and 21 not told after all
        (at(record, log, 25), log[:26], names(record, " (renamed)")),
        (at(other, other_log, 25), other_log[:26], who),  # the same deal played otherwise
        (at(record, log, 25, match=8), log[:26], who),
    ]
    for version, entries, named in cases:
        page(at(record, log, 20), log[:21], who)  # kept at entry 20, then each case
        steps(at(record, log, 20), log[:21], who)
        assert page(version, entries, named) == from_the_start(page, version, entries, named)
        assert steps(version, entries, named) == from_the_start(steps, version, entries, named)
    assert set(build.PROGRESS["page"]) == {7, 8}, "one progress a match"

    page(at(record, log, 20), log[:21], who)
    with speaking(language("cs")):
        czech = page(at(record, log, 25), log[:26], who)
        assert czech == from_the_start(page, at(record, log, 25), log[:26], who)
    assert czech != page(at(record, log, 25), log[:26], who)


def test_a_build_that_fails_keeps_nothing() -> None:
    """A move the rules refuse: the build raises Unreadable, and keeps no progress."""
    record, log = played("atrades", 3, 5, 20)
    who = names(record)
    steps(at(record, log, 10), log[:11], who)
    broken = at(record, log, 15)
    broken.moves[-1] = (broken.moves[-1][0], broken.moves[-1][1], {"type": "no-such-move"})
    with pytest.raises(build.Unreadable):
        steps(broken, log[:16], who)
    assert record.match not in build.PROGRESS["replay"]
    assert steps(at(record, log, 15), log[:16], who) == from_the_start(
        steps, at(record, log, 15), log[:16], who
    )


def test_the_worker_hands_back_only_the_steps_the_bot_does_not_hold() -> None:
    """A version's steps after those of the version the bot holds, when the worker extended
    the build they came from; every step when it built from the start (a move taken back, a
    worker started anew: the bot holds another build's steps)."""
    record, log = played("atrades", 3, 5, 30)
    who = names(record)
    first = steps(at(record, log, 20), log[:21], who)
    then = handed(at(record, log, 25), log[:26], who)
    assert then.kept == len(first) and len(then.new) < len(first)
    assert then.after(first) == from_the_start(steps, at(record, log, 25), log[:26], who)
    undone = handed(at(record, log, 15), log[:16], who)
    assert undone.kept == 0
    assert undone.new == from_the_start(steps, at(record, log, 15), log[:16], who)
    HELD[record.match] = ("another worker's", first)
    anew = handed(at(record, log, 25), log[:26], who)
    assert anew.kept == 0
    assert anew.new == from_the_start(steps, at(record, log, 25), log[:26], who)
