-- Every time an invoice or credit note is sent (crates/data/src/invoices/sends.rs): to the
-- customer or the accounting system's inbox, to which address, with what attached, by
-- whom, and whether the mail server took it. Kept as the invoice is: never changed.
CREATE TABLE invoice_sends (
    id          BLOB PRIMARY KEY NOT NULL,
    invoice_id  BLOB NOT NULL REFERENCES invoices (id) ON DELETE RESTRICT,
    recipient   TEXT NOT NULL CHECK (recipient IN ('customer', 'accounting')),
    to_address  TEXT NOT NULL,
    -- What went with it: "PDF" or "PDF og EHF".
    attached    TEXT NOT NULL,
    -- Whether the mail server took it; when not, why.
    delivered   INTEGER NOT NULL,
    error       TEXT,
    sent_by     TEXT NOT NULL,
    sent_at     TEXT NOT NULL
);
CREATE INDEX invoice_sends_invoice ON invoice_sends (invoice_id, sent_at);
