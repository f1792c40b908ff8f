use fagfolk::db_run;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, spawn_app_with};

fn valid_form() -> Value {
    json!({
        "name": "Kari Nordmann",
        "email": "kari@example.no",
        "phone": "912 34 567",
        "service": "rorleggertjenester",
        "message": "Det drypper fra taket på badet.",
    })
}

async fn assert_nothing_stored(app: &TestApp) {
    assert_eq!(app.count("contact_submissions").await, 0, "no submission row");
    assert_eq!(app.count("leads").await, 0, "no lead row");
}

async fn a_valid_submission_is_stored_and_becomes_a_new_web_lead(app: TestApp) {
    let response = app.post_json("/api/contact", &valid_form()).await;
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Takk for henvendelsen! Vi kontakter deg innen 24 timer.");

    let (name, service, lead_id): (String, Option<String>, Option<uuid::Uuid>) =
        db_run!(&app.state.db, pool =>
        sqlx::query_as("SELECT name, service, lead_id FROM contact_submissions").fetch_one(pool).await)
        .unwrap();
    assert_eq!(name, "Kari Nordmann");
    assert_eq!(service.as_deref(), Some("rorleggertjenester"));

    let (status, kilde, beskrivelse, tags): (String, String, String, sqlx::types::Json<Vec<String>>) =
        db_run!(&app.state.db, pool => sqlx::query_as("SELECT status, kilde, beskrivelse, tags FROM leads WHERE id = $1")
            .bind(lead_id.expect("the submission points at its lead"))
            .fetch_one(pool)
            .await)
        .unwrap();
    assert_eq!(status, "Ny");
    assert_eq!(kilde, "Web");
    assert_eq!(beskrivelse, "Det drypper fra taket på badet.");
    assert_eq!(tags.0, vec!["Rørleggertjenester".to_string()]);
    app.stop().await;
}

async fn the_service_is_optional(app: TestApp) {
    let mut form = valid_form();
    form.as_object_mut().unwrap().remove("service");
    assert_eq!(app.post_json("/api/contact", &form).await.status(), 201);
    form["service"] = json!("");
    assert_eq!(app.post_json("/api/contact", &form).await.status(), 201);
    assert_eq!(app.count("leads").await, 2);
    app.stop().await;
}

async fn missing_fields_each_get_a_norwegian_field_error_and_nothing_is_stored(app: TestApp) {
    let response = app.post_json("/api/contact", &json!({ "name": "  " })).await;
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "Noen felt mangler eller er ugyldige.");
    assert_eq!(body["fields"]["name"], "Navn er påkrevd.");
    assert_eq!(body["fields"]["email"], "E-post er påkrevd.");
    assert_eq!(body["fields"]["phone"], "Telefon er påkrevd.");
    assert_eq!(body["fields"]["message"], "Beskriv kort hva du trenger hjelp til.");
    assert_nothing_stored(&app).await;
    app.stop().await;
}

async fn an_invalid_email_is_refused_with_a_field_error(app: TestApp) {
    let mut form = valid_form();
    form["email"] = json!("kari@eksempel");
    let response = app.post_json("/api/contact", &form).await;
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["fields"]["email"], "Skriv en gyldig e-postadresse, for eksempel navn@eksempel.no.");
    assert_eq!(body["fields"].as_object().unwrap().len(), 1);
    assert_nothing_stored(&app).await;
    app.stop().await;
}

async fn oversized_fields_are_refused_with_their_limit(app: TestApp) {
    let mut form = valid_form();
    form["name"] = json!("a".repeat(201));
    form["message"] = json!("b".repeat(5001));
    form["phone"] = json!("9".repeat(41));
    let response = app.post_json("/api/contact", &form).await;
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["fields"]["name"], "Kan ikke være lengre enn 200 tegn.");
    assert_eq!(body["fields"]["message"], "Kan ikke være lengre enn 5000 tegn.");
    assert_eq!(body["fields"]["phone"], "Kan ikke være lengre enn 40 tegn.");
    assert_nothing_stored(&app).await;
    app.stop().await;
}

async fn an_oversized_body_is_refused_with_413(app: TestApp) {
    let mut form = valid_form();
    form["message"] = json!("x".repeat(100 * 1024));
    let response = app.post_json("/api/contact", &form).await;
    assert_eq!(response.status(), 413);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "Forespørselen er for stor.");
    assert_nothing_stored(&app).await;
    app.stop().await;
}

async fn a_filled_honeypot_is_refused_and_nothing_is_stored(app: TestApp) {
    let mut form = valid_form();
    form["website"] = json!("https://spam.example");
    let response = app.post_json("/api/contact", &form).await;
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "Henvendelsen ble stoppet av spamfilteret. Ring oss om du ikke er en robot.");
    assert_nothing_stored(&app).await;
    app.stop().await;
}

async fn malformed_or_non_json_bodies_get_a_clear_error(app: TestApp) {
    let response = app
        .client
        .post(app.url("/api/contact"))
        .header("content-type", "application/json")
        .body("{\"name\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "Forespørselen har ugyldig JSON.");

    let response = app.client.post(app.url("/api/contact")).body("name=Kari").send().await.unwrap();
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "Forespørselen må sendes som JSON (Content-Type: application/json).");
    assert_nothing_stored(&app).await;
    app.stop().await;
}

async fn rate_limit(backend: Backend) {
    let app = spawn_app_with(backend, &[("FAGFOLK_CONTACT_LIMIT", "2")]).await;
    for _ in 0..2 {
        assert_eq!(app.post_json("/api/contact", &valid_form()).await.status(), 201);
    }
    let response = app.post_json("/api/contact", &valid_form()).await;
    assert_eq!(response.status(), 429);
    assert!(response.headers().contains_key("retry-after"));
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["error"],
        "Du har sendt mange henvendelser på kort tid. Vent litt og prøv igjen, eller ring oss."
    );
    assert_eq!(app.count("contact_submissions").await, 2);
    assert_eq!(app.count("leads").await, 2);
    app.stop().await;

    // Twenty at once from one address: the limit still lets exactly its number through.
    let app = spawn_app_with(backend, &[("FAGFOLK_CONTACT_LIMIT", "3")]).await;
    let form = valid_form();
    let burst = (0..20).map(|_| app.post_json("/api/contact", &form));
    let answers: Vec<u16> =
        futures::future::join_all(burst).await.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(answers.iter().filter(|status| **status == 201).count(), 3, "{answers:?}");
    assert!(answers.iter().all(|status| [201, 429].contains(status)), "{answers:?}");
    assert_eq!(app.count("contact_submissions").await, 3);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rate_limit_stops_a_flood_from_one_address_on_sqlite() {
    rate_limit(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rate_limit_stops_a_flood_from_one_address_on_postgres() {
    rate_limit(Backend::Postgres).await;
}

crate::db_tests!(
    a_valid_submission_is_stored_and_becomes_a_new_web_lead,
    the_service_is_optional,
    missing_fields_each_get_a_norwegian_field_error_and_nothing_is_stored,
    an_invalid_email_is_refused_with_a_field_error,
    oversized_fields_are_refused_with_their_limit,
    an_oversized_body_is_refused_with_413,
    a_filled_honeypot_is_refused_and_nothing_is_stored,
    malformed_or_non_json_bodies_get_a_clear_error,
);
