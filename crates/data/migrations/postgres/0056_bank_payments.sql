-- A payment is what the bank says it is (crates/data/src/payments/camt/, issue #74): the
-- payer's EndToEndId is kept, a reversal from the bank names the payment it takes back
-- (`reverses`), and two new reasons to wait for the office: a reversal whose payment is
-- not found plainly (`reversal`), and the firm's own money coming back (`returned`).
ALTER TABLE payments DROP CONSTRAINT payments_waiting_check;
ALTER TABLE payments ADD CONSTRAINT payments_waiting_check
    CHECK (waiting IN ('unknown', 'overpaid', 'ambiguous', 'undone', 'reversal', 'returned'));
ALTER TABLE payments ADD COLUMN end_to_end TEXT;
ALTER TABLE payments ADD COLUMN reverses UUID REFERENCES payments (id) ON DELETE RESTRICT;
CREATE INDEX payments_end_to_end ON payments (end_to_end) WHERE end_to_end IS NOT NULL;
CREATE INDEX payments_kid ON payments (kid, amount) WHERE kid IS NOT NULL;
-- The waiting list's pages, oldest first, walked from an index instead of sorted whole.
CREATE INDEX payments_waiting ON payments (paid_on, created_at, bank_ref, id) WHERE status = 'open';
