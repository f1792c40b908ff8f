//! The settings row: company facts and the lead pipeline.

pub mod pipeline;
pub mod routes;
pub mod store;

use serde_json::Value;
use sqlx::types::Json;

pub use pipeline::{Stage, StatusKind};

use crate::db::Db;
use crate::db_run;

/// The lead pipeline's statuses with their meaning, in order.
pub async fn stages(db: &Db) -> Result<Vec<Stage>, sqlx::Error> {
    let row: Option<(Json<Vec<Value>>,)> = db_run!(db, pool =>
        sqlx::query_as("SELECT lead_pipeline FROM settings WHERE id = 1").fetch_optional(pool).await)?;
    let stages = row.map(|(Json(list),)| pipeline::from_stored(&list)).unwrap_or_default();
    Ok(if stages.is_empty() { pipeline::default_pipeline() } else { stages })
}

/// The lead pipeline's status names, in order.
pub async fn pipeline(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    Ok(pipeline::names(&stages(db).await?))
}

/// The names of the statuses that mean a lead is still open (not won or lost).
pub async fn open_statuses(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    Ok(open_names(&stages(db).await?))
}

/// The names of the open statuses among `stages`.
pub fn open_names(stages: &[Stage]) -> Vec<String> {
    stages.iter().filter(|stage| stage.kind == StatusKind::Open).map(|stage| stage.name.clone()).collect()
}
