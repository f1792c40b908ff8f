//! Staff are e-mailed about a new enquiry when SMTP is configured; a mail server that
//! is down never costs an enquiry. A small SMTP server on a real socket plays the mail
//! server.

use std::time::Duration;

use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::oneshot;

use crate::helpers::{Backend, TestApp, spawn_app_with};

/// The e-mail events in the timeline of the only lead, once one is recorded (sending runs
/// in the background).
async fn emails_in_timeline(app: &TestApp) -> Vec<serde_json::Value> {
    let session = app.admin().await;
    let lead = session.get_json("/api/admin/leads", &[]).await["items"][0]["id"].as_str().unwrap().to_owned();
    for _ in 0..600 {
        let events = session.get_json(&format!("/api/admin/leads/{lead}/timeline"), &[]).await;
        let emails: Vec<_> =
            events.as_array().unwrap().iter().filter(|e| e["kind"] == "email").cloned().collect();
        if !emails.is_empty() {
            return emails;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no e-mail in the lead's timeline");
}

/// Accepts one SMTP session and hands over the message it carried.
async fn mail_server() -> (u16, oneshot::Receiver<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (sender, receiver) = oneshot::channel();
    tokio::spawn(async move {
        let (socket, _) = listener.accept().await.unwrap();
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        write.write_all(b"220 test ESMTP\r\n").await.unwrap();
        let mut data = String::new();
        let mut in_data = false;
        while let Ok(Some(line)) = lines.next_line().await {
            if in_data {
                if line == "." {
                    in_data = false;
                    write.write_all(b"250 OK\r\n").await.unwrap();
                } else {
                    // A line the sender began with a dot came with the dot doubled (RFC 5321
                    // 4.5.2): the receiver takes one away, as a real mail server does.
                    data.push_str(line.strip_prefix('.').unwrap_or(&line));
                    data.push('\n');
                }
                continue;
            }
            let command = line.to_uppercase();
            let reply: &[u8] = if command.starts_with("EHLO") || command.starts_with("HELO") {
                b"250 test\r\n"
            } else if command.starts_with("DATA") {
                in_data = true;
                b"354 go on\r\n"
            } else if command.starts_with("QUIT") {
                write.write_all(b"221 bye\r\n").await.unwrap();
                break;
            } else {
                b"250 OK\r\n"
            };
            write.write_all(reply).await.unwrap();
        }
        let _ = sender.send(data);
    });
    (port, receiver)
}

/// A test app that sends e-mail to a `mail_server`, and the message that server receives.
pub(crate) async fn app_with_mail() -> (TestApp, oneshot::Receiver<String>) {
    let (port, received) = mail_server().await;
    let url = format!("smtp://127.0.0.1:{port}");
    let app = spawn_app_with(
        Backend::Sqlite,
        &[("FAGFOLK_SMTP_URL", &url), ("FAGFOLK_NOTIFY_TO", "post@fagfolk.test")],
    )
    .await;
    (app, received)
}

fn form() -> serde_json::Value {
    json!({
        "name": "Kari Nordmann", "email": "kari@example.no", "phone": "912 34 567",
        "service": "rorleggertjenester", "message": "Det drypper fra taket.",
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn staff_get_an_email_about_a_new_enquiry() {
    let (app, received) = app_with_mail().await;
    assert_eq!(app.post_json("/api/contact", &form()).await.status(), 201);
    let message =
        tokio::time::timeout(Duration::from_secs(10), received).await.expect("a mail arrives").unwrap();
    assert!(message.contains("Subject: Ny henvendelse fra Kari Nordmann"), "{message}");
    assert!(message.contains("Reply-To: kari@example.no"), "{message}");
    assert!(message.contains("To: post@fagfolk.test"), "{message}");
    assert!(message.contains("https://fagfolk.test/admin/leads/"), "the lead's own page: {message}");
    // The staff's notice is recorded first; the customer's receipt after it (this mail
    // server takes one session, so the receipt is refused here: quote_flow.rs reads it).
    let emails: Vec<_> = emails_in_timeline(&app)
        .await
        .into_iter()
        .filter(|email| email["recipient"] == "post@fagfolk.test")
        .collect();
    assert_eq!(emails.len(), 1);
    assert_eq!(emails[0]["subject"], "Ny henvendelse fra Kari Nordmann");
    assert_eq!(emails[0]["error"], serde_json::Value::Null);
    app.stop().await;
}

/// The firm's logo heads its e-mails (#25): an HTML copy beside the text opens with it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_firms_logo_heads_the_email() {
    let (app, received) = app_with_mail().await;
    let admin = app.admin().await;
    let logo = crate::content::upload_picture(&admin, "logo.jpg", crate::content::jpeg(300, 100)).await;
    let id = logo["id"].as_str().unwrap();
    let mut settings = admin.get_json("/api/admin/settings", &[]).await;
    settings["logo"] = json!(id);
    assert_eq!(admin.send(reqwest::Method::PUT, "/api/admin/settings", &settings).await.status(), 200);
    assert_eq!(app.post_json("/api/contact", &form()).await.status(), 201);
    let message =
        tokio::time::timeout(Duration::from_secs(10), received).await.expect("a mail arrives").unwrap();
    // Quoted-printable: soft line breaks and "=" written as "=3D".
    let message = message.replace("=\n", "").replace("=3D", "=");
    assert!(message.contains("Content-Type: multipart/alternative"), "{message}");
    assert!(
        message.contains(&format!("<img src=\"https://fagfolk.test/icons/{id}-192.png\" alt=\"Fagfolk AS\"")),
        "{message}"
    );
    assert!(message.contains("Ny henvendelse fra nettstedet."), "the text is there too: {message}");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mail_server_that_is_down_costs_no_enquiry() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let url = format!("smtp://127.0.0.1:{closed}");
    let app = spawn_app_with(
        Backend::Sqlite,
        &[("FAGFOLK_SMTP_URL", &url), ("FAGFOLK_NOTIFY_TO", "post@fagfolk.test")],
    )
    .await;
    assert_eq!(app.post_json("/api/contact", &form()).await.status(), 201);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(app.count("contact_submissions").await, 1);
    assert_eq!(app.count("leads").await, 1);
    assert_eq!(app.get("/healthz").await.status(), 200);
    let emails = emails_in_timeline(&app).await;
    let notice = emails.iter().find(|email| email["subject"] == "Ny henvendelse fra Kari Nordmann").unwrap();
    assert!(notice["error"].as_str().is_some_and(|error| !error.is_empty()), "{emails:?}");
    app.stop().await;
}
