-- Quotes (tilbud): a written quote made from a lead, sent to the customer as a PDF and a
-- link, accepted or declined on the customer's page (crates/data/src/quotes/). A quote
-- number (`2026-0042`) is shared by its versions; "Revider" makes the next version.
-- Numbers come from `quote_numbers`, one counter per year, taken in the transaction that
-- writes the quote, so they have no gaps and no duplicates.
CREATE TABLE quote_numbers (
    year INTEGER PRIMARY KEY NOT NULL,
    last INTEGER NOT NULL
);

-- `lead_id` becomes null when the lead is erased: an accepted quote is a contract record
-- the firm must keep (bokføringsloven), the others go with the lead (privacy::erase).
CREATE TABLE quotes (
    id                  BLOB PRIMARY KEY NOT NULL,
    lead_id             BLOB REFERENCES leads (id) ON DELETE SET NULL,
    number              TEXT NOT NULL,
    version             INTEGER NOT NULL,
    status              TEXT NOT NULL,
    customer_name       TEXT NOT NULL,
    customer_email      TEXT,
    customer_phone      TEXT,
    customer_address    TEXT,
    customer_kind       TEXT NOT NULL,
    org_nr              TEXT,
    angrerett           INTEGER NOT NULL,
    price_type          TEXT NOT NULL,
    intro               TEXT NOT NULL,
    terms               TEXT NOT NULL,
    lines               TEXT NOT NULL,
    valid_until         TEXT NOT NULL,
    net_total           INTEGER NOT NULL,
    vat_total           INTEGER NOT NULL,
    total               INTEGER NOT NULL,
    owner_id            BLOB REFERENCES admin_users (id) ON DELETE SET NULL,
    owner_name          TEXT NOT NULL,
    created_at          TEXT NOT NULL,
    updated_at          TEXT NOT NULL,
    token_hash          BLOB UNIQUE,
    pdf                 BLOB,
    pdf_sha256          TEXT,
    sent_at             TEXT,
    sent_by             TEXT,
    first_opened_at     TEXT,
    last_opened_at      TEXT,
    withdrawn_at        TEXT,
    withdrawn_by        TEXT,
    replaced_at         TEXT,
    replaced_by         TEXT,
    declined_at         TEXT,
    decline_reason      TEXT,
    accepted_at         TEXT,
    accepted_name       TEXT,
    accepted_ip         TEXT,
    accepted_user_agent TEXT,
    accepted_texts      TEXT,
    early_start         INTEGER,
    UNIQUE (number, version)
);
CREATE INDEX quotes_lead ON quotes (lead_id, created_at);
CREATE INDEX quotes_status ON quotes (status, valid_until);
