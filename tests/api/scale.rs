//! Two instances on one PostgreSQL database and one S3 bucket, behind nginx sending
//! requests to each in turn: to a visitor and to staff they are one site, and the limits
//! (sign-in throttle, contact form) count on both. Restarting them one at a time under
//! load gives visitors no server error and loses no enquiry a server confirmed.

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::helpers::{ADMIN_PASSWORD, Served, create_pg_database, drop_pg_database, free_port, s3_env};

/// nginx in front of `ports`, round robin (its default), set up as docs/DEPLOY.md's front
/// without the TLS; stopped on drop.
struct Nginx {
    child: Child,
    port: u16,
    _dir: tempfile::TempDir,
}

impl Nginx {
    async fn start(ports: &[u16]) -> Option<Self> {
        let binary =
            ["/usr/sbin/nginx", "/usr/bin/nginx"].into_iter().find(|p| std::path::Path::new(p).exists());
        let Some(binary) = binary else {
            assert!(std::env::var("CI").is_err(), "nginx mangler: apt-get install nginx-light");
            eprintln!("hopper over testen med to instanser: nginx er ikke installert");
            return None;
        };
        let dir = tempfile::tempdir().unwrap();
        let work = dir.path().display();
        let port = free_port();
        // As deploy/nginx/fagfolk.conf: a server that refuses a connection is passed over
        // for 2 s, so a restarted instance is back in the rotation soon after it listens;
        // the proxy settings are that file's own.
        let proxy = concat!(env!("CARGO_MANIFEST_DIR"), "/deploy/nginx/fagfolk-proxy.conf");
        let servers: String =
            ports.iter().map(|p| format!("server 127.0.0.1:{p} max_fails=1 fail_timeout=2s;")).collect();
        let user = if is_root() { "user root;" } else { "" };
        let conf = format!(
            "worker_processes 1; daemon off; pid {work}/nginx.pid; error_log {work}/error.log error; {user}
             events {{}}
             http {{
               access_log off;
               client_body_temp_path {work}; proxy_temp_path {work}; fastcgi_temp_path {work};
               uwsgi_temp_path {work}; scgi_temp_path {work};
               upstream fagfolk {{ {servers} }}
               server {{
                 listen 127.0.0.1:{port};
                 location / {{ include {proxy}; }}
               }}
             }}"
        );
        std::fs::write(dir.path().join("nginx.conf"), conf).unwrap();
        let child = Command::new(binary)
            .arg("-c")
            .arg(dir.path().join("nginx.conf"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nginx starts");
        let nginx = Self { child, port, _dir: dir };
        crate::helpers::wait_healthy(&reqwest::Client::new(), port).await;
        Some(nginx)
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }
}

impl Drop for Nginx {
    /// A graceful stop (SIGQUIT): the master waits for its worker. Killed outright, the
    /// master would leave the worker running, holding the port and the test's output.
    fn drop(&mut self) {
        let _ = Command::new("kill").args(["-QUIT", &self.child.id().to_string()]).status();
        let _ = self.child.wait();
    }
}

/// nginx drops to an unprivileged user unless told to stay root; as root it must be told.
fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|out| out.stdout.starts_with(b"0\n"))
}

const TOKEN: &str = "to-instanser-maalinger-2026";

/// Requests an instance has answered on the routes `counts` accepts (by their
/// `fagfolk_http_requests_total` line), by its own `/metrics`.
async fn answered_where(client: &reqwest::Client, server: &Served, counts: impl Fn(&str) -> bool) -> u64 {
    let text =
        client.get(server.url("/metrics")).bearer_auth(TOKEN).send().await.unwrap().text().await.unwrap();
    text.lines()
        .filter(|line| line.starts_with("fagfolk_http_requests_total{") && counts(line))
        .filter_map(|line| line.rsplit(' ').next()?.parse::<u64>().ok())
        .sum()
}

/// Requests for the service list an instance has answered.
async fn answered(client: &reqwest::Client, server: &Served) -> u64 {
    answered_where(client, server, |line| line.contains("route=\"/api/services\"")).await
}

async fn login(client: &reqwest::Client, url: String, password: &str) -> reqwest::Response {
    client
        .post(url)
        .header("x-fagfolk-csrf", "1")
        .json(&json!({ "email": "admin@fagfolk.test", "password": password }))
        .send()
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_behind_nginx_act_as_one_site() {
    let Some(s3) = s3_env().await else { return };
    let (database, name) = create_pg_database().await;
    let mut env: Vec<(&str, &str)> = s3.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    env.extend([
        ("FAGFOLK_ADMIN_EMAIL", "admin@fagfolk.test"),
        ("FAGFOLK_ADMIN_PASSWORD", ADMIN_PASSWORD),
        ("FAGFOLK_TRUST_PROXY", "true"),
        ("FAGFOLK_METRICS_TOKEN", TOKEN),
        ("FAGFOLK_CONTACT_LIMIT", "3"),
    ]);
    let a = Served::start(&database, &[], &env, None).await;
    let b = Served::start(&database, &[], &env, None).await;
    let Some(nginx) = Nginx::start(&[a.port, b.port]).await else { return };
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();

    // Round robin: each instance answers half.
    for _ in 0..10 {
        assert_eq!(client.get(nginx.url("/api/services")).send().await.unwrap().status(), 200);
    }
    assert_eq!((answered(&client, &a).await, answered(&client, &b).await), (5, 5));

    // A session made on one works on the other.
    let signed_in = login(&client, a.url("/api/auth/login"), ADMIN_PASSWORD).await;
    assert_eq!(signed_in.status(), 200);
    let cookie = signed_in.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    let on_b = client.get(b.url("/api/auth/session")).header("cookie", &cookie).send().await.unwrap();
    let session: Value = on_b.json().await.unwrap();
    assert_eq!(session["user"]["email"], "admin@fagfolk.test", "{session}");

    // A picture uploaded through one is served by the other, from the bucket.
    let png = {
        let img = image::RgbImage::from_fn(40, 30, |x, y| image::Rgb([x as u8 * 6, y as u8 * 8, 90]));
        let mut out = std::io::Cursor::new(Vec::new());
        img.write_to(&mut out, image::ImageFormat::Png).unwrap();
        out.into_inner()
    };
    let form = reqwest::multipart::Form::new()
        .part("files", reqwest::multipart::Part::bytes(png.clone()).file_name("verksted.png"));
    let uploaded: Value = client
        .post(a.url("/api/admin/media"))
        .header("cookie", &cookie)
        .header("x-fagfolk-csrf", "1")
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let url = uploaded["uploaded"][0]["url"].as_str().unwrap().to_owned();
    let served = client.get(b.url(&url)).send().await.unwrap();
    assert_eq!(served.status(), 200);
    assert_eq!(served.bytes().await.unwrap().to_vec(), png);

    // A change of the company's name through one shows on the other's pages within 5 s.
    let saved = client
        .put(a.url("/api/admin/settings"))
        .header("cookie", &cookie)
        .header("x-fagfolk-csrf", "1")
        .json(&json!({ "company_name": "Tofolk Rør og Elektro AS" }))
        .send()
        .await
        .unwrap();
    assert_eq!(saved.status(), 200);
    let changed = Instant::now();
    loop {
        let page = client.get(b.url("/")).send().await.unwrap().text().await.unwrap();
        if page.contains("Tofolk Rør og Elektro AS") {
            break;
        }
        assert!(
            changed.elapsed() < Duration::from_secs(5),
            "the other instance's pages did not change in 5 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // The sign-in throttle counts attempts on both (through the database): five wrong
    // passwords through nginx, and the right one is refused on either instance.
    for _ in 0..5 {
        assert_eq!(login(&client, nginx.url("/api/auth/login"), "feil passord her").await.status(), 401);
    }
    for server in [&a, &b] {
        assert_eq!(login(&client, server.url("/api/auth/login"), ADMIN_PASSWORD).await.status(), 429);
    }

    // The contact form's limit holds across both: three enquiries through nginx, and the
    // fourth is refused by either instance.
    let enquiry = json!({
        "name": "Kari Nordmann", "email": "kari@example.no", "phone": "912 34 567", "message": "Lekker det?",
    });
    for _ in 0..3 {
        assert_eq!(client.post(nginx.url("/api/contact")).json(&enquiry).send().await.unwrap().status(), 201);
    }
    for _ in 0..2 {
        assert_eq!(client.post(nginx.url("/api/contact")).json(&enquiry).send().await.unwrap().status(), 429);
    }

    // The pipeline saved through one reaches the other's contact form within 5 s: its
    // enquiry writer reads the pipeline again when the change counter moves.
    let status_of_enquiry = |n: u32| {
        let (client, cookie) = (client.clone(), cookie.clone());
        let (post, list) = (b.url("/api/contact"), b.url("/api/admin/leads"));
        async move {
            let name = format!("Ola Nordmann {n}");
            let sent = client
                .post(post)
                .header("x-forwarded-for", format!("192.0.2.{n}"))
                .json(&json!({ "name": name, "email": format!("ola{n}@example.no"), "phone": "913 45 678", "message": "Lekker det?" }))
                .send()
                .await
                .unwrap();
            assert_eq!(sent.status(), 201);
            let found: Value = client
                .get(list)
                .header("cookie", &cookie)
                .query(&[("q", name.as_str())])
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            found["items"][0]["status"].as_str().unwrap().to_owned()
        }
    };
    assert_eq!(status_of_enquiry(1).await, "Ny");
    let settings = crate::helpers::served_json(&client, a.url("/api/admin/settings"), &cookie).await;
    let mut statuses: Vec<Value> = settings["lead_pipeline"]
        .as_array()
        .unwrap()
        .iter()
        .map(|stage| json!({ "name": stage["name"], "previous": stage["name"] }))
        .collect();
    statuses[0]["name"] = json!("Nye henvendelser");
    let saved = client
        .put(a.url("/api/admin/settings/pipeline"))
        .header("cookie", &cookie)
        .header("x-fagfolk-csrf", "1")
        .json(&json!({ "statuses": statuses }))
        .send()
        .await
        .unwrap();
    assert_eq!(saved.status(), 200);
    let changed = Instant::now();
    for n in 2.. {
        if status_of_enquiry(n).await == "Nye henvendelser" {
            break;
        }
        assert!(
            changed.elapsed() < Duration::from_secs(5),
            "the other instance kept the old pipeline for 5 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    drop(nginx);
    drop((a, b));
    drop_pg_database(&name).await;
}

/// What the visitors saw during the rolling restart.
#[derive(Default)]
struct Seen {
    pages: u64,
    page_errors: Vec<String>,
    confirmed: Vec<String>,
    enquiries_refused: Vec<String>,
}

/// Visitors through `url` until `stop`: two reading the front page and a service page,
/// two sending enquiries.
fn visitors(url: String, stop: Arc<AtomicBool>) -> Vec<tokio::task::JoinHandle<Seen>> {
    let client = reqwest::Client::builder().timeout(Duration::from_secs(20)).build().unwrap();
    let mut tasks = Vec::new();
    for reader in 0..2 {
        let (client, url, stop) = (client.clone(), url.clone(), stop.clone());
        tasks.push(tokio::spawn(async move {
            let mut seen = Seen::default();
            let paths = ["/", "/tjenester", "/kontakt"];
            for i in 0usize.. {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let path = paths[(i + reader) % paths.len()];
                match client.get(format!("{url}{path}")).send().await {
                    Ok(page) if page.status().is_success() => seen.pages += 1,
                    Ok(page) => seen.page_errors.push(format!("GET {path}: {}", page.status())),
                    Err(err) => seen.page_errors.push(format!("GET {path}: {err}")),
                }
            }
            seen
        }));
    }
    for writer in 0..2 {
        let (client, url, stop) = (client.clone(), url.clone(), stop.clone());
        tasks.push(tokio::spawn(async move {
            let mut seen = Seen::default();
            for i in 0.. {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let enquiry = json!({
                    "name": format!("Kunde {writer}-{i}"), "email": format!("k{writer}-{i}@example.no"),
                    "phone": "912 34 567", "message": "Sendt mens dere startet på nytt",
                });
                match client.post(format!("{url}/api/contact")).json(&enquiry).send().await {
                    Ok(answer) if answer.status() == 201 => {
                        let receipt: Value = answer.json().await.unwrap();
                        seen.confirmed.push(receipt["id"].as_str().unwrap().to_owned());
                    }
                    Ok(answer) => seen.enquiries_refused.push(answer.status().to_string()),
                    Err(err) => seen.enquiries_refused.push(err.to_string()),
                }
            }
            seen
        }));
    }
    tasks
}

/// Waits until nginx has sent `server` requests again after its restart.
async fn back_in_rotation(client: &reqwest::Client, server: &Served) {
    let started = Instant::now();
    while answered_any(client, server).await == 0 {
        assert!(started.elapsed() < Duration::from_secs(15), "the restarted instance got no requests");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Visitors' requests an instance has answered (not the tests' own checks).
async fn answered_any(client: &reqwest::Client, server: &Served) -> u64 {
    answered_where(client, server, |line| {
        !["/metrics", "/healthz", "/readyz"].iter().any(|own| line.contains(own))
    })
    .await
}

/// A rolling restart under load: each instance in turn gets SIGTERM, finishes what it has,
/// exits and starts again on its port while nginx sends the visitors to the other. No
/// page read gets a server error, and every enquiry a server confirmed is stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_restart_under_load_loses_nothing() {
    let Some(s3) = s3_env().await else { return };
    let (database, name) = create_pg_database().await;
    let mut env: Vec<(&str, &str)> = s3.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    env.extend([
        ("FAGFOLK_TRUST_PROXY", "true"),
        ("FAGFOLK_METRICS_TOKEN", TOKEN),
        ("FAGFOLK_CONTACT_LIMIT", "1000000"),
    ]);
    let mut servers = vec![
        Served::start(&database, &[], &env, None).await,
        Served::start(&database, &[], &env, None).await,
    ];
    let ports: Vec<u16> = servers.iter().map(|s| s.port).collect();
    let Some(nginx) = Nginx::start(&ports).await else { return };
    let client = reqwest::Client::new();
    let stop = Arc::new(AtomicBool::new(false));
    let load = visitors(nginx.url(""), stop.clone());

    tokio::time::sleep(Duration::from_millis(500)).await;
    for (turn, server) in servers.iter_mut().enumerate() {
        server.terminate();
        let took = server.exited_within(Duration::from_secs(10)).await;
        assert!(took.is_some(), "instance {turn} did not exit within 10 s of SIGTERM");
        *server = Served::start_on(server.port, &database, &[], &env, None).await;
        back_in_rotation(&client, server).await;
        eprintln!("instans {turn} stoppet på {took:?} og er tilbake");
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.store(true, Ordering::SeqCst);

    let mut seen = Seen::default();
    for task in load {
        let part = task.await.unwrap();
        seen.pages += part.pages;
        seen.page_errors.extend(part.page_errors);
        seen.confirmed.extend(part.confirmed);
        seen.enquiries_refused.extend(part.enquiries_refused);
    }
    assert!(
        seen.page_errors.is_empty(),
        "{} pages failed during the restart, the first: {:?}",
        seen.page_errors.len(),
        &seen.page_errors[..seen.page_errors.len().min(5)]
    );
    assert!(
        seen.pages > 50 && seen.confirmed.len() > 20,
        "the load ran: {} pages, {} enquiries",
        seen.pages,
        seen.confirmed.len()
    );
    let db = fagfolk::db::Db::connect(&database).await.unwrap();
    let stored: Vec<(uuid::Uuid,)> = fagfolk::db_run!(&db, pool =>
        sqlx::query_as("SELECT id FROM contact_submissions").fetch_all(pool).await)
    .unwrap();
    let stored: std::collections::HashSet<String> = stored.into_iter().map(|(id,)| id.to_string()).collect();
    let lost: Vec<&String> = seen.confirmed.iter().filter(|id| !stored.contains(*id)).collect();
    assert!(lost.is_empty(), "{} confirmed enquiries are not stored", lost.len());
    eprintln!(
        "{} sider lest, {} henvendelser bekreftet og lagret, {} ikke tatt imot: {:?}",
        seen.pages,
        seen.confirmed.len(),
        seen.enquiries_refused.len(),
        seen.enquiries_refused
    );
    db.close().await;
    drop(nginx);
    drop(servers);
    drop_pg_database(&name).await;
}
