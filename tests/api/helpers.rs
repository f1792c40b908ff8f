use std::time::Duration;

use fagfolk::config::Config;
use fagfolk::db::Db;
use fagfolk::db_run;
use fagfolk::startup::Application;
use fagfolk::state::AppState;
use tokio::sync::oneshot;

#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The PostgreSQL server tests create their databases on (`TEST_POSTGRES_URL`).
pub fn postgres_admin_url() -> String {
    std::env::var("TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

/// Creates an empty PostgreSQL database for one test; returns its URL and its name.
pub async fn create_pg_database() -> (String, String) {
    let name = format!("fagfolk_test_{}", uuid::Uuid::new_v4().simple());
    let admin = Db::connect(&postgres_admin_url()).await.expect("PostgreSQL at TEST_POSTGRES_URL");
    db_run!(&admin, pool => sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(pool).await.map(|r| r.rows_affected()))
        .expect("create test database");
    admin.close().await;
    let base = postgres_admin_url();
    let url = match base.rsplit_once('/') {
        Some((server, _)) => format!("{server}/{name}"),
        None => panic!("TEST_POSTGRES_URL needs a database path"),
    };
    (url, name)
}

/// A fingerprint of the migrations in `folder` (crates/data/migrations/<folder>): their
/// names and contents, so a template made from other migrations is never used.
fn migrations_fingerprint(folder: &str) -> String {
    use std::hash::{Hash, Hasher};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/data/migrations").join(folder);
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).expect("the migrations").map(|e| e.unwrap().path()).collect();
    files.sort();
    // SipHash with its fixed keys: the same files give the same name in every process.
    #[allow(deprecated)]
    let mut hasher = std::hash::SipHasher::new();
    for file in files {
        file.file_name().hash(&mut hasher);
        std::fs::read(&file).expect("a migration").hash(&mut hasher);
    }
    format!("{:016x}", hasher.finish())
}

/// Runs `sql` on the PostgreSQL server's admin database.
async fn pg_admin(sql: String) -> Result<u64, sqlx::Error> {
    let admin = Db::connect(&postgres_admin_url()).await.expect("PostgreSQL at TEST_POSTGRES_URL");
    let done = db_run!(&admin, pool => sqlx::raw_sql(sqlx::AssertSqlSafe(sql)).execute(pool).await.map(|r| r.rows_affected()));
    admin.close().await;
    done
}

/// The URL of database `name` on the test server.
fn pg_url(name: &str) -> String {
    let base = postgres_admin_url();
    match base.rsplit_once('/') {
        Some((server, _)) => format!("{server}/{name}"),
        None => panic!("TEST_POSTGRES_URL needs a database path"),
    }
}

/// A PostgreSQL database with every migration run, for one test: copied from a template
/// made once per set of migrations (`CREATE DATABASE ... TEMPLATE`), so a test does not
/// run forty migrations of its own. The copy is tried first (one admin connection a
/// test); only when the template is missing does a test make it, under a name of its own,
/// and rename it into place; a process that loses that race drops its copy. Nobody
/// connects to the template after, which copying needs.
pub async fn create_migrated_pg_database() -> (String, String) {
    let template = format!("fagfolk_template_{}", migrations_fingerprint("postgres"));
    let name = format!("fagfolk_test_{}", uuid::Uuid::new_v4().simple());
    for attempt in 0.. {
        match pg_admin(format!("CREATE DATABASE {name} TEMPLATE {template}")).await {
            Ok(_) => break,
            // 3D000: no database of that name, the template not made yet.
            Err(err) if err.as_database_error().and_then(|e| e.code()).as_deref() == Some("3D000") => {
                make_pg_template(&template).await;
            }
            // Another process copying the same template at this moment can make PostgreSQL
            // say it is "being accessed by other users" for a moment: try again.
            Err(err) if attempt < 50 => {
                tracing::debug!(%err, "the template is busy");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(err) => panic!("copy the template database: {err}"),
        }
    }
    (pg_url(&name), name)
}

/// Migrates a new database and renames it to `template`; when another process was first,
/// the rename fails and this one's copy goes.
async fn make_pg_template(template: &str) {
    let (url, making) = create_pg_database().await;
    let db = Db::connect(&url).await.expect("the template's database");
    db.migrate().await.expect("the migrations run");
    db.close().await;
    if pg_admin(format!("ALTER DATABASE {making} RENAME TO {template}")).await.is_err() {
        drop_pg_database(&making).await;
    }
}

/// A SQLite file with every migration run, copied to `path` from a template file made once
/// per set of migrations in the system's temporary folder (written under a name of its
/// own, then renamed into place, so no process copies a half-made one).
pub async fn create_migrated_sqlite(path: &std::path::Path) {
    let template =
        std::env::temp_dir().join(format!("fagfolk-template-{}.db", migrations_fingerprint("sqlite")));
    if !template.exists() {
        let making =
            std::env::temp_dir().join(format!("fagfolk-template-{}.db", uuid::Uuid::new_v4().simple()));
        let db =
            Db::connect(&format!("sqlite://{}", making.display())).await.expect("the template's database");
        db.migrate().await.expect("the migrations run");
        db.close().await;
        for suffix in ["-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", making.display()));
        }
        std::fs::rename(&making, &template).expect("the template in place");
    }
    std::fs::copy(&template, path).expect("copy the template database");
}

/// Drops a database made by [`create_pg_database`], even while connections remain.
pub async fn drop_pg_database(name: &str) {
    if let Ok(admin) = Db::connect(&postgres_admin_url()).await {
        let sql = sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        let _ = db_run!(&admin, pool => sqlx::raw_sql(sql).execute(pool).await.map(|r| r.rows_affected()));
        admin.close().await;
    }
}

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub state: AppState,
    shutdown: Option<oneshot::Sender<()>>,
    server: Option<tokio::task::JoinHandle<()>>,
    _dir: tempfile::TempDir,
    pg_database: Option<String>,
}

/// Builds a test app with the default test settings.
pub async fn spawn_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, &[]).await
}

/// Builds a test app; `env` overrides configuration variables.
pub async fn spawn_app_with(backend: Backend, env: &[(&str, &str)]) -> TestApp {
    spawn_app_prepared(backend, env, |_| async {}).await
}

/// Builds a test app and runs `prepare` on its database before the server starts (and
/// before it renders its pages).
pub async fn spawn_app_prepared<F, Fut>(backend: Backend, env: &[(&str, &str)], prepare: F) -> TestApp
where
    F: FnOnce(Db) -> Fut,
    Fut: Future<Output = ()>,
{
    let dir = tempfile::tempdir().expect("tempdir");
    // FAGFOLK_TEST_MIGRATE_EACH=1 runs every migration in each test's own database, as
    // before the templates: how the templates' gain is measured (docs/TESTING.md).
    let each = std::env::var_os("FAGFOLK_TEST_MIGRATE_EACH").is_some();
    let (database_url, pg_database) = match backend {
        Backend::Sqlite if each => (format!("sqlite://{}", dir.path().join("test.db").display()), None),
        Backend::Postgres if each => {
            let (url, name) = create_pg_database().await;
            (url, Some(name))
        }
        Backend::Sqlite => {
            let path = dir.path().join("test.db");
            create_migrated_sqlite(&path).await;
            (format!("sqlite://{}", path.display()), None)
        }
        Backend::Postgres => {
            let (url, name) = create_migrated_pg_database().await;
            (url, Some(name))
        }
    };
    let storage = dir.path().join("media").display().to_string();
    let mut vars: Vec<(String, String)> = vec![
        ("FAGFOLK_ADDR".into(), "127.0.0.1:0".into()),
        // Pages are rendered when a test first needs them (src/config.rs, render_at_start).
        ("FAGFOLK_RENDER_AT_START".into(), "false".into()),
        ("DATABASE_URL".into(), database_url),
        ("FAGFOLK_STORAGE".into(), storage),
        ("FAGFOLK_PUBLIC_URL".into(), "https://fagfolk.test".into()),
    ];
    for (key, value) in env {
        vars.retain(|(k, _)| k != key);
        vars.push((key.to_string(), value.to_string()));
    }
    let config = Config::from_lookup(|key| vars.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()))
        .expect("valid test configuration");

    let app = Application::build(config).await.unwrap_or_else(|err| panic!("the app builds: {err:#}"));
    prepare(app.state().db.clone()).await;
    let address = format!("http://127.0.0.1:{}", app.port());
    let state = app.state().clone();
    let (shutdown, stop) = oneshot::channel::<()>();
    let server = tokio::spawn(async move {
        app.run_until(async {
            let _ = stop.await;
        })
        .await
        .expect("server runs");
    });
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    TestApp { address, client, state, shutdown: Some(shutdown), server: Some(server), _dir: dir, pg_database }
}

impl TestApp {
    /// The PostgreSQL database of this app, when it has one.
    pub fn pg_database(&self) -> Option<&str> {
        self.pg_database.as_deref()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.expect("request")
    }

    pub async fn post_json(&self, path: &str, body: &serde_json::Value) -> reqwest::Response {
        self.client.post(self.url(path)).json(body).send().await.expect("request")
    }

    /// Creates an admin user directly (as `fagfolk admin create` does).
    pub async fn create_user(&self, email: &str, password: &str, role: fagfolk::users::Role) -> uuid::Uuid {
        fagfolk::users::create(
            &self.state.db,
            "Test Bruker",
            email,
            password,
            role,
            self.state.clock.now(),
            None,
        )
        .await
        .expect("user created")
    }

    /// Signs in and returns a session that sends its cookie and the CSRF header.
    pub async fn login(&self, email: &str, password: &str) -> Session {
        let response = self
            .client
            .post(self.url("/api/auth/login"))
            .header("x-fagfolk-csrf", "1")
            .json(&serde_json::json!({ "email": email, "password": password }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "login as {email}");
        let cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
        let token = cookie.split(';').next().unwrap().trim_start_matches(&format!("{COOKIE}=")).to_owned();
        Session { client: self.client.clone(), address: self.address.clone(), token }
    }

    /// A signed-in admin, the usual starting point of an admin test.
    pub async fn admin(&self) -> Session {
        self.create_user("admin@fagfolk.test", ADMIN_PASSWORD, fagfolk::users::Role::Admin).await;
        self.login("admin@fagfolk.test", ADMIN_PASSWORD).await
    }

    /// Uploaded files in the media storage (folder or bucket), without the WebP variants
    /// the server makes of pictures in the background (`variant_files`).
    pub async fn media_files(&self) -> usize {
        self.stored_keys().await.into_iter().filter(|name| !is_variant(name)).count()
    }

    /// The WebP variants in the media storage.
    pub async fn variant_files(&self) -> usize {
        self.stored_keys().await.into_iter().filter(|name| is_variant(name)).count()
    }

    /// Every key in the media storage, as the server's own storage lists them.
    pub async fn stored_keys(&self) -> Vec<String> {
        self.state.storage.keys().await.expect("the media storage lists its keys")
    }

    /// Rows in `table` (a fixed table name from the test, never input).
    pub async fn count(&self, table: &'static str) -> i64 {
        let sql = sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM {table}"));
        let (n,): (i64,) =
            db_run!(&self.state.db, pool => sqlx::query_as(sql).fetch_one(pool).await).unwrap();
        n
    }

    /// Stops the server and removes its database.
    pub async fn stop(mut self) {
        self.shutdown_server().await;
        self.drop_database().await;
    }

    async fn shutdown_server(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        if let Some(server) = self.server.take() {
            let _ = tokio::time::timeout(Duration::from_secs(10), server).await;
        }
        self.state.db.close().await;
    }

    async fn drop_database(&mut self) {
        if let Some(name) = self.pg_database.take() {
            drop_pg_database(&name).await;
        }
    }
}

impl Drop for TestApp {
    /// A failed test still removes its PostgreSQL database.
    fn drop(&mut self) {
        if let Some(name) = self.pg_database.take() {
            let _ = std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                runtime.block_on(drop_pg_database(&name));
            })
            .join();
        }
    }
}

/// The `fagfolk` binary serving on a free port with its own media folder. It is killed
/// when dropped, so a test that fails half-way leaves no server running behind it.
pub struct Served {
    child: std::process::Child,
    pub port: u16,
    _media: tempfile::TempDir,
}

impl Served {
    /// Runs `fagfolk serve <args>` on `database` with `env` on top of the defaults, its
    /// output into `log` (or stdout nowhere and stderr to the test's), and returns once
    /// `/healthz` answers.
    pub async fn start(
        database: &str,
        args: &[&str],
        env: &[(&str, &str)],
        log: Option<&std::path::Path>,
    ) -> Self {
        Self::start_on(free_port(), database, args, env, log).await
    }

    /// As [`Served::start`], on a given port: a restarted instance comes back where its
    /// load balancer expects it.
    pub async fn start_on(
        port: u16,
        database: &str,
        args: &[&str],
        env: &[(&str, &str)],
        log: Option<&std::path::Path>,
    ) -> Self {
        use std::process::Stdio;
        let media = tempfile::tempdir().unwrap();
        let (stdout, stderr) = match log {
            Some(path) => {
                let file = std::fs::File::create(path).unwrap();
                (Stdio::from(file.try_clone().unwrap()), Stdio::from(file))
            }
            None => (Stdio::null(), Stdio::inherit()),
        };
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_fagfolk"))
            .arg("serve")
            .args(args)
            .env("FAGFOLK_ADDR", format!("127.0.0.1:{port}"))
            .env("DATABASE_URL", database)
            .env("FAGFOLK_STORAGE", media.path())
            .env("RUST_LOG", "error")
            .envs(env.iter().copied())
            .stdout(stdout)
            .stderr(stderr)
            .spawn()
            .expect("the fagfolk binary starts");
        let served = Self { child, port, _media: media };
        wait_healthy(&reqwest::Client::new(), port).await;
        served
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGTERM, as a service manager stopping the server does.
    pub fn terminate(&self) {
        let status = std::process::Command::new("kill").args(["-TERM", &self.pid().to_string()]).status();
        assert!(status.is_ok_and(|s| s.success()), "kill -TERM");
    }

    /// Waits up to `limit` for the process to end; answers how long it took.
    pub async fn exited_within(&mut self, limit: Duration) -> Option<Duration> {
        let started = std::time::Instant::now();
        while started.elapsed() < limit {
            if self.child.try_wait().unwrap().is_some() {
                return Some(started.elapsed());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        None
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Declares each listed `async fn(TestApp)` as two tests, each on an app built with the
/// configuration overrides `$env` (a `&[(&str, &str)]`, named by a path from the module
/// the macro is used in): `db_tests_with!(super::BEHIND_PROXY; test_a, test_b)`.
#[macro_export]
macro_rules! db_tests_with {
    ($env:path; $($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::helpers::spawn_app_with($crate::helpers::Backend::Sqlite, $env).await).await
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::helpers::spawn_app_with($crate::helpers::Backend::Postgres, $env).await).await
                }
            )*
        }
    };
}

/// The settings that put a test app's media in a bucket of its own on a local S3 server
/// (moto, `pip install 'moto[server]'`), started once per test run and stopped when the
/// tests end. `None` when moto is not installed and this is not CI; CI (`CI=1`, as
/// `.ci/run` sets) fails instead, so the S3 tests never skip there unseen.
pub async fn s3_env() -> Option<Vec<(String, String)>> {
    static MOTO: tokio::sync::OnceCell<Option<u16>> = tokio::sync::OnceCell::const_new();
    let port = *MOTO
        .get_or_init(|| async {
            let installed = std::process::Command::new("moto_server").arg("--help").output().is_ok();
            if !installed {
                assert!(std::env::var("CI").is_err(), "moto_server mangler: pip install 'moto[server]'");
                eprintln!(
                    "hopper over S3-testene: moto_server er ikke installert (pip install 'moto[server]')"
                );
                return None;
            }
            let port = free_port();
            // The server lives as long as this test process: a watchdog stops it after.
            let script = format!(
                "moto_server -H 127.0.0.1 -p {port} >/dev/null 2>&1 & m=$!; \
                 while kill -0 {} 2>/dev/null; do sleep 1; done; kill $m",
                std::process::id()
            );
            // Never waited for: it outlives this process by design, and init reaps it.
            #[allow(clippy::zombie_processes)]
            // Its output goes nowhere: under nextest a child holding the test's stdout
            // after the test ends would mark the test as leaky.
            std::process::Command::new("sh")
                .arg("-c")
                .arg(script)
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .expect("moto starts");
            let client = reqwest::Client::new();
            for _ in 0..300 {
                if client.get(format!("http://127.0.0.1:{port}/")).send().await.is_ok() {
                    return Some(port);
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            panic!("moto_server svarte ikke på port {port}");
        })
        .await
        .as_ref()?;
    let bucket = format!("fagfolk-{}", uuid::Uuid::now_v7().simple());
    let created =
        reqwest::Client::new().put(format!("http://127.0.0.1:{port}/{bucket}")).send().await.unwrap();
    assert!(created.status().is_success(), "bucket {bucket}: {}", created.status());
    let pairs = [
        ("FAGFOLK_STORAGE", format!("s3://{bucket}/media")),
        ("AWS_ENDPOINT_URL", format!("http://127.0.0.1:{port}")),
        ("AWS_ALLOW_HTTP", "true".to_owned()),
        ("AWS_ACCESS_KEY_ID", "test".to_owned()),
        ("AWS_SECRET_ACCESS_KEY", "test".to_owned()),
        ("AWS_REGION", "us-east-1".to_owned()),
    ];
    Some(pairs.into_iter().map(|(key, value)| (key.to_owned(), value)).collect())
}

/// Runs each test on SQLite with its media in S3 (`s3_env`), beside `db_tests!`'s two.
#[macro_export]
macro_rules! s3_tests {
    ($($name:ident),* $(,)?) => {
        mod s3 {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let Some(env) = $crate::helpers::s3_env().await else { return };
                    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
                    super::$name($crate::helpers::spawn_app_with($crate::helpers::Backend::Sqlite, &env).await).await
                }
            )*
        }
    };
}

/// A port that was free a moment ago, for a server started as its own process.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Waits until the server on `port` answers `/healthz` with 200. It returns as soon as it
/// does; the bound (60 s) is for a machine busy with a build beside the tests, where a
/// start-up takes many times its usual half second. Each try has a bound of its own, so
/// that a connection taken and never answered cannot hold the test past the 60 s.
pub async fn wait_healthy(client: &reqwest::Client, port: u16) {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while std::time::Instant::now() < deadline {
        let answer = client
            .get(format!("http://127.0.0.1:{port}/healthz"))
            .timeout(Duration::from_secs(5))
            .send()
            .await;
        if answer.is_ok_and(|r| r.status() == 200) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the server on port {port} did not become healthy");
}

/// Declares each listed `async fn(TestApp)` as two tests: one on SQLite, one on PostgreSQL.
#[macro_export]
macro_rules! db_tests {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::helpers::spawn_app($crate::helpers::Backend::Sqlite).await).await
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::helpers::spawn_app($crate::helpers::Backend::Postgres).await).await
                }
            )*
        }
    };
}

/// Declares each listed `async fn(TestApp, mail)` as two tests, on SQLite and on
/// PostgreSQL, each app mailing through a mailbox of its own on a real socket
/// (`crate::quote_mail::spawn_app_with_mailbox`), whose messages are `mail`.
#[macro_export]
macro_rules! mail_tests {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let (app, mail) = $crate::quote_mail::spawn_app_with_mailbox($crate::helpers::Backend::Sqlite).await;
                    super::$name(app, mail).await
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let (app, mail) = $crate::quote_mail::spawn_app_with_mailbox($crate::helpers::Backend::Postgres).await;
                    super::$name(app, mail).await
                }
            )*
        }
    };
}

pub const ADMIN_PASSWORD: &str = "lang og trygg setning 42";

/// The session cookie's name: test apps run with an https public URL, so it carries the
/// `__Host-` prefix.
pub const COOKIE: &str = "__Host-fagfolk_session";

/// A signed-in client: every request carries the session cookie and the CSRF header.
#[derive(Clone)]
pub struct Session {
    pub client: reqwest::Client,
    pub address: String,
    pub token: String,
}

impl Session {
    /// The `Cookie` header value that carries this session.
    pub fn cookie(&self) -> String {
        format!("{COOKIE}={}", self.token)
    }

    pub fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.client
            .request(method, format!("{}{}", self.address, path))
            .header("cookie", self.cookie())
            .header("x-fagfolk-csrf", "1")
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.request(reqwest::Method::GET, path).send().await.unwrap()
    }

    /// `GET path` with `query` encoded (Norwegian letters, `+` and spaces as typed), as JSON.
    pub async fn get_json(&self, path: &str, query: &[(&str, &str)]) -> serde_json::Value {
        self.request(reqwest::Method::GET, path).query(query).send().await.unwrap().json().await.unwrap()
    }

    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: &serde_json::Value,
    ) -> reqwest::Response {
        self.request(method, path).json(body).send().await.unwrap()
    }

    pub async fn delete(&self, path: &str) -> reqwest::Response {
        self.request(reqwest::Method::DELETE, path).send().await.unwrap()
    }
}

/// The audit entries, newest first, as `(action, entity_type, entity_id, performed_by, changes)`.
pub async fn audit_entries(
    app: &TestApp,
) -> Vec<(String, String, Option<String>, Option<String>, Option<serde_json::Value>)> {
    type Row = (String, String, Option<String>, Option<String>, Option<sqlx::types::Json<serde_json::Value>>);
    let rows: Vec<Row> = db_run!(&app.state.db, pool => sqlx::query_as(
        "SELECT action, entity_type, entity_id, performed_by, changes FROM audit_logs ORDER BY created_at DESC, id DESC",
    )
    .fetch_all(pool)
    .await)
    .unwrap();
    rows.into_iter().map(|(a, t, id, by, c)| (a, t, id, by, c.map(|j| j.0))).collect()
}

/// A picture variant's file name: `<original stem>_<width>w.webp` (src/media/variants.rs),
/// or the storage's temporary file while one is written (`<name>#<n>`), which a test may
/// see when it looks while the server makes variants in the background.
pub fn is_variant(name: &str) -> bool {
    let name = name.split_once('#').map_or(name, |(name, _)| name);
    name.strip_suffix("w.webp")
        .and_then(|stem| stem.rsplit_once('_'))
        .is_some_and(|(_, width)| !width.is_empty() && width.chars().all(|c| c.is_ascii_digit()))
}

/// Creates a lead through the API as `session`, which must succeed; answers the lead.
pub async fn create_lead(session: &Session, body: serde_json::Value) -> serde_json::Value {
    let response = session.send(reqwest::Method::POST, "/api/admin/leads", &body).await;
    assert_eq!(response.status(), 201, "create {body}");
    response.json().await.unwrap()
}

/// The API path of `lead`.
pub fn lead_path(lead: &serde_json::Value) -> String {
    format!("/api/admin/leads/{}", lead["id"].as_str().unwrap())
}

/// Every public page, as the sitemap lists them.
pub const PUBLIC_PATHS: [&str; 13] = [
    "/",
    "/tjenester",
    "/tjenester/elektriker",
    "/tjenester/rorlegger",
    "/tjenester/kjokken-bad",
    "/private-kunder",
    "/bedriftskunder",
    "/kontraktpartnere",
    "/referanser",
    "/kontakt",
    "/personvern",
    "/vilkar",
    "/cookies",
];

/// A `kB` figure from `/proc/<pid>/status`, such as `VmHWM` (peak resident memory).
pub fn proc_status_kb(pid: u32, key: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|line| {
            line.strip_prefix(key)?.trim_start_matches(':').trim().strip_suffix("kB")?.trim().parse().ok()
        })
        .unwrap_or_else(|| panic!("{key} in /proc/{pid}/status"))
}

/// Signs in to a [`Served`] binary as `email`; answers the session cookie (`name=value`).
pub async fn sign_in_served(
    client: &reqwest::Client,
    server: &Served,
    email: &str,
    password: &str,
) -> String {
    let response = client
        .post(server.url("/api/auth/login"))
        .header("x-fagfolk-csrf", "1")
        .json(&serde_json::json!({ "email": email, "password": password }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "sign-in as {email}");
    response.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned()
}

/// `GET url` on a served instance with a signed-in `cookie` (`sign_in_served`), as JSON.
pub async fn served_json(client: &reqwest::Client, url: String, cookie: &str) -> serde_json::Value {
    client.get(url).header("cookie", cookie).send().await.unwrap().json().await.unwrap()
}

/// The day `days` after today in Oslo, `YYYY-MM-DD`. Befaringer are booked from today up
/// to two years ahead, so a test's days move with the calendar instead of running out.
pub fn oslo_day(days: i64) -> String {
    let today = fagfolk_data::oslo::day_of(chrono::Utc::now());
    (today + chrono::TimeDelta::days(days)).format("%Y-%m-%d").to_string()
}

/// The last Sunday of `month` still to come (this year's, or next year's once it has
/// passed): the day the clocks change in March and October.
pub fn next_last_sunday(month: u32) -> chrono::NaiveDate {
    use chrono::Datelike;
    let today = fagfolk_data::oslo::day_of(chrono::Utc::now());
    let last_sunday = |year: i32| {
        let first_of_next = if month == 12 {
            chrono::NaiveDate::from_ymd_opt(year + 1, 1, 1)
        } else {
            chrono::NaiveDate::from_ymd_opt(year, month + 1, 1)
        }
        .unwrap();
        let last = first_of_next.pred_opt().unwrap();
        last - chrono::TimeDelta::days(i64::from(last.weekday().num_days_from_sunday()))
    };
    [last_sunday(today.year()), last_sunday(today.year() + 1)].into_iter().find(|day| *day > today).unwrap()
}

/// A phone's photo: a 64 x 32 JPEG stored on its side with EXIF that says so
/// (Orientation 6: turn 90° clockwise), the phone's make, and a GPS position
/// (59° 54' 50" N) in a GPS IFD of its own, as a camera writes them.
pub fn phone_photo() -> Vec<u8> {
    use image::ImageEncoder;
    let img = image::RgbImage::from_fn(64, 32, |x, _| {
        if x < 32 { image::Rgb([220, 30, 30]) } else { image::Rgb([30, 30, 220]) }
    });
    let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
    // IFD0 at 8: Make -> 50, Orientation = 6, GPSInfo -> 56.
    tiff.extend_from_slice(&[0, 3]);
    tiff.extend_from_slice(&[0x01, 0x0F, 0, 2, 0, 0, 0, 6, 0, 0, 0, 50]);
    tiff.extend_from_slice(&[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]);
    tiff.extend_from_slice(&[0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 56]);
    tiff.extend_from_slice(&[0, 0, 0, 0]);
    tiff.extend_from_slice(b"Apple\0");
    // The GPS IFD at 56: GPSLatitudeRef "N", GPSLatitude -> 86.
    tiff.extend_from_slice(&[0, 2]);
    tiff.extend_from_slice(&[0, 1, 0, 2, 0, 0, 0, 2, b'N', 0, 0, 0]);
    tiff.extend_from_slice(&[0, 2, 0, 5, 0, 0, 0, 3, 0, 0, 0, 86]);
    tiff.extend_from_slice(&[0, 0, 0, 0]);
    for value in [59u32, 54, 50] {
        tiff.extend_from_slice(&value.to_be_bytes());
        tiff.extend_from_slice(&1u32.to_be_bytes());
    }
    assert_eq!(tiff.len(), 110);
    let mut photo = Vec::new();
    let mut encoder = image::codecs::jpeg::JpegEncoder::new(&mut photo);
    encoder.set_exif_metadata(tiff).unwrap();
    encoder.write_image(img.as_raw(), 64, 32, image::ExtendedColorType::Rgb8).unwrap();
    photo
}

/// Every job's kept sums (migration 0049: used, held, tilleggsarbeid, counted by the
/// database) equal its meter's sums worked out in Rust from its rows
/// (`fagfolk_data::jobs::sums_astray`). The tests that write hours and materials end with it.
pub async fn job_sums_add_up(app: &TestApp) {
    let astray = fagfolk_data::jobs::sums_astray(&app.state.db).await.unwrap();
    assert!(astray.is_empty(), "jobs whose kept sums are not their rows': {astray:?}");
}
