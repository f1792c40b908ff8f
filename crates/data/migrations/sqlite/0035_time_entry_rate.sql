-- Each hour entry keeps the rate it was written at (øre excluding MVA per hour), so a new
-- hourly rate on the job applies from then on and never reprices hours already entered
-- (crates/data/src/jobs/gate.rs). Entries written before keep the rate their job gives
-- them now: a budget line's unit price when the entry is on a line priced by the hour,
-- else the job's hourly rate (what `Job::rate_of` computed until this migration).
ALTER TABLE time_entries ADD COLUMN rate INTEGER NOT NULL DEFAULT 0;
UPDATE time_entries SET rate = COALESCE((
    SELECT CASE
        WHEN time_entries.line IS NOT NULL
             AND json_extract(j.lines, '$[' || time_entries.line || '].unit') = 'time'
        THEN json_extract(j.lines, '$[' || time_entries.line || '].unit_price')
        ELSE j.hourly_rate
    END
    FROM jobs j WHERE j.id = time_entries.job_id
), 0);
