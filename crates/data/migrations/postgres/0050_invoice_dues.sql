-- What is owed, by due date: how many invoices that still owe something fall due on each
-- day, and what they owe, kept by the trigger below as each invoice is written, as
-- `invoice_standings` (0046) keeps the counts of each standing. The dashboard's ages of
-- what is owed and its count of overdue invoices are then a range of at most one row a
-- day, not a pass over every unpaid invoice (docs/BENCHMARKS.md, "The office's month end").
-- `payments::store::sums_astray` counts them again from the invoices.
CREATE TABLE invoice_dues (
    due_date DATE PRIMARY KEY,
    invoices BIGINT NOT NULL,
    owing    BIGINT NOT NULL
);
INSERT INTO invoice_dues (due_date, invoices, owing)
    SELECT due_date, COUNT(*), SUM(owing) FROM invoices WHERE standing IN ('unpaid', 'partly_paid') GROUP BY due_date;

-- An invoice keeps its due date, so a write moves one day's row: two writers to invoices of
-- one day take turns on it, and none holds two days' rows waiting for another.
CREATE FUNCTION invoice_dues_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.standing IN ('unpaid', 'partly_paid') THEN
        UPDATE invoice_dues SET invoices = invoices - 1, owing = owing - OLD.owing WHERE due_date = OLD.due_date;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.standing IN ('unpaid', 'partly_paid') THEN
        INSERT INTO invoice_dues (due_date, invoices, owing) VALUES (NEW.due_date, 1, NEW.owing)
            ON CONFLICT (due_date) DO UPDATE
            SET invoices = invoice_dues.invoices + 1, owing = invoice_dues.owing + EXCLUDED.owing;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER invoice_dues_keep AFTER INSERT OR DELETE OR UPDATE OF kind, total, credited, charged, paid, due_date
    ON invoices FOR EACH ROW EXECUTE FUNCTION invoice_dues_keep();
