-- Every entity of the specification, section 3. Ids are UUIDs (16-byte blobs here,
-- native uuid in PostgreSQL); timestamps are RFC 3339 text written by the application.

CREATE TABLE categories (
    id          BLOB PRIMARY KEY NOT NULL,
    name        TEXT NOT NULL,
    slug        TEXT UNIQUE,
    description TEXT,
    active      INTEGER NOT NULL DEFAULT 1,
    sort_order  INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL
);

CREATE TABLE services_admin (
    id          BLOB PRIMARY KEY NOT NULL,
    name        TEXT NOT NULL,
    slug        TEXT,
    description TEXT,
    price_from  INTEGER,
    category    TEXT NOT NULL,
    category_id BLOB REFERENCES categories (id) ON DELETE SET NULL,
    is_active   INTEGER NOT NULL DEFAULT 1,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE INDEX services_admin_public ON services_admin (category, is_active, created_at);

CREATE TABLE leads (
    id          BLOB PRIMARY KEY NOT NULL,
    name        TEXT NOT NULL,
    email       TEXT,
    phone       TEXT,
    status      TEXT NOT NULL,
    kilde       TEXT NOT NULL,
    beskrivelse TEXT,
    adresse     TEXT,
    postnr      TEXT,
    tags        TEXT NOT NULL DEFAULT '[]',
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE INDEX leads_created_at ON leads (created_at);
CREATE INDEX leads_status ON leads (status, created_at);

CREATE TABLE contact_submissions (
    id         BLOB PRIMARY KEY NOT NULL,
    name       TEXT NOT NULL,
    email      TEXT NOT NULL,
    phone      TEXT NOT NULL,
    service    TEXT,
    message    TEXT NOT NULL,
    lead_id    BLOB REFERENCES leads (id) ON DELETE SET NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX contact_submissions_created_at ON contact_submissions (created_at);

CREATE TABLE media (
    id          BLOB PRIMARY KEY NOT NULL,
    url         TEXT NOT NULL,
    storage_key TEXT NOT NULL UNIQUE,
    alt         TEXT,
    width       INTEGER,
    height      INTEGER,
    size_kb     INTEGER NOT NULL,
    type        TEXT NOT NULL,
    created_at  TEXT NOT NULL
);
CREATE INDEX media_created_at ON media (created_at);

CREATE TABLE admin_users (
    id            BLOB PRIMARY KEY NOT NULL,
    name          TEXT NOT NULL,
    email         TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    role          TEXT NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'editor')),
    is_active     INTEGER NOT NULL DEFAULT 1,
    last_login_at TEXT,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
);

CREATE TABLE sessions (
    id         BLOB PRIMARY KEY NOT NULL,
    token_hash BLOB NOT NULL UNIQUE,
    user_id    BLOB NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Failed sign-in attempts, kept in the database so that throttling holds across
-- several server instances.
CREATE TABLE login_attempts (
    id           BLOB PRIMARY KEY NOT NULL,
    account      TEXT NOT NULL,
    ip           TEXT NOT NULL,
    attempted_at TEXT NOT NULL
);
CREATE INDEX login_attempts_account ON login_attempts (account, attempted_at);
CREATE INDEX login_attempts_ip ON login_attempts (ip, attempted_at);

CREATE TABLE settings (
    id                   INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
    company_name         TEXT,
    orgnr                TEXT,
    adresse              TEXT,
    email                TEXT,
    global_phone_primary TEXT,
    global_phone_extra   TEXT NOT NULL DEFAULT '[]',
    lead_pipeline        TEXT NOT NULL,
    updated_at           TEXT NOT NULL
);

CREATE TABLE audit_logs (
    id           BLOB PRIMARY KEY NOT NULL,
    created_at   TEXT NOT NULL,
    action       TEXT NOT NULL,
    entity_type  TEXT NOT NULL,
    entity_id    TEXT,
    performed_by TEXT,
    changes      TEXT
);
CREATE INDEX audit_logs_created_at ON audit_logs (created_at);
