//! The samsvarserklæring (#45), on SQLite and PostgreSQL: a draft from the firm's
//! defaults, saved, refused for signing under each field until it holds what forskrift om
//! elektriske lavspenningsanlegg § 13 asks, signed by the responsible person and never
//! changed after; its PDF read back by `pdftotext` with each required field; handed to
//! the customer by e-mail when signed and on their quote's page; and kept whatever an
//! erasure asks. Each test starts from a job with a draft (`drafted`).

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::fixtures::{answer, page_path, pdf_text, send};
use crate::helpers::{ADMIN_PASSWORD, Session, TestApp, audit_entries, create_lead, phone_photo};
use fagfolk::users::Role;

crate::mail_tests!(
    a_draft_starts_from_the_defaults_and_signing_names_what_is_missing,
    a_declarations_photos_are_judged_remade_and_at_most_eight,
    only_the_responsible_person_signs_and_the_customer_gets_it,
    a_signed_declaration_is_kept_through_an_erasure,
);

/// A job from an accepted quote, the firm's declaration defaults set, and an electrician
/// (an editor) to be responsible: what each test starts from.
struct Drafted {
    office: Session,
    electrician: uuid::Uuid,
    job: Value,
    /// The customer's quote page.
    page: String,
    /// The job's declaration, `/api/admin/jobs/{id}/declaration`.
    path: String,
}

async fn drafted(app: &TestApp) -> Drafted {
    let office = app.admin().await;
    let electrician = app.create_user("elektriker@fagfolk.test", ADMIN_PASSWORD, Role::Editor).await;
    let mut settings: Value = office.get_json("/api/admin/settings", &[]).await;
    assert_eq!(settings["declaration_defaults"]["norms"], "NEK 400:2022");
    settings["company_name"] = "Fagfolk Elektro AS".into();
    settings["declaration_defaults"]["registration"] = "987 654 325".into();
    settings["declaration_defaults"]["checks"] =
        json!(["Isolasjonsresistansen er målt", "Jordfeilbryterne er prøvd"]);
    assert_eq!(office.send(Method::PUT, "/api/admin/settings", &settings).await.status(), StatusCode::OK);
    let lead = create_lead(
        &office,
        json!({"name": "Ærlige Øystein Åsen", "email": "oystein@example.no", "phone": "912 34 567"}),
    )
    .await;
    let line = json!({"description": "Nytt sikringsskap", "quantity": 100, "unit": "stk", "unit_price": 1_500_000, "vat": 25});
    let quote: Value = office
        .send(
            Method::POST,
            &format!("/api/admin/leads/{}/quotes", lead["id"].as_str().unwrap()),
            &json!({"lines": [line], "customer_address": "Ærfuglveien 3, 0580 Oslo"}),
        )
        .await
        .json()
        .await
        .unwrap();
    let page = page_path(&send(&office, &quote).await);
    let yes =
        answer(app, &page, "handling=aksepter&versjon=1&navn=%C3%98ystein+%C3%85sen&lest=on", &app.url(""))
            .await;
    assert_eq!(yes.status(), StatusCode::SEE_OTHER);
    let job: Value = office
        .send(Method::POST, &format!("/api/admin/quotes/{}/job", quote["id"].as_str().unwrap()), &json!({}))
        .await
        .json()
        .await
        .unwrap();
    let path = format!("/api/admin/jobs/{}/declaration", job["id"].as_str().unwrap());
    Drafted { office, electrician, job, page, path }
}

impl Drafted {
    /// Saves everything signing asks for, the electrician responsible.
    async fn complete(&self) {
        let draft: Value = self.office.get_json(&self.path, &[]).await;
        let risk: Vec<Value> = draft["risk"]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| json!({"text": item["text"], "done": true}))
            .collect();
        let complete = json!({
            "kind": "change",
            "description": "Nytt sikringsskap med jordfeilbrytere og to nye kurser på kjøkkenet.",
            "risk": risk,
            "checks": [{"text": "Isolasjonsresistansen er målt", "done": true}, {"text": "Jordfeilbryterne er prøvd", "done": true}],
            "circuits": [
                {"number": "1", "purpose": "Stikkontakter kjøkken", "protection": "C16", "cable": "PFSP 3G2,5", "rcd": "30 mA type A"},
                {"number": "2", "purpose": "Komfyr", "protection": "C25", "cable": "PFSP 3G4", "rcd": "30 mA type A"},
            ],
            "responsible_id": self.electrician.to_string(),
            "responsible_certificate": "Autorisert elinstallatør, gruppe L",
        });
        assert_eq!(self.office.send(Method::PUT, &self.path, &complete).await.status(), StatusCode::OK);
    }

    /// Adds a photo from the job with `caption`, as the office.
    async fn upload(&self, bytes: Vec<u8>, name: &'static str, caption: &str) -> reqwest::Response {
        let form = reqwest::multipart::Form::new()
            .part("photo", reqwest::multipart::Part::bytes(bytes).file_name(name))
            .text("caption", caption.to_owned());
        self.office
            .request(Method::POST, &format!("{}/photos", self.path))
            .multipart(form)
            .send()
            .await
            .unwrap()
    }

    /// Signs as the responsible electrician; the signed declaration.
    async fn sign(&self, app: &TestApp) -> Value {
        let responsible = app.login("elektriker@fagfolk.test", ADMIN_PASSWORD).await;
        let signed = responsible.send(Method::POST, &format!("{}/sign", self.path), &json!({})).await;
        assert_eq!(signed.status(), StatusCode::OK);
        signed.json().await.unwrap()
    }
}

async fn a_draft_starts_from_the_defaults_and_signing_names_what_is_missing(
    app: TestApp,
    _mail: UnboundedReceiver<String>,
) {
    let Drafted { office, path, .. } = drafted(&app).await;
    // A new draft: the job's address, the firm's norms and checklists, nothing stored yet.
    let draft: Value = office.get_json(&path, &[]).await;
    assert_eq!(draft["address"], "Ærfuglveien 3, 0580 Oslo");
    assert_eq!(draft["checks"][1], json!({"text": "Jordfeilbryterne er prøvd", "done": false}));
    assert_eq!(draft["signed_at"], Value::Null);
    let early = office.send(Method::POST, &format!("{path}/sign"), &json!({})).await;
    assert_eq!(early.status(), StatusCode::NOT_FOUND, "nothing saved to sign");

    // Saved with a check not done, no circuit and no responsible person: signing names each.
    let risk: Vec<Value> = draft["risk"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| json!({"text": item["text"], "done": true}))
        .collect();
    let saved = office
        .send(Method::PUT, &path, &json!({"kind": "change", "description": "Nytt sikringsskap med jordfeilbrytere og to nye kurser på kjøkkenet.", "risk": risk, "checks": [{"text": "Isolasjonsresistansen er målt", "done": true}, {"text": "Jordfeilbryterne er prøvd", "done": false}]}))
        .await;
    assert_eq!(saved.status(), StatusCode::OK);
    let refused = office.send(Method::POST, &format!("{path}/sign"), &json!({})).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let refused: Value = refused.json().await.unwrap();
    assert_eq!(refused["fields"]["responsible_id"], "Velg den faglig ansvarlige.");
    assert_eq!(refused["fields"]["circuits"], "Før opp minst én kurs i kursfortegnelsen.");
    assert_eq!(
        refused["fields"]["checks"],
        "Sluttkontrollen må være utført og bestått i hvert punkt før erklæringen signeres."
    );
    let bad = office
        .send(
            Method::PUT,
            &path,
            &json!({"responsible_id": "ikke en bruker", "description": "x".repeat(5_001)}),
        )
        .await;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let bad: Value = bad.json().await.unwrap();
    assert_eq!(bad["fields"]["responsible_id"], "Velg den ansvarlige blant brukerne.");
    let kept: Value = office.get_json(&path, &[]).await;
    assert!(kept["description"].as_str().unwrap().starts_with("Nytt sikringsskap"), "nothing lost");
}

/// Photos from the job: judged by content, remade upright without the phone's metadata,
/// at most eight, and taken away again.
async fn a_declarations_photos_are_judged_remade_and_at_most_eight(
    app: TestApp,
    _mail: UnboundedReceiver<String>,
) {
    let drafted = drafted(&app).await;
    drafted.complete().await;
    let (office, photos) = (&drafted.office, format!("{}/photos", drafted.path));
    let text = drafted.upload(b"ikke et bilde".to_vec(), "notat.txt", "").await;
    assert_eq!(text.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let text: Value = text.json().await.unwrap();
    assert_eq!(text["fields"]["photo"], "Filtypen støttes ikke. Legg til bilder i JPEG, PNG eller WebP.");
    let long = drafted.upload(phone_photo(), "skap.jpg", &"x".repeat(201)).await;
    assert_eq!(long.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let added = drafted.upload(phone_photo(), "skap.jpg", "Sikringsskapet åpent, før lokket").await;
    assert_eq!(added.status(), StatusCode::CREATED);
    let added: Value = added.json().await.unwrap();
    assert_eq!((added["width"].as_i64(), added["height"].as_i64()), (Some(32), Some(64)), "turned upright");
    let photo_path = format!("{photos}/{}", added["id"].as_str().unwrap());
    let jpeg = office.get(&photo_path).await;
    assert_eq!(jpeg.headers()["content-type"], "image/jpeg");
    let jpeg = jpeg.bytes().await.unwrap();
    assert!(
        !jpeg.windows(5).any(|w| w == b"Apple") && !jpeg.windows(4).any(|w| w == b"Exif"),
        "no metadata kept"
    );
    assert_eq!(office.get(&format!("{photo_path}?size=liten")).await.status(), StatusCode::OK);
    for round in 0..7 {
        let more = drafted.upload(phone_photo(), "mer.jpg", &format!("Kurs {round}")).await;
        assert_eq!(more.status(), StatusCode::CREATED);
    }
    let ninth = drafted.upload(phone_photo(), "mer.jpg", "").await;
    assert_eq!(ninth.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let ninth: Value = ninth.json().await.unwrap();
    assert!(ninth["fields"]["photo"].as_str().unwrap().contains("8 bilder"), "{ninth}");
    let listed: Value = office.get_json(&photos, &[]).await;
    let last = listed[7]["id"].as_str().unwrap().to_owned();
    // A camera's photo is larger than any JSON body: room is made for it (one removed first).
    let gone = office.delete(&format!("{photos}/{last}")).await;
    assert_eq!(gone.status(), StatusCode::NO_CONTENT);
    let large = noisy_png(400, 300);
    assert!(large.len() > 200 * 1024, "{} bytes", large.len());
    let taken = drafted.upload(large, "kamera.png", "Fra kameraet").await;
    assert_eq!(taken.status(), StatusCode::CREATED, "{:?}", taken.text().await);
    let listed: Value = office.get_json(&photos, &[]).await;
    let last = listed[7]["id"].as_str().unwrap().to_owned();
    for id in &listed.as_array().unwrap()[1..] {
        let gone = office.delete(&format!("{photos}/{}", id["id"].as_str().unwrap())).await;
        assert_eq!(gone.status(), StatusCode::NO_CONTENT);
    }
    assert_eq!(office.get(&format!("{photos}/{last}")).await.status(), StatusCode::NOT_FOUND);
    let listed: Value = office.get_json(&photos, &[]).await;
    assert_eq!(listed.as_array().unwrap().len(), 1);
}

/// Only the responsible person signs, in their own name (issue #58, finding 6), not the
/// office for them; then it is e-mailed to the customer as a PDF with every field the
/// regulation asks for, fixed with its photos, and on the customer's quote page once the
/// job is done.
async fn only_the_responsible_person_signs_and_the_customer_gets_it(
    app: TestApp,
    mut mail: UnboundedReceiver<String>,
) {
    let drafted = drafted(&app).await;
    drafted.complete().await;
    let Drafted { office, path, page, job, .. } = &drafted;
    let added = drafted.upload(phone_photo(), "skap.jpg", "Sikringsskapet åpent, før lokket").await;
    assert_eq!(added.status(), StatusCode::CREATED);
    let added: Value = added.json().await.unwrap();
    let photo_path = format!("{path}/photos/{}", added["id"].as_str().unwrap());

    let for_them = office.send(Method::POST, &format!("{path}/sign"), &json!({})).await;
    assert_eq!(for_them.status(), StatusCode::FORBIDDEN);
    let refusal: Value = for_them.json().await.unwrap();
    assert_eq!(
        refusal["error"],
        "Bare den ansvarlige, Test Bruker, kan signere erklæringen, innlogget som seg selv."
    );
    let signed = drafted.sign(&app).await;
    assert!(signed["signed_at"].is_string());
    assert_eq!(signed["responsible_name"], "Test Bruker");
    assert_eq!(signed["registration"], "987 654 325");
    // Handed to the customer by e-mail, as a PDF, when it is signed.
    assert_eq!(
        (signed["emailed_to"].as_str(), &signed["notice"]),
        (Some("oystein@example.no"), &Value::Null)
    );
    let (raw, (subject, to, text)) = crate::documents::mail_about(&mut mail, "Samsvarserklæring").await;
    assert_eq!(
        (subject.as_str(), to.as_str()),
        ("Samsvarserklæring: Ærfuglveien 3, 0580 Oslo", "oystein@example.no")
    );
    assert!(crate::quote_flow::flat(&text).contains("signert"), "{text}");
    assert!(raw.contains("filename=\"Samsvarserklaering-"), "the PDF by its name: {raw}");
    let attached = pdf_text(&crate::quote_mail::attachment(&raw));
    assert!(attached.contains("Autorisert elinstallatør, gruppe L"), "{attached}");
    let changed = office.send(Method::PUT, path, &json!({"description": "Endret etterpå"})).await;
    assert_eq!(changed.status(), StatusCode::CONFLICT);
    // Its photos are fixed with it.
    let late = drafted.upload(phone_photo(), "sent.jpg", "For sent").await;
    assert_eq!(late.status(), StatusCode::CONFLICT);
    assert_eq!(office.delete(&photo_path).await.status(), StatusCode::CONFLICT);
    assert_eq!(office.get(&photo_path).await.status(), StatusCode::OK);
    let again = office.send(Method::POST, &format!("{path}/sign"), &json!({})).await;
    assert_eq!(again.status(), StatusCode::CONFLICT);

    // The PDF holds every field the regulation asks for.
    let pdf = office.get(&format!("{path}?format=pdf")).await;
    assert_eq!(pdf.status(), StatusCode::OK);
    let pdf_bytes = pdf.bytes().await.unwrap();
    let text = pdf_text(&pdf_bytes);
    for expected in [
        "Samsvarserklæring",
        "Ærfuglveien 3, 0580 Oslo",
        "Fagfolk Elektro AS",
        "987 654 325",
        "Endring av eksisterende anlegg",
        "NEK 400:2022",
        "Nytt sikringsskap med jordfeilbrytere",
        "Risikovurdering (§ 16)",
        "[x] Jordfeilbryterne er prøvd",
        "Stikkontakter kjøkken",
        "PFSP 3G4",
        "30 mA type A",
        "Test Bruker",
        "Autorisert elinstallatør, gruppe L",
        "Signert elektronisk i Fagfolk av Test Bruker selv, innlogget med egen bruker",
        "Bilder fra arbeidet",
        "Sikringsskapet åpent, før lokket",
    ] {
        assert!(text.contains(expected), "«{expected}» in the declaration:\n{text}");
    }
    assert_eq!(pdf_images(&pdf_bytes), 1, "the photo is drawn in the PDF");
    // A photo's file lost from the storage leaves that photo out, not the declaration.
    let (job_id, photo_id) =
        (job["id"].as_str().unwrap().parse().unwrap(), added["id"].as_str().unwrap().parse().unwrap());
    app.state.storage.delete(&fagfolk::declarations::photos::key(job_id, photo_id, false)).await.unwrap();
    let pdf = office.get(&format!("{path}?format=pdf")).await;
    assert_eq!(pdf.status(), StatusCode::OK);
    let pdf_bytes = pdf.bytes().await.unwrap();
    assert!(pdf_text(&pdf_bytes).contains("Sikringsskapet åpent, før lokket (bildet mangler)"));
    assert_eq!(pdf_images(&pdf_bytes), 0);

    // Handed to the customer on their quote's page once the job is done.
    let job_path = format!("/api/admin/jobs/{}", job["id"].as_str().unwrap());
    assert_eq!(
        office.send(Method::PUT, &job_path, &json!({"status": "done"})).await.status(),
        StatusCode::OK
    );
    let shown = app.client.get(app.url(page)).send().await.unwrap().text().await.unwrap();
    assert!(shown.contains(&format!("{page}/dokumenter/samsvarserklaering")), "{shown}");
    let theirs =
        app.client.get(app.url(&format!("{page}/dokumenter/samsvarserklaering"))).send().await.unwrap();
    assert_eq!(theirs.status(), StatusCode::OK);
    assert!(pdf_text(&theirs.bytes().await.unwrap()).contains("Autorisert elinstallatør, gruppe L"));
}

/// A signed declaration is the firm's record under the regulation: an erasure keeps it and
/// says so, and the audit log has its making, its changes and its signature.
async fn a_signed_declaration_is_kept_through_an_erasure(app: TestApp, _mail: UnboundedReceiver<String>) {
    let drafted = drafted(&app).await;
    drafted.complete().await;
    let (office, path) = (&drafted.office, &drafted.path);
    let described = json!({"description": "Nytt sikringsskap med jordfeilbrytere og tre nye kurser."});
    assert_eq!(office.send(Method::PUT, path, &described).await.status(), StatusCode::OK);
    let signed = drafted.sign(&app).await;
    let person = json!({"person": "oystein@example.no"});
    let export: Value =
        office.send(Method::POST, "/api/admin/privacy/export", &person).await.json().await.unwrap();
    assert_eq!(export["declarations"][0]["id"], signed["id"]);
    let erased: Value =
        office.send(Method::POST, "/api/admin/privacy/erase", &person).await.json().await.unwrap();
    assert_eq!(erased["declarations_kept"], 1, "{erased}");
    let after: Value = office.get_json(path, &[]).await;
    assert_eq!(after["signed_at"], signed["signed_at"], "the declaration stays");

    let logged = audit_entries(&app).await;
    for (action, table) in [("create", "declarations"), ("update", "declarations"), ("sign", "declarations")]
    {
        assert!(
            logged.iter().any(|(a, t, ..)| a == action && t == table),
            "{action} {table} in the audit log"
        );
    }
}

/// How many images `pdf` draws, as poppler's `pdfimages -list` counts them (the firm's logo
/// aside: these tests' firm has none).
fn pdf_images(pdf: &[u8]) -> usize {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("erklaering.pdf");
    std::fs::write(&file, pdf).unwrap();
    let out =
        std::process::Command::new("pdfimages").arg("-list").arg(&file).output().expect("pdfimages runs");
    // Two header lines, then one line per image.
    String::from_utf8_lossy(&out.stdout).lines().skip(2).filter(|line| !line.trim().is_empty()).count()
}

/// A PNG of `width` x `height` pixels of noise, which no compression shrinks much.
fn noisy_png(width: u32, height: u32) -> Vec<u8> {
    let mut state = 0x2545_f491_u32;
    let picture = image::RgbImage::from_fn(width, height, |_, _| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let [r, g, b, _] = state.to_le_bytes();
        image::Rgb([r, g, b])
    });
    let mut png = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut png, image::ImageFormat::Png).unwrap();
    png.into_inner()
}
