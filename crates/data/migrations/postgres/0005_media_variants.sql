-- Smaller WebP copies of each raster picture in the media library (src/media/variants.rs),
-- stored beside the original and served under /media like it. Deleted with the picture.
CREATE TABLE media_variants (
    storage_key TEXT PRIMARY KEY,
    media_id    UUID NOT NULL REFERENCES media (id) ON DELETE CASCADE,
    width       BIGINT NOT NULL,
    height      BIGINT NOT NULL,
    size_kb     BIGINT NOT NULL
);
CREATE INDEX media_variants_media ON media_variants (media_id, width);
