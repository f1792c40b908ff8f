//! What the customer is told of a job's plan (#63): when its days are first planned, and
//! whenever they change, the office may e-mail the customer which days, the time to expect
//! someone, who comes and how to reach them, with a calendar file of the days (the server's
//! `src/planning/notice.rs` and `letter.rs`). Each notice is kept as it went
//! (`plan_notices`, migration 0055) with the days it told, so the next one says what changed
//! (`changes`) and numbers its calendar events one higher.
//!
//! The days told are read from the plan, never kept beside it: one [`ToldDay`] per date,
//! however many people are planned on it (`told_days`).

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;
use uuid::Uuid;

/// A day of the job as the customer is told it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ToldDay {
    pub day: NaiveDate,
    /// When to expect someone, in minutes after midnight in Oslo: the earliest start
    /// planned that day. None when no one's day has a start: the time is agreed with the
    /// customer (the firm keeps no usual start of its day).
    pub starts_at: Option<i32>,
    /// Until about when: the latest end of the planned days with a start (their length, or
    /// the firm's ordinary day), at most midnight (1 440). None with `starts_at`.
    pub ends_at: Option<i32>,
    /// Who comes, by name, in alphabetical order.
    pub people: Vec<String>,
}

/// One person's planned day on the job, with how to reach them (`store::planned_people`).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PlannedPerson {
    pub day: NaiveDate,
    pub starts_at: Option<i32>,
    pub minutes: Option<i32>,
    pub user_id: Uuid,
    pub name: String,
    pub phone: Option<String>,
}

/// A notice as it went to the customer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
pub struct PlanNotice {
    pub id: Uuid,
    pub job_id: Uuid,
    /// How many notices went before this one: 0 for the first. Its calendar events'
    /// `SEQUENCE`.
    pub number: i32,
    pub sent_to: String,
    pub subject: String,
    /// The text as sent (the office may have edited it).
    pub body: String,
    /// The days it told.
    #[sqlx(json)]
    pub days: Vec<ToldDay>,
    pub sent_by: String,
    pub sent_at: DateTime<Utc>,
}

/// The plan's rows as days told: one per date in order, its earliest start, its latest
/// end (a length left out is `ordinary` minutes, the firm's ordinary day), its people.
pub fn told_days(rows: &[PlannedPerson], ordinary: i32) -> Vec<ToldDay> {
    let mut days: BTreeMap<NaiveDate, ToldDay> = BTreeMap::new();
    for row in rows {
        let told = days.entry(row.day).or_insert_with(|| ToldDay {
            day: row.day,
            starts_at: None,
            ends_at: None,
            people: Vec::new(),
        });
        if let Some(start) = row.starts_at {
            let end = (start + row.minutes.unwrap_or(ordinary)).min(24 * 60);
            told.starts_at = Some(told.starts_at.map_or(start, |earliest| earliest.min(start)));
            told.ends_at = Some(told.ends_at.map_or(end, |latest| latest.max(end)));
        }
        told.people.push(row.name.clone());
    }
    days.into_values()
        .map(|mut day| {
            day.people.sort();
            day.people.dedup();
            day
        })
        .collect()
}

/// What changed for the customer on one day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change<'a> {
    /// A day not told before.
    Added(&'a ToldDay),
    /// A day told and no longer planned.
    Gone(&'a ToldDay),
    /// Another start or end.
    Time(&'a ToldDay),
    /// Other people.
    People(&'a ToldDay),
}

/// What changed from the days last told (`before`) to the days planned (`now`), in the
/// order of the days; a day with a new time and new people has both.
pub fn changes<'a>(before: &'a [ToldDay], now: &'a [ToldDay]) -> Vec<Change<'a>> {
    let told: BTreeMap<NaiveDate, &ToldDay> = before.iter().map(|day| (day.day, day)).collect();
    let planned: BTreeMap<NaiveDate, &ToldDay> = now.iter().map(|day| (day.day, day)).collect();
    let mut dates: Vec<NaiveDate> = told.keys().chain(planned.keys()).copied().collect();
    dates.sort();
    dates.dedup();
    let mut found = Vec::new();
    for date in dates {
        match (told.get(&date), planned.get(&date)) {
            (None, Some(day)) => found.push(Change::Added(day)),
            (Some(day), None) => found.push(Change::Gone(day)),
            (Some(was), Some(is)) => {
                if (was.starts_at, was.ends_at) != (is.starts_at, is.ends_at) {
                    found.push(Change::Time(is));
                }
                if was.people != is.people {
                    found.push(Change::People(is));
                }
            }
            (None, None) => {}
        }
    }
    found
}

/// The days told before and no longer planned: their calendar events are cancelled.
pub fn gone<'a>(before: &'a [ToldDay], now: &[ToldDay]) -> Vec<&'a ToldDay> {
    before.iter().filter(|was| !now.iter().any(|is| is.day == was.day)).collect()
}

/// What the office saw before it sent: the notice's number, the address and the days, as
/// a short hash. A send whose `seen` differs is refused, so what goes is what was read.
pub fn fingerprint(number: i32, to: Option<&str>, days: &[ToldDay]) -> String {
    let seen = serde_json::json!({ "number": number, "to": to, "days": days });
    let hash = Sha256::digest(seen.to_string().as_bytes());
    hash.iter().take(12).map(|byte| format!("{byte:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, d).unwrap()
    }

    fn row(d: u32, starts_at: Option<i32>, minutes: Option<i32>, name: &str) -> PlannedPerson {
        PlannedPerson {
            day: day(d),
            starts_at,
            minutes,
            user_id: Uuid::nil(),
            name: name.into(),
            phone: None,
        }
    }

    fn told(d: u32, times: Option<(i32, i32)>, people: &[&str]) -> ToldDay {
        ToldDay {
            day: day(d),
            starts_at: times.map(|(start, _)| start),
            ends_at: times.map(|(_, end)| end),
            people: people.iter().map(|name| (*name).to_owned()).collect(),
        }
    }

    #[test]
    fn a_day_is_its_earliest_start_its_latest_end_and_its_people() {
        let rows = [
            row(8, None, None, "Per Olsen"),
            row(7, Some(8 * 60), Some(4 * 60), "Per Olsen"),
            row(7, Some(7 * 60 + 30), None, "Kari Nordmann"),
            row(9, Some(20 * 60), Some(240), "Kari Nordmann"),
        ];
        assert_eq!(
            told_days(&rows, 9 * 60),
            [
                told(7, Some((450, 990)), &["Kari Nordmann", "Per Olsen"]),
                told(8, None, &["Per Olsen"]),
                told(9, Some((1200, 1440)), &["Kari Nordmann"]),
            ]
        );
    }

    #[test]
    fn the_changes_are_told_day_by_day() {
        let before = [
            told(7, Some((450, 990)), &["Kari", "Per"]),
            told(8, Some((450, 990)), &["Kari", "Per"]),
            told(9, None, &["Kari"]),
        ];
        let now = [
            told(7, Some((480, 990)), &["Kari", "Per"]),
            told(8, Some((450, 990)), &["Kari"]),
            told(10, None, &["Per"]),
        ];
        assert_eq!(
            changes(&before, &now),
            [
                Change::Time(&now[0]),
                Change::People(&now[1]),
                Change::Gone(&before[2]),
                Change::Added(&now[2])
            ]
        );
        assert_eq!(gone(&before, &now), [&before[2]]);
        assert!(changes(&now, &now).is_empty());
    }

    #[test]
    fn the_fingerprint_moves_with_the_days_the_address_and_the_number() {
        let days = [told(7, Some((450, 990)), &["Kari"])];
        let seen = fingerprint(0, Some("liv@example.no"), &days);
        assert_eq!(seen.len(), 24);
        assert_eq!(seen, fingerprint(0, Some("liv@example.no"), &days));
        assert_ne!(seen, fingerprint(1, Some("liv@example.no"), &days));
        assert_ne!(seen, fingerprint(0, Some("liv@example.com"), &days));
        assert_ne!(seen, fingerprint(0, Some("liv@example.no"), &[told(7, None, &["Kari"])]));
    }
}
