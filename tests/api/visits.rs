//! Befaringer (#28): "Avtal befaring" on a lead, moving and cancelling it. The customer and
//! the member of staff who goes each get an e-mail with the calendar invitation, read
//! here by independent parsers: Python's `email` for the message and its
//! `text/calendar; method=...` part, Python's `icalendar` for the event. A small SMTP
//! server on a real socket takes every message.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use chrono::Datelike;

use crate::helpers::{Backend, Session, TestApp, next_last_sunday, oslo_day};
use crate::invitations::parsed;
use crate::quote_mail::{next, spawn_app_with_mailbox};

/// The calendar part of the e-mail `raw`, as Python's `email` reads it: the part's
/// `method=` parameter, its text, and the attachment's text.
pub(crate) fn calendar_of(raw: &str) -> (String, String, String) {
    const READ: &str = r#"
import json, sys, email
from email import policy
message = email.message_from_bytes(sys.stdin.buffer.read(), policy=policy.default)
calendar = [part for part in message.walk() if part.get_content_type() == "text/calendar"]
attached = [part for part in message.walk() if part.get_filename() == "invitasjon.ics"]
assert len(calendar) == 1 and len(attached) == 1, [p.get_content_type() for p in message.walk()]
print(json.dumps({
    "method": calendar[0].get_param("method"),
    "text": calendar[0].get_payload(decode=True).decode("utf-8"),
    "attached": attached[0].get_payload(decode=True).decode("utf-8"),
}))
"#;
    let out = python(READ, raw);
    (
        out["method"].as_str().unwrap().to_owned(),
        out["text"].as_str().unwrap().to_owned(),
        out["attached"].as_str().unwrap().to_owned(),
    )
}

/// The subject, addressee and plain text of the e-mail `raw`.
fn letter(raw: &str) -> (String, String, String) {
    const READ: &str = r#"
import json, sys, email
from email import policy
message = email.message_from_bytes(sys.stdin.buffer.read(), policy=policy.default)
body = next(p for p in message.walk() if p.get_content_type() == "text/plain").get_content()
print(json.dumps({"subject": str(message["Subject"]), "to": str(message["To"]), "body": body}))
"#;
    let out = python(READ, raw);
    let text = |key: &str| out[key].as_str().unwrap().to_owned();
    (text("subject"), text("to"), text("body"))
}

/// What `program` (Python, reading stdin) prints as JSON for `input`: the tests' independent
/// parsers (Python's `email` and `icalendar`).
pub(crate) fn python(program: &str, input: &str) -> Value {
    use std::io::Write;
    let mut python = std::process::Command::new("python3")
        .args(["-c", program])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs");
    python.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = python.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "Python could not read it: {}\n{input}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The next two mails, the customer's first.
async fn pair(mail: &mut tokio::sync::mpsc::UnboundedReceiver<String>) -> (String, String) {
    let (first, second) = (next(mail).await, next(mail).await);
    if crate::quote_mail::addressed_to(&first, "kari@example.no") { (first, second) } else { (second, first) }
}

async fn lead(staff: &Session) -> String {
    let lead: Value = staff
        .send(
            Method::POST,
            "/api/admin/leads",
            &json!({ "name": "Kari Nordmann", "status": "Ny", "email": "kari@example.no", "phone": "912 34 567",
                     "adresse": "Storgata 1", "postnr": "0155" }),
        )
        .await
        .json()
        .await
        .unwrap();
    lead["id"].as_str().unwrap().to_owned()
}

/// A member of staff who goes on befaringer.
async fn plumber(app: &TestApp) -> String {
    app.create_user("ola@fagfolk.test", crate::helpers::ADMIN_PASSWORD, fagfolk::users::Role::Editor)
        .await
        .to_string()
}

async fn booked_moved_and_cancelled_in_both_calendars(backend: Backend) {
    let (app, mut mail) = spawn_app_with_mailbox(backend).await;
    let staff = app.admin().await;
    let (lead, ola) = (lead(&staff).await, plumber(&app).await);
    // The customer is given the number of whoever comes (Brukere → Endre).
    let refused =
        staff.send(Method::PUT, &format!("/api/admin/users/{ola}"), &json!({ "phone": "12 34" })).await;
    let refused: Value = refused.json().await.unwrap();
    assert_eq!(refused["fields"]["phone"], "Skriv et telefonnummer med minst 8 sifre.");
    let saved =
        staff.send(Method::PUT, &format!("/api/admin/users/{ola}"), &json!({ "phone": "900 11 222" })).await;
    assert_eq!(saved.status(), StatusCode::OK);

    // 09:00 on the last Sunday of October: summer time has just ended, so 08:00Z.
    let sunday = next_last_sunday(10);
    let (day, date) =
        (sunday.format("%Y-%m-%d").to_string(), format!("{}. oktober {}", sunday.day(), sunday.year()));
    let at = |time: &str| format!("{day}T{time}+00:00");
    let booking =
        json!({ "day": day, "start": "09:00", "minutes": 90, "staff_id": ola, "note": "Ta med fuktmåler" });
    let booked = staff.send(Method::POST, &format!("/api/admin/leads/{lead}/visits"), &booking).await;
    assert_eq!(booked.status(), StatusCode::CREATED);
    let booked: Value = booked.json().await.unwrap();
    let visit = booked["visit"]["id"].as_str().unwrap().to_owned();
    assert_eq!(
        (booked["visit"]["day"].as_str(), booked["visit"]["start"].as_str(), booked["visit"]["end"].as_str()),
        (Some(day.as_str()), Some("09:00"), Some("10:30"))
    );
    assert_eq!(booked["visit"]["starts_at"], format!("{day}T08:00:00Z"));
    assert_eq!(booked["invited"], json!(["kari@example.no", "ola@fagfolk.test"]));
    let moved_lead: Value = staff.get(&format!("/api/admin/leads/{lead}")).await.json().await.unwrap();
    assert_eq!(moved_lead["status"], "Avtalt befaring", "the lead is at the pipeline's befaring step");

    let (to_customer, to_staff) = pair(&mut mail).await;
    let (subject, to, body) = letter(&to_customer);
    assert_eq!((subject.as_str(), to.as_str()), (format!("Befaring {date}").as_str(), "kari@example.no"));
    assert!(body.contains(&format!("søndag {date} kl. 09:00–10:30")), "{body}");
    assert!(
        body.contains("Adresse: Storgata 1, 0155") && body.contains("Den som kommer: Test Bruker"),
        "{body}"
    );
    assert!(body.contains("Telefon: 900 11 222"), "whoever comes, by their own number: {body}");
    assert!(!body.contains("fuktmåler"), "the note is for staff: {body}");
    let (method, text, attached) = calendar_of(&to_customer);
    assert_eq!((method.as_str(), text.as_str()), ("REQUEST", attached.as_str()));
    let event = parsed(&text);
    assert_eq!(event["method"], "REQUEST");
    assert_eq!(
        (event["start"].as_str(), event["end"].as_str()),
        (Some(at("08:00:00").as_str()), Some(at("09:30:00").as_str()))
    );
    assert_eq!((event["sequence"].as_i64(), event["status"].as_str()), (Some(0), Some("CONFIRMED")));
    assert_eq!(event["location"], "Storgata 1, 0155");
    let uid = event["uid"].as_str().unwrap().to_owned();
    assert!(uid.contains(&visit), "{uid}");
    let emails: Vec<&str> =
        event["attendees"].as_array().unwrap().iter().map(|a| a[0].as_str().unwrap()).collect();
    assert_eq!(emails, ["mailto:ola@fagfolk.test", "mailto:kari@example.no"]);
    let (subject, to, body) = letter(&to_staff);
    assert_eq!((subject.as_str(), to.as_str()), ("Befaring hos Kari Nordmann", "ola@fagfolk.test"));
    assert!(body.contains("Notat: Ta med fuktmåler") && body.contains("912 34 567"), "{body}");
    let staff_event = parsed(&calendar_of(&to_staff).1);
    assert_eq!(
        (staff_event["uid"].as_str(), staff_event["sequence"].as_i64()),
        (Some(uid.as_str()), Some(0))
    );

    // Moved an hour later: the same event, a higher sequence.
    let later = json!({ "day": day, "start": "10:00", "minutes": 90, "staff_id": ola, "note": "" });
    let moved = staff.send(Method::PUT, &format!("/api/admin/visits/{visit}"), &later).await;
    assert_eq!(moved.status(), StatusCode::OK);
    let (to_customer, _) = pair(&mut mail).await;
    assert_eq!(letter(&to_customer).0, format!("Ny tid for befaringen: {date}"));
    let (method, text, _) = calendar_of(&to_customer);
    let event = parsed(&text);
    assert_eq!(
        (method.as_str(), event["uid"].as_str(), event["sequence"].as_i64()),
        ("REQUEST", Some(uid.as_str()), Some(1))
    );
    assert_eq!(event["start"], at("09:00:00"));

    // Cancelled: METHOD:CANCEL, the same event, a higher sequence again.
    let cancelled =
        staff.request(Method::POST, &format!("/api/admin/visits/{visit}/cancel")).send().await.unwrap();
    assert_eq!(cancelled.status(), StatusCode::OK);
    let (to_customer, to_staff) = pair(&mut mail).await;
    assert_eq!(letter(&to_customer).0, format!("Befaringen {date} er avlyst"));
    for raw in [&to_customer, &to_staff] {
        let (method, text, _) = calendar_of(raw);
        let event = parsed(&text);
        assert_eq!(method, "CANCEL");
        assert_eq!((event["method"].as_str(), event["status"].as_str()), (Some("CANCEL"), Some("CANCELLED")));
        assert_eq!((event["uid"].as_str(), event["sequence"].as_i64()), (Some(uid.as_str()), Some(2)));
    }
    let again =
        staff.request(Method::POST, &format!("/api/admin/visits/{visit}/cancel")).send().await.unwrap();
    assert_eq!(again.status(), StatusCode::CONFLICT);
    let moved = staff.send(Method::PUT, &format!("/api/admin/visits/{visit}"), &later).await;
    assert_eq!(moved.status(), StatusCode::CONFLICT);
    let body: Value = moved.json().await.unwrap();
    assert_eq!(body["error"], "Befaringen er avlyst.");

    // Each mail is on the lead's timeline.
    let timeline: Value = staff.get(&format!("/api/admin/leads/{lead}/timeline")).await.json().await.unwrap();
    let mails: Vec<&str> = timeline
        .as_array()
        .unwrap()
        .iter()
        .filter(|event| event["kind"] == "email" && event["error"].is_null())
        .map(|event| event["recipient"].as_str().unwrap())
        .collect();
    assert_eq!(mails.len(), 6, "six e-mails sent, on the timeline: {timeline}");
    let told: Vec<&str> = timeline
        .as_array()
        .unwrap()
        .iter()
        .filter(|event| event["kind"] == "visit")
        .map(|event| event["text"].as_str().unwrap())
        .collect();
    let cancelled_text = format!("Befaringen søndag {date} kl. 10:00–11:30 ble avlyst");
    assert_eq!(told, [cancelled_text.as_str(), "Befaring avtalt, Test Bruker drar"], "{timeline}");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_befaring_is_booked_moved_and_cancelled_in_both_calendars_sqlite() {
    booked_moved_and_cancelled_in_both_calendars(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_befaring_is_booked_moved_and_cancelled_in_both_calendars_postgres() {
    booked_moved_and_cancelled_in_both_calendars(Backend::Postgres).await;
}

async fn a_booking_is_refused_field_by_field_in_norwegian(app: TestApp) {
    let staff = app.admin().await;
    let lead = lead(&staff).await;
    let path = format!("/api/admin/leads/{lead}/visits");
    let refused = staff.send(Method::POST, &path, &json!({})).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(
        body["fields"],
        json!({
            "day": "Velg dagen for befaringen.",
            "start": "Velg når befaringen begynner.",
            "minutes": "Varigheten må være fra 15 minutter til 8 timer.",
            "staff_id": "Velg hvem som skal på befaringen.",
        })
    );
    let ola = plumber(&app).await;
    let not_an_id = json!({ "day": oslo_day(3), "start": "09:00", "minutes": 60, "staff_id": "" });
    let body: Value = staff.send(Method::POST, &path, &not_an_id).await.json().await.unwrap();
    assert_eq!(body["fields"], json!({ "staff_id": "Velg hvem som skal på befaringen." }));
    // 02:30 on the last Sunday of March never happens in Oslo.
    let skipped = json!({ "day": next_last_sunday(3).format("%Y-%m-%d").to_string(), "start": "02:30", "minutes": 60, "staff_id": ola });
    let body: Value = staff.send(Method::POST, &path, &skipped).await.json().await.unwrap();
    assert_eq!(
        body["fields"],
        json!({ "start": "Klokkeslettet finnes ikke denne dagen (klokken stilles frem). Velg et annet." })
    );
    let far = json!({ "day": "9999-12-31", "start": "09:00", "minutes": 60, "staff_id": ola });
    let body: Value = staff.send(Method::POST, &path, &far).await.json().await.unwrap();
    assert_eq!(body["fields"], json!({ "day": "Velg en dag innen to år." }));
    let past = json!({ "day": "2020-01-06", "start": "9:00", "minutes": 600, "staff_id": ola });
    let body: Value = staff.send(Method::POST, &path, &past).await.json().await.unwrap();
    assert_eq!(body["fields"]["day"], "Dagen har vært. Velg i dag eller en senere dag.");
    assert_eq!(body["fields"]["minutes"], "Varigheten må være fra 15 minutter til 8 timer.");
    let visits: Value = staff.get(&path).await.json().await.unwrap();
    assert_eq!(visits, json!([]), "nothing refused was stored");
    let lead_now: Value = staff.get(&format!("/api/admin/leads/{lead}")).await.json().await.unwrap();
    assert_eq!(lead_now["status"], "Ny");
    app.stop().await;
}

async fn the_befaringer_of_a_span_of_days_leave_out_the_cancelled(app: TestApp) {
    let staff = app.admin().await;
    let (lead, ola) = (lead(&staff).await, plumber(&app).await);
    let path = format!("/api/admin/leads/{lead}/visits");
    let mut ids = Vec::new();
    for (day, start) in
        [(oslo_day(40), "09:00"), (oslo_day(41), "14:00"), (oslo_day(42), "08:00"), (oslo_day(49), "08:00")]
    {
        let booked: Value = staff
            .send(Method::POST, &path, &json!({ "day": day, "start": start, "minutes": 60, "staff_id": ola }))
            .await
            .json()
            .await
            .unwrap();
        ids.push(booked["visit"]["id"].as_str().unwrap().to_owned());
    }
    let cancelled =
        staff.request(Method::POST, &format!("/api/admin/visits/{}/cancel", ids[2])).send().await.unwrap();
    assert_eq!(cancelled.status(), StatusCode::OK);
    let week: Value = staff.get_json("/api/admin/visits", &[("from", &oslo_day(40)), ("days", "7")]).await;
    let listed: Vec<(&str, &str, &str)> = week
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["day"].as_str().unwrap(), v["start"].as_str().unwrap(), v["lead_name"].as_str().unwrap()))
        .collect();
    let (first, second) = (oslo_day(40), oslo_day(41));
    assert_eq!(
        listed,
        [(first.as_str(), "09:00", "Kari Nordmann"), (second.as_str(), "14:00", "Kari Nordmann")]
    );
    let all: Value = staff.get(&path).await.json().await.unwrap();
    assert_eq!(all.as_array().unwrap().len(), 4, "the lead keeps its cancelled befaring");
    assert!(all[2]["cancelled_at"].is_string());
    for wrong in ["days=400", "days=0", "from=1999-12-31", "from=1970-01-01"] {
        let refused = staff.get(&format!("/api/admin/visits?{wrong}")).await;
        assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY, "{wrong}");
    }
    let refused = staff.get("/api/admin/visits?from=ikke-en-dag").await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    app.stop().await;
}

/// A person's befaringer are in their export and go with their erasure, the audit log's
/// account of them emptied (it named them and held the note).
async fn a_customers_befaringer_are_exported_and_erased_with_them(app: TestApp) {
    let staff = app.admin().await;
    let (lead, ola) = (lead(&staff).await, plumber(&app).await);
    let booking = json!({ "day": oslo_day(10), "start": "09:00", "minutes": 60, "staff_id": ola, "note": "Hunden biter" });
    let booked: Value = staff
        .send(Method::POST, &format!("/api/admin/leads/{lead}/visits"), &booking)
        .await
        .json()
        .await
        .unwrap();
    let visit = booked["visit"]["id"].as_str().unwrap().to_owned();
    let person = json!({ "person": "kari@example.no" });
    let exported: Value =
        staff.send(Method::POST, "/api/admin/privacy/export", &person).await.json().await.unwrap();
    assert_eq!(exported["visits"][0]["id"], visit.as_str(), "{exported}");
    assert_eq!(exported["visits"][0]["note"], "Hunden biter");

    let erased = staff.send(Method::POST, "/api/admin/privacy/erase", &person).await;
    assert_eq!(erased.status(), StatusCode::OK);
    assert_eq!(app.count("visits").await, 0);
    let entries = crate::helpers::audit_entries(&app).await;
    let about_visit: Vec<_> = entries
        .iter()
        .filter(|(_, kind, id, _, _)| kind == "visits" && id.as_deref() == Some(visit.as_str()))
        .collect();
    assert_eq!(about_visit.len(), 1, "the booking's entry stays: {entries:?}");
    assert!(about_visit[0].4.is_none(), "without what it said: {:?}", about_visit[0]);
    app.stop().await;
}

crate::db_tests!(
    a_booking_is_refused_field_by_field_in_norwegian,
    the_befaringer_of_a_span_of_days_leave_out_the_cancelled,
    a_customers_befaringer_are_exported_and_erased_with_them
);

/// A befaring moved to someone else: the new person gets the invitation, the one taken
/// off a cancellation of the same event.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whoever_is_taken_off_a_befaring_gets_its_cancellation() {
    let (app, mut mail) = spawn_app_with_mailbox(Backend::Sqlite).await;
    let staff = app.admin().await;
    let (lead, ola) = (lead(&staff).await, plumber(&app).await);
    let kari = app
        .create_user("kari@fagfolk.test", crate::helpers::ADMIN_PASSWORD, fagfolk::users::Role::Editor)
        .await
        .to_string();
    let booking = json!({ "day": oslo_day(5), "start": "09:00", "minutes": 60, "staff_id": ola });
    let booked: Value = staff
        .send(Method::POST, &format!("/api/admin/leads/{lead}/visits"), &booking)
        .await
        .json()
        .await
        .unwrap();
    let visit = booked["visit"]["id"].as_str().unwrap().to_owned();
    let _ = (next(&mut mail).await, next(&mut mail).await);
    let to_kari = json!({ "day": oslo_day(5), "start": "09:00", "minutes": 60, "staff_id": kari });
    let moved: Value =
        staff.send(Method::PUT, &format!("/api/admin/visits/{visit}"), &to_kari).await.json().await.unwrap();
    assert_eq!(moved["invited"], json!(["kari@example.no", "kari@fagfolk.test", "ola@fagfolk.test"]));
    let mut methods = Vec::new();
    for _ in 0..3 {
        let raw = next(&mut mail).await;
        let (method, text, _) = calendar_of(&raw);
        let event = parsed(&text);
        assert_eq!(event["sequence"], 1, "{text}");
        methods.push((letter(&raw).1, method));
    }
    methods.sort();
    assert_eq!(
        methods,
        [
            ("kari@example.no".to_owned(), "REQUEST".to_owned()),
            ("kari@fagfolk.test".to_owned(), "REQUEST".to_owned()),
            ("ola@fagfolk.test".to_owned(), "CANCEL".to_owned()),
        ]
    );
    app.stop().await;
}
