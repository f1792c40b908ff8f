-- A lead's history (src/leads/history.rs): who follows it up and when, the notes staff
-- write on it, and the e-mails sent about it. Status and field changes come from the
-- audit log, enquiries from `contact_submissions`; the indexes below let one lead's
-- timeline read only its own rows.
ALTER TABLE leads ADD COLUMN follow_up TEXT;
ALTER TABLE leads ADD COLUMN assignee_id BLOB REFERENCES admin_users (id) ON DELETE SET NULL;
CREATE INDEX leads_follow_up ON leads (follow_up);
-- The dashboard's follow-ups: open statuses, due by today. Without it SQLite (which has no
-- statistics until ANALYZE) read every open lead through `leads_status` (docs/BENCHMARKS.md).
CREATE INDEX leads_status_follow_up ON leads (status, follow_up);
CREATE INDEX leads_assignee ON leads (assignee_id, created_at);

CREATE TABLE lead_notes (
    id          BLOB PRIMARY KEY NOT NULL,
    lead_id     BLOB NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    -- The author's name as it was when the note was written, kept if the user goes.
    author_id   BLOB REFERENCES admin_users (id) ON DELETE SET NULL,
    author_name TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  TEXT NOT NULL
);
CREATE INDEX lead_notes_lead ON lead_notes (lead_id, created_at);

-- The notices e-mailed to staff about a lead (src/contact/notify.rs), sent or failed.
CREATE TABLE lead_emails (
    id         BLOB PRIMARY KEY NOT NULL,
    lead_id    BLOB NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    sent_at    TEXT NOT NULL,
    recipient  TEXT NOT NULL,
    subject    TEXT NOT NULL,
    error      TEXT
);
CREATE INDEX lead_emails_lead ON lead_emails (lead_id, sent_at);

CREATE INDEX contact_submissions_lead ON contact_submissions (lead_id, created_at);
CREATE INDEX audit_logs_entity ON audit_logs (entity_type, entity_id, created_at);
