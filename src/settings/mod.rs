//! The settings row: company facts and the lead pipeline.

pub mod routes;

use serde_json::Value;
use sqlx::types::Json;

use crate::db::Db;
use crate::db_run;

/// A pipeline status is stored as plain text or as an object with a name (the settings row's JSON allows both).
pub fn status_name(status: &Value) -> Option<&str> {
    status.as_str().or_else(|| status.get("name").and_then(Value::as_str))
}

/// The lead pipeline's status names, in order.
pub async fn pipeline(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    let row: Option<(Json<Vec<Value>>,)> = db_run!(db, pool =>
        sqlx::query_as("SELECT lead_pipeline FROM settings WHERE id = 1").fetch_optional(pool).await)?;
    let statuses: Vec<String> = row
        .map(|(Json(list),)| list.iter().filter_map(status_name).map(str::to_owned).collect())
        .unwrap_or_default();
    if statuses.is_empty() {
        Ok(crate::db::seed::DEFAULT_PIPELINE.iter().map(|s| s.to_string()).collect())
    } else {
        Ok(statuses)
    }
}
