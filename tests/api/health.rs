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

crate::db_tests!(
    healthz_answers_ok_when_the_database_answers,
    every_response_carries_a_request_id_and_the_security_headers,
    an_unknown_api_path_gets_a_norwegian_json_404,
);
