//! What the board sends, read: the span of a board, a job planned for people over days, a
//! planned day moved, a person's days away, and the customer's notice of the plan. Pure:
//! today and the planned day before are passed in; the job and the people are looked up
//! by the server.

use chrono::{Datelike, NaiveDate};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::{AbsenceKind, Plan, PlanDay, Refused};
use crate::fields::FieldErrors;
use crate::refusal::Refusal;

/// A day planned, shown on the board or away lies in these years (what a calendar shows).
pub const YEARS: std::ops::RangeInclusive<i32> = 2000..=9999;

/// `refusal` when any of `days` lies outside [`YEARS`]: the plan's one year check.
fn check_years(errors: &mut FieldErrors, days: &[NaiveDate], refusal: &impl Refusal) {
    if days.iter().any(|day| !YEARS.contains(&day.year())) {
        errors.refuse(refusal);
    }
}

/// A start typed `07:30`, or none (all day): empty or left out.
fn start_of(errors: &mut FieldErrors, text: Option<&str>) -> Option<i32> {
    match text.map(str::trim) {
        None | Some("") => None,
        Some(text) => {
            let start = crate::oslo::minute_of_typed(text);
            if start.is_none() {
                errors.refuse(&Refused::BadStart);
            }
            start
        }
    }
}

/// The days of a board.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BoardSpan {
    /// The first day (default today).
    pub from: Option<NaiveDate>,
    /// 7 (default) or 14.
    pub days: Option<i64>,
}

impl BoardSpan {
    /// The first day and how many; `today` when no first day is asked for.
    pub fn read(&self, today: NaiveDate) -> Result<(NaiveDate, i64), FieldErrors> {
        let days = self.days.unwrap_or(7);
        if days != 7 && days != 14 {
            return Err(FieldErrors::refused(&Refused::BoardDays));
        }
        let from = self.from.unwrap_or(today);
        let mut errors = FieldErrors::default();
        check_years(&mut errors, &[from], &crate::visits::Refused::SpanYear);
        errors.finish()?;
        Ok((from, days))
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanInput {
    #[schema(value_type = Uuid, required = true)]
    pub job_id: Option<Uuid>,
    /// Who works on it.
    #[schema(value_type = Vec<Uuid>, required = true)]
    pub user_ids: Option<Vec<Uuid>>,
    /// The first day.
    #[schema(value_type = NaiveDate, required = true)]
    pub from: Option<NaiveDate>,
    /// The last day (default the first).
    pub to: Option<NaiveDate>,
    /// From when, `07:30`; empty or left out is all day.
    pub starts_at: Option<String>,
    /// How long, in minutes; left out is the firm's ordinary day.
    pub minutes: Option<i32>,
}

/// The message of a plan without its job.
pub const NO_JOB: &str = "Velg oppdraget som skal planlegges.";
/// The message of a plan without its first day.
pub const NO_FROM: &str = "Velg første dag.";

/// Reads `input` into a plan: its people each once, in order; its span in the years a
/// calendar shows. Whether the span, the start and the length make days is
/// [`Plan::days`], asked once the job is found.
pub fn read_plan(input: PlanInput) -> Result<Plan, FieldErrors> {
    let mut errors = FieldErrors::default();
    if input.job_id.is_none() {
        errors.add("job_id", NO_JOB);
    }
    if input.user_ids.is_none() {
        errors.refuse(&Refused::NoPeople);
    }
    if input.from.is_none() {
        errors.add("from", NO_FROM);
    }
    let from = input.from.unwrap_or_default();
    let to = input.to.unwrap_or(from);
    if input.from.is_some() {
        check_years(&mut errors, &[from, to], &crate::visits::Refused::SpanYear);
    }
    let starts_at = start_of(&mut errors, input.starts_at.as_deref());
    errors.finish()?;
    let mut people = input.user_ids.unwrap_or_default();
    people.sort_unstable();
    people.dedup();
    Ok(Plan { job_id: input.job_id.unwrap_or_default(), people, from, to, starts_at, minutes: input.minutes })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveInput {
    /// Another person.
    pub user_id: Option<Uuid>,
    /// Another day.
    pub day: Option<NaiveDate>,
    /// Another start, `07:30`; empty is all day.
    pub starts_at: Option<String>,
    /// Another length in minutes.
    pub minutes: Option<i32>,
    /// All day for the firm's ordinary day: no start, no length of its own.
    pub all_day: Option<bool>,
}

/// Reads `input` as a move of `before`: what is not sent stays; the day in the years a
/// calendar shows, the start and the length within one day. Whether another person is
/// there is the server's to look up.
pub fn read_move(input: MoveInput, before: &PlanDay) -> Result<PlanDay, FieldErrors> {
    let mut errors = FieldErrors::default();
    let mut to = before.clone();
    if let Some(user_id) = input.user_id {
        to.user_id = user_id;
    }
    if let Some(day) = input.day {
        check_years(&mut errors, &[day], &crate::visits::Refused::SpanYear);
        to.day = day;
    }
    if input.starts_at.is_some() {
        to.starts_at = start_of(&mut errors, input.starts_at.as_deref());
    }
    if input.minutes.is_some() {
        to.minutes = input.minutes;
    }
    if input.all_day == Some(true) {
        (to.starts_at, to.minutes) = (None, None);
    }
    if errors.is_empty()
        && let Err(refused) = super::check_length(to.starts_at, to.minutes)
    {
        errors.refuse(&refused);
    }
    errors.finish()?;
    Ok(to)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AbsenceInput {
    #[schema(value_type = Uuid, required = true)]
    pub user_id: Option<Uuid>,
    /// The (first) day away.
    #[schema(value_type = NaiveDate, required = true)]
    pub day: Option<NaiveDate>,
    /// The last day away, for a span (a week's ferie); left out is `day` alone.
    pub to: Option<NaiveDate>,
    #[schema(value_type = AbsenceKind, required = true)]
    pub kind: Option<AbsenceKind>,
}

/// The message of an absence without its person.
pub const NO_PERSON: &str = "Velg hvem som er borte.";
/// The message of an absence without its day.
pub const NO_DAY: &str = "Velg dagen personen er borte.";
/// The message of an absence without its kind.
pub const NO_KIND: &str = "Velg ferie, syk eller kurs.";

/// A person's days away, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AbsenceSpan {
    pub user_id: Uuid,
    /// The first day away.
    pub day: NaiveDate,
    /// The last day away (`day` for a single day).
    pub to: NaiveDate,
    pub kind: AbsenceKind,
    /// Every day from `day` to `to`.
    pub days: Vec<NaiveDate>,
}

/// Reads `input`: a person, a first day and a kind; the span in the years a calendar
/// shows and at most [`super::MOST_ABSENCE_DAYS`] long. Whether the person is there is
/// the server's to look up.
pub fn read_absence(input: AbsenceInput) -> Result<AbsenceSpan, FieldErrors> {
    let mut errors = FieldErrors::default();
    if input.user_id.is_none() {
        errors.add("user_id", NO_PERSON);
    }
    if input.day.is_none() {
        errors.add("day", NO_DAY);
    }
    if input.kind.is_none() {
        errors.add("kind", NO_KIND);
    }
    errors.finish()?;
    let (Some(user_id), Some(day), Some(kind)) = (input.user_id, input.day, input.kind) else {
        unreachable!("each is there once no field has a message");
    };
    let to = input.to.unwrap_or(day);
    let mut errors = FieldErrors::default();
    check_years(&mut errors, &[day, to], &Refused::AbsenceYear);
    errors.finish()?;
    let days = super::absence_days(day, to).map_err(|refused| FieldErrors::refused(&refused))?;
    Ok(AbsenceSpan { user_id, day, to, kind, days })
}

/// What "Send til kunden" sends.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanNoticeInput {
    /// The text, as shown or edited.
    pub text: Option<String>,
    /// The preview's `seen`.
    pub seen: Option<String>,
}

/// The customer's notice, read: its text trimmed, and what the office saw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoticeText {
    pub text: String,
    pub seen: Option<String>,
}

/// Reads `input`: a text there is.
pub fn read_notice(input: PlanNoticeInput) -> Result<NoticeText, FieldErrors> {
    let text = input.text.as_deref().map(str::trim).unwrap_or_default();
    if text.is_empty() {
        return Err(FieldErrors::refused(&Refused::EmptyText));
    }
    Ok(NoticeText { text: text.to_owned(), seen: input.seen })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn a_plan_names_its_job_people_and_first_day() {
        let errors = read_plan(serde_json::from_value(json!({})).unwrap()).unwrap_err().into_map();
        assert_eq!(errors["job_id"], NO_JOB);
        assert_eq!(errors["user_ids"], Refused::NoPeople.text());
        assert_eq!(errors["from"], NO_FROM);
        let job = Uuid::now_v7();
        let (a, b) = (Uuid::now_v7(), Uuid::now_v7());
        let plan = read_plan(
            serde_json::from_value(json!({
                "job_id": job, "user_ids": [b, a, b], "from": "2026-12-07", "starts_at": " 07:30 "
            }))
            .unwrap(),
        )
        .unwrap();
        assert_eq!(plan.people, [a, b]);
        assert_eq!((plan.from, plan.to, plan.starts_at), (day(2026, 12, 7), day(2026, 12, 7), Some(450)));
    }

    #[test]
    fn the_years_are_those_a_calendar_shows_on_the_board_the_plan_and_a_day_away() {
        let year = crate::visits::Refused::SpanYear.text();
        let span = BoardSpan { from: Some(day(1999, 12, 31)), days: None };
        assert_eq!(span.read(day(2026, 12, 7)).unwrap_err().into_map()["from"], year);
        let span = BoardSpan { from: None, days: Some(10) };
        assert_eq!(span.read(day(2026, 12, 7)).unwrap_err().into_map()["days"], Refused::BoardDays.text());
        let plan = json!({"job_id": Uuid::nil(), "user_ids": [], "from": "2026-12-07", "to": "1999-12-31"});
        assert_eq!(read_plan(serde_json::from_value(plan).unwrap()).unwrap_err().into_map()["from"], year);
        let away = json!({"user_id": Uuid::nil(), "day": "1999-12-31", "kind": "ferie"});
        let errors = read_absence(serde_json::from_value(away).unwrap()).unwrap_err().into_map();
        assert_eq!(errors["day"], Refused::AbsenceYear.text());
    }

    #[test]
    fn an_absence_names_its_person_day_and_kind() {
        let errors = read_absence(serde_json::from_value(json!({})).unwrap()).unwrap_err().into_map();
        assert_eq!((errors["user_id"].as_str(), errors["day"].as_str()), (NO_PERSON, NO_DAY));
        assert_eq!(errors["kind"], NO_KIND);
        let away = json!({"user_id": Uuid::nil(), "day": "2026-07-06", "to": "2026-07-08", "kind": "ferie"});
        let read = read_absence(serde_json::from_value(away).unwrap()).unwrap();
        assert_eq!(read.days, [day(2026, 7, 6), day(2026, 7, 7), day(2026, 7, 8)]);
    }

    #[test]
    fn a_notice_has_a_text() {
        let read = |text: &str| read_notice(PlanNoticeInput { text: Some(text.into()), seen: None });
        assert_eq!(read(" Hei ").unwrap().text, "Hei");
        assert_eq!(read("  ").unwrap_err().into_map()["text"], Refused::EmptyText.text());
    }
}
