-- Each job keeps the sums its meter is made of (crates/data/src/jobs/meter.rs): the time
-- and materials of its own work (`used_sum`, held ones included), what of that is held at
-- the § 7 gate (`held_sum`) and what is tilleggsarbeid (`extra_sum`), in øre excluding MVA.
-- So the dashboard's jobs past their estimate, the job list's meters and its filter "over
-- prisoverslaget" read a few columns of the open jobs, never their hours: ten years of
-- entries cost them nothing (docs/BENCHMARKS.md, "The office's month end").
--
-- Each row's `amount` is generated from its own columns by the meter's rule: hours in
-- hundredths (minutes * 100 / 60, truncated) at the rate, or the quantity in hundredths at
-- the unit price, divided by 100 and rounded to the nearest øre with halves away from zero
-- (crates/data/src/quotes/money.rs, `line`). The job's sums are counted again from its rows
-- by the triggers below whenever a row is written, moved to another job or deleted, so no
-- write path has to remember them; `jobs::store::sums_astray` holds them against the
-- meter worked out in Rust from the rows (tests/api/jobs.rs and others).
ALTER TABLE time_entries ADD COLUMN amount BIGINT GENERATED ALWAYS AS (CASE WHEN minutes * 100 / 60 * rate >= 0 THEN (minutes * 100 / 60 * rate + 50) / 100 ELSE (minutes * 100 / 60 * rate - 50) / 100 END) STORED;
ALTER TABLE job_materials ADD COLUMN amount BIGINT GENERATED ALWAYS AS (CASE WHEN quantity * unit_price >= 0 THEN (quantity * unit_price + 50) / 100 ELSE (quantity * unit_price - 50) / 100 END) STORED;
ALTER TABLE jobs ADD COLUMN used_sum BIGINT NOT NULL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN held_sum BIGINT NOT NULL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN extra_sum BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION job_sums_count(job UUID) RETURNS void LANGUAGE sql AS $$
    UPDATE jobs SET
        used_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = job AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = job AND NOT extra), 0),
        held_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = job AND held AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = job AND held AND NOT extra), 0),
        extra_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = job AND extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = job AND extra), 0)
        WHERE id = job
$$;
SELECT job_sums_count(id) FROM jobs WHERE id IN (SELECT job_id FROM time_entries UNION SELECT job_id FROM job_materials);

-- Counted after the row is written, in the writer's transaction: the job's row is locked
-- until it commits, so two writers to one job take turns and both are counted.
CREATE FUNCTION job_sums_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM job_sums_count(OLD.job_id);
    END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.job_id <> OLD.job_id) THEN
        PERFORM job_sums_count(NEW.job_id);
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER time_entries_sums AFTER INSERT OR DELETE OR UPDATE OF job_id, minutes, rate, extra, held
    ON time_entries FOR EACH ROW EXECUTE FUNCTION job_sums_keep();
CREATE TRIGGER job_materials_sums AFTER INSERT OR DELETE OR UPDATE OF job_id, quantity, unit_price, extra, held
    ON job_materials FOR EACH ROW EXECUTE FUNCTION job_sums_keep();
