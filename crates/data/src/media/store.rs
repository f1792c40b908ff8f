//! The media store: the library's rows, each write with its audit entry in the same
//! transaction. The files themselves live in `super::storage`.

use uuid::Uuid;

use super::{Media, VariantRow};
use crate::audit::NewAudit;
use crate::db::Db;
use crate::text::Needle;
use crate::{audited, db_run};

macro_rules! columns {
    () => {
        "SELECT id, url, name, alt, width, height, size_kb, type, created_at, storage_key FROM media"
    };
}

/// The library, newest first, whose alt texts hold `needle`. The whole library is read
/// and matched folded the Norwegian way (`crate::text::fold`); the list answers the
/// whole library at once anyway.
pub async fn list(db: &Db, needle: &Needle) -> Result<Vec<Media>, sqlx::Error> {
    let mut media: Vec<Media> = db_run!(db, pool => sqlx::query_as(concat!(columns!(), " ORDER BY created_at DESC, id DESC"))
            .fetch_all(pool)
            .await)?;
    media.retain(|m| needle.finds([m.alt.as_deref().unwrap_or_default(), m.name.as_str()]));
    Ok(media)
}

/// The command search's files: the five newest whose alt text holds `needle`.
pub async fn search(db: &Db, needle: &Needle) -> Result<Vec<crate::text::Hit>, sqlx::Error> {
    let mut hits: Vec<crate::text::Hit> = db_run!(db, pool => sqlx::query_as(
        "SELECT id, COALESCE(NULLIF(alt, ''), name) AS title, type AS detail FROM media ORDER BY created_at DESC",
    ).fetch_all(pool).await)?;
    hits.retain(|hit| needle.finds([hit.title.as_str()]));
    hits.truncate(5);
    // The picture's kind in words, not its MIME type.
    for hit in &mut hits {
        hit.detail = hit.detail.as_deref().map(|mime| picture_kind(mime).to_owned());
    }
    Ok(hits)
}

/// "JPEG-bilde" for `image/jpeg`: how staff name a picture's file type.
fn picture_kind(mime: &str) -> &str {
    match mime {
        "image/jpeg" => "JPEG-bilde",
        "image/png" => "PNG-bilde",
        "image/webp" => "WebP-bilde",
        "image/gif" => "GIF-bilde",
        "image/avif" => "AVIF-bilde",
        _ => "Bilde",
    }
}

pub async fn get(db: &Db, id: Uuid) -> Result<Option<Media>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(columns!(), " WHERE id = $1")).bind(id).fetch_optional(pool).await)
}

/// The content type of the file stored under `key`, if the library has it: an original
/// or one of its WebP variants.
pub async fn content_type(db: &Db, key: &str) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = db_run!(db, pool => sqlx::query_as(
        "SELECT type FROM media WHERE storage_key = $1 \
         UNION ALL SELECT 'image/webp' FROM media_variants WHERE storage_key = $1",
    )
    .bind(key)
    .fetch_optional(pool)
    .await)?;
    Ok(row.map(|(content_type,)| content_type))
}

/// The variants of the pictures `ids`, narrowest first (through the `media_id` index).
pub async fn variants(db: &Db, ids: &[Uuid]) -> Result<Vec<VariantRow>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    db_run!(db, pool => {
        let mut query = sqlx::QueryBuilder::new(
            "SELECT media_id, storage_key, width, height, size_kb FROM media_variants WHERE",
        );
        crate::db::push_in(&mut query, "media_id", ids);
        query.push(" ORDER BY media_id, width");
        query.build_query_as().fetch_all(pool).await
    })
}

pub async fn insert_variants(db: &Db, variants: &[VariantRow]) -> Result<(), sqlx::Error> {
    let mut tx = db.begin().await?;
    for variant in variants {
        crate::tx_run!(&mut tx, conn => {
            sqlx::query(
                "INSERT INTO media_variants (storage_key, media_id, width, height, size_kb) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (storage_key) DO NOTHING",
            )
            .bind(&variant.storage_key)
            .bind(variant.media_id)
            .bind(variant.width)
            .bind(variant.height)
            .bind(variant.size_kb)
            .execute(conn)
            .await
            .map(|_| ())
        })?;
    }
    tx.commit().await
}

/// Counts a try at making the copies of `id`, before it is made: a try that takes the
/// process down is counted too.
pub async fn count_variant_try(db: &Db, id: Uuid) -> Result<(), sqlx::Error> {
    db_run!(db, pool => sqlx::query("UPDATE media SET variant_tries = variant_tries + 1 WHERE id = $1")
        .bind(id)
        .execute(pool)
        .await
        .map(|_| ()))
}

/// Tries after which a picture's copies are not tried again: it is served as uploaded.
pub const VARIANT_TRIES: i64 = 2;

/// Raster pictures that have no variants yet and have not failed [`VARIANT_TRIES`] times,
/// oldest first.
pub async fn missing_variants(db: &Db) -> Result<Vec<Media>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        columns!(),
        " WHERE type IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif') AND variant_tries < $1 \
          AND NOT EXISTS (SELECT 1 FROM media_variants v WHERE v.media_id = media.id) ORDER BY created_at"
    ))
    .bind(VARIANT_TRIES)
    .fetch_all(pool)
    .await)
}

pub async fn insert(db: &Db, media: &Media, entry: &NewAudit) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query(
            "INSERT INTO media (id, url, storage_key, alt, width, height, size_kb, type, created_at, name) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(media.id)
        .bind(&media.url)
        .bind(&media.storage_key)
        .bind(&media.alt)
        .bind(media.width)
        .bind(media.height)
        .bind(media.size_kb)
        .bind(&media.media_type)
        .bind(media.created_at)
        .bind(&media.name)
        .execute(&mut *tx)
        .await?;
    })
}

pub async fn set_alt(db: &Db, id: Uuid, alt: Option<&str>, entry: &NewAudit) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query("UPDATE media SET alt = $2 WHERE id = $1").bind(id).bind(alt).execute(&mut *tx).await?;
    })
}

/// Deletes the picture's row and its variants' rows in the caller's transaction; answers
/// the variants' keys, read in the same transaction, so that copies saved while the
/// picture was being deleted are among them (and copies saved after it fail on the
/// missing picture; see `variants::make_now`).
pub async fn delete_in(tx: &mut crate::db::Tx, id: Uuid) -> Result<Vec<String>, sqlx::Error> {
    let keys: Vec<(String,)> = crate::tx_run!(tx, conn => sqlx::query_as(
        "DELETE FROM media_variants WHERE media_id = $1 RETURNING storage_key",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await)?;
    crate::tx_run!(tx, conn => sqlx::query("DELETE FROM media WHERE id = $1").bind(id).execute(conn).await.map(|_| ()))?;
    Ok(keys.into_iter().map(|(key,)| key).collect())
}
