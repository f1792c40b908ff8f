//! Personvern: a person's data exported and erased by e-mail or phone, and the retention
//! rule that anonymises won and lost leads, on SQLite and PostgreSQL.

use chrono::Duration;
use fagfolk::db_run;
use fagfolk::users::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::audit_trail::fingerprint;
use crate::helpers::{
    ADMIN_PASSWORD, Backend, Session, TestApp, audit_entries, create_lead as create, spawn_app_with,
};

async fn a_person_is_exported_and_erased_by_email_or_phone(app: TestApp) {
    let admin = app.admin().await;
    app.create_user("redaktor@fagfolk.test", ADMIN_PASSWORD, Role::Editor).await;
    let editor = app.login("redaktor@fagfolk.test", ADMIN_PASSWORD).await;
    let kari =
        create(&admin, json!({ "name": "Kari Nordmann", "email": "Kari@Example.no", "phone": "912 34 567" }))
            .await;
    let notes = format!("/api/admin/leads/{}/notes", kari["id"].as_str().unwrap());
    admin.send(Method::POST, &notes, &json!({ "body": "Kari vil ha pris på bad." })).await;
    let form = json!({
        "name": "Kari N.", "email": "kari@example.no", "phone": "+47 912 34 567",
        "service": "rorleggertjenester", "message": "Det drypper fra taket.",
    });
    assert_eq!(app.post_json("/api/contact", &form).await.status(), 201);
    create(&admin, json!({ "name": "Ola Hansen", "phone": "400 00 000" })).await;

    let export = |session: &Session, person: &str| {
        let body = json!({ "person": person });
        let session = session.clone();
        async move { session.send(Method::POST, "/api/admin/privacy/export", &body).await }
    };
    assert_eq!(export(&editor, "kari@example.no").await.status(), 403, "administrators only");
    let response = export(&admin, "KARI@example.no").await;
    assert_eq!(response.status(), 200);
    let data: Value = response.json().await.unwrap();
    let names: Vec<&str> =
        data["leads"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Kari Nordmann", "Kari N."]);
    assert_eq!(data["submissions"][0]["message"], "Det drypper fra taket.");
    assert_eq!(data["notes"][0]["body"], "Kari vil ha pris på bad.");
    assert!(data["audit"].as_array().unwrap().iter().any(|e| e["action"] == "create"), "{data}");
    let by_phone: Value = export(&admin, "0047 91234567").await.json().await.unwrap();
    assert_eq!(by_phone["leads"].as_array().unwrap().len(), 2, "the same person by phone");
    let (action, table, _, _, changes) = audit_entries(&app).await.remove(0);
    assert_eq!((action.as_str(), table.as_str()), ("export", "privacy"));
    assert!(!changes.unwrap().to_string().to_lowercase().contains("kari"), "the log names no person");

    let unknown = export(&admin, "ukjent@example.no").await;
    assert_eq!(unknown.status(), 404);
    assert_eq!(unknown.json::<Value>().await.unwrap()["error"], "Fant ingen opplysninger om denne personen.");
    let neither = export(&admin, "Kari").await;
    assert_eq!(neither.status(), 422);
    assert_eq!(
        neither.json::<Value>().await.unwrap()["fields"]["person"],
        "Skriv en e-postadresse eller et telefonnummer."
    );

    let erase = json!({ "person": "+4791234567" });
    assert_eq!(editor.send(Method::POST, "/api/admin/privacy/erase", &erase).await.status(), 403);
    assert_eq!(app.count("leads").await, 3, "a refused erasure erases nothing");
    let response = admin.send(Method::POST, "/api/admin/privacy/erase", &erase).await;
    assert_eq!(response.status(), 200);
    let erased: Value = response.json().await.unwrap();
    assert_eq!(
        (erased["leads"].clone(), erased["submissions"].clone(), erased["notes"].clone()),
        (json!(2), json!(1), json!(1))
    );
    assert_eq!(app.count("leads").await, 1, "Ola stays");
    assert_eq!(app.count("contact_submissions").await, 0);
    assert_eq!(app.count("lead_notes").await, 0);
    // The audit log keeps what was done, and by whom, but not the person.
    let log = fingerprint(&app.state.db, "audit_logs").await.to_lowercase();
    for personal in ["kari", "912 34 567", "drypper"] {
        assert!(!log.contains(personal), "{personal} left in the audit log: {log}");
    }
    let entries = audit_entries(&app).await;
    assert_eq!((entries[0].0.as_str(), entries[0].1.as_str()), ("erase", "privacy"));
    assert!(entries.iter().any(|(action, table, id, _, changes)| action == "create"
        && table == "leads"
        && id.as_deref() == kari["id"].as_str()
        && changes.is_none()));
    assert_eq!(admin.send(Method::POST, "/api/admin/privacy/erase", &erase).await.status(), 404);
    app.stop().await;
}

async fn won_and_lost_leads_are_anonymised_after_the_retention_months(app: TestApp) {
    let admin = app.admin().await;
    app.create_user("redaktor@fagfolk.test", ADMIN_PASSWORD, Role::Editor).await;
    let editor = app.login("redaktor@fagfolk.test", ADMIN_PASSWORD).await;
    assert_eq!(
        admin.get_json("/api/admin/privacy/retention", &[]).await,
        json!({ "months": null }),
        "off by default"
    );
    let won = create(&admin, json!({ "name": "Vinn Vinnersen", "email": "v@example.no", "phone": "411 11 111", "status": "Vunnet", "tags": ["bad"] })).await;
    let notes = format!("/api/admin/leads/{}/notes", won["id"].as_str().unwrap());
    admin.send(Method::POST, &notes, &json!({ "body": "Fornøyd kunde." })).await;
    create(&admin, json!({ "name": "Tapt Tapsen", "phone": "422 22 222", "status": "Tapt" })).await;
    create(&admin, json!({ "name": "Åpen Åpensen", "phone": "433 33 333", "status": "Ny" })).await;

    let set = |session: &Session, months: Value| {
        let session = session.clone();
        async move {
            session.send(Method::PUT, "/api/admin/privacy/retention", &json!({ "months": months })).await
        }
    };
    assert_eq!(set(&editor, json!(6)).await.status(), 403);
    let zero = set(&admin, json!(0)).await;
    assert_eq!(zero.status(), 422);
    assert_eq!(
        zero.json::<Value>().await.unwrap()["fields"]["months"],
        "Velg mellom 1 og 120 måneder, eller slå regelen av."
    );
    assert_eq!(set(&admin, json!(6)).await.status(), 200);
    assert_eq!(
        fagfolk::privacy::apply_retention(&app.state.db, app.state.clock.now()).await.unwrap(),
        0,
        "too recent"
    );

    app.state.clock.advance(Duration::days(200));
    assert_eq!(fagfolk::privacy::apply_retention(&app.state.db, app.state.clock.now()).await.unwrap(), 2);
    assert_eq!(
        fagfolk::privacy::apply_retention(&app.state.db, app.state.clock.now()).await.unwrap(),
        0,
        "once"
    );
    let admin = app.login("admin@fagfolk.test", ADMIN_PASSWORD).await;
    let page = admin.get_json("/api/admin/leads", &[("sort", "name")]).await;
    let leads = page["items"].as_array().unwrap();
    let names: Vec<&str> = leads.iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Anonymisert", "Anonymisert", "Åpen Åpensen"]);
    let anonymised = leads.iter().find(|l| l["id"] == won["id"]).unwrap();
    assert_eq!((anonymised["email"].clone(), anonymised["phone"].clone()), (Value::Null, Value::Null));
    assert_eq!((anonymised["status"].clone(), anonymised["tags"].clone()), (json!("Vunnet"), json!(["bad"])));
    assert_eq!(app.count("lead_notes").await, 0);
    assert!(
        admin.get_json("/api/admin/leads", &[("q", "411 11 111")]).await["items"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    let log = fingerprint(&app.state.db, "audit_logs").await;
    assert!(!log.contains("Vinn Vinnersen") && !log.contains("Fornøyd"), "{log}");
    let (action, _, _, by, _) = audit_entries(&app).await.into_iter().find(|e| e.0 == "anonymize").unwrap();
    assert_eq!((action.as_str(), by.as_deref()), ("anonymize", Some(fagfolk::privacy::RETENTION_ACTOR)));
    app.stop().await;
}

/// The rule runs when the server starts (and daily after), not only when it is saved.
async fn the_retention_rule_runs_when_the_server_starts(first: TestApp) {
    let backend = if first.pg_database().is_some() { Backend::Postgres } else { Backend::Sqlite };
    let long_ago = first.state.clock.now() - Duration::days(400);
    db_run!(&first.state.db, pool => async {
        sqlx::query(
            "INSERT INTO leads (id, name, phone, status, kilde, tags, created_at, updated_at) \
             VALUES ($1, 'Gammel Kunde', '455 55 555', 'Vunnet', 'Telefon', '[]', $2, $2)",
        )
        .bind(uuid::Uuid::now_v7())
        .bind(long_ago)
        .execute(pool)
        .await?;
        sqlx::query("UPDATE settings SET retention_months = 12").execute(pool).await.map(|done| done.rows_affected())
    }.await)
    .unwrap();
    let database = first.state.config.database_url.clone();
    let second = spawn_app_with(backend, &[("DATABASE_URL", &database)]).await;
    // Waits for the rule to have run, up to a minute (a start-up beside a build is slow).
    for _ in 0..1200 {
        let (name,): (String,) =
            db_run!(&second.state.db, pool => sqlx::query_as("SELECT name FROM leads").fetch_one(pool).await)
                .unwrap();
        if name == "Anonymisert" {
            second.stop().await;
            first.stop().await;
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the old won lead was not anonymised at start");
}

crate::db_tests!(
    a_person_is_exported_and_erased_by_email_or_phone,
    won_and_lost_leads_are_anonymised_after_the_retention_months,
    the_retention_rule_runs_when_the_server_starts,
);
