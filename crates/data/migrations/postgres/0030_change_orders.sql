-- Tilleggsarbeid (change orders, crates/data/src/jobs/changes.rs): a quote made on a job
-- for work beyond its accepted quote. It is a quote like any other (its own number, lines,
-- PDF, link, and the customer's acceptance with name, time, address, user agent and the
-- PDF's hash), tied to its job by `job_id`. Staff may instead record it as agreed on the
-- phone (who, when, what) or carried out under håndverkertjenesteloven § 9 (the reason
-- chosen): `agreed_how`, with `agreed_note` and `agreed_by` (the staff member). An
-- accepted one raises the job's budget; time and materials may be tagged to it.
-- `job_id` is checked at commit: `fagfolk migrate-db` (crates/data/src/db/copy.rs)
-- writes quotes before jobs in one transaction.
ALTER TABLE quotes ADD COLUMN job_id UUID REFERENCES jobs (id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE quotes ADD COLUMN agreed_how TEXT;
ALTER TABLE quotes ADD COLUMN agreed_note TEXT;
ALTER TABLE quotes ADD COLUMN agreed_by TEXT;
CREATE INDEX quotes_job ON quotes (job_id);
ALTER TABLE time_entries ADD COLUMN change_id UUID REFERENCES quotes (id) ON DELETE SET NULL;
ALTER TABLE job_materials ADD COLUMN change_id UUID REFERENCES quotes (id) ON DELETE SET NULL;
-- When the office was told by e-mail that the job's used amount reached its estimate
-- (the first entry held for the § 7 contact): told once.
ALTER TABLE jobs ADD COLUMN estimate_told_at TIMESTAMPTZ;
