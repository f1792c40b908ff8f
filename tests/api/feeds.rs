//! Private calendar feeds (#28): each member of staff subscribes to their befaringer at a
//! secret address, an admin to everyone's. The feed is read by Python's `icalendar`; it
//! answers only to its secret, and stops when replaced or revoked.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{ADMIN_PASSWORD, Session, TestApp, oslo_day};

/// What Python's `icalendar` reads in a feed: its name and each event's UID, summary and
/// start. The feed also passes the line-based check (`invitations::written_by_us`).
fn events(text: &str) -> Value {
    const READ: &str = r#"
import json, sys, icalendar
cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
print(json.dumps({
    "name": str(cal.get("X-WR-CALNAME") or cal.get("NAME")),
    "events": sorted([[str(e["SUMMARY"]), e.decoded("DTSTART").isoformat(), str(e["UID"])] for e in cal.walk("VEVENT")]),
}))
"#;
    crate::invitations::written_by_us(text);
    crate::visits::python(READ, text)
}

async fn lead(staff: &Session, name: &str) -> String {
    let lead: Value = staff
        .send(
            Method::POST,
            "/api/admin/leads",
            &json!({ "name": name, "status": "Ny", "adresse": "Storgata 1" }),
        )
        .await
        .json()
        .await
        .unwrap();
    lead["id"].as_str().unwrap().to_owned()
}

async fn book(staff: &Session, lead: &str, day: &str, who: &str) -> String {
    let booked = staff
        .send(
            Method::POST,
            &format!("/api/admin/leads/{lead}/visits"),
            &json!({ "day": day, "start": "09:00", "minutes": 60, "staff_id": who }),
        )
        .await;
    assert_eq!(booked.status(), StatusCode::CREATED);
    let booked: Value = booked.json().await.unwrap();
    booked["visit"]["id"].as_str().unwrap().to_owned()
}

/// Makes `session`'s feed of `scope`; its address's path.
async fn feed(session: &Session, scope: &str) -> String {
    let made = session.send(Method::POST, "/api/admin/calendar-feeds", &json!({ "scope": scope })).await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let made: Value = made.json().await.unwrap();
    let url = made["url"].as_str().unwrap();
    url[url.find("/kalender/").unwrap()..].to_owned()
}

/// A feed read without any session, as a phone's calendar reads it.
async fn read(app: &TestApp, path: &str) -> (StatusCode, String) {
    let response = reqwest::get(app.url(path)).await.unwrap();
    let status = response.status();
    if status == StatusCode::OK {
        assert_eq!(response.headers()["content-type"], "text/calendar; charset=utf-8");
    }
    (status, response.text().await.unwrap())
}

async fn each_feed_has_its_holders_befaringer_and_answers_only_to_its_secret(app: TestApp) {
    let admin = app.admin().await;
    let ola =
        app.create_user("ola@fagfolk.test", ADMIN_PASSWORD, fagfolk::users::Role::Editor).await.to_string();
    let ola_session = app.login("ola@fagfolk.test", ADMIN_PASSWORD).await;
    let admin_id = admin.get("/api/auth/session").await.json::<Value>().await.unwrap()["user"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (kari, per) = (lead(&admin, "Kari Nordmann").await, lead(&admin, "Per Hansen").await);
    let olas = book(&admin, &kari, &oslo_day(30), &ola).await;
    book(&admin, &per, &oslo_day(31), &admin_id).await;
    let gone = book(&admin, &per, &oslo_day(32), &ola).await;
    let starts = fagfolk_data::oslo::at(
        chrono::NaiveDate::parse_from_str(&oslo_day(30), "%Y-%m-%d").unwrap(),
        chrono::NaiveTime::from_hms_opt(9, 0, 0).unwrap(),
    )
    .unwrap()
    .format("%Y-%m-%dT%H:%M:%S+00:00")
    .to_string();
    let cancelled =
        admin.request(Method::POST, &format!("/api/admin/visits/{gone}/cancel")).send().await.unwrap();
    assert_eq!(cancelled.status(), StatusCode::OK);

    let own = feed(&ola_session, "own").await;
    let (status, text) = read(&app, &own).await;
    assert_eq!(status, StatusCode::OK);
    let seen = events(&text);
    assert_eq!(seen["name"], "Mine befaringer og oppdrag");
    let host = app.state.config.public_url.host_str().unwrap().to_owned();
    assert_eq!(
        seen["events"],
        json!([["Befaring: Kari Nordmann", starts, format!("befaring-{olas}@{host}")]]),
        "Ola's own, not the cancelled one, not the admin's"
    );

    let refused =
        ola_session.send(Method::POST, "/api/admin/calendar-feeds", &json!({ "scope": "all" })).await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let all = feed(&admin, "all").await;
    let seen = events(&read(&app, &all).await.1);
    let summaries: Vec<&str> =
        seen["events"].as_array().unwrap().iter().map(|e| e[0].as_str().unwrap()).collect();
    assert_eq!(summaries, ["Befaring: Kari Nordmann", "Befaring: Per Hansen"]);

    // Only the secret opens it: a guess, a cut address, the secret without `.ics`.
    let secret = own.trim_start_matches("/kalender/").trim_end_matches(".ics");
    for guess in
        ["/kalender/AAAAAAAAAAAAAAAAAAAAAA.ics", &own[..own.len() - 6], &format!("/kalender/{secret}")]
    {
        assert_eq!(read(&app, guess).await.0, StatusCode::NOT_FOUND, "{guess}");
    }
    let listed: Value = ola_session.get("/api/admin/calendar-feeds").await.json().await.unwrap();
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert!(!listed.to_string().contains(secret), "the secret is shown once only");

    // A new address replaces the old; revoking stops the new one.
    let replaced = feed(&ola_session, "own").await;
    assert_ne!(replaced, own);
    assert_eq!(read(&app, &own).await.0, StatusCode::NOT_FOUND);
    assert_eq!(read(&app, &replaced).await.0, StatusCode::OK);
    let revoked = ola_session.delete("/api/admin/calendar-feeds/own").await;
    assert_eq!(revoked.status(), StatusCode::NO_CONTENT);
    assert_eq!(read(&app, &replaced).await.0, StatusCode::NOT_FOUND);
    assert_eq!(ola_session.delete("/api/admin/calendar-feeds/own").await.status(), StatusCode::NOT_FOUND);
    app.stop().await;
}

crate::db_tests!(each_feed_has_its_holders_befaringer_and_answers_only_to_its_secret);
