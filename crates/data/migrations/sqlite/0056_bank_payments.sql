-- A payment is what the bank says it is (crates/data/src/payments/camt/, issue #74): the
-- payer's EndToEndId is kept, a reversal from the bank names the payment it takes back
-- (`reverses`), and two new reasons to wait for the office: a reversal whose payment is
-- not found plainly (`reversal`), and the firm's own money coming back (`returned`).
-- SQLite cannot change a CHECK, so the table is built again with its rows and indexes.
CREATE TABLE payments_new (
    id         BLOB PRIMARY KEY NOT NULL,
    invoice_id BLOB REFERENCES invoices (id) ON DELETE RESTRICT,
    amount     INTEGER NOT NULL CHECK (amount > 0),
    paid_on    TEXT NOT NULL,
    source     TEXT NOT NULL CHECK (source IN ('manual', 'bank')),
    status     TEXT NOT NULL CHECK (status IN ('matched', 'open', 'set_aside')),
    waiting    TEXT CHECK (waiting IN ('unknown', 'overpaid', 'ambiguous', 'undone', 'reversal', 'returned')),
    suggested  TEXT,
    -- The payment's identity in the bank's files (crates/data/src/payments/camt/identity.rs):
    -- a second import of it changes nothing.
    bank_ref   TEXT UNIQUE,
    -- The payer's EndToEndId, when the bank gives one.
    end_to_end TEXT,
    -- The bank payment a reversal from the bank takes back.
    reverses   BLOB REFERENCES payments_new (id) ON DELETE RESTRICT,
    kid        TEXT,
    message    TEXT NOT NULL DEFAULT '',
    payer      TEXT NOT NULL DEFAULT '',
    note       TEXT NOT NULL DEFAULT '',
    created_by TEXT NOT NULL,
    created_at TEXT NOT NULL,
    CHECK ((status = 'matched') = (invoice_id IS NOT NULL)),
    CHECK ((status = 'open') = (waiting IS NOT NULL))
);
INSERT INTO payments_new (id, invoice_id, amount, paid_on, source, status, waiting, suggested, bank_ref, kid,
                          message, payer, note, created_by, created_at)
SELECT id, invoice_id, amount, paid_on, source, status, waiting, suggested, bank_ref, kid,
       message, payer, note, created_by, created_at FROM payments;
DROP TABLE payments;
ALTER TABLE payments_new RENAME TO payments;
CREATE INDEX payments_invoice ON payments (invoice_id) WHERE invoice_id IS NOT NULL;
CREATE INDEX payments_status ON payments (status, created_at);
CREATE INDEX payments_paid_on ON payments (status, paid_on, amount);
-- A reversal looks for its payment by the payer's EndToEndId, else by KID, amount and payer.
CREATE INDEX payments_end_to_end ON payments (end_to_end) WHERE end_to_end IS NOT NULL;
CREATE INDEX payments_kid ON payments (kid, amount) WHERE kid IS NOT NULL;
-- The waiting list's pages, oldest first, walked from an index instead of sorted whole.
CREATE INDEX payments_waiting ON payments (paid_on, created_at, bank_ref, id) WHERE status = 'open';
