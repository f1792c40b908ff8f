//! Finishing a job (#45), on SQLite and PostgreSQL: the specified invoice basis
//! (håndverkertjenesteloven § 36) as JSON, CSV and PDF read back by `pdftotext`, always the
//! meter's billable amount; the invoice that marks the job "fakturert", and a credit note
//! for one of its lines; EHF for a business customer, every one run through the official
//! Peppol BIS Billing 3.0 rules (`tests/ehf/validate.py`: the UBL 2.1 XSD and the CEN and
//! Peppol Schematron); and EHF refused, in Norwegian, when what it needs is missing.

use std::path::Path;

use chrono::Datelike;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::fixtures::{Answer, Id, accepted_job, firm_can_invoice, invoiced_job, message, pdf_text};
use crate::helpers::{TestApp, audit_entries};

crate::db_tests!(
    a_business_job_is_invoiced_as_valid_ehf_and_one_line_credited,
    ehf_is_refused_with_what_is_missing_and_the_official_rules_name_it,
    no_change_order_lands_after_the_invoice,
    an_invoice_is_made_once_and_a_credit_note_is_never_credited,
);

/// What the official rules found in `xml`: the ids of the fatal rules broken (the XSD's as
/// "XSD"), and the validator's own report.
pub(crate) fn validate(xml: &[u8]) -> (Vec<String>, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ehf.xml");
    std::fs::write(&file, xml).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ehf/validate.py");
    let out = std::process::Command::new("python3").arg(&script).arg(&file).output().expect("python3 runs");
    let report = String::from_utf8_lossy(&out.stdout).to_string();
    let found: Value = serde_json::from_str(report.trim()).unwrap_or_else(|_| {
        panic!(
            "the EHF validator gave no report (pip install saxonche lxml): {}{}",
            report,
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let fatal =
        found["fatal"].as_array().unwrap().iter().map(|f| f["rule"].as_str().unwrap().to_owned()).collect();
    (fatal, report)
}

async fn a_business_job_is_invoiced_as_valid_ehf_and_one_line_credited(app: TestApp) {
    let office = app.admin().await;
    firm_can_invoice(&office).await;
    let (quote, job_id, page) =
        accepted_job(&app, &office, Some("Byggmester Hansen AS"), Some("987 654 325")).await;
    let job_path = format!("/api/admin/jobs/{job_id}");
    let basis_path = format!("{job_path}/invoice-basis");

    // Tilleggsarbeid agreed on the phone comes apart; the basis waits for the job to be done.
    let made = office.send(Method::POST, &format!("{job_path}/changes"), &json!({})).await;
    let change: Value = made.json().await.unwrap();
    let change_path = format!("/api/admin/quotes/{}", change["id"].as_str().unwrap());
    let line = json!([{"description": "Varmekabel i gangen", "quantity": 100, "unit": "stk", "unit_price": 480_000, "vat": 25}]);
    assert_eq!(
        office.send(Method::PUT, &change_path, &json!({"lines": line})).await.status(),
        StatusCode::OK
    );
    let agreed = office
        .send(Method::POST, &format!("{change_path}/agreement"), &json!({"how": "phone", "name": "Åse Ødegård", "at": format!("{}T08:15", app.state.clock.today() - chrono::Duration::days(1)), "note": "Ja til varmekabel."}))
        .await;
    assert_eq!(agreed.status(), StatusCode::OK);
    let early = office.get(&basis_path).await;
    assert_eq!(early.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(early).await,
        "Oppdraget er ikke ferdig. Sett det til «Ferdig» før fakturagrunnlaget lages."
    );
    assert_eq!(
        office.send(Method::PUT, &job_path, &json!({"status": "done"})).await.status(),
        StatusCode::OK
    );

    // The basis: the quote's lines, the change order apart, MVA per rate; its sum is the meter's.
    let basis: Value = office.get_json(&basis_path, &[]).await;
    let job: Value = office.get_json(&job_path, &[]).await;
    // 11 125 + 7 600 + 2 499,50 - 500 + 519,60 = 21 244,10 kr; tillegg 4 800 kr.
    assert_eq!(basis["totals"]["net"], 2_124_410 + 480_000);
    assert_eq!(basis["totals"]["net"], job["meter"]["billable"]);
    assert_eq!(basis["work"]["lines"].as_array().unwrap().len(), 5);
    assert_eq!(
        basis["additions"][0]["title"],
        format!("Tilleggsarbeid {}", change["number"].as_str().unwrap())
    );
    assert!(basis["additions"][0]["note"].as_str().unwrap().starts_with("Avtalt på telefon"));
    assert_eq!(basis["vat_rates"][0], json!({"rate": 25, "net": 2_072_450 + 480_000, "vat": 638_113}));
    assert_eq!(basis["vat_rates"][1], json!({"rate": 15, "net": 51_960, "vat": 7_794}));
    assert_eq!(basis["totals"]["vat"], 638_113 + 7_794);

    let csv = office.get(&format!("{basis_path}?format=csv")).await;
    assert_eq!(csv.headers()["content-type"], "text/csv; charset=utf-8");
    let csv = csv.text().await.unwrap();
    assert!(csv.starts_with('\u{feff}'), "a byte order mark for Excel");
    assert!(csv.contains("Lunsj til byggemøtet;4;stk;129,90;15;519,60;77,94;597,54"), "{csv}");
    assert!(csv.contains("Varmekabel i gangen"));
    assert!(csv.contains("Sum;Totalt;;;;;26044,10;6459,07;32503,17"), "{csv}");

    let pdf = office.get(&format!("{basis_path}?format=pdf")).await.bytes().await.unwrap();
    let text = pdf_text(&pdf);
    for expected in [
        "Fakturagrunnlag",
        "Byggmester Hansen AS",
        "v/ Åse Ødegård",
        "Org.nr. 987 654 325",
        "Flislegging av våtrom, Ærfuglveien 3",
        "Ettgrepsbatteri til servant",
        "Rabatt for fast kunde",
        "Lunsj til byggemøtet",
        "Varmekabel i gangen",
        "MVA 25 % av 25 524,50 kr",
        "MVA 15 % av 519,60 kr",
        "26 044,10 kr",
        "32 503,17 kr",
        "håndverkertjenesteloven § 36",
    ] {
        assert!(text.contains(expected), "«{expected}» in the basis PDF:\n{text}");
    }

    // The customer's page lists the basis once the job is done, and serves it.
    let shown = app.client.get(app.url(&page)).send().await.unwrap().text().await.unwrap();
    assert!(shown.contains("Dokumenter fra oppdraget"), "{shown}");
    let basis_link = format!("{page}/dokumenter/fakturagrunnlag");
    assert!(shown.contains(&basis_link));
    let pdf = app.client.get(app.url(&basis_link)).send().await.unwrap();
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    assert!(pdf_text(&pdf.bytes().await.unwrap()).contains("Varmekabel i gangen"));

    // "Marker som fakturert": a number, the job invoiced, once.
    let issued = office.send(Method::POST, &format!("{job_path}/invoices"), &json!({})).await;
    assert_eq!(issued.status(), StatusCode::CREATED);
    let invoice: Value = issued.json().await.unwrap();
    let year = app.state.clock.today().year();
    assert_eq!(invoice["number"], format!("{year}-0001"));
    assert_eq!(invoice["total"], 3_250_317);
    let job: Value = office.get_json(&job_path, &[]).await;
    assert_eq!(job["status"], "invoiced");
    let twice = office.send(Method::POST, &format!("{job_path}/invoices"), &json!({})).await;
    assert_eq!(twice.status(), StatusCode::CONFLICT);
    assert_eq!(message(twice).await, "Oppdraget er fakturert allerede.");
    let invoice_path = format!("/api/admin/invoices/{}", invoice["id"].as_str().unwrap());
    let pdf = office.get(&format!("{invoice_path}?format=pdf")).await;
    assert!(
        pdf.headers()["content-disposition"].to_str().unwrap().contains(&format!("Faktura-{year}-0001.pdf"))
    );
    let text = pdf_text(&pdf.bytes().await.unwrap());
    let kid = fagfolk_data::values::kid(&format!("{year}-0001"));
    for expected in ["Faktura", "Forfall", "1234.56.78903", kid.as_str(), "Å betale", "32 503,17 kr"] {
        assert!(text.contains(expected), "«{expected}» in the invoice PDF:\n{text}");
    }

    // EHF passes the XSD and every Schematron rule.
    let ehf = office.get(&format!("{invoice_path}?format=ehf")).await;
    assert_eq!(ehf.status(), StatusCode::OK);
    assert_eq!(ehf.headers()["content-type"], "application/xml; charset=utf-8");
    let xml = ehf.bytes().await.unwrap();
    let (fatal, report) = validate(&xml);
    assert!(fatal.is_empty(), "the invoice's EHF breaks {fatal:?}: {report}");
    let xml = String::from_utf8(xml.to_vec()).unwrap();
    for expected in [
        "<cbc:CompanyID>NO923456783MVA</cbc:CompanyID>",
        "<cbc:EndpointID schemeID=\"0192\">987654325</cbc:EndpointID>",
        "<cbc:PayableAmount currencyID=\"NOK\">32503.17</cbc:PayableAmount>",
        "<cbc:ID>12345678903</cbc:ID>",
        "Foretaksregisteret",
    ] {
        assert!(xml.contains(expected), "«{expected}» in the EHF:\n{xml}");
    }
    assert!(xml.contains(&format!("<cbc:PaymentID>{kid}</cbc:PaymentID>")));

    // A credit note for the lunch line: refused without lines or reason, then made.
    let credit_path = format!("{invoice_path}/credit-notes");
    let bad = office.send(Method::POST, &credit_path, &json!({"lines": [99], "reason": " "})).await;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let bad: Value = bad.json().await.unwrap();
    assert_eq!(bad["fields"]["lines"], "Velg minst én linje fra fakturaen.");
    assert_eq!(bad["fields"]["reason"], "Skriv hvorfor linjene krediteres.");
    let credited = office
        .send(Method::POST, &credit_path, &json!({"lines": [4], "reason": "Lunsjen ble avlyst."}))
        .await;
    assert_eq!(credited.status(), StatusCode::CREATED);
    let note: Value = credited.json().await.unwrap();
    assert_eq!(
        (note["number"].as_str(), note["kind"].as_str(), note["total"].as_i64()),
        (Some(format!("{year}-0002").as_str()), Some("credit_note"), Some(51_960 + 7_794))
    );
    assert_eq!(note["credited_lines"], json!([4]));
    let again = office.send(Method::POST, &credit_path, &json!({"lines": [1, 4], "reason": "Igjen."})).await;
    assert_eq!(again.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let again: Value = again.json().await.unwrap();
    assert_eq!(
        again["fields"]["lines"],
        "Linje 5 er kreditert allerede. Velg bare linjer som ikke er kreditert."
    );
    let note_path = format!("/api/admin/invoices/{}", note["id"].as_str().unwrap());
    let xml = office.get(&format!("{note_path}?format=ehf")).await.bytes().await.unwrap();
    let (fatal, report) = validate(&xml);
    assert!(fatal.is_empty(), "the credit note's EHF breaks {fatal:?}: {report}");
    let xml = String::from_utf8(xml.to_vec()).unwrap();
    assert!(xml.contains("<CreditNote") && xml.contains(&format!("<cbc:ID>{year}-0001</cbc:ID>")), "{xml}");
    let of_note = office
        .send(Method::POST, &format!("{note_path}/credit-notes"), &json!({"lines": [0], "reason": "x"}))
        .await;
    assert_eq!(of_note.status(), StatusCode::CONFLICT);
    let text = pdf_text(&office.get(&format!("{note_path}?format=pdf")).await.bytes().await.unwrap());
    assert!(
        text.contains("Kreditnota")
            && text.contains("Årsak: Lunsjen ble avlyst.")
            && text.contains("Til gode"),
        "{text}"
    );

    // The customer's page now has the invoice, the credit note and the change order, each
    // served through this quote's link only.
    let shown = app.client.get(app.url(&page)).send().await.unwrap().text().await.unwrap();
    for expected in [
        format!("Faktura {year}-0001"),
        format!("Kreditnota {year}-0002"),
        format!("Tilleggsarbeid {}", change["number"].as_str().unwrap()),
    ] {
        assert!(shown.contains(&expected), "«{expected}» on the customer's page");
    }
    let customer_pdf = |id: &str| app.client.get(app.url(&format!("{page}/dokumenter/{id}")));
    let invoice_pdf = customer_pdf(invoice["id"].as_str().unwrap()).send().await.unwrap();
    assert_eq!(invoice_pdf.status(), StatusCode::OK);
    assert!(pdf_text(&invoice_pdf.bytes().await.unwrap()).contains(&format!("Faktura {year}-0001")));
    let change_pdf = customer_pdf(change["id"].as_str().unwrap()).send().await.unwrap();
    assert!(pdf_text(&change_pdf.bytes().await.unwrap()).contains("Tilbud på tilleggsarbeid"));
    assert_eq!(
        customer_pdf("fakturagrunnlag").send().await.unwrap().status(),
        StatusCode::NOT_FOUND,
        "the basis is the invoice now"
    );
    assert_eq!(
        customer_pdf(quote["id"].as_str().unwrap()).send().await.unwrap().status(),
        StatusCode::NOT_FOUND
    );

    let listed: Value = office.get_json(&format!("{job_path}/invoices"), &[]).await;
    assert_eq!(listed.as_array().unwrap().len(), 2);
    let logged = audit_entries(&app).await;
    assert_eq!(
        logged.iter().filter(|(action, table, ..)| action == "create" && table == "invoices").count(),
        2
    );
    assert_eq!(quote["customer_kind"], "business");
}

async fn ehf_is_refused_with_what_is_missing_and_the_official_rules_name_it(app: TestApp) {
    let office = app.admin().await;
    firm_can_invoice(&office).await;
    // A business without an org.nr: the basis is made, the invoice is refused before it is
    // numbered and locked, saying what is missing (issue #58, finding 16).
    let (_, job_id, _) = accepted_job(&app, &office, Some("Byggmester Hansen AS"), None).await;
    let job_path = format!("/api/admin/jobs/{job_id}");
    assert_eq!(
        office.send(Method::PUT, &job_path, &json!({"status": "done"})).await.status(),
        StatusCode::OK
    );
    let refused = office.send(Method::POST, &format!("{job_path}/invoices"), &json!({})).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(refused).await,
        "Fakturaen kan ikke lages ennå: kunden mangler et gyldig organisasjonsnummer (9 sifre) på tilbudet."
    );
    let basis: Value = office.get_json(&format!("{job_path}/invoice-basis"), &[]).await;
    assert_eq!(basis["customer"]["company"], "Byggmester Hansen AS");
    // Written all the same, the official rules refuse it, naming the rule: the buyer's
    // electronic address (its org.nr) is missing.
    let (_, good_job, _) =
        accepted_job(&app, &office, Some("Byggmester Hansen AS"), Some("987 654 325")).await;
    let good_path = format!("/api/admin/jobs/{good_job}");
    assert_eq!(
        office.send(Method::PUT, &good_path, &json!({"status": "done"})).await.status(),
        StatusCode::OK
    );
    let made: Value =
        office.send(Method::POST, &format!("{good_path}/invoices"), &json!({})).await.json().await.unwrap();
    let mut stored =
        fagfolk_data::invoices::store::get(&app.state.db, made["id"].as_str().unwrap().parse().unwrap())
            .await
            .unwrap()
            .unwrap();
    stored.basis.customer.org_nr = None;
    let xml = fagfolk::invoices::ehf::write(&stored, None).unwrap();
    let (fatal, report) = validate(&xml);
    assert!(fatal.contains(&"PEPPOL-EN16931-R010".to_owned()), "{report}");
    let id = made["id"].as_str().unwrap().to_owned();

    // A consumer gets no EHF, and a firm without its account number no invoice at all.
    let (_, job_id, page) = accepted_job(&app, &office, None, None).await;
    let job_path = format!("/api/admin/jobs/{job_id}");
    assert_eq!(
        office.send(Method::PUT, &job_path, &json!({"status": "done"})).await.status(),
        StatusCode::OK
    );
    let mut settings: Value = office.get_json("/api/admin/settings", &[]).await;
    let account = settings["invoicing"]["account_number"].clone();
    settings["invoicing"]["account_number"] = "".into();
    settings["orgnr"] = "923 456 789".into();
    assert_eq!(office.send(Method::PUT, "/api/admin/settings", &settings).await.status(), StatusCode::OK);
    let refused = office.send(Method::POST, &format!("{job_path}/invoices"), &json!({})).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(refused).await,
        "Fakturaen kan ikke lages ennå: kontonummeret mangler (Innstillinger → Faktura)."
    );
    settings["invoicing"]["account_number"] = account;
    assert_eq!(office.send(Method::PUT, "/api/admin/settings", &settings).await.status(), StatusCode::OK);
    let invoice: Value =
        office.send(Method::POST, &format!("{job_path}/invoices"), &json!({})).await.json().await.unwrap();
    let refused =
        office.get(&format!("/api/admin/invoices/{}?format=ehf", invoice["id"].as_str().unwrap())).await;
    let refused: Value = refused.json().await.unwrap();
    assert_eq!(
        refused["fields"]["format"],
        "Kan ikke lage EHF: kunden er en privatperson (EHF er for bedrifter og det offentlige); \
         firmaets organisasjonsnummer i Innstillinger er ikke gyldig."
    );
    // Another job's invoice is not reached through this customer's link.
    let other = app.client.get(app.url(&format!("{page}/dokumenter/{id}"))).send().await.unwrap();
    assert_eq!(other.status(), StatusCode::NOT_FOUND);
    // The consumer's basis shows prices including MVA, as their quote did.
    let pdf =
        office.get(&format!("/api/admin/invoices/{}?format=pdf", invoice["id"].as_str().unwrap())).await;
    let text = pdf_text(&pdf.bytes().await.unwrap());
    assert!(text.contains("Pris inkl. MVA") && text.contains("Åse Ødegård"), "{text}");

    // The invoice stays when the customer is erased: it is bookkeeping.
    let erased =
        office.send(Method::POST, "/api/admin/privacy/erase", &json!({"person": "ase@example.no"})).await;
    assert_eq!(erased.status(), StatusCode::OK);
    let kept = office.get(&format!("/api/admin/invoices/{}", invoice["id"].as_str().unwrap())).await;
    assert_eq!(kept.status(), StatusCode::OK);
}

/// Tilleggsarbeid never lands after the invoice it would have been on: invoicing waits for
/// a change order the customer has not answered; a draft left on an invoiced job can be
/// neither sent nor agreed.
async fn no_change_order_lands_after_the_invoice(app: TestApp) {
    let office = app.admin().await;
    firm_can_invoice(&office).await;
    let (_, job_id, _) = accepted_job(&app, &office, None, None).await;
    let job_path = format!("/api/admin/jobs/{job_id}");
    let change = |description: &'static str| {
        let office = office.clone();
        let job_path = job_path.clone();
        async move {
            let change: Value = office
                .send(Method::POST, &format!("{job_path}/changes"), &json!({}))
                .await
                .json()
                .await
                .unwrap();
            let path = format!("/api/admin/quotes/{}", change["id"].as_str().unwrap());
            let line = json!([{"description": description, "quantity": 100, "unit": "stk", "unit_price": 250_000, "vat": 25}]);
            assert_eq!(
                office.send(Method::PUT, &path, &json!({"lines": line})).await.status(),
                StatusCode::OK
            );
            (change["number"].as_str().unwrap().to_owned(), path)
        }
    };
    let (waiting_number, waiting) = change("Ekstra stikkontakt").await;
    let sent = office.send(Method::POST, &format!("{waiting}/send"), &json!({})).await;
    assert_eq!(sent.status(), StatusCode::OK);
    let (_, draft) = change("Dimmer i stua").await;
    assert_eq!(
        office.send(Method::PUT, &job_path, &json!({"status": "done"})).await.status(),
        StatusCode::OK
    );

    let refused = office.send(Method::POST, &format!("{job_path}/invoices"), &json!({})).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(refused).await,
        format!(
            "Tilleggsarbeid {waiting_number} venter på svar fra kunden. Registrer svaret eller trekk det tilbake før oppdraget faktureres."
        )
    );
    assert_eq!(app.count("invoices").await, 0, "no invoice");
    assert_eq!(
        office.send(Method::POST, &format!("{waiting}/withdraw"), &json!({})).await.status(),
        StatusCode::OK
    );
    let issued = office.send(Method::POST, &format!("{job_path}/invoices"), &json!({})).await;
    assert_eq!(issued.status(), StatusCode::CREATED);
    let invoice: Value = issued.json().await.unwrap();
    let year = app.state.clock.today().year();
    assert_eq!(invoice["number"], format!("{year}-0001"), "the refusal took no number");
    assert!(invoice["basis"]["additions"].as_array().unwrap().is_empty());

    // The draft left on the invoiced job: neither sent nor agreed.
    let told = fagfolk_data::quotes::JOB_INVOICED;
    let send = office.send(Method::POST, &format!("{draft}/send"), &json!({})).await;
    assert_eq!(send.status(), StatusCode::CONFLICT);
    assert_eq!(message(send).await, told);
    let agreed = office
        .send(Method::POST, &format!("{draft}/agreement"), &json!({"how": "phone", "name": "Åse Ødegård", "at": format!("{}T08:15", app.state.clock.today() - chrono::Duration::days(1)), "note": "Ja til dimmer."}))
        .await;
    assert_eq!(agreed.status(), StatusCode::CONFLICT);
    assert_eq!(message(agreed).await, told);
    let read: Value = office.get_json(&draft, &[]).await;
    assert_eq!(read["status"], "draft");
    let job: Value = office.get_json(&job_path, &[]).await;
    assert_eq!(
        job["meter"]["billable"], invoice["basis"]["totals"]["net"],
        "nothing added after the invoice"
    );
}

/// What "Marker som fakturert", "Krediter" and the invoice's file refuse once a job is
/// invoiced, each in its own Norwegian words (`fagfolk_data::invoices::Refused`).
async fn an_invoice_is_made_once_and_a_credit_note_is_never_credited(app: TestApp) {
    let office = app.admin().await;
    let (job_id, invoice) = invoiced_job(&app, &office).await;
    let again: Answer<Value> =
        office.call(Method::POST, &format!("/api/admin/jobs/{job_id}/invoices"), None).await;
    again.refused(StatusCode::CONFLICT, "Oppdraget er fakturert allerede.");
    let invoice_path = format!("/api/admin/invoices/{}", invoice["id"].as_str().unwrap());
    let odd: Answer<Value> = office.call(Method::GET, &format!("{invoice_path}?format=xml"), None).await;
    odd.refused(StatusCode::UNPROCESSABLE_ENTITY, "Velg json, csv, pdf eller ehf.");
    let credit = json!({"lines": [0], "reason": "Feil antall kvadratmeter"});
    let note: Id =
        office.call(Method::POST, &format!("{invoice_path}/credit-notes"), Some(&credit)).await.good();
    let twice: Answer<Value> = office
        .call(Method::POST, &format!("/api/admin/invoices/{}/credit-notes", note.id), Some(&credit))
        .await;
    twice.refused(StatusCode::CONFLICT, "En kreditnota kan ikke krediteres.");
    let none = json!({"lines": [99], "reason": ""});
    let refused: Answer<Value> =
        office.call(Method::POST, &format!("{invoice_path}/credit-notes"), Some(&none)).await;
    refused.refused(StatusCode::UNPROCESSABLE_ENTITY, "Velg minst én linje fra fakturaen.");
    assert_eq!(app.count("invoices").await, 2, "the invoice and its one credit note, nothing more");
}
