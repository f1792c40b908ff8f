//! The befaring store: every query of `visits`, written once for SQLite and PostgreSQL.
//! A move and a cancellation are conditional on the visit not being cancelled, so two
//! requests at once cannot both change a cancelled visit.

use chrono::{DateTime, Utc};
use uuid::Uuid;

pub mod feeds;

use super::{Slot, Visit};
use crate::db::{Db, Tx};
use crate::{db_run, tx_run};

macro_rules! columns {
    () => {
        "id, lead_id, starts_at, minutes, staff_id, staff_name, staff_email, staff_phone, note, sequence, cancelled_at, \
         booked_by, created_at, updated_at"
    };
}

/// Writes a new visit in the caller's transaction.
pub async fn insert_in(
    tx: &mut Tx,
    id: Uuid,
    lead_id: Uuid,
    slot: &Slot,
    now: DateTime<Utc>,
    by: &str,
) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(
        "INSERT INTO visits (id, lead_id, starts_at, minutes, staff_id, staff_name, staff_email, note, sequence, \
         booked_by, created_at, updated_at, staff_phone) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $10, $10, $11)",
    )
    .bind(id)
    .bind(lead_id)
    .bind(slot.starts_at)
    .bind(slot.minutes)
    .bind(slot.staff_id)
    .bind(&slot.staff_name)
    .bind(&slot.staff_email)
    .bind(&slot.note)
    .bind(by)
    .bind(now)
    .bind(&slot.staff_phone)
    .execute(conn)
    .await
    .map(|_| ()))
}

/// Moves a visit that is not cancelled to `slot`, its sequence one higher; `false` when
/// there is none. A new time is due its own reminder.
pub async fn reschedule_in(
    tx: &mut Tx,
    id: Uuid,
    slot: &Slot,
    now: DateTime<Utc>,
) -> Result<bool, sqlx::Error> {
    let updated = tx_run!(tx, conn => sqlx::query(
        "UPDATE visits SET starts_at = $1, minutes = $2, staff_id = $3, staff_name = $4, staff_email = $5, \
         note = $6, sequence = sequence + 1, updated_at = $7, \
         reminder_sent_at = CASE WHEN starts_at = $1 THEN reminder_sent_at END, \
         reminder_attempts = CASE WHEN starts_at = $1 THEN reminder_attempts ELSE 0 END, staff_phone = $9 \
         WHERE id = $8 AND cancelled_at IS NULL",
    )
    .bind(slot.starts_at)
    .bind(slot.minutes)
    .bind(slot.staff_id)
    .bind(&slot.staff_name)
    .bind(&slot.staff_email)
    .bind(&slot.note)
    .bind(now)
    .bind(id)
    .bind(&slot.staff_phone)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    Ok(updated == 1)
}

/// Cancels a visit that is not cancelled, its sequence one higher; `false` when there is
/// none.
pub async fn cancel_in(tx: &mut Tx, id: Uuid, now: DateTime<Utc>) -> Result<bool, sqlx::Error> {
    let updated = tx_run!(tx, conn => sqlx::query(
        "UPDATE visits SET cancelled_at = $1, sequence = sequence + 1, updated_at = $1 \
         WHERE id = $2 AND cancelled_at IS NULL",
    )
    .bind(now)
    .bind(id)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    Ok(updated == 1)
}

/// Deletes the visits of leads `lead_ids` (an erasure, retention) in the caller's
/// transaction; their ids.
pub async fn delete_of_leads_in(tx: &mut Tx, lead_ids: &[Uuid]) -> Result<Vec<Uuid>, sqlx::Error> {
    if lead_ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<(Uuid,)> = tx_run!(tx, conn => {
        let mut query = sqlx::QueryBuilder::new("DELETE FROM visits WHERE");
        crate::db::push_in(&mut query, "lead_id", lead_ids);
        query.push(" RETURNING id");
        query.build_query_as().fetch_all(conn).await
    })?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

pub async fn get(db: &Db, id: Uuid) -> Result<Option<Visit>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), " FROM visits WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await)
}

/// A lead's visits, cancelled ones too, in time order.
pub async fn of_lead(db: &Db, lead_id: Uuid) -> Result<Vec<Visit>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), " FROM visits WHERE lead_id = $1 ORDER BY starts_at, id"
    ))
    .bind(lead_id)
    .fetch_all(pool)
    .await)
}

/// The visits that are not cancelled and start in `[from, to)`, with their lead's name
/// and address, in time order; only `staff_id`'s when given.
pub async fn between(
    db: &Db,
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    staff_id: Option<Uuid>,
) -> Result<Vec<VisitRow>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT v.id, v.lead_id, v.starts_at, v.minutes, v.staff_id, v.staff_name, v.note, v.sequence, \
         l.name AS lead_name, l.phone AS lead_phone, l.adresse AS lead_address, l.postnr AS lead_postnr \
         FROM visits v JOIN leads l ON l.id = v.lead_id \
         WHERE v.cancelled_at IS NULL AND v.starts_at >= $1 AND v.starts_at < $2 \
         AND ($3 IS NULL OR v.staff_id = $3) ORDER BY v.starts_at, v.id",
    )
    .bind(from)
    .bind(to)
    .bind(staff_id)
    .fetch_all(pool)
    .await)
}

/// The most times a reminder is tried before it is given up (each try is logged).
pub const REMINDER_TRIES: i32 = 12;

/// The visits due their customer's reminder: not cancelled, starting in `[from, to)`,
/// booked or last moved before `booked_before` (one booked or moved later got its
/// invitation within the reminder's own window: that was the reminder), not reminded,
/// not claimed by an instance since `lapsed`, on a lead with an e-mail address, tried
/// fewer than [`REMINDER_TRIES`] times.
pub async fn due_reminders(
    db: &Db,
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    booked_before: DateTime<Utc>,
    lapsed: DateTime<Utc>,
) -> Result<Vec<Uuid>, sqlx::Error> {
    let rows: Vec<(Uuid,)> = db_run!(db, pool => sqlx::query_as(
        "SELECT v.id FROM visits v JOIN leads l ON l.id = v.lead_id \
         WHERE v.cancelled_at IS NULL AND v.reminder_sent_at IS NULL AND v.starts_at >= $1 AND v.starts_at < $2 \
         AND (v.reminder_claimed_at IS NULL OR v.reminder_claimed_at < $3) AND v.reminder_attempts < $4 \
         AND l.email IS NOT NULL AND l.email <> '' AND v.updated_at < $5 ORDER BY v.starts_at",
    )
    .bind(from)
    .bind(to)
    .bind(lapsed)
    .bind(REMINDER_TRIES)
    .bind(booked_before)
    .fetch_all(pool)
    .await)?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Claims visit `id`'s reminder for this instance: `true` for exactly one of the instances
/// that try at once (the row's update is atomic), `false` when it is sent, or claimed by
/// another since `lapsed`.
pub async fn claim_reminder(
    db: &Db,
    id: Uuid,
    now: DateTime<Utc>,
    lapsed: DateTime<Utc>,
) -> Result<bool, sqlx::Error> {
    let claimed = db_run!(db, pool => sqlx::query(
        "UPDATE visits SET reminder_claimed_at = $1, reminder_attempts = reminder_attempts + 1 \
         WHERE id = $2 AND reminder_sent_at IS NULL AND cancelled_at IS NULL \
         AND (reminder_claimed_at IS NULL OR reminder_claimed_at < $3)",
    )
    .bind(now)
    .bind(id)
    .bind(lapsed)
    .execute(pool)
    .await
    .map(|done| done.rows_affected()))?;
    Ok(claimed == 1)
}

/// Marks a claimed reminder sent (`Some(now)`), or lets it go to be tried again (`None`).
pub async fn reminder_done(db: &Db, id: Uuid, sent: Option<DateTime<Utc>>) -> Result<(), sqlx::Error> {
    db_run!(db, pool => sqlx::query("UPDATE visits SET reminder_sent_at = $1, reminder_claimed_at = NULL WHERE id = $2")
        .bind(sent)
        .bind(id)
        .execute(pool)
        .await
        .map(|_| ()))
}

/// A visit in a list of visits (the "Befaringer" view, the dashboard, the feeds): with
/// who it is for and where.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct VisitRow {
    pub id: Uuid,
    pub lead_id: Uuid,
    pub starts_at: DateTime<Utc>,
    pub minutes: i32,
    pub staff_id: Option<Uuid>,
    pub staff_name: String,
    pub note: String,
    pub sequence: i32,
    pub lead_name: String,
    pub lead_phone: Option<String>,
    pub lead_address: Option<String>,
    pub lead_postnr: Option<String>,
}
