-- A returning customer's enquiry is matched against the newest open lead with the same
-- phone digits or e-mail key (crates/data/src/leads/store/lookup.rs, duplicate_of): with
-- the date in the index each probe reads the newest matches first and stops at one.
CREATE INDEX leads_phone_digits_created ON leads (phone_digits, created_at);
CREATE INDEX leads_email_key_created ON leads (email_key, created_at);
DROP INDEX leads_phone_digits;
DROP INDEX leads_email_key;
