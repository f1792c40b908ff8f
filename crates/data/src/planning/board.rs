//! The board: for each person and day of a span, their planned jobs, their befaringer,
//! whether they are away, and what clashes (`conflicts`); and the open jobs with no day
//! planned. Conflicts are shown, never refused: the office may plan two jobs on one day on
//! purpose, and the board says so.

use std::collections::{BTreeMap, HashMap};

use chrono::{NaiveDate, Timelike};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{AbsenceKind, PlanDay, store};
use crate::db::Db;
use crate::money;
use crate::oslo;

/// A planned day on the board: with its job's title, customer and address.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Planned {
    #[serde(flatten)]
    #[sqlx(flatten)]
    pub plan: PlanDay,
    pub job_title: String,
    pub customer_name: String,
    pub customer_address: Option<String>,
    /// The job's lead: a befaring at the same customer is no clash.
    pub lead_id: Option<Uuid>,
    /// The job's planned last day (the job's `end_day`), if it has one.
    pub job_end_day: Option<NaiveDate>,
    /// Planned after the job's last day: the board says so (`ConflictKind::AfterEnd`).
    #[sqlx(skip)]
    pub after_end: bool,
}

impl Planned {
    /// Whether this day lies after its job's planned last day.
    pub fn is_after_end(&self) -> bool {
        self.job_end_day.is_some_and(|end| self.plan.day > end)
    }
}

/// A befaring on the board.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VisitOnBoard {
    pub id: Uuid,
    pub lead_id: Uuid,
    /// `09:00`
    pub start: String,
    pub minutes: i32,
    pub customer_name: String,
    pub address: Option<String>,
}

/// What clashes in a person's day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ConflictKind {
    /// Two or more jobs on one day.
    TwoJobs,
    /// A befaring while planned on a job at another customer.
    VisitDuringJob,
    /// More planned than the firm's ordinary day.
    OverDay,
    /// Planned on a day away.
    Away,
    /// Planned after the job's planned last day.
    AfterEnd,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Conflict {
    pub kind: ConflictKind,
    /// What the board says, in Norwegian.
    pub text: String,
}

/// One person's day.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Cell {
    pub day: NaiveDate,
    pub plans: Vec<Planned>,
    pub visits: Vec<VisitOnBoard>,
    pub absence: Option<AbsenceKind>,
    pub conflicts: Vec<Conflict>,
}

impl Cell {
    /// A day with nothing on it.
    pub fn empty(day: NaiveDate) -> Self {
        Self { day, plans: Vec::new(), visits: Vec::new(), absence: None, conflicts: Vec::new() }
    }
}

/// One person's days.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Row {
    pub user_id: Uuid,
    pub name: String,
    pub cells: Vec<Cell>,
}

/// An open job with no day planned from the board's first day on.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Unplanned {
    pub id: Uuid,
    pub title: String,
    pub customer_name: String,
    pub customer_address: Option<String>,
    #[sqlx(try_from = "String")]
    pub status: crate::jobs::JobStatus,
    pub start_day: Option<NaiveDate>,
    /// The job's planned last day: the plan dialog says so before a day after it is planned.
    pub end_day: Option<NaiveDate>,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Board {
    pub days: Vec<NaiveDate>,
    /// The firm's ordinary day in minutes (Innstillinger → Timer og lønn): an all-day plan's
    /// length, and the most one day holds before it clashes.
    pub day_minutes: i32,
    pub people: Vec<Row>,
    pub unplanned: Vec<Unplanned>,
}

/// Hours as the board writes them: `7,5`.
fn hours(minutes: i32) -> String {
    money::quantity(i64::from(minutes) * 100 / 60)
}

/// The clashes of `name`'s day in `cell`, with `day_minutes` as the ordinary day.
pub fn conflicts(cell: &Cell, name: &str, day_minutes: i32) -> Vec<Conflict> {
    let mut found = Vec::new();
    let mut jobs: Vec<Uuid> = cell.plans.iter().map(|planned| planned.plan.job_id).collect();
    jobs.sort_unstable();
    jobs.dedup();
    if let Some(kind) = cell.absence
        && (!cell.plans.is_empty() || !cell.visits.is_empty())
    {
        let text = format!("{name} {}, men er planlagt denne dagen.", kind.phrase());
        found.push(Conflict { kind: ConflictKind::Away, text });
    }
    if jobs.len() > 1 {
        let text = format!("{name} har {} oppdrag denne dagen.", jobs.len());
        found.push(Conflict { kind: ConflictKind::TwoJobs, text });
    }
    let window = |plan: &PlanDay| match plan.starts_at {
        Some(start) => (start, start + plan.minutes.unwrap_or(day_minutes)),
        None => (0, 1440),
    };
    let mut elsewhere_minutes = 0;
    for visit in &cell.visits {
        let start = oslo::parse_clock(&visit.start).map_or(0, |at| (at.hour() * 60 + at.minute()) as i32);
        let during = cell.plans.iter().find(|planned| {
            let (from, to) = window(&planned.plan);
            planned.lead_id != Some(visit.lead_id) && start < to && from < start + visit.minutes
        });
        if let Some(planned) = during {
            let text = format!("Befaring kl. {} mens {name} er på «{}».", visit.start, planned.job_title);
            found.push(Conflict { kind: ConflictKind::VisitDuringJob, text });
        }
        if !cell.plans.iter().any(|planned| planned.lead_id == Some(visit.lead_id)) {
            elsewhere_minutes += visit.minutes;
        }
    }
    for planned in cell.plans.iter().filter(|planned| planned.is_after_end()) {
        let Some(end) = planned.job_end_day else { continue };
        let text = format!(
            "«{}» er planlagt etter oppdragets siste dag, {} {}.",
            planned.job_title,
            oslo::weekday(end),
            oslo::date(end)
        );
        found.push(Conflict { kind: ConflictKind::AfterEnd, text });
    }
    let planned: i32 = cell.plans.iter().map(|planned| planned.plan.minutes.unwrap_or(day_minutes)).sum();
    let total = planned + elsewhere_minutes;
    if total > day_minutes {
        let text =
            format!("Mer enn en arbeidsdag planlagt: {} av {} timer.", hours(total), hours(day_minutes));
        found.push(Conflict { kind: ConflictKind::OverDay, text });
    }
    found
}

/// The board of `days` from `from`: everyone who can be planned (the montører, and anyone
/// else with something on a day of the span), or `only` that person.
pub async fn board(db: &Db, from: NaiveDate, days: i64, only: Option<Uuid>) -> Result<Board, sqlx::Error> {
    let to = from + chrono::Duration::days(days);
    let day_list: Vec<NaiveDate> = from.iter_days().take_while(|day| *day < to).collect();
    let day_minutes = crate::settings::store::facts(db)
        .await?
        .map(|facts| facts.working_time)
        .unwrap_or_default()
        .day_minutes;
    let plans = store::planned_between(db, (from, to), only).await?;
    let absences = store::absences_between(db, (from, to), only).await?;
    let visits = crate::visits::store::between(db, (oslo::start_of(from), oslo::start_of(to)), only).await?;
    let mut people: BTreeMap<Uuid, String> = store::plannable(db).await?.into_iter().collect();
    if let Some(only) = only {
        people.retain(|id, _| *id == only);
    }
    let mut cells: HashMap<(Uuid, NaiveDate), Cell> = HashMap::new();
    fn cell(cells: &mut HashMap<(Uuid, NaiveDate), Cell>, user: Uuid, day: NaiveDate) -> &mut Cell {
        cells.entry((user, day)).or_insert_with(|| Cell::empty(day))
    }
    for planned in plans {
        cell(&mut cells, planned.plan.user_id, planned.plan.day).plans.push(planned);
    }
    for absence in absences {
        cell(&mut cells, absence.user_id, absence.day).absence = Some(absence.kind);
    }
    for visit in visits {
        let Some(staff) = visit.staff_id else { continue };
        let (day, start, _) = oslo::span(visit.starts_at, visit.minutes);
        let address = [visit.lead_address, visit.lead_postnr].into_iter().flatten().collect::<Vec<_>>();
        cell(&mut cells, staff, day).visits.push(VisitOnBoard {
            id: visit.id,
            lead_id: visit.lead_id,
            start,
            minutes: visit.minutes,
            customer_name: visit.lead_name,
            address: (!address.is_empty()).then(|| address.join(", ")),
        });
    }
    if only.is_none() {
        let named = store::names(db, &cells.keys().map(|(user, _)| *user).collect::<Vec<_>>()).await?;
        for (user, name) in named {
            people.entry(user).or_insert(name);
        }
    }
    let mut rows: Vec<Row> = people
        .into_iter()
        .map(|(user_id, name)| {
            let cells = day_list
                .iter()
                .map(|day| {
                    let mut cell = cells.remove(&(user_id, *day)).unwrap_or_else(|| Cell::empty(*day));
                    cell.plans.sort_by_key(|planned| {
                        (planned.plan.starts_at, planned.plan.created_at, planned.plan.id)
                    });
                    for planned in &mut cell.plans {
                        planned.after_end = planned.is_after_end();
                    }
                    cell.conflicts = conflicts(&cell, &name, day_minutes);
                    cell
                })
                .collect();
            Row { user_id, name, cells }
        })
        .collect();
    rows.sort_by(|a, b| a.name.cmp(&b.name).then(a.user_id.cmp(&b.user_id)));
    let unplanned = if only.is_none() { store::unplanned(db, from).await? } else { Vec::new() };
    Ok(Board { days: day_list, day_minutes, people: rows, unplanned })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Utc;

    fn planned(job: u128, lead: u128, starts_at: Option<i32>, minutes: Option<i32>) -> Planned {
        let now = Utc::now();
        Planned {
            plan: PlanDay {
                id: Uuid::from_u128(job * 100),
                job_id: Uuid::from_u128(job),
                user_id: Uuid::nil(),
                day: "2026-12-01".parse().unwrap(),
                starts_at,
                minutes,
                sequence: 0,
                cancelled_at: None,
                created_by: "Kontoret".into(),
                created_at: now,
                updated_at: now,
            },
            job_title: format!("Jobb {job}"),
            customer_name: "Kunde".into(),
            customer_address: None,
            lead_id: Some(Uuid::from_u128(lead)),
            job_end_day: None,
            after_end: false,
        }
    }

    fn visit(lead: u128, start: &str, minutes: i32) -> VisitOnBoard {
        VisitOnBoard {
            id: Uuid::from_u128(lead + 1000),
            lead_id: Uuid::from_u128(lead),
            start: start.into(),
            minutes,
            customer_name: "Kunde".into(),
            address: None,
        }
    }

    fn cell(plans: Vec<Planned>, visits: Vec<VisitOnBoard>, absence: Option<AbsenceKind>) -> Cell {
        Cell { day: "2026-12-01".parse().unwrap(), plans, visits, absence, conflicts: Vec::new() }
    }

    fn kinds(cell: &Cell) -> Vec<ConflictKind> {
        conflicts(cell, "Kari", 450).into_iter().map(|conflict| conflict.kind).collect()
    }

    #[test]
    fn one_job_all_day_is_no_clash() {
        assert!(kinds(&cell(vec![planned(1, 1, None, None)], vec![], None)).is_empty());
    }

    #[test]
    fn two_jobs_on_one_day_clash_and_say_how_many() {
        let found = conflicts(
            &cell(
                vec![planned(1, 1, Some(420), Some(180)), planned(2, 2, Some(720), Some(180))],
                vec![],
                None,
            ),
            "Kari",
            450,
        );
        assert_eq!(
            found,
            [Conflict { kind: ConflictKind::TwoJobs, text: "Kari har 2 oppdrag denne dagen.".into() }]
        );
        let over = kinds(&cell(vec![planned(1, 1, None, None), planned(2, 2, None, None)], vec![], None));
        assert_eq!(over, [ConflictKind::TwoJobs, ConflictKind::OverDay]);
    }

    #[test]
    fn a_befaring_clashes_with_a_job_elsewhere_at_the_same_time_only() {
        let job = || planned(1, 1, Some(420), Some(240));
        assert_eq!(
            kinds(&cell(vec![job()], vec![visit(2, "09:00", 60)], None)),
            [ConflictKind::VisitDuringJob]
        );
        assert!(kinds(&cell(vec![job()], vec![visit(2, "12:00", 60)], None)).is_empty(), "after the job");
        assert!(
            kinds(&cell(vec![job()], vec![visit(1, "09:00", 60)], None)).is_empty(),
            "at the job's customer"
        );
        let all_day = planned(1, 1, None, None);
        let found = conflicts(&cell(vec![all_day], vec![visit(2, "15:00", 60)], None), "Kari", 450);
        assert_eq!(found[0].text, "Befaring kl. 15:00 mens Kari er på «Jobb 1».");
        assert_eq!(found[1].text, "Mer enn en arbeidsdag planlagt: 8,5 av 7,5 timer.");
    }

    #[test]
    fn a_day_away_with_anything_planned_clashes() {
        let found =
            conflicts(&cell(vec![planned(1, 1, None, None)], vec![], Some(AbsenceKind::Ferie)), "Kari", 450);
        assert_eq!(found[0].text, "Kari har ferie, men er planlagt denne dagen.");
        assert!(kinds(&cell(vec![], vec![], Some(AbsenceKind::Syk))).is_empty(), "away with nothing planned");
    }

    #[test]
    fn a_day_after_the_jobs_last_day_is_said_in_words() {
        let mut late = planned(1, 1, None, None);
        late.job_end_day = Some("2026-11-30".parse().unwrap());
        let found = conflicts(&cell(vec![late.clone()], vec![], None), "Kari", 450);
        assert_eq!(
            found,
            [Conflict {
                kind: ConflictKind::AfterEnd,
                text: "«Jobb 1» er planlagt etter oppdragets siste dag, mandag 30. november 2026.".into()
            }]
        );
        late.job_end_day = Some("2026-12-01".parse().unwrap());
        assert!(kinds(&cell(vec![late], vec![], None)).is_empty(), "on the last day itself");
    }
}
