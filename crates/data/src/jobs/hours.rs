//! What kind of hours a day's are: the Norwegian public holidays and weekends, and the
//! evening and night hours of work begun at a time of day (read by
//! `crate::oslo::minute_of_typed`) (`super::month` counts them for
//! payroll; docs/LAW.md, "Timer og lønn" and "Evenings and nights").

use chrono::{Datelike, NaiveDate, Weekday};

/// When night work ends, in minutes after midnight: 06:00 (arbeidsmiljøloven § 10-11 (1)).
pub const MORNING: i64 = 6 * 60;

/// The minutes of work begun at `starts_at` (minutes after midnight) and lasting `minutes`
/// that fall between `evening_from` and 06:00 the next morning: before 06:00 on its day, in
/// its evening and night, and, when it runs past midnight, in the next evening. None
/// without a start. The clock is read as it reads on the day, whatever summer time does.
pub fn evening(starts_at: Option<i32>, minutes: i64, evening_from: i32) -> i64 {
    const DAY: i64 = 24 * 60;
    let Some(start) = starts_at else { return 0 };
    let (start, end) = (i64::from(start), i64::from(start) + minutes.max(0));
    let from = i64::from(evening_from);
    [(0, MORNING), (from, DAY + MORNING), (DAY + from, 2 * DAY + MORNING)]
        .iter()
        .map(|&(opens, closes)| (end.min(closes) - start.max(opens)).max(0))
        .sum()
}

/// Easter Sunday of `year` (the Gregorian computus: the anonymous algorithm of 1876).
fn easter(year: i32) -> Option<NaiveDate> {
    let (a, b, c) = (year % 19, year / 100, year % 100);
    let (d, e) = (b / 4, b % 4);
    let g = (8 * b + 13) / 25;
    let h = (19 * a + b - d - g + 15) % 30;
    let (i, k) = (c / 4, c % 4);
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 19 * l) / 433;
    let month = (h + l - 7 * m + 90) / 25;
    let day = (h + l - 7 * m + 33 * month + 19) % 32;
    NaiveDate::from_ymd_opt(year, u32::try_from(month).ok()?, u32::try_from(day).ok()?)
}

/// Whether `day` is a Norwegian public holiday: 1 January, Maundy Thursday, Good Friday,
/// Easter Monday, Ascension Day, Whit Monday, 25 and 26 December (helligdagsfredloven § 2;
/// the Sundays it names are Sundays anyway), 1 and 17 May.
pub fn is_holiday(day: NaiveDate) -> bool {
    if matches!((day.month(), day.day()), (1, 1) | (5, 1) | (5, 17) | (12, 25) | (12, 26)) {
        return true;
    }
    easter(day.year()).is_some_and(|easter| [-3, -2, 1, 39, 50].contains(&(day - easter).num_days()))
}

/// Whether `day` is a Saturday, a Sunday or a public holiday: its hours are "helg".
pub fn is_weekend(day: NaiveDate) -> bool {
    matches!(day.weekday(), Weekday::Sat | Weekday::Sun) || is_holiday(day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn day(text: &str) -> NaiveDate {
        crate::oslo::parse_day(text).unwrap()
    }

    #[test]
    fn the_norwegian_holidays_fall_where_the_law_puts_them() {
        assert_eq!(easter(2026), Some(day("2026-04-05")));
        assert_eq!(easter(2027), Some(day("2027-03-28")));
        for holiday in [
            "2026-01-01",
            "2026-04-02",
            "2026-04-03",
            "2026-04-06",
            "2026-05-01",
            "2026-05-14",
            "2026-05-17",
            "2026-05-25",
            "2026-12-25",
            "2026-12-26",
        ] {
            assert!(is_holiday(day(holiday)), "{holiday}");
        }
        for workday in ["2026-04-01", "2026-04-07", "2026-05-18", "2026-12-24", "2026-12-28"] {
            assert!(!is_holiday(day(workday)), "{workday}");
        }
    }

    #[test]
    fn evening_hours_are_those_from_the_evening_hour_to_six_in_the_morning() {
        let at = crate::oslo::minute_of_typed;
        // A day's work: none; from 16:00 to 20:00: two; from 22:00 to 02:00: all four.
        assert_eq!(evening(at("07:00"), 8 * 60, 1080), 0);
        assert_eq!(evening(at("16:00"), 4 * 60, 1080), 120);
        assert_eq!(evening(at("22:00"), 4 * 60, 1080), 240);
        // From 04:30 to 08:00: an hour and a half before six; a firm's evening from 17:00.
        assert_eq!(evening(at("04:30"), 210, 1080), 90);
        assert_eq!(evening(at("16:00"), 4 * 60, 1020), 180);
        // Twenty-four hours from 12:00: 18:00-06:00 whole (12 hours), nothing the next evening.
        assert_eq!(evening(at("12:00"), 24 * 60, 1080), 12 * 60);
        // From 20:00 for 24 hours: ten hours of the night, and the next evening's two.
        assert_eq!(evening(at("20:00"), 24 * 60, 1080), 12 * 60);
        // An entry that does not say when it began has no evening hours.
        assert_eq!(evening(None, 8 * 60, 1080), 0);
    }

    proptest! {
        /// An entry's evening minutes are never more than its minutes, and a whole night's
        /// entry (from the evening hour to 06:00) is evening through and through.
        #[test]
        fn evening_hours_lie_within_the_entry(start in 0i32..1440, minutes in 0i64..=24 * 60, from in 720i32..1440) {
            let of = evening(Some(start), minutes, from);
            prop_assert!((0..=minutes).contains(&of));
            let night = i64::from(24 * 60 - from) + MORNING;
            prop_assert_eq!(evening(Some(from), night, from), night);
        }
    }
}
