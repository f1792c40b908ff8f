//! The office's costly reads kept while nothing is committed (src/http/kept.rs), on SQLite
//! and PostgreSQL: the dashboard and a month's hours answer the same while only reads run,
//! and differently at once after a commit made anywhere: through the API, or straight into
//! the database by a connection of its own, as another instance or a tool on the database
//! would. The dashboard of an admin and of an editor are kept apart.

use chrono::{Datelike, Duration, Months};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sqlx::Connection;

use crate::fixtures::{estimate_job, montor};
use crate::helpers::{ADMIN_PASSWORD, TestApp};
use fagfolk::db::Db;

crate::db_tests!(a_kept_answer_goes_with_any_commit);

/// Runs `sql` with `id` straight on the database: on SQLite on a connection of its own,
/// outside the server's pool.
pub(crate) async fn elsewhere(db: &Db, sql: &'static str, id: &str) {
    let id = uuid::Uuid::parse_str(id).unwrap();
    match db {
        Db::Sqlite(pool) => {
            let mut own = sqlx::SqliteConnection::connect_with(&pool.connect_options()).await.unwrap();
            sqlx::query(sql).bind(id).execute(&mut own).await.unwrap();
        }
        // On PostgreSQL every transaction moves the token, whichever connection runs it.
        Db::Postgres(pool) => {
            sqlx::query(sql).bind(id).execute(pool).await.unwrap();
        }
    }
}

/// The ids of the things of `kind` in the dashboard's "Å gjøre".
fn things(dashboard: &Value, kind: &str) -> Vec<String> {
    dashboard["todo"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|item| item["kind"] == kind)
        .flat_map(|item| {
            item["things"].as_array().unwrap().iter().map(|t| t["id"].as_str().unwrap().to_owned())
        })
        .collect()
}

async fn a_kept_answer_goes_with_any_commit(app: TestApp) {
    let office = app.admin().await;
    let (kari_id, kari) = montor(&app, "kari@fagfolk.test").await;
    let job = estimate_job(&app, &office, &[kari_id]).await;

    // While only reads run, the dashboard answers the same, byte for byte.
    let first = office.get("/api/admin/dashboard").await.text().await.unwrap();
    let again = office.get("/api/admin/dashboard").await.text().await.unwrap();
    assert_eq!(first, again);
    let first: Value = serde_json::from_str(&first).unwrap();
    assert!(things(&first, "done_not_invoiced").is_empty());

    // A job marked done by another connection, not through this server: the next answer
    // names it.
    elsewhere(&app.state.db, "UPDATE jobs SET status = 'done' WHERE id = $1", &job).await;
    let after = office.get_json("/api/admin/dashboard", &[]).await;
    assert_eq!(things(&after, "done_not_invoiced"), std::slice::from_ref(&job));
    // And through the API, back at work: gone at once.
    let back =
        office.send(Method::PUT, &format!("/api/admin/jobs/{job}"), &json!({"status": "in_progress"})).await;
    assert_eq!(back.status(), StatusCode::OK);
    assert!(things(&office.get_json("/api/admin/dashboard", &[]).await, "done_not_invoiced").is_empty());

    // An editor's dashboard is not the admin's: the steps only an admin can act on are not
    // in it, though the admin's answer was made first.
    // (The editor signs in first: a sign-in is a commit.)
    app.create_user("redaktor@fagfolk.test", ADMIN_PASSWORD, fagfolk::users::Role::Editor).await;
    let editor = app.login("redaktor@fagfolk.test", ADMIN_PASSWORD).await;
    let told =
        |steps: &Value| steps.as_array().unwrap().iter().any(|step| step["key"] == "notification_email");
    let admin_steps = office.get_json("/api/admin/dashboard", &[]).await["launch_checklist"].clone();
    assert!(told(&admin_steps), "{admin_steps}");
    let editor_steps = editor.get_json("/api/admin/dashboard", &[]).await["launch_checklist"].clone();
    assert!(!told(&editor_steps), "{editor_steps}");

    // A month's hours: an entry changed by another connection shows at once, for the office
    // and for the montør's own month.
    let today = app.state.clock.today();
    let day = today.with_day(1).unwrap().checked_sub_months(Months::new(1)).unwrap() + Duration::days(2);
    let month = day.format("%Y-%m").to_string();
    let made = kari
        .send(
            Method::POST,
            "/api/admin/time",
            &json!({"job_id": job, "day": day.to_string(), "minutes": 120}),
        )
        .await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let entry = made.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
    let minutes = |sheet: &Value| {
        sheet["people"].as_array().unwrap().iter().find(|p| p["user_id"] == kari_id.to_string()).unwrap()["minutes"]
            .as_i64()
            .unwrap()
    };
    assert_eq!(minutes(&office.get_json("/api/admin/time/month", &[("month", &month)]).await), 120);
    assert_eq!(minutes(&kari.get_json("/api/admin/time/month", &[("month", &month)]).await), 120);
    elsewhere(&app.state.db, "UPDATE time_entries SET minutes = 450 WHERE id = $1", &entry).await;
    assert_eq!(minutes(&office.get_json("/api/admin/time/month", &[("month", &month)]).await), 450);
    assert_eq!(minutes(&kari.get_json("/api/admin/time/month", &[("month", &month)]).await), 450);
}
