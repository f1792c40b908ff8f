-- Private calendar feeds (crates/data/src/visits/feeds.rs): a secret address a member of
-- staff subscribes to from a phone's calendar, with their befaringer (`own`) or, for an
-- admin, everyone's (`all`). Only the secret's SHA-256 is kept; a new address replaces
-- the old one (the old stops answering), and revoking deletes the row.
CREATE TABLE calendar_feeds (
    user_id     UUID NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    scope       TEXT NOT NULL CHECK (scope IN ('own', 'all')),
    secret_hash BYTEA NOT NULL UNIQUE,
    created_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, scope)
);
