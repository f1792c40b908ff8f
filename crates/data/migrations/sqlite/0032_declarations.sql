-- Samsvarserklæringer (crates/data/src/declarations/): the declaration of conformity an
-- electrician issues to the owner for an installation carried out or changed (forskrift
-- om elektriske lavspenningsanlegg §§ 12-13): the installation's address, the firm and its
-- registration in DSB's Elvirksomhetsregisteret, whether new, extended or changed, a
-- description, the norms, the risk assessment (§ 16) and the final check as checklists,
-- the circuit list, and the responsible person with their certificate, signed with their
-- name and the time. One per job; a signed one is never changed. The firm keeps a copy at
-- least 5 years, so a declaration stays whatever an erasure asks (the job does too).
CREATE TABLE declarations (
    id                      BLOB PRIMARY KEY NOT NULL,
    job_id                  BLOB NOT NULL UNIQUE REFERENCES jobs (id) ON DELETE RESTRICT,
    address                 TEXT NOT NULL,
    kind                    TEXT NOT NULL CHECK (kind IN ('new', 'extension', 'change')),
    description             TEXT NOT NULL,
    norms                   TEXT NOT NULL,
    risk                    TEXT NOT NULL,
    checks                  TEXT NOT NULL,
    circuits                TEXT NOT NULL,
    responsible_id          BLOB REFERENCES admin_users (id) ON DELETE SET NULL,
    responsible_name        TEXT NOT NULL,
    responsible_certificate TEXT NOT NULL,
    registration            TEXT NOT NULL,
    signed_at               TEXT,
    created_by              TEXT NOT NULL,
    created_at              TEXT NOT NULL,
    updated_at              TEXT NOT NULL
);

-- What a new declaration starts with (Innstillinger → Samsvarserklæring): the firm's
-- registration number, the norms, and the checklists the firm may edit.
ALTER TABLE settings ADD COLUMN declaration_defaults TEXT NOT NULL DEFAULT '{}';
