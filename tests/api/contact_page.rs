//! The contact form posted without JavaScript (`POST /kontakt`, src/contact/form_post.rs):
//! stored once and redirected to the confirmation, refused with the page made again,
//! cross-site posts refused, on SQLite and PostgreSQL (#29).

use reqwest::StatusCode;
use reqwest::header::{CONTENT_TYPE, LOCATION, ORIGIN};

use crate::helpers::TestApp;

const VALID: &str =
    "name=Kari+Nordmann&email=kari%40example.no&phone=912+34+567&service=&message=Det+drypper.&website=";

/// Posts `body` as the page's form would, from `origin`, without following a redirect.
async fn post(app: &TestApp, body: &str, origin: Option<&str>) -> reqwest::Response {
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let mut request = client
        .post(app.url("/kontakt"))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(body.to_owned());
    if let Some(origin) = origin {
        request = request.header(ORIGIN, origin);
    }
    request.send().await.unwrap()
}

async fn a_posted_enquiry_is_stored_once_and_confirmed(app: TestApp) {
    let origin = app.url("");
    let response = post(&app, VALID, Some(&origin)).await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(response.headers()[LOCATION], "/kontakt/takk");
    assert_eq!((app.count("contact_submissions").await, app.count("leads").await), (1, 1));
    let thanks = app.get("/kontakt/takk").await;
    assert_eq!(thanks.status(), 200);
    let html = thanks.text().await.unwrap();
    assert!(
        html.contains("Takk for henvendelsen!")
            && html.contains("<meta name=\"robots\" content=\"noindex\">")
    );
    assert!(!app.get("/sitemap.xml").await.text().await.unwrap().contains("/kontakt/takk"));
    assert_eq!(app.count("contact_submissions").await, 1, "the confirmation stores nothing");
    app.stop().await;
}

async fn a_refused_post_comes_back_with_the_messages_and_what_was_typed(app: TestApp) {
    let origin = app.url("");
    let body = "name=Per+%3CSkriptl%C3%B8s%3E&email=per%40eksempel&phone=12&message=&website=";
    let response = post(&app, body, Some(&origin)).await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let html = response.text().await.unwrap();
    for message in [
        "Skriv et gyldig telefonnummer, for eksempel 912 34 567.",
        "Skriv en gyldig e-postadresse, for eksempel navn@eksempel.no.",
        "Beskriv kort hva du trenger hjelp til.",
    ] {
        assert!(html.contains(message), "{message} is on the page");
    }
    assert!(html.contains("value=\"Per &lt;Skriptløs>\""), "the typed name, escaped");
    assert!(!html.contains("<Skriptløs>"), "never as markup");
    assert!(html.contains("value=\"per@eksempel\""));
    assert_eq!(app.count("contact_submissions").await, 0);

    let robot =
        post(&app, &VALID.replace("website=", "website=https%3A%2F%2Fspam.example"), Some(&origin)).await;
    assert_eq!(robot.status(), StatusCode::BAD_REQUEST);
    assert!(robot.text().await.unwrap().contains("Henvendelsen ble stoppet av spamfilteret."));
    assert_eq!(app.count("contact_submissions").await, 0, "the honeypot holds");
    app.stop().await;
}

async fn a_post_from_another_site_is_refused(app: TestApp) {
    for origin in ["https://evil.example", "null"] {
        let response = post(&app, VALID, Some(origin)).await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{origin}");
        assert!(
            response.text().await.unwrap().contains("Skjemaet ble sendt fra en annen nettside og er avvist.")
        );
    }
    let json = reqwest::Client::new()
        .post(app.url("/kontakt"))
        .header(ORIGIN, app.url(""))
        .json(&serde_json::json!({ "name": "Kari" }))
        .send()
        .await
        .unwrap();
    assert_eq!(json.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(app.count("contact_submissions").await, 0);
    assert_eq!(app.get("/kontakt").await.status(), 200, "the page itself is still a GET");
    app.stop().await;
}

crate::db_tests!(
    a_posted_enquiry_is_stored_once_and_confirmed,
    a_refused_post_comes_back_with_the_messages_and_what_was_typed,
    a_post_from_another_site_is_refused,
);
