-- The month for everyone (crates/data/src/jobs/month.rs): the limits of ordinary working
-- time the firm's hours are split by (arbeidsmiljøloven § 10-4 (1) unless an agreement
-- says otherwise), and the months the office has approved, after which a montør can no
-- longer change their hours (who approved, and when).
ALTER TABLE settings ADD COLUMN working_time TEXT NOT NULL DEFAULT '{"day_minutes":540,"week_minutes":2400}';

CREATE TABLE time_months (
    month       TEXT PRIMARY KEY NOT NULL,
    approved_by TEXT NOT NULL,
    approved_at TEXT NOT NULL
);

-- A month's hours for everyone are a range of days: read from this index alone.
CREATE INDEX time_entries_day ON time_entries (day, user_id, user_name, minutes, extra);

-- The dashboard's figures and "Å gjøre" on ten years (docs/BENCHMARKS.md, "The office's
-- month end"): what was paid this month is a range of this index, not a pass over every
-- payment.
CREATE INDEX payments_paid_on ON payments (status, paid_on, amount);
-- The job list newest first (crates/data/src/jobs/store/find.rs): a page is the first rows
-- of this index, not a sort of every job.
CREATE INDEX jobs_newest ON jobs (created_at, id);
