use chrono::Duration;
use fagfolk::users::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_PASSWORD, TestApp, audit_entries};

async fn login_raw(app: &TestApp, email: &str, password: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/auth/login"))
        .header("x-fagfolk-csrf", "1")
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .unwrap()
}

async fn a_right_password_signs_in_with_an_http_only_session_cookie(app: TestApp) {
    let id = app.create_user("kari@fagfolk.test", ADMIN_PASSWORD, Role::Admin).await;
    let response = login_raw(&app, "  KARI@fagfolk.test ", ADMIN_PASSWORD).await;
    assert_eq!(response.status(), 200);
    let cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.starts_with("__Host-fagfolk_session="), "{cookie}");
    for part in ["HttpOnly", "SameSite=Strict", "Secure", "Path=/", "Max-Age=86400"] {
        assert!(cookie.contains(part), "{cookie} lacks {part}");
    }
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["user"]["email"], "kari@fagfolk.test");
    assert_eq!(body["user"]["id"], id.to_string());
    assert!(body.get("token").is_none() && !body.to_string().contains(cookie.split(';').next().unwrap()));

    let session = app.login("kari@fagfolk.test", ADMIN_PASSWORD).await;
    let me: Value = session.get("/api/auth/session").await.json().await.unwrap();
    assert_eq!(me["user"]["name"], "Test Bruker");
    let (last_login,): (Option<chrono::DateTime<chrono::Utc>>,) = fagfolk::db_run!(&app.state.db, pool =>
        sqlx::query_as("SELECT last_login_at FROM admin_users WHERE id = $1").bind(id).fetch_one(pool).await)
    .unwrap();
    assert!(last_login.is_some());
    assert_eq!(audit_entries(&app).await[0].0, "login");
    app.stop().await;
}

async fn a_wrong_password_and_an_unknown_email_get_the_same_answer(app: TestApp) {
    app.create_user("kari@fagfolk.test", ADMIN_PASSWORD, Role::Admin).await;
    let wrong = login_raw(&app, "kari@fagfolk.test", "feil passord her").await;
    let unknown = login_raw(&app, "ingen@fagfolk.test", "feil passord her").await;
    assert_eq!(wrong.status(), 401);
    assert_eq!(unknown.status(), 401);
    assert!(wrong.headers().get("set-cookie").is_none());
    let (wrong, unknown): (Value, Value) = (wrong.json().await.unwrap(), unknown.json().await.unwrap());
    assert_eq!(wrong, unknown);
    assert_eq!(wrong["error"], "Ugyldig e-post eller passord");
    app.stop().await;
}

async fn missing_or_malformed_credentials_get_field_errors(app: TestApp) {
    let response = login_raw(&app, "", "").await;
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["fields"]["email"], "E-post er påkrevd.");
    assert_eq!(body["fields"]["password"], "Passord er påkrevd.");
    let body: Value = login_raw(&app, "ikke-en-adresse", "x").await.json().await.unwrap();
    assert_eq!(body["fields"]["email"], "Skriv en gyldig e-postadresse.");
    app.stop().await;
}

async fn a_deactivated_user_cannot_sign_in(app: TestApp) {
    let id = app.create_user("kari@fagfolk.test", ADMIN_PASSWORD, Role::Admin).await;
    fagfolk::db_run!(&app.state.db, pool => sqlx::query("UPDATE admin_users SET is_active = $1 WHERE id = $2")
        .bind(false).bind(id).execute(pool).await.map(|_| ()))
    .unwrap();
    let response = login_raw(&app, "kari@fagfolk.test", ADMIN_PASSWORD).await;
    assert_eq!(response.status(), 401);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "Brukeren er deaktivert. Kontakt en administrator.");
    app.stop().await;
}

async fn repeated_failures_on_one_account_are_throttled_with_429(app: TestApp) {
    app.create_user("kari@fagfolk.test", ADMIN_PASSWORD, Role::Admin).await;
    for _ in 0..5 {
        assert_eq!(login_raw(&app, "kari@fagfolk.test", "feil passord her").await.status(), 401);
    }
    // Even the right password waits now.
    let response = login_raw(&app, "kari@fagfolk.test", ADMIN_PASSWORD).await;
    assert_eq!(response.status(), 429);
    assert_eq!(response.headers()["retry-after"], "900", "the whole 15-minute window, in seconds");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "For mange mislykkede innloggingsforsøk. Vent 15 minutter og prøv igjen.");
    // An unknown account is throttled the same way, so 429 reveals nothing either.
    for _ in 0..5 {
        login_raw(&app, "ingen@fagfolk.test", "feil passord her").await;
    }
    assert_eq!(login_raw(&app, "ingen@fagfolk.test", "x").await.status(), 429);

    app.state.clock.advance(Duration::minutes(16));
    assert_eq!(login_raw(&app, "kari@fagfolk.test", ADMIN_PASSWORD).await.status(), 200);
    app.stop().await;
}

async fn many_failures_from_one_address_are_throttled_across_accounts(app: TestApp) {
    app.create_user("kari@fagfolk.test", ADMIN_PASSWORD, Role::Admin).await;
    for i in 0..fagfolk::auth::throttle::PER_ADDRESS {
        assert_eq!(
            login_raw(&app, &format!("gjett{i}@fagfolk.test"), "feil passord her").await.status(),
            401
        );
    }
    assert_eq!(login_raw(&app, "kari@fagfolk.test", ADMIN_PASSWORD).await.status(), 429);
    app.stop().await;
}

async fn a_session_expires_after_24_hours_and_is_removed(app: TestApp) {
    let session = app.admin().await;
    app.state.clock.advance(Duration::hours(23));
    let me: Value = session.get("/api/auth/session").await.json().await.unwrap();
    assert_eq!(me["user"]["email"], "admin@fagfolk.test");
    app.state.clock.advance(Duration::hours(1) + Duration::seconds(1));
    let me: Value = session.get("/api/auth/session").await.json().await.unwrap();
    assert_eq!(me, json!({"user": null, "expires_at": null}));
    assert_eq!(session.get("/api/admin/dashboard").await.status(), 401);
    assert_eq!(app.count("sessions").await, 0, "the expired session is deleted");
    app.stop().await;
}

async fn logout_ends_the_session_and_clears_the_cookie(app: TestApp) {
    let session = app.admin().await;
    let response = session.request(Method::POST, "/api/auth/logout").send().await.unwrap();
    assert_eq!(response.status(), 204);
    assert!(response.headers()["set-cookie"].to_str().unwrap().contains("Max-Age=0"));
    let me: Value = session.get("/api/auth/session").await.json().await.unwrap();
    assert_eq!(me["user"], Value::Null);
    assert_eq!(app.count("sessions").await, 0);
    assert_eq!(audit_entries(&app).await[0].0, "logout");
    app.stop().await;
}

async fn a_mutation_without_csrf_proof_is_refused_with_403(app: TestApp) {
    let session = app.admin().await;
    let cookie = session.cookie();
    let bare = app
        .client
        .post(app.url("/api/admin/leads"))
        .header("cookie", &cookie)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(bare.status(), 403);
    let body: Value = bare.json().await.unwrap();
    assert_eq!(
        body["error"],
        "Forespørselen ble avvist av CSRF-beskyttelsen. Last siden på nytt og prøv igjen."
    );

    let cross_site = app
        .client
        .post(app.url("/api/admin/leads"))
        .header("cookie", &cookie)
        .header("x-fagfolk-csrf", "1")
        .header("origin", "https://angriper.example")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(cross_site.status(), 403);

    let same_origin = app
        .client
        .post(app.url("/api/admin/leads"))
        .header("cookie", &cookie)
        .header("origin", &app.address)
        .json(&json!({ "name": "Ola" }))
        .send()
        .await
        .unwrap();
    assert_eq!(same_origin.status(), 201);
    assert_eq!(app.count("leads").await, 1, "only the same-origin request wrote");
    app.stop().await;
}

/// Every admin operation in the OpenAPI document, so a new route cannot slip past.
fn admin_operations(doc: &Value) -> Vec<(Method, String)> {
    let mut operations = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        if !path.starts_with("/api/admin") {
            continue;
        }
        for method in item.as_object().unwrap().keys() {
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            operations.push((method, path.replace("{id}", &uuid::Uuid::now_v7().to_string())));
        }
    }
    operations
}

async fn every_admin_operation_refuses_a_request_without_a_valid_session(app: TestApp) {
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let operations = admin_operations(&doc);
    assert!(operations.len() >= 10, "found {} admin operations", operations.len());
    let session = app.admin().await;
    let forged = format!("{}x", session.cookie());
    app.state.clock.advance(Duration::hours(25));
    let expired = session.cookie();
    for (method, path) in &operations {
        for cookie in [None, Some(forged.as_str()), Some(expired.as_str())] {
            let mut request = app.client.request(method.clone(), app.url(path)).header("x-fagfolk-csrf", "1");
            if let Some(cookie) = cookie {
                request = request.header("cookie", cookie);
            }
            if *method != Method::GET && *method != Method::DELETE {
                request = request.json(&json!({}));
            }
            let response = request.send().await.unwrap();
            assert_eq!(response.status(), 401, "{method} {path} with {cookie:?}");
            let body: Value = response.json().await.unwrap();
            assert_eq!(body["error"], "Du må logge inn for å fortsette.");
        }
    }
    app.stop().await;
}

async fn every_admin_mutation_without_csrf_proof_is_refused_with_403(app: TestApp) {
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let session = app.admin().await;
    let cookie = session.cookie();
    let mutations: Vec<(Method, String)> =
        admin_operations(&doc).into_iter().filter(|(method, _)| *method != Method::GET).collect();
    assert!(mutations.len() >= 15, "found {} admin mutations", mutations.len());
    for (method, path) in mutations {
        for origin in [None, Some("https://angriper.example")] {
            let mut request = app.client.request(method.clone(), app.url(&path)).header("cookie", &cookie);
            if let Some(origin) = origin {
                request = request.header("origin", origin).header("x-fagfolk-csrf", "1");
            }
            let response = request.json(&json!({})).send().await.unwrap();
            assert_eq!(response.status(), 403, "{method} {path} from {origin:?}");
        }
    }
    assert_eq!(app.count("leads").await, 0);
    app.stop().await;
}

crate::db_tests!(
    every_admin_mutation_without_csrf_proof_is_refused_with_403,
    a_right_password_signs_in_with_an_http_only_session_cookie,
    a_wrong_password_and_an_unknown_email_get_the_same_answer,
    missing_or_malformed_credentials_get_field_errors,
    a_deactivated_user_cannot_sign_in,
    repeated_failures_on_one_account_are_throttled_with_429,
    many_failures_from_one_address_are_throttled_across_accounts,
    a_session_expires_after_24_hours_and_is_removed,
    logout_ends_the_session_and_clears_the_cookie,
    a_mutation_without_csrf_proof_is_refused_with_403,
    every_admin_operation_refuses_a_request_without_a_valid_session,
);
