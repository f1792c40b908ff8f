-- Planning (#63, crates/data/src/planning/): one person on one job on one day, all day or
-- from a time (`starts_at`, minutes after midnight in Oslo) for a length (`minutes`, or
-- the firm's ordinary day). A move raises `sequence`; a removal sets `cancelled_at` and
-- raises it too, and keeps the row, so a calendar that has the day is told (RFC 5545).
CREATE TABLE plan_days (
    id           UUID PRIMARY KEY,
    job_id       UUID NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    user_id      UUID NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    day          DATE NOT NULL,
    starts_at    INTEGER,
    minutes      INTEGER,
    sequence     INTEGER NOT NULL,
    cancelled_at TIMESTAMPTZ,
    created_by   TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL
);
-- A person is on a job once a day.
CREATE UNIQUE INDEX plan_days_once ON plan_days (job_id, user_id, day) WHERE cancelled_at IS NULL;
-- The board: the days of a span, everyone's or one person's.
CREATE INDEX plan_days_day ON plan_days (day, user_id) WHERE cancelled_at IS NULL;
CREATE INDEX plan_days_user ON plan_days (user_id, day) WHERE cancelled_at IS NULL;

-- A person away for a day: ferie, syk or kurs.
CREATE TABLE absences (
    id         UUID PRIMARY KEY,
    user_id    UUID NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    day        DATE NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('ferie', 'syk', 'kurs')),
    created_by TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    UNIQUE (user_id, day)
);
CREATE INDEX absences_day ON absences (day);
