-- PostgreSQL's own ceiling for an enquiry's rows (bench/run.sh): the three rows one
-- POST /api/contact writes (crates/data/src/contact/mod.rs, `store_batch`: its sender's
-- attempt, the lead, the submission), inserted by pgbench in one transaction each, with
-- no web server, no JSON and none of the reads the server does first (the sender's
-- attempts, the open leads with the same number or address). The server's enquiries per
-- second divided by this script's transactions per second, same client count, is the
-- share of the database's ceiling the server reaches.
\set n random(1, 2000000000)
BEGIN;
INSERT INTO contact_attempts (id, address, attempted_at)
VALUES (gen_random_uuid(), '10.' || :client_id || '.' || :n, now());
WITH lead AS (
  INSERT INTO leads (id, name, email, phone, status, kilde, beskrivelse, adresse, postnr, tags, search,
                     phone_digits, follow_up, assignee_id, duplicate_of, email_key, created_at, updated_at)
  VALUES (gen_random_uuid(), 'Benk ' || :n, 'benk' || :n || '@example.no', '9' || :n, 'Ny', 'Nettskjema',
          'Måling av kontaktskjemaet', NULL, NULL, '[]', 'benk ' || :n || ' benk' || :n || '@example.no 9' || :n,
          '9' || :n, NULL, NULL, NULL, 'benk' || :n || '@example.no', now(), now())
  RETURNING id
)
INSERT INTO contact_submissions (id, name, email, phone, service, message, lead_id, created_at, preferred_times)
SELECT gen_random_uuid(), 'Benk ' || :n, 'benk' || :n || '@example.no', '9' || :n, NULL,
       'Måling av kontaktskjemaet', id, now(), '[]'
FROM lead;
COMMIT;
