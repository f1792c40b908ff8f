-- Where each invoice stands apart from today's date, kept by the database itself from the
-- sums on its row: a credit note, credited in full, paid, partly paid, or unpaid (which
-- today's date splits into "sendt" and "forfalt" by `due_date`); and what is left to pay
-- on it (`owing`, 0 for a credit note and for an invoice paid or credited). The rules are
-- `payments::Balance::state`'s (crates/data/src/payments/balance.rs; tests/api/payments.rs
-- holds the two together). Being generated, they can never disagree with `total`,
-- `credited`, `charged` and `paid`, and the list of invoices filters, counts and sums
-- ten years of invoices as ranges of an index instead of working the rules out for every
-- row on every request (docs/BENCHMARKS.md, "Money in").
ALTER TABLE invoices ADD COLUMN standing TEXT GENERATED ALWAYS AS (
    CASE WHEN kind = 'credit_note' THEN 'credit_note'
         WHEN total - credited <= 0 THEN 'credited'
         WHEN paid >= total - credited + charged THEN 'paid'
         WHEN paid > 0 THEN 'partly_paid'
         ELSE 'unpaid' END) VIRTUAL;
ALTER TABLE invoices ADD COLUMN owing BIGINT GENERATED ALWAYS AS (
    CASE WHEN kind = 'invoice' AND total - credited + charged - paid > 0
         THEN total - credited + charged - paid ELSE 0 END) VIRTUAL;
-- The list newest first (the whole list, and a search), and the list by standing (a filter,
-- and what is owed by due date); each holds every column the list filters on and the id,
-- so only the rows of the page shown are read.
DROP INDEX invoices_listed;
CREATE INDEX invoices_listed ON invoices (issue_date, number, standing, due_date, owing, search, id);
CREATE INDEX invoices_standing ON invoices (standing, issue_date, number, due_date, owing, search, id);

-- How many invoices stand in each standing and what they owe, kept by the triggers below
-- as each invoice is written, so the list's counts and sums are five rows, not a pass over
-- ten years of invoices; only the unpaid ones are split by today's date, a range of the
-- index above. `payments::store::sums_astray` counts them again from the invoices.
CREATE TABLE invoice_standings (
    standing TEXT PRIMARY KEY NOT NULL,
    invoices BIGINT NOT NULL,
    owing    BIGINT NOT NULL
);
INSERT INTO invoice_standings (standing, invoices, owing)
VALUES ('credit_note', 0, 0), ('credited', 0, 0), ('paid', 0, 0), ('partly_paid', 0, 0), ('unpaid', 0, 0);
UPDATE invoice_standings SET
    invoices = (SELECT COUNT(*) FROM invoices WHERE invoices.standing = invoice_standings.standing),
    owing = (SELECT COALESCE(SUM(invoices.owing), 0) FROM invoices WHERE invoices.standing = invoice_standings.standing);

-- SQLite writes one transaction at a time, so the two updates never wait on each other.
CREATE TRIGGER invoice_standings_insert AFTER INSERT ON invoices BEGIN
    UPDATE invoice_standings SET invoices = invoices + 1, owing = owing + new.owing WHERE standing = new.standing;
END;
CREATE TRIGGER invoice_standings_delete AFTER DELETE ON invoices BEGIN
    UPDATE invoice_standings SET invoices = invoices - 1, owing = owing - old.owing WHERE standing = old.standing;
END;
CREATE TRIGGER invoice_standings_update AFTER UPDATE OF kind, total, credited, charged, paid ON invoices
WHEN old.standing <> new.standing OR old.owing <> new.owing BEGIN
    UPDATE invoice_standings SET invoices = invoices - 1, owing = owing - old.owing WHERE standing = old.standing;
    UPDATE invoice_standings SET invoices = invoices + 1, owing = owing + new.owing WHERE standing = new.standing;
END;

-- A trigram index of each invoice's search text (its number and customer, lower-cased),
-- so a search of three characters or more looks up the invoices that hold it instead of
-- reading every one, as the leads' `lead_search` (0007) does. Keyed by the invoices' rowid,
-- which VACUUM may renumber: start-up rebuilds it (crates/data/src/invoices/store.rs,
-- `search_missing`).
CREATE VIRTUAL TABLE invoice_search USING fts5 (
    search, content = 'invoices', content_rowid = 'rowid', tokenize = 'trigram'
);
INSERT INTO invoice_search (invoice_search) VALUES ('rebuild');
CREATE TRIGGER invoice_search_insert AFTER INSERT ON invoices BEGIN
    INSERT INTO invoice_search (rowid, search) VALUES (new.rowid, new.search);
END;
CREATE TRIGGER invoice_search_delete AFTER DELETE ON invoices BEGIN
    INSERT INTO invoice_search (invoice_search, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
CREATE TRIGGER invoice_search_update AFTER UPDATE OF search ON invoices BEGIN
    INSERT INTO invoice_search (invoice_search, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO invoice_search (rowid, search) VALUES (new.rowid, new.search);
END;
