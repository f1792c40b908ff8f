//! The dashboard's quote figures, counted from the quotes as they read today (a sent
//! quote past its day is expired): what is out with customers, what was won this month,
//! how many of the answered quotes were accepted, and the quotes about to expire.

use chrono::{Duration, NaiveDate};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

/// How many days ahead a quote counts as about to expire on the dashboard.
pub const EXPIRING_DAYS: i64 = 3;

#[derive(Debug, Default, PartialEq, Serialize, ToSchema)]
pub struct QuoteFigures {
    /// Øre including MVA of the quotes sent and still open for acceptance.
    pub open_value: i64,
    pub open_count: i64,
    /// Quotes accepted this calendar month (in Norway), and their value in øre.
    pub accepted_month: i64,
    pub accepted_month_value: i64,
    /// Of the quotes customers have answered or let expire, the share accepted, in whole
    /// percent; none before the first.
    pub accepted_share: Option<i64>,
    /// Sent quotes whose valid-until day is within the next three days, soonest first.
    pub expiring: Vec<ExpiringQuote>,
}

#[derive(Debug, PartialEq, Serialize, ToSchema)]
pub struct ExpiringQuote {
    pub id: Uuid,
    pub lead_id: Option<Uuid>,
    /// `2026-0042` or `2026-0042 v2`.
    pub label: String,
    pub customer_name: String,
    pub valid_until: NaiveDate,
    pub total: i64,
}

/// The figures as of `today`, read from the indexes (`super::store::figures`), not from
/// every quote of ten years.
pub async fn figures(db: &crate::db::Db, today: NaiveDate) -> Result<QuoteFigures, sqlx::Error> {
    use super::store::figures as store;
    let soon = today + Duration::days(EXPIRING_DAYS);
    let ((open_count, open_value), expiring) = store::open(db, today, soon).await?;
    let first = crate::oslo::first_of_month(today);
    let next = first.checked_add_months(chrono::Months::new(1)).unwrap_or(first);
    let (accepted_month, accepted_month_value) =
        store::accepted_between(db, (crate::oslo::start_of(first), crate::oslo::start_of(next))).await?;
    let (accepted, answered) = store::answered(db, today).await?;
    Ok(QuoteFigures {
        open_value,
        open_count,
        accepted_month,
        accepted_month_value,
        accepted_share: (answered > 0).then(|| (accepted * 100 + answered / 2) / answered),
        expiring: expiring
            .into_iter()
            .map(|(id, lead_id, number, version, customer_name, valid_until, total)| ExpiringQuote {
                id,
                lead_id,
                label: if version > 1 { format!("{number} v{version}") } else { number },
                customer_name,
                valid_until,
                total,
            })
            .collect(),
    })
}
