//! Oppdrag (jobs, README "Oppdrag"): the work after an accepted quote. A job is made from
//! an accepted quote in one step (its lines become the budget; the price type, customer
//! and address come with it) or from a lead for a small call-out at timepris. Staff enter
//! their hours on it (`time.rs`: the law's time sheet, locked after the end of the
//! following month), the office adds materials and, when a price estimate is passed,
//! records the § 7 contact; `meter.rs` holds the arithmetic. The SQL is in `store/`.

pub mod changes;
pub mod figures;
pub mod gate;
pub mod hours;
pub mod input;
pub mod list;
pub mod materials;
pub mod meter;
pub mod month;
pub mod refused;
pub mod rule;
pub mod store;
pub mod time;

pub use materials::{Material, add_material, change_material, delete_material};
pub use meter::{Meter, Pricing, Usage};
pub use refused::Refused;
pub use rule::PriceRule;

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::audit::NewAudit;
use crate::db::Db;
use crate::quotes::{PriceType, Quote, QuoteLine, Unit};

pub use refused::JOB_NOT_FOUND as NOT_FOUND;

/// Where a job is. `invoiced` is set by the invoice basis (a later step).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum JobStatus {
    /// Planlagt.
    Planned,
    /// I arbeid.
    InProgress,
    /// Ferdig.
    Done,
    /// Fakturert.
    Invoiced,
}

impl JobStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Planned => "planned",
            Self::InProgress => "in_progress",
            Self::Done => "done",
            Self::Invoiced => "invoiced",
        }
    }

    /// Whether hours and materials may still be written on it.
    pub fn is_open(self) -> bool {
        matches!(self, Self::Planned | Self::InProgress)
    }
}

impl TryFrom<String> for JobStatus {
    type Error = String;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        serde_json::from_value(Value::String(text.clone())).map_err(|_| format!("ukjent status «{text}»"))
    }
}

/// A job as stored.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Job {
    pub id: Uuid,
    /// The lead it came from; none once the lead is erased (the job and its hours stay).
    pub lead_id: Option<Uuid>,
    /// The accepted quote it was made from; none for a call-out.
    pub quote_id: Option<Uuid>,
    pub title: String,
    pub customer_name: String,
    pub customer_phone: Option<String>,
    pub customer_address: Option<String>,
    #[sqlx(try_from = "String")]
    pub price_type: PriceType,
    /// Which of the law's price rules binds it, and why (`rule.rs`).
    #[sqlx(try_from = "String")]
    pub price_rule: PriceRule,
    /// The budget's lines: the accepted quote's, as they were accepted.
    #[sqlx(json)]
    pub lines: Vec<QuoteLine>,
    /// Øre excluding MVA: the accepted quote's sum, or a call-out's estimate.
    pub budget: i64,
    /// Øre excluding MVA per hour, for time not on a budget line priced by the hour.
    pub hourly_rate: i64,
    #[sqlx(try_from = "String")]
    pub status: JobStatus,
    pub start_day: Option<NaiveDate>,
    pub end_day: Option<NaiveDate>,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Job {
    /// How the meter bills it (`rule.rs`).
    pub fn pricing(&self) -> Pricing {
        self.price_rule.pricing(self.budget)
    }

    /// The rate of time spent on budget line `line`: that line's unit price when it is
    /// priced by the hour, else the job's hourly rate.
    pub fn rate_of(&self, line: Option<i32>) -> i64 {
        line.and_then(|index| usize::try_from(index).ok())
            .and_then(|index| self.lines.get(index))
            .filter(|line| line.unit == Unit::Time)
            .map_or(self.hourly_rate, |line| line.unit_price)
    }

    /// What the audit log shows of the job.
    pub fn audit_view(&self, workers: &[Worker]) -> Value {
        serde_json::json!({
            "title": self.title, "status": self.status, "customer_name": self.customer_name,
            "price_type": self.price_type, "price_rule": self.price_rule, "budget": self.budget, "hourly_rate": self.hourly_rate,
            "start_day": self.start_day, "end_day": self.end_day,
            "workers": workers.iter().map(|worker| worker.name.as_str()).collect::<Vec<_>>(),
        })
    }
}

/// Who works on a job.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
pub struct Worker {
    pub user_id: Uuid,
    pub name: String,
}

/// A recorded § 7 contact: the firm told the customer the price would pass the estimate.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct JobContact {
    pub id: Uuid,
    pub job_id: Uuid,
    /// How: "telefon", "e-post", "møte" or "sms".
    pub how: String,
    pub contacted_at: DateTime<Utc>,
    /// What the customer said.
    pub said: String,
    /// Øre used and the budget when the contact was recorded.
    pub used: i64,
    pub budget: i64,
    pub recorded_by: String,
    pub created_at: DateTime<Utc>,
}

/// A job with everything its page shows.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct JobDetail {
    #[serde(flatten)]
    pub job: Job,
    pub workers: Vec<Worker>,
    pub meter: Meter,
    /// Hours on the job, all of them, in hundredths of an hour.
    pub hours: i64,
    pub entries: Vec<time::TimeEntry>,
    pub materials: Vec<Material>,
    pub contacts: Vec<JobContact>,
    /// Its change orders (tilleggsarbeid), newest first.
    pub changes: Vec<Quote>,
}

/// A job in a list: with its meter.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct JobSummary {
    #[serde(flatten)]
    pub job: Job,
    pub workers: Vec<Worker>,
    pub meter: Meter,
}

/// The meter of `job` from its entries, materials, accepted change orders (`extra_budget`,
/// `changes::extra_budget`) and whether a § 7 contact is recorded.
pub fn meter_of(
    job: &Job,
    entries: &[time::TimeEntry],
    materials: &[Material],
    extra_budget: i64,
    contacted: bool,
) -> Meter {
    let mut usage = Usage::default();
    for entry in entries {
        usage.time_of(entry.extra, entry.held).push((entry.minutes, entry.rate));
    }
    for material in materials {
        usage.materials_of(material.extra, material.held).push((material.quantity, material.unit_price));
    }
    Meter::new(job.pricing(), job.budget, extra_budget, &usage, contacted)
}

/// Reads job `id` with its workers, entries, materials, contacts and meter.
pub async fn detail(db: &Db, id: Uuid) -> Result<Option<JobDetail>, sqlx::Error> {
    let Some(job) = store::get(db, id).await? else { return Ok(None) };
    let workers = store::workers(db, id).await?;
    let entries = store::time::of_job(db, id).await?;
    let materials = store::materials::of_job(db, id).await?;
    let contacts = store::contacts(db, id).await?;
    let changes = crate::quotes::store::of_job(db, id).await?;
    let meter = meter_of(&job, &entries, &materials, changes::extra_budget(&changes), !contacts.is_empty());
    let hours = entries.iter().map(|entry| meter::hours_in_hundredths(entry.minutes)).sum();
    Ok(Some(JobDetail { job, workers, meter, hours, entries, materials, contacts, changes }))
}

/// Writes a new job and its workers with `entry`, in one transaction; `false` when the
/// quote has a job already (one job per quote, held by the database's unique index).
pub async fn create(db: &Db, job: &Job, workers: &[Uuid], entry: &NewAudit) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    if !store::insert_in(&mut tx, job).await? {
        return Ok(false);
    }
    store::set_workers_in(&mut tx, job.id, workers).await?;
    tx.audit(entry).await?;
    tx.commit().await?;
    Ok(true)
}

/// Saves `job`'s editable fields and its workers, with `entry`.
pub async fn update(db: &Db, job: &Job, workers: &[Uuid], entry: &NewAudit) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    if !store::update_in(&mut tx, job).await? {
        return Ok(false);
    }
    store::set_workers_in(&mut tx, job.id, workers).await?;
    tx.audit(entry).await?;
    tx.commit().await?;
    Ok(true)
}

/// Records `contact` (its used amount and budget read in the same transaction) with
/// `audit`; `None` when the job is gone, else the contact as stored.
pub async fn record_contact(
    db: &Db,
    mut contact: JobContact,
    audit: &NewAudit,
) -> Result<Option<JobContact>, sqlx::Error> {
    let mut tx = db.begin().await?;
    let Some(job) = store::take_in(&mut tx, contact.job_id).await? else { return Ok(None) };
    let (used, _) = store::used_in(&mut tx, &job, None).await?;
    contact.used = used;
    contact.budget = job.budget;
    store::insert_contact_in(&mut tx, &contact).await?;
    // The customer is told: what waited for it is billable, up to the ceiling.
    store::release_in(&mut tx, job.id).await?;
    tx.audit(audit).await?;
    tx.commit().await?;
    Ok(Some(contact))
}

/// The customer's e-mail address for `job`: the accepted quote's, else the lead's; none
/// when neither has one. A failed read is an error, never "no address" (#76).
pub async fn customer_email(db: &Db, job: &Job) -> Result<Option<String>, sqlx::Error> {
    if let Some(quote) = job.quote_id {
        let quote = crate::quotes::store::get(db, quote).await?;
        if let Some(email) = quote.and_then(|quote| quote.customer_email) {
            return Ok(Some(email));
        }
    }
    let Some(lead_id) = job.lead_id else { return Ok(None) };
    let lead = crate::leads::store::get(db, lead_id).await?;
    Ok(lead.and_then(|lead| lead.email).filter(|email| !email.trim().is_empty()))
}

/// Each job of `jobs` with its workers and meter (a page of the list, the dashboard's jobs
/// past their estimate): the meter from the sums each job keeps (migration 0049), so ten
/// years of entries cost a page nothing (docs/BENCHMARKS.md, "The office's month end").
pub async fn summaries(db: &Db, jobs: Vec<Job>) -> Result<Vec<JobSummary>, sqlx::Error> {
    use std::collections::{HashMap, HashSet};
    if jobs.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<Uuid> = jobs.iter().map(|job| job.id).collect();
    let mut workers: HashMap<Uuid, Vec<Worker>> = HashMap::new();
    for (job_id, user_id, name) in store::workers_of(db, &ids).await? {
        workers.entry(job_id).or_default().push(Worker { user_id, name });
    }
    let sums: HashMap<Uuid, meter::Sums> = store::sums_of(db, &ids).await?.into_iter().collect();
    let contacted: HashSet<Uuid> = store::contacted(db, &ids).await?.into_iter().collect();
    let extra: HashMap<Uuid, i64> =
        crate::quotes::store::accepted_changes(db, &ids).await?.into_iter().collect();
    Ok(jobs
        .into_iter()
        .map(|job| {
            let sums = sums.get(&job.id).copied().unwrap_or_default();
            let extra = extra.get(&job.id).copied().unwrap_or(0);
            let meter = Meter::of_sums(job.pricing(), job.budget, extra, sums, contacted.contains(&job.id));
            JobSummary { workers: workers.remove(&job.id).unwrap_or_default(), meter, job }
        })
        .collect())
}

/// Every job whose kept sums (migration 0049, counted by the database from each row's
/// `amount`) are not the meter's sums worked out here from its rows: none, always. The API
/// tests that write hours and materials ask it after their writes.
pub async fn sums_astray(db: &Db) -> Result<Vec<Uuid>, sqlx::Error> {
    use std::collections::HashMap;
    let mut astray = Vec::new();
    for ids in store::ids(db).await?.chunks(500) {
        let mut usage: HashMap<Uuid, Usage> = HashMap::new();
        for (job_id, minutes, rate, extra, held, count) in store::time_groups(db, ids).await? {
            let list = usage.entry(job_id).or_default().time_of(extra, held);
            list.extend(std::iter::repeat_n((minutes, rate), usize::try_from(count).unwrap_or(0)));
        }
        for material in store::materials::of_jobs(db, ids).await? {
            let list = usage.entry(material.job_id).or_default().materials_of(material.extra, material.held);
            list.push((material.quantity, material.unit_price));
        }
        for (id, kept) in store::sums_of(db, ids).await? {
            if meter::Sums::of(&usage.remove(&id).unwrap_or_default()) != kept {
                astray.push(id);
            }
        }
    }
    Ok(astray)
}
