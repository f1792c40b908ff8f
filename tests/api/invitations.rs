//! A befaring's calendar invitations (`src/befaring/invitation.rs`) read back by an
//! independent parser, Python's `icalendar` (PyPI; `.ci/run` installs it): what Gmail,
//! Outlook and the phones' calendars will make of them.

use chrono::{NaiveDate, NaiveTime};
use fagfolk::befaring::invitation::{Method, Person, Visit, at_oslo, ics};
use serde_json::{Value, json};
use uuid::Uuid;

/// What Python's `icalendar` reads in `text`: the calendar's method and its one event.
pub(crate) fn parsed(text: &str) -> Value {
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
