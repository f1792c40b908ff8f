-- Photos sent with the contact form (crates/data/src/contact/photos.rs). A photo is
-- uploaded before its enquiry: its row is written first (`ready` false) and its files
-- (`kontakt/<id>.jpg` and the thumbnail) after, so no file is ever without a row. The
-- enquiry claims it in its own transaction (`submission_id`); a photo nobody claimed
-- within the hour, or one `discarded` by an erasure or the retention rule, is removed
-- with its files by the sweep (src/contact/photos/sweep.rs).
CREATE TABLE contact_photos (
    id             BLOB PRIMARY KEY NOT NULL,
    address        TEXT NOT NULL,
    received_bytes INTEGER NOT NULL,
    bytes          INTEGER NOT NULL DEFAULT 0,
    width          INTEGER NOT NULL DEFAULT 0,
    height         INTEGER NOT NULL DEFAULT 0,
    ready          INTEGER NOT NULL DEFAULT 0,
    discarded      INTEGER NOT NULL DEFAULT 0,
    submission_id  BLOB,
    position       INTEGER NOT NULL DEFAULT 0,
    created_at     TEXT NOT NULL
);
CREATE INDEX contact_photos_submission ON contact_photos (submission_id);
CREATE INDEX contact_photos_address ON contact_photos (address, created_at);
