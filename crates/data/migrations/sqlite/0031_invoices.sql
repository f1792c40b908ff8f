-- Invoices (crates/data/src/invoices/): what a finished job was invoiced with. Making one
-- marks the job "fakturert"; it keeps the specified invoice basis as it was then
-- (håndverkertjenesteloven § 36: the work, the materials, how the price was reached, the
-- additions apart), the firm as it was (name, org.nr, address, account), its number and
-- its days, so the PDF and the EHF read the same for as long as they are kept
-- (bokføringsloven: ten years). A credit note is a row of its own that names the invoice
-- it credits and the lines it takes back.
-- Numbers come from `invoice_numbers`, one counter per year, taken in the transaction
-- that writes the invoice (as quotes': no gaps, no duplicates); credit notes share it.
CREATE TABLE invoice_numbers (
    year INTEGER PRIMARY KEY NOT NULL,
    last INTEGER NOT NULL
);

CREATE TABLE invoices (
    id          BLOB PRIMARY KEY NOT NULL,
    job_id      BLOB NOT NULL REFERENCES jobs (id) ON DELETE RESTRICT,
    number      TEXT NOT NULL UNIQUE,
    kind        TEXT NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
    credited_id BLOB REFERENCES invoices (id) ON DELETE RESTRICT,
    reason      TEXT NOT NULL,
    -- A credit note's lines, by their place in the invoice it credits: a line is credited
    -- once (crates/data/src/invoices/mod.rs, `credit`).
    credited_lines TEXT NOT NULL DEFAULT '[]',
    issue_date  TEXT NOT NULL,
    due_date    TEXT NOT NULL,
    basis       TEXT NOT NULL,
    seller      TEXT NOT NULL,
    net_total   INTEGER NOT NULL,
    vat_total   INTEGER NOT NULL,
    total       INTEGER NOT NULL,
    created_by  TEXT NOT NULL,
    created_at  TEXT NOT NULL
);
CREATE INDEX invoices_job ON invoices (job_id);
-- One invoice per job (credit notes aside).
CREATE UNIQUE INDEX invoices_one_per_job ON invoices (job_id) WHERE kind = 'invoice';

-- What an invoice needs that the firm's facts do not say (Innstillinger → Faktura): the
-- account the customer pays to, whether the firm is in Merverdiavgiftsregisteret, the
-- days to pay, and whether a KID is written (crates/data/src/settings/model.rs).
ALTER TABLE settings ADD COLUMN invoicing TEXT NOT NULL
    DEFAULT '{"account_number":null,"vat_registered":true,"payment_days":14,"kid":false}';
