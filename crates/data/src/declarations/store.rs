//! The declaration store: every query of `declarations` and `declaration_photos`, for
//! SQLite and PostgreSQL. A signed declaration is never written again (`WHERE signed_at IS
//! NULL`), and its photos neither.

use chrono::{DateTime, Utc};
use sqlx::types::Json;
use uuid::Uuid;

use super::{Declaration, DeclarationPhoto, MAX_PHOTOS, Refused};
use crate::audit::NewAudit;
use crate::db::{Db, Tx};
use crate::{audited, db_run, tx_run};

macro_rules! columns {
    () => {
        "id, job_id, address, kind, description, norms, risk, checks, circuits, responsible_id, responsible_name, \
         responsible_certificate, registration, signed_at, created_by, created_at, updated_at"
    };
}

pub async fn of_job(db: &Db, job_id: Uuid) -> Result<Option<Declaration>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), " FROM declarations WHERE job_id = $1"))
        .bind(job_id)
        .fetch_optional(pool)
        .await)
}

/// Writes `declaration` (new, or the draft it replaces) with `entry`; `false` when it is
/// signed already.
pub async fn save(db: &Db, declaration: &Declaration, entry: &NewAudit) -> Result<bool, sqlx::Error> {
    let mut written = false;
    audited!(db, entry, tx => {
        let done = sqlx::query(concat!(
            "INSERT INTO declarations (", columns!(), ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) \
             ON CONFLICT (job_id) DO UPDATE SET address = excluded.address, kind = excluded.kind, \
             description = excluded.description, norms = excluded.norms, risk = excluded.risk, checks = excluded.checks, \
             circuits = excluded.circuits, responsible_id = excluded.responsible_id, \
             responsible_name = excluded.responsible_name, responsible_certificate = excluded.responsible_certificate, \
             registration = excluded.registration, updated_at = excluded.updated_at \
             WHERE declarations.signed_at IS NULL"
        ))
        .bind(declaration.id)
        .bind(declaration.job_id)
        .bind(&declaration.address)
        .bind(declaration.kind.as_str())
        .bind(&declaration.description)
        .bind(&declaration.norms)
        .bind(Json(&declaration.risk))
        .bind(Json(&declaration.checks))
        .bind(Json(&declaration.circuits))
        .bind(declaration.responsible_id)
        .bind(&declaration.responsible_name)
        .bind(&declaration.responsible_certificate)
        .bind(&declaration.registration)
        .bind(declaration.signed_at)
        .bind(&declaration.created_by)
        .bind(declaration.created_at)
        .bind(declaration.updated_at)
        .execute(&mut *tx)
        .await?;
        written = done.rows_affected() == 1;
        if !written {
            return Err(sqlx::Error::RowNotFound);
        }
    })
    .map(|()| written)
    .or_else(|err| if matches!(err, sqlx::Error::RowNotFound) { Ok(false) } else { Err(err) })
}

/// Signs job `job_id`'s draft as `responsible` at `at` with `entry`; `false` when there is
/// none unsigned that names `responsible`. The job's row is taken first, as a photo added or
/// removed takes it (`add_photo`), so no photo comes or goes after the signature.
pub async fn sign(
    db: &Db,
    job_id: Uuid,
    responsible: Uuid,
    at: DateTime<Utc>,
    entry: &NewAudit,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    crate::jobs::store::lock_in(&mut tx, job_id).await?;
    let done = tx_run!(&mut tx, conn => sqlx::query(
        "UPDATE declarations SET signed_at = $1, updated_at = $1 WHERE job_id = $2 AND signed_at IS NULL \
         AND responsible_id = $3",
    )
    .bind(at)
    .bind(job_id)
    .bind(responsible)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    if done != 1 {
        return Ok(false);
    }
    tx.audit(entry).await?;
    tx.commit().await?;
    Ok(true)
}

macro_rules! photo_columns {
    () => {
        "id, job_id, caption, width, height, created_by, created_at"
    };
}

/// Job `job_id`'s photos, in the order they were added.
pub async fn photos(db: &Db, job_id: Uuid) -> Result<Vec<DeclarationPhoto>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", photo_columns!(), " FROM declaration_photos WHERE job_id = $1 ORDER BY created_at, id"
    ))
    .bind(job_id)
    .fetch_all(pool)
    .await)
}

/// Photo `id` of job `job_id`.
pub async fn photo(db: &Db, job_id: Uuid, id: Uuid) -> Result<Option<DeclarationPhoto>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", photo_columns!(), " FROM declaration_photos WHERE id = $1 AND job_id = $2"
    ))
    .bind(id)
    .bind(job_id)
    .fetch_optional(pool)
    .await)
}

/// Takes job `job_id`'s row and says whether its declaration is signed.
async fn take_unsigned(tx: &mut Tx, job_id: Uuid) -> Result<bool, sqlx::Error> {
    crate::jobs::store::lock_in(tx, job_id).await?;
    let signed: Option<(Option<DateTime<Utc>>,)> = tx_run!(tx, conn => sqlx::query_as(
        "SELECT signed_at FROM declarations WHERE job_id = $1",
    )
    .bind(job_id)
    .fetch_optional(conn)
    .await)?;
    Ok(signed.is_none_or(|(at,)| at.is_none()))
}

/// Adds `photo` to its job's declaration with `entry`, unless the declaration is signed or
/// has [`MAX_PHOTOS`] already.
pub async fn add_photo(
    db: &Db,
    photo: &DeclarationPhoto,
    entry: &NewAudit,
) -> Result<Result<(), Refused>, sqlx::Error> {
    let mut tx = db.begin().await?;
    if !take_unsigned(&mut tx, photo.job_id).await? {
        return Ok(Err(Refused::Signed));
    }
    let (count,): (i64,) = tx_run!(&mut tx, conn => sqlx::query_as("SELECT COUNT(*) FROM declaration_photos WHERE job_id = $1")
        .bind(photo.job_id)
        .fetch_one(conn)
        .await)?;
    if count >= MAX_PHOTOS {
        return Ok(Err(Refused::Full));
    }
    tx_run!(&mut tx, conn => sqlx::query(concat!(
        "INSERT INTO declaration_photos (", photo_columns!(), ") VALUES ($1, $2, $3, $4, $5, $6, $7)"
    ))
    .bind(photo.id)
    .bind(photo.job_id)
    .bind(&photo.caption)
    .bind(photo.width)
    .bind(photo.height)
    .bind(&photo.created_by)
    .bind(photo.created_at)
    .execute(conn)
    .await
    .map(|_| ()))?;
    tx.audit(entry).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// Removes photo `id` of job `job_id` with `entry`; `Ok(false)` when it is not there,
/// refused when the declaration is signed.
pub async fn remove_photo(
    db: &Db,
    job_id: Uuid,
    id: Uuid,
    entry: &NewAudit,
) -> Result<Result<bool, Refused>, sqlx::Error> {
    let mut tx = db.begin().await?;
    if !take_unsigned(&mut tx, job_id).await? {
        return Ok(Err(Refused::Signed));
    }
    let deleted = tx_run!(&mut tx, conn => sqlx::query("DELETE FROM declaration_photos WHERE id = $1 AND job_id = $2")
        .bind(id)
        .bind(job_id)
        .execute(conn)
        .await
        .map(|done| done.rows_affected()))?;
    if deleted == 1 {
        tx.audit(entry).await?;
    }
    tx.commit().await?;
    Ok(Ok(deleted == 1))
}
