-- The contact form's limit per client address (src/contact/limit.rs), kept in the
-- database so that it holds across every instance behind a load balancer, as the
-- sign-in throttle's attempts do.
CREATE TABLE contact_attempts (
    id           UUID PRIMARY KEY NOT NULL,
    address      TEXT NOT NULL,
    attempted_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX contact_attempts_address ON contact_attempts (address, attempted_at);
CREATE INDEX contact_attempts_attempted_at ON contact_attempts (attempted_at);
