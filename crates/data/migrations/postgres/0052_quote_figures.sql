-- The dashboard's quote figures on ten years (crates/data/src/quotes/store/figures.rs):
-- the quotes accepted this month are a range of this index, not every accepted quote read.
CREATE INDEX quotes_accepted ON quotes (status, accepted_at, total);
