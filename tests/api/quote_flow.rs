//! The quote and the befaring as the customer and the office expect them (#41), on SQLite
//! and PostgreSQL, with every e-mail read back from a small SMTP server on a real socket:
//! "Revider" never strands the customer, a decline is asked once and told, the early-start
//! choice is in every copy, and an enquiry's address reaches the invitation.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::fixtures::pdf_text;
use crate::fixtures::{answer, draft, page_path, send};
use crate::helpers::{Session, TestApp, oslo_day};
use crate::invitations::parsed;
use crate::quote_mail::{addressed_to, attachment, next};
use crate::visits::{calendar_of, python};

type Mail = UnboundedReceiver<String>;

/// An e-mail as its reader gets it (Python's `email`): its subject, addressee, Reply-To and
/// plain text. Every e-mail has a plain-text part and an HTML part, and no line of the
/// plain part is longer than 78 characters, except a line that is one link.
pub(crate) fn letter(raw: &str) -> (String, String, String) {
    let (subject, to, _, text) = read(raw);
    (subject, to, text)
}

fn read(raw: &str) -> (String, String, Option<String>, String) {
    const READ: &str = r#"
import json, sys, email
from email import policy
message = email.message_from_bytes(sys.stdin.buffer.read(), policy=policy.default)
kinds = [p.get_content_type() for p in message.walk() if not p.get_filename()]
body = next(p for p in message.walk() if p.get_content_type() == "text/plain").get_content()
print(json.dumps({"subject": str(message["Subject"]), "to": str(message["To"]), "body": body,
                  "reply_to": str(message["Reply-To"]) if message["Reply-To"] else None,
                  "html": "text/html" in kinds}))
"#;
    let out = python(READ, raw);
    assert_eq!(out["html"], true, "an HTML part beside the text: {raw}");
    let text = out["body"].as_str().unwrap().to_owned();
    for line in text.lines() {
        let lone_link = line.starts_with("https://") && !line.contains(' ');
        assert!(line.chars().count() <= 78 || lone_link, "a line over 78 characters: {line:?}");
    }
    let field = |key: &str| out[key].as_str().unwrap().to_owned();
    (field("subject"), field("to"), out["reply_to"].as_str().map(str::to_owned), text)
}

/// `text` with its line breaks and runs of spaces as single spaces: a phrase is found
/// wherever the e-mail or the PDF wrapped it.
pub(crate) fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A member of staff who goes on befaringer.
async fn plumber(app: &TestApp) -> String {
    app.create_user("ola@fagfolk.test", crate::helpers::ADMIN_PASSWORD, fagfolk::users::Role::Editor)
        .await
        .to_string()
}

async fn status_of(staff: &Session, id: &str) -> String {
    staff.get_json(&format!("/api/admin/quotes/{id}"), &[]).await["status"].as_str().unwrap().to_owned()
}

async fn revise(staff: &Session, id: &str) -> reqwest::Response {
    staff.send(Method::POST, &format!("/api/admin/quotes/{id}/revise"), &json!({})).await
}

fn id(value: &Value) -> &str {
    value["id"].as_str().unwrap()
}

/// Revise makes a draft while version 1 stays open to the customer; withdrawing the draft
/// leaves version 1 as it was; only sending the new version replaces it, and its e-mail
/// and version 1's page say so.
async fn revising_keeps_the_sent_version_open_until_the_new_one_is_sent(app: TestApp, mut mail: Mail) {
    let staff = app.admin().await;
    let (_, v1) = draft(&staff, "private").await;
    let link = page_path(&send(&staff, &v1).await);
    next(&mut mail).await;

    let v2: Value = {
        let revised = revise(&staff, id(&v1)).await;
        assert_eq!(revised.status(), StatusCode::CREATED);
        revised.json().await.unwrap()
    };
    assert_eq!((v2["version"].as_i64(), v2["status"].as_str()), (Some(2), Some("draft")));
    assert_eq!(status_of(&staff, id(&v1)).await, "sent", "version 1 is not retired by the draft");
    let page = app.get(&link).await.text().await.unwrap();
    assert!(page.contains("Aksepter tilbudet") && !page.contains("erstattet"), "{page}");
    let again = revise(&staff, id(&v1)).await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    assert_eq!(
        again.json::<Value>().await.unwrap()["error"],
        "Det finnes alt en nyere versjon av tilbudet. Fortsett i den, eller trekk den tilbake først."
    );

    // Withdrawing the draft leaves version 1 open; a new revision is version 3.
    let pulled =
        staff.send(Method::POST, &format!("/api/admin/quotes/{}/withdraw", id(&v2)), &json!({})).await;
    assert_eq!(pulled.status(), StatusCode::OK);
    assert_eq!(status_of(&staff, id(&v1)).await, "sent");
    assert!(app.get(&link).await.text().await.unwrap().contains("Aksepter tilbudet"));
    let v3: Value = revise(&staff, id(&v1)).await.json().await.unwrap();
    assert_eq!(v3["version"].as_i64(), Some(3));

    // Sent, version 3 replaces version 1, and both say so.
    let sent = send(&staff, &v3).await;
    let (_, _, reply_to, body) = read(&next(&mut mail).await);
    assert_eq!(reply_to.as_deref(), Some("admin@fagfolk.test"), "answers go to whoever sent the quote");
    assert!(
        flat(&body).contains("Dette er versjon 3 av tilbudet. Den erstatter versjonen vi sendte deg før")
            && flat(&body).contains("som ikke lenger kan aksepteres"),
        "{body}"
    );
    assert_eq!(status_of(&staff, id(&v1)).await, "replaced");
    assert_eq!(status_of(&staff, id(&v2)).await, "withdrawn");
    let old = app.get(&link).await.text().await.unwrap();
    assert!(
        old.contains("Tilbudet er erstattet av versjon 3.") && !old.contains("Aksepter tilbudet"),
        "{old}"
    );
    let refused =
        answer(&app, &link, "handling=aksepter&versjon=1&navn=Kari+Nordmann&lest=on", &app.url("")).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);

    // "Send lenken på nytt": a new link, e-mailed; the one before stops.
    let before = page_path(&sent);
    let renewed =
        staff.send(Method::POST, &format!("/api/admin/quotes/{}/new-link", id(&v3)), &json!({})).await;
    assert_eq!(renewed.status(), StatusCode::OK);
    let renewed: Value = renewed.json().await.unwrap();
    assert_eq!(renewed["emailed"], true);
    let (subject, _, reply_to, body) = read(&next(&mut mail).await);
    assert!(subject.starts_with("Ny lenke til tilbud"), "{subject}");
    assert_eq!(reply_to.as_deref(), Some("admin@fagfolk.test"));
    assert!(body.contains(renewed["link"].as_str().unwrap()), "{body}");
    assert_eq!(app.get(&before).await.status(), StatusCode::NOT_FOUND, "the old link stops");
    let sent = renewed;
    assert!(app.get(&page_path(&sent)).await.text().await.unwrap().contains("Aksepter tilbudet"));
    let withdrawn_one =
        staff.send(Method::POST, &format!("/api/admin/quotes/{}/new-link", id(&v2)), &json!({})).await;
    assert_eq!(withdrawn_one.status(), StatusCode::CONFLICT);

    // Files are named by the number and the version.
    let year = chrono::Utc::now().format("%Y").to_string();
    let pdf = staff.get(&format!("/api/admin/quotes/{}/pdf", id(&v3))).await;
    assert_eq!(
        pdf.headers()["content-disposition"],
        format!("inline; filename=\"Tilbud-{year}-0001-v3.pdf\"").as_str()
    );
    let customer_pdf = app.get(&format!("{}/pdf", page_path(&sent))).await;
    assert_eq!(
        customer_pdf.headers()["content-disposition"],
        format!("inline; filename=\"Tilbud-{year}-0001-v3.pdf\"").as_str()
    );
    app.stop().await;
}

/// A customer who accepts version 1 while version 2 is a draft has a contract: version 2
/// is then not sent, and says why.
async fn an_accepted_version_stops_its_draft_revision_from_being_sent(app: TestApp, _mail: Mail) {
    let staff = app.admin().await;
    let (_, v1) = draft(&staff, "private").await;
    let link = page_path(&send(&staff, &v1).await);
    let v2: Value = revise(&staff, id(&v1)).await.json().await.unwrap();
    let yes =
        answer(&app, &link, "handling=aksepter&versjon=1&navn=Kari+Nordmann&lest=on", &app.url("")).await;
    assert_eq!(yes.status(), StatusCode::SEE_OTHER);
    let refused = staff.send(Method::POST, &format!("/api/admin/quotes/{}/send", id(&v2)), &json!({})).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    assert_eq!(
        refused.json::<Value>().await.unwrap()["error"],
        "Kunden har akseptert versjon 1 av tilbudet. Denne versjonen er ikke sendt; trekk den tilbake."
    );
    assert_eq!(status_of(&staff, id(&v2)).await, "draft");
    assert_eq!(status_of(&staff, id(&v1)).await, "accepted");
    app.stop().await;
}

/// Declining asks once (a box to tick, the reason kept when it is not), moves the lead to
/// the pipeline's lost status and tells staff with the reason.
async fn a_decline_is_confirmed_moves_the_lead_and_tells_staff(app: TestApp, mut mail: Mail) {
    let staff = app.admin().await;
    let (lead, quote) = draft(&staff, "private").await;
    let link = page_path(&send(&staff, &quote).await);
    next(&mut mail).await;
    let origin = app.url("");

    let unconfirmed =
        answer(&app, &link, "handling=avsla&versjon=1&grunn=Vi+venter+til+neste+%C3%A5r.", &origin).await;
    assert_eq!(unconfirmed.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = unconfirmed.text().await.unwrap();
    assert!(html.contains("Kryss av for å bekrefte at du vil avslå tilbudet."), "{html}");
    assert!(html.contains("Vi venter til neste år."), "the reason typed is kept: {html}");
    assert_eq!(status_of(&staff, id(&quote)).await, "sent");

    let confirmed = answer(
        &app,
        &link,
        "handling=avsla&versjon=1&grunn=Vi+venter+til+neste+%C3%A5r.&bekreft=on",
        &origin,
    )
    .await;
    assert_eq!(confirmed.status(), StatusCode::SEE_OTHER);
    assert_eq!(status_of(&staff, id(&quote)).await, "declined");
    let lead_now = staff.get_json(&format!("/api/admin/leads/{}", id(&lead)), &[]).await;
    assert_eq!(lead_now["status"], "Tapt", "the lead moves to the status that means lost");
    let (subject, to, reply_to, body) = read(&next(&mut mail).await);
    let year = chrono::Utc::now().format("%Y").to_string();
    assert_eq!(
        (subject.as_str(), to.as_str()),
        (format!("Tilbud {year}-0001 er avslått").as_str(), "post@fagfolk.test")
    );
    assert_eq!(reply_to.as_deref(), Some("oystein@example.no"), "staff answer the customer");
    assert!(
        flat(&body).contains("Øystein Åsen avslo tilbud") && body.contains("Vi venter til neste år."),
        "{body}"
    );
    assert!(body.contains(&format!("/admin/leads/{}", id(&lead))), "{body}");
    app.stop().await;
}

/// The early-start choice, the version and the time of acceptance are in the staff's
/// e-mail, the customer's confirmation and the accepted PDF; the page thanks and says
/// what happens next.
async fn the_early_start_choice_is_in_every_copy_of_an_acceptance(app: TestApp, mut mail: Mail) {
    let staff = app.admin().await;
    let (_, quote) = draft(&staff, "private").await;
    let with_angrerett = staff
        .send(Method::PUT, &format!("/api/admin/quotes/{}", id(&quote)), &json!({ "angrerett": true }))
        .await;
    assert_eq!(with_angrerett.status(), StatusCode::OK);
    // Sent with a personal message, which opens the customer's e-mail.
    let sent = staff
        .send(
            Method::POST,
            &format!("/api/admin/quotes/{}/send", id(&quote)),
            &json!({ "message": "Takk for sist!\nHer er tilbudet." }),
        )
        .await;
    assert_eq!(sent.status(), StatusCode::OK);
    let link = page_path(&sent.json().await.unwrap());
    let (_, _, body) = letter(&next(&mut mail).await);
    assert!(
        body.starts_with("Hei Øystein Åsen!\n\nTakk for sist!\nHer er tilbudet.\n\nTakk for forespørselen."),
        "{body}"
    );
    let yes = answer(
        &app,
        &link,
        "handling=aksepter&versjon=1&navn=%C3%98ystein+%C3%85sen&lest=on&tidlig_start=on",
        &app.url(""),
    )
    .await;
    assert_eq!(yes.status(), StatusCode::SEE_OTHER);
    let (first, second) = (next(&mut mail).await, next(&mut mail).await);
    let (to_staff, to_customer) =
        if addressed_to(&first, "post@fagfolk.test") { (first, second) } else { (second, first) };
    let (_, _, staff_reply_to, staff_body) = read(&to_staff);
    assert_eq!(staff_reply_to.as_deref(), Some("oystein@example.no"));
    assert!(
        flat(&staff_body).contains("(versjon 1,")
            && flat(&staff_body).contains(" kl. ")
            && flat(&staff_body)
                .contains("Kunden ba om at arbeidet starter før angrefristen på 14 dager er ute."),
        "{staff_body}"
    );
    let (_, _, customer_reply_to, customer_body) = read(&to_customer);
    assert_eq!(
        customer_reply_to.as_deref(),
        Some("admin@fagfolk.test"),
        "the customer answers whoever made the quote"
    );
    assert!(
        flat(&customer_body).contains("(versjon 1)")
            && flat(&customer_body)
                .contains("Du ba om at arbeidet starter før angrefristen på 14 dager er ute."),
        "{customer_body}"
    );
    let stamped = flat(&pdf_text(&attachment(&to_customer)));
    assert!(
        stamped.contains("kl.")
            && stamped.contains("av Øystein Åsen")
            && stamped.contains("Du ba om at arbeidet starter før angrefristen"),
        "{stamped}"
    );
    let page = app.get(&link).await.text().await.unwrap();
    assert!(
        page.contains("Takk for at du valgte oss!")
            && page.contains("Du ba om at arbeidet starter før angrefristen")
            && page.contains("Vi tar kontakt for å avtale oppstart.")
            && page.contains(
                "En bekreftelse med det aksepterte tilbudet som PDF er sendt til oystein@example.no."
            ),
        "{page}"
    );
    app.stop().await;
}

/// The firm visits every day, ten days ahead, so the offered days do not depend on today.
async fn every_day(staff: &Session) {
    let body = json!({ "visit_days": { "days_ahead": 10, "weekdays": [1, 2, 3, 4, 5, 6, 7] } });
    assert_eq!(staff.send(Method::PUT, "/api/admin/settings", &body).await.status(), 200);
}

/// An enquiry with an address, two days and the staff's e-mail that names them; the lead
/// keeps the address and the befaring's invitation is at it. Without JavaScript the
/// address is taken too, and a postcode that is not four digits is refused in Norwegian.
async fn an_enquirys_address_reaches_the_staff_and_the_invitation(app: TestApp, mut mail: Mail) {
    let staff = app.admin().await;
    every_day(&staff).await;
    let enquiry = json!({
        "name": "Kari Nordmann", "email": "kari@example.no", "phone": "912 34 567",
        "message": "Sikringen går.", "address": "Storgata 1", "postcode": "0155",
        "preferred_times": [{ "day": oslo_day(2), "part": "formiddag" }, { "day": oslo_day(3), "part": "ettermiddag" }],
    });
    assert_eq!(app.post_json("/api/contact", &enquiry).await.status(), StatusCode::CREATED);
    let leads = staff.get_json("/api/admin/leads", &[]).await;
    let lead = leads["items"][0].clone();
    assert_eq!((lead["adresse"].as_str(), lead["postnr"].as_str()), (Some("Storgata 1"), Some("0155")));
    let (subject, _, body) = letter(&next(&mut mail).await);
    assert_eq!(subject, "Ny henvendelse fra Kari Nordmann");
    assert!(body.contains("Adresse: Storgata 1, 0155"), "{body}");
    assert!(
        body.contains("Ønsket tid for befaring:")
            && body.contains("formiddag")
            && body.contains("ettermiddag"),
        "{body}"
    );
    assert!(body.contains("Bilder: ingen"), "{body}");
    assert!(body.contains(&format!("/admin/leads/{}", id(&lead))), "the lead's own page: {body}");
    // The customer's receipt repeats what they sent.
    let (subject, to, reply_to, receipt) = read(&next(&mut mail).await);
    assert_eq!((subject.as_str(), to.as_str()), ("Vi har mottatt henvendelsen din", "kari@example.no"));
    assert_eq!(reply_to, None, "answers go to the firm's own address");
    assert!(
        receipt.contains("Adresse: Storgata 1, 0155")
            && receipt.contains("Ønsket tid for befaring:")
            && receipt.contains("Sikringen går.")
            && !receipt.contains("/admin/"),
        "{receipt}"
    );

    let ola = plumber(&app).await;
    let booking = json!({ "day": oslo_day(2), "start": "09:00", "minutes": 60, "staff_id": ola });
    let booked = staff.send(Method::POST, &format!("/api/admin/leads/{}/visits", id(&lead)), &booking).await;
    assert_eq!(booked.status(), StatusCode::CREATED);
    let (first, second) = (next(&mut mail).await, next(&mut mail).await);
    let (to_customer, to_staff) =
        if addressed_to(&first, "kari@example.no") { (first, second) } else { (second, first) };
    let (_, text, _) = calendar_of(&to_customer);
    assert_eq!(parsed(&text)["location"], "Storgata 1, 0155");
    assert_eq!(
        read(&to_customer).2.as_deref(),
        Some("ola@fagfolk.test"),
        "the customer answers whoever comes"
    );
    assert_eq!(read(&to_staff).2.as_deref(), Some("kari@example.no"), "whoever goes answers the customer");

    let wrong = json!({
        "name": "Per Hansen", "email": "per@example.no", "phone": "913 34 567",
        "message": "Vasken lekker.", "postcode": "155",
    });
    let refused = app.post_json("/api/contact", &wrong).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.json::<Value>().await.unwrap()["fields"]["postcode"],
        "Skriv postnummeret med fire sifre, for eksempel 0155."
    );
    let form = "name=Per+Hansen&email=per%40example.no&phone=913+34+567&service=&message=Vasken+lekker.\
                &address=Kirkeveien+2&postcode=0364&website=";
    let posted = crate::preferred_times::post_form(&app, form).await;
    assert_eq!(posted.status(), StatusCode::SEE_OTHER);
    let leads = staff.get_json("/api/admin/leads", &[]).await;
    let per =
        leads["items"].as_array().unwrap().iter().find(|lead| lead["name"] == "Per Hansen").unwrap().clone();
    assert_eq!((per["adresse"].as_str(), per["postnr"].as_str()), (Some("Kirkeveien 2"), Some("0364")));
    app.stop().await;
}

/// A lead without an address is given one in the befaring's dialog: it is stored on the
/// lead, logged, and written in the invitation.
async fn a_booking_gives_a_lead_without_an_address_one(app: TestApp, mut mail: Mail) {
    let staff = app.admin().await;
    let lead: Value = staff
        .send(
            Method::POST,
            "/api/admin/leads",
            &json!({ "name": "Kari Nordmann", "status": "Ny", "email": "kari@example.no", "phone": "912 34 567" }),
        )
        .await
        .json()
        .await
        .unwrap();
    let ola = plumber(&app).await;
    let bad = json!({ "day": oslo_day(2), "start": "09:00", "minutes": 60, "staff_id": ola,
                      "address": "Storgata 1", "postcode": "15" });
    let refused = staff.send(Method::POST, &format!("/api/admin/leads/{}/visits", id(&lead)), &bad).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.json::<Value>().await.unwrap()["fields"]["postcode"],
        "Skriv postnummeret med fire sifre, for eksempel 0155."
    );
    let booking = json!({ "day": oslo_day(2), "start": "09:00", "minutes": 60, "staff_id": ola,
                          "address": "Storgata 1", "postcode": "0155" });
    let booked = staff.send(Method::POST, &format!("/api/admin/leads/{}/visits", id(&lead)), &booking).await;
    assert_eq!(booked.status(), StatusCode::CREATED);
    let now = staff.get_json(&format!("/api/admin/leads/{}", id(&lead)), &[]).await;
    assert_eq!((now["adresse"].as_str(), now["postnr"].as_str()), (Some("Storgata 1"), Some("0155")));
    let logged = crate::helpers::audit_entries(&app).await;
    assert!(
        logged.iter().any(|(action, table, entity, ..)| action == "update"
            && table == "leads"
            && entity.as_deref() == Some(id(&lead))),
        "{logged:?}"
    );
    let (first, second) = (next(&mut mail).await, next(&mut mail).await);
    let to_customer = if addressed_to(&first, "kari@example.no") { first } else { second };
    let (_, text, _) = calendar_of(&to_customer);
    assert_eq!(parsed(&text)["location"], "Storgata 1, 0155");
    app.stop().await;
}

/// A business quote, to the company with its contact person. Its PDF: a 999 999,99 kroner line keeps each column's figures apart
/// (read with `pdftotext -layout`), the MVA total names its rate, the firm's org.nr. says
/// "MVA" and "Foretaksregisteret" (Fagfolk AS), the contact person is named, and the
/// terms do not cite the consumer law; the rounding note is for staff only.
async fn a_business_quote_reads_right_with_six_digit_amounts(app: TestApp, _mail: Mail) {
    let staff = app.admin().await;
    let (lead, _) = draft(&staff, "business").await;
    let line = json!({ "description": "Totalentreprise", "quantity": 100, "unit": "stk", "unit_price": 99_999_999, "vat": 25 });
    let made = staff
        .send(
            Method::POST,
            &format!("/api/admin/leads/{}/quotes", id(&lead)),
            &json!({ "customer_kind": "business", "customer_company": "Borettslaget Solsiden", "org_nr": "987 654 321",
                     "price_type": "fixed", "lines": [line] }),
        )
        .await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let quote: Value = made.json().await.unwrap();
    let sent = send(&staff, &quote).await;
    let layout = pdf_text(&app.get(&format!("{}/pdf", page_path(&sent))).await.bytes().await.unwrap());
    let text = flat(&layout);
    let row = layout.lines().find(|line| line.contains("Totalentreprise")).expect("the line is in the PDF");
    let columns: Vec<&str> = row.split("  ").map(str::trim).filter(|cell| !cell.is_empty()).collect();
    assert!(columns.contains(&"25 %"), "{row:?}");
    assert_eq!(
        columns.iter().filter(|cell| **cell == "999 999,99 kr").count(),
        2,
        "unit price and amount apart: {row:?}"
    );
    assert!(text.contains("MVA 25 %") && text.contains("250 000,00 kr"), "{text}");
    assert!(text.contains("Org.nr. 923 456 789 MVA") && text.contains("Foretaksregisteret"), "{text}");
    assert!(text.contains("Kontakt") && text.contains("Test Bruker"), "{text}");
    assert!(
        text.contains("Tillegg kan bare kreves for endringer eller tilleggsarbeid dere ber om."),
        "{text}"
    );
    assert!(!text.contains("håndverkertjenesteloven") && !text.contains("avrundet"), "{text}");
    // Addressed to the company, with its contact person.
    assert!(text.contains("Til Borettslaget Solsiden") && text.contains("Øystein Åsen"), "{text}");
    let page = app.get(&page_path(&sent)).await.text().await.unwrap();
    assert!(page.contains("Til Borettslaget Solsiden, v/ Øystein Åsen"), "{page}");
    app.stop().await;
}

/// Oppdrag (#44): the first entry held by the estimate tells the office by e-mail, once;
/// a change order's e-mail and its acceptance call it tilleggsarbeid and point to the job.
async fn a_job_at_its_estimate_tells_the_office_once_and_a_change_order_mails_as_itself(
    app: TestApp,
    mut mail: Mail,
) {
    let staff = app.admin().await;
    let origin = app.url("");
    let (_, quote) = draft(&staff, "private").await;
    let path = format!("/api/admin/quotes/{}", id(&quote));
    assert_eq!(staff.send(Method::PUT, &path, &json!({"price_type": "estimate"})).await.status(), 200);
    let link = page_path(&send(&staff, &quote).await);
    next(&mut mail).await;
    let yes = answer(&app, &link, "handling=aksepter&versjon=1&navn=%C3%98ystein+%C3%85sen&lest=on", &origin);
    assert_eq!(yes.await.status(), StatusCode::SEE_OTHER);
    let (_, _) = (next(&mut mail).await, next(&mut mail).await);
    let job: Value = staff.send(Method::POST, &format!("{path}/job"), &json!({})).await.json().await.unwrap();
    let job_id = id(&job).to_owned();

    // A whole day at 950 kr is more than the estimate's 22 724,50 kr: saved and held, and
    // the office told.
    let day = |offset| json!({"job_id": job_id, "day": oslo_day(offset), "minutes": 1440});
    let held = staff.send(Method::POST, "/api/admin/time", &day(0)).await;
    assert_eq!(held.status(), StatusCode::CREATED);
    assert_eq!(held.json::<Value>().await.unwrap()["held"], true);
    let (subject, to, reply_to, body) = read(&next(&mut mail).await);
    assert_eq!(
        (subject.as_str(), to.as_str(), reply_to),
        ("Oppdraget «Flislegging av våtrom» har passert prisoverslaget", "post@fagfolk.test", None)
    );
    let body = flat(&body);
    assert!(
        body.contains(
            "Test Bruker har ført mer på oppdraget «Flislegging av våtrom» (Øystein Åsen) enn prisoverslaget"
        ),
        "{body}"
    );
    assert!(
        body.contains("faktureres ikke før kontakten med kunden er registrert på oppdragets side"),
        "{body}"
    );
    assert!(body.contains(&format!("/admin/oppdrag/{job_id}")), "{body}");
    // Held again: no second e-mail. The next one is the change order's.
    let again = staff.send(Method::POST, "/api/admin/time", &day(-1)).await;
    assert_eq!(again.json::<Value>().await.unwrap()["held"], true);
    let change: Value = staff
        .send(Method::POST, &format!("/api/admin/jobs/{job_id}/changes"), &json!({}))
        .await
        .json()
        .await
        .unwrap();
    let line = json!([{"description": "Ekstra sluk", "quantity": 100, "unit": "stk", "unit_price": 300_000, "vat": 25}]);
    let change_path = format!("/api/admin/quotes/{}", id(&change));
    assert_eq!(staff.send(Method::PUT, &change_path, &json!({"lines": line})).await.status(), 200);
    let change_link = page_path(&send(&staff, &change).await);
    let message = next(&mut mail).await;
    assert!(attachment(&message).starts_with(b"%PDF"));
    assert!(
        message.contains(&format!("filename=\"Tilleggsarbeid-{}.pdf\"", change["number"].as_str().unwrap()))
    );
    let (subject, to, _, body) = read(&message);
    assert_eq!(to, "oystein@example.no");
    assert!(
        subject.starts_with(&format!("Tilbud på tilleggsarbeid {} fra ", change["number"].as_str().unwrap()))
    );
    assert!(flat(&body).contains("Her er tilbudet vårt på tilleggsarbeid, nummer"), "{body}");
    let yes = answer(
        &app,
        &change_link,
        "handling=aksepter&versjon=1&navn=%C3%98ystein+%C3%85sen&lest=on",
        &origin,
    );
    assert_eq!(yes.await.status(), StatusCode::SEE_OTHER);
    let (first, second) = (next(&mut mail).await, next(&mut mail).await);
    let to_staff = if addressed_to(&first, "post@fagfolk.test") { first } else { second };
    let (subject, _, _, body) = read(&to_staff);
    assert_eq!(
        subject,
        format!("Tilbud på tilleggsarbeid {} er akseptert", change["number"].as_str().unwrap())
    );
    assert!(flat(&body).contains("Øystein Åsen aksepterte tilbud på tilleggsarbeid"), "{body}");
    assert!(
        flat(&body).contains("Åpne oppdraget: ") && body.contains(&format!("/admin/oppdrag/{job_id}")),
        "{body}"
    );
    app.stop().await;
}

crate::mail_tests!(
    a_business_quote_reads_right_with_six_digit_amounts,
    revising_keeps_the_sent_version_open_until_the_new_one_is_sent,
    an_accepted_version_stops_its_draft_revision_from_being_sent,
    a_decline_is_confirmed_moves_the_lead_and_tells_staff,
    the_early_start_choice_is_in_every_copy_of_an_acceptance,
    an_enquirys_address_reaches_the_staff_and_the_invitation,
    a_booking_gives_a_lead_without_an_address_one,
    a_job_at_its_estimate_tells_the_office_once_and_a_change_order_mails_as_itself,
);
