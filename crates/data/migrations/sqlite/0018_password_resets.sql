-- "Glemt passord?": a link by e-mail that sets a new password once, within an hour. The
-- link carries a random token; only its SHA-256 is kept, as for sessions, so a leaked
-- table opens nothing (crates/data/src/auth/reset.rs).
CREATE TABLE password_resets (
    id         BLOB PRIMARY KEY NOT NULL,
    user_id    BLOB NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    token_hash BLOB NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT
);
CREATE INDEX password_resets_user ON password_resets (user_id);
