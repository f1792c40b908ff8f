//! "Glemt passord?" (#25): a link by e-mail that sets a new password once, within an hour,
//! and signs the user out everywhere; the request never tells whether an address is a
//! user's; without e-mail on the server it says to ask an administrator.

use std::time::Duration as Wait;

use chrono::Duration;
use fagfolk::users::Role;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_PASSWORD, TestApp, audit_entries};
use crate::notify::app_with_mail;

const GONE: &str = "Lenken er brukt eller utløpt. Be om en ny under «Glemt passord?».";

async fn post(app: &TestApp, path: &str, body: Value) -> reqwest::Response {
    app.client.post(app.url(path)).header("x-fagfolk-csrf", "1").json(&body).send().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_by_email_sets_a_new_password_once_and_signs_out_everywhere() {
    let (app, received) = app_with_mail().await;
    let old_session = app.admin().await;

    // An unknown address gets the same answer as a user's.
    let unknown = post(&app, "/api/auth/password-reset", json!({ "email": "ingen@fagfolk.test" })).await;
    assert_eq!(unknown.status(), 202);
    assert_eq!(unknown.json::<Value>().await.unwrap(), json!({ "by_email": true }));
    assert_eq!(app.count("password_resets").await, 0, "no link for an address that is no user's");
    let asked = post(&app, "/api/auth/password-reset", json!({ "email": "Admin@Fagfolk.test " })).await;
    assert_eq!(asked.status(), 202);
    assert_eq!(asked.json::<Value>().await.unwrap(), json!({ "by_email": true }));

    let message = tokio::time::timeout(Wait::from_secs(10), received).await.expect("a mail arrives").unwrap();
    assert!(message.contains("Subject: Nytt passord"), "{message}");
    assert!(message.contains("To: admin@fagfolk.test"), "{message}");
    // The body is quoted-printable: long lines are broken with a soft "=" at the end.
    let message = message.replace("=\n", "");
    let link = message
        .lines()
        .find(|line| line.starts_with("https://fagfolk.test/admin/nytt-passord#"))
        .unwrap_or_else(|| panic!("a link in {message}"));
    let token = link.split('#').nth(1).unwrap().trim();

    // A weak password is refused and the link still works.
    let weak =
        post(&app, "/api/auth/password-reset/confirm", json!({ "token": token, "password": "kort" })).await;
    assert_eq!(weak.status(), 422);
    assert_eq!(weak.json::<Value>().await.unwrap()["fields"]["password"], "Passordet må ha minst 12 tegn.");

    let new_password = "en helt ny og lang setning";
    let set =
        post(&app, "/api/auth/password-reset/confirm", json!({ "token": token, "password": new_password }))
            .await;
    assert_eq!(set.status(), 204);
    let whoami = old_session.get_json("/api/auth/session", &[]).await;
    assert_eq!(whoami["user"], Value::Null, "the old session is over");
    let old =
        post(&app, "/api/auth/login", json!({ "email": "admin@fagfolk.test", "password": ADMIN_PASSWORD }))
            .await;
    assert_eq!(old.status(), 401);
    app.login("admin@fagfolk.test", new_password).await;

    // Once only.
    let again = post(
        &app,
        "/api/auth/password-reset/confirm",
        json!({ "token": token, "password": "enda en ny lang setning" }),
    )
    .await;
    assert_eq!(again.status(), 422);
    assert_eq!(again.json::<Value>().await.unwrap()["fields"]["token"], GONE);
    let logged = audit_entries(&app).await;
    assert!(
        logged.iter().any(|(action, table, _, by, _)| action == "password"
            && table == "admin_users"
            && by.as_deref() == Some("admin@fagfolk.test")),
        "the change is in the log: {logged:?}"
    );
    app.stop().await;
}

/// A link works within its hour only, not for a deactivated user, and a newer link
/// replaces an older one.
async fn a_link_works_within_its_hour_only(app: TestApp) {
    let user = app.create_user("kari@fagfolk.test", ADMIN_PASSWORD, Role::Editor).await;
    let now = app.state.clock.now();
    let first = fagfolk_data::auth::reset::create(&app.state.db, user, now).await.unwrap();
    let second = fagfolk_data::auth::reset::create(&app.state.db, user, now).await.unwrap();
    let good = "en helt ny og lang setning";
    let refused =
        post(&app, "/api/auth/password-reset/confirm", json!({ "token": first, "password": good })).await;
    assert_eq!(refused.json::<Value>().await.unwrap()["fields"]["token"], GONE, "a newer link replaced it");
    app.state.clock.advance(Duration::minutes(61));
    let late =
        post(&app, "/api/auth/password-reset/confirm", json!({ "token": second, "password": good })).await;
    assert_eq!(late.status(), 422);
    assert_eq!(late.json::<Value>().await.unwrap()["fields"]["token"], GONE);
    let forged =
        post(&app, "/api/auth/password-reset/confirm", json!({ "token": "x".repeat(43), "password": good }))
            .await;
    assert_eq!(forged.json::<Value>().await.unwrap()["fields"]["token"], GONE);
    app.login("kari@fagfolk.test", ADMIN_PASSWORD).await;

    // Without e-mail on the server: no link is made, and the answer says so.
    let answer = post(&app, "/api/auth/password-reset", json!({ "email": "kari@fagfolk.test" })).await;
    assert_eq!(answer.status(), 202);
    assert_eq!(answer.json::<Value>().await.unwrap(), json!({ "by_email": false }));
    let bad = post(&app, "/api/auth/password-reset", json!({ "email": "kari" })).await;
    assert_eq!(
        bad.json::<Value>().await.unwrap()["fields"]["email"],
        "Skriv e-postadressen du logger inn med."
    );
    app.stop().await;
}

crate::db_tests!(a_link_works_within_its_hour_only);
