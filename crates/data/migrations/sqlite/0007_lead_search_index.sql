-- A trigram index of each lead's search columns (0006), so a search for a name, an
-- address or part of a phone number looks up the leads that hold it instead of reading
-- every lead (src/leads/store.rs). FTS5's trigram tokenizer indexes every three
-- characters; a phrase query finds any text of three characters or more.
--
-- The index reads its text from `leads` (external content) and is kept in step by the
-- triggers below. It is keyed by the leads' rowid, which VACUUM (and so a backup with
-- VACUUM INTO) may renumber: start-up rebuilds it (src/leads/store.rs `index_missing`).
CREATE VIRTUAL TABLE lead_search USING fts5 (
    search, phone_digits, content = 'leads', content_rowid = 'rowid', tokenize = 'trigram'
);
INSERT INTO lead_search (lead_search) VALUES ('rebuild');

CREATE TRIGGER lead_search_insert AFTER INSERT ON leads BEGIN
    INSERT INTO lead_search (rowid, search, phone_digits) VALUES (new.rowid, new.search, new.phone_digits);
END;
CREATE TRIGGER lead_search_delete AFTER DELETE ON leads BEGIN
    INSERT INTO lead_search (lead_search, rowid, search, phone_digits)
    VALUES ('delete', old.rowid, old.search, old.phone_digits);
END;
CREATE TRIGGER lead_search_update AFTER UPDATE OF search, phone_digits ON leads BEGIN
    INSERT INTO lead_search (lead_search, rowid, search, phone_digits)
    VALUES ('delete', old.rowid, old.search, old.phone_digits);
    INSERT INTO lead_search (rowid, search, phone_digits) VALUES (new.rowid, new.search, new.phone_digits);
END;

-- The source filter's choices are read by walking this index (src/leads/store.rs `sources`).
CREATE INDEX leads_kilde ON leads (kilde);
