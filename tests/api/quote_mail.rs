//! Quotes by e-mail (#26): sending mails the customer the PDF and the link; accepting
//! mails staff, and the customer the PDF marked "Akseptert <dato> av <navn>". A small
//! SMTP server on a real socket takes every message.

use std::time::Duration;

use base64::Engine;
use reqwest::StatusCode;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

use crate::fixtures::pdf_text;
use crate::fixtures::{answer, draft, page_path, send};
use crate::helpers::{Backend, spawn_app_with};

/// An SMTP server that takes any number of sessions and hands over each message.
pub(crate) async fn mailbox() -> (u16, mpsc::UnboundedReceiver<String>) {
    mailbox_refusing(0).await
}

/// An app on `backend` that mails through a [`mailbox`] (staff's notices to
/// post@fagfolk.test), and the messages that mailbox takes.
pub(crate) async fn spawn_app_with_mailbox(
    backend: Backend,
) -> (crate::helpers::TestApp, mpsc::UnboundedReceiver<String>) {
    let (port, mail) = mailbox().await;
    let url = format!("smtp://127.0.0.1:{port}");
    let app =
        spawn_app_with(backend, &[("FAGFOLK_SMTP_URL", &url), ("FAGFOLK_NOTIFY_TO", "post@fagfolk.test")])
            .await;
    (app, mail)
}

/// As [`mailbox`], but the first `refused` messages are turned away after they are sent
/// (`451`, try again later), as a mail server that is down for a while answers.
pub(crate) async fn mailbox_refusing(refused: usize) -> (u16, mpsc::UnboundedReceiver<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (sender, receiver) = mpsc::unbounded_channel();
    let turned_away = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let (sender, turned_away) = (sender.clone(), turned_away.clone());
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 test ESMTP\r\n").await.unwrap();
                let (mut data, mut in_data) = (String::new(), false);
                while let Ok(Some(line)) = lines.next_line().await {
                    if in_data {
                        if line == "." {
                            in_data = false;
                            let message = std::mem::take(&mut data);
                            if turned_away.fetch_add(1, std::sync::atomic::Ordering::SeqCst) < refused {
                                write.write_all(b"451 try again later\r\n").await.unwrap();
                                continue;
                            }
                            let _ = sender.send(message);
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
                        let _ = write.write_all(b"221 bye\r\n").await;
                        break;
                    } else {
                        b"250 OK\r\n"
                    };
                    write.write_all(reply).await.unwrap();
                }
            });
        }
    });
    (port, receiver)
}

/// Whether the raw message `raw` is addressed to `address` (its `To:` header, not a
/// `Reply-To:` that names the same address).
pub(crate) fn addressed_to(raw: &str, address: &str) -> bool {
    raw.lines().any(|line| line.trim_end() == format!("To: {address}"))
}

pub(crate) async fn next(mail: &mut mpsc::UnboundedReceiver<String>) -> String {
    tokio::time::timeout(Duration::from_secs(15), mail.recv()).await.expect("a mail arrives").unwrap()
}

/// The PDF attached to `message` (base64 in its MIME part).
pub(crate) fn attachment(message: &str) -> Vec<u8> {
    let part = &message[message.find("Content-Type: application/pdf").expect("a PDF attached")..];
    let body = &part[part.find("\n\n").unwrap() + 2..];
    let encoded: String =
        body.lines().take_while(|line| !line.starts_with("--") && !line.is_empty()).collect();
    base64::engine::general_purpose::STANDARD.decode(encoded).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_customer_gets_the_quote_and_the_accepted_copy_by_email() {
    let (app, mut mail) = spawn_app_with_mailbox(Backend::Sqlite).await;
    let staff = app.admin().await;
    let (lead, quote) = draft(&staff, "private").await;
    let sent = send(&staff, &quote).await;
    assert_eq!((sent["emailed"].as_bool(), sent["email_note"].clone()), (Some(true), Value::Null));
    let message = next(&mut mail).await;
    let year = chrono::Utc::now().format("%Y").to_string();
    assert!(message.contains("To: oystein@example.no"), "{message}");
    assert!(message.contains(&format!("Subject: Tilbud {year}-0001 fra")), "{message}");
    assert!(message.contains(&format!("filename=\"Tilbud-{year}-0001.pdf\"")), "{message}");
    assert!(
        message.replace("=\n", "").contains(sent["link"].as_str().unwrap()),
        "the link is in the mail: {message}"
    );
    let sent_pdf = attachment(&message);
    assert!(pdf_text(&sent_pdf).contains("Flislegging av våtrom"));

    let link = page_path(&sent);
    let accepted =
        answer(&app, &link, "handling=aksepter&versjon=1&navn=%C3%98ystein+%C3%85sen&lest=on", &app.url(""))
            .await;
    assert_eq!(accepted.status(), StatusCode::SEE_OTHER);
    let (first, second) = (next(&mut mail).await, next(&mut mail).await);
    let (to_staff, to_customer) =
        if addressed_to(&first, "post@fagfolk.test") { (first, second) } else { (second, first) };
    assert!(to_staff.contains(&format!("Subject: Tilbud {year}-0001 er akseptert")), "{to_staff}");
    assert!(
        to_staff.replace("=\n", "").contains(&format!("/admin/leads/{}", lead["id"].as_str().unwrap())),
        "{to_staff}"
    );
    assert!(to_customer.contains("To: oystein@example.no"), "{to_customer}");
    assert!(to_customer.contains("Subject: Bekreftelse: tilbud"), "{to_customer}");
    let stamped = pdf_text(&attachment(&to_customer));
    assert!(stamped.contains("Akseptert") && stamped.contains("av Øystein Åsen"), "{stamped}");
    app.stop().await;
}
