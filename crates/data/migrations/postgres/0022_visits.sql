-- Befaringer: the site visits staff book on a lead (crates/data/src/visits/). The time is
-- kept as the instant it starts (`starts_at`, UTC); the firm's day and clock time are
-- read from it in Oslo's time zone. A visit keeps its id for good: it is its calendar
-- invitation's UID, and each change (a move, the cancellation) raises `sequence`, so a
-- calendar updates the event it has. A cancelled visit stays, with `cancelled_at`, so its
-- cancellation can be told; it goes with its lead (an erasure).
CREATE TABLE visits (
    id           UUID PRIMARY KEY,
    lead_id      UUID NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    starts_at    TIMESTAMPTZ NOT NULL,
    minutes      INTEGER NOT NULL,
    staff_id     UUID REFERENCES admin_users (id) ON DELETE SET NULL,
    staff_name   TEXT NOT NULL,
    staff_email  TEXT NOT NULL,
    staff_phone  TEXT,
    note         TEXT NOT NULL,
    sequence     INTEGER NOT NULL,
    cancelled_at TIMESTAMPTZ,
    booked_by    TEXT NOT NULL,
    -- The customer's reminder the day before (src/befaring/reminders.rs): sent once,
    -- claimed by one instance at a time, the claim lapsing if that instance dies.
    reminder_sent_at    TIMESTAMPTZ,
    reminder_claimed_at TIMESTAMPTZ,
    reminder_attempts   INTEGER NOT NULL DEFAULT 0,
    created_at   TIMESTAMPTZ NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX visits_starts_at ON visits (starts_at);
CREATE INDEX visits_lead ON visits (lead_id, starts_at);
CREATE INDEX visits_staff ON visits (staff_id, starts_at);
