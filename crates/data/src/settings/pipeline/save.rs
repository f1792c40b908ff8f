//! Saving the pipeline: the leads of each renamed status are moved along and the
//! settings row takes the new list, in one transaction with its audit entry.

use super::input::PipelineChange;
use crate::audit::NewAudit;
use crate::db::Db;

/// Saves `change` and moves the leads of each of its renames along: the leads through
/// their store, the settings through theirs.
pub async fn save(
    db: &Db,
    change: &PipelineChange,
    at: chrono::DateTime<chrono::Utc>,
    entry: Option<&NewAudit>,
) -> Result<(), sqlx::Error> {
    let parked = |index: usize| format!("~omdøpes~{index}~{}", at.timestamp_micros());
    let mut tx = db.begin().await?;
    // Renamed leads are parked on a temporary name first, so swapping two names works.
    for (index, (from, _)) in change.renames.iter().enumerate() {
        crate::leads::store::rename_status_in(&mut tx, from, &parked(index)).await?;
    }
    for (index, (_, to)) in change.renames.iter().enumerate() {
        crate::leads::store::rename_status_in(&mut tx, &parked(index), to).await?;
    }
    crate::settings::store::set_pipeline_in(&mut tx, &change.stages, at).await?;
    if let Some(entry) = entry {
        tx.audit(entry).await?;
    }
    tx.commit().await
}
