-- Trigram indexes of each lead's search columns (0006), so a search for a name, an
-- address or part of a phone number (`LIKE '%...%'`) looks up the leads that hold it
-- instead of reading every lead (src/leads/store.rs). pg_trgm ships with PostgreSQL
-- (the contrib modules) and is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
-- Without a pending list (fastupdate off): a lead is written into the index as it is
-- saved, so searches never wait for VACUUM to merge a backlog. Leads are written one at
-- a time, by people.
CREATE INDEX leads_search_trgm ON leads USING gin (search gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX leads_phone_digits_trgm ON leads USING gin (phone_digits gin_trgm_ops) WITH (fastupdate = off);

-- The source filter's choices are read by walking this index (src/leads/store.rs `sources`).
CREATE INDEX leads_kilde ON leads (kilde);
