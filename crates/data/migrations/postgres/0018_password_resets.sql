-- "Glemt passord?": a link by e-mail that sets a new password once, within an hour. The
-- link carries a random token; only its SHA-256 is kept, as for sessions, so a leaked
-- table opens nothing (crates/data/src/auth/reset.rs).
CREATE TABLE password_resets (
    id         UUID PRIMARY KEY,
    user_id    UUID NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    token_hash BYTEA NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX password_resets_user ON password_resets (user_id);
