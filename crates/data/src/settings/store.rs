//! The settings store: the one settings row, each write with its audit entry in the same
//! transaction.

use chrono::{DateTime, Utc};
use sqlx::types::Json;

use super::Stage;
use super::model::Settings;
use crate::audit::NewAudit;
use crate::db::{Db, Tx};
use crate::{audited, db_run, tx_run};

/// The company facts (the pipeline is read by `super::stages`).
pub async fn facts(db: &Db) -> Result<Option<Settings>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT company_name, orgnr, adresse, email, global_phone_primary, global_phone_extra, founded_year, \
         claims, logo_id, quote_defaults, visit_days, invoicing, declaration_defaults, working_time FROM settings WHERE id = 1",
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
             global_phone_primary = $5, global_phone_extra = $6, updated_at = $7, founded_year = $8, \
             claims = $9, logo_id = $10, quote_defaults = $11, visit_days = $12, invoicing = $13, \
             declaration_defaults = $14, working_time = $15 WHERE id = 1",
        )
        .bind(&facts.company_name)
        .bind(&facts.orgnr)
        .bind(&facts.adresse)
        .bind(&facts.email)
        .bind(&facts.global_phone_primary)
        .bind(Json(&facts.global_phone_extra))
        .bind(at)
        .bind(facts.founded_year)
        .bind(Json(&facts.claims))
        .bind(facts.logo)
        .bind(Json(&facts.quote_defaults))
        .bind(Json(&facts.visit_days))
        .bind(Json(&facts.invoicing))
        .bind(Json(&facts.declaration_defaults))
        .bind(Json(&facts.working_time))
        .execute(&mut *tx)
        .await?;
    })
}

/// Saves the pipeline in the caller's transaction (a rename moves leads with it:
/// `super::pipeline::save::save`).
pub async fn set_pipeline_in(
    tx: &mut crate::db::Tx,
    stages: &[Stage],
    at: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    crate::tx_run!(tx, conn => sqlx::query("UPDATE settings SET lead_pipeline = $1, updated_at = $2 WHERE id = 1")
        .bind(Json(stages))
        .bind(at)
        .execute(conn)
        .await
        .map(|_| ()))
}

/// The retention rule's months (`None`: off).
pub async fn retention_months(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    let row: Option<(Option<i64>,)> = db_run!(db, pool =>
        sqlx::query_as("SELECT retention_months FROM settings WHERE id = 1").fetch_optional(pool).await)?;
    Ok(row.and_then(|(months,)| months))
}

/// Saves the retention rule's months with its audit entry.
pub async fn set_retention_months(
    db: &Db,
    months: Option<i64>,
    now: chrono::DateTime<chrono::Utc>,
    entry: &NewAudit,
) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query("UPDATE settings SET retention_months = $1, updated_at = $2 WHERE id = 1")
            .bind(months)
            .bind(now)
            .execute(&mut *tx)
            .await?;
    })
}

/// The lead pipeline as stored (`None` before there is a settings row).
pub async fn stored_pipeline(db: &Db) -> Result<Option<Vec<serde_json::Value>>, sqlx::Error> {
    let row: Option<(Json<Vec<serde_json::Value>>,)> = db_run!(db, pool =>
        sqlx::query_as("SELECT lead_pipeline FROM settings WHERE id = 1").fetch_optional(pool).await)?;
    Ok(row.map(|(Json(list),)| list))
}

/// Adds the settings row with `facts` and `pipeline` in `tx`, unless it is there.
pub async fn insert_defaults_in(
    tx: &mut Tx,
    facts: &super::seed::SeedFacts,
    extra_phones: &[&str],
    pipeline: &[Stage],
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(
        "INSERT INTO settings (id, company_name, orgnr, adresse, email, global_phone_primary, \
         global_phone_extra, lead_pipeline, updated_at, founded_year) \
         VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING",
    )
    .bind(facts.company_name)
    .bind(facts.orgnr)
    .bind(facts.adresse)
    .bind(facts.email)
    .bind(facts.phone)
    .bind(Json(extra_phones))
    .bind(Json(pipeline))
    .bind(now)
    .bind(facts.founded_year)
    .execute(conn)
    .await
    .map(|_| ()))
}

/// Marks the example content as added, in `tx`: `true` the first time only, so a firm
/// that deletes it all does not get it back.
pub async fn claim_content_seed_in(tx: &mut Tx) -> Result<bool, sqlx::Error> {
    tx_run!(tx, conn => sqlx::query("UPDATE settings SET content_seeded = $1 WHERE id = 1 AND content_seeded = $2")
        .bind(true)
        .bind(false)
        .execute(conn)
        .await
        .map(|done| done.rows_affected() == 1))
}
