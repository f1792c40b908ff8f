//! Security invariants read from where they could break: the database, the answers and
//! the server's own log output.

use reqwest::Method;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{ADMIN_PASSWORD, TestApp, audit_entries};

/// The database keeps only the SHA-256 of a session token: nothing in the sessions table
/// is the token, and a copied hash does not sign anyone in.
async fn session_tokens_are_stored_only_hashed(app: TestApp) {
    let session = app.admin().await;
    let rows: Vec<(Vec<u8>,)> = fagfolk::db_run!(&app.state.db, pool =>
        sqlx::query_as("SELECT token_hash FROM sessions").fetch_all(pool).await)
    .unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].0, Sha256::digest(session.token.as_bytes()).to_vec(), "the stored value is the hash");
    let table = crate::audit_trail::fingerprint(&app.state.db, "sessions").await;
    assert!(!table.contains(&session.token), "the token itself is nowhere in {table}");

    // A leaked hash used as a cookie is worth nothing.
    let leaked: String = rows[0].0.iter().map(|b| format!("{b:02x}")).collect();
    let replay = app
        .client
        .get(app.url("/api/admin/dashboard"))
        .header("cookie", format!("{}={leaked}", crate::helpers::COOKIE))
        .send()
        .await
        .unwrap();
    assert_eq!(replay.status(), 401);
    app.stop().await;
}

/// No answer and no audit entry ever carries a password or its hash.
async fn password_hashes_never_leave_the_database(app: TestApp) {
    let admin = app.admin().await;
    let created = admin
        .send(
            Method::POST,
            "/api/admin/users",
            &json!({ "name": "Ola", "email": "ola@fagfolk.test", "password": "ola sitt hemmelige passord", "role": "editor" }),
        )
        .await;
    let created_text = created.text().await.unwrap();
    let id = serde_json::from_str::<Value>(&created_text).unwrap()["id"].as_str().unwrap().to_owned();
    let reset = json!({ "password": "et nytt hemmelig passord" });
    assert_eq!(
        admin.send(Method::PUT, &format!("/api/admin/users/{id}/password"), &reset).await.status(),
        204
    );
    let login = app
        .client
        .post(app.url("/api/auth/login"))
        .header("x-fagfolk-csrf", "1")
        .json(&json!({ "email": "ola@fagfolk.test", "password": "et nytt hemmelig passord" }))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let mut texts = vec![created_text, login];
    for path in ["/api/admin/users", "/api/auth/session", "/api/admin/audit", "/api/admin/search?q=ola"] {
        texts.push(admin.get(path).await.text().await.unwrap());
    }
    texts.push(format!("{:?}", audit_entries(&app).await));
    for text in &texts {
        for secret in ["$argon2", "password_hash", "hemmelig", ADMIN_PASSWORD] {
            assert!(!text.contains(secret), "{secret} in {text}");
        }
    }
    app.stop().await;
}

crate::db_tests!(session_tokens_are_stored_only_hashed, password_hashes_never_leave_the_database);

/// The real binary at debug log level: sign-ins, a new user and a password change write
/// no password and no hash into the log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn passwords_and_hashes_never_reach_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("server.log");
    let database = format!("sqlite://{}", dir.path().join("log.db").display());
    let env = [
        ("FAGFOLK_ADMIN_EMAIL", "logg@fagfolk.test"),
        ("FAGFOLK_ADMIN_PASSWORD", ADMIN_PASSWORD),
        ("RUST_LOG", "debug"),
    ];
    let server = crate::helpers::Served::start(&database, &[], &env, Some(&log)).await;
    let client = reqwest::Client::new();
    let base = server.url("");
    let sign_in = |password: &'static str| {
        client
            .post(format!("{base}/api/auth/login"))
            .header("x-fagfolk-csrf", "1")
            .json(&json!({ "email": "logg@fagfolk.test", "password": password }))
            .send()
    };
    assert_eq!(sign_in("et feil passord her").await.unwrap().status(), 401);
    let response = sign_in(ADMIN_PASSWORD).await.unwrap();
    assert_eq!(response.status(), 200);
    let cookie = response.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    let created = client
        .post(format!("{base}/api/admin/users"))
        .header("cookie", &cookie)
        .header("x-fagfolk-csrf", "1")
        .json(&json!({ "name": "Ny", "email": "ny@fagfolk.test", "password": "den nye brukerens passord" }))
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    drop(server);
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("innlogget"), "the log was written at debug level: {text}");
    for secret in ["$argon2", ADMIN_PASSWORD, "et feil passord her", "den nye brukerens passord"] {
        assert!(!text.contains(secret), "{secret} in the log");
    }
    assert!(!text.contains(cookie.split_once('=').unwrap().1), "the session token in the log");
}
