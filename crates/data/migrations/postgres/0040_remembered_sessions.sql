-- "Husk meg på denne enheten" (issue #59): a montør's own phone may keep its session for 30
-- days, renewed as it is used (crates/data/src/auth/session.rs). The office sees each session
-- under Brukere (when it was made, last used, on what) and may end it; a password change ends
-- them all.
ALTER TABLE sessions ADD COLUMN remembered BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE sessions ADD COLUMN last_used_at TIMESTAMPTZ;
ALTER TABLE sessions ADD COLUMN device TEXT;
