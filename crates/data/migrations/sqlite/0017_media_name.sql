-- A file's name (what staff call it in the library) apart from its alt text (what a
-- picture shows to someone who cannot see it). An upload was given its file name as alt
-- text, so pages said "p1" to screen readers and link previews; now the name is the file
-- name and the alt text is empty until staff write one (crates/data/src/media/mod.rs).
-- Files uploaded before keep their alt text, and take it as their name.
ALTER TABLE media ADD COLUMN name TEXT NOT NULL DEFAULT '';
UPDATE media SET name = COALESCE(alt, '');
