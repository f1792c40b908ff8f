-- A member of staff's phone number (Brukere): what a befaring's e-mail gives the customer
-- as the number of whoever comes (src/befaring/mail.rs). Optional; without it the
-- customer gets the firm's number.
ALTER TABLE admin_users ADD COLUMN phone TEXT;
