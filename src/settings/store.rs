//! The settings store: the one settings row, each write with its audit entry in the same
//! transaction.

use chrono::{DateTime, Utc};
use sqlx::types::Json;

use super::Stage;
use super::routes::Settings;
use crate::audit::NewAudit;
use crate::db::Db;
use crate::{audited, db_run};

/// The company facts (the pipeline is read by `super::stages`).
pub async fn facts(db: &Db) -> Result<Option<Settings>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT company_name, orgnr, adresse, email, global_phone_primary, global_phone_extra FROM settings WHERE id = 1",
    )
    .fetch_optional(pool)
    .await)
}

pub async fn save_facts(
    db: &Db,
    facts: &Settings,
    at: DateTime<Utc>,
    entry: &NewAudit,
) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query(
            "UPDATE settings SET company_name = $1, orgnr = $2, adresse = $3, email = $4, \
             global_phone_primary = $5, global_phone_extra = $6, updated_at = $7 WHERE id = 1",
        )
        .bind(&facts.company_name)
        .bind(&facts.orgnr)
        .bind(&facts.adresse)
        .bind(&facts.email)
        .bind(&facts.global_phone_primary)
        .bind(Json(&facts.global_phone_extra))
        .bind(at)
        .execute(&mut *tx)
        .await?;
    })
}

/// Saves the pipeline and moves the leads of each renamed status (`from`, `to`) along.
pub async fn save_pipeline(
    db: &Db,
    stages: &[Stage],
    renames: &[(String, String)],
    at: DateTime<Utc>,
    entry: &NewAudit,
) -> Result<(), sqlx::Error> {
    let parked = |index: usize| format!("~omdøpes~{index}~{}", at.timestamp_micros());
    audited!(db, entry, tx => {
        // Park renamed leads on a temporary name first, so swapping two names works.
        for (index, (from, _)) in renames.iter().enumerate() {
            sqlx::query("UPDATE leads SET status = $1 WHERE status = $2")
                .bind(parked(index))
                .bind(from)
                .execute(&mut *tx)
                .await?;
        }
        for (index, (_, to)) in renames.iter().enumerate() {
            sqlx::query("UPDATE leads SET status = $1 WHERE status = $2")
                .bind(to)
                .bind(parked(index))
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("UPDATE settings SET lead_pipeline = $1, updated_at = $2 WHERE id = 1")
            .bind(Json(stages))
            .bind(at)
            .execute(&mut *tx)
            .await?;
    })
}
