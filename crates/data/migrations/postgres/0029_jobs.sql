-- Oppdrag (jobs): the work after an accepted quote (crates/data/src/jobs/). A job is made
-- from an accepted quote (its lines become the budget) or from a lead for a small call-out
-- at timepris; staff ("montør", a new role) enter their hours on it, the office adds
-- materials and records the § 7 contact when the used amount passes a price estimate.
-- The new role widens the CHECK on admin_users.role.
ALTER TABLE admin_users DROP CONSTRAINT admin_users_role_check;
ALTER TABLE admin_users ADD CONSTRAINT admin_users_role_check CHECK (role IN ('admin', 'editor', 'montor'));

-- A job keeps its quote for good (an accepted quote is never deleted) and loses its lead
-- when the lead is erased: its time sheets are bookkeeping documentation
-- (bokføringsforskriften § 8-1-2), kept 10 years. One job per quote.
CREATE TABLE jobs (
    id               UUID PRIMARY KEY,
    lead_id          UUID REFERENCES leads (id) ON DELETE SET NULL,
    quote_id         UUID UNIQUE REFERENCES quotes (id) ON DELETE RESTRICT,
    title            TEXT NOT NULL,
    customer_name    TEXT NOT NULL,
    customer_phone   TEXT,
    customer_address TEXT,
    price_type       TEXT NOT NULL,
    lines            JSONB NOT NULL,
    budget           BIGINT NOT NULL,
    hourly_rate      BIGINT NOT NULL,
    status           TEXT NOT NULL,
    start_day        DATE,
    end_day          DATE,
    created_by       TEXT NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL
);
CREATE INDEX jobs_lead ON jobs (lead_id);
CREATE INDEX jobs_status ON jobs (status, start_day);

CREATE TABLE job_workers (
    job_id  UUID NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    user_id UUID NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    PRIMARY KEY (job_id, user_id)
);
CREATE INDEX job_workers_user ON job_workers (user_id);

-- Hours, per person, per day, per job, in whole quarters (`minutes`); `line` is the index
-- of the budget line the time was spent on; `extra` marks tilleggsarbeid.
CREATE TABLE time_entries (
    id         UUID PRIMARY KEY,
    job_id     UUID NOT NULL REFERENCES jobs (id) ON DELETE RESTRICT,
    user_id    UUID REFERENCES admin_users (id) ON DELETE SET NULL,
    user_name  TEXT NOT NULL,
    day        DATE NOT NULL,
    minutes    INTEGER NOT NULL,
    line       INTEGER,
    note       TEXT NOT NULL,
    extra      BOOLEAN NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX time_entries_user_day ON time_entries (user_id, day);
CREATE INDEX time_entries_job ON time_entries (job_id, day);

CREATE TABLE job_materials (
    id          UUID PRIMARY KEY,
    job_id      UUID NOT NULL REFERENCES jobs (id) ON DELETE RESTRICT,
    service_id  UUID REFERENCES services_admin (id) ON DELETE SET NULL,
    description TEXT NOT NULL,
    quantity    BIGINT NOT NULL,
    unit        TEXT NOT NULL,
    unit_price  BIGINT NOT NULL,
    vat         INTEGER NOT NULL,
    extra       BOOLEAN NOT NULL,
    added_by_id UUID REFERENCES admin_users (id) ON DELETE SET NULL,
    added_by    TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX job_materials_job ON job_materials (job_id, created_at);

-- The firm's contact with the customer when the used amount passes a price estimate
-- (håndverkertjenesteloven § 7 (2)): how, when, what the customer said, and the used
-- amount and budget at that moment.
CREATE TABLE job_contacts (
    id           UUID PRIMARY KEY,
    job_id       UUID NOT NULL REFERENCES jobs (id) ON DELETE RESTRICT,
    how          TEXT NOT NULL,
    contacted_at TIMESTAMPTZ NOT NULL,
    said         TEXT NOT NULL,
    used         BIGINT NOT NULL,
    budget       BIGINT NOT NULL,
    recorded_by  TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX job_contacts_job ON job_contacts (job_id, contacted_at);
