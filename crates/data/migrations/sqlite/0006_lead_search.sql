-- Searching leads the Norwegian way (src/text.rs `fold`, `phone_digits`): each lead keeps
-- its searchable text folded to lower case by Unicode's rules, and its phone number as
-- digits without +47. Both are written by the server with every lead; NULL means "not
-- yet", and start-up fills those in (src/leads/store.rs `index_missing`).
ALTER TABLE leads ADD COLUMN search TEXT;
ALTER TABLE leads ADD COLUMN phone_digits TEXT;
