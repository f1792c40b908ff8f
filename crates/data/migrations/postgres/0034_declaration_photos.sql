-- Photos from the job on its samsvarserklæring (crates/data/src/declarations/): what the
-- electrician shows of the installation (the open board, a heating cable before the floor
-- covers it), each remade by the server as a JPEG without metadata (src/media/photo.rs)
-- and kept privately under `erklaering/` in the media storage; drawn into the
-- declaration's PDF. At most `declarations::MAX_PHOTOS` per job; none added or removed
-- once the declaration is signed. Kept as long as the declaration, whatever an erasure
-- asks (the job stays too).
CREATE TABLE declaration_photos (
    id         UUID PRIMARY KEY NOT NULL,
    job_id     UUID NOT NULL REFERENCES jobs (id) ON DELETE RESTRICT,
    caption    TEXT NOT NULL,
    width      INTEGER NOT NULL,
    height     INTEGER NOT NULL,
    created_by TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX declaration_photos_job ON declaration_photos (job_id, created_at);
