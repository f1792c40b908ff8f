//! Quotes (#26): numbers without gaps under load, on each database and through two
//! instances; and the customer's link under attack: unknown, altered and expired tokens,
//! guessing, cross-site answers, two accepts at once, accepting what was withdrawn, and
//! reaching another quote through one's own link.

use std::collections::BTreeSet;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::fixtures::{answer, draft, page_path, send};
use crate::helpers::{
    ADMIN_PASSWORD, Backend, Served, TestApp, create_lead, create_pg_database, drop_pg_database,
    sign_in_served, spawn_app,
};

/// The numbers of `count` quotes, as `2026-0001` ... ; asserts they are exactly 1 to `count`.
fn assert_gapless(numbers: &[String], count: usize) {
    let year = chrono::Utc::now().format("%Y").to_string();
    let distinct: BTreeSet<&String> = numbers.iter().collect();
    assert_eq!(distinct.len(), count, "no duplicates: {numbers:?}");
    let expected: BTreeSet<String> = (1..=count).map(|n| format!("{year}-{n:04}")).collect();
    assert_eq!(distinct.into_iter().cloned().collect::<BTreeSet<_>>(), expected, "no gaps");
}

async fn fifty_quotes_at_once_get_fifty_numbers(backend: Backend) {
    let app = spawn_app(backend).await;
    let staff = app.admin().await;
    let lead = create_lead(&staff, json!({"name": "Kari Nordmann"})).await;
    let path = format!("/api/admin/leads/{}/quotes", lead["id"].as_str().unwrap());
    let empty = json!({});
    let made = futures::future::join_all((0..50).map(|_| staff.send(Method::POST, &path, &empty))).await;
    let mut numbers = Vec::new();
    for response in made {
        assert_eq!(response.status(), 201);
        numbers.push(response.json::<Value>().await.unwrap()["number"].as_str().unwrap().to_owned());
    }
    assert_gapless(&numbers, 50);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_quotes_at_once_get_fifty_numbers_sqlite() {
    fifty_quotes_at_once_get_fifty_numbers(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_quotes_at_once_get_fifty_numbers_postgres() {
    fifty_quotes_at_once_get_fifty_numbers(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_one_database_number_without_gaps() {
    let (database, name) = create_pg_database().await;
    let env = [("FAGFOLK_ADMIN_EMAIL", "admin@fagfolk.test"), ("FAGFOLK_ADMIN_PASSWORD", ADMIN_PASSWORD)];
    let a = Served::start(&database, &[], &env, None).await;
    let b = Served::start(&database, &[], &env, None).await;
    let client = reqwest::Client::new();
    let cookie = sign_in_served(&client, &a, "admin@fagfolk.test", ADMIN_PASSWORD).await;
    let lead: Value = client
        .post(a.url("/api/admin/leads"))
        .header("cookie", &cookie)
        .header("x-fagfolk-csrf", "1")
        .json(&json!({"name": "Kari Nordmann"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let path = format!("/api/admin/leads/{}/quotes", lead["id"].as_str().unwrap());
    let create = |server: &Served| {
        client
            .post(server.url(&path))
            .header("cookie", &cookie)
            .header("x-fagfolk-csrf", "1")
            .json(&json!({}))
            .send()
    };
    let made = futures::future::join_all((0..50).map(|n| create(if n % 2 == 0 { &a } else { &b }))).await;
    let mut numbers = Vec::new();
    for response in made {
        let response = response.unwrap();
        assert_eq!(response.status(), 201);
        numbers.push(response.json::<Value>().await.unwrap()["number"].as_str().unwrap().to_owned());
    }
    assert_gapless(&numbers, 50);
    drop((a, b));
    drop_pg_database(&name).await;
}

async fn page(app: &TestApp, path: &str) -> (StatusCode, String) {
    let response = app.get(path).await;
    (response.status(), response.text().await.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_altered_and_guessed_tokens_open_nothing() {
    let app = spawn_app(Backend::Sqlite).await;
    let staff = app.admin().await;
    let (_, quote) = draft(&staff, "private").await;
    let sent = send(&staff, &quote).await;
    let link = page_path(&sent);
    // An unknown token, an altered one and text that is no token are all answered alike.
    let mut altered = link.clone();
    let last = altered.pop().unwrap();
    altered.push(if last == 'A' { 'B' } else { 'A' });
    let (unknown_status, unknown_text) = page(&app, "/tilbud/AAAAAAAAAAAAAAAAAAAAAA").await;
    assert_eq!(unknown_status, StatusCode::NOT_FOUND);
    assert!(unknown_text.contains("Lenken virker ikke."));
    assert_eq!(page(&app, &altered).await, (unknown_status, unknown_text.clone()));
    assert_eq!(page(&app, "/tilbud/'%3Cscript%3E").await, (unknown_status, unknown_text.clone()));
    assert_eq!(app.get(&format!("{altered}/pdf")).await.status(), StatusCode::NOT_FOUND);
    // The customer's own link keeps working between guesses and does not reset the count.
    assert_eq!(page(&app, &link).await.0, StatusCode::OK);
    // Four failures above; six more make ten, the limit.
    for n in 0..6 {
        assert_eq!(page(&app, &format!("/tilbud/gjett{n:017}")).await.0, StatusCode::NOT_FOUND);
    }
    // Guessing is limited per address: past the limit, every lookup is refused.
    let limited = app.get("/tilbud/AAAAAAAAAAAAAAAAAAAAAB").await;
    assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(limited.headers().contains_key("retry-after"));
    assert_eq!(
        page(&app, &link).await.0,
        StatusCode::TOO_MANY_REQUESTS,
        "a right guess after the limit opens nothing"
    );
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_from_another_site_are_refused() {
    let app = spawn_app(Backend::Sqlite).await;
    let staff = app.admin().await;
    let (_, quote) = draft(&staff, "private").await;
    let link = page_path(&send(&staff, &quote).await);
    for body in ["handling=aksepter&versjon=1&navn=Kari+Nordmann&lest=on", "handling=avsla&versjon=1"] {
        let response = answer(&app, &link, body, "https://angriper.example").await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN);
        assert!(response.text().await.unwrap().contains("sendt fra en annen nettside"));
    }
    let quote: Value =
        staff.get_json(&format!("/api/admin/quotes/{}", quote["id"].as_str().unwrap()), &[]).await;
    assert_eq!(quote["status"], "sent");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_accepts_at_once_record_one() {
    let app = spawn_app(Backend::Postgres).await;
    let staff = app.admin().await;
    let (_, quote) = draft(&staff, "private").await;
    let link = page_path(&send(&staff, &quote).await);
    let origin = app.url("");
    let bodies = [
        "handling=aksepter&versjon=1&navn=Kari+Nordmann&lest=on",
        "handling=aksepter&versjon=1&navn=Ola+Nordmann&lest=on",
    ];
    let answers =
        futures::future::join_all(bodies.iter().map(|body| answer(&app, &link, body, &origin))).await;
    assert!(answers.iter().all(|answer| answer.status() == StatusCode::SEE_OTHER));
    let accepts = crate::helpers::audit_entries(&app)
        .await
        .into_iter()
        .filter(|(action, ..)| action == "accept")
        .count();
    assert_eq!(accepts, 1);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn withdrawn_declined_expired_and_replaced_quotes_say_so() {
    let app = spawn_app(Backend::Sqlite).await;
    let staff = app.admin().await;
    let origin = app.url("");

    // Withdrawn: accepting is refused, the page says so with the firm's phone.
    let (_, quote) = draft(&staff, "private").await;
    let link = page_path(&send(&staff, &quote).await);
    let id = quote["id"].as_str().unwrap();
    assert_eq!(
        staff.send(Method::POST, &format!("/api/admin/quotes/{id}/withdraw"), &json!({})).await.status(),
        200
    );
    let late = answer(&app, &link, "handling=aksepter&versjon=1&navn=Kari+Nordmann&lest=on", &origin).await;
    assert_eq!(late.status(), StatusCode::CONFLICT);
    assert!(late.text().await.unwrap().contains("Tilbudet er trukket tilbake"));
    assert_eq!(staff.get_json(&format!("/api/admin/quotes/{id}"), &[]).await["status"], "withdrawn");

    // Declined, with a reason.
    let (_, quote) = draft(&staff, "private").await;
    let link = page_path(&send(&staff, &quote).await);
    let declined = answer(&app, &link, "handling=avsla&versjon=1&grunn=For+dyrt&bekreft=on", &origin).await;
    assert_eq!(declined.status(), StatusCode::SEE_OTHER);
    assert!(page(&app, &link).await.1.contains("Du avslo tilbudet"));
    let seen: Value =
        staff.get_json(&format!("/api/admin/quotes/{}", quote["id"].as_str().unwrap()), &[]).await;
    assert_eq!(
        (seen["status"].as_str(), seen["decline_reason"].as_str()),
        (Some("declined"), Some("For dyrt"))
    );

    // Revised: version 1 stays open while version 2 is a draft; once version 2 is sent,
    // version 1 is replaced and its page links to it;
    // through the old link only versions of the same number are reached.
    let (_, quote) = draft(&staff, "private").await;
    let old_link = page_path(&send(&staff, &quote).await);
    let revised = staff
        .send(
            Method::POST,
            &format!("/api/admin/quotes/{}/revise", quote["id"].as_str().unwrap()),
            &json!({}),
        )
        .await;
    assert_eq!(revised.status(), 201);
    let v2: Value = revised.json().await.unwrap();
    assert_eq!((v2["number"].clone(), v2["version"].as_i64()), (quote["number"].clone(), Some(2)));
    assert!(page(&app, &old_link).await.1.contains("Aksepter tilbudet"), "version 1 is still open");
    send(&staff, &v2).await;
    let html = page(&app, &old_link).await.1;
    assert!(html.contains("erstattet av versjon 2") && html.contains("versjon=siste"), "{html}");
    let newest = page(&app, &format!("{old_link}?versjon=siste")).await.1;
    assert!(newest.contains("(versjon 2)") && newest.contains("Aksepter tilbudet"));
    let other_quote =
        answer(&app, &old_link, "handling=aksepter&versjon=3&navn=Kari+Nordmann&lest=on", &origin).await;
    assert_eq!(other_quote.status(), StatusCode::CONFLICT, "no version the link does not reach");
    let through_old =
        answer(&app, &old_link, "handling=aksepter&versjon=2&navn=Kari+Nordmann&lest=on", &origin).await;
    assert_eq!(through_old.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        staff.get_json(&format!("/api/admin/quotes/{}", v2["id"].as_str().unwrap()), &[]).await["status"],
        "accepted"
    );

    // Expired: past its valid-until day nothing can be answered.
    let (_, quote) = draft(&staff, "private").await;
    let link = page_path(&send(&staff, &quote).await);
    app.state.clock.advance(chrono::Duration::days(28));
    // A day's session has ended by then.
    let staff = app.login("admin@fagfolk.test", ADMIN_PASSWORD).await;
    let dashboard: Value = staff.get_json("/api/admin/dashboard", &[]).await;
    let expiring = dashboard["quotes"]["expiring"].as_array().unwrap();
    assert_eq!(expiring.len(), 1, "due in two days: {dashboard}");
    assert_eq!(expiring[0]["id"], quote["id"]);
    app.state.clock.advance(chrono::Duration::days(3));
    let html = page(&app, &link).await.1;
    assert!(html.contains("Tilbudet gikk ut") && !html.contains("Aksepter tilbudet"), "{html}");
    let late = answer(&app, &link, "handling=aksepter&versjon=1&navn=Kari+Nordmann&lest=on", &origin).await;
    assert_eq!(late.status(), StatusCode::CONFLICT);
    app.stop().await;
}
