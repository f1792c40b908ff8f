//! Two instances on one PostgreSQL database and one S3 bucket, behind nginx sending
//! requests to each in turn: to a visitor and to staff they are one site, and the limits
//! (sign-in throttle, contact form) count on both.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::helpers::{ADMIN_PASSWORD, Served, create_pg_database, drop_pg_database, free_port, s3_env};

/// nginx in front of `ports`, round robin (its default), passing the client address on;
/// stopped on drop.
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
        let servers: String = ports.iter().map(|p| format!("server 127.0.0.1:{p};")).collect();
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
                 client_max_body_size 20m;
                 location / {{
                   proxy_pass http://fagfolk;
                   proxy_set_header Host $host;
                   proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                 }}
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

/// Requests an instance has answered, by its own `/metrics`.
async fn answered(client: &reqwest::Client, server: &Served) -> u64 {
    let text =
        client.get(server.url("/metrics")).bearer_auth(TOKEN).send().await.unwrap().text().await.unwrap();
    text.lines()
        .filter(|line| {
            line.starts_with("fagfolk_http_requests_total{") && line.contains("route=\"/api/services\"")
        })
        .filter_map(|line| line.rsplit(' ').next()?.parse::<u64>().ok())
        .sum()
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

    drop(nginx);
    drop((a, b));
    drop_pg_database(&name).await;
}
