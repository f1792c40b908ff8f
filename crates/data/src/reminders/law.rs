//! The amounts the law sets for a reminder, as dated data (docs/LAW.md, "Purring,
//! inkassovarsel og forsinkelsesrente", gives each source): the inkassosats each year
//! (inkassoforskriften § 1-1), the reminder fee as a twentieth of it (§ 1-2), and the
//! days the rules count (§ 1-2 (1) and inkassoloven § 9 (2)). A new year's sats is one
//! more row in [`INKASSOSATS`]; a letter uses the sats in force on the day it is sent
//! (§ 1-2 (4)).

use chrono::{Duration, NaiveDate};

/// The inkassosats in øre, from the day it took force. The 1/20 fee applies to claims
/// due from 1 October 2020 (FOR-2020-06-26-1370); the sats was 700 kr then, and 750 kr
/// from 1 January 2026.
pub const INKASSOSATS: [(i32, u32, u32, i64); 2] = [(2020, 10, 1, 70_000), (2026, 1, 1, 75_000)];

/// A purring or an inkassovarsel carries a fee only when sent at the earliest this many
/// days after the due date (inkassoforskriften § 1-2 (1) and (2)).
pub const FEE_AFTER_DUE_DAYS: i64 = 14;

/// The days a letter gives to pay: an inkassovarsel at least 14 from when it is sent
/// (inkassoloven § 9 (2)); a purring the same, so that a second fee is allowed when it is
/// missed (inkassoforskriften § 1-3).
pub const PAY_DAYS: i64 = 14;

/// At most this many reminder fees per claim (inkassoforskriften § 1-3: two purringer, or
/// one purring and one inkassovarsel, before the betalingsoppfordring).
pub const MAX_FEES: usize = 2;

/// The inkassosats in force on `day`, in øre; none before the first row.
pub fn inkassosats(day: NaiveDate) -> Option<i64> {
    INKASSOSATS
        .iter()
        .rev()
        .find(|(year, month, date, _)| {
            NaiveDate::from_ymd_opt(*year, *month, *date).is_some_and(|from| from <= day)
        })
        .map(|(.., sats)| *sats)
}

/// The most a purring or inkassovarsel sent on `day` may charge: a twentieth of the
/// inkassosats (inkassoforskriften § 1-2 (1)), in øre.
pub fn max_fee(day: NaiveDate) -> i64 {
    inkassosats(day).map_or(0, |sats| sats / 20)
}

/// The first day a fee may be charged for an invoice due on `due_date`.
pub fn fee_from(due_date: NaiveDate) -> NaiveDate {
    due_date + Duration::days(FEE_AFTER_DUE_DAYS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(year: i32, month: u32, date: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(year, month, date).unwrap()
    }

    #[test]
    fn the_fee_is_a_twentieth_of_the_sats_in_force_on_the_day_sent() {
        assert_eq!(max_fee(day(2025, 12, 31)), 3_500);
        assert_eq!(max_fee(day(2026, 1, 1)), 3_750);
        assert_eq!(max_fee(day(2026, 11, 28)), 3_750);
        assert_eq!(max_fee(day(2019, 1, 1)), 0);
        assert_eq!(fee_from(day(2026, 11, 14)), day(2026, 11, 28));
    }
}
