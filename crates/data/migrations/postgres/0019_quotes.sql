-- Quotes (tilbud): a written quote made from a lead, sent to the customer as a PDF and a
-- link, accepted or declined on the customer's page (crates/data/src/quotes/). A quote
-- number (`2026-0042`) is shared by its versions; "Revider" makes the next version.
-- Numbers come from `quote_numbers`, one counter per year, taken in the transaction that
-- writes the quote, so they have no gaps and no duplicates.
CREATE TABLE quote_numbers (
    year INTEGER PRIMARY KEY,
    last BIGINT NOT NULL
);

-- `lead_id` becomes null when the lead is erased: an accepted quote is a contract record
-- the firm must keep (bokføringsloven), the others go with the lead (privacy::erase).
CREATE TABLE quotes (
    id                  UUID PRIMARY KEY,
    lead_id             UUID REFERENCES leads (id) ON DELETE SET NULL,
    number              TEXT NOT NULL,
    version             INTEGER NOT NULL,
    status              TEXT NOT NULL,
    customer_name       TEXT NOT NULL,
    customer_email      TEXT,
    customer_phone      TEXT,
    customer_address    TEXT,
    customer_kind       TEXT NOT NULL,
    org_nr              TEXT,
    angrerett           BOOLEAN NOT NULL,
    price_type          TEXT NOT NULL,
    intro               TEXT NOT NULL,
    terms               TEXT NOT NULL,
    lines               JSONB NOT NULL,
    valid_until         DATE NOT NULL,
    net_total           BIGINT NOT NULL,
    vat_total           BIGINT NOT NULL,
    total               BIGINT NOT NULL,
    owner_id            UUID REFERENCES admin_users (id) ON DELETE SET NULL,
    owner_name          TEXT NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL,
    updated_at          TIMESTAMPTZ NOT NULL,
    token_hash          BYTEA UNIQUE,
    pdf                 BYTEA,
    pdf_sha256          TEXT,
    sent_at             TIMESTAMPTZ,
    sent_by             TEXT,
    first_opened_at     TIMESTAMPTZ,
    last_opened_at      TIMESTAMPTZ,
    withdrawn_at        TIMESTAMPTZ,
    withdrawn_by        TEXT,
    replaced_at         TIMESTAMPTZ,
    replaced_by         TEXT,
    declined_at         TIMESTAMPTZ,
    decline_reason      TEXT,
    accepted_at         TIMESTAMPTZ,
    accepted_name       TEXT,
    accepted_ip         TEXT,
    accepted_user_agent TEXT,
    accepted_texts      JSONB,
    early_start         BOOLEAN,
    UNIQUE (number, version)
);
CREATE INDEX quotes_lead ON quotes (lead_id, created_at);
CREATE INDEX quotes_status ON quotes (status, valid_until);
