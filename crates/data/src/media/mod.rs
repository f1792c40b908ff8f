//! The media library's records: a file as staff and the pages see it, where it is used,
//! and its smaller copies; the SQL is in `store`. Uploading, checking, copying and
//! serving the files are the server's (`src/media/`).

pub mod input;
pub mod refused;
pub mod store;

pub use refused::Refused;

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

/// What a request about one that is not there (or no longer) is told.
pub const NOT_FOUND: &str = "Fant ikke filen. Den kan være slettet.";

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Media {
    pub id: Uuid,
    /// Where the file is served, e.g. `/media/1764000000000-kjokken.jpg`.
    pub url: String,
    /// The file's name as uploaded, without its extension: how staff find it.
    pub name: String,
    /// What the picture shows, for those who cannot see it; `null` until staff write it
    /// (never the file name).
    pub alt: Option<String>,
    pub width: Option<i64>,
    pub height: Option<i64>,
    /// Size in whole KB (rounded).
    pub size_kb: i64,
    /// The stored content type, e.g. `image/jpeg`.
    #[serde(rename = "type")]
    #[sqlx(rename = "type")]
    pub media_type: String,
    pub created_at: DateTime<Utc>,
    #[serde(skip)]
    pub storage_key: String,
    /// Smaller WebP copies of a picture, narrowest first; empty until they are made
    /// (a moment after the upload), and for a PDF or an AVIF picture.
    #[sqlx(skip)]
    pub variants: Vec<Variant>,
    /// The content that shows the picture ("Innhold"); deleting it takes it away there.
    #[sqlx(skip)]
    pub used_by: Vec<MediaUse>,
    /// The firm's logo (Innstillinger); deleting it leaves the site without one.
    #[sqlx(skip)]
    pub is_logo: bool,
}

/// A content item that shows a picture.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MediaUse {
    pub id: Uuid,
    pub kind: crate::content::ContentKind,
    /// The item's name or title.
    pub label: String,
}

/// A smaller copy of a picture, as the pages and the admin get it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Variant {
    /// Where it is served, e.g. `/media/1764000000000-kjokken_480w.webp`.
    pub url: String,
    pub width: i64,
    pub height: i64,
    pub size_kb: i64,
}

/// A variant as stored (`media_variants`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VariantRow {
    pub media_id: Uuid,
    pub storage_key: String,
    pub width: i64,
    pub height: i64,
    pub size_kb: i64,
}

impl VariantRow {
    pub fn variant(&self) -> Variant {
        Variant {
            url: format!("/media/{}", self.storage_key),
            width: self.width,
            height: self.height,
            size_kb: self.size_kb,
        }
    }
}

/// Deletes picture `id` and its copies' rows, and saves the content items that showed it
/// without it (`edits`, each with its audit entry), each table by its owner's store, in
/// one transaction with `entry`. Answers the storage keys of the copies, whose files the
/// caller deletes once the rows are gone.
pub async fn delete(
    db: &crate::db::Db,
    id: Uuid,
    entry: &crate::audit::NewAudit,
    edits: &[(crate::content::ContentItem, crate::audit::NewAudit)],
) -> Result<Vec<String>, sqlx::Error> {
    let mut tx = db.begin().await?;
    let variant_keys = store::delete_in(&mut tx, id).await?;
    tx.audit(entry).await?;
    for (item, edit) in edits {
        crate::content::store::update_in(&mut tx, item).await?;
        tx.audit(edit).await?;
    }
    tx.commit().await?;
    Ok(variant_keys)
}
