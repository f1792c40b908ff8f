//! The time sheet (timeliste): hours per person, per day, per job, as building and
//! installation firms must keep them (bokføringsforskriften § 8-1-2). An entry is whole
//! quarters of an hour; it may be written and changed until the end of the month after its
//! day's month (the law's deadline for a complete time sheet), and is locked after. Every
//! write is audited. On a prisoverslag, an entry that would take the used amount past the
//! estimate waits for the § 7 contact (`super::meter`): the check and the write share one
//! transaction that holds the job's row, so two entries at once cannot both slip past it.

use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{Job, meter, store};
use crate::audit::NewAudit;
use crate::db::Db;

/// What a request about an entry that is not there (or not the caller's) is told.
pub const NOT_FOUND: &str = "Fant ikke timeføringen.";
/// The most minutes one entry may hold: a whole day.
pub const MAX_MINUTES: i32 = 24 * 60;
/// What an entry above a price estimate without a § 7 contact is told.
pub const NEEDS_CONTACT: &str = "Oppdraget har passert prisoverslaget. Kontoret må registrere kontakten med kunden \
     (håndverkertjenesteloven § 7) før mer tid eller materiell kan føres.";
/// What an entry on a finished job is told.
pub const JOB_CLOSED: &str = "Oppdraget er ferdig. Timer og materiell kan ikke føres på det lenger.";

/// One entry of the time sheet.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct TimeEntry {
    pub id: Uuid,
    pub job_id: Uuid,
    /// Who worked; `None` once that user is deleted (the name stays).
    pub user_id: Option<Uuid>,
    pub user_name: String,
    pub day: NaiveDate,
    /// Whole quarters: 15, 30, 45, ...
    pub minutes: i32,
    /// The budget line (its index) the time was spent on.
    pub line: Option<i32>,
    pub note: String,
    /// Tilleggsarbeid.
    pub extra: bool,
    /// The change order it is tagged to (then `extra`).
    pub change_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl TimeEntry {
    pub fn audit_view(&self) -> serde_json::Value {
        serde_json::json!({
            "day": self.day, "minutes": self.minutes, "line": self.line, "note": self.note,
            "extra": self.extra, "change_id": self.change_id, "user_name": self.user_name,
        })
    }
}

/// The last day an entry of `day` may be written or changed: the last day of the month
/// after `day`'s.
pub fn editable_until(day: NaiveDate) -> NaiveDate {
    let first = day.with_day(1).unwrap_or(day);
    first.checked_add_months(Months::new(2)).and_then(|next| next.pred_opt()).unwrap_or(NaiveDate::MAX)
}

/// Why an entry of `day` may not be written `today`, in Norwegian; `None` when it may.
pub fn refusal(day: NaiveDate, today: NaiveDate) -> Option<String> {
    if day > today {
        return Some("Du kan ikke føre timer på en dag som ikke har kommet.".to_owned());
    }
    let until = editable_until(day);
    (today > until).then(|| {
        format!(
            "Timene for {} er låst: de kunne føres og endres til og med {} (bokføringsforskriften § 8-1-2).",
            crate::oslo::month(day),
            crate::oslo::date(until)
        )
    })
}

/// An entry as written: its job, who, the day and the rest.
#[derive(Debug, Clone)]
pub struct NewEntry {
    pub job_id: Uuid,
    pub user_id: Uuid,
    pub user_name: String,
    pub day: NaiveDate,
    pub minutes: i32,
    pub line: Option<i32>,
    pub note: String,
    pub extra: bool,
    pub change_id: Option<Uuid>,
}

/// Why an entry was not written.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The job is gone.
    NoJob,
    /// The job is done or invoiced.
    Closed,
    /// Over a price estimate before a § 7 contact.
    NeedsContact,
    /// The entry is gone.
    NoEntry,
    /// The change order named is not the job's, or is declined, withdrawn or replaced.
    NoChange,
}

/// The amount `entry` adds to `job`'s own work (none for tilleggsarbeid).
fn amount(job: &Job, minutes: i32, line: Option<i32>, extra: bool) -> i64 {
    if extra { 0 } else { meter::time_amount(minutes, job.rate_of(line)) }
}

/// Writes `entry` as `id` with `audit` when the job is open and the meter lets it in.
pub async fn add(
    db: &Db,
    id: Uuid,
    entry: &NewEntry,
    now: DateTime<Utc>,
    audit: &NewAudit,
) -> Result<Result<(), Refused>, sqlx::Error> {
    let mut tx = db.begin().await?;
    let Some(job) = store::take_in(&mut tx, entry.job_id).await? else { return Ok(Err(Refused::NoJob)) };
    if !job.status.is_open() {
        return Ok(Err(Refused::Closed));
    }
    if let Some(change) = entry.change_id
        && !store::change_open_in(&mut tx, job.id, change).await?
    {
        return Ok(Err(Refused::NoChange));
    }
    let (used, contacted) = store::used_in(&mut tx, &job, None).await?;
    let added = amount(&job, entry.minutes, entry.line, entry.extra);
    if added > 0 && !meter::Meter::allows(job.price_type, job.budget, used, added, contacted) {
        return Ok(Err(Refused::NeedsContact));
    }
    store::time::insert_in(&mut tx, id, entry, now).await?;
    tx.audit(audit).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// Saves entry `id` as `entry` with `audit`, under the same rules as [`add`]; an entry
/// that only shrinks is never held by the meter.
pub async fn change(
    db: &Db,
    id: Uuid,
    entry: &NewEntry,
    now: DateTime<Utc>,
    audit: &NewAudit,
) -> Result<Result<(), Refused>, sqlx::Error> {
    let mut tx = db.begin().await?;
    let Some(job) = store::take_in(&mut tx, entry.job_id).await? else { return Ok(Err(Refused::NoJob)) };
    if !job.status.is_open() {
        return Ok(Err(Refused::Closed));
    }
    if let Some(change) = entry.change_id
        && !store::change_open_in(&mut tx, job.id, change).await?
    {
        return Ok(Err(Refused::NoChange));
    }
    let (used, contacted) = store::used_in(&mut tx, &job, Some(id)).await?;
    let added = amount(&job, entry.minutes, entry.line, entry.extra);
    let before = store::time::get_in(&mut tx, id).await?;
    let Some(before) = before else { return Ok(Err(Refused::NoEntry)) };
    let was = amount(&job, before.minutes, before.line, before.extra);
    if added > was && !meter::Meter::allows(job.price_type, job.budget, used, added, contacted) {
        return Ok(Err(Refused::NeedsContact));
    }
    if !store::time::update_in(&mut tx, id, entry, now).await? {
        return Ok(Err(Refused::NoEntry));
    }
    tx.audit(audit).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// Deletes entry `id` with `audit`; `false` when it is gone.
pub async fn delete(db: &Db, id: Uuid, audit: &NewAudit) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    if !store::time::delete_in(&mut tx, id).await? {
        return Ok(false);
    }
    tx.audit(audit).await?;
    tx.commit().await?;
    Ok(true)
}

/// The Monday of `day`'s week.
pub fn monday_of(day: NaiveDate) -> NaiveDate {
    day - chrono::Duration::days(i64::from(day.weekday().num_days_from_monday()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        crate::oslo::parse_day(text).unwrap()
    }

    #[test]
    fn an_entry_may_be_changed_until_the_end_of_the_next_month() {
        assert_eq!(editable_until(day("2026-10-01")), day("2026-11-30"));
        assert_eq!(editable_until(day("2026-10-31")), day("2026-11-30"));
        assert_eq!(editable_until(day("2026-12-15")), day("2027-01-31"));
        assert_eq!(editable_until(day("2027-01-31")), day("2027-02-28"));
        assert_eq!(refusal(day("2026-10-31"), day("2026-11-30")), None);
        assert_eq!(
            refusal(day("2026-10-31"), day("2026-12-01")).as_deref(),
            Some(
                "Timene for oktober 2026 er låst: de kunne føres og endres til og med 30. november 2026 (bokføringsforskriften § 8-1-2)."
            )
        );
        assert!(refusal(day("2026-12-02"), day("2026-12-01")).is_some());
    }

    #[test]
    fn a_week_starts_on_monday() {
        assert_eq!(monday_of(day("2026-11-27")), day("2026-11-23"));
        assert_eq!(monday_of(day("2026-11-23")), day("2026-11-23"));
        assert_eq!(monday_of(day("2026-11-29")), day("2026-11-23"));
    }
}
