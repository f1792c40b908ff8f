-- A lead's other e-mail addresses and phone numbers: what a merge brings along beside the
-- main ones in `leads` (crates/data/src/leads/contacts.rs). `contact_key` is how the value
-- is found: an e-mail address folded (`text::email_key`), a phone number as its digits
-- (`text::phone_digits`); searches, duplicates and privacy requests look both up.
CREATE TABLE lead_contacts (
    lead_id     UUID NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('email', 'phone')),
    value       TEXT NOT NULL,
    contact_key TEXT NOT NULL,
    PRIMARY KEY (lead_id, kind, contact_key)
);
CREATE INDEX lead_contacts_key ON lead_contacts (contact_key);
