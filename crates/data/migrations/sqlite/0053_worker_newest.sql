-- One montør's jobs, newest first, a page at a time (crates/data/src/jobs/store/find.rs):
-- each worker row carries its job's `created_at`, so the page is the first rows of one
-- index range, not every job the person ever worked on read and sorted (ten years of a
-- firm of 50: 400 jobs a montør, read for each page; docs/BENCHMARKS.md, session 43).
-- The copy is kept by the database: set when the row is written, moved with the job's
-- own (which the application never changes; the benchmark's data does).
ALTER TABLE job_workers ADD COLUMN job_created_at TEXT;
UPDATE job_workers SET job_created_at = (SELECT created_at FROM jobs WHERE jobs.id = job_workers.job_id);
CREATE INDEX job_workers_newest ON job_workers (user_id, job_created_at DESC, job_id DESC);
DROP INDEX job_workers_user;

CREATE TRIGGER job_workers_newest_set AFTER INSERT ON job_workers BEGIN
    UPDATE job_workers SET job_created_at = (SELECT created_at FROM jobs WHERE jobs.id = NEW.job_id)
        WHERE job_id = NEW.job_id AND user_id = NEW.user_id;
END;
CREATE TRIGGER job_workers_newest_moved AFTER UPDATE OF created_at ON jobs BEGIN
    UPDATE job_workers SET job_created_at = NEW.created_at WHERE job_id = NEW.id;
END;
