use fagfolk::users::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_PASSWORD, TestApp, audit_entries};

async fn an_admin_creates_a_user_who_can_then_sign_in(app: TestApp) {
    let session = app.admin().await;
    let body = json!({ "name": "Siri Snekker", "email": "Siri@Fagfolk.test", "password": "tre ord og et tall 7", "role": "editor" });
    let response = session.send(Method::POST, "/api/admin/users", &body).await;
    assert_eq!(response.status(), 201);
    let user: Value = response.json().await.unwrap();
    assert_eq!(user["email"], "siri@fagfolk.test");
    assert_eq!(user["role"], "editor");
    assert_eq!(user["is_active"], true);
    assert!(user.get("password_hash").is_none());

    let users: Value = session.get("/api/admin/users").await.json().await.unwrap();
    assert_eq!(users[0]["email"], "siri@fagfolk.test", "newest first");
    let editor = app.login("siri@fagfolk.test", "tre ord og et tall 7").await;
    let denied = editor
        .send(
            Method::POST,
            "/api/admin/users",
            &json!({ "name": "x", "email": "x@y.no", "password": "x".repeat(12) }),
        )
        .await;
    assert_eq!(denied.status(), 403);
    let changes = audit_entries(&app)
        .await
        .into_iter()
        .find(|e| e.1 == "admin_users" && e.0 == "create")
        .unwrap()
        .4
        .unwrap();
    assert!(!changes.to_string().contains("password"), "{changes}");
    app.stop().await;
}

async fn bad_new_users_get_field_errors(app: TestApp) {
    let session = app.admin().await;
    let missing: Value =
        session.send(Method::POST, "/api/admin/users", &json!({})).await.json().await.unwrap();
    assert_eq!(
        missing["fields"],
        json!({"email": "E-post er påkrevd.", "name": "Navn er påkrevd.", "password": "Passord er påkrevd."})
    );
    for (password, message) in [
        ("kort", "Passordet må ha minst 12 tegn."),
        ("passord12345", "Passordet er for vanlig. Velg et annet, gjerne en setning av flere ord."),
    ] {
        let body: Value = session
            .send(
                Method::POST,
                "/api/admin/users",
                &json!({ "name": "A", "email": "a@fagfolk.test", "password": password }),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(body["fields"]["password"], message);
    }
    // A name may have 200 characters, not 201.
    let long =
        |name: String, email: &str| json!({ "name": name, "email": email, "password": "helt greit passord" });
    let too_long: Value = session
        .send(Method::POST, "/api/admin/users", &long("Å".repeat(201), "lang@fagfolk.test"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(too_long["fields"], json!({ "name": "Navn er påkrevd (høyst 200 tegn)." }));
    let longest =
        session.send(Method::POST, "/api/admin/users", &long("Å".repeat(200), "lang@fagfolk.test")).await;
    assert_eq!(longest.status(), 201);
    let taken: Value = session
        .send(
            Method::POST,
            "/api/admin/users",
            &json!({ "name": "A", "email": "ADMIN@fagfolk.test", "password": "helt greit passord" }),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(taken["fields"]["email"], "Det finnes allerede en bruker med denne e-posten.");

    // An address may have 254 characters, not 255.
    let domain = format!("{}.no", "d".repeat(248));
    let too_long: Value = session
        .send(Method::POST, "/api/admin/users", &long("A".to_owned(), &format!("abc@{domain}")))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(too_long["fields"], json!({ "email": "Skriv en gyldig e-postadresse." }));
    let longest =
        session.send(Method::POST, "/api/admin/users", &long("A".to_owned(), &format!("ab@{domain}"))).await;
    assert_eq!(longest.status(), 201);
    assert_eq!(app.count("admin_users").await, 3, "the admin, the longest name and the longest address");
    app.stop().await;
}

async fn a_password_change_ends_the_users_other_sessions(app: TestApp) {
    let admin = app.admin().await;
    let id = app.create_user("ola@fagfolk.test", ADMIN_PASSWORD, Role::Editor).await;
    let ola_phone = app.login("ola@fagfolk.test", ADMIN_PASSWORD).await;
    let ola_laptop = app.login("ola@fagfolk.test", ADMIN_PASSWORD).await;

    let path = format!("/api/admin/users/{id}/password");
    let empty: Value =
        ola_laptop.send(Method::PUT, &path, &json!({ "password": "" })).await.json().await.unwrap();
    assert_eq!(empty["fields"]["password"], "Nytt passord er påkrevd.");
    assert_eq!(empty["fields"]["current_password"], "Skriv inn passordet du bruker nå.");
    let new = json!({ "password": "en ny og lang setning", "current_password": ADMIN_PASSWORD });
    assert_eq!(ola_laptop.send(Method::PUT, &path, &new).await.status(), 204);
    assert_eq!(
        ola_laptop.get("/api/admin/dashboard").await.status(),
        200,
        "the session that changed it stays"
    );
    assert_eq!(ola_phone.get("/api/admin/dashboard").await.status(), 401, "the other session ends");

    // An admin resets it: every session of Ola ends.
    assert_eq!(
        admin.send(Method::PUT, &path, &json!({ "password": "administrator satte denne" })).await.status(),
        204
    );
    assert_eq!(ola_laptop.get("/api/admin/dashboard").await.status(), 401);
    app.login("ola@fagfolk.test", "administrator satte denne").await;
    // An editor cannot set someone else's password.
    let admin_id: Value = admin.get("/api/auth/session").await.json().await.unwrap();
    let editor = app.login("ola@fagfolk.test", "administrator satte denne").await;
    let denied = editor
        .send(
            Method::PUT,
            &format!("/api/admin/users/{}/password", admin_id["user"]["id"].as_str().unwrap()),
            &json!({ "password": "x".repeat(20) }),
        )
        .await;
    assert_eq!(denied.status(), 403);
    assert_eq!(audit_entries(&app).await.iter().filter(|e| e.0 == "password").count(), 2);
    app.stop().await;
}

async fn a_deactivated_user_loses_its_sessions_and_the_guard_rails_hold(app: TestApp) {
    let admin = app.admin().await;
    let me: Value = admin.get("/api/auth/session").await.json().await.unwrap();
    let my_id = me["user"]["id"].as_str().unwrap().to_owned();
    let id = app.create_user("ola@fagfolk.test", ADMIN_PASSWORD, Role::Editor).await;
    let ola = app.login("ola@fagfolk.test", ADMIN_PASSWORD).await;

    // A renamed user needs a name of at most 200 characters; a refused rename changes nothing.
    let path = format!("/api/admin/users/{id}");
    for name in ["  ".to_owned(), "Ø".repeat(201)] {
        let refused = admin.send(Method::PUT, &path, &json!({ "name": name })).await;
        assert_eq!(refused.status(), 422);
        let body: Value = refused.json().await.unwrap();
        assert_eq!(body["fields"]["name"], "Navn er påkrevd (høyst 200 tegn).");
    }
    let renamed: Value =
        admin.send(Method::PUT, &path, &json!({ "name": "Ø".repeat(200) })).await.json().await.unwrap();
    assert_eq!(renamed["name"], "Ø".repeat(200));

    let updated: Value = admin
        .send(Method::PUT, &format!("/api/admin/users/{id}"), &json!({ "is_active": false }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(updated["is_active"], false);
    assert_eq!(ola.get("/api/admin/dashboard").await.status(), 401);

    let self_off =
        admin.send(Method::PUT, &format!("/api/admin/users/{my_id}"), &json!({ "is_active": false })).await;
    assert_eq!(self_off.status(), 409);
    let body: Value = self_off.json().await.unwrap();
    assert_eq!(body["error"], "Du kan ikke deaktivere eller degradere din egen bruker.");
    let self_demote =
        admin.send(Method::PUT, &format!("/api/admin/users/{my_id}"), &json!({ "role": "editor" })).await;
    assert_eq!(self_demote.status(), 409);
    // Renaming yourself is fine.
    let self_rename =
        admin.send(Method::PUT, &format!("/api/admin/users/{my_id}"), &json!({ "name": "Sjefen" })).await;
    assert_eq!(self_rename.status(), 200);
    let self_delete = admin.delete(&format!("/api/admin/users/{my_id}")).await;
    assert_eq!(self_delete.status(), 409);
    let body: Value = self_delete.json().await.unwrap();
    assert_eq!(body["error"], "Du kan ikke slette din egen bruker.");

    assert_eq!(admin.delete(&format!("/api/admin/users/{id}")).await.status(), 204);
    assert_eq!(app.count("admin_users").await, 1);
    app.stop().await;
}

crate::db_tests!(
    an_admin_creates_a_user_who_can_then_sign_in,
    bad_new_users_get_field_errors,
    a_password_change_ends_the_users_other_sessions,
    a_deactivated_user_loses_its_sessions_and_the_guard_rails_hold,
);
