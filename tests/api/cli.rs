//! The `fagfolk` command line, run as the real binary: `migrate`, `admin create`,
//! `serve --demo`, `backup`, `restore`, `media copy` and `openapi`, on SQLite and PostgreSQL.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use fagfolk::db::Db;
use fagfolk::db_run;
use serde_json::{Value, json};

use crate::helpers::{Served, create_pg_database, drop_pg_database};

/// Runs `fagfolk <args>` against `database`, with `stdin` as its input.
fn fagfolk(database: &str, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fagfolk"))
        .args(args)
        .env("DATABASE_URL", database)
        .env("RUST_LOG", "error")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the fagfolk binary starts");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `migrate` builds the schema; `admin create` adds users with the password policy and
/// refuses a taken e-mail; the user it made can sign in to a server on that database.
async fn migrate_and_admin_create(database: &str) {
    let migrated = fagfolk(database, &["migrate"], "");
    assert!(migrated.status.success(), "migrate: {}", text(&migrated.stderr));
    let db = Db::connect(database).await.unwrap();
    let (users,): (i64,) =
        db_run!(&db, pool => sqlx::query_as("SELECT COUNT(*) FROM admin_users").fetch_one(pool).await)
            .unwrap();
    assert_eq!(users, 0, "the schema is there, and empty");

    let create = [
        "admin",
        "create",
        "--email",
        " Siri@Fagfolk.test ",
        "--name",
        "Siri",
        "--role",
        "editor",
        "--password-stdin",
    ];
    let weak = fagfolk(database, &create, "kort\n");
    assert!(!weak.status.success());
    assert!(text(&weak.stderr).contains("Passordet må ha minst 12 tegn."), "{}", text(&weak.stderr));

    let made = fagfolk(database, &create, "siri har et langt passord\n");
    assert!(made.status.success(), "{}", text(&made.stderr));
    assert!(
        text(&made.stdout).starts_with("Opprettet siri@fagfolk.test (editor) med id "),
        "{}",
        text(&made.stdout)
    );
    let again = fagfolk(database, &create, "siri har et langt passord\n");
    assert!(!again.status.success());
    assert!(text(&again.stderr).contains("finnes allerede"), "{}", text(&again.stderr));
    let bad_role =
        fagfolk(database, &["admin", "create", "--email", "a@fagfolk.test", "--role", "sjef"], "x\n");
    assert!(text(&bad_role.stderr).contains("--role: bruk admin, editor eller montor"));

    let (role, hash): (String, String) = db_run!(&db, pool => sqlx::query_as(
        "SELECT role, password_hash FROM admin_users WHERE email = 'siri@fagfolk.test'",
    )
    .fetch_one(pool)
    .await)
    .unwrap();
    assert_eq!(role, "editor");
    assert!(hash.starts_with("$argon2id$"));
    db.close().await;

    let server = Served::start(database, &[], &[], None).await;
    let login = reqwest::Client::new()
        .post(server.url("/api/auth/login"))
        .header("x-fagfolk-csrf", "1")
        .json(&json!({ "email": "siri@fagfolk.test", "password": "siri har et langt passord" }))
        .send()
        .await
        .unwrap();
    assert_eq!(login.status(), 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_and_admin_create_work_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    migrate_and_admin_create(&format!("sqlite://{}", dir.path().join("cli.db").display())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_and_admin_create_work_on_postgres() {
    let (url, name) = create_pg_database().await;
    migrate_and_admin_create(&url).await;
    drop_pg_database(&name).await;
}

/// `serve --demo` gives the demo admin and 36 sample leads over every status, once: a
/// second start adds none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_demo_seeds_a_demo_admin_and_sample_leads_once() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("demo.db").display());
    let client = reqwest::Client::new();
    for start in 0..2 {
        let server = Served::start(&database, &["--demo"], &[], None).await;
        let login = client
            .post(server.url("/api/auth/login"))
            .header("x-fagfolk-csrf", "1")
            .json(&json!({ "email": fagfolk::leads::demo::DEMO_EMAIL, "password": fagfolk::leads::demo::DEMO_PASSWORD }))
            .send()
            .await
            .unwrap();
        assert_eq!(login.status(), 200, "start {start}");
        let cookie = login.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
        let board: Value = client
            .get(server.url("/api/admin/leads/board"))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let columns = board.as_array().unwrap();
        let total: i64 = columns.iter().map(|c| c["total"].as_i64().unwrap()).sum();
        assert_eq!(total, 36, "start {start}: {board}");
        // Last month's hours, for "Månedens timer" to open on: every weekday but one, with
        // overtime and a Saturday (#75).
        use chrono::Datelike;
        let today = fagfolk_data::oslo::day_of(chrono::Utc::now());
        let last = today.with_day(1).unwrap() - chrono::Duration::days(1);
        let month: Value = client
            .get(server.url(&format!("/api/admin/time/month?month={}", last.format("%Y-%m"))))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let people = month["people"].as_array().unwrap();
        assert_eq!(people.len(), 1, "{month}");
        let montor = &people[0];
        assert_eq!(montor["name"], "Demo Montør");
        assert!(
            montor["overtime"].as_i64().unwrap() > 0 && montor["weekend"].as_i64().unwrap() >= 240,
            "{month}"
        );
        // The third Wednesday (unless it is a holiday, as 17 May can be).
        assert!(montor["days_without"].as_array().unwrap().len() <= 1, "{month}");
        assert!(montor["minutes"].as_i64().unwrap() >= 15 * 450, "{month}");
        assert!(columns.iter().all(|c| c["total"].as_i64().unwrap() > 0), "every status has leads");
        // The demo montør sees their three jobs, and nothing of the office's.
        let montor = client
            .post(server.url("/api/auth/login"))
            .header("x-fagfolk-csrf", "1")
            .json(&json!({ "email": fagfolk::leads::demo::DEMO_MONTOR_EMAIL, "password": fagfolk::leads::demo::DEMO_PASSWORD }))
            .send()
            .await
            .unwrap();
        assert_eq!(montor.status(), 200, "start {start}");
        let cookie = montor.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
        let today: Value = client
            .get(server.url("/api/admin/work/today"))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        // Three jobs, the third done (its page shows the invoice basis): two on the day.
        assert_eq!(today["jobs"].as_array().unwrap().len(), 2, "start {start}: {today}");
        let leads =
            client.get(server.url("/api/admin/leads")).header("cookie", &cookie).send().await.unwrap();
        assert_eq!(leads.status(), 403);
    }
}

/// `backup` writes a copy a server can start on (SQLite) or that `pg_restore` reads
/// (PostgreSQL), and refuses to overwrite a file.
async fn backup_writes_a_usable_copy(database: &str, pg: bool) {
    let migrated = fagfolk(
        database,
        &["admin", "create", "--email", "kopi@fagfolk.test", "--password-stdin"],
        "kopiens lange passord\n",
    );
    assert!(migrated.status.success(), "{}", text(&migrated.stderr));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kopi.backup");
    let file_arg = file.to_str().unwrap();
    let taken = fagfolk(database, &["backup", file_arg], "");
    assert!(taken.status.success(), "{}", text(&taken.stderr));
    assert!(text(&taken.stdout).contains("Sikkerhetskopi skrevet til"));
    let twice = fagfolk(database, &["backup", file_arg], "");
    assert!(!twice.status.success());
    assert!(text(&twice.stderr).contains("finnes allerede"));

    if pg {
        let listed = Command::new("pg_restore").arg("--list").arg(&file).output().unwrap();
        assert!(listed.status.success());
        assert!(text(&listed.stdout).contains("TABLE DATA public admin_users"), "{}", text(&listed.stdout));
    } else {
        let copy = Db::connect(&format!("sqlite://{}", file.display())).await.unwrap();
        let (email,): (String,) =
            db_run!(&copy, pool => sqlx::query_as("SELECT email FROM admin_users").fetch_one(pool).await)
                .unwrap();
        assert_eq!(email, "kopi@fagfolk.test");
        copy.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_writes_a_usable_copy_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    backup_writes_a_usable_copy(&format!("sqlite://{}", dir.path().join("b.db").display()), false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_writes_a_usable_copy_on_postgres() {
    let (url, name) = create_pg_database().await;
    backup_writes_a_usable_copy(&url, true).await;
    drop_pg_database(&name).await;
}

/// Runs `fagfolk <args>` against `database` with `env` on top.
fn fagfolk_with(database: &str, args: &[&str], env: &[(String, String)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fagfolk"))
        .args(args)
        .env("DATABASE_URL", database)
        .env("RUST_LOG", "error")
        .envs(env.iter().map(|(key, value)| (key.as_str(), value.as_str())))
        .output()
        .expect("the fagfolk binary starts")
}

/// The restore drill of docs/DEPLOY.md: a nightly `backup` straight into a bucket
/// (named by the time), then `restore` of that copy into a new database, which holds
/// what the site held and serves it. A restore never writes over a database that has
/// data, and a file that is no backup is refused with nothing written.
async fn backup_to_a_bucket_and_restore(database: &str, restored: &str) {
    let Some(s3) = crate::helpers::s3_env().await else { return };
    let bucket = s3.iter().find(|(key, _)| key == "FAGFOLK_STORAGE").unwrap().1.replace("/media", "");
    let options: Vec<(String, String)> =
        s3.iter().filter(|(key, _)| key.starts_with("AWS_")).cloned().collect();
    let client = reqwest::Client::new();
    let leads_before = {
        let server = Served::start(database, &["--demo"], &[], None).await;
        let cookie = demo_cookie(&client, &server).await;
        let leads = client.get(server.url("/api/admin/leads?per_page=100")).header("cookie", &cookie);
        leads.send().await.unwrap().json::<Value>().await.unwrap()
    };

    let taken = fagfolk_with(database, &["backup", &format!("{bucket}/natt/")], &options);
    assert!(taken.status.success(), "{}", text(&taken.stderr));
    let address = text(&taken.stdout).trim().rsplit(' ').next().unwrap().to_owned();
    assert!(address.starts_with(&format!("{bucket}/natt/fagfolk-")), "{address}");
    let again = fagfolk_with(database, &["backup", &address], &options);
    assert!(text(&again.stderr).contains("finnes allerede"), "{}", text(&again.stderr));

    let back = fagfolk_with(restored, &["restore", &address], &options);
    assert!(back.status.success(), "{}", text(&back.stderr));
    let report = text(&back.stdout);
    assert!(report.contains(&format!("leads: {}", leads_before["total"])), "{report}");
    // The demo's office user and its montør.
    assert!(report.contains("admin_users: 2") && report.contains("Siste endring i kopien: "), "{report}");
    let twice = fagfolk_with(restored, &["restore", &address], &options);
    assert!(!twice.status.success(), "a restore over a database with data is refused");
    assert!(
        text(&twice.stderr).contains("finnes allerede") || text(&twice.stderr).contains("tabeller fra før")
    );

    let server = Served::start(restored, &[], &[], None).await;
    let cookie = demo_cookie(&client, &server).await;
    let leads = client.get(server.url("/api/admin/leads?per_page=100")).header("cookie", &cookie);
    let leads_after = leads.send().await.unwrap().json::<Value>().await.unwrap();
    assert_eq!(leads_after["items"], leads_before["items"], "every lead, as it was");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_to_a_bucket_and_restore_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("nett.db").display());
    let restored = format!("sqlite://{}", dir.path().join("ny/gjenopprettet.db").display());
    backup_to_a_bucket_and_restore(&database, &restored).await;

    // Not a backup: refused, and no database file is left behind.
    let junk = dir.path().join("ikke-en-kopi.db");
    std::fs::write(&junk, "dette er ingen database").unwrap();
    let target = dir.path().join("tom.db");
    let refused =
        fagfolk(&format!("sqlite://{}", target.display()), &["restore", junk.to_str().unwrap()], "");
    assert!(!refused.status.success());
    assert!(text(&refused.stderr).contains("ikke en SQLite-database"), "{}", text(&refused.stderr));
    assert!(!target.exists(), "nothing written");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_to_a_bucket_and_restore_on_postgres() {
    let (database, name) = create_pg_database().await;
    let (restored, restored_name) = create_pg_database().await;
    backup_to_a_bucket_and_restore(&database, &restored).await;
    drop_pg_database(&name).await;
    drop_pg_database(&restored_name).await;
}

#[test]
fn openapi_prints_the_document() {
    let printed = fagfolk("sqlite://unused.db", &["openapi"], "");
    assert!(printed.status.success());
    let doc: Value = serde_json::from_slice(&printed.stdout).unwrap();
    assert_eq!(doc["info"]["title"], "Fagfolk API");
    assert!(doc["paths"]["/api/contact"]["post"].is_object());
    assert!(!std::path::Path::new("unused.db").exists(), "printing the document touches no database");
}

/// `media copy --to s3://...` moves a media folder into a bucket, every file once; run
/// again it copies nothing more and still checks the count.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn media_copy_moves_a_folder_into_a_bucket() {
    let Some(env) = crate::helpers::s3_env().await else { return };
    let bucket = env.iter().find(|(key, _)| key == "FAGFOLK_STORAGE").unwrap().1.clone();
    let options: Vec<(String, String)> =
        env.iter().filter(|(key, _)| key.starts_with("AWS_")).cloned().collect();
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("media");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("1795396201236-bad.png"), b"et bilde").unwrap();
    std::fs::write(folder.join("1795396201236-bad_480w.webp"), b"en variant").unwrap();
    // A folder inside (a copy restored by hand, say) keeps its place in the bucket.
    std::fs::create_dir_all(folder.join("gammelt/2025")).unwrap();
    std::fs::write(folder.join("gammelt/2025/tak.jpg"), b"i en undermappe").unwrap();
    let database = format!("sqlite://{}", dir.path().join("m.db").display());

    let copy = || {
        Command::new(env!("CARGO_BIN_EXE_fagfolk"))
            .args(["media", "copy", "--to", &bucket])
            .env("DATABASE_URL", &database)
            .env("FAGFOLK_STORAGE", &folder)
            .envs(options.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .output()
            .unwrap()
    };
    let first = copy();
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(text(&first.stdout).contains("Kopierte 3 filer"), "{}", text(&first.stdout));
    let again = copy();
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert!(text(&again.stdout).contains("Kopierte 0 filer"), "{}", text(&again.stdout));
    assert!(text(&again.stdout).contains("3 fantes der fra før"), "{}", text(&again.stdout));

    let copied = fagfolk::media::storage::Storage::open(&bucket, &options).unwrap();
    assert_eq!(
        copied.keys().await.unwrap(),
        ["1795396201236-bad.png", "1795396201236-bad_480w.webp", "gammelt/2025/tak.jpg"]
    );
    assert_eq!(&copied.get("1795396201236-bad.png").await.unwrap()[..], b"et bilde");
    assert_eq!(&copied.get("gammelt/2025/tak.jpg").await.unwrap()[..], b"i en undermappe");
}

/// Signs in as the demo admin on `server` and answers the cookie.
async fn demo_cookie(client: &reqwest::Client, server: &Served) -> String {
    let login = client
        .post(server.url("/api/auth/login"))
        .header("x-fagfolk-csrf", "1")
        .json(
            &json!({ "email": fagfolk::leads::demo::DEMO_EMAIL, "password": fagfolk::leads::demo::DEMO_PASSWORD }),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(login.status(), 200);
    login.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned()
}

/// `migrate-db --to postgres://...` moves a SQLite site (the demo data with a note, a
/// duplicate and an audit log) into an empty PostgreSQL database, where a server then
/// shows the same leads; a second run into that database is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_db_moves_a_sqlite_site_to_postgres() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = format!("sqlite://{}", dir.path().join("flytt.db").display());
    let client = reqwest::Client::new();
    let (leads_before, lead_before, timeline_before, visits_before) = {
        let server = Served::start(&sqlite, &["--demo"], &[], None).await;
        let cookie = demo_cookie(&client, &server).await;
        let send = |method: reqwest::Method, path: &str, body: Value| {
            client
                .request(method, server.url(path))
                .header("cookie", &cookie)
                .header("x-fagfolk-csrf", "1")
                .json(&body)
                .send()
        };
        let page = crate::helpers::served_json(&client, server.url("/api/admin/leads"), &cookie).await;
        let first = page["items"][0].clone();
        let id = first["id"].as_str().unwrap().to_owned();
        send(
            reqwest::Method::POST,
            &format!("/api/admin/leads/{id}/notes"),
            json!({ "body": "Flyttes med." }),
        )
        .await
        .unwrap();
        let twin = json!({ "name": "Samme Kunde", "phone": first["phone"], "follow_up": "2030-01-02" });
        let twin: Value =
            send(reqwest::Method::POST, "/api/admin/leads", twin).await.unwrap().json().await.unwrap();
        assert_eq!(twin["duplicate_of"], first["id"]);
        let get = |path: String| {
            let request = client.get(server.url(&path)).header("cookie", &cookie);
            async move { request.send().await.unwrap().json::<Value>().await.unwrap() }
        };
        let twin_id = twin["id"].as_str().unwrap();
        let me = get("/api/auth/session".to_owned()).await;
        let visit = json!({ "day": crate::helpers::oslo_day(30), "start": "09:00", "minutes": 60, "staff_id": me["user"]["id"], "note": "Flyttes med." });
        let booked =
            send(reqwest::Method::POST, &format!("/api/admin/leads/{id}/visits"), visit).await.unwrap();
        assert_eq!(booked.status(), 201);
        let feed = send(reqwest::Method::POST, "/api/admin/calendar-feeds", json!({ "scope": "own" }))
            .await
            .unwrap();
        assert_eq!(feed.status(), 201);
        let leads = get("/api/admin/leads?per_page=200".to_owned()).await;
        (
            leads,
            get(format!("/api/admin/leads/{twin_id}")).await,
            get(format!("/api/admin/leads/{id}/timeline")).await,
            get(format!("/api/admin/leads/{id}/visits")).await,
        )
    };

    let (pg_url, pg_name) = create_pg_database().await;
    let moved = fagfolk(&sqlite, &["migrate-db", "--to", &pg_url], "");
    assert!(moved.status.success(), "{}", text(&moved.stderr));
    let out = text(&moved.stdout);
    assert!(out.contains("leads: 37\n") && out.contains("lead_notes: 1\n"), "{out}");
    assert!(out.contains("visits: 1\n") && out.contains("calendar_feeds: 1\n"), "{out}");
    // The demo's change order: a quote that names a job, written before the jobs are
    // (quotes.job_id is checked at commit on PostgreSQL).
    assert!(out.contains("quotes: 1\n") && out.contains("jobs: 8\n"), "{out}");
    // The demo's money: four invoices, two payments, a purring.
    assert!(
        out.contains("invoices: 4\n")
            && out.contains("payments: 2\n")
            && out.contains("invoice_reminders: 1\n"),
        "{out}"
    );
    assert!(out.contains("antallet rader stemmer i alle 43 tabeller"), "{out}");

    let server = Served::start(&pg_url, &[], &[], None).await;
    let cookie = demo_cookie(&client, &server).await;
    let get = |path: String| {
        let request = client.get(server.url(&path)).header("cookie", &cookie);
        async move { request.send().await.unwrap().json::<Value>().await.unwrap() }
    };
    let leads_after = get("/api/admin/leads?per_page=200".to_owned()).await;
    assert_eq!(leads_after["items"], leads_before["items"], "every lead, as it was");
    let twin_id = lead_before["id"].as_str().unwrap();
    assert_eq!(
        get(format!("/api/admin/leads/{twin_id}")).await,
        lead_before,
        "ids, dates and the duplicate link"
    );
    let id = lead_before["duplicate_of"].as_str().unwrap();
    assert_eq!(get(format!("/api/admin/leads/{id}/timeline")).await, timeline_before, "notes and history");
    assert_eq!(get(format!("/api/admin/leads/{id}/visits")).await, visits_before, "the befaring");
    let search: Value = get("/api/admin/leads?q=Samme%20Kunde".to_owned()).await;
    assert_eq!(search["total"], 1, "searchable on PostgreSQL too");
    drop(server);

    let again = fagfolk(&sqlite, &["migrate-db", "--to", &pg_url], "");
    assert!(!again.status.success());
    assert!(text(&again.stderr).contains("er ikke tom"), "{}", text(&again.stderr));
    drop_pg_database(&pg_name).await;

    // A target that is no PostgreSQL address is refused before anything is created.
    let dir = tempfile::tempdir().unwrap();
    let stray = dir.path().join("feil.db");
    let wrong = fagfolk(&sqlite, &["migrate-db", "--to", &format!("sqlite://{}", stray.display())], "");
    assert!(!wrong.status.success());
    assert!(text(&wrong.stderr).contains("--to må være en postgres://-adresse"), "{}", text(&wrong.stderr));
    assert!(!stray.exists(), "no stray database was created");
}
