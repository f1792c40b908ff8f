//! Planning ("Planleggingstavle", #63): who works on which job on which day, the days
//! people are away, and what clashes. A planned day is one person on one job on one day,
//! all day or from a time; moving it raises its `sequence` and removing it cancels it
//! (kept, so a calendar that has it can be told), as a befaring's does
//! (`crate::visits`). An absence is a person away for a day: ferie, syk or kurs.
//!
//! The board (`board.rs`) puts the planned days, the befaringer and the absences of a span
//! side by side per person and day and names the clashes (`conflicts`); the queries are
//! in `store.rs`. What the customer is told of the plan, and was told, is `notice.rs`.

pub mod board;
pub mod input;
pub mod notice;
pub mod refused;
pub mod store;

pub use refused::Refused;

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::audit::NewAudit;
use crate::db::Db;

/// What a request about a planned day that is not there (or no longer) is told.
pub const NOT_FOUND: &str = "Fant ikke den planlagte dagen.";

/// The most days one request plans at once: a month and a day.
pub const MOST_DAYS: i64 = 31;

/// The most days one absence covers at once: two months (a summer's ferie, a long sick
/// leave is entered again).
pub const MOST_ABSENCE_DAYS: i64 = 62;

/// Every day from `from` to `to` (the last included) a person is away, or why not.
pub fn absence_days(from: NaiveDate, to: NaiveDate) -> Result<Vec<NaiveDate>, Refused> {
    if to < from {
        return Err(Refused::AbsenceEndBeforeStart);
    }
    if (to - from).num_days() >= MOST_ABSENCE_DAYS {
        return Err(Refused::AbsenceTooLong);
    }
    Ok(from.iter_days().take_while(|day| *day <= to).collect())
}

/// One person on one job on one day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
pub struct PlanDay {
    pub id: Uuid,
    pub job_id: Uuid,
    pub user_id: Uuid,
    pub day: NaiveDate,
    /// From when, in minutes after midnight in Oslo; `None` is all day.
    pub starts_at: Option<i32>,
    /// How long; `None` is the firm's ordinary day (Innstillinger → Timer og lønn).
    pub minutes: Option<i32>,
    /// 0 when planned, one more for each move and for the removal (RFC 5545 SEQUENCE).
    pub sequence: i32,
    pub cancelled_at: Option<DateTime<Utc>>,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl PlanDay {
    /// The audit log's view: the job, the person and the day, as its sentences name them.
    pub fn audit_view(&self, job_title: &str, person: &str) -> serde_json::Value {
        serde_json::json!({
            "job_id": self.job_id,
            "job_title": job_title,
            "user_id": self.user_id,
            "person": person,
            "day": self.day,
            "starts_at": self.starts_at.map(crate::oslo::clock_of_minute),
            "minutes": self.minutes,
        })
    }
}

/// Why a person is away for a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AbsenceKind {
    Ferie,
    Syk,
    Kurs,
}

impl AbsenceKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Ferie => "ferie",
            Self::Syk => "syk",
            Self::Kurs => "kurs",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "ferie" => Some(Self::Ferie),
            "syk" => Some(Self::Syk),
            "kurs" => Some(Self::Kurs),
            _ => None,
        }
    }

    /// What the audit log keeps of it: a sick day is health data, which the board shows to
    /// those who plan, and the log (kept longer, read by every editor) only as "fravær"
    /// (docs/SECURITY.md, fifth review, finding 18).
    pub fn as_logged(self) -> &'static str {
        match self {
            Self::Syk => "fravær",
            other => other.as_str(),
        }
    }

    /// "har ferie", "er syk", "er på kurs": what the board says of the person.
    pub fn phrase(self) -> &'static str {
        match self {
            Self::Ferie => "har ferie",
            Self::Syk => "er syk",
            Self::Kurs => "er på kurs",
        }
    }
}

impl TryFrom<String> for AbsenceKind {
    type Error = String;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        Self::parse(&text).ok_or_else(|| format!("ukjent fravær «{text}»"))
    }
}

/// A person away for a day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
pub struct Absence {
    pub id: Uuid,
    pub user_id: Uuid,
    pub day: NaiveDate,
    #[sqlx(try_from = "String")]
    pub kind: AbsenceKind,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
}

/// What a request plans: a job, its people, a span of days, and optionally a start and a
/// length. Checked by [`Plan::check`].
#[derive(Debug, Clone)]
pub struct Plan {
    pub job_id: Uuid,
    pub people: Vec<Uuid>,
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub starts_at: Option<i32>,
    pub minutes: Option<i32>,
}

impl Plan {
    /// Every day of the span, or why the plan cannot be made.
    pub fn days(&self) -> Result<Vec<NaiveDate>, Refused> {
        if self.people.is_empty() {
            return Err(Refused::NoPeople);
        }
        if self.to < self.from {
            return Err(Refused::EndBeforeStart);
        }
        if (self.to - self.from).num_days() >= MOST_DAYS {
            return Err(Refused::TooManyDays);
        }
        check_length(self.starts_at, self.minutes)?;
        Ok(self.from.iter_days().take_while(|day| *day <= self.to).collect())
    }
}

/// A start and a length that fit in one day, or why not.
pub fn check_length(starts_at: Option<i32>, minutes: Option<i32>) -> Result<(), Refused> {
    if let Some(minutes) = minutes
        && !(15..=1440).contains(&minutes)
    {
        return Err(Refused::BadLength);
    }
    if let Some(start) = starts_at {
        if !(0..1440).contains(&start) {
            return Err(Refused::BadStart);
        }
        if start + minutes.unwrap_or(0) > 1440 {
            return Err(Refused::PastMidnight);
        }
    }
    Ok(())
}

/// Writes the planned days `days` (a person's day already on the job is skipped) with
/// `entry`, in one transaction, and puts each person on the job; the days written.
pub async fn plan(db: &Db, days: &[PlanDay], entry: &NewAudit) -> Result<Vec<PlanDay>, sqlx::Error> {
    let mut tx = db.begin().await?;
    let mut written = Vec::new();
    for day in days {
        if store::insert_in(&mut tx, day).await? {
            written.push(day.clone());
        }
    }
    // Whoever is planned on a job works on it: it is among their jobs on "Mine oppdrag",
    // where they enter its hours. Once per person, however many days.
    let mut people: Vec<(Uuid, Uuid)> = days.iter().map(|day| (day.job_id, day.user_id)).collect();
    people.sort_unstable();
    people.dedup();
    for (job_id, user_id) in people {
        crate::jobs::store::add_worker_in(&mut tx, job_id, user_id).await?;
    }
    if !written.is_empty() {
        tx.audit(entry).await?;
    }
    tx.commit().await?;
    Ok(written)
}

/// Moves planned day `id` to `to`'s person, day, start and length with `entry`; refused
/// when it is removed or the person has that day on the job already.
pub async fn move_day(
    db: &Db,
    id: Uuid,
    to: &PlanDay,
    now: DateTime<Utc>,
    entry: Option<&NewAudit>,
) -> Result<Result<(), Refused>, sqlx::Error> {
    let mut tx = db.begin().await?;
    match store::move_in(&mut tx, id, to, now).await {
        Ok(true) => {}
        Ok(false) => return Ok(Err(Refused::Cancelled)),
        Err(err) if err.as_database_error().is_some_and(|err| err.is_unique_violation()) => {
            return Ok(Err(Refused::Taken));
        }
        Err(err) => return Err(err),
    }
    crate::jobs::store::add_worker_in(&mut tx, to.job_id, to.user_id).await?;
    if let Some(entry) = entry {
        tx.audit(entry).await?;
    }
    tx.commit().await?;
    Ok(Ok(()))
}

/// Removes planned day `id` with `entry`; whether it was there.
pub async fn remove(db: &Db, id: Uuid, now: DateTime<Utc>, entry: &NewAudit) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    if !store::cancel_in(&mut tx, id, now).await? {
        return Ok(false);
    }
    tx.audit(entry).await?;
    tx.commit().await?;
    Ok(true)
}

/// Marks a person away on a day (or changes why) with `entry`.
pub async fn set_absence(db: &Db, absence: &Absence, entry: &NewAudit) -> Result<(), sqlx::Error> {
    let mut tx = db.begin().await?;
    store::set_absence_in(&mut tx, absence).await?;
    tx.audit(entry).await?;
    tx.commit().await
}

/// Marks a person away on each of `days` (or changes why) with one `entry`, in one
/// transaction.
pub async fn set_absences(db: &Db, days: &[Absence], entry: &NewAudit) -> Result<(), sqlx::Error> {
    let mut tx = db.begin().await?;
    for absence in days {
        store::set_absence_in(&mut tx, absence).await?;
    }
    tx.audit(entry).await?;
    tx.commit().await
}

/// Takes a person's absences from `from` to `to` (included) back with one `entry`, in one
/// transaction; how many there were (none: nothing written).
pub async fn clear_absences(
    db: &Db,
    user_id: Uuid,
    (from, to): (NaiveDate, NaiveDate),
    entry: &NewAudit,
) -> Result<u64, sqlx::Error> {
    let mut tx = db.begin().await?;
    let cleared = store::clear_absences_in(&mut tx, user_id, (from, to)).await?;
    if cleared == 0 {
        return Ok(0);
    }
    tx.audit(entry).await?;
    tx.commit().await?;
    Ok(cleared)
}

/// Takes a person's absence on a day back with `entry`; whether there was one.
pub async fn clear_absence(
    db: &Db,
    user_id: Uuid,
    day: NaiveDate,
    entry: &NewAudit,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    if !store::clear_absence_in(&mut tx, user_id, day).await? {
        return Ok(false);
    }
    tx.audit(entry).await?;
    tx.commit().await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(from: &str, to: &str) -> Plan {
        Plan {
            job_id: Uuid::nil(),
            people: vec![Uuid::nil()],
            from: from.parse().unwrap(),
            to: to.parse().unwrap(),
            starts_at: None,
            minutes: None,
        }
    }

    #[test]
    fn a_span_is_each_of_its_days_and_at_most_a_month_and_a_day() {
        assert_eq!(plan("2026-12-30", "2027-01-01").days().unwrap().len(), 3);
        assert_eq!(plan("2026-12-01", "2026-12-31").days().unwrap().len(), 31);
        assert_eq!(plan("2026-12-01", "2027-01-01").days(), Err(Refused::TooManyDays));
        assert_eq!(plan("2026-12-02", "2026-12-01").days(), Err(Refused::EndBeforeStart));
        assert_eq!(
            Plan { people: vec![], ..plan("2026-12-01", "2026-12-01") }.days(),
            Err(Refused::NoPeople)
        );
    }

    #[test]
    fn an_absence_is_each_day_of_its_span_and_at_most_two_months() {
        let day = |text: &str| text.parse::<NaiveDate>().unwrap();
        assert_eq!(absence_days(day("2026-12-21"), day("2026-12-27")).unwrap().len(), 7);
        assert_eq!(absence_days(day("2026-12-21"), day("2026-12-21")).unwrap(), [day("2026-12-21")]);
        assert_eq!(absence_days(day("2026-07-01"), day("2026-08-31")).unwrap().len(), 62);
        assert_eq!(absence_days(day("2026-07-01"), day("2026-09-01")), Err(Refused::AbsenceTooLong));
        assert_eq!(absence_days(day("2026-12-21"), day("2026-12-20")), Err(Refused::AbsenceEndBeforeStart));
    }

    #[test]
    fn a_start_and_length_stay_within_the_day() {
        assert_eq!(check_length(Some(7 * 60), Some(8 * 60)), Ok(()));
        assert_eq!(check_length(None, None), Ok(()));
        assert_eq!(check_length(Some(20 * 60), Some(5 * 60)), Err(Refused::PastMidnight));
        assert_eq!(check_length(Some(1440), None), Err(Refused::BadStart));
        assert_eq!(check_length(None, Some(10)), Err(Refused::BadLength));
    }
}
