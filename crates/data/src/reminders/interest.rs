//! Forsinkelsesrente (forsinkelsesrenteloven, docs/LAW.md): simple interest on what is
//! left of the invoice's sum, from the day after its due date (§ 2: the due date was
//! fixed in advance), at the rate in force each day (§ 3 sets it each half-year; the
//! firm keeps the rates in Innstillinger → Faktura), counted by the days of that day's
//! year (365, or 366 in a leap year). Never interest on interest, nor on a fee.
//!
//! Two choices in the customer's favour, so a letter never claims more than the law
//! allows: a payment stops the interest on its own day, and the credit notes reduce the
//! sum from the start (a credit note corrects a claim that was too large from the first).

use chrono::{Datelike, Duration, NaiveDate};
use serde::Serialize;
use utoipa::ToSchema;

use crate::settings::InterestRate;

/// The interest on a claim to a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct Interest {
    /// Øre, rounded to the nearest øre.
    pub amount: i64,
    /// The first day with interest (the day after the due date).
    pub from: NaiveDate,
    /// The last day counted.
    pub to: NaiveDate,
    /// The rate on `to`, in hundredths of a percent (1200 is 12 %); none when no rate is
    /// kept for that day.
    pub rate: Option<i32>,
    /// The first day after the due date no kept rate covers, when there is one: those days
    /// carry no interest, and the office is told to add the rate.
    pub missing_rate_from: Option<NaiveDate>,
}

/// The interest on `owed` øre due on `due_date`, less `payments` (their day and øre) as
/// they came in, from the day after the due date through `to`, at `rates`.
pub fn interest(
    owed: i64,
    payments: &[(NaiveDate, i64)],
    due_date: NaiveDate,
    to: NaiveDate,
    rates: &[InterestRate],
) -> Interest {
    let mut rates: Vec<&InterestRate> = rates.iter().collect();
    rates.sort_by_key(|rate| rate.from);
    // A rate holds until the next one; the last only to the end of its half-year, since
    // the law sets a new one each half-year and it may be lower.
    let last_day = rates.last().map(|rate| half_year_end(rate.from));
    let rate_on = |day: NaiveDate| {
        rates
            .iter()
            .rev()
            .find(|rate| rate.from <= day)
            .filter(|_| last_day.is_some_and(|last| day <= last) || rates.iter().any(|rate| rate.from > day))
            .map(|rate| rate.percent_hundredths)
    };
    let from = due_date + Duration::days(1);
    // Each day adds balance × rate / (10 000 × the year's days); summed over the common
    // denominator 10 000 × 365 × 366 and rounded once at the end.
    let denominator: i128 = 10_000 * 365 * 366;
    let mut sum: i128 = 0;
    let mut missing_rate_from = None;
    let mut day = from;
    while day <= to {
        let paid: i64 =
            payments.iter().filter(|(paid_on, _)| *paid_on <= day).map(|(_, amount)| amount).sum();
        let balance = i128::from((owed - paid).max(0));
        match rate_on(day) {
            Some(rate) => {
                let other_year_days: i128 = if is_leap(day.year()) { 365 } else { 366 };
                sum += balance * i128::from(rate) * other_year_days;
            }
            None if balance > 0 => {
                missing_rate_from.get_or_insert(day);
            }
            None => {}
        }
        day += Duration::days(1);
    }
    let amount = i64::try_from((sum + denominator / 2) / denominator).unwrap_or(i64::MAX);
    Interest { amount, from, to, rate: rate_on(to), missing_rate_from }
}

/// The last day of the half-year `day` is in: 30 June or 31 December.
fn half_year_end(day: NaiveDate) -> NaiveDate {
    let (month, date) = if day.month() <= 6 { (6, 30) } else { (12, 31) };
    NaiveDate::from_ymd_opt(day.year(), month, date).unwrap_or(day)
}

fn is_leap(year: i32) -> bool {
    NaiveDate::from_ymd_opt(year, 2, 29).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn day(year: i32, month: u32, date: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(year, month, date).unwrap()
    }

    fn rates() -> Vec<InterestRate> {
        vec![
            InterestRate { from: day(2025, 7, 1), percent_hundredths: 1225 },
            InterestRate { from: day(2026, 1, 1), percent_hundredths: 1200 },
        ]
    }

    #[test]
    fn a_year_at_twelve_percent_is_twelve_percent() {
        let owed = 1_000_000;
        let twelve = |from| InterestRate { from, percent_hundredths: 1200 };
        let rates = [twelve(day(2026, 1, 1)), twelve(day(2026, 7, 1)), twelve(day(2027, 1, 1))];
        let found = interest(owed, &[], day(2026, 1, 1), day(2027, 1, 1), &rates);
        assert_eq!(found.amount, 120_000);
        assert_eq!((found.from, found.rate, found.missing_rate_from), (day(2026, 1, 2), Some(1200), None));
    }

    #[test]
    fn the_last_rate_holds_only_to_the_end_of_its_half_year() {
        // The rate for the second half of 2026 is not kept: those days carry none.
        let rates = [InterestRate { from: day(2026, 1, 1), percent_hundredths: 1200 }];
        let found = interest(1_000_000, &[], day(2026, 6, 20), day(2026, 7, 10), &rates);
        assert_eq!(found.missing_rate_from, Some(day(2026, 7, 1)));
        assert_eq!(found.rate, None);
        assert_eq!(found.amount, (1_000_000.0 * 0.12 * 10.0 / 365.0_f64).round() as i64);
    }

    #[test]
    fn the_rate_changes_on_its_day_and_a_payment_stops_interest_on_its_share() {
        // 10 000 kr due 16.12.2025: 15 days at 12.25 %, then 31 days at 12 %, of which
        // the last 11 on 4 000 kr after 6 000 kr came in on 21.01.2026.
        let found = interest(
            1_000_000,
            &[(day(2026, 1, 21), 600_000)],
            day(2025, 12, 16),
            day(2026, 1, 31),
            &rates(),
        );
        let expected: f64 =
            1_000_000.0 * (0.1225 * 15.0 + 0.12 * 20.0) / 365.0 + 400_000.0 * 0.12 * 11.0 / 365.0;
        assert_eq!(found.amount, expected.round() as i64);
    }

    #[test]
    fn days_before_the_first_rate_carry_none_and_are_named() {
        let found = interest(1_000_000, &[], day(2025, 6, 20), day(2025, 7, 10), &rates());
        assert_eq!(found.missing_rate_from, Some(day(2025, 6, 21)));
        assert_eq!(found.amount, (1_000_000.0 * 0.1225 * 10.0 / 365.0_f64).round() as i64);
    }

    #[test]
    fn nothing_before_the_day_after_the_due_date() {
        assert_eq!(interest(1_000_000, &[], day(2026, 3, 1), day(2026, 3, 1), &rates()).amount, 0);
        assert_eq!(
            interest(1_000_000, &[(day(2026, 3, 1), 1_000_000)], day(2026, 2, 1), day(2026, 3, 1), &rates())
                .amount,
            (1_000_000.0 * 0.12 * 27.0 / 365.0_f64).round() as i64
        );
    }

    proptest! {
        /// Interest only grows with the days, never exceeds the whole sum at the highest
        /// rate for every day, and a payment never adds to it.
        #[test]
        fn interest_grows_with_time_and_shrinks_with_payments(
            owed in 1i64..100_000_000,
            late in 0i64..900,
            more in 0i64..400,
            paid in 0i64..100_000_000,
            paid_after in 0i64..900,
        ) {
            let due = day(2025, 8, 1);
            let to = due + Duration::days(late);
            let first = interest(owed, &[], due, to, &rates());
            let later = interest(owed, &[], due, to + Duration::days(more), &rates());
            prop_assert!(first.amount <= later.amount);
            let ceiling = (owed as f64 * 0.1225 * late as f64 / 365.0).ceil() as i64;
            prop_assert!(first.amount <= ceiling);
            let with_payment = interest(owed, &[(due + Duration::days(paid_after), paid)], due, to, &rates());
            prop_assert!(with_payment.amount <= first.amount);
        }
    }
}
