use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::TestApp;

async fn saved_settings_show_on_the_public_site_at_once(app: TestApp) {
    let session = app.admin().await;
    assert!(app.get("/").await.text().await.unwrap().contains("tel:+4722334455"));
    let body = json!({
        "company_name": "Fagfolk Oslo AS", "orgnr": " 999 888 777 ", "adresse": "Nygata 1, 0150 Oslo",
        "email": "", "global_phone_primary": "400 00 000", "global_phone_extra": [" 900 00 001 ", "", "  "],
    });
    let response = session.send(Method::PUT, "/api/admin/settings", &body).await;
    assert_eq!(response.status(), 200);
    let saved: Value = response.json().await.unwrap();
    assert_eq!(saved["email"], Value::Null, "empty is saved as null");
    assert_eq!(saved["orgnr"], "999 888 777");
    assert_eq!(saved["global_phone_extra"], json!(["900 00 001"]));
    assert_eq!(saved["lead_pipeline"][0], "Ny");

    let html = app.get("/kontakt").await.text().await.unwrap();
    assert!(html.contains("tel:+4740000000"), "the new number is in the served page");
    assert!(html.contains("Nygata 1, 0150 Oslo"));
    assert!(html.contains("| Fagfolk Oslo AS</title>"));
    let site: Value = app.get("/api/site").await.json().await.unwrap();
    assert_eq!(site["phone"], "400 00 000");
    let fetched: Value = session.get("/api/admin/settings").await.json().await.unwrap();
    assert_eq!(fetched, saved);

    let bad: Value = session
        .send(Method::PUT, "/api/admin/settings", &json!({ "email": "post@" }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(bad["fields"]["email"], "Skriv en gyldig e-postadresse.");
    app.stop().await;
}

async fn renaming_a_status_moves_its_leads_and_a_used_status_cannot_be_removed(app: TestApp) {
    let session = app.admin().await;
    for status in ["Kontaktet", "Kontaktet", "Tapt"] {
        session.send(Method::POST, "/api/admin/leads", &json!({ "name": "L", "status": status })).await;
    }
    let statuses = |names: &[(&str, Option<&str>)]| json!({ "statuses": names.iter().map(|(name, previous)| json!({ "name": name, "previous": previous })).collect::<Vec<_>>() });
    let renamed = statuses(&[
        ("Ny", Some("Ny")),
        ("Ringt opp", Some("Kontaktet")),
        ("Befaring", Some("Avtalt befaring")),
        ("Tilbud sendt", Some("Tilbud sendt")),
        ("Vunnet", Some("Vunnet")),
        ("Tapt", Some("Tapt")),
        ("Venter", None),
    ]);
    let response = session.send(Method::PUT, "/api/admin/settings/pipeline", &renamed).await;
    assert_eq!(response.status(), 200);
    let saved: Value = response.json().await.unwrap();
    assert_eq!(
        saved["lead_pipeline"],
        json!(["Ny", "Ringt opp", "Befaring", "Tilbud sendt", "Vunnet", "Tapt", "Venter"])
    );
    let board: Value = session.get("/api/admin/leads/board").await.json().await.unwrap();
    assert_eq!(board[1]["status"], "Ringt opp");
    assert_eq!(board[1]["total"], 2, "the leads moved along");

    let without_tapt =
        statuses(&[("Ny", Some("Ny")), ("Ringt opp", Some("Ringt opp")), ("Vunnet", Some("Vunnet"))]);
    let refused = session.send(Method::PUT, "/api/admin/settings/pipeline", &without_tapt).await;
    assert_eq!(refused.status(), 409);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(
        body["error"],
        "Statusen «Tapt» har 1 leads. Flytt dem til en annen status før du fjerner den."
    );
    let unchanged: Value = session.get("/api/admin/settings").await.json().await.unwrap();
    assert_eq!(unchanged["lead_pipeline"].as_array().unwrap().len(), 7, "nothing changed");

    let duplicate = statuses(&[("Ny", None), ("ny", None)]);
    let body: Value =
        session.send(Method::PUT, "/api/admin/settings/pipeline", &duplicate).await.json().await.unwrap();
    assert_eq!(body["fields"]["statuses"], "Statusen «ny» står to ganger.");

    // Swapping two names keeps each lead with its own status.
    let swapped = statuses(&[
        ("Ny", Some("Ny")),
        ("Tapt", Some("Ringt opp")),
        ("Ringt opp", Some("Tapt")),
        ("Befaring", Some("Befaring")),
        ("Tilbud sendt", Some("Tilbud sendt")),
        ("Vunnet", Some("Vunnet")),
        ("Venter", Some("Venter")),
    ]);
    assert_eq!(session.send(Method::PUT, "/api/admin/settings/pipeline", &swapped).await.status(), 200);
    let board: Value = session.get("/api/admin/leads/board").await.json().await.unwrap();
    assert_eq!((board[1]["status"].as_str(), board[1]["total"].as_i64()), (Some("Tapt"), Some(2)));
    assert_eq!((board[2]["status"].as_str(), board[2]["total"].as_i64()), (Some("Ringt opp"), Some(1)));
    app.stop().await;
}

crate::db_tests!(
    saved_settings_show_on_the_public_site_at_once,
    renaming_a_status_moves_its_leads_and_a_used_status_cannot_be_removed,
);
