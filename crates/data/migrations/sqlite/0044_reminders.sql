-- Reminders (crates/data/src/reminders/): each purring and inkassovarsel an invoice got,
-- with the sums it stated, kept as sent and never changed. `amount_due` is the sum of the
-- others: total - credited - paid + earlier_fees + fee + interest.
CREATE TABLE invoice_reminders (
    id             BLOB PRIMARY KEY NOT NULL,
    invoice_id     BLOB NOT NULL REFERENCES invoices (id) ON DELETE RESTRICT,
    kind           TEXT NOT NULL CHECK (kind IN ('purring', 'notice')),
    sent_on        TEXT NOT NULL,
    pay_by         TEXT NOT NULL,
    due_date       TEXT NOT NULL,
    total          INTEGER NOT NULL,
    credited       INTEGER NOT NULL,
    paid           INTEGER NOT NULL,
    earlier_fees   INTEGER NOT NULL CHECK (earlier_fees >= 0),
    fee            INTEGER NOT NULL CHECK (fee >= 0),
    no_fee         TEXT,
    -- The forsinkelsesrente from the day after the due date through sent_on.
    interest       INTEGER NOT NULL CHECK (interest >= 0),
    interest_rate  INTEGER,
    missing_rate_from TEXT,
    amount_due     INTEGER NOT NULL,
    channel        TEXT NOT NULL CHECK (channel IN ('email', 'post')),
    to_address     TEXT NOT NULL,
    sent_by        TEXT NOT NULL,
    sent_at        TEXT NOT NULL,
    CHECK (amount_due = total - credited - paid + earlier_fees + fee + interest),
    CHECK (pay_by > sent_on AND sent_on > due_date)
);
CREATE INDEX invoice_reminders_invoice ON invoice_reminders (invoice_id, sent_at);

-- What the letters added to what the invoice is owed: every letter's fee and the latest
-- letter's interest (which counts from the due date again), none once the invoice is
-- credited in full. Counted again from the rows by every write of a letter or a credit
-- note (crates/data/src/payments/balance.rs, CHARGED_SQL), never added to.
ALTER TABLE invoices ADD COLUMN charged INTEGER NOT NULL DEFAULT 0;
