-- Every entity of the specification, section 3, in PostgreSQL's native types.

CREATE TABLE categories (
    id          UUID PRIMARY KEY,
    name        TEXT NOT NULL,
    slug        TEXT UNIQUE,
    description TEXT,
    active      BOOLEAN NOT NULL DEFAULT TRUE,
    sort_order  BIGINT NOT NULL DEFAULT 0,
    created_at  TIMESTAMPTZ NOT NULL
);

CREATE TABLE services_admin (
    id          UUID PRIMARY KEY,
    name        TEXT NOT NULL,
    slug        TEXT,
    description TEXT,
    price_from  BIGINT,
    category    TEXT NOT NULL,
    category_id UUID REFERENCES categories (id) ON DELETE SET NULL,
    is_active   BOOLEAN NOT NULL DEFAULT TRUE,
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX services_admin_public ON services_admin (category, is_active, created_at);

CREATE TABLE leads (
    id          UUID PRIMARY KEY,
    name        TEXT NOT NULL,
    email       TEXT,
    phone       TEXT,
    status      TEXT NOT NULL,
    kilde       TEXT NOT NULL,
    beskrivelse TEXT,
    adresse     TEXT,
    postnr      TEXT,
    tags        JSONB NOT NULL DEFAULT '[]',
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX leads_created_at ON leads (created_at);
CREATE INDEX leads_status ON leads (status, created_at);

CREATE TABLE contact_submissions (
    id         UUID PRIMARY KEY,
    name       TEXT NOT NULL,
    email      TEXT NOT NULL,
    phone      TEXT NOT NULL,
    service    TEXT,
    message    TEXT NOT NULL,
    lead_id    UUID REFERENCES leads (id) ON DELETE SET NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX contact_submissions_created_at ON contact_submissions (created_at);

CREATE TABLE media (
    id          UUID PRIMARY KEY,
    url         TEXT NOT NULL,
    storage_key TEXT NOT NULL UNIQUE,
    alt         TEXT,
    width       BIGINT,
    height      BIGINT,
    size_kb     BIGINT NOT NULL,
    type        TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX media_created_at ON media (created_at);

CREATE TABLE admin_users (
    id            UUID PRIMARY KEY,
    name          TEXT NOT NULL,
    email         TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    role          TEXT NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'editor')),
    is_active     BOOLEAN NOT NULL DEFAULT TRUE,
    last_login_at TIMESTAMPTZ,
    created_at    TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL
);

CREATE TABLE sessions (
    id         UUID PRIMARY KEY,
    token_hash BYTEA NOT NULL UNIQUE,
    user_id    UUID NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Failed sign-in attempts, kept in the database so that throttling holds across
-- several server instances.
CREATE TABLE login_attempts (
    id           UUID PRIMARY KEY,
    account      TEXT NOT NULL,
    ip           TEXT NOT NULL,
    attempted_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX login_attempts_account ON login_attempts (account, attempted_at);
CREATE INDEX login_attempts_ip ON login_attempts (ip, attempted_at);

CREATE TABLE settings (
    id                   BIGINT PRIMARY KEY CHECK (id = 1),
    company_name         TEXT,
    orgnr                TEXT,
    adresse              TEXT,
    email                TEXT,
    global_phone_primary TEXT,
    global_phone_extra   JSONB NOT NULL DEFAULT '[]',
    lead_pipeline        JSONB NOT NULL,
    updated_at           TIMESTAMPTZ NOT NULL
);

CREATE TABLE audit_logs (
    id           UUID PRIMARY KEY,
    created_at   TIMESTAMPTZ NOT NULL,
    action       TEXT NOT NULL,
    entity_type  TEXT NOT NULL,
    entity_id    TEXT,
    performed_by TEXT,
    changes      JSONB
);
CREATE INDEX audit_logs_created_at ON audit_logs (created_at);
