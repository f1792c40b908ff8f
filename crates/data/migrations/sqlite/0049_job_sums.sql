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
ALTER TABLE time_entries ADD COLUMN amount INTEGER GENERATED ALWAYS AS (CASE WHEN minutes * 100 / 60 * rate >= 0 THEN (minutes * 100 / 60 * rate + 50) / 100 ELSE (minutes * 100 / 60 * rate - 50) / 100 END) VIRTUAL;
ALTER TABLE job_materials ADD COLUMN amount INTEGER GENERATED ALWAYS AS (CASE WHEN quantity * unit_price >= 0 THEN (quantity * unit_price + 50) / 100 ELSE (quantity * unit_price - 50) / 100 END) VIRTUAL;
ALTER TABLE jobs ADD COLUMN used_sum INTEGER NOT NULL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN held_sum INTEGER NOT NULL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN extra_sum INTEGER NOT NULL DEFAULT 0;
UPDATE jobs SET
        used_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = jobs.id AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = jobs.id AND NOT extra), 0),
        held_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = jobs.id AND held AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = jobs.id AND held AND NOT extra), 0),
        extra_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = jobs.id AND extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = jobs.id AND extra), 0)
        WHERE id IN (SELECT job_id FROM time_entries UNION SELECT job_id FROM job_materials);

CREATE TRIGGER time_entries_sums_insert AFTER INSERT ON time_entries BEGIN
    UPDATE jobs SET
        used_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = new.job_id AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = new.job_id AND NOT extra), 0),
        held_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = new.job_id AND held AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = new.job_id AND held AND NOT extra), 0),
        extra_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = new.job_id AND extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = new.job_id AND extra), 0)
        WHERE id = new.job_id;
END;
CREATE TRIGGER time_entries_sums_delete AFTER DELETE ON time_entries BEGIN
    UPDATE jobs SET
        used_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = old.job_id AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = old.job_id AND NOT extra), 0),
        held_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = old.job_id AND held AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = old.job_id AND held AND NOT extra), 0),
        extra_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = old.job_id AND extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = old.job_id AND extra), 0)
        WHERE id = old.job_id;
END;
CREATE TRIGGER time_entries_sums_update AFTER UPDATE OF job_id, minutes, rate, extra, held ON time_entries BEGIN
    UPDATE jobs SET
        used_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = old.job_id AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = old.job_id AND NOT extra), 0),
        held_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = old.job_id AND held AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = old.job_id AND held AND NOT extra), 0),
        extra_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = old.job_id AND extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = old.job_id AND extra), 0)
        WHERE id = old.job_id;
    UPDATE jobs SET
        used_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = new.job_id AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = new.job_id AND NOT extra), 0),
        held_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = new.job_id AND held AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = new.job_id AND held AND NOT extra), 0),
        extra_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = new.job_id AND extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = new.job_id AND extra), 0)
        WHERE id = new.job_id AND new.job_id <> old.job_id;
END;

CREATE TRIGGER job_materials_sums_insert AFTER INSERT ON job_materials BEGIN
    UPDATE jobs SET
        used_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = new.job_id AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = new.job_id AND NOT extra), 0),
        held_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = new.job_id AND held AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = new.job_id AND held AND NOT extra), 0),
        extra_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = new.job_id AND extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = new.job_id AND extra), 0)
        WHERE id = new.job_id;
END;
CREATE TRIGGER job_materials_sums_delete AFTER DELETE ON job_materials BEGIN
    UPDATE jobs SET
        used_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = old.job_id AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = old.job_id AND NOT extra), 0),
        held_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = old.job_id AND held AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = old.job_id AND held AND NOT extra), 0),
        extra_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = old.job_id AND extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = old.job_id AND extra), 0)
        WHERE id = old.job_id;
END;
CREATE TRIGGER job_materials_sums_update AFTER UPDATE OF job_id, quantity, unit_price, extra, held ON job_materials BEGIN
    UPDATE jobs SET
        used_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = old.job_id AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = old.job_id AND NOT extra), 0),
        held_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = old.job_id AND held AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = old.job_id AND held AND NOT extra), 0),
        extra_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = old.job_id AND extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = old.job_id AND extra), 0)
        WHERE id = old.job_id;
    UPDATE jobs SET
        used_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = new.job_id AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = new.job_id AND NOT extra), 0),
        held_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = new.job_id AND held AND NOT extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = new.job_id AND held AND NOT extra), 0),
        extra_sum = COALESCE((SELECT SUM(amount) FROM time_entries WHERE job_id = new.job_id AND extra), 0)
        + COALESCE((SELECT SUM(amount) FROM job_materials WHERE job_id = new.job_id AND extra), 0)
        WHERE id = new.job_id AND new.job_id <> old.job_id;
END;
