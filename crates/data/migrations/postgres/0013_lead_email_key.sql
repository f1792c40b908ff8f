-- A lead's e-mail address folded by Unicode's rules (src/text.rs `email_key`), written by
-- the server with every lead: duplicates, export and erasure find `ØYSTEIN@BLÅBÆR.NO` by
-- `øystein@blåbær.no`, which `lower()` cannot do on SQLite (it folds A-Z only). NULL for
-- an existing lead until start-up fills it in (src/leads/store.rs `index_missing`).
ALTER TABLE leads ADD COLUMN email_key TEXT;
CREATE INDEX leads_email_key ON leads (email_key);
DROP INDEX leads_email_lower;
