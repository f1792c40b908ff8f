//! "Send faktura" (#61): an invoice e-mailed to a business customer with its PDF and an EHF
//! that passes the official Peppol rules, what to pay, and a new documents link; the
//! same to the accounting system's voucher inbox; each send kept on the invoice and in
//! the audit log. Read back from a mailbox on a real socket, on both databases.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::fixtures::invoiced_job;
use crate::helpers::{TestApp, audit_entries};
use crate::quote_mail::next;

type Mail = UnboundedReceiver<String>;

crate::mail_tests!(an_invoice_goes_to_the_customer_with_its_pdf_ehf_and_link_and_to_the_accounting_inbox,);

/// The attachments of a raw e-mail: each file's name and bytes (Python's email package).
pub(crate) fn attachments(raw: &str) -> Vec<(String, Vec<u8>)> {
    const READ: &str = r#"
import base64, json, sys, email
from email import policy
message = email.message_from_bytes(sys.stdin.buffer.read(), policy=policy.default)
print(json.dumps([[p.get_filename(), base64.b64encode(p.get_payload(decode=True)).decode()]
                  for p in message.walk() if p.get_filename()]))
"#;
    use std::io::Write;
    let mut child = std::process::Command::new("python3")
        .args(["-c", READ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(raw.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let files: Vec<(String, String)> = serde_json::from_slice(&out.stdout).unwrap();
    use base64::Engine;
    files
        .into_iter()
        .map(|(name, data)| (name, base64::engine::general_purpose::STANDARD.decode(data).unwrap()))
        .collect()
}

async fn an_invoice_goes_to_the_customer_with_its_pdf_ehf_and_link_and_to_the_accounting_inbox(
    app: TestApp,
    mut mail: Mail,
) {
    let office = app.admin().await;
    let (_, invoice) = invoiced_job(&app, &office).await;
    let number = invoice["number"].as_str().unwrap().to_owned();
    let id = invoice["id"].as_str().unwrap();
    let send = format!("/api/admin/invoices/{id}/send");

    // No accounting inbox yet: refused, saying where to write it.
    office.call::<Value>(Method::POST, &send, Some(&json!({"to": "accounting"}))).await.refused(
        StatusCode::CONFLICT,
        "Skriv regnskapssystemets e-postadresse for bilag under Innstillinger → Faktura først.",
    );

    let sent: Value = office.call(Method::POST, &send, Some(&json!({"to": "customer"}))).await.good();
    assert_eq!((sent["delivered"].as_bool(), sent["attached"].as_str()), (Some(true), Some("PDF og EHF")));
    let raw = loop {
        let raw = next(&mut mail).await;
        if raw.contains(&format!("Faktura {number} fra")) {
            break raw;
        }
    };
    let (subject, to, text) = crate::quote_flow::letter(&raw);
    assert_eq!(to, sent["to_address"].as_str().unwrap());
    assert!(subject.starts_with(&format!("Faktura {number} fra")));
    let flat = text.replace('\n', " ");
    assert!(flat.contains("Å betale:") && flat.contains("Forfall:"), "{text}");
    assert!(flat.contains("1234.56.78903") && flat.contains(&fagfolk_data::values::kid(&number)), "{text}");
    let link = text
        .lines()
        .find(|line| line.contains("/dokumenter/"))
        .expect("the documents link")
        .trim()
        .to_owned();
    let page = app.get(&link[link.find("/dokumenter/").unwrap()..]).await;
    assert_eq!(page.status(), StatusCode::OK, "the link opens the documents");

    let files = attachments(&raw);
    let names: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, [format!("Faktura-{number}.pdf"), format!("Faktura-{number}.xml")]);
    assert!(crate::fixtures::pdf_text(&files[0].1).contains(&number));
    let (fatal, report) = crate::invoicing::validate(&files[1].1);
    assert!(fatal.is_empty(), "the EHF sent breaks the official rules: {report}");

    // The voucher inbox gets it too, and both sends are kept and logged.
    let mut settings: Value = office.get_json("/api/admin/settings", &[]).await;
    settings["invoicing"]["accounting_email"] = "bilag@regnskap.example".into();
    assert_eq!(office.send(Method::PUT, "/api/admin/settings", &settings).await.status(), 200);
    let kept: Value = office.call(Method::POST, &send, Some(&json!({"to": "accounting"}))).await.good();
    assert_eq!(kept["to_address"], "bilag@regnskap.example");
    let raw = loop {
        let raw = next(&mut mail).await;
        if raw.contains("(bilag)") {
            break raw;
        }
    };
    assert_eq!(attachments(&raw).len(), 2);
    let sends: Vec<Value> =
        office.call(Method::GET, &format!("/api/admin/invoices/{id}/sends"), None).await.good();
    let recipients: Vec<&str> = sends.iter().map(|send| send["recipient"].as_str().unwrap()).collect();
    assert_eq!(recipients, ["customer", "accounting"]);
    let (action, entity, ..) = audit_entries(&app).await.remove(0);
    assert_eq!((action.as_str(), entity.as_str()), ("send", "invoices"));
    app.stop().await;
}
