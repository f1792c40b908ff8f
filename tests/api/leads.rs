use chrono::Duration;
use fagfolk::users::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{
    ADMIN_PASSWORD, Backend, Session, TestApp, audit_entries, create_lead as create, spawn_app_with,
};

async fn a_new_lead_defaults_to_status_ny_and_source_web(app: TestApp) {
    let session = app.admin().await;
    let lead = create(&session, json!({ "name": "Ola Hansen", "tags": [" bad ", "", "Bad", "akutt"] })).await;
    assert_eq!(lead["status"], "Ny");
    assert_eq!(lead["kilde"], "Web");
    assert_eq!(lead["tags"], json!(["bad", "akutt"]));
    assert_eq!(lead["email"], Value::Null);

    let fetched: Value = session
        .get(&format!("/api/admin/leads/{}", lead["id"].as_str().unwrap()))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(fetched, lead);
    let (action, table, id, by, changes) = audit_entries(&app).await.remove(0);
    assert_eq!((action.as_str(), table.as_str()), ("create", "leads"));
    assert_eq!(id.as_deref(), lead["id"].as_str());
    assert_eq!(by.as_deref(), Some("admin@fagfolk.test"));
    assert_eq!(changes.unwrap()["after"]["name"], "Ola Hansen");
    app.stop().await;
}

async fn an_update_changes_every_field_and_audits_only_what_changed(app: TestApp) {
    let session = app.admin().await;
    let lead = create(&session, json!({ "name": "Ola", "phone": "900 00 000" })).await;
    let path = format!("/api/admin/leads/{}", lead["id"].as_str().unwrap());
    let body = json!({
        "name": "Ola Hansen", "email": "ola@example.no", "phone": "900 00 000", "status": "Kontaktet",
        "kilde": "Telefon", "beskrivelse": "Nytt bad", "adresse": "Storgata 1", "postnr": "0155", "tags": ["bad"],
    });
    let response = session.send(Method::PUT, &path, &body).await;
    assert_eq!(response.status(), 200);
    let updated: Value = response.json().await.unwrap();
    assert_eq!(updated["status"], "Kontaktet");
    assert_eq!(updated["postnr"], "0155");
    assert_eq!(updated["created_at"], lead["created_at"]);

    let changes = audit_entries(&app).await.remove(0).4.unwrap();
    assert_eq!(changes["before"]["name"], "Ola");
    assert_eq!(changes["after"]["name"], "Ola Hansen");
    assert!(changes["after"].get("phone").is_none(), "unchanged fields stay out: {changes}");
    app.stop().await;
}

async fn a_status_patch_moves_the_lead_and_refuses_unknown_statuses(app: TestApp) {
    let session = app.admin().await;
    let lead = create(&session, json!({ "name": "Kari" })).await;
    let path = format!("/api/admin/leads/{}/status", lead["id"].as_str().unwrap());
    let moved: Value =
        session.send(Method::PATCH, &path, &json!({ "status": "Tilbud sendt" })).await.json().await.unwrap();
    assert_eq!(moved["status"], "Tilbud sendt");
    let changes = audit_entries(&app).await.remove(0).4.unwrap();
    assert_eq!(changes, json!({"before": {"status": "Ny"}, "after": {"status": "Tilbud sendt"}}));

    let refused = session.send(Method::PATCH, &path, &json!({ "status": "Glemt" })).await;
    assert_eq!(refused.status(), 422);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["fields"]["status"], "Ukjent status. Velg en status fra pipelinen.");
    app.stop().await;
}

async fn a_deleted_lead_is_gone_and_audited(app: TestApp) {
    let session = app.admin().await;
    let lead = create(&session, json!({ "name": "Per" })).await;
    let path = format!("/api/admin/leads/{}", lead["id"].as_str().unwrap());
    assert_eq!(session.delete(&path).await.status(), 204);
    let missing = session.get(&path).await;
    assert_eq!(missing.status(), 404);
    let body: Value = missing.json().await.unwrap();
    assert_eq!(body["error"], "Fant ikke lead-en. Den kan være slettet.");
    assert_eq!(session.delete(&path).await.status(), 404);
    let (action, _, _, _, changes) = audit_entries(&app).await.remove(0);
    assert_eq!(action, "delete");
    assert_eq!(changes.unwrap()["before"]["name"], "Per");
    app.stop().await;
}

async fn bad_lead_input_gets_field_errors_and_writes_nothing(app: TestApp) {
    let session = app.admin().await;
    let response = session
        .send(
            Method::POST,
            "/api/admin/leads",
            &json!({ "email": "ola@", "status": "Glemt", "postnr": "12345678901" }),
        )
        .await;
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["fields"]["email"], "Skriv en gyldig e-postadresse.");
    assert_eq!(body["fields"]["status"], "Ukjent status. Velg en status fra pipelinen.");
    assert_eq!(body["fields"]["postnr"], "Kan ikke være lengre enn 10 tegn.");
    assert_eq!(session.get("/api/admin/leads/ikke-en-id").await.status(), 404);
    assert_eq!(app.count("leads").await, 0);
    app.stop().await;
}

async fn the_list_filters_searches_and_pages_on_the_server(app: TestApp) {
    let session = app.admin().await;
    create(&session, json!({ "name": "Kari Nordmann", "email": "kari@example.no", "kilde": "Telefon" }))
        .await;
    create(&session, json!({ "name": "Ola", "phone": "912 34 567", "status": "Vunnet" })).await;
    create(&session, json!({ "name": "Per", "beskrivelse": "Lekkasje på BADET 100%" })).await;

    let page = |query: &'static str| {
        let session = session.clone();
        async move { session.get(&format!("/api/admin/leads{query}")).await.json::<Value>().await.unwrap() }
    };
    let names = |page: &Value| -> Vec<String> {
        page["items"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap().to_owned()).collect()
    };
    let all = page("").await;
    assert_eq!(names(&all), ["Per", "Ola", "Kari Nordmann"], "newest first");
    assert_eq!((all["total"].as_i64(), all["all"].as_i64()), (Some(3), Some(3)));
    assert_eq!(all["sources"], json!(["Telefon", "Web"]));
    assert_eq!(
        all["known_sources"],
        json!(["Web", "Telefon", "E-post", "Henvisning", "Annet"]),
        "the form's choices"
    );
    assert_eq!(names(&page("?q=KARI@EX").await), ["Kari Nordmann"], "e-mail, any case");
    assert_eq!(names(&page("?q=34%20567").await), ["Ola"], "phone");
    assert_eq!(names(&page("?q=badet").await), ["Per"], "description");
    assert_eq!(names(&page("?q=100%25").await), ["Per"], "a % is a character, not a wildcard");
    assert_eq!(names(&page("?status=Vunnet").await), ["Ola"]);
    let by_source = page("?source=Telefon").await;
    assert_eq!(names(&by_source), ["Kari Nordmann"]);
    assert_eq!((by_source["total"].as_i64(), by_source["all"].as_i64()), (Some(1), Some(3)));
    let second = page("?per_page=2&page=2").await;
    assert_eq!(names(&second), ["Kari Nordmann"]);
    assert_eq!(second["total"], 3);

    // Sorting: by name in any case, by status in the pipeline's order (Ny before Vunnet,
    // ties newest first), by arrival; a `-` reverses.
    create(&session, json!({ "name": "åsmund", "status": "Kontaktet" })).await;
    assert_eq!(names(&page("?sort=name").await), ["Kari Nordmann", "Ola", "Per", "åsmund"]);
    assert_eq!(names(&page("?sort=-name").await), ["åsmund", "Per", "Ola", "Kari Nordmann"]);
    assert_eq!(names(&page("?sort=status").await), ["Per", "Kari Nordmann", "åsmund", "Ola"]);
    assert_eq!(names(&page("?sort=-status").await), ["Ola", "åsmund", "Per", "Kari Nordmann"]);
    assert_eq!(names(&page("?sort=created").await), ["Kari Nordmann", "Ola", "Per", "åsmund"]);
    assert_eq!(names(&page("?sort=-created&per_page=1&page=2").await), ["Per"], "sorting pages too");
    let bad = session.get("/api/admin/leads?sort=pris").await;
    assert_eq!(bad.status(), 400);
    app.stop().await;
}

/// The names of the leads the list finds for `q`.
async fn found(session: &Session, q: &str) -> Vec<String> {
    let page = session.get_json("/api/admin/leads", &[("q", q)]).await;
    page["items"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap().to_owned()).collect()
}

async fn leads_are_found_the_norwegian_way_in_any_case_and_by_phone_digits(app: TestApp) {
    let session = app.admin().await;
    create(&session, json!({ "name": "Åse Ødegård", "phone": "+47 912 34 567", "adresse": "Ærfuglveien 3" }))
        .await;
    create(&session, json!({ "name": "Ola Odegard", "phone": "22 33 44 55", "email": "ola@example.no" }))
        .await;

    for q in ["Ødegård", "ødegård", "ÅSE", "Åse", "åse ødegård", "A\u{30A}SE", "ærfugl"] {
        assert_eq!(found(&session, q).await, ["Åse Ødegård"], "{q}");
    }
    for q in ["91234567", "912 34 567", "+47 91234567", "004791234567", "1234"] {
        assert_eq!(found(&session, q).await, ["Åse Ødegård"], "phone {q}");
    }
    assert_eq!(
        found(&session, "Odegard").await,
        ["Ola Odegard"],
        "without the Norwegian letters is another name"
    );
    assert_eq!(found(&session, "223344").await, ["Ola Odegard"]);
    assert!(found(&session, "+46 912").await.is_empty(), "a Swedish prefix is not ours");

    // An edit moves what the lead is found by.
    let ase =
        session.get("/api/admin/leads?q=%C3%85se").await.json::<Value>().await.unwrap()["items"][0].clone();
    let path = format!("/api/admin/leads/{}", ase["id"].as_str().unwrap());
    let edited = session
        .send(Method::PUT, &path, &json!({ "name": "Åse Ødegård Berg", "phone": "+47 400 00 001" }))
        .await;
    assert_eq!(edited.status(), 200);
    assert!(found(&session, "91234567").await.is_empty(), "the old number is gone");
    assert_eq!(found(&session, "40000001").await, ["Åse Ødegård Berg"]);

    // Ctrl+K searches leads the same way, and services and users fold too.
    let hits = session.get_json("/api/admin/search", &[("q", "ØDEGÅRD")]).await;
    assert_eq!(hits["leads"][0]["title"], "Åse Ødegård Berg");
    let hits = session.get_json("/api/admin/search", &[("q", "40000001")]).await;
    assert_eq!(hits["leads"][0]["title"], "Åse Ødegård Berg");
    let hits = session.get_json("/api/admin/search", &[("q", "FEILSØKING")]).await;
    assert_eq!(hits["services"][0]["title"], "Feilsøking og småreparasjoner");
    let detail = hits["services"][0]["detail"].as_str().unwrap().to_owned();
    assert!(
        !detail.contains('-') && detail.chars().next().unwrap().is_uppercase(),
        "a category by its name: {detail}"
    );
    let services = session.get_json("/api/admin/services", &[("query", "RØRFORNYING")]).await;
    assert_eq!(services[0]["name"], "Rørfornying", "the service list too");
    app.create_user("øystein@fagfolk.test", ADMIN_PASSWORD, Role::Editor).await;
    let hits = session.get_json("/api/admin/search", &[("q", "ØYSTEIN@")]).await;
    assert_eq!(hits["users"][0]["detail"], "øystein@fagfolk.test");
    app.stop().await;
}

/// Leads written before the search columns existed (or copied in by other means) are
/// made searchable when the server starts.
async fn leads_without_search_columns_are_made_searchable_at_start(first: TestApp) {
    use fagfolk::db_run;
    let backend = if first.pg_database().is_some() { Backend::Postgres } else { Backend::Sqlite };
    let created = first.state.clock.now();
    db_run!(&first.state.db, pool => sqlx::query(
        "INSERT INTO leads (id, name, phone, status, kilde, tags, created_at, updated_at) \
         VALUES ($1, 'Ørjan Ås', '+47 987 65 432', 'Ny', 'Telefon', '[]', $2, $2)",
    )
    .bind(uuid::Uuid::now_v7())
    .bind(created)
    .execute(pool)
    .await
    .map(|done| done.rows_affected()))
    .unwrap();
    let database = first.state.config.database_url.clone();
    let second = spawn_app_with(backend, &[("DATABASE_URL", &database)]).await;
    let session = second.admin().await;
    assert_eq!(found(&session, "ørjan").await, ["Ørjan Ås"]);
    assert_eq!(found(&session, "98765432").await, ["Ørjan Ås"]);
    second.stop().await;
    first.stop().await;
}

async fn the_board_has_one_column_per_pipeline_status_with_counts(app: TestApp) {
    let session = app.admin().await;
    create(&session, json!({ "name": "A" })).await;
    create(&session, json!({ "name": "B" })).await;
    create(&session, json!({ "name": "C", "status": "Vunnet", "kilde": "Telefon" })).await;
    let board: Value = session.get("/api/admin/leads/board").await.json().await.unwrap();
    let columns: Vec<(&str, i64)> = board
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["status"].as_str().unwrap(), c["total"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        columns,
        [
            ("Ny", 2),
            ("Kontaktet", 0),
            ("Avtalt befaring", 0),
            ("Tilbud sendt", 0),
            ("Vunnet", 1),
            ("Tapt", 0)
        ]
    );
    let filtered: Value = session.get("/api/admin/leads/board?source=Telefon").await.json().await.unwrap();
    assert_eq!(filtered[0]["total"], 0);
    assert_eq!(filtered[4]["items"][0]["name"], "C");
    app.stop().await;
}

async fn the_dashboard_counts_match_the_data(app: TestApp) {
    let session = app.admin().await;
    for (name, status) in
        [("Ny1", "Ny"), ("Vunnet1", "Vunnet"), ("Tapt1", "Tapt"), ("Kontaktet1", "Kontaktet")]
    {
        create(&session, json!({ "name": name, "status": status })).await;
    }
    // One lead from 40 days ago that was won: open counters ignore it, 30-day won too.
    app.state.clock.advance(Duration::days(40));
    let session = app.login("admin@fagfolk.test", ADMIN_PASSWORD).await;
    create(&session, json!({ "name": "Ny etterpå", "status": "Avtalt befaring" })).await;

    let dashboard: Value = session.get("/api/admin/dashboard").await.json().await.unwrap();
    assert_eq!(dashboard["new_leads_7d"], 1);
    assert_eq!(dashboard["open_leads"], 3, "Ny, Kontaktet and Avtalt befaring");
    assert_eq!(dashboard["won_30d"], 0, "the won lead is 40 days old");
    let (active,): (i64,) = fagfolk::db_run!(&app.state.db, pool => sqlx::query_as(
        "SELECT COUNT(*) FROM services_admin WHERE is_active = $1").bind(true).fetch_one(pool).await)
    .unwrap();
    assert_eq!(dashboard["active_services"], active);
    let latest: Vec<&str> =
        dashboard["latest"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert_eq!(latest, ["Ny etterpå", "Kontaktet1", "Tapt1", "Vunnet1", "Ny1"]);
    app.stop().await;
}

async fn the_command_search_answers_five_groups_after_two_characters(app: TestApp) {
    let session = app.admin().await;
    create(&session, json!({ "name": "Elin Sikring", "email": "elin@example.no" })).await;
    let short: Value = session.get("/api/admin/search?q=%20s%20").await.json().await.unwrap();
    assert_eq!(short, json!({"services": [], "leads": [], "media": [], "users": [], "invoices": []}));

    let hits: Value = session.get("/api/admin/search?q=sikring").await.json().await.unwrap();
    assert_eq!(hits["leads"][0]["title"], "Elin Sikring");
    assert!(hits["services"].as_array().unwrap().iter().any(|s| s["title"] == "Nytt sikringsskap"));
    let users: Value = session.get("/api/admin/search?q=admin@").await.json().await.unwrap();
    assert_eq!(users["users"][0]["detail"], "admin@fagfolk.test");
    let many: Value = session.get("/api/admin/search?q=er").await.json().await.unwrap();
    assert_eq!(many["services"].as_array().unwrap().len(), 5, "at most five per group, and more match");
    app.stop().await;
}

/// The log names what its entries refer to (who did it, ids in the changes), so the web
/// app tells each entry as a sentence; a privacy lookup is not an export.
async fn the_audit_log_names_what_it_refers_to(app: TestApp) {
    let session = app.admin().await;
    let kari = create(&session, json!({ "name": "Kari" })).await;
    let me = session.get_json("/api/auth/session", &[]).await["user"]["id"].clone();
    let path = format!("/api/admin/leads/{}", kari["id"].as_str().unwrap());
    let assigned = session.send(reqwest::Method::PATCH, &path, &json!({ "assignee_id": me })).await;
    assert_eq!(assigned.status(), 200);
    let page = session.get_json("/api/admin/audit", &[]).await;
    assert_eq!(page["names"]["admin@fagfolk.test"], "Test Bruker", "who did it, by name: {page}");
    assert_eq!(page["items"][0]["changes"]["after"]["assignee_id"], me);
    assert_eq!(page["names"][me.as_str().unwrap()], "Test Bruker", "an id in the changes, by name");

    create(&session, json!({ "name": "Ola", "email": "ola@example.no" })).await;
    for what in ["lookup", "export"] {
        let person = json!({ "person": "ola@example.no" });
        let answer =
            session.send(reqwest::Method::POST, &format!("/api/admin/privacy/{what}"), &person).await;
        assert_eq!(answer.status(), 200);
        let page = session.get_json("/api/admin/audit", &[]).await;
        let newest = &page["items"][0];
        assert_eq!(
            (newest["action"].as_str(), newest["entity_type"].as_str()),
            (Some(what), Some("privacy"))
        );
        assert_eq!(newest["changes"]["after"]["leads"], 1);
    }
    app.stop().await;
}

async fn the_audit_log_lists_newest_first_and_only_an_admin_clears_it(app: TestApp) {
    let session = app.admin().await;
    let kari = create(&session, json!({ "name": "Kari" })).await;
    let page = session.get_json("/api/admin/audit", &[]).await;
    let actions: Vec<&str> =
        page["items"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["create", "login"]);
    assert_eq!(page["total"], 2);
    assert_eq!(page["items"][0]["entity_name"], "Kari", "the lead by its name");
    assert_eq!(page["items"][1]["entity_name"], "Test Bruker", "the user who signed in");

    // A deleted lead is still named, by what the entry recorded.
    session.delete(&format!("/api/admin/leads/{}", kari["id"].as_str().unwrap())).await;
    let page = session.get_json("/api/admin/audit", &[]).await;
    assert_eq!(
        (page["items"][0]["action"].clone(), page["items"][0]["entity_name"].clone()),
        (json!("delete"), json!("Kari"))
    );

    app.create_user("redaktor@fagfolk.test", ADMIN_PASSWORD, Role::Editor).await;
    let editor = app.login("redaktor@fagfolk.test", ADMIN_PASSWORD).await;
    // Filters: by who, by what kind of thing, by day; paging beyond the first page.
    for n in 0..5 {
        create(&editor, json!({ "name": format!("Redaktørens {n}") })).await;
    }
    let by_editor = session.get_json("/api/admin/audit", &[("user", "redaktor@fagfolk.test")]).await;
    assert_eq!(by_editor["total"], 6, "five leads and a sign-in: {by_editor}");
    assert_eq!(by_editor["users"], json!(["admin@fagfolk.test", "redaktor@fagfolk.test"]));
    let leads = session
        .get_json("/api/admin/audit", &[("entity_type", "leads"), ("per_page", "3"), ("page", "2")])
        .await;
    assert_eq!(leads["total"], 7);
    let names: Vec<&str> =
        leads["items"].as_array().unwrap().iter().map(|e| e["entity_name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Redaktørens 1", "Redaktørens 0", "Kari"]);
    let today = app.state.clock.today();
    let (yesterday, tomorrow) =
        ((today - Duration::days(1)).to_string(), (today + Duration::days(1)).to_string());
    let day = session
        .get_json("/api/admin/audit", &[("from", &today.to_string()), ("to", &today.to_string())])
        .await;
    assert_eq!(day["total"], 9);
    let before = session.get_json("/api/admin/audit", &[("to", &yesterday)]).await;
    assert_eq!(before["total"], 0);
    let after = session.get_json("/api/admin/audit", &[("from", &tomorrow)]).await;
    assert_eq!(after["total"], 0);
    assert_eq!(session.get("/api/admin/audit?from=i+går").await.status(), 400);

    // Clearing: administrators only, and only with TØM typed.
    let clear = |who: &Session, word: &str| {
        let (who, body) = (who.clone(), json!({ "confirm": word }));
        async move { who.send(Method::DELETE, "/api/admin/audit", &body).await }
    };
    assert_eq!(clear(&editor, "TØM").await.status(), 403);
    let refused = clear(&session, "tøm").await;
    assert_eq!(refused.status(), 422);
    assert_eq!(refused.json::<Value>().await.unwrap()["fields"]["confirm"], "Skriv TØM for å tømme loggen.");
    assert_eq!(app.count("audit_logs").await, 9, "nothing cleared");
    assert_eq!(clear(&session, "TØM").await.status(), 204);
    let page = session.get_json("/api/admin/audit", &[]).await;
    assert_eq!(page["total"], 1);
    assert_eq!(page["items"][0]["action"], "clear");
    assert_eq!(page["items"][0]["performed_by"], "admin@fagfolk.test");
    app.stop().await;
}

/// A Norwegian phone number is stored one way however it was typed, by staff or by a
/// visitor, so the list shows "913 23 121" beside "913 23 121", never beside "91323121";
/// another country's number stays as given (#25).
async fn phone_numbers_are_stored_in_one_norwegian_form(app: TestApp) {
    let admin = app.admin().await;
    for (typed, stored) in [
        ("91323121", "913 23 121"),
        ("+47 913 23 122", "913 23 122"),
        ("0047 22334455", "22 33 44 55"),
        ("+46 70 123  45 67", "+46 70 123 45 67"),
    ] {
        let lead = create(&admin, json!({ "name": "Telefon", "phone": typed })).await;
        assert_eq!(lead["phone"], stored, "{typed}");
    }
    let sent = app
        .post_json(
            "/api/contact",
            &json!({ "name": "Kari Nordmann", "phone": "913-23-123", "email": "kari@example.no",
                     "service": "elektrikertjenester", "message": "Sikringen går." }),
        )
        .await;
    assert_eq!(sent.status(), 201);
    let found: Value = admin.get("/api/admin/leads?q=Kari").await.json().await.unwrap();
    assert_eq!(found["items"][0]["phone"], "913 23 123");
    let found: Value = admin.get("/api/admin/leads?q=91323123").await.json().await.unwrap();
    assert_eq!(found["total"], 1, "found by its digits");
    app.stop().await;
}

crate::db_tests!(
    phone_numbers_are_stored_in_one_norwegian_form,
    a_new_lead_defaults_to_status_ny_and_source_web,
    an_update_changes_every_field_and_audits_only_what_changed,
    a_status_patch_moves_the_lead_and_refuses_unknown_statuses,
    a_deleted_lead_is_gone_and_audited,
    bad_lead_input_gets_field_errors_and_writes_nothing,
    the_list_filters_searches_and_pages_on_the_server,
    leads_are_found_the_norwegian_way_in_any_case_and_by_phone_digits,
    leads_without_search_columns_are_made_searchable_at_start,
    the_board_has_one_column_per_pipeline_status_with_counts,
    the_dashboard_counts_match_the_data,
    the_command_search_answers_five_groups_after_two_characters,
    the_audit_log_lists_newest_first_and_only_an_admin_clears_it,
    the_audit_log_names_what_it_refers_to,
);
