//! Befaringer: the site visits staff book on a lead. A visit is booked, moved (a new
//! time, length, person or note) and cancelled; each change raises its `sequence`, the
//! number its calendar invitation carries so that every calendar updates the event it
//! has (src/visits/invitation.rs). Booking moves the lead to the pipeline's befaring
//! step when it has one. The queries are in `store.rs`.

pub mod input;
pub mod refused;
pub mod store;

pub use refused::Refused;

/// The private calendar feeds (their queries beside the visits').
pub use store::feeds;

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::audit::NewAudit;
use crate::db::Db;
use crate::settings::Stage;

/// What a request about one that is not there (or no longer) is told.
pub const NOT_FOUND: &str = "Fant ikke befaringen.";

/// A befaring as stored.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Visit {
    pub id: Uuid,
    pub lead_id: Uuid,
    /// When it starts (UTC); the firm's day and clock time are this in Oslo.
    pub starts_at: DateTime<Utc>,
    pub minutes: i32,
    /// Who goes; `None` when that user was deleted (the name and address stay).
    pub staff_id: Option<Uuid>,
    pub staff_name: String,
    pub staff_email: String,
    /// Their phone, as the customer is told it; `None` when they had none.
    pub staff_phone: Option<String>,
    pub note: String,
    /// 0 when booked, one more for each move and for the cancellation.
    pub sequence: i32,
    pub cancelled_at: Option<DateTime<Utc>>,
    pub booked_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// What staff choose when they book or move a befaring.
#[derive(Debug, Clone)]
pub struct Slot {
    pub starts_at: DateTime<Utc>,
    pub minutes: i32,
    pub staff_id: Uuid,
    pub staff_name: String,
    pub staff_email: String,
    pub staff_phone: Option<String>,
    pub note: String,
}

/// The status a lead moves to when a befaring is booked: the first open status of the
/// pipeline whose name speaks of a befaring ("Avtalt befaring"), if it comes after the
/// lead's status (`crate::settings::pipeline::forward_to_step`).
pub fn visit_booked_status(pipeline: &[Stage], current: &str) -> Option<String> {
    crate::settings::pipeline::forward_to_step(pipeline, current, "befaring")
}

/// Books `slot` on lead `lead_id` as visit `id`, moves the lead to `lead_status` when
/// given, with `entry`, in one transaction.
pub async fn book(
    db: &Db,
    id: Uuid,
    lead_id: Uuid,
    slot: &Slot,
    lead_status: Option<&str>,
    (now, by): (DateTime<Utc>, &str),
    entry: &NewAudit,
) -> Result<(), sqlx::Error> {
    let mut tx = db.begin().await?;
    store::insert_in(&mut tx, id, lead_id, slot, now, by).await?;
    if let Some(status) = lead_status {
        crate::leads::store::set_status_in(&mut tx, lead_id, status, now).await?;
    }
    tx.audit(entry).await?;
    tx.commit().await
}

/// Moves visit `id` to `slot` (its sequence one higher), with `entry`; `false` when it is
/// gone or cancelled.
pub async fn reschedule(
    db: &Db,
    id: Uuid,
    slot: &Slot,
    now: DateTime<Utc>,
    entry: &NewAudit,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    if !store::reschedule_in(&mut tx, id, slot, now).await? {
        return Ok(false);
    }
    tx.audit(entry).await?;
    tx.commit().await?;
    Ok(true)
}

/// Cancels visit `id` (its sequence one higher), with `entry`; `false` when it is gone or
/// was cancelled already.
pub async fn cancel(db: &Db, id: Uuid, now: DateTime<Utc>, entry: &NewAudit) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    if !store::cancel_in(&mut tx, id, now).await? {
        return Ok(false);
    }
    tx.audit(entry).await?;
    tx.commit().await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::pipeline::default_pipeline;

    #[test]
    fn a_booking_moves_the_lead_forward_to_the_befaring_step_only() {
        let pipeline = default_pipeline();
        assert_eq!(visit_booked_status(&pipeline, "Ny").as_deref(), Some("Avtalt befaring"));
        assert_eq!(visit_booked_status(&pipeline, "Avtalt befaring"), None);
        assert_eq!(visit_booked_status(&pipeline, "Tilbud sendt"), None);
        assert_eq!(visit_booked_status(&pipeline, "Vunnet"), None);
        let without: Vec<Stage> =
            pipeline.iter().filter(|stage| stage.name != "Avtalt befaring").cloned().collect();
        assert_eq!(visit_booked_status(&without, "Ny"), None);
    }
}
