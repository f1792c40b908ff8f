//! Dates and times as the firm and its customers read them: in Oslo's time, Norwegian
//! words and Norwegian order. The one home of every date format and parse in the Rust
//! code (`scripts/house-rules.sh` refuses a format string or Oslo's zone elsewhere), so
//! a letter, a page, a spreadsheet and a PDF say the same moment the same way, on either
//! side of a change to or from summer time.

use chrono::{DateTime, Datelike, NaiveDate, NaiveTime, TimeDelta, TimeZone, Utc};
use chrono_tz::Europe::Oslo;

const MONTHS: [&str; 12] = [
    "januar",
    "februar",
    "mars",
    "april",
    "mai",
    "juni",
    "juli",
    "august",
    "september",
    "oktober",
    "november",
    "desember",
];
const WEEKDAYS: [&str; 7] = ["mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag", "søndag"];

/// Oslo's time zone as a calendar names it (`TZID`): `Europe/Oslo`.
pub fn zone_id() -> &'static str {
    Oslo.name()
}

/// The day it is in Oslo at `at`.
pub fn day_of(at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&Oslo).date_naive()
}

/// A moment typed as `YYYY-MM-DDTHH:MM` in Norway (a `datetime-local` field), if it is one.
pub fn parse_moment(text: &str) -> Option<DateTime<Utc>> {
    let (day, clock) = text.trim().split_once('T')?;
    at(parse_day(day)?, parse_clock(clock)?)
}

/// The moment `time` on `day` is in Oslo. A time the clocks skip (02:30 on the last
/// Sunday of March) is `None`; a time they pass twice (02:30 on the last Sunday of
/// October) is its first.
pub fn at(day: NaiveDate, time: NaiveTime) -> Option<DateTime<Utc>> {
    Oslo.from_local_datetime(&day.and_time(time)).earliest().map(|at| at.with_timezone(&Utc))
}

/// Midnight at the start of `day` in Oslo (there is always one: the clocks change at
/// night, never at midnight).
pub fn start_of(day: NaiveDate) -> DateTime<Utc> {
    at(day, NaiveTime::MIN).unwrap_or_else(|| day.and_time(NaiveTime::MIN).and_utc())
}

/// The weekday of `day` in Norwegian: "mandag".
pub fn weekday(day: NaiveDate) -> &'static str {
    WEEKDAYS[day.weekday().num_days_from_monday() as usize]
}

/// A day written out: "22. november 2026".
pub fn date(day: NaiveDate) -> String {
    format!("{}. {} {}", day.day(), MONTHS[day.month0() as usize], day.year())
}

/// A month written out: "oktober 2026".
pub fn month(day: NaiveDate) -> String {
    format!("{} {}", MONTHS[day.month0() as usize], day.year())
}

/// A month as a form or an address has it, `2026-10`: its first day.
pub fn parse_month(text: &str) -> Option<NaiveDate> {
    let (year, month) = text.trim().split_once('-')?;
    let (year, month): (i32, u32) = (year.parse().ok()?, month.parse().ok()?);
    if !(1000..=9999).contains(&year) {
        return None;
    }
    NaiveDate::from_ymd_opt(year, month, 1)
}

/// The month of `day` as a form or an address has it: `2026-10` (`parse_month` reads it).
pub fn month_key(day: NaiveDate) -> String {
    format!("{:04}-{:02}", day.year(), day.month())
}

/// The first day of `day`'s month.
pub fn first_of_month(day: NaiveDate) -> NaiveDate {
    day.with_day(1).unwrap_or(day)
}

/// A day in figures, as a form or a spreadsheet has it: "24.12.2026".
pub fn date_short(day: NaiveDate) -> String {
    day.format("%d.%m.%Y").to_string()
}

/// A time of day in Oslo: "09:00".
pub fn clock(at: DateTime<Utc>) -> String {
    at.with_timezone(&Oslo).format("%H:%M").to_string()
}

/// A moment in a spreadsheet's cell: "24.12.2026 14:05".
pub fn moment_short(at: DateTime<Utc>) -> String {
    at.with_timezone(&Oslo).format("%d.%m.%Y %H:%M").to_string()
}

/// A moment as a sentence says it: "24.11.2026 kl. 14.05".
pub fn moment(at: DateTime<Utc>) -> String {
    at.with_timezone(&Oslo).format("%d.%m.%Y kl. %H.%M").to_string()
}

/// The day an appointment of `minutes` from `starts` is on, and its start and end in Oslo:
/// (the day, "09:00", "10:00").
pub fn span(starts: DateTime<Utc>, minutes: i32) -> (NaiveDate, String, String) {
    (day_of(starts), clock(starts), clock(starts + TimeDelta::minutes(minutes.into())))
}

/// An appointment as a letter says it: "søndag 25. oktober 2026 kl. 09:00–10:00".
pub fn when(starts: DateTime<Utc>, minutes: i32) -> String {
    let (day, start, end) = span(starts, minutes);
    format!("{} {} kl. {start}–{end}", weekday(day), date(day))
}

/// A moment in a file's name: "20261123-021500", in UTC, so that the names sort in the
/// order the files were made, the autumn's doubled hour too.
pub fn file_stamp(at: DateTime<Utc>) -> String {
    at.format("%Y%m%d-%H%M%S").to_string()
}

/// A day as a form field and the API send it: "2026-12-24". `None` for anything else.
pub fn parse_day(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
}

/// A day as a form field's value: "2026-12-24".
pub fn iso_day(day: NaiveDate) -> String {
    day.format("%Y-%m-%d").to_string()
}

/// A time of day as a form field sends it: "09:00". `None` for anything else.
pub fn parse_clock(text: &str) -> Option<NaiveTime> {
    NaiveTime::parse_from_str(text, "%H:%M").ok()
}

/// A minute of the day (0 to 1 439) as a clock reads it: `07:30`.
pub fn clock_of_minute(minute: i32) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

/// A time of day typed `7:30`, `07:30`, `7.30`, `0730` or `7`, as minutes after midnight (an
/// hour entry's start, `crate::jobs::hours::evening`); `None` when it is no time of day.
pub fn minute_of_typed(text: &str) -> Option<i32> {
    let text = text.trim().replace('.', ":");
    let (hours, minutes) = match text.split_once(':') {
        Some((hours, minutes)) => (hours, minutes),
        None if text.len() == 4 => text.split_at(2),
        None => (text.as_str(), "0"),
    };
    let digits = |part: &str| {
        (!part.is_empty() && part.len() <= 2 && part.bytes().all(|b| b.is_ascii_digit())).then_some(())
    };
    digits(hours)?;
    digits(minutes)?;
    let (hours, minutes): (i32, i32) = (hours.parse().ok()?, minutes.parse().ok()?);
    (hours < 24 && minutes < 60).then_some(hours * 60 + minutes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn utc(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    fn time(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }

    #[test]
    fn a_time_of_day_is_read_as_it_is_typed() {
        assert_eq!(minute_of_typed("07:30"), Some(450));
        assert_eq!(minute_of_typed(" 7:30 "), Some(450));
        assert_eq!(minute_of_typed("7.30"), Some(450));
        assert_eq!(minute_of_typed("0730"), Some(450));
        assert_eq!(minute_of_typed("19"), Some(1140));
        assert_eq!(minute_of_typed("23:59"), Some(1439));
        for bad in ["24:00", "7:60", "", "kl 7", "7:3x", "-1:00", "123:00"] {
            assert_eq!(minute_of_typed(bad), None, "{bad}");
        }
        assert_eq!(clock_of_minute(450), "07:30");
        assert_eq!(clock_of_minute(0), "00:00");
    }

    proptest::proptest! {
        #[test]
        fn a_minute_written_reads_back(minute in 0i32..1440) {
            proptest::prop_assert_eq!(minute_of_typed(&clock_of_minute(minute)), Some(minute));
        }
    }

    #[test]
    fn a_time_in_oslo_is_an_hour_ahead_in_winter_and_two_in_summer() {
        assert_eq!(at(day(2026, 10, 24), time(9, 0)), Some(utc("2026-10-24T07:00:00Z")));
        assert_eq!(at(day(2026, 10, 25), time(9, 0)), Some(utc("2026-10-25T08:00:00Z")));
        assert_eq!(at(day(2026, 3, 29), time(9, 0)), Some(utc("2026-03-29T07:00:00Z")));
    }

    #[test]
    fn a_skipped_time_is_none_and_a_doubled_one_its_first() {
        assert_eq!(at(day(2026, 3, 29), time(2, 30)), None);
        assert_eq!(at(day(2026, 10, 25), time(2, 30)), Some(utc("2026-10-25T00:30:00Z")));
    }

    #[test]
    fn a_day_starts_at_oslos_midnight() {
        assert_eq!(start_of(day(2026, 7, 1)), utc("2026-06-30T22:00:00Z"));
        assert_eq!(start_of(day(2026, 12, 24)), utc("2026-12-23T23:00:00Z"));
        // Late in the evening in UTC is already the next day in Oslo.
        assert_eq!(day_of(utc("2026-12-23T23:30:00Z")), day(2026, 12, 24));
    }

    #[test]
    fn texts_read_as_norwegians_write_them() {
        assert_eq!(date(day(2026, 11, 22)), "22. november 2026");
        assert_eq!(weekday(day(2026, 11, 22)), "søndag");
        assert_eq!(date_short(day(2026, 1, 5)), "05.01.2026");
        assert_eq!(moment_short(utc("2026-12-24T13:05:00Z")), "24.12.2026 14:05");
        assert_eq!(moment(utc("2026-06-24T12:05:00Z")), "24.06.2026 kl. 14.05");
        assert_eq!(file_stamp(utc("2026-10-25T00:30:00Z")), "20261025-003000");
    }

    #[test]
    fn an_appointment_across_the_autumn_change_keeps_its_length_in_real_time() {
        // 01:30 summer time plus 90 minutes is 02:00 winter time, on the same day.
        let starts = at(day(2026, 10, 25), time(1, 30)).unwrap();
        assert_eq!(span(starts, 90), (day(2026, 10, 25), "01:30".to_owned(), "02:00".to_owned()));
        let nine = at(day(2026, 10, 25), time(9, 0)).unwrap();
        assert_eq!(when(nine, 60), "søndag 25. oktober 2026 kl. 09:00–10:00");
    }

    #[test]
    fn days_and_times_parse_only_in_the_forms_shape() {
        assert_eq!(parse_day("2026-12-24"), Some(day(2026, 12, 24)));
        assert_eq!(parse_day("2026-12-24T10:00"), None);
        assert_eq!(parse_day("24.12.2026"), None);
        assert_eq!(parse_day("2026-02-30"), None);
        assert_eq!(iso_day(day(2026, 2, 3)), "2026-02-03");
        assert_eq!(parse_clock("09:30"), Some(time(9, 30)));
        assert_eq!(parse_clock("9.30"), None);
    }
}
