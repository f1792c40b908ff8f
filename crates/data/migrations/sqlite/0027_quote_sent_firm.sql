-- The firm as a quote was sent: name, org.nr, address, phone, e-mail and logo, as JSON
-- (src/quotes/mail.rs, `Firm`). The sent PDF is the contract: the copy stamped
-- "Akseptert" and the customer's page are drawn from this, never from today's settings.
-- Quotes sent before it was kept have none, and are drawn from the settings as before.
ALTER TABLE quotes ADD COLUMN sent_firm TEXT;
