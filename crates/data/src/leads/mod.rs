//! Leads: the firm's enquiries as staff work them, their records, store and history.

pub mod contacts;
pub mod history;
pub mod input;
pub mod model;
pub mod refused;
pub mod store;

pub use refused::Refused;

/// What a request about a lead that is not there (or no longer) is told.
pub const NOT_FOUND: &str = "Fant ikke lead-en. Den kan være slettet.";

/// Merges lead `from` into `lead` (already holding the merged fields): `from`'s history,
/// enquiries and duplicate flags move over, the merge is recorded, and `from` is deleted,
/// each table by its owner's store, in one transaction with `entry`. `false`, and nothing
/// changed, when either lead is gone.
pub async fn merge(
    db: &crate::db::Db,
    lead: &model::Lead,
    from: &model::Lead,
    by: &str,
    now: chrono::DateTime<chrono::Utc>,
    entry: Option<&crate::audit::NewAudit>,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    if !store::update_in(&mut tx, lead).await? {
        return Ok(false);
    }
    history::store::move_history(&mut tx, from.id, lead.id).await?;
    crate::contact::store::move_submissions(&mut tx, from.id, lead.id).await?;
    store::repoint_duplicates(&mut tx, from.id, lead.id).await?;
    history::store::insert_merge(&mut tx, lead.id, from.id, &from.name, by, now).await?;
    // Dropped uncommitted, the transaction rolls back: nothing changed.
    if store::delete_in(&mut tx, &[from.id]).await? != 1 {
        return Ok(false);
    }
    if let Some(entry) = entry {
        tx.audit(entry).await?;
    }
    tx.commit().await?;
    Ok(true)
}
