//! Faults: many writers at once, and a backup taken while writes go on.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::json;

use crate::helpers::{Backend, spawn_app_with};

async fn concurrent_submissions(backend: Backend) {
    let app = spawn_app_with(backend, &[("FAGFOLK_CONTACT_LIMIT", "100000")]).await;
    let mut tasks = Vec::new();
    for i in 0..500 {
        let client = app.client.clone();
        let url = app.url("/api/contact");
        tasks.push(tokio::spawn(async move {
            let body = json!({
                "name": format!("Kunde {i}"), "email": format!("kunde{i}@example.no"),
                "phone": "912 34 567", "message": "Samtidig henvendelse",
            });
            client.post(url).json(&body).send().await.map(|r| r.status().as_u16())
        }));
    }
    let mut created = 0;
    for task in tasks {
        let status = task.await.unwrap().unwrap();
        if status != 201 {
            eprintln!("status {status}");
        }
        if status == 201 {
            created += 1;
        }
    }
    assert_eq!(created, 500, "every submission answered 201");
    assert_eq!(app.count("contact_submissions").await, 500);
    assert_eq!(app.count("leads").await, 500);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn five_hundred_concurrent_submissions_give_exactly_500_rows_on_sqlite() {
    concurrent_submissions(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn five_hundred_concurrent_submissions_give_exactly_500_rows_on_postgres() {
    concurrent_submissions(Backend::Postgres).await;
}

/// A backup taken while submissions keep arriving is a consistent database holding every
/// submission confirmed before it began, and a server starts on it.
/// Visitors who give up half-way: 600 enquiries, each dropped by its client after a few
/// milliseconds, many while their transaction is open, and 20 whose connection closes as
/// soon as they are sent. Every enquiry stored has its lead,
/// no database connection is left inside a transaction, and the enquiries sent after
/// them are all stored.
async fn clients_that_give_up(backend: Backend) {
    let app = spawn_app_with(backend, &[("FAGFOLK_CONTACT_LIMIT", "100000")]).await;
    let mut tasks = Vec::new();
    for i in 0..600u64 {
        let (client, url) = (app.client.clone(), app.url("/api/contact"));
        tasks.push(tokio::spawn(async move {
            let body = json!({
                "name": format!("Utålmodig {i}"), "email": format!("u{i}@example.no"),
                "phone": "912 34 567", "message": "Jeg venter ikke",
            });
            let gives_up = std::time::Duration::from_millis(5 + i % 80);
            let _ = client.post(url).json(&body).timeout(gives_up).send().await;
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    // And twenty who send an enquiry in full and close the connection at once.
    for i in 0..20 {
        send_and_close(&app, &format!("Lukket fanen {i}")).await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    if let fagfolk::db::Db::Postgres(pool) = &app.state.db {
        let (open,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() \
             AND state LIKE 'idle in transaction%'",
        )
        .fetch_one(pool)
        .await
        .unwrap();
        assert_eq!(open, 0, "connections left inside a transaction");
    }
    let stored = app.count("contact_submissions").await;
    assert_eq!(app.count("leads").await, stored, "every stored enquiry has its lead");

    for i in 0..50 {
        let body = json!({
            "name": format!("Tålmodig {i}"), "email": "t@example.no", "phone": "912 34 567", "message": "Jeg venter",
        });
        assert_eq!(app.post_json("/api/contact", &body).await.status(), 201);
    }
    assert_eq!(app.count("contact_submissions").await, stored + 50);
    assert_eq!(app.count("leads").await, stored + 50);
    eprintln!("{stored} av 620 lagret før klientene ga opp");

    // An enquiry sent in full by a visitor who closes the page at once is stored.
    for i in 0..20 {
        send_and_close(&app, &format!("Lukket fanen etterpå {i}")).await;
    }
    let expected = stored + 50 + 20;
    let started = std::time::Instant::now();
    while app.count("contact_submissions").await < expected && started.elapsed().as_secs() < 10 {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(app.count("contact_submissions").await, expected, "every enquiry sent in full is stored");
    assert_eq!(app.count("leads").await, expected);
    app.stop().await;
}

/// Sends an enquiry from `name` over a connection of its own and closes it at once.
async fn send_and_close(app: &crate::helpers::TestApp, name: &str) {
    let body = json!({ "name": name, "email": "l@example.no", "phone": "912 34 567", "message": "Ha det" })
        .to_string();
    let request = format!(
        "POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut socket = tokio::net::TcpStream::connect(app.address.trim_start_matches("http://")).await.unwrap();
    tokio::io::AsyncWriteExt::write_all(&mut socket, request.as_bytes()).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn clients_that_give_up_leave_nothing_half_done_on_sqlite() {
    clients_that_give_up(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn clients_that_give_up_leave_nothing_half_done_on_postgres() {
    clients_that_give_up(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_online_sqlite_backup_is_consistent_and_a_server_starts_on_it() {
    let app = spawn_app_with(Backend::Sqlite, &[("FAGFOLK_CONTACT_LIMIT", "100000")]).await;
    let confirmed = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let (client, url, confirmed, stop) =
            (app.client.clone(), app.url("/api/contact"), confirmed.clone(), stop.clone());
        tokio::spawn(async move {
            let mut i = 0;
            while !stop.load(Ordering::SeqCst) && i < 100_000 {
                let body = json!({ "name": format!("K{i}"), "email": "k@example.no", "phone": "912 34 567", "message": "x" });
                if client.post(&url).json(&body).send().await.map(|r| r.status() == 201).unwrap_or(false) {
                    confirmed.fetch_add(1, Ordering::SeqCst);
                }
                i += 1;
            }
        })
    };
    // Each step waits for what it needs, not for a time: enquiries stored before the copy
    // begins, and more after it ends (a fixed 150 ms found none on a busy machine).
    let until = |at_least: usize| {
        let confirmed = confirmed.clone();
        async move {
            for _ in 0..1200 {
                if confirmed.load(Ordering::SeqCst) >= at_least {
                    return;
                }
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            panic!("fewer than {at_least} enquiries were stored in a minute");
        }
    };
    until(10).await;
    let before = confirmed.load(Ordering::SeqCst) as i64;
    let copy = tempfile::tempdir().unwrap();
    let target = copy.path().join("kopi.db");
    fagfolk::backup::run(&app.state.db, "", target.to_str().unwrap(), &[]).await.expect("backup");
    let after = confirmed.load(Ordering::SeqCst);
    until(after + 10).await;
    stop.store(true, Ordering::SeqCst);
    writer.await.unwrap();

    let restored =
        spawn_app_with(Backend::Sqlite, &[("DATABASE_URL", &format!("sqlite://{}", target.display()))]).await;
    let (integrity,): (String,) = fagfolk::db_run!(&restored.state.db, pool =>
        sqlx::query_as("PRAGMA integrity_check").fetch_one(pool).await)
    .unwrap();
    assert_eq!(integrity, "ok");
    let in_copy = restored.count("contact_submissions").await;
    assert!(
        in_copy >= before,
        "the copy holds every submission confirmed before it began ({in_copy} >= {before})"
    );
    assert_eq!(restored.count("leads").await, in_copy, "submission and lead always together");
    assert_eq!(restored.get("/healthz").await.status(), 200);
    assert!(in_copy < app.count("contact_submissions").await, "writes arrived after the copy");
    restored.stop().await;
    app.stop().await;
}

/// Runs one statement as the PostgreSQL superuser (test set-up only; `name` is ours).
async fn as_superuser(sql: String) {
    let admin = fagfolk::db::Db::connect(&crate::helpers::postgres_admin_url()).await.unwrap();
    fagfolk::db_run!(&admin, pool => sqlx::raw_sql(sqlx::AssertSqlSafe(sql)).execute(pool).await.map(|_| ()))
        .unwrap();
    admin.close().await;
}

async fn cut_connections(name: &str) {
    as_superuser(format!(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}' AND pid <> pg_backend_pid()"
    ))
    .await;
}

/// The database turning read-only, then refusing connections altogether: writes get a
/// clear 503, the server stays up, and it recovers by itself when the database returns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_going_read_only_or_away_gets_503_and_recovers() {
    let app = spawn_app_with(Backend::Postgres, &[("FAGFOLK_CONTACT_LIMIT", "1000")]).await;
    let name = app.pg_database().unwrap().to_owned();
    let form = json!({ "name": "Kari", "email": "kari@example.no", "phone": "912 34 567", "message": "Hei" });
    let unavailable = "Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.";

    as_superuser(format!("ALTER DATABASE {name} SET default_transaction_read_only = on")).await;
    cut_connections(&name).await;
    let response = app.post_json("/api/contact", &form).await;
    assert_eq!(response.status(), 503);
    assert_eq!(response.json::<serde_json::Value>().await.unwrap()["error"], unavailable);
    assert_eq!(app.get("/").await.status(), 200, "reading goes on");

    as_superuser(format!("ALTER DATABASE {name} SET default_transaction_read_only = off")).await;
    cut_connections(&name).await;
    assert_eq!(app.post_json("/api/contact", &form).await.status(), 201);

    as_superuser(format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false")).await;
    cut_connections(&name).await;
    assert_eq!(app.get("/healthz").await.status(), 503);
    let response = app.post_json("/api/contact", &form).await;
    assert_eq!(response.status(), 503);
    assert_eq!(response.json::<serde_json::Value>().await.unwrap()["error"], unavailable);

    as_superuser(format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true")).await;
    assert_eq!(app.get("/healthz").await.status(), 200, "healthy again");
    assert_eq!(app.post_json("/api/contact", &form).await.status(), 201);
    assert_eq!(app.count("contact_submissions").await, 2);
    app.stop().await;
}

/// The PostgreSQL backup (pg_dump, custom format) restores into a new database that a
/// server starts on, with the same rows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgres_backup_restores_into_a_working_database() {
    let app = spawn_app_with(Backend::Postgres, &[("FAGFOLK_CONTACT_LIMIT", "1000")]).await;
    for i in 0..5 {
        let body = json!({ "name": format!("K{i}"), "email": "k@example.no", "phone": "912 34 567", "message": "x" });
        assert_eq!(app.post_json("/api/contact", &body).await.status(), 201);
    }
    let name = app.pg_database().unwrap().to_owned();
    let admin_url = crate::helpers::postgres_admin_url();
    let server = admin_url.rsplit_once('/').unwrap().0.to_owned();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kopi.dump");
    fagfolk::backup::run(&app.state.db, &format!("{server}/{name}"), file.to_str().unwrap(), &[])
        .await
        .expect("pg_dump");

    let copy = format!("{name}_kopi");
    as_superuser(format!("CREATE DATABASE {copy}")).await;
    let status = std::process::Command::new("pg_restore")
        .arg("--no-owner")
        .arg("--dbname")
        .arg(format!("{server}/{copy}"))
        .arg(&file)
        .status()
        .expect("pg_restore runs");
    assert!(status.success());
    let restored = spawn_app_with(Backend::Sqlite, &[("DATABASE_URL", &format!("{server}/{copy}"))]).await;
    assert_eq!(restored.get("/healthz").await.status(), 200);
    assert_eq!(restored.count("contact_submissions").await, 5);
    assert_eq!(restored.count("leads").await, 5);
    assert_eq!(restored.count("services_admin").await, app.count("services_admin").await);
    restored.stop().await;
    as_superuser(format!("DROP DATABASE IF EXISTS {copy} WITH (FORCE)")).await;
    app.stop().await;
}

/// Runs `sql` in the test's own database as the superuser (test set-up only).
async fn in_database(name: &str, sql: &str) {
    let base = crate::helpers::postgres_admin_url();
    let (server, _) = base.rsplit_once('/').unwrap();
    let db = fagfolk::db::Db::connect(&format!("{server}/{name}")).await.unwrap();
    let sql = sqlx::AssertSqlSafe(sql.to_owned());
    fagfolk::db_run!(&db, pool => sqlx::raw_sql(sql).execute(pool).await.map(|_| ())).unwrap();
    db.close().await;
}

/// Issue #58, finding 18: a database that fails after the guard answered a customer's link
/// with "not found" (the link looks dead and is thrown away) or a 500. The customer's
/// documents page, a document, the quote's page and its PDF answer 503 "Prøv igjen", and
/// work again when the database does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_failing_mid_request_is_try_again_on_the_customers_pages() {
    use reqwest::Method;
    let app = crate::helpers::spawn_app_with(Backend::Postgres, &[]).await;
    let name = app.pg_database().unwrap().to_owned();
    let office = app.admin().await;
    crate::fixtures::firm_can_invoice(&office).await;
    let (_, job, quote_page) = crate::fixtures::accepted_job(&app, &office, None, None).await;
    let job_path = format!("/api/admin/jobs/{job}");
    assert_eq!(office.send(Method::PUT, &job_path, &json!({"status": "done"})).await.status(), 200);
    let page = crate::documents::make_link(&office, &job_path).await;
    let basis = format!("{page}/fakturagrunnlag");
    for path in [&page, &basis, &quote_page, &format!("{quote_page}/pdf")] {
        assert_eq!(app.get(path).await.status(), 200, "{path}");
    }
    // The tables each page reads after the guard go away for a moment.
    in_database(&name, "ALTER TABLE document_links RENAME TO document_links_away").await;
    in_database(&name, "ALTER TABLE quotes RENAME TO quotes_away").await;
    for path in [&page, &basis, &quote_page, &format!("{quote_page}/pdf")] {
        let answer = app.get(path).await;
        assert_eq!(answer.status(), 503, "{path}");
        assert!(answer.text().await.unwrap().contains("Prøv igjen"), "{path}");
    }
    in_database(&name, "ALTER TABLE document_links_away RENAME TO document_links").await;
    in_database(&name, "ALTER TABLE quotes_away RENAME TO quotes").await;
    // The firm's settings failing while the basis is drawn: "try again" as well.
    in_database(&name, "ALTER TABLE settings RENAME TO settings_away").await;
    let answer = app.get(&basis).await;
    assert_eq!(answer.status(), 503);
    in_database(&name, "ALTER TABLE settings_away RENAME TO settings").await;
    for path in [&page, &basis, &quote_page, &format!("{quote_page}/pdf")] {
        assert_eq!(app.get(path).await.status(), 200, "{path} again");
    }
    app.stop().await;
}
