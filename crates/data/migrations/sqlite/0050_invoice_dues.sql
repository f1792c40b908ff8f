-- What is owed, by due date: how many invoices that still owe something fall due on each
-- day, and what they owe, kept by the triggers below as each invoice is written, as
-- `invoice_standings` (0046) keeps the counts of each standing. The dashboard's ages of
-- what is owed and its count of overdue invoices are then a range of at most one row a
-- day, not a pass over every unpaid invoice (docs/BENCHMARKS.md, "The office's month end").
-- `payments::store::sums_astray` counts them again from the invoices.
CREATE TABLE invoice_dues (
    due_date TEXT PRIMARY KEY NOT NULL,
    invoices BIGINT NOT NULL,
    owing    BIGINT NOT NULL
);
INSERT INTO invoice_dues (due_date, invoices, owing)
    SELECT due_date, COUNT(*), SUM(owing) FROM invoices WHERE standing IN ('unpaid', 'partly_paid') GROUP BY due_date;

CREATE TRIGGER invoice_dues_insert AFTER INSERT ON invoices WHEN new.standing IN ('unpaid', 'partly_paid') BEGIN
    INSERT INTO invoice_dues (due_date, invoices, owing) VALUES (new.due_date, 1, new.owing)
        ON CONFLICT (due_date) DO UPDATE SET invoices = invoices + 1, owing = owing + excluded.owing;
END;
CREATE TRIGGER invoice_dues_delete AFTER DELETE ON invoices WHEN old.standing IN ('unpaid', 'partly_paid') BEGIN
    UPDATE invoice_dues SET invoices = invoices - 1, owing = owing - old.owing WHERE due_date = old.due_date;
END;
CREATE TRIGGER invoice_dues_update_old AFTER UPDATE OF kind, total, credited, charged, paid, due_date ON invoices
WHEN old.standing IN ('unpaid', 'partly_paid') BEGIN
    UPDATE invoice_dues SET invoices = invoices - 1, owing = owing - old.owing WHERE due_date = old.due_date;
END;
CREATE TRIGGER invoice_dues_update_new AFTER UPDATE OF kind, total, credited, charged, paid, due_date ON invoices
WHEN new.standing IN ('unpaid', 'partly_paid') BEGIN
    INSERT INTO invoice_dues (due_date, invoices, owing) VALUES (new.due_date, 1, new.owing)
        ON CONFLICT (due_date) DO UPDATE SET invoices = invoices + 1, owing = owing + excluded.owing;
END;
