use serde_json::json;

use crate::helpers::{Backend, TestApp, spawn_app_with};

async fn healthz_answers_ok_when_the_database_answers(app: TestApp) {
    let response = app.get("/healthz").await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["database"], "ok");
    app.stop().await;
}

async fn every_response_carries_a_request_id_and_the_security_headers(app: TestApp) {
    for path in ["/healthz", "/api/services", "/", "/finnes-ikke"] {
        let response = app.get(path).await;
        let headers = response.headers();
        assert!(headers.contains_key("x-request-id"), "{path}");
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "strict-origin-when-cross-origin", "{path}");
        // The test site's public address is https://: browsers are told to stay on HTTPS.
        assert_eq!(headers["strict-transport-security"], "max-age=63072000; includeSubDomains; preload");
    }
    app.stop().await;
}

/// Served over plain HTTP (a local install), the site sends no HSTS: it would lock
/// browsers out of an address that has no certificate.
async fn a_site_on_plain_http_sends_no_hsts(backend: Backend) {
    let app = spawn_app_with(backend, &[("FAGFOLK_PUBLIC_URL", "http://fagfolk.test")]).await;
    let response = app.get("/").await;
    assert_eq!(response.status(), 200);
    assert!(!response.headers().contains_key("strict-transport-security"));
    app.stop().await;
}

#[tokio::test]
async fn a_site_on_plain_http_sends_no_hsts_sqlite() {
    a_site_on_plain_http_sends_no_hsts(Backend::Sqlite).await;
}

#[tokio::test]
async fn a_site_on_plain_http_sends_no_hsts_postgres() {
    a_site_on_plain_http_sends_no_hsts(Backend::Postgres).await;
}

async fn an_unknown_api_path_gets_a_norwegian_json_404(app: TestApp) {
    let response = app.get("/api/finnes-ikke").await;
    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"], "Fant ikke API-ressursen.");
    app.stop().await;
}

/// Ready for traffic once the database answers and the pages are made (rendered in the
/// background at start, so a load balancer polls, as this does).
async fn readyz_answers_ok_when_the_pages_are_made(app: TestApp) {
    let mut response = app.get("/readyz").await;
    for _ in 0..1200 {
        if response.status() == 200 {
            break;
        }
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(
            body,
            json!({ "status": "ikke klar", "database": "ok", "pages": "lages", "failing_pages": [] })
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        response = app.get("/readyz").await;
    }
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(
        body,
        serde_json::json!({ "status": "ok", "database": "ok", "pages": "ok", "failing_pages": [] })
    );
    app.stop().await;
}

/// The database gone: neither ready nor healthy, and saying which part is missing.
async fn readyz_says_so_when_the_database_is_gone(app: TestApp) {
    app.state.db.close().await;
    let response = app.get("/readyz").await;
    assert_eq!(response.status(), 503);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(
        (body["status"].clone(), body["database"].clone()),
        (json!("ikke klar"), json!("utilgjengelig"))
    );
    app.stop().await;
}

const METRICS_TOKEN: &str = "maalinger-for-driften-2026";

/// `/metrics` is not there without a token; with one it answers only that token, and
/// counts requests by route pattern and status, their time, the pool, renders and queue.
async fn metrics_need_their_token_and_count_requests_by_route(backend: Backend) {
    let plain = spawn_app_with(backend, &[]).await;
    assert_eq!(plain.get("/metrics").await.status(), 404, "not there unless configured");
    plain.stop().await;

    let app = spawn_app_with(backend, &[("FAGFOLK_METRICS_TOKEN", METRICS_TOKEN)]).await;
    let scrape = |token: &str| app.client.get(app.url("/metrics")).bearer_auth(token).send();
    assert_eq!(app.get("/metrics").await.status(), 401);
    assert_eq!(scrape("feil-nøkkel-men-lang-nok").await.unwrap().status(), 401);

    app.get("/api/services").await;
    app.get("/api/services").await;
    app.get("/").await;
    let session = app.admin().await;
    let missing = format!("/api/admin/leads/{}", uuid::Uuid::now_v7());
    assert_eq!(session.get(&missing).await.status(), 404);

    let response = scrape(METRICS_TOKEN).await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("application/openmetrics-text"));
    let text = response.text().await.unwrap();
    for line in [
        "fagfolk_http_requests_total{method=\"GET\",route=\"/api/services\",status=\"200\"} 2",
        "fagfolk_http_requests_total{method=\"GET\",route=\"page\",status=\"200\"} 1",
        "fagfolk_http_requests_total{method=\"GET\",route=\"/api/admin/leads/{id}\",status=\"404\"} 1",
        "fagfolk_http_requests_total{method=\"POST\",route=\"/api/auth/login\",status=\"200\"} 1",
        "fagfolk_http_request_duration_seconds_count{route=\"/api/services\"} 2",
        "fagfolk_login_queue 0",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} missing from\n{text}");
    }
    for start in ["fagfolk_db_pool_connections{state=\"idle\"} ", "fagfolk_page_renders_total "] {
        assert!(text.lines().any(|l| l.starts_with(start)), "{start} missing from\n{text}");
    }
    assert!(!text.contains(&missing[17..]), "ids never become labels");
    app.stop().await;
}

#[tokio::test]
async fn metrics_need_their_token_and_count_requests_by_route_sqlite() {
    metrics_need_their_token_and_count_requests_by_route(Backend::Sqlite).await;
}

#[tokio::test]
async fn metrics_need_their_token_and_count_requests_by_route_postgres() {
    metrics_need_their_token_and_count_requests_by_route(Backend::Postgres).await;
}

crate::db_tests!(
    readyz_answers_ok_when_the_pages_are_made,
    readyz_says_so_when_the_database_is_gone,
    healthz_answers_ok_when_the_database_answers,
    every_response_carries_a_request_id_and_the_security_headers,
    an_unknown_api_path_gets_a_norwegian_json_404,
);

/// A second server starting on a SQLite file that another process writes to all the
/// time (the first server's jobs and requests) seeds what is missing without "database is
/// locked": its seed took a read first and then wrote, which fails at once when a write
/// came in between (CI saw it in privacy.rs's retention test).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_server_starts_beside_one_writing_to_the_same_sqlite_file() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    let first = crate::helpers::spawn_app(Backend::Sqlite).await;
    let database = first.state.config.database_url.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (db, stop) = (first.state.db.clone(), stop.clone());
        tokio::spawn(async move {
            let mut writes = 0u64;
            while !stop.load(Ordering::Relaxed) {
                fagfolk::db_run!(&db, pool => sqlx::query("UPDATE settings SET updated_at = $1")
                    .bind(chrono::Utc::now())
                    .execute(pool)
                    .await
                    .map(|_| ()))
                .unwrap();
                writes += 1;
            }
            writes
        })
    };
    for _ in 0..5 {
        let second = spawn_app_with(Backend::Sqlite, &[("DATABASE_URL", &database)]).await;
        assert_eq!(second.get("/healthz").await.status(), 200);
        second.stop().await;
    }
    stop.store(true, Ordering::Relaxed);
    assert!(writer.await.unwrap() > 0, "the other writer wrote meanwhile");
    first.stop().await;
}
