//! The customer told of a job's plan (#63) on SQLite and PostgreSQL: the office reads the
//! e-mail as it would go (the days, from when, who comes and how to reach them), edits it
//! and sends it; the customer's e-mail and its calendar file are read back from a small SMTP
//! server by independent parsers (Python's `email` and `icalendar`), the times in Oslo's
//! zone across the change to summer time. Then days are moved and removed: the next e-mail
//! opens with what changed, the same days' events come with a higher SEQUENCE and the day
//! no longer planned as cancelled. A send after the plan changed, a montør, a customer
//! without an address, a server without e-mail and a mail server that refuses are each
//! turned away in Norwegian with nothing sent or kept.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::fixtures::{message, montor};
use crate::helpers::{Session, TestApp, audit_entries};
use crate::quote_mail::next;
use crate::visits::python;

crate::db_tests!(without_e_mail_nothing_is_sent);

/// With a mailbox on a real socket.
mod by_mail {
    use super::{
        a_person_away_is_not_promised, an_invoiced_job_is_told_no_more,
        the_customer_is_told_the_days_and_then_what_changed,
    };

    crate::mail_tests!(
        the_customer_is_told_the_days_and_then_what_changed,
        an_invoiced_job_is_told_no_more,
        a_person_away_is_not_promised
    );
}

/// A lead of `customer` (with `email`, if any) at Storgata 1 and a job `title` on it: the
/// job's and the lead's ids.
async fn job(office: &Session, customer: &str, email: Option<&str>, title: &str) -> (String, String) {
    let lead = crate::helpers::create_lead(
        office,
        json!({"name": customer, "phone": "912 34 567", "email": email, "adresse": "Storgata 1"}),
    )
    .await;
    let lead_id = lead["id"].as_str().unwrap().to_owned();
    let made = office
        .send(
            Method::POST,
            &format!("/api/admin/leads/{lead_id}/jobs"),
            &json!({"title": title, "hourly_rate": 85_000}),
        )
        .await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let made: Value = made.json().await.unwrap();
    (made["id"].as_str().unwrap().to_owned(), lead_id)
}

/// A montør named `name`, with `phone` if given: their id, the phone as stored, and their session.
async fn named(
    app: &TestApp,
    office: &Session,
    email: &str,
    name: &str,
    phone: Option<&str>,
) -> (String, Option<String>, Session) {
    let (id, session) = montor(app, email).await;
    let renamed = office
        .send(Method::PUT, &format!("/api/admin/users/{id}"), &json!({"name": name, "phone": phone}))
        .await;
    assert_eq!(renamed.status(), StatusCode::OK);
    let renamed: Value = renamed.json().await.unwrap();
    (id.to_string(), renamed["phone"].as_str().map(str::to_owned), session)
}

/// Plans `people` on `job` from `from` to `to`, from `start` (all day without): the rows.
async fn plan(
    office: &Session,
    job: &str,
    people: &[&str],
    (from, to): (&str, &str),
    start: Option<&str>,
) -> Vec<Value> {
    let body = json!({"job_id": job, "user_ids": people, "from": from, "to": to, "starts_at": start});
    let planned = office.send(Method::POST, "/api/admin/plan-days", &body).await;
    assert_eq!(planned.status(), StatusCode::CREATED);
    planned.json::<Vec<Value>>().await.unwrap()
}

/// The id of `who`'s planned day `day` among `rows`.
fn day_of(rows: &[Value], who: &str, day: &str) -> String {
    let row = rows.iter().find(|row| row["user_id"] == who && row["day"] == day);
    row.unwrap_or_else(|| panic!("{who} has no {day}: {rows:?}"))["id"].as_str().unwrap().to_owned()
}

/// The e-mail `raw` as Python's `email` and `icalendar` read it: subject, addressee, plain
/// text, the calendar part's method, whether the attachment `kalender.ics` is the same
/// calendar, and the calendar's method, zones and events (by date).
fn read(raw: &str) -> Value {
    const READ: &str = r#"
import json, sys, email, icalendar
from email import policy
message = email.message_from_bytes(sys.stdin.buffer.read(), policy=policy.default)
body = next(p for p in message.walk() if p.get_content_type() == "text/plain").get_content()
calendar = [p for p in message.walk() if p.get_content_type() == "text/calendar"]
attached = [p for p in message.walk() if p.get_filename() == "kalender.ics"]
assert len(calendar) == 1 and len(attached) == 1, [p.get_content_type() for p in message.walk()]
text = calendar[0].get_payload(decode=True)
cal = icalendar.Calendar.from_ical(text)
def when(event, key):
    value = event.decoded(key)
    return value.isoformat()
events = {}
for event in cal.walk("VEVENT"):
    start = event["DTSTART"]
    events[event.decoded("DTSTART").isoformat()[:10]] = {
        "uid": str(event["UID"]), "sequence": int(event["SEQUENCE"]), "status": str(event["STATUS"]),
        "start": when(event, "DTSTART"), "end": when(event, "DTEND"), "tzid": start.params.get("TZID"),
        "summary": str(event["SUMMARY"]), "description": str(event["DESCRIPTION"]),
        "location": str(event["LOCATION"]), "organizer": str(event["ORGANIZER"]),
    }
print(json.dumps({
    "subject": str(message["Subject"]), "to": str(message["To"]), "reply_to": str(message["Reply-To"]),
    "body": body, "part_method": calendar[0].get_param("method"),
    "attached_same": attached[0].get_payload(decode=True) == text,
    "method": str(cal["METHOD"]), "prodid": str(cal["PRODID"]), "zones": [str(zone["TZID"]) for zone in cal.walk("VTIMEZONE")],
    "events": events,
}))
"#;
    python(READ, raw)
}

/// The e-mails on the lead's timeline to `to`: their subjects, oldest first.
async fn on_timeline(office: &Session, lead: &str, to: &str) -> Vec<String> {
    let timeline: Value = office.get_json(&format!("/api/admin/leads/{lead}/timeline"), &[]).await;
    let mut subjects: Vec<(String, String)> = timeline
        .as_array()
        .unwrap()
        .iter()
        .filter(|event| event["kind"] == "email" && event["recipient"] == to && event["error"].is_null())
        .map(|event| {
            (
                event["at"].as_str().unwrap_or_default().to_owned(),
                event["subject"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    subjects.sort();
    subjects.into_iter().map(|(_, subject)| subject).collect()
}

async fn the_customer_is_told_the_days_and_then_what_changed(
    app: TestApp,
    mut mail: UnboundedReceiver<String>,
) {
    let office = app.admin().await;
    let mut settings: Value = office.get("/api/admin/settings").await.json().await.unwrap();
    settings["company_name"] = "Rør og Strøm Oslo AS".into();
    settings["global_phone_primary"] = "23 45 67 89".into();
    assert_eq!(office.send(Method::PUT, "/api/admin/settings", &settings).await.status(), StatusCode::OK);
    let (kari, kari_phone, kari_session) =
        named(&app, &office, "kari@fagfolk.test", "Kari Nordmann", Some("900 11 222")).await;
    let kari_phone = kari_phone.expect("Kari's phone is kept");
    let (per, _, _) = named(&app, &office, "per@fagfolk.test", "Per Olsen", None).await;
    let (bath, lead) = job(&office, "Liv Lie", Some("liv@example.no"), "Nytt bad").await;
    let path = format!("/api/admin/jobs/{bath}/plan-notice");

    // Nothing planned: nothing to tell.
    let preview: Value = office.get_json(&path, &[]).await;
    assert_eq!((preview["first"].as_bool(), preview["can_email"].as_bool()), (Some(true), Some(true)));
    assert_eq!(preview["not_now"], "Ingen dager er planlagt på oppdraget ennå.");

    // Monday to Wednesday for both from 07:30, in winter time; Thursday for Kari, all day.
    let mut rows = plan(&office, &bath, &[&kari, &per], ("2031-03-24", "2031-03-26"), Some("07:30")).await;
    rows.extend(plan(&office, &bath, &[&kari], ("2031-03-27", "2031-03-27"), None).await);
    let preview: Value = office.get_json(&path, &[]).await;
    assert_eq!((preview["first"].as_bool(), preview["unchanged"].as_bool()), (Some(true), Some(false)));
    assert_eq!((preview["to"].as_str(), preview["not_now"].as_null()), (Some("liv@example.no"), Some(())));
    assert_eq!(preview["subject"], "Planen for «Nytt bad»");
    assert_eq!(preview["changes"], json!([]));
    assert_eq!(
        preview["days"],
        json!([
            {"day": "2031-03-24", "starts_at": 450, "ends_at": 990, "people": ["Kari Nordmann", "Per Olsen"]},
            {"day": "2031-03-25", "starts_at": 450, "ends_at": 990, "people": ["Kari Nordmann", "Per Olsen"]},
            {"day": "2031-03-26", "starts_at": 450, "ends_at": 990, "people": ["Kari Nordmann", "Per Olsen"]},
            {"day": "2031-03-27", "starts_at": null, "ends_at": null, "people": ["Kari Nordmann"]},
        ])
    );
    let text = preview["text"].as_str().unwrap().to_owned();
    for line in [
        "Hei Liv Lie!\n\nHer er dagene vi kommer for å arbeide med «Nytt bad» i Storgata 1:\n\n",
        "- mandag 24. mars 2031, fra kl. 07:30 til ca. 16:30: Kari Nordmann og Per Olsen\n",
        "- torsdag 27. mars 2031, tidspunkt avtales: Kari Nordmann\n",
        "tar vi kontakt med deg om når på dagen vi kommer.",
        &format!("- Kari Nordmann: {kari_phone}\n- Per Olsen: ring oss på 23 45 67 89\n"),
        "Dagene ligger ved som en kalenderfil",
        "Med vennlig hilsen\nRør og Strøm Oslo AS\n",
    ] {
        assert!(text.contains(line), "{line:?} in {text}");
    }
    let first_seen = preview["seen"].as_str().unwrap().to_owned();

    // A montør may neither read nor send it.
    assert_eq!(kari_session.get(&path).await.status(), StatusCode::FORBIDDEN);
    let body = json!({"text": text, "seen": first_seen});
    assert_eq!(kari_session.send(Method::POST, &path, &body).await.status(), StatusCode::FORBIDDEN);
    // An empty text, and a plan seen other than it is, are refused; nothing goes.
    let empty = office.send(Method::POST, &path, &json!({"text": "  ", "seen": first_seen})).await;
    assert_eq!(empty.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(empty.json::<Value>().await.unwrap()["fields"]["text"], "Skriv teksten til kunden.");
    let stale =
        office.send(Method::POST, &path, &json!({"text": text, "seen": "0123456789abcdef01234567"})).await;
    assert_eq!(stale.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(stale).await,
        "Planen er endret siden du så på e-posten. Se over den nye teksten og send igjen."
    );
    assert!(mail.try_recv().is_err(), "nothing was sent");

    // Sent with a line of the office's own.
    let edited = format!("{text}\nPS: Vi ringer på dagen før.");
    let sent = office.send(Method::POST, &path, &json!({"text": edited, "seen": first_seen})).await;
    assert_eq!(sent.status(), StatusCode::CREATED);
    let sent: Value = sent.json().await.unwrap();
    assert_eq!((sent["number"].as_i64(), sent["sent_to"].as_str()), (Some(0), Some("liv@example.no")));
    let first = read(&next(&mut mail).await);
    assert_eq!(
        (first["subject"].as_str(), first["to"].as_str(), first["reply_to"].as_str()),
        (Some("Planen for «Nytt bad»"), Some("liv@example.no"), Some("admin@fagfolk.test"))
    );
    assert!(first["body"].as_str().unwrap().contains("mandag 24. mars 2031, fra kl. 07:30"), "{first}");
    assert!(first["body"].as_str().unwrap().contains("PS: Vi ringer på dagen før."), "{first}");
    assert_eq!((first["part_method"].as_str(), first["method"].as_str()), (Some("PUBLISH"), Some("PUBLISH")));
    assert_eq!(first["attached_same"], true);
    assert_eq!(first["zones"], json!(["Europe/Oslo"]));
    let events = first["events"].as_object().unwrap();
    assert_eq!(events.keys().collect::<Vec<_>>(), ["2031-03-24", "2031-03-25", "2031-03-26", "2031-03-27"]);
    let monday = &events["2031-03-24"];
    assert_eq!(monday["uid"], format!("kundedag-{bath}-20310324@fagfolk.test"));
    assert_eq!((monday["sequence"].as_i64(), monday["status"].as_str()), (Some(0), Some("CONFIRMED")));
    assert_eq!(
        (monday["start"].as_str(), monday["end"].as_str(), monday["tzid"].as_str()),
        (Some("2031-03-24T07:30:00+01:00"), Some("2031-03-24T16:30:00+01:00"), Some("Europe/Oslo"))
    );
    assert_eq!(monday["summary"], "Nytt bad – Rør og Strøm Oslo AS");
    assert_eq!(monday["location"], "Storgata 1");
    assert_eq!(monday["organizer"], "mailto:post@fagfolk.test");
    assert_eq!(
        monday["description"],
        format!("Kommer: Kari Nordmann, Per Olsen\nKari Nordmann: {kari_phone}")
    );
    let thursday = &events["2031-03-27"];
    assert_eq!(
        (thursday["start"].as_str(), thursday["end"].as_str()),
        (Some("2031-03-27"), Some("2031-03-28"))
    );
    assert_eq!(thursday["tzid"], Value::Null);

    // Told: nothing to send until the plan changes.
    let preview: Value = office.get_json(&path, &[]).await;
    assert_eq!((preview["first"].as_bool(), preview["unchanged"].as_bool()), (Some(false), Some(true)));
    assert_eq!(preview["not_now"], "Kunden har allerede fått denne planen.");
    assert_eq!(preview["sent"][0]["body"], format!("{edited}\n"));
    let again = office.send(Method::POST, &path, &json!({"text": text, "seen": preview["seen"]})).await;
    assert_eq!(message(again).await, "Kunden har allerede fått denne planen.");

    // Monday from 08:00 for both, Wednesday off, Per's Tuesday moved to the Tuesday after
    // the change to summer time.
    for who in [&kari, &per] {
        let id = day_of(&rows, who, "2031-03-24");
        let moved = office
            .send(Method::PUT, &format!("/api/admin/plan-days/{id}"), &json!({"starts_at": "08:00"}))
            .await;
        assert_eq!(moved.status(), StatusCode::OK);
        let removed =
            office.delete(&format!("/api/admin/plan-days/{}", day_of(&rows, who, "2031-03-26"))).await;
        assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    }
    let id = day_of(&rows, &per, "2031-03-25");
    let moved =
        office.send(Method::PUT, &format!("/api/admin/plan-days/{id}"), &json!({"day": "2031-04-01"})).await;
    assert_eq!(moved.status(), StatusCode::OK);

    let preview: Value = office.get_json(&path, &[]).await;
    assert_eq!((preview["first"].as_bool(), preview["unchanged"].as_bool()), (Some(false), Some(false)));
    assert_eq!(preview["subject"], "Endret plan for «Nytt bad»");
    assert_eq!(
        preview["changes"],
        json!([
            "Ny tid: mandag 24. mars 2031, fra kl. 08:00 til ca. 17:00",
            "Andre som kommer: tirsdag 25. mars 2031: Kari Nordmann",
            "Ikke lenger: onsdag 26. mars 2031",
            "Ny dag: tirsdag 1. april 2031, fra kl. 07:30 til ca. 16:30: Per Olsen",
        ])
    );
    // The first preview's fingerprint is stale now: refused, nothing sent.
    let stale = office.send(Method::POST, &path, &json!({"text": preview["text"], "seen": first_seen})).await;
    assert_eq!(stale.status(), StatusCode::CONFLICT);
    assert!(mail.try_recv().is_err(), "nothing was sent");
    let sent =
        office.send(Method::POST, &path, &json!({"text": preview["text"], "seen": preview["seen"]})).await;
    assert_eq!(sent.status(), StatusCode::CREATED);

    let second = read(&next(&mut mail).await);
    assert_eq!(second["subject"], "Endret plan for «Nytt bad»");
    let body = second["body"].as_str().unwrap();
    assert!(
        body.starts_with(
            "Hei Liv Lie!\n\nPlanen for «Nytt bad» i Storgata 1 er endret:\n\n\
             - Ny tid: mandag 24. mars 2031, fra kl. 08:00 til ca. 17:00\n\
             - Andre som kommer: tirsdag 25. mars 2031: Kari Nordmann\n\
             - Ikke lenger: onsdag 26. mars 2031\n"
        ),
        "{body}"
    );
    assert!(body.contains("Slik er planen nå:"), "{body}");
    let events = second["events"].as_object().unwrap();
    assert_eq!(
        events.keys().collect::<Vec<_>>(),
        ["2031-03-24", "2031-03-25", "2031-03-26", "2031-03-27", "2031-04-01"]
    );
    let monday = &events["2031-03-24"];
    assert_eq!(monday["uid"], format!("kundedag-{bath}-20310324@fagfolk.test"), "the same event");
    assert_eq!((monday["sequence"].as_i64(), monday["status"].as_str()), (Some(1), Some("CONFIRMED")));
    assert_eq!(monday["start"], "2031-03-24T08:00:00+01:00");
    let wednesday = &events["2031-03-26"];
    assert_eq!((wednesday["sequence"].as_i64(), wednesday["status"].as_str()), (Some(1), Some("CANCELLED")));
    assert_eq!(wednesday["uid"], format!("kundedag-{bath}-20310326@fagfolk.test"));
    let april = &events["2031-04-01"];
    assert_eq!(
        (april["start"].as_str(), april["end"].as_str(), april["status"].as_str()),
        (Some("2031-04-01T07:30:00+02:00"), Some("2031-04-01T16:30:00+02:00"), Some("CONFIRMED"))
    );
    assert_eq!(
        events["2031-03-25"]["description"],
        format!("Kommer: Kari Nordmann\nKari Nordmann: {kari_phone}")
    );

    // Both are on the lead's timeline, and in the audit log as sent.
    assert_eq!(
        on_timeline(&office, &lead, "liv@example.no").await,
        ["Planen for «Nytt bad»", "Endret plan for «Nytt bad»"]
    );
    let entries = audit_entries(&app).await;
    let (action, entity, id, by, changes) = &entries[0];
    assert_eq!(
        (action.as_str(), entity.as_str(), id.as_deref(), by.as_deref()),
        ("send", "plan_notices", Some(bath.as_str()), Some("admin@fagfolk.test"))
    );
    let after = &changes.as_ref().unwrap()["after"];
    assert_eq!(
        (after["job_title"].as_str(), after["to"].as_str()),
        (Some("Nytt bad"), Some("liv@example.no"))
    );
    assert_eq!(after["changes"].as_array().unwrap().len(), 4);

    // A customer without an e-mail address: shown why, and refused.
    let (shed, _) = job(&office, "Ola Uten", None, "Nytt tak").await;
    plan(&office, &shed, &[&kari], ("2031-05-05", "2031-05-05"), Some("07:00")).await;
    let path = format!("/api/admin/jobs/{shed}/plan-notice");
    let preview: Value = office.get_json(&path, &[]).await;
    let no_address =
        "Kunden har ingen e-postadresse. Legg den inn på henvendelsen eller tilbudet, eller ring kunden.";
    assert_eq!((preview["can_email"].as_bool(), preview["to"].as_null()), (Some(false), Some(())));
    assert_eq!(preview["not_now"], no_address);
    let refused =
        office.send(Method::POST, &path, &json!({"text": preview["text"], "seen": preview["seen"]})).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    assert_eq!(message(refused).await, no_address);
    assert!(mail.try_recv().is_err(), "nothing was sent");
    app.stop().await;
}

/// A server without e-mail shows why and refuses; a mail server that turns the letter away
/// leaves nothing kept, so the next try is still the first notice.
async fn without_e_mail_nothing_is_sent(app: TestApp) {
    let office = app.admin().await;
    let (kari, _, _) = named(&app, &office, "kari@fagfolk.test", "Kari Nordmann", None).await;
    let (bath, _) = job(&office, "Liv Lie", Some("liv@example.no"), "Nytt bad").await;
    plan(&office, &bath, &[&kari], ("2031-03-24", "2031-03-24"), Some("07:30")).await;
    let path = format!("/api/admin/jobs/{bath}/plan-notice");
    let preview: Value = office.get_json(&path, &[]).await;
    let no_mail = "E-post er ikke satt opp på serveren, så planen kan ikke sendes til kunden.";
    assert_eq!((preview["can_email"].as_bool(), preview["not_now"].as_str()), (Some(false), Some(no_mail)));
    let refused =
        office.send(Method::POST, &path, &json!({"text": preview["text"], "seen": preview["seen"]})).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    assert_eq!(message(refused).await, no_mail);
    assert_eq!(app.count("plan_notices").await, 0);
    let backend = if app.pg_database().is_some() {
        crate::helpers::Backend::Postgres
    } else {
        crate::helpers::Backend::Sqlite
    };
    app.stop().await;

    // A mail server that answers "try again later" once.
    let (port, mut mail) = crate::quote_mail::mailbox_refusing(1).await;
    let smtp = format!("smtp://127.0.0.1:{port}");
    let app = crate::helpers::spawn_app_with(
        backend,
        &[("FAGFOLK_SMTP_URL", smtp.as_str()), ("FAGFOLK_NOTIFY_TO", "post@fagfolk.test")],
    )
    .await;
    let office = app.admin().await;
    let (kari, _, _) = named(&app, &office, "kari@fagfolk.test", "Kari Nordmann", None).await;
    let (bath, _) = job(&office, "Liv Lie", Some("liv@example.no"), "Nytt bad").await;
    plan(&office, &bath, &[&kari], ("2031-03-24", "2031-03-24"), Some("07:30")).await;
    let path = format!("/api/admin/jobs/{bath}/plan-notice");
    let preview: Value = office.get_json(&path, &[]).await;
    let body = json!({"text": preview["text"], "seen": preview["seen"]});
    let refused = office.send(Method::POST, &path, &body).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(refused).await,
        "E-posttjeneren tok ikke imot e-posten, og planen ble ikke sendt. Prøv igjen om litt."
    );
    assert_eq!(app.count("plan_notices").await, 0, "the notice is taken back");
    let again: Value = office.get_json(&path, &[]).await;
    assert_eq!((again["first"].as_bool(), again["seen"].as_str()), (Some(true), preview["seen"].as_str()));
    let sent = office.send(Method::POST, &path, &body).await;
    assert_eq!(sent.status(), StatusCode::CREATED);
    let letter = read(&next(&mut mail).await);
    assert_eq!(letter["events"]["2031-03-24"]["sequence"], 0);
    app.stop().await;
}

/// Once the job is invoiced its plan is over: the preview says so, and a send (even with a
/// preview read before) is refused, with nothing kept or mailed.
async fn an_invoiced_job_is_told_no_more(app: TestApp, mut mail: UnboundedReceiver<String>) {
    let office = app.admin().await;
    let (kari, _, _) = named(&app, &office, "kari@fagfolk.test", "Kari Nordmann", None).await;
    let (bath, _) = job(&office, "Liv Lie", Some("liv@example.no"), "Nytt bad").await;
    plan(&office, &bath, &[&kari], ("2031-03-24", "2031-03-25"), Some("07:30")).await;
    let path = format!("/api/admin/jobs/{bath}/plan-notice");
    let before: Value = office.get_json(&path, &[]).await;
    assert_eq!(before["not_now"], Value::Null, "{before}");
    // Invoiced the way the invoice does it (`jobs.status`), without the invoice's set-up.
    crate::kept::elsewhere(&app.state.db, "UPDATE jobs SET status = 'invoiced' WHERE id = $1", &bath).await;
    let closed = "Oppdraget er fakturert, så planen sendes ikke lenger.";
    let after: Value = office.get_json(&path, &[]).await;
    assert_eq!(after["not_now"], closed);
    let refused =
        office.send(Method::POST, &path, &json!({"text": before["text"], "seen": before["seen"]})).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    assert_eq!(message(refused).await, closed);
    assert_eq!(app.count("plan_notices").await, 0);
    assert!(mail.try_recv().is_err(), "nothing was sent");
    app.stop().await;
}

/// Whoever is away on a day (sick, ferie, kurs; one day or a span) is not promised to the
/// customer that day: the letter and its calendar file name only those who come, and a day
/// with no one left is not told at all. The calendar names the work, not a befaring.
async fn a_person_away_is_not_promised(app: TestApp, mut mail: UnboundedReceiver<String>) {
    let office = app.admin().await;
    let mut settings: Value = office.get("/api/admin/settings").await.json().await.unwrap();
    settings["company_name"] = "Rør og Strøm Oslo AS".into();
    assert_eq!(office.send(Method::PUT, "/api/admin/settings", &settings).await.status(), StatusCode::OK);
    let (kari, _, _) = named(&app, &office, "kari@fagfolk.test", "Kari Nordmann", Some("900 11 222")).await;
    let (per, _, _) = named(&app, &office, "per@fagfolk.test", "Per Olsen", None).await;
    let (bath, _) = job(&office, "Liv Lie", Some("liv@example.no"), "Nytt bad").await;
    plan(&office, &bath, &[&kari, &per], ("2031-03-24", "2031-03-26"), Some("07:30")).await;
    // Per sick on Tuesday (one day); Kari on ferie Wednesday and Thursday (a span), and Per
    // on a course on Wednesday: no one comes that day.
    let away = |who: &str, day: &str, to: Option<&str>, kind: &str| json!({"user_id": who, "day": day, "to": to, "kind": kind});
    for body in [
        away(&per, "2031-03-25", None, "syk"),
        away(&kari, "2031-03-26", Some("2031-03-27"), "ferie"),
        away(&per, "2031-03-26", None, "kurs"),
    ] {
        assert_eq!(office.send(Method::PUT, "/api/admin/absences", &body).await.status(), StatusCode::OK);
    }
    let path = format!("/api/admin/jobs/{bath}/plan-notice");
    let preview: Value = office.get_json(&path, &[]).await;
    assert_eq!(
        preview["days"],
        json!([
            {"day": "2031-03-24", "starts_at": 450, "ends_at": 990, "people": ["Kari Nordmann", "Per Olsen"]},
            {"day": "2031-03-25", "starts_at": 450, "ends_at": 990, "people": ["Kari Nordmann"]},
        ])
    );
    let text = preview["text"].as_str().unwrap().to_owned();
    assert!(text.contains("- tirsdag 25. mars 2031, fra kl. 07:30 til ca. 16:30: Kari Nordmann\n"), "{text}");
    assert!(!text.contains("onsdag 26. mars"), "no one comes on Wednesday: {text}");
    let sent = office.send(Method::POST, &path, &json!({"text": text, "seen": preview["seen"]})).await;
    assert_eq!(sent.status(), StatusCode::CREATED);
    let raw = next(&mut mail).await;
    assert!(!raw.contains("Befaring"), "a job's days are no befaring: {raw}");
    let letter = read(&raw);
    assert_eq!(letter["prodid"], "-//Fagfolk//Oppdrag//NO");
    let events = letter["events"].as_object().unwrap();
    assert_eq!(events.keys().collect::<Vec<_>>(), ["2031-03-24", "2031-03-25"], "{letter}");
    let tuesday = &events["2031-03-25"];
    assert_eq!(tuesday["description"], "Kommer: Kari Nordmann\nKari Nordmann: 900 11 222");
    assert_eq!(tuesday["summary"], "Nytt bad – Rør og Strøm Oslo AS");

    // Per is well again on Tuesday: the next letter says he comes after all.
    let back = office.delete(&format!("/api/admin/absences?user_id={per}&day=2031-03-25")).await;
    assert_eq!(back.status(), StatusCode::NO_CONTENT);
    let preview: Value = office.get_json(&path, &[]).await;
    assert_eq!(
        preview["changes"],
        json!(["Andre som kommer: tirsdag 25. mars 2031: Kari Nordmann og Per Olsen"])
    );
    app.stop().await;
}
