//! The dashboard's quote figures, counted from the quotes as they read today (a sent
//! quote past its day is expired): what is out with customers, what was won this month,
//! how many of the answered quotes were accepted, and the quotes about to expire.

use chrono::{Datelike, Duration, NaiveDate};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{Quote, QuoteStatus};

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

/// The figures of `quotes` (each read as of `today`).
pub fn figures(quotes: &[Quote], today: NaiveDate) -> QuoteFigures {
    let mut figures = QuoteFigures::default();
    let (mut accepted, mut answered) = (0, 0);
    let soon = today + Duration::days(EXPIRING_DAYS);
    for quote in quotes {
        match quote.status {
            QuoteStatus::Sent => {
                figures.open_value += quote.total;
                figures.open_count += 1;
                if quote.valid_until <= soon {
                    figures.expiring.push(ExpiringQuote {
                        id: quote.id,
                        lead_id: quote.lead_id,
                        label: quote.label(),
                        customer_name: quote.customer_name.clone(),
                        valid_until: quote.valid_until,
                        total: quote.total,
                    });
                }
            }
            QuoteStatus::Accepted => {
                accepted += 1;
                answered += 1;
                let day = quote.accepted_at.map(crate::oslo::day_of);
                if day.is_some_and(|day| day.year() == today.year() && day.month() == today.month()) {
                    figures.accepted_month += 1;
                    figures.accepted_month_value += quote.total;
                }
            }
            QuoteStatus::Declined | QuoteStatus::Expired => answered += 1,
            QuoteStatus::Draft | QuoteStatus::Withdrawn | QuoteStatus::Replaced => {}
        }
    }
    figures.accepted_share = (answered > 0).then(|| (accepted * 100 + answered / 2) / answered);
    figures.expiring.sort_by_key(|quote| quote.valid_until);
    figures
}
