//! Quotes (#26): made from a lead, numbered without gaps, sent as a PDF and a link, and
//! accepted or declined on the customer's page, on SQLite and PostgreSQL; the PDF read
//! back by `pdftotext` (Debian's poppler-utils); the link's security.

use reqwest::header::{CONTENT_TYPE, LOCATION, REFERRER_POLICY};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::fixtures::{answer, draft, page_path, pdf_text, send};
use crate::helpers::{Backend, Session, audit_entries, create_lead, spawn_app};

async fn status_of(staff: &Session, lead: &Value) -> String {
    let lead: Value =
        staff.get_json(&format!("/api/admin/leads/{}", lead["id"].as_str().unwrap()), &[]).await;
    lead["status"].as_str().unwrap().to_owned()
}

async fn a_quote_goes_from_a_lead_to_an_accepted_contract(backend: Backend) {
    let app = spawn_app(backend).await;
    let staff = app.admin().await;
    let (lead, quote) = draft(&staff, "private").await;
    let year = chrono::Utc::now().format("%Y").to_string();
    assert_eq!(quote["number"], format!("{year}-0001"));
    assert_eq!(quote["status"], "draft");
    // 12,5 × 890 + 8 × 950 + 2 499,50 + 1 500 = 22 724,50 kr, MVA 5 681,13 (per line, rounded).
    assert_eq!(
        (quote["net_total"].as_i64(), quote["vat_total"].as_i64(), quote["total"].as_i64()),
        (Some(2_272_450), Some(568_113), Some(2_840_563))
    );

    // The draft saves what is typed; a bad field is refused in Norwegian and nothing is lost.
    let path = format!("/api/admin/quotes/{}", quote["id"].as_str().unwrap());
    let bad = staff.send(Method::PUT, &path, &json!({"customer_email": "ikke en adresse", "lines": [{"description": "x", "quantity": 100, "unit": "stk", "unit_price": 100, "vat": 7}]})).await;
    assert_eq!(bad.status(), 422);
    let bad: Value = bad.json().await.unwrap();
    assert_eq!(bad["fields"]["customer_email"], "Skriv en gyldig e-postadresse.");
    assert_eq!(bad["fields"]["lines.0.vat"], "MVA må være 0, 12, 15 eller 25 %.");
    // A rate no byte holds, a service id that is no id and a price in parts of an øre
    // (Schemathesis sent all three) are refused under their fields in Norwegian, not as
    // "ugyldig JSON"; a whole number written `100.0` is a whole number.
    let odd = json!({"lines": [
        {"service_id": "", "quantity": 0, "unit": "stk", "unit_price": 0, "vat": 2_147_483_646},
        {"quantity": 100.0, "unit": "stk", "unit_price": 2.5, "vat": 25.0},
    ]});
    let odd = staff.send(Method::PUT, &path, &odd).await;
    assert_eq!(odd.status(), 422);
    let odd: Value = odd.json().await.unwrap();
    assert_eq!(odd["fields"]["lines.0.vat"], "MVA må være 0, 12, 15 eller 25 %.");
    assert_eq!(odd["fields"]["lines.0.service_id"], "Tjenesten finnes ikke i listen.");
    assert_eq!(odd["fields"]["lines.1.unit_price"], "Enhetsprisen kan være høyst 100 millioner kroner.");
    assert!(odd["fields"].get("lines.1.quantity").is_none() && odd["fields"].get("lines.1.vat").is_none());
    let kept: Value = staff.get_json(&path, &[]).await;
    assert_eq!(kept["lines"].as_array().unwrap().len(), 4);
    let saved = staff.send(Method::PUT, &path, &json!({"price_type": "estimate"})).await;
    assert_eq!(saved.status(), 200);

    // Sent without SMTP: staff get the link and are told to send it themselves.
    let sent = send(&staff, &quote).await;
    assert_eq!(sent["emailed"], false);
    assert_eq!(sent["email_note"], "E-post er ikke satt opp på serveren. Send lenken til kunden selv.");
    assert_eq!(sent["quote"]["status"], "sent");
    assert_eq!(status_of(&staff, &lead).await, "Tilbud sendt");
    let dashboard: Value = staff.get_json("/api/admin/dashboard", &[]).await;
    assert_eq!(dashboard["quotes"]["open_value"], 2_840_563);
    assert_eq!(dashboard["quotes"]["expiring"], json!([]));
    let again = staff.send(Method::PUT, &path, &json!({"intro": "endret"})).await;
    assert_eq!(again.status(), 409, "a sent quote never changes");

    // The customer's page.
    let page = page_path(&sent);
    let token = page.trim_start_matches("/tilbud/");
    assert_eq!(token.len(), 22, "128 bits, base64url");
    let opened = app.get(&page).await;
    assert_eq!(opened.status(), 200);
    assert_eq!(opened.headers()[REFERRER_POLICY], "no-referrer");
    assert!(opened.headers()["x-robots-tag"].to_str().unwrap().contains("noindex"));
    let html = opened.text().await.unwrap().replace('\u{a0}', " ");
    assert!(html.contains("<meta name=\"robots\" content=\"noindex, nofollow\">"), "{html}");
    assert!(html.contains(&format!("Tilbud {year}-0001")) && html.contains("28 405,63"), "{html}");
    assert!(html.contains("Bortkjøring av gammelt bad til Grønmo, sortert"));
    assert!(html.contains("Aksepter tilbudet") && html.contains("Angrerett"));
    let seen: Value = staff.get_json(&path, &[]).await;
    assert!(seen["first_opened_at"].is_string(), "staff see when the customer opened it");

    // The PDF, by its text.
    let pdf = app.get(&format!("{page}/pdf")).await;
    assert_eq!(pdf.headers()[CONTENT_TYPE], "application/pdf");
    let bytes = pdf.bytes().await.unwrap();
    // PDF/A-2b: the metadata says so (krilla's validator checked the rest on export).
    let raw = String::from_utf8_lossy(&bytes);
    assert!(
        raw.contains("<pdfaid:part>2</pdfaid:part>")
            && raw.contains("<pdfaid:conformance>B</pdfaid:conformance>"),
        "PDF/A-2b metadata"
    );
    let text = pdf_text(&bytes);
    for expected in [
        "Flislegging av våtrom",
        "Rørleggerarbeid",
        "Ettgrepsbatteri til servant",
        "Bortkjøring av gammelt bad til Grønmo, sortert",
        "Øystein Åsen",
        "Sum eks. MVA",
        "22 724,50 kr",
        "5 681,13 kr",
        "28 405,63 kr",
        "12,5",
        "m²",
        "Prisoverslag",
        "vil ikke overstige overslaget med",
        "15 %",
        "Angreskjema",
        "Jeg underretter herved",
        "Betaling 14 dager etter ferdigstillelse.",
    ] {
        assert!(text.contains(expected), "{expected:?} in the PDF:\n{text}");
    }

    // Accepting: a name is needed and the terms ticked; the form keeps what was typed.
    let origin = app.url("");
    let refused =
        answer(&app, &page, "handling=aksepter&versjon=1&navn=%C3%98ystein+%C3%85sen", &origin).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let refused = refused.text().await.unwrap();
    assert!(
        refused.contains("Kryss av for at du har lest tilbudet og vilkårene.")
            && refused.contains("value=\"Øystein Åsen\"")
    );
    let accepted = answer(
        &app,
        &page,
        "handling=aksepter&versjon=1&navn=%C3%98ystein+%C3%85sen&lest=on&tidlig_start=on",
        &origin,
    )
    .await;
    assert_eq!(accepted.status(), StatusCode::SEE_OTHER);
    assert_eq!(accepted.headers()[LOCATION].to_str().unwrap(), page);
    let done: Value = staff.get_json(&path, &[]).await;
    assert_eq!(done["status"], "accepted");
    assert_eq!(done["accepted_name"], "Øystein Åsen");
    assert_eq!(done["accepted_ip"], "127.0.0.1");
    assert_eq!(done["accepted_user_agent"], "Testnettleser/1.0");
    assert_eq!(done["early_start"], true);
    assert_eq!(
        done["pdf_sha256"].as_str().unwrap(),
        format!("{:x}", Sha256::digest(&bytes)),
        "the PDF accepted is the one sent"
    );
    assert!(done["accepted_texts"]["angrerett"].as_str().unwrap().contains("14 dager"));
    assert!(done["accepted_texts"]["early_start"].is_string());
    assert_eq!(status_of(&staff, &lead).await, "Vunnet");
    let dashboard: Value = staff.get_json("/api/admin/dashboard", &[]).await;
    assert_eq!(
        (dashboard["quotes"]["open_value"].as_i64(), dashboard["quotes"]["accepted_month"].as_i64()),
        (Some(0), Some(1))
    );
    assert_eq!(dashboard["quotes"]["accepted_share"], 100);
    let html = app.get(&page).await.text().await.unwrap();
    assert!(
        html.contains("Akseptert") && html.contains("av Øystein Åsen") && !html.contains("Avslå tilbudet")
    );
    let stamped = pdf_text(&app.get(&format!("{page}/pdf")).await.bytes().await.unwrap());
    assert!(stamped.contains("Akseptert") && stamped.contains("av Øystein Åsen"), "{stamped}");

    // Once accepted, again is the same answer, and declining is refused.
    let twice = answer(&app, &page, "handling=aksepter&versjon=1&navn=Noen+Andre&lest=on", &origin).await;
    assert_eq!(twice.status(), StatusCode::SEE_OTHER);
    let declined = answer(&app, &page, "handling=avsla&versjon=1", &origin).await;
    assert_eq!(declined.status(), StatusCode::CONFLICT);
    let after: Value = staff.get_json(&path, &[]).await;
    assert_eq!(after["accepted_name"], "Øystein Åsen");
    let logged = audit_entries(&app).await;
    let accepts: Vec<_> =
        logged.iter().filter(|(action, table, ..)| action == "accept" && table == "quotes").collect();
    assert_eq!(accepts.len(), 1);
    assert_eq!(accepts[0].3.as_deref(), Some("kunde: Øystein Åsen"));
    for action in ["create", "update", "send"] {
        assert!(logged.iter().any(|(a, t, ..)| a == action && t == "quotes"), "{action} is in the log");
    }
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quote_goes_from_a_lead_to_an_accepted_contract_sqlite() {
    a_quote_goes_from_a_lead_to_an_accepted_contract(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quote_goes_from_a_lead_to_an_accepted_contract_postgres() {
    a_quote_goes_from_a_lead_to_an_accepted_contract(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_business_quote_shows_prices_without_mva_and_no_angrerett() {
    let app = spawn_app(Backend::Sqlite).await;
    let staff = app.admin().await;
    let (_, quote) = draft(&staff, "business").await;
    let sent = send(&staff, &quote).await;
    let text = pdf_text(&app.get(&format!("{}/pdf", page_path(&sent))).await.bytes().await.unwrap());
    assert!(
        text.contains("Beløp eks. MVA") && text.contains("890,00 kr") && text.contains("Fastpris"),
        "{text}"
    );
    assert!(!text.contains("Angreskjema") && !text.contains("angrerett"), "{text}");
    let html = app.get(&page_path(&sent)).await.text().await.unwrap();
    assert!(!html.contains("tidlig_start"), "no early-start choice for a business");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_emoji_in_a_name_still_makes_a_pdf() {
    let app = spawn_app(Backend::Sqlite).await;
    let staff = app.admin().await;
    let (_, quote) = draft(&staff, "private").await;
    let path = format!("/api/admin/quotes/{}", quote["id"].as_str().unwrap());
    assert_eq!(
        staff.send(Method::PUT, &path, &json!({"customer_name": "Kari 🛁 Nordmann"})).await.status(),
        200
    );
    let sent = send(&staff, &quote).await;
    let text = pdf_text(&app.get(&format!("{}/pdf", page_path(&sent))).await.bytes().await.unwrap());
    assert!(text.contains("Kari ? Nordmann"), "{text}");
    app.stop().await;
}

/// Innsyn shows a person's quotes; erasing them deletes the quotes never accepted with
/// their leads, and keeps an accepted one (a contract the firm must keep), without its lead.
async fn privacy_keeps_only_accepted_quotes(backend: Backend) {
    let app = spawn_app(backend).await;
    let staff = app.admin().await;
    let (_, accepted) = draft(&staff, "private").await;
    let (_, open) = draft(&staff, "private").await;
    let link = page_path(&send(&staff, &accepted).await);
    send(&staff, &open).await;
    let origin = app.url("");
    let answered =
        answer(&app, &link, "handling=aksepter&versjon=1&navn=%C3%98ystein+%C3%85sen&lest=on", &origin).await;
    assert_eq!(answered.status(), StatusCode::SEE_OTHER);
    let person = json!({"person": "oystein@example.no"});
    let found: Value =
        staff.send(Method::POST, "/api/admin/privacy/lookup", &person).await.json().await.unwrap();
    assert_eq!(found["quotes"].as_array().unwrap().len(), 2, "{found}");

    let erased: Value =
        staff.send(Method::POST, "/api/admin/privacy/erase", &person).await.json().await.unwrap();
    assert_eq!((erased["quotes"].as_i64(), erased["quotes_kept"].as_i64()), (Some(1), Some(1)), "{erased}");
    assert_eq!(app.count("leads").await, 0);
    assert_eq!(app.count("quotes").await, 1);
    let kept: Value =
        staff.get_json(&format!("/api/admin/quotes/{}", accepted["id"].as_str().unwrap()), &[]).await;
    assert_eq!((kept["status"].as_str(), kept["lead_id"].as_str()), (Some("accepted"), None));
    assert_eq!(staff.get(&format!("/api/admin/quotes/{}", open["id"].as_str().unwrap())).await.status(), 404);
    let open_id = open["id"].as_str().unwrap();
    let traces: Vec<_> = audit_entries(&app)
        .await
        .into_iter()
        .filter(|(_, table, id, ..)| table == "quotes" && id.as_deref() == Some(open_id))
        .collect();
    assert!(
        !traces.is_empty() && traces.iter().all(|(.., changes)| changes.is_none()),
        "the erased quote's entries keep no data: {traces:?}"
    );
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn privacy_keeps_only_accepted_quotes_sqlite() {
    privacy_keeps_only_accepted_quotes(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn privacy_keeps_only_accepted_quotes_postgres() {
    privacy_keeps_only_accepted_quotes(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_quote_starts_with_the_firms_terms_and_days() {
    let app = spawn_app(Backend::Sqlite).await;
    let staff = app.admin().await;
    let mut settings: Value = staff.get_json("/api/admin/settings", &[]).await;
    let seeded = settings["quote_defaults"].clone();
    assert_eq!(seeded["valid_days"], 30);
    let object = settings.as_object_mut().unwrap();
    object.remove("server");
    object.remove("lead_pipeline");
    object.insert("quote_defaults".into(), json!({"valid_days": 0, "terms": "x"}));
    let refused = staff.send(Method::PUT, "/api/admin/settings", &settings).await;
    assert_eq!(refused.status(), 422);
    let refused: Value = refused.json().await.unwrap();
    assert_eq!(
        refused["fields"]["quote_defaults.valid_days"],
        "Skriv hvor mange dager et tilbud gjelder (1 til 365)."
    );
    settings["quote_defaults"] =
        json!({"valid_days": 14, "terms": "Våre egne vilkår: halvparten ved oppstart."});
    assert_eq!(staff.send(Method::PUT, "/api/admin/settings", &settings).await.status(), 200);
    let lead = create_lead(&staff, json!({"name": "Kari Nordmann"})).await;
    let quote: Value = staff
        .send(Method::POST, &format!("/api/admin/leads/{}/quotes", lead["id"].as_str().unwrap()), &json!({}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(quote["terms"], "Våre egne vilkår: halvparten ved oppstart.");
    let in_two_weeks = (app.state.clock.today() + chrono::Duration::days(14)).to_string();
    assert_eq!(quote["valid_until"], in_two_weeks);
    app.stop().await;
}
