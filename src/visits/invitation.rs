//! The calendar invitation of a befaring (an `.ics` file, RFC 5545 and RFC 5546's
//! iTIP): sent to the customer and to the staff member who goes, so that the visit
//! stands in both calendars. Also the calendar feeds (`feed`) and a job's days as its
//! customer is told them (`job_days`).
//!
//! - One visit keeps one `UID` for good; each change is sent with a higher `SEQUENCE`,
//!   so a calendar moves the event it has instead of adding a second one.
//! - A booking and a move are `METHOD:REQUEST` (Gmail and Outlook show their answer
//!   buttons for it); a cancellation is `METHOD:CANCEL` with `STATUS:CANCELLED`.
//! - Times are written in UTC (`DTSTART:20261025T080000Z`), which every client shows in
//!   its own zone: no `VTIMEZONE` to get wrong. The firm's local time becomes UTC through
//!   the time zone database (`fagfolk_data::oslo::at`), across the changes to and from summer time.
//!   A job's days to its customer are the exception: Oslo's clock with its `VTIMEZONE`
//!   (`job_days`, #63), so the file says the times the letter says.
//!
//! The text is made by the `icalendar` crate, which escapes it and folds long lines. What
//! goes in is made safe here first, whatever is stored: the crate writes a parameter value
//! that starts and ends with `"` as it is, and leaves a CR in a TEXT value alone, and either
//! would let a name start a line of its own (an `ORGANIZER` nobody wrote). A parameter
//! (`CN`) is written from a value without `"` or control characters (`parameter`), a TEXT
//! value has its line breaks as LF, which the crate writes as `\n`, and no other control
//! character (`text`).

use chrono::{DateTime, NaiveDate, NaiveTime, TimeDelta, Utc};
use icalendar::{
    Attendee, Calendar, CalendarDateTime, Component, EventLike, EventStatus, PartStat, Property, Role,
};
use uuid::Uuid;

/// Who the invitation names: the firm as organizer, the customer and the staff member as
/// attendees.
pub struct Person<'a> {
    pub name: &'a str,
    pub email: &'a str,
}

/// A befaring as its invitation tells it.
pub struct Visit<'a> {
    /// The booking's id: with the site's host, the event's `UID`.
    pub id: Uuid,
    /// 0 when booked, one more for each move and for the cancellation.
    pub sequence: u32,
    pub starts: DateTime<Utc>,
    pub minutes: u32,
    pub summary: &'a str,
    /// The customer's address.
    pub location: &'a str,
    /// Who comes, their phone, the note.
    pub description: &'a str,
    pub organizer: Person<'a>,
    pub attendees: &'a [Person<'a>],
    /// When this version of the invitation was made (`DTSTAMP`).
    pub made: DateTime<Utc>,
}

/// What an invitation asks of the calendar that gets it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Book it, or move it to the new time.
    Request,
    /// Take it out.
    Cancel,
}

impl Method {
    /// As `METHOD` and as the e-mail part's `Content-Type` parameter
    /// (`text/calendar; method=REQUEST`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Request => "REQUEST",
            Self::Cancel => "CANCEL",
        }
    }
}

/// The `.ics` text of `visit`, for the site at `host` (the `UID`'s right side).
pub fn ics(visit: &Visit<'_>, method: Method, host: &str) -> String {
    let mut event = event(
        &Entry {
            what: "befaring",
            id: visit.id,
            sequence: visit.sequence,
            when: When::At(visit.starts, visit.minutes),
            summary: visit.summary,
            location: visit.location,
            description: visit.description,
            cancelled: false,
        },
        visit.made,
        host,
    );
    event.append_property(
        Property::new("ORGANIZER", mailto(visit.organizer.email))
            .add_parameter("CN", &parameter(visit.organizer.name))
            .done(),
    );
    for person in visit.attendees {
        let attendee = Attendee::new(mailto(person.email))
            .cn(parameter(person.name))
            .role(Role::ReqParticipant)
            .partstat(PartStat::NeedsAction)
            .rsvp(method == Method::Request);
        event.attendee(attendee);
    }
    event.status(match method {
        Method::Request => EventStatus::Confirmed,
        Method::Cancel => EventStatus::Cancelled,
    });
    let mut calendar = calendar("Befaring");
    calendar.append_property(("METHOD", method.name())).push(event.done());
    calendar.done().to_string()
}

/// When an entry is: from a moment for some minutes, or all of a day (a planned job day
/// without a start: `DTSTART;VALUE=DATE`, ending the next day, as RFC 5545 3.6.1 has it).
#[derive(Debug, Clone, Copy)]
pub enum When {
    At(DateTime<Utc>, u32),
    Day(NaiveDate),
}

/// A befaring or a planned job day as a calendar feed lists it.
pub struct Entry<'a> {
    /// `befaring` or `oppdrag`: with the id and the site's host, the event's `UID`.
    pub what: &'static str,
    pub id: Uuid,
    pub sequence: u32,
    pub when: When,
    pub summary: &'a str,
    pub location: &'a str,
    pub description: &'a str,
    /// Removed: listed as cancelled, so a calendar that has it takes it out.
    pub cancelled: bool,
}

/// The `.ics` text of a subscribed calendar (a private feed) named `name`: every entry as
/// an event with the same `UID` its invitation had, so a calendar that has both shows one.
pub fn feed(name: &str, entries: &[Entry<'_>], made: DateTime<Utc>, host: &str) -> String {
    let mut calendar = calendar("Befaring");
    calendar
        .name(&one_line(name))
        .append_property(("X-PUBLISHED-TTL", "PT1H"))
        .append_property(("REFRESH-INTERVAL;VALUE=DURATION", "PT1H"));
    for entry in entries {
        let mut event = event(entry, made, host);
        event.status(if entry.cancelled { EventStatus::Cancelled } else { EventStatus::Confirmed });
        calendar.push(event.done());
    }
    calendar.done().to_string()
}

/// A day of a job as its customer's calendar gets it (`crate::planning::notice`).
pub struct JobDay<'a> {
    pub day: NaiveDate,
    /// From a time of day in Oslo, for some minutes; none is all day (`DATE`).
    pub at: Option<(NaiveTime, u32)>,
    pub summary: &'a str,
    /// Who comes and how to reach them.
    pub description: &'a str,
    /// Told before and no longer planned: `STATUS:CANCELLED`, so the calendar takes it out.
    pub cancelled: bool,
}

/// The `.ics` text of job `job`'s days as its customer is told them, in notice `sequence`
/// (the notices sent before), for the site at `host`:
///
/// - `METHOD:PUBLISH`: one message carries every day, and an iTIP `REQUEST` or `CANCEL`
///   may carry one `UID` only (RFC 5546 3.2); the customer has nothing to answer.
/// - One event a day, `UID` `kundedag-<job>-<YYYYMMDD>@<host>`: a day told again is the same
///   event, and each notice's events have its number as `SEQUENCE`, so a calendar moves
///   or cancels what it has.
/// - A time is Oslo's clock with `TZID=Europe/Oslo` and that zone's `VTIMEZONE` (the EU's
///   rule since 1996), as the customer reads it in the letter; a day without one is a
///   `DATE`, ending the next day (RFC 5545 3.6.1).
pub fn job_days(
    job: Uuid,
    sequence: u32,
    days: &[JobDay<'_>],
    (location, organizer): (&str, Person<'_>),
    made: DateTime<Utc>,
    host: &str,
) -> String {
    let zone = fagfolk_data::oslo::zone_id();
    let mut calendar = calendar("Oppdrag");
    calendar.append_property(("METHOD", "PUBLISH"));
    for day in days {
        let compact = fagfolk_data::oslo::iso_day(day.day).replace('-', "");
        let mut event = icalendar::Event::new();
        event.uid(&format!("kundedag-{job}-{compact}@{host}")).sequence(sequence).timestamp(made);
        match day.at {
            Some((time, minutes)) => {
                let starts = day.day.and_time(time);
                let at = |date_time| CalendarDateTime::WithTimezone { date_time, tzid: zone.to_owned() };
                event.starts(at(starts)).ends(at(starts + TimeDelta::minutes(i64::from(minutes))))
            }
            None => event.starts(day.day).ends(day.day + TimeDelta::days(1)),
        };
        event.summary(&text(day.summary)).location(&text(location)).description(&text(day.description));
        event.append_property(
            Property::new("ORGANIZER", mailto(organizer.email))
                .add_parameter("CN", &parameter(organizer.name))
                .done(),
        );
        event.status(if day.cancelled { EventStatus::Cancelled } else { EventStatus::Confirmed });
        calendar.push(event.done());
    }
    let ics = calendar.done().to_string();
    if !days.iter().any(|day| day.at.is_some()) {
        return ics;
    }
    // The zone the times name, before the first event (the crate writes no VTIMEZONE).
    let timezone = [
        "BEGIN:VTIMEZONE".to_owned(),
        format!("TZID:{zone}"),
        "BEGIN:STANDARD".to_owned(),
        "DTSTART:19701025T030000".to_owned(),
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU".to_owned(),
        "TZOFFSETFROM:+0200".to_owned(),
        "TZOFFSETTO:+0100".to_owned(),
        "TZNAME:CET".to_owned(),
        "END:STANDARD".to_owned(),
        "BEGIN:DAYLIGHT".to_owned(),
        "DTSTART:19700329T020000".to_owned(),
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU".to_owned(),
        "TZOFFSETFROM:+0100".to_owned(),
        "TZOFFSETTO:+0200".to_owned(),
        "TZNAME:CEST".to_owned(),
        "END:DAYLIGHT".to_owned(),
        "END:VTIMEZONE\r\n".to_owned(),
    ]
    .join("\r\n");
    ics.replacen("BEGIN:VEVENT\r\n", &format!("{timezone}BEGIN:VEVENT\r\n"), 1)
}

/// A calendar named by what it holds: "Befaring" for visits and the feeds, "Oppdrag" for a
/// job's days told to its customer.
fn calendar(product: &str) -> Calendar {
    let mut calendar = Calendar::empty();
    calendar
        .append_property(("PRODID", format!("-//Fagfolk//{product}//NO").as_str()))
        .append_property(("VERSION", "2.0"))
        .append_property(("CALSCALE", "GREGORIAN"));
    calendar
}

fn event(entry: &Entry<'_>, made: DateTime<Utc>, host: &str) -> icalendar::Event {
    let mut event = icalendar::Event::new();
    event.uid(&format!("{}-{}@{host}", entry.what, entry.id)).sequence(entry.sequence).timestamp(made);
    match entry.when {
        When::At(starts, minutes) => {
            event.starts(starts).ends(starts + TimeDelta::minutes(i64::from(minutes)))
        }
        When::Day(day) => event.starts(day).ends(day + TimeDelta::days(1)),
    };
    event.summary(&text(entry.summary)).location(&text(entry.location)).description(&text(entry.description));
    event
}

/// A TEXT value as it may be written: CR LF and CR as LF (which the crate escapes as
/// `\n`), tab kept, any other control character a space.
fn text(value: &str) -> String {
    value
        .replace("\r\n", "\n")
        .replace('\r', "\n")
        .chars()
        .map(|c| if c.is_control() && c != '\n' && c != '\t' { ' ' } else { c })
        .collect()
}

/// A value the crate writes unescaped (the calendar's `NAME`): on one line, a control
/// character a space.
fn one_line(value: &str) -> String {
    value.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// A parameter value (a person's `CN`) as it may be written: RFC 5545 has no escape for
/// `"` in a parameter, so it becomes `'`; a control character becomes a space.
fn parameter(value: &str) -> String {
    one_line(&value.replace('"', "'")).trim().to_owned()
}

/// A `mailto:` address without what could end the value or the line.
fn mailto(email: &str) -> String {
    let email: String = email.chars().filter(|c| !c.is_control() && !matches!(c, '"' | ' ')).collect();
    format!("mailto:{email}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn time(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }

    #[test]
    fn an_invitation_is_crlf_text_with_lines_of_at_most_75_octets() {
        let note = "Ta med rørtang og lekkasjesøker. ".repeat(8);
        let attendees = [Person { name: "Kari Nordmann", email: "kari@example.no" }];
        let visit = Visit {
            id: Uuid::nil(),
            sequence: 0,
            starts: fagfolk_data::oslo::at(day(2026, 10, 25), time(9, 0)).unwrap(),
            minutes: 60,
            summary: "Befaring; bad, kjøkken",
            location: "Storgata 1, 0155 Oslo",
            description: &note,
            organizer: Person { name: "Fagfolk AS", email: "post@fagfolk.no" },
            attendees: &attendees,
            made: "2026-10-20T12:00:00Z".parse().unwrap(),
        };
        let text = ics(&visit, Method::Request, "fagfolk.no");
        assert!(text.ends_with("END:VCALENDAR\r\n"), "{text}");
        for line in text.split("\r\n") {
            assert!(line.len() <= 75, "{} octets: {line}", line.len());
            assert!(!line.contains('\n'), "{line:?}");
        }
        let unfolded = text.replace("\r\n ", "");
        assert!(unfolded.contains("DTSTART:20261025T080000Z\r\n"), "{unfolded}");
        assert!(unfolded.contains("DTEND:20261025T090000Z\r\n"), "{unfolded}");
        assert!(unfolded.contains("SUMMARY:Befaring\\; bad\\, kjøkken\r\n"), "{unfolded}");
        assert!(unfolded.contains("METHOD:REQUEST\r\n"), "{unfolded}");
    }

    #[test]
    fn a_jobs_days_are_events_in_oslos_zone_and_dates_with_the_zone_before_them() {
        let days = [
            JobDay {
                day: day(2031, 3, 24),
                at: Some((NaiveTime::from_hms_opt(7, 30, 0).unwrap(), 540)),
                summary: "Rør & Strøm AS: Nytt bad",
                description: "Kommer: Kari Nordmann, Per Olsen\nKari Nordmann: 900 11 222",
                cancelled: false,
            },
            JobDay { day: day(2031, 3, 27), at: None, summary: "Nytt bad", description: "", cancelled: true },
        ];
        let organizer = Person { name: "Rør & Strøm AS", email: "post@fagfolk.no" };
        let made = "2031-03-01T12:00:00Z".parse().unwrap();
        let text = job_days(Uuid::nil(), 2, &days, ("Storgata 1", organizer), made, "fagfolk.no");
        for line in text.split("\r\n") {
            assert!(line.len() <= 75, "{} octets: {line}", line.len());
        }
        let unfolded = text.replace("\r\n ", "");
        let zone = unfolded.find("BEGIN:VTIMEZONE\r\nTZID:Europe/Oslo\r\n").expect("the zone");
        assert!(zone < unfolded.find("BEGIN:VEVENT").unwrap(), "{unfolded}");
        for line in [
            "METHOD:PUBLISH\r\n",
            "UID:kundedag-00000000-0000-0000-0000-000000000000-20310324@fagfolk.no\r\n",
            "DTSTART;TZID=Europe/Oslo:20310324T073000\r\n",
            "DTEND;TZID=Europe/Oslo:20310324T163000\r\n",
            "DTSTART;VALUE=DATE:20310327\r\n",
            "STATUS:CANCELLED\r\n",
            "SEQUENCE:2\r\n",
        ] {
            assert!(unfolded.contains(line), "{line:?} in {unfolded}");
        }
        assert_eq!(unfolded.matches("BEGIN:VEVENT").count(), 2);
    }
}
