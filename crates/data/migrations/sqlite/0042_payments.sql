-- Money in (crates/data/src/payments/): what customers have paid on their invoices.

-- What the list of invoices shows, searches and sums without reading each basis: the
-- customer (the basis's addressee: a business's company, else the person), the number and
-- customer lower-cased for the search, and what its credit notes take back and what is
-- paid on it. `credited` and `paid` are counted again from their rows in the transaction
-- that writes a credit note or a payment (crates/data/src/payments/store.rs, `refresh_in`),
-- never added to, and tests/api/payments.rs checks them against the rows.
ALTER TABLE invoices ADD COLUMN customer TEXT NOT NULL DEFAULT '';
ALTER TABLE invoices ADD COLUMN search TEXT NOT NULL DEFAULT '';
ALTER TABLE invoices ADD COLUMN credited INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN paid INTEGER NOT NULL DEFAULT 0;
UPDATE invoices SET customer = CASE
    WHEN json_extract(basis, '$.customer.kind') = 'business'
         AND COALESCE(json_extract(basis, '$.customer.company'), '') <> ''
    THEN json_extract(basis, '$.customer.company')
    ELSE COALESCE(json_extract(basis, '$.customer.name'), '') END;
UPDATE invoices SET search = lower(number || ' ' || customer);
UPDATE invoices SET credited = COALESCE(
    (SELECT SUM(notes.total) FROM invoices AS notes WHERE notes.credited_id = invoices.id), 0);
CREATE INDEX invoices_credited ON invoices (credited_id) WHERE credited_id IS NOT NULL;
CREATE INDEX invoices_newest ON invoices (issue_date, number);

CREATE TABLE payments (
    id         BLOB PRIMARY KEY NOT NULL,
    -- The invoice it is booked on: none while it waits for the office or when set aside.
    invoice_id BLOB REFERENCES invoices (id) ON DELETE RESTRICT,
    amount     INTEGER NOT NULL CHECK (amount > 0),
    paid_on    TEXT NOT NULL,
    source     TEXT NOT NULL CHECK (source IN ('manual', 'bank')),
    status     TEXT NOT NULL CHECK (status IN ('matched', 'open', 'set_aside')),
    waiting    TEXT CHECK (waiting IN ('unknown', 'overpaid', 'ambiguous', 'undone')),
    -- The invoice number an overpayment names, for the office to see.
    suggested  TEXT,
    -- The bank's reference of an imported payment: a second import of it changes nothing.
    bank_ref   TEXT UNIQUE,
    kid        TEXT,
    message    TEXT NOT NULL DEFAULT '',
    payer      TEXT NOT NULL DEFAULT '',
    note       TEXT NOT NULL DEFAULT '',
    created_by TEXT NOT NULL,
    created_at TEXT NOT NULL,
    CHECK ((status = 'matched') = (invoice_id IS NOT NULL)),
    CHECK ((status = 'open') = (waiting IS NOT NULL))
);
CREATE INDEX payments_invoice ON payments (invoice_id) WHERE invoice_id IS NOT NULL;
CREATE INDEX payments_status ON payments (status, created_at);
