-- Duplicates (src/leads/duplicates.rs): a new lead with the phone number (by digits) or
-- e-mail address of an open lead points at it until staff merge the two or say they
-- differ. The indexes answer that lookup; `lead_merges` remembers what was merged into
-- a lead, so its timeline keeps the merged lead's history.
ALTER TABLE leads ADD COLUMN duplicate_of UUID REFERENCES leads (id) ON DELETE SET NULL;
CREATE INDEX leads_duplicate_of ON leads (duplicate_of);
CREATE INDEX leads_phone_digits ON leads (phone_digits);
CREATE INDEX leads_email_lower ON leads (lower(email));

CREATE TABLE lead_merges (
    id          UUID PRIMARY KEY NOT NULL,
    lead_id     UUID NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    -- The lead merged in, which no longer exists.
    merged_id   UUID NOT NULL,
    merged_name TEXT NOT NULL,
    merged_by   TEXT NOT NULL,
    merged_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX lead_merges_lead ON lead_merges (lead_id);
