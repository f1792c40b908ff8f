-- The customer's link to a job's documents, `/dokumenter/{token}` (src/documents/):
-- the accepted quote and tilleggsarbeid, the invoice basis or the invoice and its credit
-- notes, and the signed samsvarserklæring, behind one address that works until it runs
-- out or the office takes it back. One per job: a new one replaces the old (the row is
-- written again), taking it back deletes it. As for quotes and sessions, only the
-- token's SHA-256 is kept, so a leaked table opens nothing.
CREATE TABLE document_links (
    job_id      UUID PRIMARY KEY NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    token_hash  BYTEA NOT NULL UNIQUE,
    expires_at  TIMESTAMPTZ NOT NULL,
    created_by  TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);
