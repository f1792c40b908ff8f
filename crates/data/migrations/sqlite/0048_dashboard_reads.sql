-- The dashboard on ten years (docs/BENCHMARKS.md, "The office's month end"): what is owed,
-- what is overdue and which reminders are due, read from one small index of the invoices
-- that still owe something, never from every invoice.
--
-- Each invoice keeps what its letters mean to the reminder rules
-- (crates/data/src/reminders/next.rs): how many it has had, their fees, and the last one's
-- time to pay. Counted again from `invoice_reminders` by every write of a letter or a credit
-- note, with `charged` (crates/data/src/payments/balance.rs, CHARGED_SQL), and checked
-- against the letters by `payments::store::sums_astray`.
ALTER TABLE invoices ADD COLUMN letters INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN letter_fees INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN reminded_until TEXT;
UPDATE invoices SET
    letters = (SELECT COUNT(*) FROM invoice_reminders WHERE invoice_id = invoices.id),
    letter_fees = COALESCE((SELECT SUM(fee) FROM invoice_reminders WHERE invoice_id = invoices.id), 0),
    reminded_until = (SELECT pay_by FROM invoice_reminders WHERE invoice_id = invoices.id ORDER BY sent_at DESC LIMIT 1);

-- The invoices that owe something, by due date, with every column the dashboard reads of
-- them. A query uses it by naming the same condition, `standing IN ('unpaid', 'partly_paid')`.
CREATE INDEX invoices_owed ON invoices
    (due_date, number, owing, letters, reminded_until, total, credited, paid, letter_fees, id)
    WHERE standing IN ('unpaid', 'partly_paid');

-- The jobs not yet invoiced (or cancelled): the few a firm works on, however many it has
-- done. The dashboard's open jobs, "Å gjøre" and a montør's day name this condition word
-- for word (crates/data/src/jobs/store/mod.rs, `not_invoiced!`), so SQLite, which uses a
-- partial index only for a query that names its condition and otherwise guesses that a
-- status holds half of all jobs, reads these rows instead of walking ten years of jobs.
CREATE INDEX jobs_open ON jobs (status, created_at, id) WHERE status IN ('planned', 'in_progress', 'done');

-- The hours and materials held at the § 7 gate, and the tilleggsarbeid tied to no change
-- order: few at any time, so "Å gjøre" reads them from indexes of their own
-- (crates/data/src/todo/store.rs). PostgreSQL, guessing one held row in all, otherwise
-- read every hours entry of ten years to hash the held ones.
CREATE INDEX time_entries_held ON time_entries (job_id) WHERE held;
CREATE INDEX job_materials_held ON job_materials (job_id) WHERE held;
CREATE INDEX time_entries_untagged ON time_entries (job_id) WHERE extra AND change_id IS NULL;
CREATE INDEX job_materials_untagged ON job_materials (job_id) WHERE extra AND change_id IS NULL;
