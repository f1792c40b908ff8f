//! The customer's reminder the day before a befaring (#28, src/visits/reminders.rs):
//! exactly once, with two instances sharing the database and one restarted between
//! looks, and again after both restart; a mail server that refuses for a while is tried
//! again, and the booking never waits for it. Mails are counted at a real SMTP socket.

use std::time::Duration;

use chrono::TimeDelta;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::sync::mpsc::UnboundedReceiver;

use fagfolk::db::Db;
use fagfolk::db_run;

use crate::helpers::{ADMIN_PASSWORD, Backend, Served, create_pg_database, drop_pg_database, spawn_app_with};
use crate::quote_mail::{mailbox, mailbox_refusing};

/// Tomorrow and the day after, in Oslo, as `YYYY-MM-DD`.
fn days_ahead() -> (String, String) {
    let today = fagfolk_data::oslo::day_of(chrono::Utc::now());
    let day = |n| (today + TimeDelta::days(n)).format("%Y-%m-%d").to_string();
    (day(1), day(2))
}

/// Every mail that comes within `wait`, as (to, subject) pairs.
async fn mails_within(mail: &mut UnboundedReceiver<String>, wait: Duration) -> Vec<(String, String)> {
    let mut seen = Vec::new();
    let until = tokio::time::Instant::now() + wait;
    while let Ok(Some(message)) = tokio::time::timeout_at(until, mail.recv()).await {
        let header = |name: &str| {
            message
                .lines()
                .find_map(|line| line.strip_prefix(name))
                .map(str::trim)
                .unwrap_or_default()
                .to_owned()
        };
        seen.push((header("To:"), header("Subject:")));
    }
    seen
}

fn reminders(mails: &[(String, String)]) -> Vec<&str> {
    mails
        .iter()
        .filter(|(_, subject)| subject.ends_with("befaring i morgen kl. 09:00"))
        .map(|(to, _)| to.as_str())
        .collect()
}

/// Makes every befaring booked so far look booked two days ago. The reminder is for a
/// befaring booked before the day before it: one booked that day or later had its
/// invitation in the reminder's stead.
async fn booked_two_days_ago(db: &Db) {
    let then = chrono::Utc::now() - TimeDelta::days(2);
    db_run!(db, pool => sqlx::query("UPDATE visits SET created_at = $1, updated_at = $1")
        .bind(then)
        .execute(pool)
        .await
        .map(|done| done.rows_affected()))
    .unwrap();
}

/// Signs in to `server` and books a befaring `day` at 09:00 for a new lead of `email`,
/// with the admin going.
async fn booked(client: &reqwest::Client, server: &Served, cookie: &str, email: &str, day: &str) {
    let call = |method: reqwest::Method, path: &str| {
        client.request(method, server.url(path)).header("cookie", cookie).header("x-fagfolk-csrf", "1")
    };
    let session: Value =
        call(reqwest::Method::GET, "/api/auth/session").send().await.unwrap().json().await.unwrap();
    let admin = session["user"]["id"].as_str().unwrap().to_owned();
    let lead: Value = call(reqwest::Method::POST, "/api/admin/leads")
        .json(&json!({ "name": "Kunde", "status": "Ny", "email": email }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let lead = lead["id"].as_str().unwrap();
    let visit = json!({ "day": day, "start": "09:00", "minutes": 60, "staff_id": admin });
    let answer = call(reqwest::Method::POST, &format!("/api/admin/leads/{lead}/visits"))
        .json(&visit)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::CREATED);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_customer_is_reminded_once_by_two_instances_across_restarts() {
    let (port, mut mail) = mailbox().await;
    let smtp = format!("smtp://127.0.0.1:{port}");
    let (database, name) = create_pg_database().await;
    let env = [
        ("FAGFOLK_ADMIN_EMAIL", "admin@fagfolk.test"),
        ("FAGFOLK_ADMIN_PASSWORD", ADMIN_PASSWORD),
        ("FAGFOLK_SMTP_URL", smtp.as_str()),
        ("FAGFOLK_NOTIFY_TO", "post@fagfolk.test"),
        ("FAGFOLK_REMINDER_SECS", "1"),
    ];
    let a = Served::start(&database, &[], &env, None).await;
    let mut b = Served::start(&database, &[], &env, None).await;
    let client = reqwest::Client::new();
    let signed_in = client
        .post(a.url("/api/auth/login"))
        .header("x-fagfolk-csrf", "1")
        .json(&json!({ "email": "admin@fagfolk.test", "password": ADMIN_PASSWORD }))
        .send()
        .await
        .unwrap();
    let cookie = signed_in.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    let (tomorrow, later) = days_ahead();
    booked(&client, &a, &cookie, "kari@example.no", &tomorrow).await;
    booked(&client, &b, &cookie, "per@example.no", &tomorrow).await;
    booked(&client, &a, &cookie, "senere@example.no", &later).await;
    booked_two_days_ago(&Db::connect(&database).await.unwrap()).await;
    // Booked today for tomorrow: its invitation was its reminder.
    booked(&client, &b, &cookie, "idag@example.no", &tomorrow).await;

    // Both instances look every second; one is restarted while they do.
    let mut seen = mails_within(&mut mail, Duration::from_millis(1500)).await;
    b = Served::start_on(b.port, &database, &[], &env, None).await;
    seen.extend(mails_within(&mut mail, Duration::from_secs(3)).await);
    let mut sent = reminders(&seen);
    sent.sort_unstable();
    assert_eq!(
        sent,
        ["kari@example.no", "per@example.no"],
        "one reminder each, none for the day after nor for the one booked today: {seen:?}"
    );
    assert_eq!(seen.len() - sent.len(), 8, "each booking's two invitations: {seen:?}");

    // Both restarted: nothing is sent again.
    drop((a, b));
    let (_a, _b) =
        (Served::start(&database, &[], &env, None).await, Served::start(&database, &[], &env, None).await);
    let again = mails_within(&mut mail, Duration::from_secs(3)).await;
    assert_eq!(again, Vec::<(String, String)>::new());
    drop_pg_database(&name).await;
}

/// A mail server that refuses the first four messages: the booking's two invitations are
/// lost (the lead's timeline says so), the reminder is tried again until it goes, once.
async fn a_refused_reminder_is_tried_again_and_sent_once(backend: Backend) {
    let (port, mut mail) = mailbox_refusing(4).await;
    let smtp = format!("smtp://127.0.0.1:{port}");
    let app = spawn_app_with(
        backend,
        &[
            ("FAGFOLK_SMTP_URL", &smtp),
            ("FAGFOLK_NOTIFY_TO", "post@fagfolk.test"),
            ("FAGFOLK_REMINDER_SECS", "1"),
        ],
    )
    .await;
    let staff = app.admin().await;
    let session: Value = staff.get("/api/auth/session").await.json().await.unwrap();
    let lead: Value = staff
        .send(
            reqwest::Method::POST,
            "/api/admin/leads",
            &json!({ "name": "Kari", "status": "Ny", "email": "kari@example.no" }),
        )
        .await
        .json()
        .await
        .unwrap();
    let lead = lead["id"].as_str().unwrap();
    let visit =
        json!({ "day": days_ahead().0, "start": "09:00", "minutes": 60, "staff_id": session["user"]["id"] });
    let answer = staff.send(reqwest::Method::POST, &format!("/api/admin/leads/{lead}/visits"), &visit).await;
    assert_eq!(answer.status(), StatusCode::CREATED, "the booking does not wait for the mail server");
    booked_two_days_ago(&app.state.db).await;
    let seen = mails_within(&mut mail, Duration::from_secs(6)).await;
    assert_eq!(reminders(&seen), ["kari@example.no"], "{seen:?}");
    assert_eq!(seen.len(), 1, "{seen:?}");
    let timeline: Value = staff.get(&format!("/api/admin/leads/{lead}/timeline")).await.json().await.unwrap();
    let failed =
        timeline.as_array().unwrap().iter().filter(|e| e["kind"] == "email" && !e["error"].is_null()).count();
    assert!(failed >= 3, "the refused mails are on the timeline: {timeline}");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_reminder_is_tried_again_and_sent_once_sqlite() {
    a_refused_reminder_is_tried_again_and_sent_once(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_reminder_is_tried_again_and_sent_once_postgres() {
    a_refused_reminder_is_tried_again_and_sent_once(Backend::Postgres).await;
}
