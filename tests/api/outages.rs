//! A database read that fails is a failed request, never "not there" (#76, point 5): the
//! table one read uses is renamed for a moment inside the test's own database (SQLite and
//! PostgreSQL alike), so that read alone fails while those before it work. The office is
//! then answered with the server's error and nothing is written, not with a 409 "Kunden
//! har ingen e-postadresse"; the customer's quote page is "Prøv igjen" (503), and an
//! acceptance is not recorded with half its consequences.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::fixtures::{accepted_job, answer, firm_can_invoice, message};
use crate::helpers::TestApp;

/// Renames table `from` to `to` in the app's own database.
async fn rename(app: &TestApp, from: &str, to: &str) {
    let sql = sqlx::AssertSqlSafe(format!("ALTER TABLE {from} RENAME TO {to}"));
    fagfolk::db_run!(&app.state.db, pool => sqlx::raw_sql(sql).execute(pool).await.map(|_| ())).unwrap();
}

/// The refusal a failed read used to be taken for.
const NO_EMAIL: &str = "Kunden har ingen e-postadresse";

/// A purring by e-mail whose customer address is looked up (the invoice kept none: the
/// lead had no address when it was made, and has one now) while the leads cannot be
/// read: the server's error, not "Kunden har ingen e-postadresse", and no letter kept.
async fn a_purring_is_not_refused_for_want_of_an_address_it_could_not_read(
    app: TestApp,
    _mail: UnboundedReceiver<String>,
) {
    let office = app.admin().await;
    firm_can_invoice(&office).await;
    let lead =
        crate::helpers::create_lead(&office, json!({"name": "Per Hansen", "phone": "912 34 568"})).await;
    let lead_id = lead["id"].as_str().unwrap().to_owned();
    let made = office
        .send(
            Method::POST,
            &format!("/api/admin/leads/{lead_id}/jobs"),
            &json!({"title": "Bytte sikringsskap", "hourly_rate": 90_000}),
        )
        .await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let job = made.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
    let today = app.state.clock.today().to_string();
    let entry = office
        .send(Method::POST, "/api/admin/time", &json!({"job_id": job, "day": today, "minutes": 60}))
        .await;
    assert_eq!(entry.status(), StatusCode::CREATED);
    let path = format!("/api/admin/jobs/{job}");
    assert_eq!(office.send(Method::PUT, &path, &json!({"status": "done"})).await.status(), StatusCode::OK);
    let invoice = office.send(Method::POST, &format!("{path}/invoices"), &json!({})).await;
    assert_eq!(invoice.status(), StatusCode::CREATED);
    let invoice: Value = invoice.json().await.unwrap();
    let email = json!({"email": "per@example.no"});
    let patched = office.send(Method::PATCH, &format!("/api/admin/leads/{lead_id}"), &email).await;
    assert_eq!(patched.status(), StatusCode::OK);
    let due: chrono::NaiveDate = invoice["due_date"].as_str().unwrap().parse().unwrap();
    app.state.clock.advance_days((due - app.state.clock.today()).num_days() + 15);
    let office = app.login("admin@fagfolk.test", crate::helpers::ADMIN_PASSWORD).await;
    let reminders = format!("/api/admin/invoices/{}/reminders", invoice["id"].as_str().unwrap());
    let now: Value = office.get_json(&reminders, &[]).await;
    assert_eq!(now["can_email"], true, "the address is the lead's, looked up: {now}");

    rename(&app, "leads", "leads_away").await;
    let purring = json!({"kind": "purring", "channel": "email"});
    let sent = office.send(Method::POST, &reminders, &purring).await;
    let status = sent.status();
    let said = message(sent).await;
    assert!(status.is_server_error(), "{status} {said}");
    assert!(!said.contains(NO_EMAIL), "{said}");
    let read = office.get(&reminders).await;
    assert!(read.status().is_server_error(), "the letters' page, not can_email false: {}", read.status());
    rename(&app, "leads_away", "leads").await;
    assert_eq!(app.count("invoice_reminders").await, 0, "no letter kept");
    app.stop().await;
}

/// A plan notice whose customer address (the lead's) cannot be read: the preview and the
/// send fail as the server's error, not "Kunden har ingen e-postadresse", and no notice
/// is kept.
async fn a_plan_notice_is_not_refused_for_want_of_an_address_it_could_not_read(
    app: TestApp,
    _mail: UnboundedReceiver<String>,
) {
    let office = app.admin().await;
    let (kari, _) = crate::fixtures::montor(&app, "kari@fagfolk.test").await;
    let lead = crate::helpers::create_lead(
        &office,
        json!({"name": "Liv Lie", "phone": "912 34 567", "email": "liv@example.no", "adresse": "Storgata 1"}),
    )
    .await;
    let made = office
        .send(
            Method::POST,
            &format!("/api/admin/leads/{}/jobs", lead["id"].as_str().unwrap()),
            &json!({"title": "Nytt bad", "hourly_rate": 85_000}),
        )
        .await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let job = made.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
    let body = json!({"job_id": job, "user_ids": [kari], "from": "2031-03-24", "to": "2031-03-24", "starts_at": "07:30"});
    assert_eq!(office.send(Method::POST, "/api/admin/plan-days", &body).await.status(), StatusCode::CREATED);
    let path = format!("/api/admin/jobs/{job}/plan-notice");
    let preview: Value = office.get_json(&path, &[]).await;
    assert_eq!(
        (preview["can_email"].as_bool(), preview["to"].as_str()),
        (Some(true), Some("liv@example.no"))
    );

    rename(&app, "leads", "leads_away").await;
    let sent =
        office.send(Method::POST, &path, &json!({"text": preview["text"], "seen": preview["seen"]})).await;
    let status = sent.status();
    let said = message(sent).await;
    assert!(status.is_server_error(), "{status} {said}");
    assert!(!said.contains(NO_EMAIL), "{said}");
    let read = office.get(&path).await;
    assert!(read.status().is_server_error(), "the preview, not can_email false: {}", read.status());
    rename(&app, "leads_away", "leads").await;
    assert_eq!(app.count("plan_notices").await, 0, "no notice kept");
    app.stop().await;
}

mod by_mail {
    use super::{
        a_plan_notice_is_not_refused_for_want_of_an_address_it_could_not_read,
        a_purring_is_not_refused_for_want_of_an_address_it_could_not_read,
    };

    crate::mail_tests!(
        a_purring_is_not_refused_for_want_of_an_address_it_could_not_read,
        a_plan_notice_is_not_refused_for_want_of_an_address_it_could_not_read,
    );
}

/// The quote's page of a finished job: a document asked for while the job cannot be read
/// is "Prøv igjen", not "Fant ikke tilbudet" (the link is not dead).
async fn a_quote_pages_document_is_try_again_when_its_job_cannot_be_read(app: TestApp) {
    let office = app.admin().await;
    firm_can_invoice(&office).await;
    let (_, job, page) = accepted_job(&app, &office, None, None).await;
    let done = office.send(Method::PUT, &format!("/api/admin/jobs/{job}"), &json!({"status": "done"})).await;
    assert_eq!(done.status(), StatusCode::OK);
    let html = app.get(&page).await.text().await.unwrap();
    let basis = format!("{page}/dokumenter/fakturagrunnlag");
    assert!(html.contains(&basis), "the page lists the basis: {html}");
    assert_eq!(app.get(&basis).await.status(), StatusCode::OK);

    rename(&app, "jobs", "jobs_away").await;
    let answer = app.get(&basis).await;
    let status = answer.status();
    let text = answer.text().await.unwrap();
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{text}");
    assert!(text.contains("Prøv igjen"), "{text}");
    rename(&app, "jobs_away", "jobs").await;
    assert_eq!(app.get(&basis).await.status(), StatusCode::OK, "and again when it can");
    app.stop().await;
}

/// An acceptance while the pipeline (the settings) cannot be read: "Prøv igjen" (503),
/// and the quote stays open, rather than accepted with its lead left where it was.
async fn an_acceptance_is_not_half_recorded_when_the_pipeline_cannot_be_read(app: TestApp) {
    let office = app.admin().await;
    let (lead, quote) = crate::fixtures::draft(&office, "private").await;
    let page = crate::fixtures::page_path(&crate::fixtures::send(&office, &quote).await);
    let lead_path = format!("/api/admin/leads/{}", lead["id"].as_str().unwrap());
    let status_before = office.get_json(&lead_path, &[]).await["status"].clone();

    rename(&app, "settings", "settings_away").await;
    let accepted =
        answer(&app, &page, "handling=aksepter&versjon=1&navn=%C3%98ystein+%C3%85sen&lest=on", &app.url(""))
            .await;
    let status = accepted.status();
    let text = accepted.text().await.unwrap();
    rename(&app, "settings_away", "settings").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{text}");
    assert!(text.contains("Prøv igjen"), "{text}");
    let read = office.get_json(&format!("/api/admin/quotes/{}", quote["id"].as_str().unwrap()), &[]).await;
    assert_eq!(read["status"], "sent", "not accepted");
    assert_eq!(office.get_json(&lead_path, &[]).await["status"], status_before, "the lead where it was");
    app.stop().await;
}

crate::db_tests!(
    a_quote_pages_document_is_try_again_when_its_job_cannot_be_read,
    an_acceptance_is_not_half_recorded_when_the_pipeline_cannot_be_read,
);
