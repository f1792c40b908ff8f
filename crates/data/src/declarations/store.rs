//! The declaration store: every query of `declarations`, for SQLite and PostgreSQL. A
//! signed declaration is never written again (`WHERE signed_at IS NULL`).

use chrono::{DateTime, Utc};
use sqlx::types::Json;
use uuid::Uuid;

use super::Declaration;
use crate::audit::NewAudit;
use crate::db::Db;
use crate::{audited, db_run};

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

/// Signs job `job_id`'s draft at `at` with `entry`; `false` when there is none unsigned.
pub async fn sign(db: &Db, job_id: Uuid, at: DateTime<Utc>, entry: &NewAudit) -> Result<bool, sqlx::Error> {
    let mut signed = false;
    audited!(db, entry, tx => {
        let done = sqlx::query(
            "UPDATE declarations SET signed_at = $1, updated_at = $1 WHERE job_id = $2 AND signed_at IS NULL",
        )
        .bind(at)
        .bind(job_id)
        .execute(&mut *tx)
        .await?;
        signed = done.rows_affected() == 1;
        if !signed {
            return Err(sqlx::Error::RowNotFound);
        }
    })
    .map(|()| signed)
    .or_else(|err| if matches!(err, sqlx::Error::RowNotFound) { Ok(false) } else { Err(err) })
}
