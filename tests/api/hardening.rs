//! Replays of the attacks a security review got through (issue 9), against the real
//! server, so that none of them can come back. Each test names the attack it replays.

use std::time::{Duration, Instant};

use fagfolk::auth::throttle::{PER_ACCOUNT_AND_ADDRESS, PER_ADDRESS};
use fagfolk::users::Role;
use reqwest::Method;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{ADMIN_PASSWORD, Backend, COOKIE, TestApp, audit_entries, spawn_app_with};

fn host(app: &TestApp) -> String {
    app.address.trim_start_matches("http://").to_owned()
}

/// Sends `GET <target>` byte for byte (a client library would clean up the path first)
/// and returns the whole answer as text.
async fn raw_get(app: &TestApp, target: &str) -> String {
    let mut stream = TcpStream::connect(host(app)).await.unwrap();
    let request = format!("GET {target} HTTP/1.1\r\nHost: fagfolk.test\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    String::from_utf8_lossy(&answer).into_owned()
}

fn header<'a>(raw: &'a str, name: &str) -> Option<&'a str> {
    raw.split("\r\n\r\n").next().unwrap().lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

async fn login_from(
    app: &TestApp,
    forwarded: Option<&str>,
    email: &str,
    password: &str,
) -> reqwest::Response {
    let mut request = app
        .client
        .post(app.url("/api/auth/login"))
        .header("x-fagfolk-csrf", "1")
        .json(&json!({ "email": email, "password": password }));
    if let Some(forwarded) = forwarded {
        request = request.header("x-forwarded-for", forwarded);
    }
    request.send().await.unwrap()
}

fn contact_form(n: usize) -> Value {
    json!({
        "name": format!("Kunde {n}"),
        "email": format!("kunde{n}@example.no"),
        "phone": "912 34 567",
        "message": "Stikkontakten på kjøkkenet er varm.",
    })
}

async fn contact_from(app: &TestApp, forwarded: Option<&str>, body: &Value) -> reqwest::Response {
    let mut request = app.client.post(app.url("/api/contact")).json(body);
    if let Some(forwarded) = forwarded {
        request = request.header("x-forwarded-for", forwarded);
    }
    request.send().await.unwrap()
}

// 2. Throttle race: 60 simultaneous guesses from one address, the right password among
// them. At most the limit may be checked; the rest are refused before any hashing.
async fn simultaneous_guesses_cannot_get_past_the_limit(app: TestApp) {
    app.create_user("kari@fagfolk.test", ADMIN_PASSWORD, Role::Admin).await;
    let guesses = (0..60).map(|i| {
        let password = if i == 59 { ADMIN_PASSWORD.to_owned() } else { format!("feil gjetning nummer {i}") };
        let app = &app;
        async move { login_from(app, None, "kari@fagfolk.test", &password).await.status().as_u16() }
    });
    let statuses = futures::future::join_all(guesses).await;
    let checked = statuses.iter().filter(|s| **s != 429).count();
    assert!(checked as i64 <= PER_ACCOUNT_AND_ADDRESS, "{checked} guesses were checked: {statuses:?}");
    assert!(statuses.iter().all(|s| matches!(s, 200 | 401 | 429)), "{statuses:?}");
    app.stop().await;
}

// 8. "There is always an active admin" under concurrency: two admins demoting,
// deactivating or deleting each other at the same moment cannot both succeed.
async fn two_admins_removing_each_other_at_once_leave_one(app: TestApp) {
    let mut first = app.admin().await;
    let first_id = session_user_id(&first).await;
    let second_id = app.create_user("andre@fagfolk.test", ADMIN_PASSWORD, Role::Admin).await.to_string();
    let mut second = app.login("andre@fagfolk.test", ADMIN_PASSWORD).await;
    let changes = [
        (Method::PUT, json!({ "role": "editor" })),
        (Method::PUT, json!({ "is_active": false })),
        (Method::PUT, json!({ "role": "editor" })),
        (Method::PUT, json!({ "is_active": false })),
        (Method::DELETE, Value::Null),
    ];
    for (round, (method, body)) in changes.into_iter().enumerate() {
        let at_second = format!("/api/admin/users/{second_id}");
        let at_first = format!("/api/admin/users/{first_id}");
        let (a, b) = tokio::join!(
            first.request(method.clone(), &at_second).json(&body).send(),
            second.request(method.clone(), &at_first).json(&body).send(),
        );
        let (a, b) = (a.unwrap().status().as_u16(), b.unwrap().status().as_u16());
        let admins = active_admins(&app).await;
        assert!(admins >= 1, "round {round} ({method} {body}): {a} and {b} left {admins} active admins");
        assert!(!(a < 300 && b < 300), "round {round}: both succeeded ({a}, {b})");
        if method == Method::DELETE {
            break;
        }
        // Both back to active admins for the next round.
        fagfolk::db_run!(&app.state.db, pool => sqlx::query("UPDATE admin_users SET role = 'admin', is_active = $1")
            .bind(true).execute(pool).await.map(|_| ()))
        .unwrap();
        // The change that won ended its target's sessions (issue #74, finding 9): both
        // sign in again, so the next round is a race again.
        first = app.login("admin@fagfolk.test", ADMIN_PASSWORD).await;
        second = app.login("andre@fagfolk.test", ADMIN_PASSWORD).await;
    }
    app.stop().await;
}

async fn session_user_id(session: &crate::helpers::Session) -> String {
    let me: Value = session.get("/api/auth/session").await.json().await.unwrap();
    me["user"]["id"].as_str().unwrap().to_owned()
}

async fn active_admins(app: &TestApp) -> i64 {
    let (n,): (i64,) = fagfolk::db_run!(&app.state.db, pool => sqlx::query_as(
        "SELECT COUNT(*) FROM admin_users WHERE role = 'admin' AND is_active = $1",
    )
    .bind(true)
    .fetch_one(pool)
    .await)
    .unwrap();
    n
}

// 9. A stolen session cannot take the account over: your own new password needs your
// current one, and guessing it is throttled like a sign-in.
async fn changing_your_own_password_needs_the_current_one(app: TestApp) {
    let admin = app.admin().await;
    let id = session_user_id(&admin).await;
    let path = format!("/api/admin/users/{id}/password");
    let missing = admin.send(Method::PUT, &path, &json!({ "password": "helt nytt og langt passord" })).await;
    assert_eq!(missing.status(), 422);
    let body: Value = missing.json().await.unwrap();
    assert_eq!(body["fields"]["current_password"], "Skriv inn passordet du bruker nå.");

    let wrong = json!({ "password": "helt nytt og langt passord", "current_password": "gjettet feil her" });
    let response = admin.send(Method::PUT, &path, &wrong).await;
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["fields"]["current_password"], "Passordet du bruker nå, er feil.");
    assert!(audit_entries(&app).await.iter().all(|e| e.0 != "password"), "nothing changed");
    for _ in 1..PER_ACCOUNT_AND_ADDRESS {
        assert_eq!(admin.send(Method::PUT, &path, &wrong).await.status(), 422);
    }
    assert_eq!(admin.send(Method::PUT, &path, &wrong).await.status(), 429, "guessing is throttled");
    app.state.clock.advance(chrono::Duration::minutes(16));

    let right = json!({ "password": "helt nytt og langt passord", "current_password": ADMIN_PASSWORD });
    assert_eq!(admin.send(Method::PUT, &path, &right).await.status(), 204);
    app.login("admin@fagfolk.test", "helt nytt og langt passord").await;

    // An admin setting someone else's password is not asked for theirs.
    let editor = app.create_user("ola@fagfolk.test", ADMIN_PASSWORD, Role::Editor).await;
    let reset = json!({ "password": "satt av administrator" });
    assert_eq!(
        admin.send(Method::PUT, &format!("/api/admin/users/{editor}/password"), &reset).await.status(),
        204
    );
    app.login("ola@fagfolk.test", "satt av administrator").await;
    app.stop().await;
}

// 10. A NUL character gave a 500 on PostgreSQL: every database refuses it with a 400.
async fn a_nul_character_is_refused_with_a_clear_400(app: TestApp) {
    let expected = "Teksten inneholder et ugyldig tegn (NUL). Fjern det og prøv igjen.";
    let mut form = contact_form(1);
    form["name"] = json!("Kari\u{0}Nordmann");
    let response = app.post_json("/api/contact", &form).await;
    assert_eq!(response.status(), 400);
    assert_eq!(response.json::<Value>().await.unwrap()["error"], expected);
    let response = login_from(&app, None, "kari\u{0}@fagfolk.test", "passord").await;
    assert_eq!(response.status(), 400);

    let admin = app.admin().await;
    for path in [
        "/api/admin/leads?q=%00",
        "/api/admin/leads?status=Ny%00",
        "/api/admin/leads?source=%00",
        "/api/admin/leads/board?q=ab%00",
        "/api/admin/search?q=ab%00",
        "/api/admin/media?q=%00",
        "/api/admin/services?query=%00",
    ] {
        let response = admin.get(path).await;
        assert_eq!(response.status(), 400, "{path}");
        assert_eq!(response.json::<Value>().await.unwrap()["error"], expected, "{path}");
    }
    let lead =
        admin.send(Method::POST, "/api/admin/leads", &json!({ "name": "A\u{0}", "status": "Ny" })).await;
    assert_eq!(lead.status(), 400);
    let settings = admin.send(Method::PUT, "/api/admin/settings", &json!({ "company_name": "\u{0}" })).await;
    assert_eq!(settings.status(), 400);
    assert_eq!(app.count("leads").await, 0);
    assert_eq!(app.count("contact_submissions").await, 0);
    assert_eq!(admin.get("/media/a%00b.png").await.status(), 404);
    assert_eq!(app.get("/healthz").await.status(), 200, "the server keeps running");
    app.stop().await;
}

// 11. Typos used up the contact limit: only accepted submissions (and robots caught by
// the honeypot) count.
async fn rejected_contact_submissions_do_not_use_up_the_limit(app: TestApp) {
    let mut typo = contact_form(0);
    typo["email"] = json!("kari@");
    for _ in 0..8 {
        assert_eq!(app.post_json("/api/contact", &typo).await.status(), 422);
    }
    assert_eq!(app.post_json("/api/contact", &contact_form(1)).await.status(), 201);
    let mut robot = contact_form(2);
    robot["website"] = json!("https://spam.example");
    for _ in 0..4 {
        assert_eq!(app.post_json("/api/contact", &robot).await.status(), 400);
    }
    assert_eq!(app.post_json("/api/contact", &contact_form(3)).await.status(), 429, "honeypot hits count");
    assert_eq!(app.count("contact_submissions").await, 1);
    app.stop().await;
}

// 6. Answers for a signed-in user must not be stored by browsers or proxies.
async fn authenticated_answers_are_never_cached(app: TestApp) {
    app.create_user("kari@fagfolk.test", ADMIN_PASSWORD, Role::Admin).await;
    let login = login_from(&app, None, "kari@fagfolk.test", ADMIN_PASSWORD).await;
    assert_eq!(login.status(), 200);
    assert_eq!(login.headers()["cache-control"], "no-store", "the answer that sets the cookie");
    let session = app.login("kari@fagfolk.test", ADMIN_PASSWORD).await;
    for path in ["/api/auth/session", "/api/admin/dashboard", "/api/admin/leads", "/api/admin/users"] {
        let response = session.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-store", "{path}");
    }
    assert_eq!(app.get("/api/admin/leads").await.headers()["cache-control"], "no-store", "also refusals");
    let shell = app.get("/admin/leads").await;
    assert_eq!(shell.headers()["cache-control"], "no-store", "the admin app's HTML");
    let home = app.get("/").await;
    assert_eq!(home.headers()["cache-control"], "no-cache");
    assert!(home.headers().contains_key("etag"), "public pages keep their ETag");
    app.stop().await;
}

// 4. Open redirect: a redirect never leaves the site.
async fn redirects_never_leave_the_site(app: TestApp) {
    for (target, location) in [
        ("//evil.example/", "/evil.example"),
        ("///evil.example//", "/evil.example"),
        ("/\\evil.example/", "/evil.example"),
        ("/\\/evil.example/", "/evil.example"),
        ("/kontakt/", "/kontakt"),
    ] {
        let answer = raw_get(&app, target).await;
        assert!(answer.starts_with("HTTP/1.1 308"), "{target}: {answer}");
        assert_eq!(header(&answer, "location"), Some(location), "{target}");
    }
    app.stop().await;
}

// 12. Smaller ones: request ids, the page manifest, e-mail checks, the cookie prefix.
async fn a_client_request_id_is_kept_only_when_it_is_a_short_safe_token(app: TestApp) {
    let echoed =
        app.client.get(app.url("/healthz")).header("x-request-id", "kunde-42.a_b").send().await.unwrap();
    assert_eq!(echoed.headers()["x-request-id"], "kunde-42.a_b");
    for unsafe_id in ["linje\tmed tab", "\"}{\"level\":\"ERROR\"", &"a".repeat(65)] {
        let response =
            app.client.get(app.url("/healthz")).header("x-request-id", unsafe_id).send().await.unwrap();
        let id = response.headers()["x-request-id"].to_str().unwrap();
        assert!(uuid::Uuid::parse_str(id).is_ok(), "{unsafe_id:?} became {id:?}");
    }
    app.stop().await;
}

async fn the_page_manifest_is_not_served_by_any_spelling(app: TestApp) {
    for target in [
        "/_pages\\manifest.json",
        "/_pages/manifest.json",
        "/\\_pages\\manifest.json",
        "/_ssr/entry-server.js",
        "/_ssr\\entry-server.js",
        "/.vite/manifest.json",
    ] {
        let answer = raw_get(&app, target).await;
        assert!(!answer.starts_with("HTTP/1.1 200"), "{target}: {answer}");
        assert!(!answer.contains("\"font_preload\"") && !answer.contains("publicRoutes"), "{target}");
    }
    app.stop().await;
}

async fn every_email_is_checked_the_same_way(app: TestApp) {
    let admin = app.admin().await;
    let user = json!({ "name": "A", "email": "a@b", "password": "lang nok setning her" });
    let response = admin.send(Method::POST, "/api/admin/users", &user).await;
    assert_eq!(response.status(), 422);
    assert_eq!(response.json::<Value>().await.unwrap()["fields"]["email"], "Skriv en gyldig e-postadresse.");
    let login = login_from(&app, None, "a@b", "lang nok setning her").await;
    assert_eq!(login.status(), 422);
    let settings = admin.send(Method::PUT, "/api/admin/settings", &json!({ "email": "a@b" })).await;
    assert_eq!(settings.status(), 422);
    let mut form = contact_form(1);
    form["email"] = json!("a@b");
    assert_eq!(app.post_json("/api/contact", &form).await.status(), 422);
    assert_eq!(app.count("admin_users").await, 1);
    app.stop().await;
}

async fn on_https_the_session_cookie_has_the_host_prefix(app: TestApp) {
    app.create_user("kari@fagfolk.test", ADMIN_PASSWORD, Role::Admin).await;
    let response = login_from(&app, None, "kari@fagfolk.test", ADMIN_PASSWORD).await;
    let cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.starts_with(&format!("{COOKIE}=")), "{cookie}");
    assert!(
        cookie.contains("; Secure") && cookie.contains("; Path=/;") && !cookie.contains("Domain"),
        "{cookie}"
    );
    // The same token under the unprefixed name (as plain HTTP could plant it) is ignored.
    let token = cookie.split(';').next().unwrap().split_once('=').unwrap().1;
    let planted = app
        .client
        .get(app.url("/api/admin/dashboard"))
        .header("cookie", format!("fagfolk_session={token}"))
        .send()
        .await
        .unwrap();
    assert_eq!(planted.status(), 401);
    app.stop().await;
}

mod direct {
    use super::*;
    crate::db_tests!(
        simultaneous_guesses_cannot_get_past_the_limit,
        two_admins_removing_each_other_at_once_leave_one,
        changing_your_own_password_needs_the_current_one,
        a_nul_character_is_refused_with_a_clear_400,
        rejected_contact_submissions_do_not_use_up_the_limit,
        authenticated_answers_are_never_cached,
        redirects_never_leave_the_site,
        a_client_request_id_is_kept_only_when_it_is_a_short_safe_token,
        the_page_manifest_is_not_served_by_any_spelling,
        every_email_is_checked_the_same_way,
        on_https_the_session_cookie_has_the_host_prefix,
        forwarded_addresses_are_ignored_unless_a_proxy_is_trusted,
    );
}

// 3. Anyone could lock out a known account: strangers' failures count against their own
// addresses only, so the owner signs in from theirs however often strangers try.
async fn strangers_cannot_lock_a_colleague_out(app: TestApp) {
    app.create_user("kari@fagfolk.test", ADMIN_PASSWORD, Role::Admin).await;
    for round in 1..=3 {
        let stranger = format!("198.51.100.{round}");
        for _ in 0..PER_ACCOUNT_AND_ADDRESS {
            let response = login_from(&app, Some(&stranger), "kari@fagfolk.test", "feil passord her").await;
            assert_eq!(response.status(), 401);
        }
        let blocked = login_from(&app, Some(&stranger), "kari@fagfolk.test", ADMIN_PASSWORD).await;
        assert_eq!(blocked.status(), 429, "round {round}: the stranger's address is throttled");
        let owner = login_from(&app, Some("203.0.113.9"), "kari@fagfolk.test", ADMIN_PASSWORD).await;
        assert_eq!(owner.status(), 200, "round {round}: the owner still signs in");
    }
    app.stop().await;
}

// 7. Behind a proxy the client wrote the left of X-Forwarded-For itself; only the entry
// the trusted proxy added counts, for the login throttle and the contact limit alike.
async fn a_spoofed_forwarded_list_does_not_lift_the_limits(app: TestApp) {
    app.create_user("kari@fagfolk.test", ADMIN_PASSWORD, Role::Admin).await;
    for i in 0..PER_ACCOUNT_AND_ADDRESS {
        let spoofed = format!("10.{i}.0.1, 198.51.100.7");
        assert_eq!(
            login_from(&app, Some(&spoofed), "kari@fagfolk.test", "feil passord her").await.status(),
            401
        );
    }
    let response =
        login_from(&app, Some("10.99.0.1, 198.51.100.7"), "kari@fagfolk.test", ADMIN_PASSWORD).await;
    assert_eq!(response.status(), 429);

    // FAGFOLK_CONTACT_LIMIT is 2 in this app.
    for i in 0..2 {
        let spoofed = format!("10.{i}.0.1, 198.51.100.8");
        assert_eq!(contact_from(&app, Some(&spoofed), &contact_form(i)).await.status(), 201);
    }
    let third = contact_from(&app, Some("10.50.0.1, 198.51.100.8"), &contact_form(3)).await;
    assert_eq!(third.status(), 429);
    assert_eq!(
        contact_from(&app, Some("198.51.100.9"), &contact_form(4)).await.status(),
        201,
        "another client"
    );
    app.stop().await;
}

// 12. An IPv6 client picks any address in its /64: the contact limit counts the /64.
async fn ipv6_clients_share_the_contact_limit_of_their_64(app: TestApp) {
    for (i, address) in ["2001:db8:5:6::1", "2001:db8:5:6:ffff::2"].into_iter().enumerate() {
        assert_eq!(contact_from(&app, Some(address), &contact_form(i)).await.status(), 201);
    }
    let same_network = contact_from(&app, Some("2001:db8:5:6:1234::3"), &contact_form(2)).await;
    assert_eq!(same_network.status(), 429);
    assert_eq!(contact_from(&app, Some("2001:db8:5:7::1"), &contact_form(3)).await.status(), 201);
    app.stop().await;
}

async fn many_failures_from_one_address_are_throttled_whatever_the_account(app: TestApp) {
    app.create_user("kari@fagfolk.test", ADMIN_PASSWORD, Role::Admin).await;
    let address = Some("198.51.100.20");
    for i in 0..PER_ADDRESS {
        let response = login_from(&app, address, &format!("gjett{i}@fagfolk.test"), "feil passord her").await;
        assert_eq!(response.status(), 401);
    }
    assert_eq!(login_from(&app, address, "kari@fagfolk.test", ADMIN_PASSWORD).await.status(), 429);
    assert_eq!(
        login_from(&app, Some("198.51.100.21"), "kari@fagfolk.test", ADMIN_PASSWORD).await.status(),
        200
    );
    app.stop().await;
}

const BEHIND_PROXY: &[(&str, &str)] = &[("FAGFOLK_TRUST_PROXY", "true"), ("FAGFOLK_CONTACT_LIMIT", "2")];

mod behind_proxy {
    use super::*;
    crate::db_tests_with!(
        super::BEHIND_PROXY;
        strangers_cannot_lock_a_colleague_out,
        a_spoofed_forwarded_list_does_not_lift_the_limits,
        ipv6_clients_share_the_contact_limit_of_their_64,
        many_failures_from_one_address_are_throttled_whatever_the_account,
        an_unknown_email_takes_as_long_as_a_wrong_password,
    );
}

// 7. Without FAGFOLK_TRUST_PROXY the header is the client's own words and is ignored.
async fn forwarded_addresses_are_ignored_unless_a_proxy_is_trusted(app: TestApp) {
    app.create_user("kari@fagfolk.test", ADMIN_PASSWORD, Role::Admin).await;
    for i in 0..PER_ACCOUNT_AND_ADDRESS {
        let forwarded = format!("198.51.100.{i}");
        assert_eq!(
            login_from(&app, Some(&forwarded), "kari@fagfolk.test", "feil passord her").await.status(),
            401
        );
    }
    let response = login_from(&app, Some("198.51.100.200"), "kari@fagfolk.test", ADMIN_PASSWORD).await;
    assert_eq!(response.status(), 429, "every attempt came from the same peer");
    app.stop().await;
}

// 5. Slow clients: a connection that never finishes its headers is cut off after about
// 10 s, and while 1000 of them hang on, normal visitors are served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_that_never_finish_their_headers_are_cut_off_and_others_are_served() {
    let app = crate::helpers::spawn_app(Backend::Sqlite).await;
    let mut slow = Vec::new();
    for _ in 0..1000 {
        let mut stream = TcpStream::connect(host(&app)).await.unwrap();
        stream.write_all(b"GET / HTTP/1.1\r\nHost: fagfolk.test\r\nX-Slow: ").await.unwrap();
        slow.push(stream);
    }
    let started = Instant::now();
    let visitor = reqwest::Client::new();
    for path in ["/", "/kontakt", "/api/services", "/healthz"] {
        let asked = Instant::now();
        let response = visitor.get(app.url(path)).timeout(Duration::from_secs(5)).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert!(asked.elapsed() < Duration::from_secs(2), "{path} took {:?}", asked.elapsed());
    }
    tokio::time::sleep(Duration::from_secs(5).saturating_sub(started.elapsed())).await;
    assert!(is_open(&mut slow[0]).await, "still inside the 10 s allowance after 5 s");
    tokio::time::sleep(Duration::from_secs(13).saturating_sub(started.elapsed())).await;
    let mut still_open = 0;
    for stream in &mut slow {
        if is_open(stream).await {
            still_open += 1;
        }
    }
    assert_eq!(still_open, 0, "of 1000 slow clients, {still_open} were still connected after 13 s");
    app.stop().await;
}

/// Whether the server still holds the connection (no end of stream, no reset).
async fn is_open(stream: &mut TcpStream) -> bool {
    let mut byte = [0u8; 64];
    match tokio::time::timeout(Duration::from_millis(20), stream.read(&mut byte)).await {
        Err(_) => true,
        Ok(Ok(0) | Err(_)) => false,
        Ok(Ok(_)) => false,
    }
}

// 5. The connection cap: past FAGFOLK_MAX_CONNECTIONS new connections wait, and are
// served as soon as the header timeout has cut the idle ones off.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_past_the_cap_wait_until_idle_ones_are_cut_off() {
    let app = spawn_app_with(
        Backend::Sqlite,
        &[("FAGFOLK_MAX_CONNECTIONS", "16"), ("FAGFOLK_HEADER_TIMEOUT_SECS", "2")],
    )
    .await;
    let mut idle = Vec::new();
    for _ in 0..16 {
        idle.push(TcpStream::connect(host(&app)).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let visitor = reqwest::Client::new();
    let waited = visitor.get(app.url("/healthz")).timeout(Duration::from_millis(800)).send().await;
    assert!(waited.is_err(), "the 17th connection is not served while 16 are open");
    let served = visitor.get(app.url("/healthz")).timeout(Duration::from_secs(6)).send().await.unwrap();
    assert_eq!(served.status(), 200, "served once the idle ones were cut off");
    drop(idle);
    app.stop().await;
}

// 1. Memory exhaustion through the login form: 200 simultaneous sign-ins for unknown
// e-mails (from 200 addresses, so the throttle does not hide the hashing) against the real
// binary. Password checks queue for one slot per core: the process stays under 150 MB at
// its peak, every answer is a refusal (401) or "busy" (503), and /healthz keeps answering.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_burst_of_200_sign_ins_stays_under_150_mb_and_health_keeps_answering() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("burst.db").display());
    let server =
        crate::helpers::Served::start(&database, &[], &[("FAGFOLK_TRUST_PROXY", "true")], None).await;
    let client = reqwest::Client::new();
    let base = server.url("");

    let burst_done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let health = tokio::spawn({
        let (client, base, done) = (client.clone(), base.clone(), burst_done.clone());
        async move {
            let mut slowest = Duration::ZERO;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                let asked = Instant::now();
                let response =
                    client.get(format!("{base}/healthz")).timeout(Duration::from_secs(5)).send().await;
                assert_eq!(
                    response.map(|r| r.status().as_u16()).ok(),
                    Some(200),
                    "/healthz during the burst"
                );
                slowest = slowest.max(asked.elapsed());
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            slowest
        }
    });
    let logins = (0..200).map(|i| {
        let (client, base) = (client.clone(), base.clone());
        async move {
            client
                .post(format!("{base}/api/auth/login"))
                .header("x-fagfolk-csrf", "1")
                .header("x-forwarded-for", format!("10.1.{}.{}", i / 200, i % 200 + 1))
                .json(&json!({ "email": format!("ukjent{i}@fagfolk.test"), "password": "gjetter i vei her" }))
                .send()
                .await
                .map(|r| r.status().as_u16())
        }
    });
    let statuses = futures::future::join_all(logins).await;
    burst_done.store(true, std::sync::atomic::Ordering::Relaxed);
    let slowest_health = health.await.unwrap();
    let peak_kb = crate::helpers::proc_status_kb(server.pid(), "VmHWM");
    drop(server);

    let statuses: Vec<u16> = statuses.into_iter().map(|s| s.expect("every sign-in is answered")).collect();
    assert!(statuses.iter().all(|s| matches!(s, 401 | 503)), "{statuses:?}");
    assert!(statuses.contains(&401), "the queue works through sign-ins: {statuses:?}");
    assert!(peak_kb < 150 * 1024, "peak resident memory {} MB", peak_kb / 1024);
    assert!(slowest_health < Duration::from_secs(2), "/healthz took {slowest_health:?}");
}

// 1. No user enumeration by timing: an unknown e-mail is checked against a dummy hash in
// the same queue, so it takes about as long as a wrong password for a real account.
async fn an_unknown_email_takes_as_long_as_a_wrong_password(app: TestApp) {
    app.create_user("kari@fagfolk.test", ADMIN_PASSWORD, Role::Admin).await;
    let mut known = Vec::new();
    let mut unknown = Vec::new();
    // The fastest of each is the sign-in's own cost: other work on the machine only ever
    // adds time. Under load even six tries of one kind can all be slowed (a run beside a
    // build and stress-ng saw 126 ms against 25 ms), so the tries go on, up to 40 rounds,
    // until the two fastest agree within a factor of three. A path that skipped the hash
    // would never get there: its fastest would stay ~1 ms against ~20 ms.
    let within = |known: &[Duration], unknown: &[Duration]| {
        let (known, unknown) = (known.iter().min().copied().unwrap(), unknown.iter().min().copied().unwrap());
        (unknown * 3 > known && known * 3 > unknown, known, unknown)
    };
    for round in 0..40 {
        for (email, times) in [("kari@fagfolk.test", &mut known), ("ingen@fagfolk.test", &mut unknown)] {
            let forwarded = format!("198.51.100.{round}");
            let asked = Instant::now();
            assert_eq!(login_from(&app, Some(&forwarded), email, "feil passord her").await.status(), 401);
            times.push(asked.elapsed());
        }
        if round >= 5 && within(&known, &unknown).0 {
            break;
        }
    }
    let (agree, known, unknown) = within(&known, &unknown);
    assert!(agree, "wrong password {known:?}, unknown e-mail {unknown:?}");
    app.stop().await;
}
