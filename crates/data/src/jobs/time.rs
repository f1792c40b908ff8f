//! The time sheet (timeliste): hours per person, per day, per job, as building and
//! installation firms must keep them (bokføringsforskriften § 8-1-2). An entry is whole
//! quarters of an hour; it may be written and changed until the end of the month after its
//! day's month (the law's deadline for a complete time sheet), and is locked after. Every
//! write is audited, and passes `super::gate` (the job open, at most 24 hours a day, the § 7
//! contact on a prisoverslag) in the transaction that writes it. An entry keeps the rate
//! it was written at: a new hourly rate on the job applies from then on. Every write takes
//! the turn the office's approval of a month takes (`super::store::month::TURN`), and a
//! montør's is refused in its transaction when the month is approved (#74 finding 12).

use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::gate::{self, Hours, Load, Write};
pub use super::gate::{Refused, Writer, Written};
use super::{meter, store};
use crate::audit::NewAudit;
use crate::db::Db;

pub use super::refused::ENTRY_NOT_FOUND as NOT_FOUND;
/// The most minutes one entry may hold: a whole day.
pub const MAX_MINUTES: i32 = 24 * 60;
pub use super::refused::JOB_CLOSED;

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
    /// Øre excluding MVA per hour, as it was when the entry was written (its budget line's
    /// price, else the job's hourly rate then).
    pub rate: i64,
    /// Written past a prisoverslag's budget before the § 7 contact: kept in the time sheet,
    /// held out of the invoice until the contact is recorded (`super::gate`).
    pub held: bool,
    /// When the work began, in minutes after midnight (Norwegian time); none when not given.
    /// Only the month's evening hours read it (`super::hours::evening`).
    pub starts_at: Option<i32>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl TimeEntry {
    pub fn audit_view(&self) -> serde_json::Value {
        serde_json::json!({
            "day": self.day, "minutes": self.minutes, "line": self.line, "note": self.note,
            "extra": self.extra, "change_id": self.change_id, "user_name": self.user_name,
            "starts_at": self.starts_at.map(crate::oslo::clock_of_minute),
        })
    }

    /// What the entry puts on its job (`super::gate`).
    pub fn load(&self) -> Load {
        load(
            self.job_id,
            self.user_id.unwrap_or_default(),
            self.day,
            self.minutes,
            self.rate,
            self.extra,
            self.change_id,
        )
    }
}

fn load(
    job_id: Uuid,
    user_id: Uuid,
    day: NaiveDate,
    minutes: i32,
    rate: i64,
    extra: bool,
    change_id: Option<Uuid>,
) -> Load {
    Load {
        job_id,
        amount: if extra { 0 } else { meter::time_amount(minutes, rate) },
        change_id,
        hours: Some(Hours { user_id, day, minutes }),
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
    /// Øre per hour: the job's rate for its line when the entry is new or moves.
    pub rate: i64,
    /// Minutes after midnight the work began, if given.
    pub starts_at: Option<i32>,
}

impl NewEntry {
    /// What the entry puts on its job (`super::gate`).
    pub fn load(&self) -> Load {
        load(self.job_id, self.user_id, self.day, self.minutes, self.rate, self.extra, self.change_id)
    }

    /// Whether `stored` is this entry as written: the same person's hours on the same job,
    /// day, line and start, with the same note and marks (its rate is the job's then).
    pub fn is_written_as(&self, stored: &TimeEntry) -> bool {
        stored.user_id == Some(self.user_id)
            && (stored.job_id, stored.day, stored.minutes, stored.line, stored.starts_at)
                == (self.job_id, self.day, self.minutes, self.line, self.starts_at)
            && (stored.note.as_str(), stored.extra, stored.change_id)
                == (self.note.as_str(), self.extra, self.change_id)
    }
}

/// Refuses `writer`'s write of hours on `days` in `tx` when the office has approved one of
/// their months; `tx` is begun in the approval's turn, so an approval is either seen here
/// or made after this write commits, and then counts it.
async fn month_approved(
    tx: &mut crate::db::Tx,
    writer: Writer,
    days: &[NaiveDate],
) -> Result<Option<Refused>, sqlx::Error> {
    if writer == Writer::Office {
        return Ok(None);
    }
    for day in days {
        let first = crate::oslo::first_of_month(*day);
        if store::month::approval_in(tx, first).await?.is_some() {
            return Ok(Some(Refused::MonthApproved(first)));
        }
    }
    Ok(None)
}

/// Writes `entry` as `id` by `writer` with `audit` when `super::gate` lets it in and its
/// month is not approved (for a montør). `id` may be the client's own (a phone names each
/// entry it sends): when an earlier try wrote it and its answer was lost, the entry as
/// written is given back and nothing new is written; when the id holds another entry of the
/// same person's, that entry is given back as `Differs`. The job's row is taken before the
/// look, so retries at once wait for the first and find it.
pub async fn add(
    db: &Db,
    id: Uuid,
    entry: &NewEntry,
    now: DateTime<Utc>,
    audit: &NewAudit,
    writer: Writer,
) -> Result<Result<Written<TimeEntry>, Refused>, sqlx::Error> {
    let mut tx = db.begin_one_at_a_time(store::month::TURN).await?;
    store::take_in(&mut tx, entry.job_id).await?;
    if let Some(existing) = store::time::get_in(&mut tx, id).await? {
        return Ok(if existing.user_id != Some(entry.user_id) {
            Err(Refused::Taken)
        } else if entry.is_written_as(&existing) {
            Ok(Written::Again(existing))
        } else {
            Ok(Written::Differs(existing))
        });
    }
    if let Some(refused) = month_approved(&mut tx, writer, &[entry.day]).await? {
        return Ok(Err(refused));
    }
    let write = Write { arrives: Some(entry.load()), ..Write::default() };
    let admitted = match gate::admit(&mut tx, &write).await? {
        Ok(admitted) => admitted,
        Err(refused) => return Ok(Err(refused)),
    };
    store::time::insert_in(&mut tx, id, entry, admitted.held, now).await?;
    let Some(written) = store::time::get_in(&mut tx, id).await? else { return Err(sqlx::Error::RowNotFound) };
    tx.audit(audit).await?;
    tx.commit().await?;
    Ok(Ok(Written::New(written)))
}

/// Saves entry `id` as `entry` by `writer` with `audit` when `super::gate` lets it leave
/// the job it is on and arrive as `entry`, and (for a montør) neither the month it leaves
/// nor the one it arrives in is approved; the gate marks it held or not as it arrives.
pub async fn change(
    db: &Db,
    id: Uuid,
    entry: &NewEntry,
    now: DateTime<Utc>,
    audit: &NewAudit,
    writer: Writer,
) -> Result<Result<(), Refused>, sqlx::Error> {
    let mut tx = db.begin_one_at_a_time(store::month::TURN).await?;
    let Some(before) = store::time::get_in(&mut tx, id).await? else { return Ok(Err(Refused::NoEntry)) };
    if let Some(refused) = month_approved(&mut tx, writer, &[before.day, entry.day]).await? {
        return Ok(Err(refused));
    }
    let write = Write { leaves: Some(before.load()), arrives: Some(entry.load()), entry: Some(id) };
    let admitted = match gate::admit(&mut tx, &write).await? {
        Ok(admitted) => admitted,
        Err(refused) => return Ok(Err(refused)),
    };
    if !store::time::update_in(&mut tx, id, entry, admitted.held, now).await? {
        return Ok(Err(Refused::NoEntry));
    }
    tx.audit(audit).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// Deletes entry `id` by `writer` with `audit` when its job is open (`super::gate`) and
/// (for a montør) its month is not approved.
pub async fn delete(
    db: &Db,
    id: Uuid,
    audit: &NewAudit,
    writer: Writer,
) -> Result<Result<(), Refused>, sqlx::Error> {
    let mut tx = db.begin_one_at_a_time(store::month::TURN).await?;
    let Some(before) = store::time::get_in(&mut tx, id).await? else { return Ok(Err(Refused::NoEntry)) };
    if let Some(refused) = month_approved(&mut tx, writer, &[before.day]).await? {
        return Ok(Err(refused));
    }
    let write = Write { leaves: Some(before.load()), ..Write::default() };
    if let Err(refused) = gate::admit(&mut tx, &write).await? {
        return Ok(Err(refused));
    }
    if !store::time::delete_in(&mut tx, id).await? {
        return Ok(Err(Refused::NoEntry));
    }
    tx.audit(audit).await?;
    tx.commit().await?;
    Ok(Ok(()))
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
