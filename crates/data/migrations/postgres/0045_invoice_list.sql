-- The list of invoices (crates/data/src/invoices/store.rs, `list`) walks the invoices
-- newest first, filtering by state and search, and counts and sums every state in one
-- pass. This index, in the list's order, holds every column either reads, so neither
-- touches the invoices' wide rows (the basis and the seller) beyond the page it shows;
-- ten years of invoices made a scan of those rows slow (docs/BENCHMARKS.md, "Money in").
DROP INDEX invoices_newest;
CREATE INDEX invoices_listed ON invoices (issue_date, number, kind, due_date, total, credited, charged, paid, search);
