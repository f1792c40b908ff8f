//! The public pages and the service list answered before the layers
//! (`src/site/fast.rs`): the answer is the router's, header for header and byte for byte,
//! but for the request id, which follows the same rules.

use reqwest::header::HeaderMap;

use crate::helpers::{PUBLIC_PATHS, TestApp};

/// Status, headers (all but the request id and the date) and body of a GET.
async fn answer(app: &TestApp, path: &str, encoding: Option<&str>) -> (u16, Vec<(String, String)>, Vec<u8>) {
    let mut request = app.client.get(app.url(path));
    if let Some(encoding) = encoding {
        request = request.header("accept-encoding", encoding);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let headers = comparable(response.headers());
    (status, headers, response.bytes().await.unwrap().to_vec())
}

fn comparable(headers: &HeaderMap) -> Vec<(String, String)> {
    let mut kept: Vec<(String, String)> = headers
        .iter()
        .filter(|(name, _)| !matches!(name.as_str(), "x-request-id" | "date"))
        .map(|(name, value)| (name.to_string(), value.to_str().unwrap().to_owned()))
        .collect();
    kept.sort();
    kept
}

/// Every public page, plain and gzip-compressed: the same answer as the router gives (a
/// client that names only `identity` is sent to the router).
async fn a_page_from_the_cache_is_the_routers_answer(app: TestApp) {
    for path in PUBLIC_PATHS {
        let fast = answer(&app, path, None).await;
        let routed = answer(&app, path, Some("identity")).await;
        assert_eq!(fast.0, 200, "{path}");
        assert_eq!(fast, routed, "{path}");

        let (status, headers, gzip) = answer(&app, path, Some("gzip, deflate, br")).await;
        assert_eq!(status, 200, "{path}");
        let mut body = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gzip[..]), &mut body).unwrap();
        assert!(body == routed.2, "{path}: the gzip body is the page");
        let encoded =
            |(name, _): &&(String, String)| matches!(name.as_str(), "content-encoding" | "content-length");
        let others: Vec<_> = headers.iter().filter(|h| !encoded(h)).collect();
        assert_eq!(others, routed.1.iter().filter(|h| !encoded(h)).collect::<Vec<_>>(), "{path}");
        assert!(headers.contains(&("content-encoding".to_owned(), "gzip".to_owned())), "{path}");
    }
    app.stop().await;
}

/// The service list: the same JSON and headers as the router's (which a client that
/// takes no gzip is sent to).
async fn the_service_list_from_the_cache_is_the_routers_answer(app: TestApp) {
    let fast = answer(&app, "/api/services", None).await;
    let routed = answer(&app, "/api/services", Some("identity")).await;
    assert_eq!(fast, routed);
    let services: serde_json::Value = serde_json::from_slice(&fast.2).unwrap();
    assert!(!services.as_array().unwrap().is_empty(), "{services}");
    app.stop().await;
}

/// A page the browser has is answered 304 with its validator, and the request id is the
/// client's when it is a safe token, a fresh UUID otherwise.
async fn revalidation_and_request_ids_work_on_cached_pages(app: TestApp) {
    let first = app.get("/").await;
    let etag = first.headers()["etag"].clone();
    let again = app.client.get(app.url("/")).header("if-none-match", etag.clone()).send().await.unwrap();
    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()["etag"], etag);
    assert!(again.bytes().await.unwrap().is_empty());

    let named = app.client.get(app.url("/")).header("x-request-id", "kunde-123.a").send().await.unwrap();
    assert_eq!(named.headers()["x-request-id"], "kunde-123.a");
    let unsafe_id =
        app.client.get(app.url("/")).header("x-request-id", "a b\"<script>").send().await.unwrap();
    let made = unsafe_id.headers()["x-request-id"].to_str().unwrap();
    assert!(uuid::Uuid::parse_str(made).is_ok(), "{made}");
    let fresh = app.get("/").await.headers()["x-request-id"].to_str().unwrap().to_owned();
    assert!(uuid::Uuid::parse_str(&fresh).is_ok() && fresh != made, "{fresh}");
    app.stop().await;
}

crate::db_tests!(
    a_page_from_the_cache_is_the_routers_answer,
    the_service_list_from_the_cache_is_the_routers_answer,
    revalidation_and_request_ids_work_on_cached_pages,
);
