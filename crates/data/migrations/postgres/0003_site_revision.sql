-- A counter of changes to what the public pages show (settings, services, content).
-- Every instance renders its pages again when it sees the number move (src/site/cache.rs),
-- so a change made through one instance reaches the pages of all within seconds.
CREATE TABLE site_revision (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    revision BIGINT NOT NULL
);
INSERT INTO site_revision (id, revision) VALUES (1, 0);
