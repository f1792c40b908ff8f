-- Evening and night hours for payroll (crates/data/src/jobs/month.rs): an entry may say
-- when the work began, in minutes after midnight, Norwegian time; none when not given.
-- The month's hours are read from the index `time_entries_day` alone (migration 0047),
-- which now holds the start and the id as well (an entry with a start is read on its own).
ALTER TABLE time_entries ADD COLUMN starts_at INTEGER CHECK (starts_at BETWEEN 0 AND 1439);
DROP INDEX time_entries_day;
CREATE INDEX time_entries_day ON time_entries (day, user_id, user_name, minutes, extra, starts_at, id);
