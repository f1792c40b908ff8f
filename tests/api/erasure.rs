//! The second security review's privacy findings (4 and 5): erasure that found nothing of
//! a lead staff had deleted or merged, e-mail addresses compared by A-Z only on SQLite,
//! erased text left in the database file, and a merge that attached an anonymous
//! visitor's e-mail address to another customer's lead.

use fagfolk::db_run;
use reqwest::Method;
use serde_json::{Value, json};

use crate::audit_trail::fingerprint;
use crate::helpers::{Session, TestApp, create_lead as create, lead_path as path};

async fn privacy(session: &Session, what: &str, person: &str) -> reqwest::Response {
    session.send(Method::POST, &format!("/api/admin/privacy/{what}"), &json!({ "person": person })).await
}

/// Everything the database holds, as text: every table's rows, or on SQLite the file and
/// its write-ahead log byte for byte (free pages and old page copies included).
async fn stored_text(app: &TestApp) -> String {
    if app.pg_database().is_some() {
        let mut all = String::new();
        for table in ["leads", "audit_logs", "lead_merges", "contact_submissions", "lead_notes"] {
            all.push_str(&fingerprint(&app.state.db, table).await);
        }
        return all;
    }
    let file = app.state.config.database_url.trim_start_matches("sqlite://").to_owned();
    let mut bytes = std::fs::read(&file).unwrap();
    bytes.extend(std::fs::read(format!("{file}-wal")).unwrap_or_default());
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The review: a contact-form enquiry with the customer's phone number and the visitor's
/// own e-mail is flagged as a duplicate; merged, it used to give the customer's lead the
/// visitor's address, and an export for that address then returned the customer's data.
async fn a_visitor_cannot_attach_their_email_to_another_customers_lead(app: TestApp) {
    let admin = app.admin().await;
    let victim = create(
        &admin,
        json!({ "name": "Kari Nordmann", "phone": "912 34 567", "beskrivelse": "Alarmkode 4711 ved døren." }),
    )
    .await;
    admin
        .send(Method::POST, &format!("{}/notes", path(&victim)), &json!({ "body": "Nøkkel i postkassen." }))
        .await;
    let form = json!({
        "name": "Kari", "email": "angriper@example.no", "phone": "912 34 567",
        "service": "rorleggertjenester", "message": "Ring meg.",
    });
    assert_eq!(app.post_json("/api/contact", &form).await.status(), 201);
    let enquiry = admin.get_json("/api/admin/leads", &[("q", "angriper")]).await["items"][0].clone();
    assert_eq!(enquiry["duplicate_of"], victim["id"]);
    let merge = format!("{}/merge", path(&victim));
    let kept: Value =
        admin.send(Method::POST, &merge, &json!({ "from": enquiry["id"] })).await.json().await.unwrap();
    assert_eq!(kept["email"], Value::Null, "the visitor's address is not taken over unasked");
    assert_eq!(kept["phone"], "912 34 567");

    let response = privacy(&admin, "export", "angriper@example.no").await;
    assert_eq!(response.status(), 200, "the visitor's own enquiry is found");
    let export = response.text().await.unwrap();
    for secret in ["Alarmkode", "Nøkkel i postkassen", "Kari Nordmann"] {
        assert!(!export.contains(secret), "{secret} exported to the visitor: {export}");
    }
    let erased: Value = privacy(&admin, "erase", "angriper@example.no").await.json().await.unwrap();
    assert_eq!(erased["leads"], 0, "{erased}");
    assert_eq!(admin.get(&path(&victim)).await.status(), 200, "the customer's lead stays");

    // Staff may take the merged lead's address when they say so.
    let older = create(&admin, json!({ "name": "Per Olsen", "phone": "400 11 222" })).await;
    let newer =
        create(&admin, json!({ "name": "Per Olsen", "phone": "400 11 222", "email": "per@ny.no" })).await;
    let merge = format!("{}/merge", path(&older));
    let wrong = admin.send(Method::POST, &merge, &json!({ "from": newer["id"], "email": "begge" })).await;
    assert_eq!(wrong.status(), 400);
    assert_eq!(wrong.json::<Value>().await.unwrap()["error"], "Forespørselen har ugyldig JSON.");
    assert_eq!(admin.get(&path(&newer)).await.status(), 200, "a refused merge merges nothing");
    let body = json!({ "from": newer["id"], "email": "merged", "phone": "kept" });
    let kept: Value = admin.send(Method::POST, &merge, &body).await.json().await.unwrap();
    assert_eq!((kept["email"].as_str(), kept["phone"].as_str()), (Some("per@ny.no"), Some("400 11 222")));
    app.stop().await;
}

/// The review: a lead staff deleted kept its details (a health note) in its create and
/// delete entries, a merged lead its create entry, and `lead_merges` and the merge entry
/// the merged person's name; erasure answered "Fant ingen opplysninger". Now it finds
/// them all, and afterwards no byte of the database holds them.
async fn erasure_finds_deleted_and_merged_leads_and_leaves_no_trace(app: TestApp) {
    let admin = app.admin().await;
    let deleted = create(
        &admin,
        json!({ "name": "Sissel Slettet", "email": "sissel@example.no", "phone": "933 44 555",
                "beskrivelse": "Hjertesyk, må ikke stresses." }),
    )
    .await;
    assert_eq!(admin.delete(&path(&deleted)).await.status(), 204);
    let kept = create(&admin, json!({ "name": "Mona Merket", "email": "mona@example.no" })).await;
    let merged_in = create(
        &admin,
        json!({ "name": "Margit Innflettet", "email": "margit@example.no", "phone": "944 55 666" }),
    )
    .await;
    let merge = format!("{}/merge", path(&kept));
    assert_eq!(admin.send(Method::POST, &merge, &json!({ "from": merged_in["id"] })).await.status(), 200);
    let before = stored_text(&app).await;
    assert!(
        before.contains("Hjertesyk") && before.contains("Margit Innflettet"),
        "the traces are there first"
    );

    let export: Value = privacy(&admin, "export", "SISSEL@example.no").await.json().await.unwrap();
    let actions: Vec<&str> =
        export["audit"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["create", "delete"], "{export}");
    let erased = privacy(&admin, "erase", "sissel@example.no").await;
    assert_eq!(erased.status(), 200, "a deleted lead's traces are found");
    assert_eq!(erased.json::<Value>().await.unwrap()["audit_entries"], 2);

    let erased: Value = privacy(&admin, "erase", "944 55 666").await.json().await.unwrap();
    assert_eq!(erased["audit_entries"], 2, "the merged lead's create entry and the merge entry: {erased}");
    assert_eq!(app.count("lead_merges").await, 0, "the kept lead's list of merges no longer names her");
    assert_eq!(admin.get(&path(&kept)).await.status(), 200, "Mona's lead stays");

    let after = stored_text(&app).await;
    for personal in
        ["Sissel Slettet", "sissel@example.no", "Hjertesyk", "Margit Innflettet", "margit@example.no"]
    {
        assert!(!after.contains(personal), "{personal} is still in the database");
    }
    assert_eq!(privacy(&admin, "erase", "sissel@example.no").await.status(), 404);
    app.stop().await;
}

/// `lower()` on SQLite folds A-Z only: an address with Norwegian capitals was neither
/// exported nor erased, nor found as a duplicate.
async fn addresses_are_found_in_any_case_of_any_letter(app: TestApp) {
    let admin = app.admin().await;
    let lead = create(&admin, json!({ "name": "Øystein Ås", "email": "ØYSTEIN@BLÅBÆR.NO" })).await;
    let twin = create(&admin, json!({ "name": "Øystein", "email": "øystein@blåbær.no" })).await;
    assert_eq!(twin["duplicate_of"], lead["id"], "a duplicate in any case");
    let export: Value = privacy(&admin, "export", "Øystein@Blåbær.no").await.json().await.unwrap();
    assert_eq!(export["leads"].as_array().map(Vec::len), Some(2), "{export}");
    let erased: Value = privacy(&admin, "erase", "øystein@blåbær.no").await.json().await.unwrap();
    assert_eq!(erased["leads"], 2);
    assert_eq!(app.count("leads").await, 0);
    app.stop().await;
}

/// SQLite overwrites deleted rows (`secure_delete`), so free pages hold no erased text.
async fn sqlite_overwrites_what_it_deletes(app: TestApp) {
    if app.pg_database().is_some() {
        return app.stop().await;
    }
    let (on,): (i64,) =
        db_run!(&app.state.db, pool => sqlx::query_as("PRAGMA secure_delete").fetch_one(pool).await).unwrap();
    assert_eq!(on, 1);
    app.stop().await;
}

/// The retention rule takes a won lead's contact-form enquiries along with its details.
async fn retention_removes_a_closed_leads_enquiries(app: TestApp) {
    let admin = app.admin().await;
    let form = json!({
        "name": "Vidar Vunnet", "email": "vidar@example.no", "phone": "955 66 777",
        "service": "elektrikertjenester", "message": "Sikringsskapet må byttes.",
    });
    assert_eq!(app.post_json("/api/contact", &form).await.status(), 201);
    let lead = admin.get_json("/api/admin/leads", &[("q", "Vidar")]).await["items"][0].clone();
    let won = admin.send(Method::PATCH, &path(&lead), &json!({ "status": "Vunnet" })).await;
    assert_eq!(won.status(), 200);
    let rule = admin.send(Method::PUT, "/api/admin/privacy/retention", &json!({ "months": 6 })).await;
    assert_eq!(rule.status(), 200);
    assert_eq!(app.count("contact_submissions").await, 1, "too recent to go yet");
    app.state.clock.advance(chrono::Duration::days(200));
    assert_eq!(fagfolk::privacy::apply_retention(&app.state.db, app.state.clock.now()).await.unwrap(), 1);
    assert_eq!(app.count("contact_submissions").await, 0, "the enquiry went with the lead's details");
    assert!(!stored_text(&app).await.contains("Sikringsskapet"), "no copy of the message is left");
    app.stop().await;
}

crate::db_tests!(
    retention_removes_a_closed_leads_enquiries,
    a_visitor_cannot_attach_their_email_to_another_customers_lead,
    erasure_finds_deleted_and_merged_leads_and_leaves_no_trace,
    addresses_are_found_in_any_case_of_any_letter,
    sqlite_overwrites_what_it_deletes,
);
