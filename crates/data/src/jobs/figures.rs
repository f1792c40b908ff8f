//! The dashboard's job figures: jobs in progress, the hours entered this week, and the
//! open jobs whose used amount has passed their estimate (the office is told there; what
//! passes it is held out of the invoice until the § 7 contact).

use chrono::{Duration, NaiveDate};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{store, summaries, time::monday_of};
use crate::db::Db;

#[derive(Debug, Default, Serialize, ToSchema)]
pub struct JobFigures {
    pub in_progress: i64,
    /// Minutes entered on days of this week (Monday to today), by everyone.
    pub minutes_this_week: i64,
    /// Open jobs past an estimate with the § 32 ceiling (`super::rule`), the furthest over
    /// first.
    pub over_estimate: Vec<OverEstimate>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OverEstimate {
    pub id: Uuid,
    pub title: String,
    pub customer_name: String,
    /// Øre excluding MVA.
    pub budget: i64,
    pub used: i64,
    /// What waits for the § 7 contact, in øre excluding MVA.
    pub held: i64,
    /// No § 7 contact is recorded yet.
    pub needs_contact: bool,
}

/// The figures as of `today` (in Norway).
pub async fn figures(db: &Db, today: NaiveDate) -> Result<JobFigures, sqlx::Error> {
    let monday = monday_of(today);
    let minutes_this_week = store::minutes_between(db, monday, today + Duration::days(1)).await?;
    let in_progress = store::count_in_progress(db).await?;
    let find = store::Find { over_estimate: true, ..store::Find::default() };
    let (over, _) = store::find(db, &find, None).await?;
    let mut over_estimate: Vec<OverEstimate> = summaries(db, over)
        .await?
        .into_iter()
        .map(|summary| OverEstimate {
            id: summary.job.id,
            title: summary.job.title,
            customer_name: summary.job.customer_name,
            budget: summary.meter.budget,
            used: summary.meter.used,
            held: summary.meter.held,
            needs_contact: summary.meter.needs_contact,
        })
        .collect();
    over_estimate
        .sort_by_key(|job| std::cmp::Reverse(i128::from(job.used) * 1000 / i128::from(job.budget.max(1))));
    Ok(JobFigures { in_progress, minutes_this_week, over_estimate })
}
