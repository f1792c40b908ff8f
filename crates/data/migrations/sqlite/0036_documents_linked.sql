-- Which link is the customer's for a job's documents (issue #58, finding 14): until the
-- office makes the job its own documents link, the accepted quote's page lists them; from
-- the first documents link on, only that link serves them, so taking it back (or letting it
-- run out) takes them off the web, which the quote's link (the customer's copy of the
-- contract, which never runs out) would otherwise undo. Set once, never cleared.
ALTER TABLE jobs ADD COLUMN documents_linked BOOLEAN NOT NULL DEFAULT FALSE;
