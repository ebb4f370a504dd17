"""Numbered schema migrations; `Storage.open` applies the ones a database has not seen.

`log` is the match's append-only record: seq 0 holds the setup's events, seq 1.. each
accepted move with its events. `delivered` = 0 marks what the presenter has not posted yet
(the outbox). `matches.state` is a snapshot of the state after move `state_seq`.

`ledger` is a season's append-only ledger: balances are sums of its entries and nothing in it
is ever updated. An entry caused by a match names the log entry (`match_id`, `match_seq`)
that caused it and is written in the same transaction.

`matches.phase_seconds` is the length the host chose for every phase, or 0 for each phase's
own default.

`undone` keeps the log entries a host took back (`/match undo`, `/match unkick`), moved out
of `log` with who did it and when: the match is rebuilt from what `log` keeps, and its
snapshot's `state_seq` stays at the highest seq ever written, so a seq is never used twice
(the ledger names its entries by seq).

`challenges` marks a lobby opened as a challenge to one member (a two-player game): only they may
take the empty seat, by accepting.

`matches.status_message_id` is the match's live status message (`bot.status`), edited as the
match moves. `matches.in_thread` says the match is to be played in a public thread of its
channel, `thread_id` is that thread once the match has started (the channel keeps the lobby
and stays the match's channel).

`results` holds, per member, what each finished match counts for their stats
(`bot/storage/results.py`), written in the transaction that ends the match; its migration
also ranks the matches that had ended before it. `matches.rematch_of` is the match whose
Rematch button opened this one.

`dm_channels` is each member's DM channel with the bot, opened once and kept: a DM goes
straight to it (no `GET /users/{id}` first).

`log.wait` is what the entry did to the match's wait (the contract's wait signal, `Turn.wait`,
as `bot.service.Wait` writes it: the phases it began, and who must and may act after it),
stored with the events so that a delivery after a restart knows it too; NULL in entries
written before it (the presenter then works it out from the record). `matches.notify` is how
the host chose to tell the player to move on a board that carries the turn's controls
(`mention` or `dm`: `/match notify`); NULL: a mention.

`command_syncs` keeps, per application and scope (every server, or the development server),
the fingerprint of the slash commands last sent to Discord: the bot sends them again only
when they changed (`bot.app.DealerTree.sync_changed`).

`ratings` is each member's rating of a game in a server (`bot.rating`), moved by each rated
match in the transaction that writes its results, which keep the rating before and after it;
its migration rates the stored matches, in the order they ended, and files a match of two
members or more as no practice, whatever computer seats filled its table.

`matches.damaged` names what of a match's record could not be read ("its options", "move
12"), once the bot found it: the match is set aside (every command on it says so, its host is
told once) and no start-up looks at it again; NULL: nothing is known to be damaged.

`matches.web_token` is the unguessable part of the address of the match's web page
(`bot.web`), made the first time the page is asked for; `matches.web` says whether the page
opens: `on` or `off` as its host set it (`/match web`), else `public` or `private` as the
bot last saw the match's channel (may everyone view it), NULL before it looked.

`matches.status_drift` is how far a turn-based game's board (its status message) has drifted
up its channel: the weight of the bot's messages posted below it since it was posted (a
message 1, one with a picture more: `bot.status.drift_of`). Posting the board anew sets it
back to 0; once it weighs `bot.status.REACH`, the next move posts it anew at the bottom.

`match_players.level` is a computer seat's level (`normal` or `strong`, `/match add-bot
level:`); NULL for a member's seat, and for a computer seat stored before levels (which plays
as `normal`).

`seasons.web_token` is the unguessable part of the address of the season's web page
(`bot.web.seasons`), made the first time the bot links to it (`/season standings`).

What a game that presents its moves with the public views around them
(`GameTexts.public_view`) needs to deliver a move is stored, so that no delivery rebuilds the
match from its setup: `matches.view` is the public view (JSON) after log entry
`matches.view_seq`, the last one delivered, written with its `delivered` mark (the view
before the next move);
`log.view_before` is the public view before the entry's move, written with the move only
when the view after the move before it was not stored yet (its delivery had not ended).
The view after an undelivered entry is the next entry's `view_before`, or, for the last,
the match's state. NULL in entries and matches stored before them (the views are then
rebuilt from the record).

A migration is its SQL, or a `Migration` when data must be written too: its `backfill` runs
after the SQL, in the same transaction. The SQL is written for SQLite; on PostgreSQL it runs
translated to its types (`bot.storage.postgres.postgres_ddl`), and a `Migration`'s
`postgres` SQL after it (the function `dealer_append_move`, which SQLite does as
statements). Each store keeps its schema version (SQLite in `PRAGMA user_version`,
PostgreSQL in the table `dealer_schema`) and refuses a database whose version is past these
migrations (`NewerDatabase`)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from bot.storage.backend import Tx
from bot.storage.results import Rank, backfill, rerate


@dataclass(frozen=True, slots=True)
class Migration:
    sql: str
    #: Writes what the new schema needs from what is stored, given the ranking of finished
    #: matches (`Rank`; None where the caller has no engines, which only an empty database
    #: may lack).
    backfill: Callable[[Tx, Rank | None], Coroutine[Any, Any, None]] | None = None
    #: SQL run on PostgreSQL alone, after `sql`, in PostgreSQL's own words (not translated):
    #: what SQLite has no counterpart of (a function run on the server).
    postgres: str = ""


#: `Tx.append_move` on PostgreSQL: the move's statements run on the server, so that a move
#: that writes nothing else is one statement, which commits by itself in one round trip
#: (`bot.storage.backend.append_checked` is the same on SQLite). Each statement of the
#: function sees what committed before it began (READ COMMITTED): the match is read after
#: its row is locked. A refusal is an error of its own code, which fails the transaction:
#: DL001 the match moved (`MatchMoved`), DL002 the timer is gone (`TimerGone`).
#: `dealer_append_moves` appends the plain moves of several matches (no timer) in one
#: statement, each in a subtransaction of its own: it returns each one's outcome ("" stored,
#: or the code that refused it) instead of failing them all. It does not wait for a match's
#: row another transaction holds (`NOWAIT`: code 55P03), so that one match held by another
#: process does not hold up the others' moves, nor two batches wait for each other in a
#: ring; such a move is then sent alone, which waits (`bot.storage.postgres._Appends`).
APPEND_MOVE = """
CREATE FUNCTION dealer_append_move(
    move_match BIGINT, move_seq BIGINT, move_actor TEXT, move_text TEXT, move_events TEXT,
    move_at DOUBLE PRECISION, move_wait TEXT, move_view_before TEXT, decided_paused BOOLEAN,
    fired_timer BIGINT
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    now_status TEXT;
    now_paused DOUBLE PRECISION;
    now_state_seq BIGINT;
    now_damaged TEXT;
    now_last BIGINT;
BEGIN
    PERFORM 1 FROM matches WHERE id = move_match FOR NO KEY UPDATE;
    IF fired_timer IS NOT NULL THEN
        PERFORM 1 FROM timers WHERE id = fired_timer FOR UPDATE SKIP LOCKED;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'timer % is gone', fired_timer USING ERRCODE = 'DL002';
        END IF;
        DELETE FROM timers WHERE id = fired_timer;
    END IF;
    SELECT status, paused_remaining, state_seq, damaged,
           (SELECT MAX(seq) FROM log WHERE match_id = move_match)
      INTO now_status, now_paused, now_state_seq, now_damaged, now_last
      FROM matches WHERE id = move_match;
    IF NOT FOUND OR now_status <> 'running' OR (now_paused IS NOT NULL) <> decided_paused
        OR now_damaged IS NOT NULL
        OR greatest(coalesce(now_state_seq, 0), coalesce(now_last, 0)) <> move_seq - 1 THEN
        RAISE EXCEPTION 'match % moved', move_match USING ERRCODE = 'DL001';
    END IF;
    INSERT INTO log (match_id, seq, actor, move, events, at, wait, view_before)
        VALUES (move_match, move_seq, move_actor, move_text, move_events, move_at, move_wait,
                move_view_before);
END
$$;
CREATE FUNCTION dealer_append_moves(
    move_matches BIGINT[], move_seqs BIGINT[], move_actors TEXT[], move_texts TEXT[],
    move_events TEXT[], move_ats DOUBLE PRECISION[], move_waits TEXT[],
    move_views_before TEXT[], decided_paused BOOLEAN[]
) RETURNS TEXT[] LANGUAGE plpgsql AS $$
DECLARE
    outcomes TEXT[] := '{}';
BEGIN
    FOR i IN 1 .. coalesce(array_length(move_matches, 1), 0) LOOP
        BEGIN
            PERFORM 1 FROM matches WHERE id = move_matches[i] FOR NO KEY UPDATE NOWAIT;
            PERFORM dealer_append_move(
                move_matches[i], move_seqs[i], move_actors[i], move_texts[i], move_events[i],
                move_ats[i], move_waits[i], move_views_before[i], decided_paused[i], NULL
            );
            outcomes := outcomes || ''::TEXT;
        EXCEPTION WHEN SQLSTATE 'DL001' OR lock_not_available THEN
            outcomes := outcomes || SQLSTATE::TEXT;
        END;
    END LOOP;
    RETURN outcomes;
END
$$;
"""


MIGRATIONS: list[str | Migration] = [
    """
    CREATE TABLE guild_config (
        guild_id INTEGER PRIMARY KEY,
        host_role_id INTEGER
    );
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        host_id INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'ended', 'cancelled')),
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        phase_seconds INTEGER NOT NULL,
        spectator_channel_id INTEGER,
        lobby_message_id INTEGER,
        deadline REAL,
        paused_remaining REAL,
        state TEXT,
        state_seq INTEGER,
        created_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX one_open_match_per_channel
        ON matches (channel_id) WHERE status IN ('lobby', 'running');
    CREATE TABLE match_players (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        joined INTEGER NOT NULL,
        dm_closed INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (match_id, user_id)
    );
    CREATE TABLE log (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        seq INTEGER NOT NULL,
        actor TEXT,
        move TEXT,
        events TEXT NOT NULL,
        at REAL NOT NULL,
        delivered INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (match_id, seq)
    );
    CREATE INDEX log_undelivered ON log (match_id, seq) WHERE delivered = 0;
    CREATE TABLE timers (
        id INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches (id),
        kind TEXT NOT NULL,
        due REAL NOT NULL
    );
    CREATE INDEX timers_by_due ON timers (due);
    CREATE TABLE threads (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        round INTEGER NOT NULL,
        location TEXT NOT NULL,
        thread_id INTEGER NOT NULL,
        PRIMARY KEY (match_id, round, location)
    );
    """,
    """
    CREATE INDEX match_players_by_user ON match_players (user_id);
    CREATE INDEX timers_by_match ON timers (match_id);
    CREATE INDEX matches_by_channel ON matches (channel_id, id);
    """,
    """
    CREATE TABLE seasons (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        starting_garnets INTEGER NOT NULL CHECK (starting_garnets >= 0),
        status TEXT NOT NULL CHECK (status IN ('open', 'ended')),
        started_by INTEGER NOT NULL,
        started_at REAL NOT NULL,
        ended_by INTEGER,
        ended_at REAL
    );
    CREATE UNIQUE INDEX one_open_season_per_guild ON seasons (guild_id) WHERE status = 'open';
    CREATE UNIQUE INDEX season_names ON seasons (guild_id, name COLLATE NOCASE);
    CREATE TABLE season_players (
        season_id INTEGER NOT NULL REFERENCES seasons (id),
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (season_id, user_id)
    );
    CREATE TABLE ledger (
        id INTEGER PRIMARY KEY,
        season_id INTEGER NOT NULL REFERENCES seasons (id),
        user_id INTEGER,
        kind TEXT NOT NULL,
        garnets INTEGER NOT NULL DEFAULT 0,
        tokens INTEGER NOT NULL DEFAULT 0,
        pool INTEGER NOT NULL DEFAULT 0,
        eliminated INTEGER,
        reason TEXT NOT NULL,
        by_user INTEGER,
        match_id INTEGER REFERENCES matches (id),
        match_seq INTEGER,
        at REAL NOT NULL
    );
    CREATE INDEX ledger_by_season ON ledger (season_id, user_id, id);
    CREATE UNIQUE INDEX ledger_once_per_match_entry
        ON ledger (match_id, match_seq, kind, ifnull(user_id, 0)) WHERE match_id IS NOT NULL;
    ALTER TABLE matches ADD COLUMN season_id INTEGER REFERENCES seasons (id);
    """,
    """
    CREATE TABLE challenges (
        match_id INTEGER PRIMARY KEY REFERENCES matches (id),
        user_id INTEGER NOT NULL
    );
    """,
    """
    CREATE TABLE inbox (
        id INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches (id),
        user_id INTEGER NOT NULL,
        text TEXT NOT NULL,
        at REAL NOT NULL
    );
    CREATE INDEX inbox_by_player ON inbox (match_id, user_id, id);
    """,
    """
    CREATE TABLE undone (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        seq INTEGER NOT NULL,
        actor TEXT NOT NULL,
        move TEXT NOT NULL,
        events TEXT NOT NULL,
        at REAL NOT NULL,
        undone_at REAL NOT NULL,
        undone_by INTEGER NOT NULL,
        PRIMARY KEY (match_id, seq)
    );
    """,
    Migration(
        """
        CREATE TABLE results (
            match_id INTEGER NOT NULL REFERENCES matches (id),
            user_id INTEGER NOT NULL,
            guild_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            place INTEGER,
            won INTEGER NOT NULL,
            practice INTEGER NOT NULL,
            ended_at REAL NOT NULL,
            PRIMARY KEY (match_id, user_id)
        );
        CREATE INDEX results_by_member ON results (guild_id, user_id, ended_at);
        CREATE INDEX results_by_game ON results (guild_id, game);
        ALTER TABLE matches ADD COLUMN rematch_of INTEGER REFERENCES matches (id);
        """,
        backfill,
    ),
    """
    ALTER TABLE matches ADD COLUMN status_message_id INTEGER;
    ALTER TABLE matches ADD COLUMN in_thread INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE matches ADD COLUMN thread_id INTEGER;
    """,
    """
    ALTER TABLE matches ADD COLUMN clocks TEXT NOT NULL DEFAULT '{}';
    """,
    """
    CREATE TABLE dm_channels (
        user_id INTEGER PRIMARY KEY,
        channel_id INTEGER NOT NULL
    );
    """,
    """
    ALTER TABLE log ADD COLUMN wait TEXT;
    ALTER TABLE matches ADD COLUMN notify TEXT;
    """,
    """
    CREATE TABLE command_syncs (
        scope TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL
    );
    """,
    Migration(
        """
        CREATE TABLE ratings (
            id INTEGER PRIMARY KEY,
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            UNIQUE (guild_id, game, user_id)
        );
        ALTER TABLE results ADD COLUMN prior_mu REAL;
        ALTER TABLE results ADD COLUMN prior_sigma REAL;
        ALTER TABLE results ADD COLUMN mu REAL;
        ALTER TABLE results ADD COLUMN sigma REAL;
        """,
        rerate,
    ),
    """
    ALTER TABLE matches ADD COLUMN damaged TEXT;
    """,
    """
    ALTER TABLE match_players ADD COLUMN seat TEXT;
    CREATE TABLE seat_handovers (
        id INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches (id),
        seat TEXT NOT NULL,
        from_user INTEGER NOT NULL,
        from_name TEXT NOT NULL,
        to_user INTEGER NOT NULL,
        to_name TEXT NOT NULL,
        moves INTEGER NOT NULL,
        at REAL NOT NULL,
        by_user INTEGER NOT NULL
    );
    CREATE INDEX seat_handovers_by_match ON seat_handovers (match_id, id);
    """,
    """
    ALTER TABLE matches ADD COLUMN web_token TEXT;
    ALTER TABLE matches ADD COLUMN web TEXT;
    CREATE UNIQUE INDEX matches_by_web_token ON matches (web_token);
    """,
    """
    ALTER TABLE matches ADD COLUMN status_drift INTEGER NOT NULL DEFAULT 0;
    """,
    """
    ALTER TABLE match_players ADD COLUMN level TEXT;
    """,
    """
    ALTER TABLE seasons ADD COLUMN web_token TEXT;
    CREATE UNIQUE INDEX seasons_by_web_token ON seasons (web_token);
    """,
    # The server's language for channel posts (`/config language`; NULL: its Discord one).
    """
    ALTER TABLE guild_config ADD COLUMN language TEXT;
    """,
    """
    ALTER TABLE log ADD COLUMN view_before TEXT;
    ALTER TABLE matches ADD COLUMN view TEXT;
    ALTER TABLE matches ADD COLUMN view_seq INTEGER;
    """,
    Migration("", postgres=APPEND_MOVE),
]


class NewerDatabase(Exception):
    """A database written by a newer Dealer: its schema version is past the migrations this
    Dealer knows. After a rollback, the older Dealer would run on a schema it does not know,
    so it refuses the database and leaves it as it is."""

    def __init__(self, found: int) -> None:
        super().__init__(
            f"it was written by a newer Dealer (database version {found}; this Dealer knows "
            f"versions up to {len(MIGRATIONS)}). Run that Dealer, or restore a backup this one "
            "made"
        )


def refuse_newer(version: int) -> None:
    if version > len(MIGRATIONS):
        raise NewerDatabase(version)
