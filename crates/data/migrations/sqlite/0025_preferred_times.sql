-- "Når passer det med befaring?": the days a customer offers with an enquiry, each with
-- its part of the day (crates/data/src/contact/wishes.rs, `PreferredTime`), and the
-- days the firm lets them choose from (Innstillinger → Befaring, `VisitDays`).
ALTER TABLE contact_submissions ADD COLUMN preferred_times TEXT NOT NULL DEFAULT '[]';
ALTER TABLE settings ADD COLUMN visit_days TEXT NOT NULL DEFAULT '{"days_ahead":14,"weekdays":[1,2,3,4,5]}';
