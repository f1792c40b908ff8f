//! The dashboard's money figures: what customers owe by how long past due, what came in
//! this month, and the payments that wait for the office.

use chrono::{Datelike, Duration, NaiveDate};
use serde::Serialize;
use utoipa::ToSchema;

use crate::db::Db;

/// What is owed on the invoices, in øre, by how many days past their due date.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct Outstanding {
    /// Not due yet.
    pub not_due: i64,
    /// 1 to 30 days past due.
    pub days_1_30: i64,
    /// 31 to 60 days past due.
    pub days_31_60: i64,
    /// More than 60 days past due.
    pub over_60: i64,
}

#[derive(Debug, Default, Serialize, ToSchema)]
pub struct MoneyFigures {
    pub outstanding: Outstanding,
    /// Øre booked on invoices with a payment day this month (in Norway), to today.
    pub paid_this_month: i64,
    /// Payments from the bank waiting for the office.
    pub waiting: i64,
    /// Overdue invoices that may get a purring or an inkassovarsel today
    /// (`crate::reminders::due`, which the dashboard counts into this).
    pub reminders_due: i64,
}

/// The figures as of `today` (in Norway).
pub async fn figures(db: &Db, today: NaiveDate) -> Result<MoneyFigures, sqlx::Error> {
    let month = today.with_day(1).unwrap_or(today);
    let (outstanding, paid_this_month, waiting) =
        super::store::figures(db, today, [today - Duration::days(30), today - Duration::days(60)], month)
            .await?;
    Ok(MoneyFigures { outstanding, paid_this_month, waiting, reminders_due: 0 })
}
