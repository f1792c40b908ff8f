//! The customer's page of a job's documents (#45, "keeping and handing over"), on SQLite
//! and PostgreSQL with a mailbox on a real socket: the office makes one link per job once
//! it is done, e-mailed to the customer; the page lists the accepted quote, the accepted
//! tilleggsarbeid, the invoice basis (then the invoice) and the signed samsvarserklæring,
//! each served as a PDF; never another job's; a new link replaces the old; a link runs out
//! after 90 days and can be taken back; a call-out without a quote has its page too.

use chrono::Duration;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::fixtures::pdf_text;
use crate::fixtures::{accepted_job, firm_can_invoice};
use crate::helpers::{ADMIN_PASSWORD, Session, TestApp, audit_entries, create_lead};
use crate::quote_flow::{flat, letter};
use crate::quote_mail::{attachment, next};

type Mail = UnboundedReceiver<String>;

crate::mail_tests!(
    a_finished_job_has_one_link_to_its_documents_that_runs_out_and_can_be_taken_back,
    a_call_out_without_a_quote_has_its_documents_page_too,
);

/// The next e-mail whose subject starts with `subject`, the ones before it passed over
/// (the quote's, the acceptance's): the raw message and its (subject, to, text).
pub(crate) async fn mail_about(mail: &mut Mail, subject: &str) -> (String, (String, String, String)) {
    for _ in 0..10 {
        let raw = next(mail).await;
        let read = letter(&raw);
        if read.0.starts_with(subject) {
            return (raw, read);
        }
    }
    panic!("no e-mail about «{subject}»");
}

/// The path of a link's address (`https://…/dokumenter/{token}`).
fn path_of(url: &str) -> String {
    url[url.find("/dokumenter/").expect("a documents link")..].to_owned()
}

/// Makes the documents link of the job at `job_path` (`/api/admin/jobs/{id}`): the path
/// of its page.
pub(crate) async fn make_link(office: &Session, job_path: &str) -> String {
    let made = office.send(Method::POST, &format!("{job_path}/documents-link"), &json!({})).await;
    assert_eq!(made.status(), StatusCode::CREATED, "the documents link");
    path_of(made.json::<Value>().await.unwrap()["url"].as_str().unwrap())
}

/// Signs job `job_id`'s samsvarserklæring with a complete draft.
async fn sign_declaration(app: &TestApp, office: &Session, job_id: &str) -> Value {
    let electrician =
        app.create_user("elektriker@fagfolk.test", ADMIN_PASSWORD, fagfolk::users::Role::Editor).await;
    let path = format!("/api/admin/jobs/{job_id}/declaration");
    let draft: Value = office.get_json(&path, &[]).await;
    let done = |list: &Value| -> Vec<Value> {
        list.as_array().unwrap().iter().map(|item| json!({"text": item["text"], "done": true})).collect()
    };
    let complete = json!({
        "kind": "new",
        "description": "Ny kurs til varmekabel i gangen.",
        "risk": done(&draft["risk"]),
        "checks": done(&draft["checks"]),
        "circuits": [{"number": "7", "purpose": "Varmekabel gang", "protection": "C10", "cable": "PFSP 3G1,5", "rcd": "30 mA type A"}],
        "responsible_id": electrician.to_string(),
        "responsible_certificate": "Autorisert elinstallatør, gruppe L",
    });
    assert_eq!(office.send(Method::PUT, &path, &complete).await.status(), StatusCode::OK);
    // The responsible person signs, signed in as themselves.
    let responsible = app.login("elektriker@fagfolk.test", ADMIN_PASSWORD).await;
    let signed = responsible.send(Method::POST, &format!("{path}/sign"), &json!({})).await;
    assert_eq!(signed.status(), StatusCode::OK);
    signed.json().await.unwrap()
}

async fn a_finished_job_has_one_link_to_its_documents_that_runs_out_and_can_be_taken_back(
    app: TestApp,
    mut mail: Mail,
) {
    let office = app.admin().await;
    firm_can_invoice(&office).await;
    let mut settings: Value = office.get_json("/api/admin/settings", &[]).await;
    settings["declaration_defaults"]["registration"] = "987 654 325".into();
    assert_eq!(office.send(Method::PUT, "/api/admin/settings", &settings).await.status(), StatusCode::OK);
    let (quote, job_id, _) = accepted_job(&app, &office, None, None).await;
    let job_path = format!("/api/admin/jobs/{job_id}");
    let link_path = format!("{job_path}/documents-link");

    // Tilleggsarbeid agreed on the phone.
    let change: Value =
        office.send(Method::POST, &format!("{job_path}/changes"), &json!({})).await.json().await.unwrap();
    let change_path = format!("/api/admin/quotes/{}", change["id"].as_str().unwrap());
    let line = json!([{"description": "Varmekabel i gangen", "quantity": 100, "unit": "stk", "unit_price": 480_000, "vat": 25}]);
    assert_eq!(
        office.send(Method::PUT, &change_path, &json!({"lines": line})).await.status(),
        StatusCode::OK
    );
    let agreed = office
        .send(Method::POST, &format!("{change_path}/agreement"), &json!({"how": "phone", "name": "Åse Ødegård", "at": format!("{}T08:15", app.state.clock.today() - Duration::days(1)), "note": "Ja til varmekabel."}))
        .await;
    assert_eq!(agreed.status(), StatusCode::OK);

    // Not before the job is done.
    let early = office.send(Method::POST, &link_path, &json!({"send": true})).await;
    assert_eq!(early.status(), StatusCode::CONFLICT);
    let early: Value = early.json().await.unwrap();
    assert_eq!(early["error"], "Dokumentsiden kan lages når oppdraget er satt til «Ferdig».");
    assert_eq!(
        office.send(Method::PUT, &job_path, &json!({"status": "done"})).await.status(),
        StatusCode::OK
    );
    let state: Value = office.get_json(&link_path, &[]).await;
    assert_eq!(state, json!({"link": null, "email": "ase@example.no"}));
    sign_declaration(&app, &office, &job_id).await;
    let (raw, (_, to, text)) = mail_about(&mut mail, "Samsvarserklæring").await;
    assert_eq!(to, "ase@example.no");
    assert!(flat(&text).contains("signert"), "{text}");
    assert!(pdf_text(&attachment(&raw)).contains("Autorisert elinstallatør, gruppe L"));

    // Made and e-mailed: the address is in the answer this once, and in the e-mail.
    let made = office.send(Method::POST, &link_path, &json!({"send": true})).await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let made: Value = made.json().await.unwrap();
    assert_eq!((made["emailed"].as_bool(), &made["notice"]), (Some(true), &Value::Null));
    let url = made["url"].as_str().unwrap();
    assert!(url.starts_with(&format!("{}/dokumenter/", app.state.config.base_url())), "{url}");
    let (_, (subject, to, text)) = mail_about(&mut mail, "Dokumentene fra oppdraget").await;
    assert_eq!(to, "ase@example.no");
    assert_eq!(subject, "Dokumentene fra oppdraget: Flislegging av våtrom, Ærfuglveien 3", "the job's title");
    assert!(text.contains(url), "the link is in the e-mail: {text}");
    assert!(flat(&text).contains("Lenken virker til"), "{text}");
    let state: Value = office.get_json(&link_path, &[]).await;
    assert!(
        state["link"]["expires_at"].is_string() && state["link"]["created_by"] == "Test Bruker",
        "{state}"
    );
    assert!(!state.to_string().contains(&path_of(url)[12..]), "the token is never shown again");

    // The customer's page: private, listing every document, each a PDF.
    let page = path_of(url);
    let shown = app.client.get(app.url(&page)).send().await.unwrap();
    assert_eq!(shown.status(), StatusCode::OK);
    assert_eq!(shown.headers()["cache-control"], "no-store");
    assert_eq!(shown.headers()["referrer-policy"], "no-referrer");
    assert_eq!(shown.headers()["x-robots-tag"], "noindex, nofollow");
    let shown = shown.text().await.unwrap();
    let number = quote["number"].as_str().unwrap();
    let change_number = change["number"].as_str().unwrap();
    for expected in [
        "Dokumenter fra oppdraget",
        "Arbeidet er ferdig",
        "Åse Ødegård",
        &format!("Tilbud {number}, akseptert"),
        &format!("Tilleggsarbeid {change_number}"),
        "Fakturagrunnlag (spesifisert)",
        "Samsvarserklæring",
        "Lenken virker til",
    ] {
        assert!(shown.contains(expected), "«{expected}» on the documents page:\n{shown}");
    }
    let fetch = |id: &str| app.client.get(app.url(&format!("{page}/{id}"))).send();
    for (id, expected) in [
        ("tilbud", "Akseptert".to_owned()),
        (change["id"].as_str().unwrap(), "Tilbud på tilleggsarbeid".to_owned()),
        ("fakturagrunnlag", "Varmekabel i gangen".to_owned()),
        ("samsvarserklaering", "Varmekabel gang".to_owned()),
    ] {
        let pdf = fetch(id).await.unwrap();
        assert_eq!(pdf.status(), StatusCode::OK, "{id}");
        assert_eq!(pdf.headers()["content-type"], "application/pdf");
        assert_eq!(pdf.headers()["cache-control"], "no-store");
        let text = pdf_text(&pdf.bytes().await.unwrap());
        assert!(text.contains(&expected), "«{expected}» in {id}:\n{text}");
    }

    // Never another job's: a second customer's invoice is not reached through this link.
    let (_, other_job, _) = accepted_job(&app, &office, None, None).await;
    let other_path = format!("/api/admin/jobs/{other_job}");
    assert_eq!(
        office.send(Method::PUT, &other_path, &json!({"status": "done"})).await.status(),
        StatusCode::OK
    );
    let other: Value =
        office.send(Method::POST, &format!("{other_path}/invoices"), &json!({})).await.json().await.unwrap();
    let theirs = fetch(other["id"].as_str().unwrap()).await.unwrap();
    assert_eq!(theirs.status(), StatusCode::NOT_FOUND);

    // Invoiced: the invoice in the basis's place.
    let invoice: Value =
        office.send(Method::POST, &format!("{job_path}/invoices"), &json!({})).await.json().await.unwrap();
    let shown = app.client.get(app.url(&page)).send().await.unwrap().text().await.unwrap();
    assert!(shown.contains(&format!("Faktura {}", invoice["number"].as_str().unwrap())), "{shown}");
    assert!(!shown.contains("Fakturagrunnlag (spesifisert)"));
    assert_eq!(fetch("fakturagrunnlag").await.unwrap().status(), StatusCode::NOT_FOUND);
    let pdf = fetch(invoice["id"].as_str().unwrap()).await.unwrap();
    assert!(pdf_text(&pdf.bytes().await.unwrap()).contains("Å betale"));

    // A new link replaces the old, which stops at once; not e-mailed when not asked.
    let again: Value = office.send(Method::POST, &link_path, &json!({})).await.json().await.unwrap();
    assert_eq!(again["emailed"], false);
    let old = app.client.get(app.url(&page)).send().await.unwrap();
    assert_eq!(old.status(), StatusCode::NOT_FOUND);
    assert!(old.text().await.unwrap().contains("Lenken virker ikke, eller den har gått ut."));
    let page = path_of(again["url"].as_str().unwrap());
    assert_eq!(app.client.get(app.url(&page)).send().await.unwrap().status(), StatusCode::OK);

    // It runs out after 90 days.
    app.state.clock.advance(Duration::days(90) - Duration::minutes(1));
    assert_eq!(app.client.get(app.url(&page)).send().await.unwrap().status(), StatusCode::OK);
    app.state.clock.advance(Duration::minutes(2));
    assert_eq!(app.client.get(app.url(&page)).send().await.unwrap().status(), StatusCode::NOT_FOUND);
    assert_eq!(
        app.client.get(app.url(&format!("{page}/tilbud"))).send().await.unwrap().status(),
        StatusCode::NOT_FOUND
    );

    // Taken back: the address opens nothing; taking back twice is told. (The office signs
    // in again: its session ran out with the 90 days.)
    let office = app.login("admin@fagfolk.test", ADMIN_PASSWORD).await;
    let fresh: Value = office.send(Method::POST, &link_path, &json!({})).await.json().await.unwrap();
    let page = path_of(fresh["url"].as_str().unwrap());
    assert_eq!(app.client.get(app.url(&page)).send().await.unwrap().status(), StatusCode::OK);
    assert_eq!(office.delete(&link_path).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.client.get(app.url(&page)).send().await.unwrap().status(), StatusCode::NOT_FOUND);
    let twice = office.delete(&link_path).await;
    assert_eq!(twice.status(), StatusCode::NOT_FOUND);
    let twice: Value = twice.json().await.unwrap();
    assert_eq!(twice["error"], "Oppdraget har ingen dokumentlenke.");
    let state: Value = office.get_json(&link_path, &[]).await;
    assert_eq!(state["link"], Value::Null);

    let logged = audit_entries(&app).await;
    let about = |action: &str| {
        logged.iter().filter(|(a, table, ..)| a == action && table == "document_links").count()
    };
    assert_eq!((about("create"), about("delete")), (3, 1));
}

async fn a_call_out_without_a_quote_has_its_documents_page_too(app: TestApp, mut mail: Mail) {
    let office = app.admin().await;
    let lead = create_lead(
        &office,
        json!({"name": "Liv Lie", "email": "liv@example.no", "adresse": "Grønlandsleiret 9"}),
    )
    .await;
    let job: Value = office
        .send(
            Method::POST,
            &format!("/api/admin/leads/{}/jobs", lead["id"].as_str().unwrap()),
            &json!({"title": "Feilsøking på sikringsskapet", "hourly_rate": 85_000}),
        )
        .await
        .json()
        .await
        .unwrap();
    let job_path = format!("/api/admin/jobs/{}", job["id"].as_str().unwrap());
    let entered = office
        .send(Method::POST, "/api/admin/time", &json!({"job_id": job["id"], "day": app.state.clock.today().to_string(), "minutes": 90, "note": "Byttet jordfeilbryter"}))
        .await;
    assert_eq!(entered.status(), StatusCode::CREATED);
    assert_eq!(
        office.send(Method::PUT, &job_path, &json!({"status": "done"})).await.status(),
        StatusCode::OK
    );
    let state: Value = office.get_json(&format!("{job_path}/documents-link"), &[]).await;
    assert_eq!(state["email"], "liv@example.no", "the lead's address");
    let made: Value = office
        .send(Method::POST, &format!("{job_path}/documents-link"), &json!({"send": true}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(made["emailed"], true);
    let (_, (subject, _, text)) = mail_about(&mut mail, "Dokumentene fra oppdraget").await;
    assert_eq!(subject, "Dokumentene fra oppdraget: Feilsøking på sikringsskapet");
    assert!(text.starts_with("Hei Liv Lie,"), "{text}");
    let page = path_of(made["url"].as_str().unwrap());
    let shown = app.client.get(app.url(&page)).send().await.unwrap().text().await.unwrap();
    assert!(shown.contains("Fakturagrunnlag (spesifisert)") && !shown.contains("Tilbud "), "{shown}");
    let basis = app.client.get(app.url(&format!("{page}/fakturagrunnlag"))).send().await.unwrap();
    assert!(pdf_text(&basis.bytes().await.unwrap()).contains("Byttet jordfeilbryter"));
    // No quote, so nothing is served as one.
    assert_eq!(
        app.client.get(app.url(&format!("{page}/tilbud"))).send().await.unwrap().status(),
        StatusCode::NOT_FOUND
    );

    // Guessing is limited per address, as for quotes' links: after ten wrong tokens even
    // the right one waits (the wrong ones above, "tilbud" among them, found a job and count
    // nothing).
    for guess in 0..10u8 {
        let token = base64::Engine::encode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, [guess; 16]);
        let wrong = app.client.get(app.url(&format!("/dokumenter/{token}"))).send().await.unwrap();
        assert_eq!(wrong.status(), StatusCode::NOT_FOUND);
    }
    let held = app.client.get(app.url(&page)).send().await.unwrap();
    assert_eq!(held.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(held.headers()["retry-after"], "900", "the rest of the quarter");
    assert!(held.text().await.unwrap().contains("For mange forsøk"));
}
