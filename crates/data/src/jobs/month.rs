//! The month for everyone (payroll): each person's hours of a month split into ordinary
//! time and overtime, with the hours on weekends and public holidays, in the evening and at
//! night, the tilleggsarbeid, and the weekdays without hours; and the office's approval of the month, after which a
//! montør can no longer change its hours (`store::month`, the routes in src/jobs/month.rs).
//!
//! Ordinary working time is at most 9 hours in 24 and 40 hours in 7 days (arbeidsmiljøloven
//! § 10-4 (1)); work beyond it is overtime (§ 10-6). A firm bound by a tariff agreement
//! (Fellesoverenskomsten for byggfag, the installation agreements) may have other limits: it
//! sets them in Innstillinger (`WorkingTime`). The public holidays are those of
//! helligdagsfredloven § 2 and of the law on 1 and 17 May (docs/LAW.md, "Timer og lønn").
//!
//! Evening and night hours are those from the firm's evening hour (18:00 unless set in
//! Innstillinger) to 06:00, when night work ends (arbeidsmiljøloven § 10-11 (1)); only an
//! entry that says when it began can have them (`evening`).

use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::store;
use crate::audit::NewAudit;
use crate::db::Db;

pub use super::hours::{MORNING, evening, is_holiday, is_weekend};
pub use crate::settings::WorkingTime;

/// One person's hours on one day: all of them, those of tilleggsarbeid, and those in the
/// evening or at night.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DayHours {
    pub day: NaiveDate,
    pub minutes: i64,
    pub extra: i64,
    pub evening: i64,
}

/// A day's minutes split: ordinary time and overtime.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Split {
    pub ordinary: i64,
    pub overtime: i64,
}

/// Each day of `days` (one person's, in order of day, at most one row a day) split into
/// ordinary time and overtime: what passes the day's limit is overtime, and of the rest
/// what passes the week's limit, counted from Monday in the order of the days. A month's
/// first week begins before the month: its earlier days must be in `days` for the week's
/// limit to count them.
pub fn split(days: &[DayHours], limits: WorkingTime) -> Vec<Split> {
    let (day_limit, week_limit) = (i64::from(limits.day_minutes), i64::from(limits.week_minutes));
    let mut week: Option<NaiveDate> = None;
    let mut ordinary_this_week = 0;
    days.iter()
        .map(|hours| {
            let monday = super::time::monday_of(hours.day);
            if week != Some(monday) {
                week = Some(monday);
                ordinary_this_week = 0;
            }
            let past_day = (hours.minutes - day_limit).max(0);
            let rest = hours.minutes - past_day;
            let ordinary = rest.min((week_limit - ordinary_this_week).max(0));
            ordinary_this_week += ordinary;
            Split { ordinary, overtime: hours.minutes - ordinary }
        })
        .collect()
}

/// One person's month.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PersonMonth {
    /// None once the user is deleted (the name stays).
    pub user_id: Option<Uuid>,
    pub name: String,
    /// Every minute of the month.
    pub minutes: i64,
    /// `minutes` split: ordinary time and overtime.
    pub ordinary: i64,
    pub overtime: i64,
    /// The minutes on Saturdays, Sundays and public holidays (also in ordinary or overtime).
    pub weekend: i64,
    /// The minutes in the evening and at night, of the entries that say when they began
    /// (also in ordinary or overtime; `evening`).
    pub evening: i64,
    /// The minutes of tilleggsarbeid (also in ordinary or overtime).
    pub extra: i64,
    /// Days with hours.
    pub days: i64,
    /// Weekdays of the month, up to today, that are not public holidays and have no hours.
    pub days_without: Vec<NaiveDate>,
}

/// The month of `month` (its first day) of a person whose hours are `days` (from the Monday
/// of the month's first week to its end, in order), on `today`.
pub fn person_month(
    (user_id, name): Who,
    days: &[DayHours],
    month: NaiveDate,
    today: NaiveDate,
    limits: WorkingTime,
) -> PersonMonth {
    let next = month.checked_add_months(chrono::Months::new(1)).unwrap_or(month);
    let mut person = PersonMonth {
        user_id,
        name,
        minutes: 0,
        ordinary: 0,
        overtime: 0,
        weekend: 0,
        evening: 0,
        extra: 0,
        days: 0,
        days_without: Vec::new(),
    };
    for (hours, split) in days.iter().zip(split(days, limits)) {
        if hours.day < month || hours.day >= next || hours.minutes == 0 {
            continue;
        }
        person.minutes += hours.minutes;
        person.ordinary += split.ordinary;
        person.overtime += split.overtime;
        person.extra += hours.extra;
        person.evening += hours.evening;
        person.days += 1;
        if is_weekend(hours.day) {
            person.weekend += hours.minutes;
        }
    }
    let mut day = month;
    while day < next && day <= today {
        if !is_weekend(day) && !days.iter().any(|hours| hours.day == day && hours.minutes > 0) {
            person.days_without.push(day);
        }
        day += Duration::days(1);
    }
    person
}

/// A person of a month: their id, or none once deleted, and their name.
type Who = (Option<Uuid>, String);

/// The office's approval of a month: who, and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
pub struct Approval {
    pub approved_by: String,
    pub approved_at: chrono::DateTime<chrono::Utc>,
}

/// A month for everyone (or for one person): each person's month, A-Å, the limits they
/// were split by, and the approval.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct MonthSheet {
    /// `YYYY-MM`.
    pub month: String,
    pub working_time: WorkingTime,
    pub people: Vec<PersonMonth>,
    pub approved: Option<Approval>,
}

/// The month of `month` (its first day) on `today`: everyone who has hours in it and every
/// active montør, or `only` that person.
pub async fn sheet(
    db: &Db,
    month: NaiveDate,
    today: NaiveDate,
    only: Option<(Uuid, String)>,
) -> Result<MonthSheet, sqlx::Error> {
    let limits = limits(db).await?;
    let rows = store::month::days(db, read_span(month), only.as_ref().map(|(id, _)| *id)).await?;
    let listed: Vec<(Uuid, String)> = match only {
        Some(person) => vec![person],
        None => store::month::montors(db).await?,
    };
    let approved = store::month::approval(db, month).await?;
    Ok(made((month, today), limits, rows, listed, approved))
}

/// Approves `month` (its first day) on `today` as `by` at `at`, with the audit entry
/// `audit` makes of the month as approved: the month is read in the approval's
/// transaction, in the turn every write of an hour takes (`store::month::TURN`,
/// `super::time`), so the audit entry counts every minute the month holds when it is
/// approved and a montør's hour written after finds the approval (#74 finding 12). `None`
/// when it was approved already.
pub async fn approve(
    db: &Db,
    (month, today): (NaiveDate, NaiveDate),
    (by, at): (&str, DateTime<Utc>),
    audit: impl FnOnce(&MonthSheet) -> NewAudit,
) -> Result<Option<MonthSheet>, sqlx::Error> {
    // The limits split the minutes and count none: read before the turn, since a connection
    // asked for in it could wait for one held by a write waiting for the turn.
    let limits = limits(db).await?;
    let mut tx = db.begin_one_at_a_time(store::month::TURN).await?;
    if store::month::approval_in(&mut tx, month).await?.is_some() {
        return Ok(None);
    }
    let rows = store::month::days_in(&mut tx, read_span(month), None).await?;
    let listed = store::month::montors_in(&mut tx).await?;
    let approved = Approval { approved_by: by.to_owned(), approved_at: at };
    let sheet = made((month, today), limits, rows, listed, Some(approved));
    if !store::month::approve_in(&mut tx, month, (by, at)).await? {
        return Ok(None);
    }
    tx.audit(&audit(&sheet)).await?;
    tx.commit().await?;
    Ok(Some(sheet))
}

/// The firm's limits of ordinary time.
async fn limits(db: &Db) -> Result<WorkingTime, sqlx::Error> {
    Ok(crate::settings::store::facts(db).await?.map(|facts| facts.working_time).unwrap_or_default())
}

/// The days a month is read from: the Monday of its first week (for the week's overtime)
/// to its end.
fn read_span(month: NaiveDate) -> (NaiveDate, NaiveDate) {
    (super::time::monday_of(month), month.checked_add_months(chrono::Months::new(1)).unwrap_or(month))
}

/// The month of `month` on `today` made of what was read: each person's `rows`, the people
/// `listed` even without hours, and its approval.
fn made(
    (month, today): (NaiveDate, NaiveDate),
    limits: WorkingTime,
    rows: Vec<store::month::PersonDays>,
    listed: Vec<(Uuid, String)>,
    approved: Option<Approval>,
) -> MonthSheet {
    // Each person's days; a person is their id, or their name once deleted. A person
    // renamed during the month comes as two, joined below.
    let mut people: Vec<(Who, Vec<DayHours>)> = Vec::with_capacity(rows.len());
    for (user_id, name, rows) in rows {
        let days = rows.into_iter().map(|(day, starts_at, minutes, extra)| DayHours {
            day,
            minutes,
            extra,
            evening: evening(starts_at, minutes, limits.evening_from),
        });
        match people.iter_mut().find(|((id, _), _)| user_id.is_some() && *id == user_id) {
            Some((_, kept)) => kept.extend(days),
            None => people.push(((user_id, name), days.collect())),
        }
    }
    let listed_ids: Vec<Uuid> = listed.iter().map(|(id, _)| *id).collect();
    for (id, name) in listed {
        // Listed by their name now, whatever names their entries were written under.
        match people.iter_mut().find(|((user_id, _), _)| *user_id == Some(id)) {
            Some(((_, kept), _)) => *kept = name,
            None => people.push(((Some(id), name), Vec::new())),
        }
    }
    let mut months: Vec<PersonMonth> = people
        .into_iter()
        .map(|(who, mut days)| {
            // A person renamed during the month has two rows for a day: one day.
            days.sort_by_key(|hours| hours.day);
            days.dedup_by(|later, kept| {
                let same = later.day == kept.day;
                if same {
                    kept.minutes += later.minutes;
                    kept.extra += later.extra;
                    kept.evening += later.evening;
                }
                same
            });
            person_month(who, &days, month, today, limits)
        })
        .collect();
    // The first week was read for its overtime: someone whose hours all fall on its days
    // before the month is not of this month, unless listed.
    months.retain(|person| person.minutes > 0 || person.user_id.is_some_and(|id| listed_ids.contains(&id)));
    months.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then(a.user_id.cmp(&b.user_id)));
    MonthSheet { month: crate::oslo::month_key(month), working_time: limits, people: months, approved }
}

#[derive(Debug, serde::Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MonthInput {
    /// The month, `YYYY-MM`.
    #[schema(value_type = String, required = true)]
    pub month: Option<String>,
}

/// Reads the first day of the month `input` names for its approval: a month written
/// `YYYY-MM` (missing is the same message) that has begun by `today`.
pub fn read_approval(input: MonthInput, today: NaiveDate) -> Result<NaiveDate, crate::fields::FieldErrors> {
    match input.month.as_deref().and_then(crate::oslo::parse_month) {
        None => Err(crate::fields::FieldErrors::refused(&super::Refused::BadMonth)),
        Some(first) if first > today => {
            Err(crate::fields::FieldErrors::refused(&super::Refused::MonthNotBegun))
        }
        Some(first) => Ok(first),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn day(text: &str) -> NaiveDate {
        crate::oslo::parse_day(text).unwrap()
    }

    fn hours(text: &str, hours: i64) -> DayHours {
        DayHours { day: day(text), minutes: hours * 60, ..DayHours::default() }
    }

    #[test]
    fn past_nine_hours_a_day_and_forty_a_week_is_overtime() {
        // Monday 23 November 2026 to Sunday 29th: 10, 9, 9, 9, 9 hours and 4 on Saturday.
        let week = ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"];
        let days: Vec<DayHours> = week.iter().zip([10, 9, 9, 9, 9, 4]).map(|(d, h)| hours(d, h)).collect();
        let splits = split(&days, WorkingTime::default());
        let ordinary: Vec<i64> = splits.iter().map(|s| s.ordinary / 60).collect();
        let overtime: Vec<i64> = splits.iter().map(|s| s.overtime / 60).collect();
        // Monday's tenth hour; then Friday passes 40 ordinary hours after 4 of its 9; Saturday all.
        assert_eq!(ordinary, [9, 9, 9, 9, 4, 0]);
        assert_eq!(overtime, [1, 0, 0, 0, 5, 4]);
        // A firm's agreement of 7.5 hours a day and 37.5 a week.
        let agreed = WorkingTime { day_minutes: 450, week_minutes: 2250, ..WorkingTime::default() };
        let splits = split(&days[..2], agreed);
        assert_eq!((splits[0].overtime, splits[1].overtime), (150, 90));
    }

    #[test]
    fn the_month_counts_its_own_days_and_the_weekdays_without_hours() {
        // December 2026 begins on a Tuesday: Monday 30 November counts for the week only.
        let days =
            [hours("2026-11-30", 9), hours("2026-12-01", 10), hours("2026-12-05", 3), hours("2026-12-25", 2)];
        let month = person_month(
            (None, "Ole".into()),
            &days,
            day("2026-12-01"),
            day("2026-12-04"),
            WorkingTime::default(),
        );
        // Tuesday's tenth hour is overtime; the week stays under 40 ordinary hours.
        assert_eq!((month.minutes, month.ordinary, month.overtime), (15 * 60, 14 * 60, 60));
        assert_eq!((month.weekend, month.days), (5 * 60, 3));
        // Up to today (Friday 4th): Wednesday, Thursday, Friday without hours.
        assert_eq!(month.days_without, [day("2026-12-02"), day("2026-12-03"), day("2026-12-04")]);
    }

    proptest! {
        /// Every minute is ordinary or overtime, never both; no day's ordinary time passes
        /// its limit, nor any week's.
        #[test]
        fn every_minute_is_ordinary_or_overtime(
            minutes in prop::collection::vec(0i64..=24 * 60, 1..40),
            day_minutes in 60i32..=720,
            week_minutes in 60i32..=3600,
        ) {
            let start = day("2026-11-02");
            let days: Vec<DayHours> = minutes.iter().enumerate()
                .map(|(n, &m)| DayHours { day: start + Duration::days(n as i64), minutes: m, ..DayHours::default() }).collect();
            let limits = WorkingTime { day_minutes, week_minutes, ..WorkingTime::default() };
            let splits = split(&days, limits);
            let mut weeks = std::collections::HashMap::new();
            for (hours, split) in days.iter().zip(&splits) {
                prop_assert_eq!(split.ordinary + split.overtime, hours.minutes);
                prop_assert!(split.ordinary >= 0 && split.overtime >= 0);
                prop_assert!(split.ordinary <= i64::from(day_minutes));
                *weeks.entry(crate::jobs::time::monday_of(hours.day)).or_insert(0) += split.ordinary;
            }
            prop_assert!(weeks.values().all(|&ordinary| ordinary <= i64::from(week_minutes)));
        }
    }
}
