-- no-transaction
-- Oppdrag (jobs): the work after an accepted quote (crates/data/src/jobs/). A job is made
-- from an accepted quote (its lines become the budget) or from a lead for a small call-out
-- at timepris; staff ("montør", a new role) enter their hours on it, the office adds
-- materials and records the § 7 contact when the used amount passes a price estimate.
--
-- The new role needs a wider CHECK on admin_users.role, which SQLite can only get by
-- building the table again. Dropping a table that others reference with foreign keys on
-- would run their ON DELETE actions (sessions would go), so this migration runs outside
-- sqlx's transaction, with foreign keys off for the rebuild and checked after it.
PRAGMA foreign_keys = OFF;
BEGIN;
CREATE TABLE admin_users_new (
    id            BLOB PRIMARY KEY NOT NULL,
    name          TEXT NOT NULL,
    email         TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    role          TEXT NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'editor', 'montor')),
    is_active     INTEGER NOT NULL DEFAULT 1,
    last_login_at TEXT,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL,
    phone         TEXT
);
INSERT INTO admin_users_new (id, name, email, password_hash, role, is_active, last_login_at, created_at, updated_at, phone)
    SELECT id, name, email, password_hash, role, is_active, last_login_at, created_at, updated_at, phone FROM admin_users;
DROP TABLE admin_users;
ALTER TABLE admin_users_new RENAME TO admin_users;

-- A job keeps its quote for good (an accepted quote is never deleted) and loses its lead
-- when the lead is erased: its time sheets are bookkeeping documentation
-- (bokføringsforskriften § 8-1-2), kept 10 years. One job per quote.
CREATE TABLE jobs (
    id               BLOB PRIMARY KEY NOT NULL,
    lead_id          BLOB REFERENCES leads (id) ON DELETE SET NULL,
    quote_id         BLOB UNIQUE REFERENCES quotes (id) ON DELETE RESTRICT,
    title            TEXT NOT NULL,
    customer_name    TEXT NOT NULL,
    customer_phone   TEXT,
    customer_address TEXT,
    price_type       TEXT NOT NULL,
    lines            TEXT NOT NULL,
    budget           INTEGER NOT NULL,
    hourly_rate      INTEGER NOT NULL,
    status           TEXT NOT NULL,
    start_day        TEXT,
    end_day          TEXT,
    created_by       TEXT NOT NULL,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL
);
CREATE INDEX jobs_lead ON jobs (lead_id);
CREATE INDEX jobs_status ON jobs (status, start_day);

CREATE TABLE job_workers (
    job_id  BLOB NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    user_id BLOB NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    PRIMARY KEY (job_id, user_id)
);
CREATE INDEX job_workers_user ON job_workers (user_id);

-- Hours, per person, per day, per job, in whole quarters (`minutes`); `line` is the index
-- of the budget line the time was spent on; `extra` marks tilleggsarbeid.
CREATE TABLE time_entries (
    id         BLOB PRIMARY KEY NOT NULL,
    job_id     BLOB NOT NULL REFERENCES jobs (id) ON DELETE RESTRICT,
    user_id    BLOB REFERENCES admin_users (id) ON DELETE SET NULL,
    user_name  TEXT NOT NULL,
    day        TEXT NOT NULL,
    minutes    INTEGER NOT NULL,
    line       INTEGER,
    note       TEXT NOT NULL,
    extra      INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX time_entries_user_day ON time_entries (user_id, day);
CREATE INDEX time_entries_job ON time_entries (job_id, day);

CREATE TABLE job_materials (
    id          BLOB PRIMARY KEY NOT NULL,
    job_id      BLOB NOT NULL REFERENCES jobs (id) ON DELETE RESTRICT,
    service_id  BLOB REFERENCES services_admin (id) ON DELETE SET NULL,
    description TEXT NOT NULL,
    quantity    INTEGER NOT NULL,
    unit        TEXT NOT NULL,
    unit_price  INTEGER NOT NULL,
    vat         INTEGER NOT NULL,
    extra       INTEGER NOT NULL,
    added_by_id BLOB REFERENCES admin_users (id) ON DELETE SET NULL,
    added_by    TEXT NOT NULL,
    created_at  TEXT NOT NULL
);
CREATE INDEX job_materials_job ON job_materials (job_id, created_at);

-- The firm's contact with the customer when the used amount passes a price estimate
-- (håndverkertjenesteloven § 7 (2)): how, when, what the customer said, and the used
-- amount and budget at that moment.
CREATE TABLE job_contacts (
    id           BLOB PRIMARY KEY NOT NULL,
    job_id       BLOB NOT NULL REFERENCES jobs (id) ON DELETE RESTRICT,
    how          TEXT NOT NULL,
    contacted_at TEXT NOT NULL,
    said         TEXT NOT NULL,
    used         INTEGER NOT NULL,
    budget       INTEGER NOT NULL,
    recorded_by  TEXT NOT NULL,
    created_at   TEXT NOT NULL
);
CREATE INDEX job_contacts_job ON job_contacts (job_id, contacted_at);
COMMIT;
PRAGMA foreign_keys = ON;
