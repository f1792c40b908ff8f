-- Time and materials written past a prisoverslag's budget before the § 7 contact is
-- recorded (issue #59): saved, never refused, since the firm must keep a complete time
-- sheet and pays for the hours, but held out of the invoice until the customer is told
-- (håndverkertjenesteloven § 7 (2); crates/data/src/jobs/gate.rs). Recording the contact
-- clears the mark on the job's records.
ALTER TABLE time_entries ADD COLUMN held BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE job_materials ADD COLUMN held BOOLEAN NOT NULL DEFAULT FALSE;
