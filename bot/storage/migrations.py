"""Numbered schema migrations; `Storage.open` applies the ones a database has not seen.

`log` is the match's append-only record: seq 0 holds the setup's events, seq 1.. each
accepted move with its events. `delivered` = 0 marks what the presenter has not posted yet
(the outbox). `matches.state` is a snapshot of the state after move `state_seq`."""

MIGRATIONS: list[str] = [
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
]
