//! "Når passer det med befaring?" (#28): the days a customer offers with an enquiry,
//! checked against the firm's visiting days (Innstillinger → Befaring), stored with the
//! enquiry and shown on the lead, through the JSON API and the form posted without
//! JavaScript, on SQLite and PostgreSQL.

use reqwest::Method;
use reqwest::header::{CONTENT_TYPE, ORIGIN};
use serde_json::{Value, json};

use crate::helpers::{Session, TestApp, oslo_day};

/// The firm visits every day of the week, ten days ahead: the tests do not depend on
/// today's weekday.
async fn every_day(session: &Session) {
    let body = json!({ "visit_days": { "days_ahead": 10, "weekdays": [1, 2, 3, 4, 5, 6, 7] } });
    assert_eq!(session.send(Method::PUT, "/api/admin/settings", &body).await.status(), 200);
}

fn enquiry(times: Value) -> Value {
    json!({
        "name": "Kari Nordmann", "email": "kari@example.no", "phone": "912 34 567",
        "message": "Badet lekker under vasken.", "preferred_times": times,
    })
}

/// The weekday number (1 = Monday) of the day `days` from today in Oslo.
fn weekday_in(days: i64) -> u32 {
    use chrono::Datelike;
    chrono::NaiveDate::parse_from_str(&oslo_day(days), "%Y-%m-%d").unwrap().weekday().number_from_monday()
}

async fn offered_days_are_stored_with_the_enquiry_and_shown_on_the_lead(app: TestApp) {
    let session = app.admin().await;
    every_day(&session).await;
    let times = json!([
        { "day": oslo_day(3), "part": "ettermiddag" },
        { "day": "", "part": "hele_dagen" },
        { "day": oslo_day(1), "part": "formiddag" },
    ]);
    assert_eq!(app.post_json("/api/contact", &enquiry(times)).await.status(), 201);
    let leads = session.get_json("/api/admin/leads", &[]).await;
    let id = leads["items"][0]["id"].as_str().unwrap().to_owned();
    let from_customer = session.get_json(&format!("/api/admin/leads/{id}/enquiry"), &[]).await;
    assert_eq!(
        from_customer["preferred_times"],
        json!([{ "day": oslo_day(1), "part": "formiddag" }, { "day": oslo_day(3), "part": "ettermiddag" }]),
        "in order of the days, the empty row left out"
    );
    let timeline = session.get_json(&format!("/api/admin/leads/{id}/timeline"), &[]).await;
    let submission = timeline.as_array().unwrap().iter().find(|event| event["kind"] == "submission").unwrap();
    assert_eq!(submission["submission"]["preferred_times"], from_customer["preferred_times"]);

    // An enquiry without days keeps the lead's earlier ones on its page.
    assert_eq!(app.post_json("/api/contact", &enquiry(json!([]))).await.status(), 201);
    let none = session.get_json("/api/admin/leads", &[]).await;
    let newest = none["items"][0]["id"].as_str().unwrap().to_owned();
    let empty = session.get_json(&format!("/api/admin/leads/{newest}/enquiry"), &[]).await;
    assert_eq!(empty["preferred_times"], json!([]));
    app.stop().await;
}

async fn days_the_firm_does_not_offer_are_refused_and_nothing_is_stored(app: TestApp) {
    let session = app.admin().await;
    every_day(&session).await;
    let refused = |times: Value| {
        let app = &app;
        async move {
            let response = app.post_json("/api/contact", &enquiry(times.clone())).await;
            assert_eq!(response.status(), 422, "{times}");
            let body: Value = response.json().await.unwrap();
            body["fields"]["preferred_times"].as_str().unwrap().to_owned()
        }
    };
    let stale = "En av dagene kan ikke velges lenger. Velg blant dagene i listen.";
    assert_eq!(refused(json!([{ "day": oslo_day(0), "part": "formiddag" }])).await, stale, "today");
    assert_eq!(refused(json!([{ "day": oslo_day(-1), "part": "formiddag" }])).await, stale, "yesterday");
    assert_eq!(refused(json!([{ "day": oslo_day(11), "part": "formiddag" }])).await, stale, "too far ahead");
    assert_eq!(
        refused(json!([{ "day": oslo_day(1), "part": "natt" }])).await,
        "Velg formiddag, ettermiddag eller hele dagen for hver dag."
    );
    assert_eq!(
        refused(json!([{ "day": oslo_day(1), "part": "formiddag" }, { "day": oslo_day(1), "part": "ettermiddag" }]))
            .await,
        "Velg hver dag bare én gang."
    );
    // A row must be an object: serde would read `[day, part]` as one.
    let listed = app.post_json("/api/contact", &enquiry(json!([[oslo_day(1), "formiddag"]]))).await;
    assert!(listed.status().is_client_error(), "{}", listed.status());
    let four: Vec<Value> = (1..=4).map(|n| json!({ "day": oslo_day(n), "part": "hele_dagen" })).collect();
    assert_eq!(refused(json!(four)).await, "Velg høyst 3 dager.");

    // A weekday the firm does not visit on: tomorrow's taken out of the settings.
    let weekdays: Vec<u32> = (1..=7).filter(|day| *day != weekday_in(1)).collect();
    let body = json!({ "visit_days": { "days_ahead": 10, "weekdays": weekdays } });
    assert_eq!(session.send(Method::PUT, "/api/admin/settings", &body).await.status(), 200);
    assert_eq!(
        refused(json!([{ "day": oslo_day(1), "part": "formiddag" }])).await,
        stale,
        "not a visiting day"
    );
    assert_eq!(app.count("contact_submissions").await, 0);
    assert_eq!(app.count("leads").await, 0);
    app.stop().await;
}

async fn the_visiting_days_are_checked_when_saved(app: TestApp) {
    let session = app.admin().await;
    for (body, field, message) in [
        (
            json!({ "days_ahead": 0, "weekdays": [1] }),
            "visit_days.days_ahead",
            "Skriv hvor mange dager frem kunden kan velge (1 til 60).",
        ),
        (json!({ "days_ahead": 61, "weekdays": [1] }), "visit_days.days_ahead", "1 til 60"),
        (
            json!({ "days_ahead": 14, "weekdays": [] }),
            "visit_days.weekdays",
            "Velg minst én ukedag dere tar befaring.",
        ),
        (json!({ "days_ahead": 14, "weekdays": [8] }), "visit_days.weekdays", "minst én ukedag"),
        (json!({ "days_ahead": 14, "weekdays": ["mandag"] }), "visit_days.weekdays", "minst én ukedag"),
    ] {
        let response = session.send(Method::PUT, "/api/admin/settings", &json!({ "visit_days": body })).await;
        assert_eq!(response.status(), 422, "{body}");
        let answer: Value = response.json().await.unwrap();
        assert!(answer["fields"][field].as_str().unwrap().contains(message), "{answer}");
    }
    let saved = session.get_json("/api/admin/settings", &[]).await;
    assert_eq!(saved["visit_days"], json!({ "days_ahead": 14, "weekdays": [1, 2, 3, 4, 5] }), "unchanged");
    app.stop().await;
}

/// Posts the contact page's form without JavaScript.
pub(crate) async fn post_form(app: &TestApp, body: &str) -> reqwest::Response {
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    client
        .post(app.url("/kontakt"))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(ORIGIN, app.url(""))
        .body(body.to_owned())
        .send()
        .await
        .unwrap()
}

async fn the_form_without_javascript_offers_the_days_and_keeps_them(app: TestApp) {
    let session = app.admin().await;
    every_day(&session).await;
    let page = app.get("/kontakt").await.text().await.unwrap();
    assert!(page.contains("Når passer det med befaring?"));
    let tomorrow = format!("<option value=\"{}\">", oslo_day(1));
    assert!(page.contains(&tomorrow), "tomorrow is offered");
    assert!(!page.contains(&format!("<option value=\"{}\">", oslo_day(0))), "today is not");
    assert!(!page.contains(&format!("<option value=\"{}\">", oslo_day(11))), "nor beyond ten days");

    let fields = "name=Kari+Nordmann&email=kari%40example.no&phone=912+34+567&message=Lekker.&website=";
    // Refused (a phone number too short): the days chosen come back chosen.
    let refused = format!(
        "{}&dag_1={}&del_1=ettermiddag&dag_2=&del_2=hele_dagen",
        fields.replace("912+34+567", "12"),
        oslo_day(2)
    );
    let response = post_form(&app, &refused).await;
    assert_eq!(response.status(), 422);
    let html = response.text().await.unwrap();
    assert!(html.contains(&format!("<option selected value=\"{}\">", oslo_day(2))), "the day is kept");
    assert!(html.contains("<option selected value=\"ettermiddag\">"), "and its part of the day");

    let stale = format!("{fields}&dag_1={}&del_1=formiddag", oslo_day(0));
    let response = post_form(&app, &stale).await;
    assert_eq!(response.status(), 422);
    assert!(response.text().await.unwrap().contains("En av dagene kan ikke velges lenger."));

    let good = format!(
        "{fields}&dag_1={}&del_1=ettermiddag&dag_2=&del_2=hele_dagen&dag_3=&del_3=hele_dagen",
        oslo_day(2)
    );
    assert_eq!(post_form(&app, &good).await.status(), 303);
    let leads = session.get_json("/api/admin/leads", &[]).await;
    let id = leads["items"][0]["id"].as_str().unwrap().to_owned();
    let from_customer = session.get_json(&format!("/api/admin/leads/{id}/enquiry"), &[]).await;
    assert_eq!(from_customer["preferred_times"], json!([{ "day": oslo_day(2), "part": "ettermiddag" }]));
    assert_eq!(app.count("contact_submissions").await, 1);
    app.stop().await;
}

crate::db_tests!(
    offered_days_are_stored_with_the_enquiry_and_shown_on_the_lead,
    days_the_firm_does_not_offer_are_refused_and_nothing_is_stored,
    the_visiting_days_are_checked_when_saved,
    the_form_without_javascript_offers_the_days_and_keeps_them,
);
