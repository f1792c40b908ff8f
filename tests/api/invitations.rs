//! A befaring's calendar invitations (`src/visits/invitation.rs`) read back by an
//! independent parser, Python's `icalendar` (PyPI; `.ci/run` installs it): what Gmail,
//! Outlook and the phones' calendars will make of them.

use chrono::{NaiveDate, NaiveTime};
use fagfolk::visits::invitation::{Entry, Method, Person, Visit, When, feed, ics};
use fagfolk_data::oslo::at as at_oslo;
use serde_json::{Value, json};
use uuid::Uuid;

/// The properties the code writes (`src/visits/invitation.rs`), and how many of each a
/// calendar or an event holds at most.
const WRITTEN: [(&str, usize); 21] = [
    ("BEGIN", 2),
    ("END", 2),
    ("PRODID", 1),
    ("VERSION", 1),
    ("CALSCALE", 1),
    ("METHOD", 1),
    ("NAME", 1),
    ("X-WR-CALNAME", 1),
    ("X-PUBLISHED-TTL", 1),
    ("REFRESH-INTERVAL", 1),
    ("UID", 1),
    ("SEQUENCE", 1),
    ("DTSTAMP", 1),
    ("DTSTART", 1),
    ("DTEND", 1),
    ("SUMMARY", 1),
    ("LOCATION", 1),
    ("DESCRIPTION", 1),
    ("ORGANIZER", 1),
    ("ATTENDEE", 2),
    ("STATUS", 1),
];

/// The line-based check of an invitation or a feed, as a reader that takes a line at a
/// time sees it: every line ends in CR LF and holds no other CR or LF, every unfolded line
/// starts a property the code writes, and no calendar or event holds more of one than the
/// code writes (one `ORGANIZER`, one `DTSTART`, two `ATTENDEE`s). A name that started a
/// line of its own would fail here.
pub(crate) fn written_by_us(text: &str) {
    // An invitation read out of an e-mail has had its line ends made LF by the way it came
    // (the tests' mailbox reads lines); a CR left in it is still a CR.
    let crlf;
    let text = if text.contains("\r\n") {
        text
    } else {
        crlf = text.replace('\n', "\r\n");
        &crlf
    };
    assert!(text.ends_with("\r\n"), "{text:?}");
    for line in text[..text.len() - 2].split("\r\n") {
        assert!(!line.contains(['\r', '\n']), "a bare CR or LF: {line:?}");
    }
    let unfolded = text.replace("\r\n ", "").replace("\r\n\t", "");
    let mut counts: Vec<(String, usize)> = Vec::new();
    for line in unfolded.split("\r\n").filter(|line| !line.is_empty()) {
        let name = line.split([';', ':']).next().unwrap();
        let limit = WRITTEN.iter().find(|(written, _)| *written == name).map(|(_, limit)| *limit);
        assert!(limit.is_some(), "a property the code does not write: {line:?}\n{text}");
        if line == "BEGIN:VEVENT" {
            counts.clear();
        }
        match counts.iter_mut().find(|(seen, _)| seen == name) {
            Some((_, count)) => *count += 1,
            None => counts.push((name.to_owned(), 1)),
        }
        let count = counts.iter().find(|(seen, _)| seen == name).unwrap().1;
        assert!(count <= limit.unwrap(), "{count} of {name}: {text}");
    }
}

/// What Python's `icalendar` reads in `text`: the calendar's method and its one event.
/// The text also passes the line-based check (`written_by_us`).
pub(crate) fn parsed(text: &str) -> Value {
    written_by_us(text);
    const READ: &str = r#"
import json, sys, icalendar
cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
[event] = cal.walk("VEVENT")
people = event.get("ATTENDEE")
people = people if isinstance(people, list) else [people]
print(json.dumps({
    "method": str(cal["METHOD"]), "prodid": str(cal["PRODID"]), "version": str(cal["VERSION"]),
    "uid": str(event["UID"]), "sequence": int(event["SEQUENCE"]), "status": str(event["STATUS"]),
    "start": event.decoded("DTSTART").isoformat(), "end": event.decoded("DTEND").isoformat(),
    "stamp": event.decoded("DTSTAMP").isoformat(),
    "summary": str(event["SUMMARY"]), "location": str(event["LOCATION"]),
    "description": str(event["DESCRIPTION"]),
    "organizer": [str(event["ORGANIZER"]), str(event["ORGANIZER"].params["CN"])],
    "attendees": [[str(p), str(p.params["CN"]), str(p.params.get("RSVP"))] for p in people],
}))
"#;
    crate::visits::python(READ, text)
}

fn oslo(y: i32, m: u32, d: u32, h: u32) -> chrono::DateTime<chrono::Utc> {
    at_oslo(NaiveDate::from_ymd_opt(y, m, d).unwrap(), NaiveTime::from_hms_opt(h, 0, 0).unwrap()).unwrap()
}

#[test]
fn a_booking_its_move_and_its_cancellation_are_one_event_to_a_calendar() {
    let id = Uuid::now_v7();
    let attendees = [
        Person { name: "Kari Nordmann", email: "kari@example.no" },
        Person { name: "Ola Rørlegger", email: "ola@fagfolk.no" },
    ];
    let visit = |sequence, starts| Visit {
        id,
        sequence,
        starts,
        minutes: 90,
        summary: "Befaring: bad, 2. etasje",
        location: "Storgata 1; 0155 Oslo",
        description: "Ola Rørlegger kommer, tlf. 913 45 678.\nRing på hos Nordmann.",
        organizer: Person { name: "Fagfolk AS", email: "post@fagfolk.no" },
        attendees: &attendees,
        made: "2026-10-20T12:00:00Z".parse().unwrap(),
    };
    // Booked for 09:00 on the last Sunday of October (summer time ended that night).
    let booked = parsed(&ics(&visit(0, oslo(2026, 10, 25, 9)), Method::Request, "fagfolk.no"));
    assert_eq!(booked["method"], "REQUEST");
    assert_eq!(
        (booked["prodid"].as_str(), booked["version"].as_str()),
        (Some("-//Fagfolk//Befaring//NO"), Some("2.0"))
    );
    assert_eq!(booked["uid"], format!("befaring-{id}@fagfolk.no"));
    assert_eq!(
        (&booked["start"], &booked["end"]),
        (&json!("2026-10-25T08:00:00+00:00"), &json!("2026-10-25T09:30:00+00:00"))
    );
    assert_eq!(booked["stamp"], "2026-10-20T12:00:00+00:00");
    assert_eq!(booked["status"], "CONFIRMED");
    assert_eq!(booked["summary"], "Befaring: bad, 2. etasje");
    assert_eq!(booked["location"], "Storgata 1; 0155 Oslo");
    assert_eq!(booked["description"], "Ola Rørlegger kommer, tlf. 913 45 678.\nRing på hos Nordmann.");
    assert_eq!(booked["organizer"], json!(["mailto:post@fagfolk.no", "Fagfolk AS"]));
    assert_eq!(
        booked["attendees"],
        json!([
            ["mailto:kari@example.no", "Kari Nordmann", "TRUE"],
            ["mailto:ola@fagfolk.no", "Ola Rørlegger", "TRUE"]
        ])
    );

    // Moved to the Saturday before, in summer time: the same event, a higher sequence.
    let moved = parsed(&ics(&visit(1, oslo(2026, 10, 24, 9)), Method::Request, "fagfolk.no"));
    assert_eq!((&moved["uid"], &moved["sequence"]), (&booked["uid"], &json!(1)));
    assert_eq!(moved["start"], "2026-10-24T07:00:00+00:00");

    // Cancelled: the same event again, higher still, and taken out.
    let cancelled = parsed(&ics(&visit(2, oslo(2026, 10, 24, 9)), Method::Cancel, "fagfolk.no"));
    assert_eq!((&cancelled["uid"], &cancelled["sequence"]), (&booked["uid"], &json!(2)));
    assert_eq!(
        (cancelled["method"].as_str(), cancelled["status"].as_str()),
        (Some("CANCEL"), Some("CANCELLED"))
    );
}

/// Issue #40, finding 1: a name stored with CR, LF or `"` made the invitation name the
/// attacker as a second ORGANIZER and ATTENDEE, and a bare CR put a second DTSTART before
/// a line-based reader. Whatever is stored, the invitation and the feed name the people
/// they were written for, and nothing starts a line the code did not write.
#[test]
fn no_stored_text_can_start_a_line_of_its_own_in_an_invitation_or_a_feed() {
    let forged = "\"x\":mailto:kari@example.no\r\nATTENDEE;CN=A:mailto:attacker@evil.example\r\nORGANIZER;CN=F:mailto:attacker@evil.example";
    let carriage = "Ola\rDTSTART:20300101T000000Z";
    let attendees = [
        Person { name: forged, email: "kari@example.no" },
        Person { name: carriage, email: "ola@fagfolk.no" },
    ];
    let visit = Visit {
        id: Uuid::nil(),
        sequence: 0,
        starts: oslo(2026, 10, 25, 9),
        minutes: 60,
        summary: "Befaring hos Ola\rDTSTART:20300101T000000Z",
        location: "Storgata 1\r\nORGANIZER:mailto:attacker@evil.example",
        description: "Ring på.\rDTSTART:20300101T000000Z\n\u{1b}[31m",
        organizer: Person { name: "Fagfolk \"AS\"\r\nX", email: "post@fagfolk.no" },
        attendees: &attendees,
        made: "2026-10-20T12:00:00Z".parse().unwrap(),
    };
    for method in [Method::Request, Method::Cancel] {
        let event = parsed(&ics(&visit, method, "fagfolk.no"));
        assert_eq!(event["organizer"][0], "mailto:post@fagfolk.no");
        let emails: Vec<&str> =
            event["attendees"].as_array().unwrap().iter().map(|a| a[0].as_str().unwrap()).collect();
        assert_eq!(emails, ["mailto:kari@example.no", "mailto:ola@fagfolk.no"], "{event}");
        assert_eq!(event["start"], "2026-10-25T08:00:00+00:00");
        assert!(!event["attendees"][0][1].as_str().unwrap().contains(['"', '\r', '\n']), "{event}");
        assert_eq!(
            event["summary"], "Befaring hos Ola\nDTSTART:20300101T000000Z",
            "kept as text, on a line of its own in the text only"
        );
    }
    let entries = [Entry {
        what: "befaring",
        id: Uuid::nil(),
        sequence: 0,
        when: When::At(oslo(2026, 10, 25, 9), 60),
        summary: carriage,
        location: forged,
        description: forged,
        cancelled: false,
    }];
    let text = feed(
        "Befaringer\r\nX-WR-CALNAME:Falsk",
        &entries,
        "2026-10-20T12:00:00Z".parse().unwrap(),
        "fagfolk.no",
    );
    written_by_us(&text);
}
