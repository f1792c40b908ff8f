-- What the firm tells about itself on the public pages (src/content): team members,
-- projects, reviews, key figures, platforms and promises. One table, one row per item,
-- the item's fields as JSON checked by the server for its kind. `example` marks the
-- texts the site ships with until staff save the item as their own.
CREATE TABLE content_items (
    id         UUID PRIMARY KEY,
    kind       TEXT NOT NULL,
    position   BIGINT NOT NULL,
    hidden     BOOLEAN NOT NULL DEFAULT FALSE,
    example    BOOLEAN NOT NULL DEFAULT FALSE,
    data       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX content_items_kind ON content_items (kind, position);

-- The example content is put in once (src/db/seed.rs); deleting it all does not bring it back.
ALTER TABLE settings ADD COLUMN content_seeded BOOLEAN NOT NULL DEFAULT FALSE;
