-- The dashboard on ten years of quotes (crates/data/src/quotes/store/figures.rs,
-- crates/data/src/todo/store.rs).
-- The quotes accepted this month are a range of this index, not every accepted quote read.
CREATE INDEX quotes_accepted ON quotes (status, accepted_at, total);
-- A job's change orders: most quotes are a lead's, with no job, so an index of every quote
-- by job told the planner a job has as many change orders as there are lead quotes, and it
-- read every quote for each job's (ten years: 35 ms for a montør's week). Only the change
-- orders are in it now; a query names `job_id = $1` or `job_id IS NOT NULL`.
DROP INDEX quotes_job;
CREATE INDEX quotes_job ON quotes (job_id, status) WHERE job_id IS NOT NULL;
