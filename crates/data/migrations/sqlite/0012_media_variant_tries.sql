-- How often copies of a picture were tried (src/media/variants.rs). A picture the
-- copies failed for twice is not tried again at every start: a file that made the server
-- fail would otherwise take it down again each time it came back.
ALTER TABLE media ADD COLUMN variant_tries INTEGER NOT NULL DEFAULT 0;
