//! The fifth review (issue #74): when the office ends someone's access, all of it ends,
//! and what the firm mails and documents says what is true. Each test replays a finding
//! on SQLite and PostgreSQL and is named after what it protects (docs/SECURITY.md,
//! "Fifth review").

use std::collections::BTreeMap;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::fixtures::{firm_can_invoice, invoiced_job};
use crate::helpers::{Session, TestApp, oslo_day};

crate::db_tests!(
    a_partial_invoicing_save_keeps_the_account_and_the_inbox,
    the_documented_invoice_send_body_is_the_one_the_server_takes,
);

/// Finding 14: a settings save whose `invoicing` left the account number and the
/// accounting inbox out emptied both, as the firm's name was before (issue #58, finding 15).
async fn a_partial_invoicing_save_keeps_the_account_and_the_inbox(app: TestApp) {
    let office = app.admin().await;
    firm_can_invoice(&office).await;
    let inbox = json!({ "invoicing": {
        "account_number": "1234.56.78903", "vat_registered": true, "payment_days": 14, "kid": true,
        "accounting_email": "bilag@regnskap.example",
    }});
    assert_eq!(office.send(Method::PUT, "/api/admin/settings", &inbox).await.status(), StatusCode::OK);
    let save = |body: Value| {
        let office = &office;
        async move {
            let saved = office.send(Method::PUT, "/api/admin/settings", &body).await;
            assert_eq!(saved.status(), StatusCode::OK, "{body}");
            saved.json::<Value>().await.unwrap()["invoicing"].clone()
        }
    };
    let days =
        save(json!({ "invoicing": { "vat_registered": true, "payment_days": 30, "kid": true } })).await;
    assert_eq!(days["payment_days"], 30);
    assert_eq!(
        (&days["account_number"], &days["accounting_email"]),
        (&json!("12345678903"), &json!("bilag@regnskap.example"))
    );
    // Only one field: every other is kept, the switches too.
    let one = save(json!({ "invoicing": { "payment_days": 21 } })).await;
    let kept = json!({ "account_number": "12345678903", "accounting_email": "bilag@regnskap.example",
        "vat_registered": true, "kid": true, "payment_days": 21 });
    for (field, value) in kept.as_object().unwrap() {
        assert_eq!(&one[field], value, "{field}");
    }
    // Cleared on purpose, a field is cleared; the rest stays.
    let cleared = save(json!({ "invoicing": { "accounting_email": null, "kid": false } })).await;
    assert!(cleared["accounting_email"].is_null() && cleared["kid"] == false);
    assert_eq!(cleared["account_number"], "12345678903");
    let read: Value = office.get_json("/api/admin/settings", &[]).await;
    assert_eq!(read["invoicing"], cleared);
    app.stop().await;
}

/// Finding 15: two types named `SendInput` (a quote's and an invoice's) shared one name
/// in the OpenAPI document, so the invoice's send was documented with the quote's body.
/// No two different schemas may be registered under one component name by the
/// resources' routers that make up the document (`fagfolk::app::resources`). A clash
/// inside one resource's router is merged before it can be seen here; the names there
/// are the one resource's own.
#[test]
fn no_two_schema_types_share_a_component_name() {
    let mut seen: BTreeMap<String, (&str, Value)> = BTreeMap::new();
    let mut clashes = Vec::new();
    for (resource, router) in fagfolk::app::resources() {
        let components = router.get_openapi().components.clone().unwrap_or_default();
        for (name, schema) in components.schemas {
            let schema = serde_json::to_value(schema).unwrap();
            match seen.get(&name) {
                Some((first, same)) if *same != schema => {
                    clashes.push(format!("{name}: {first} / {resource}"))
                }
                Some(_) => {}
                None => {
                    seen.insert(name, (resource, schema));
                }
            }
        }
    }
    assert!(clashes.is_empty(), "two types under one schema name: {clashes:?}");
    assert!(seen.len() > 100, "the resources' schemas are seen: {}", seen.len());
}

/// Finding 15: the document's body for sending an invoice is what the server takes: it
/// names `to`, and each value it allows is not refused as a bad request.
async fn the_documented_invoice_send_body_is_the_one_the_server_takes(app: TestApp) {
    let office = app.admin().await;
    let (_, invoice) = invoiced_job(&app, &office).await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let resolve = |schema: &Value| -> Value {
        match schema["$ref"].as_str() {
            Some(name) => {
                doc["components"]["schemas"][name.trim_start_matches("#/components/schemas/")].clone()
            }
            None => schema.clone(),
        }
    };
    let body =
        &doc["paths"]["/api/admin/invoices/{id}/send"]["post"]["requestBody"]["content"]["application/json"];
    let documented = resolve(&body["schema"]);
    assert_eq!(documented["required"], json!(["to"]), "{documented}");
    let to = resolve(&documented["properties"]["to"]);
    let values = to["enum"].as_array().unwrap_or_else(|| panic!("{to}"));
    assert_eq!(values, &[json!("customer"), json!("accounting")]);
    let send = format!("/api/admin/invoices/{}/send", invoice["id"].as_str().unwrap());
    for value in values {
        let sent = office.send(Method::POST, &send, &json!({ "to": value })).await;
        // No mail on this server: refused as such (409), never as a malformed body.
        assert_eq!(sent.status(), StatusCode::CONFLICT, "{value}");
    }
    app.stop().await;
}

mod mailed {
    use super::a_credited_invoice_is_mailed_as_credited_with_what_is_owed_back;
    crate::mail_tests!(a_credited_invoice_is_mailed_as_credited_with_what_is_owed_back);
}

type Mail = tokio::sync::mpsc::UnboundedReceiver<String>;

/// Sends the invoice or credit note at `path` to the customer; the letter's text as one
/// line, its spaces (the amounts' hard ones too) plain.
async fn letter(office: &Session, mail: &mut Mail, path: &str, subject: &str) -> String {
    let sent = office.send(Method::POST, &format!("{path}/send"), &json!({ "to": "customer" })).await;
    assert_eq!(sent.status(), StatusCode::OK);
    loop {
        let raw = crate::quote_mail::next(mail).await;
        if raw.contains(subject) {
            return crate::quote_flow::letter(&raw).2.split_whitespace().collect::<Vec<_>>().join(" ");
        }
    }
}

/// Finding 13: an invoice paid and then credited was mailed again as "Den er betalt;
/// takk!", with nothing said of the credit nor of the money the customer has to get back.
async fn a_credited_invoice_is_mailed_as_credited_with_what_is_owed_back(app: TestApp, mut mail: Mail) {
    let office = app.admin().await;
    let (_, invoice) = invoiced_job(&app, &office).await;
    let path = format!("/api/admin/invoices/{}", invoice["id"].as_str().unwrap());
    let subject = format!("Faktura {} fra", invoice["number"].as_str().unwrap());
    let credit = |lines: Value| {
        let (office, path) = (&office, format!("{path}/credit-notes"));
        async move {
            let made =
                office.send(Method::POST, &path, &json!({ "lines": lines, "reason": "Feil pris" })).await;
            assert_eq!(made.status(), StatusCode::CREATED);
            made.json::<Value>().await.unwrap()
        }
    };
    // The lunch credited (597,54 kr of 26 503,17 kr), nothing paid: what is left to pay.
    credit(json!([4])).await;
    let text = letter(&office, &mut mail, &path, &subject).await;
    assert!(text.contains("Kreditert: 597,54 kr Å betale: 25 905,63 kr"), "{text}");

    // What is left paid: credited, the rest paid.
    let paid = json!({ "paid_on": oslo_day(0), "amount": 2_590_563 });
    assert_eq!(
        office.send(Method::POST, &format!("{path}/payments"), &paid).await.status(),
        StatusCode::CREATED
    );
    let text = letter(&office, &mut mail, &path, &subject).await;
    assert!(!text.contains("Den er betalt; takk!"), "{text}");
    assert!(text.contains("Den er kreditert med 597,54 kr, og resten er betalt; takk!"), "{text}");

    // The rest credited too: the customer is owed all they paid, and each letter says so.
    let rest = credit(json!([0, 1, 2, 3])).await;
    let text = letter(&office, &mut mail, &path, &subject).await;
    assert!(text.contains("Den er kreditert i sin helhet."), "{text}");
    assert!(text.contains("Du har 25 905,63 kr til gode, og det betaler vi tilbake til deg."), "{text}");
    let note = format!("/api/admin/invoices/{}", rest["id"].as_str().unwrap());
    let text =
        letter(&office, &mut mail, &note, &format!("Kreditnota {} fra", rest["number"].as_str().unwrap()))
            .await;
    assert!(text.contains("Du har 25 905,63 kr til gode, og det betaler vi tilbake til deg."), "{text}");
    assert!(!text.contains("trukket fra det du skal betale"), "{text}");
    app.stop().await;
}
