//! The settings row: company facts and the lead pipeline.

pub mod input;
pub mod model;
pub mod pipeline;
pub mod seed;
pub mod store;

pub use model::{Claims, QuoteDefaults, ServerFacts, Settings};
pub use pipeline::{Stage, StatusKind};

use crate::db::Db;

/// The lead pipeline's statuses with their meaning, in order.
pub async fn stages(db: &Db) -> Result<Vec<Stage>, sqlx::Error> {
    let stored = store::stored_pipeline(db).await?;
    let stages = stored.map(|list| pipeline::from_stored(&list)).unwrap_or_default();
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

/// Saves the pipeline and moves the leads of each renamed status (`from`, `to`) along, in
/// one transaction: the leads through their store, the settings through theirs.
pub async fn save_pipeline(
    db: &Db,
    stages: &[Stage],
    renames: &[(String, String)],
    at: chrono::DateTime<chrono::Utc>,
    entry: &crate::audit::NewAudit,
) -> Result<(), sqlx::Error> {
    let parked = |index: usize| format!("~omdøpes~{index}~{}", at.timestamp_micros());
    let mut tx = db.begin().await?;
    // Renamed leads are parked on a temporary name first, so swapping two names works.
    for (index, (from, _)) in renames.iter().enumerate() {
        crate::leads::store::rename_status_in(&mut tx, from, &parked(index)).await?;
    }
    for (index, (_, to)) in renames.iter().enumerate() {
        crate::leads::store::rename_status_in(&mut tx, &parked(index), to).await?;
    }
    store::set_pipeline_in(&mut tx, stages, at).await?;
    tx.audit(entry).await?;
    tx.commit().await
}
