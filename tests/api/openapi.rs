/// The committed `openapi.json` (from which the web app's API types are generated) is
/// the document the server serves. Regenerate both with `make openapi`.
#[tokio::test]
async fn the_committed_openapi_document_is_current() {
    let app = crate::helpers::spawn_app(crate::helpers::Backend::Sqlite).await;
    let served: serde_json::Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let committed: serde_json::Value =
        serde_json::from_str(include_str!("../../openapi.json")).expect("openapi.json is JSON");
    assert_eq!(served, committed, "openapi.json is stale: run `make openapi`");
    for path in ["/api/services", "/api/site", "/api/contact"] {
        assert!(served["paths"].get(path).is_some(), "{path} is documented");
    }
    app.stop().await;
}
