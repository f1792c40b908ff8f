-- The year the firm was founded, a fact the public site states ("siden 2004", "20+ års
-- erfaring", JSON-LD's foundingDate) only when it is set. Starts as the example firm's
-- year, which the launch checklist flags until staff change it or clear it
-- (crates/data/src/settings/seed.rs).
ALTER TABLE settings ADD COLUMN founded_year INTEGER;
UPDATE settings SET founded_year = 2004;
