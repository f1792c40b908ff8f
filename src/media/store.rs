//! The media store: the library's rows, each write with its audit entry in the same
//! transaction. The files themselves live in `super::storage`.

use uuid::Uuid;

use super::Media;
use crate::audit::NewAudit;
use crate::db::Db;
use crate::{audited, db_run};

macro_rules! columns {
    () => {
        "SELECT id, url, alt, width, height, size_kb, type, created_at, storage_key FROM media"
    };
}

/// The library, newest first; `pattern` (from `crate::db::like_pattern`, '' for all)
/// searches the alt texts.
pub async fn list(db: &Db, pattern: &str) -> Result<Vec<Media>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        columns!(), " WHERE ($1 = '' OR LOWER(COALESCE(alt, '')) LIKE $1 ESCAPE '\\') ORDER BY created_at DESC, id DESC"
    ))
    .bind(pattern)
    .fetch_all(pool)
    .await)
}

/// The command search's files: alt text matching `pattern`.
pub async fn search(db: &Db, pattern: &str) -> Result<Vec<crate::search::Hit>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT id, COALESCE(alt, '') AS title, type AS detail FROM media \
         WHERE LOWER(COALESCE(alt, '')) LIKE $1 ESCAPE '\\' ORDER BY created_at DESC LIMIT 5",
    ).bind(pattern).fetch_all(pool).await)
}

pub async fn get(db: &Db, id: Uuid) -> Result<Option<Media>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(columns!(), " WHERE id = $1")).bind(id).fetch_optional(pool).await)
}

/// The content type of the file stored under `key`, if the library has it.
pub async fn content_type(db: &Db, key: &str) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = db_run!(db, pool =>
        sqlx::query_as("SELECT type FROM media WHERE storage_key = $1").bind(key).fetch_optional(pool).await)?;
    Ok(row.map(|(content_type,)| content_type))
}

pub async fn insert(db: &Db, media: &Media, entry: &NewAudit) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query(
            "INSERT INTO media (id, url, storage_key, alt, width, height, size_kb, type, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
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
        .execute(&mut *tx)
        .await?;
    })
}

pub async fn set_alt(db: &Db, id: Uuid, alt: Option<&str>, entry: &NewAudit) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query("UPDATE media SET alt = $2 WHERE id = $1").bind(id).bind(alt).execute(&mut *tx).await?;
    })
}

pub async fn delete(db: &Db, id: Uuid, entry: &NewAudit) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query("DELETE FROM media WHERE id = $1").bind(id).execute(&mut *tx).await?;
    })
}
