use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::TestApp;

async fn categories_come_in_sort_order_with_their_service_counts(app: TestApp) {
    let session = app.admin().await;
    let categories: Value = session.get("/api/admin/categories").await.json().await.unwrap();
    let summary: Vec<(&str, i64)> = categories
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["slug"].as_str().unwrap(), c["service_count"].as_i64().unwrap()))
        .collect();
    assert_eq!(summary, [("elektriker", 6), ("rorlegger", 6), ("kjokken-bad", 4)]);
    let one: Value = session.get("/api/admin/categories/rorlegger").await.json().await.unwrap();
    assert_eq!(one["name"], "Rørlegger");
    let by_id: Value = session
        .get(&format!("/api/admin/categories/{}", one["id"].as_str().unwrap()))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(by_id["slug"], "rorlegger");
    assert_eq!(session.get("/api/admin/categories/snekker").await.status(), 404);
    app.stop().await;
}

async fn a_new_service_shows_on_the_public_site_at_once_and_vanishes_when_deactivated(app: TestApp) {
    let session = app.admin().await;
    // Warm the page cache first, so the test proves it is dropped.
    assert!(!app.get("/tjenester/elektriker").await.text().await.unwrap().contains("Termografering"));

    let response = session
        .send(
            Method::POST,
            "/api/admin/services",
            &json!({
                "name": " Termografering ", "description": "Varmekamera finner feil i anlegget.",
                "price_from": 2490, "category": "elektriker",
            }),
        )
        .await;
    assert_eq!(response.status(), 201);
    let service: Value = response.json().await.unwrap();
    assert_eq!(service["name"], "Termografering");
    assert_eq!(service["is_active"], true, "new services default to active");
    assert_eq!(service["slug"], "termografering");
    let id = service["id"].as_str().unwrap().to_owned();

    let public: Value = app.get("/api/services?category=elektriker").await.json().await.unwrap();
    assert_eq!(public[0]["name"], "Termografering", "newest first");
    let html = app.get("/tjenester/elektriker").await.text().await.unwrap();
    assert!(html.contains("Termografering"), "the prerendered page carries it at once");

    let body =
        json!({ "name": "Termografering", "description": null, "price_from": null, "is_active": false });
    let updated: Value =
        session.send(Method::PUT, &format!("/api/admin/services/{id}"), &body).await.json().await.unwrap();
    assert_eq!(updated["price_from"], Value::Null);
    assert_eq!(updated["is_active"], false);
    let public: Value = app.get("/api/services?category=elektriker").await.json().await.unwrap();
    assert!(public.as_array().unwrap().iter().all(|s| s["id"] != id.as_str()));
    assert!(!app.get("/tjenester/elektriker").await.text().await.unwrap().contains("Termografering"));

    let admin_list: Value = session.get("/api/admin/services?query=TERMO").await.json().await.unwrap();
    assert_eq!(admin_list.as_array().unwrap().len(), 1, "the back office sees inactive services");
    assert_eq!(session.delete(&format!("/api/admin/services/{id}")).await.status(), 204);
    assert_eq!(session.delete(&format!("/api/admin/services/{id}")).await.status(), 404);
    let actions: Vec<String> =
        crate::helpers::audit_entries(&app).await.into_iter().map(|e| e.0).take(3).collect();
    assert_eq!(actions, ["delete", "update", "create"]);
    app.stop().await;
}

async fn bad_service_input_is_refused_and_nothing_is_written(app: TestApp) {
    let session = app.admin().await;
    let before = app.count("services_admin").await;
    let response = session
        .send(
            Method::POST,
            "/api/admin/services",
            &json!({ "name": " ", "price_from": -5, "category": "elektriker" }),
        )
        .await;
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["fields"]["name"], "Navn er påkrevd.");
    assert_eq!(body["fields"]["price_from"], "Prisen må være et helt antall kroner fra 0 og oppover.");
    let response = session
        .send(Method::POST, "/api/admin/services", &json!({ "name": "X", "category": "snekker" }))
        .await;
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["fields"]["category"], "Velg en kategori som finnes.");
    assert_eq!(app.count("services_admin").await, before);
    app.stop().await;
}

crate::db_tests!(
    categories_come_in_sort_order_with_their_service_counts,
    a_new_service_shows_on_the_public_site_at_once_and_vanishes_when_deactivated,
    bad_service_input_is_refused_and_nothing_is_written,
);
