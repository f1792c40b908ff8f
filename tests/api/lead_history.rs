//! A lead's history: edited in place, followed up, assigned, noted, and told as a
//! timeline, on SQLite and PostgreSQL.

use chrono::Duration;
use fagfolk::users::Role;
use reqwest::Method;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{
    ADMIN_PASSWORD, Session, TestApp, audit_entries, create_lead as create, lead_path as path,
};

/// A member of staff with a name of their own, signed in.
async fn member(app: &TestApp, name: &str, email: &str, role: Role) -> (Uuid, Session) {
    let id =
        fagfolk::users::create(&app.state.db, name, email, ADMIN_PASSWORD, role, app.state.clock.now(), None)
            .await
            .unwrap();
    (id, app.login(email, ADMIN_PASSWORD).await)
}

/// The names of the leads the list shows for `query`, newest first.
async fn names(session: &Session, query: &[(&str, &str)]) -> Vec<String> {
    let page = session.get_json("/api/admin/leads", query).await;
    page["items"].as_array().unwrap().iter().map(|lead| lead["name"].as_str().unwrap().to_owned()).collect()
}

async fn a_lead_is_edited_in_place_one_field_at_a_time(app: TestApp) {
    let session = app.admin().await;
    let lead = create(
        &session,
        json!({ "name": "Åse Ødegård", "phone": "912 34 567", "email": "ase@example.no", "tags": ["bad"] }),
    )
    .await;

    let response = session.send(Method::PATCH, &path(&lead), &json!({ "phone": "+47 913 00 000" })).await;
    assert_eq!(response.status(), 200);
    let patched: Value = response.json().await.unwrap();
    assert_eq!(patched["phone"], "913 00 000", "stored the one Norwegian way");
    for kept in ["name", "email", "tags", "status", "kilde", "created_at"] {
        assert_eq!(patched[kept], lead[kept], "{kept} is kept");
    }
    assert_eq!(names(&session, &[("q", "91300000")]).await, ["Åse Ødegård"], "found by its new number");
    let (action, table, id, _, changes) = audit_entries(&app).await.remove(0);
    assert_eq!((action.as_str(), table.as_str(), id.as_deref()), ("update", "leads", lead["id"].as_str()));
    assert_eq!(
        changes.unwrap(),
        json!({ "before": { "phone": "912 34 567" }, "after": { "phone": "913 00 000" } })
    );

    // A refused value changes nothing and says why, in Norwegian, under its field.
    let response = session.send(Method::PATCH, &path(&lead), &json!({ "email": "ikke en adresse" })).await;
    assert_eq!(response.status(), 422);
    let error: Value = response.json().await.unwrap();
    assert_eq!(error["fields"]["email"], "Skriv en gyldig e-postadresse.");
    assert_eq!(session.get_json(&path(&lead), &[]).await, patched);

    // An empty text clears the field; an empty list clears the tags.
    let cleared: Value = session
        .send(Method::PATCH, &path(&lead), &json!({ "email": "", "tags": [] }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!((cleared["email"].clone(), cleared["tags"].clone()), (Value::Null, json!([])));
    assert_eq!(cleared["phone"], "913 00 000");

    let missing = format!("/api/admin/leads/{}", Uuid::now_v7());
    assert_eq!(session.send(Method::PATCH, &missing, &json!({ "name": "Ingen" })).await.status(), 404);
    app.stop().await;
}

async fn follow_ups_and_assignees_filter_the_list_and_fill_the_dashboard(app: TestApp) {
    let admin = app.admin().await;
    let (eva_id, eva) = member(&app, "Eva Elektriker", "eva@fagfolk.test", Role::Editor).await;
    let eva_id = eva_id.to_string();
    let today = app.state.clock.today();
    let day = |days: i64| (today + Duration::days(days)).to_string();

    let bad = admin
        .send(Method::POST, "/api/admin/leads", &json!({ "name": "Feil", "follow_up": "31.12.2026" }))
        .await;
    assert_eq!(bad.status(), 422);
    assert_eq!(bad.json::<Value>().await.unwrap()["fields"]["follow_up"], "Skriv en gyldig dato.");
    let stranger = Uuid::now_v7().to_string();
    let bad = admin
        .send(Method::POST, "/api/admin/leads", &json!({ "name": "Feil", "assignee_id": stranger }))
        .await;
    assert_eq!(bad.status(), 422);
    assert_eq!(
        bad.json::<Value>().await.unwrap()["fields"]["assignee_id"],
        "Velg en medarbeider fra listen."
    );
    assert_eq!(app.count("leads").await, 0, "a refused lead is not stored");

    create(&admin, json!({ "name": "Uten dato" })).await;
    create(&admin, json!({ "name": "Vunnet forfalt", "status": "Vunnet", "follow_up": day(-1) })).await;
    let later = create(&admin, json!({ "name": "Senere", "follow_up": day(1), "assignee_id": eva_id })).await;
    create(&admin, json!({ "name": "I dag", "follow_up": day(0) })).await;
    let overdue =
        create(&admin, json!({ "name": "Forfalt", "follow_up": day(-3), "assignee_id": eva_id })).await;
    assert_eq!(overdue["follow_up"], day(-3));
    assert_eq!(later["assignee_id"], eva_id.as_str());

    assert_eq!(names(&admin, &[("follow_up", "due")]).await, ["Forfalt", "I dag", "Vunnet forfalt"]);
    assert_eq!(names(&admin, &[("follow_up", "planned")]).await.len(), 4);
    assert_eq!(names(&admin, &[("follow_up", "none")]).await, ["Uten dato"]);
    assert_eq!(names(&eva, &[("mine", "true")]).await, ["Forfalt", "Senere"]);
    assert_eq!(names(&eva, &[("mine", "true"), ("follow_up", "due")]).await, ["Forfalt"]);
    assert!(names(&admin, &[("mine", "true")]).await.is_empty(), "nothing is the admin's");
    let board = eva.get_json("/api/admin/leads/board", &[("mine", "true")]).await;
    let on_board: i64 =
        board.as_array().unwrap().iter().map(|column| column["total"].as_i64().unwrap()).sum();
    assert_eq!(on_board, 2);
    let page = admin.get_json("/api/admin/leads", &[]).await;
    let staff = page["staff"].as_array().unwrap();
    assert!(
        staff
            .iter()
            .any(|m| m["name"] == "Eva Elektriker" && m["id"] == eva_id.as_str() && m["is_active"] == true)
    );

    // The dashboard: open leads due today or before, the longest overdue first.
    let dashboard = admin.get_json("/api/admin/dashboard", &[]).await;
    let due: Vec<&str> =
        dashboard["follow_ups"].as_array().unwrap().iter().map(|f| f["name"].as_str().unwrap()).collect();
    assert_eq!(due, ["Forfalt", "I dag"], "a won lead needs no follow-up: {dashboard}");
    assert_eq!(dashboard["follow_ups_due"], 2);
    assert_eq!(dashboard["follow_ups"][0]["assignee"], "Eva Elektriker");
    assert_eq!(dashboard["follow_ups"][0]["follow_up"], day(-3));
    assert_eq!(dashboard["follow_ups"][1]["assignee"], Value::Null);

    // Each count opens the list that shows exactly what it counts (#25: "Se alle 1" opened
    // four leads, three of them won or lost).
    let total = |query: Vec<(&'static str, &'static str)>| {
        let admin = &admin;
        async move { admin.get_json("/api/admin/leads", &query).await["total"].clone() }
    };
    assert_eq!(total(vec![("follow_up", "due"), ("kind", "open")]).await, dashboard["follow_ups_due"]);
    assert_eq!(total(vec![("kind", "open")]).await, dashboard["open_leads"]);
    assert_eq!(total(vec![("kind", "won"), ("days", "30")]).await, dashboard["won_30d"]);
    assert_eq!(total(vec![("days", "7")]).await, dashboard["new_leads_7d"]);
    assert_eq!(names(&admin, &[("kind", "won")]).await, ["Vunnet forfalt"]);
    assert_eq!(admin.get("/api/admin/leads?days=0").await.status(), 400);
    let csv = admin.get("/api/admin/leads/export?kind=won").await.text().await.unwrap();
    assert_eq!(csv.lines().count(), 2, "the CSV narrows the same way: {csv}");

    // Tomorrow, "Senere" is due too; cleared, "Forfalt" is not.
    admin.send(Method::PATCH, &path(&overdue), &json!({ "follow_up": "" })).await;
    app.state.clock.advance(Duration::days(1));
    // A day on, the session has ended: sign in again.
    let admin = app.login("admin@fagfolk.test", ADMIN_PASSWORD).await;
    let dashboard = admin.get_json("/api/admin/dashboard", &[]).await;
    let due: Vec<&str> =
        dashboard["follow_ups"].as_array().unwrap().iter().map(|f| f["name"].as_str().unwrap()).collect();
    assert_eq!(due, ["I dag", "Senere"]);

    // Unassigned by an empty value; a removed user's leads lose their assignee.
    let unassigned: Value =
        admin.send(Method::PATCH, &path(&later), &json!({ "assignee_id": "" })).await.json().await.unwrap();
    assert_eq!(unassigned["assignee_id"], Value::Null);
    assert_eq!(admin.delete(&format!("/api/admin/users/{eva_id}")).await.status(), 204);
    assert_eq!(admin.get_json(&path(&overdue), &[]).await["assignee_id"], Value::Null);
    app.stop().await;
}

async fn notes_are_signed_and_only_their_author_or_an_admin_deletes_them(app: TestApp) {
    let admin = app.admin().await;
    let (_, eva) = member(&app, "Eva Elektriker", "eva@fagfolk.test", Role::Editor).await;
    let lead = create(&admin, json!({ "name": "Kari Nordmann" })).await;
    let notes = format!("{}/notes", path(&lead));

    let response =
        eva.send(Method::POST, &notes, &json!({ "body": "  Ringte, befaring torsdag kl. 10.  " })).await;
    assert_eq!(response.status(), 201);
    let own: Value = response.json().await.unwrap();
    assert_eq!(own["author_name"], "Eva Elektriker");
    assert_eq!(own["body"], "Ringte, befaring torsdag kl. 10.");
    let (action, table, id, by, changes) = audit_entries(&app).await.remove(0);
    assert_eq!((action.as_str(), table.as_str(), id.as_deref()), ("note", "leads", lead["id"].as_str()));
    assert_eq!(by.as_deref(), Some("eva@fagfolk.test"));
    assert_eq!(changes.unwrap()["after"]["note"], "Ringte, befaring torsdag kl. 10.");

    let empty = eva.send(Method::POST, &notes, &json!({ "body": "   " })).await;
    assert_eq!(empty.status(), 422);
    assert_eq!(empty.json::<Value>().await.unwrap()["fields"]["body"], "Skriv et notat.");
    let missing = format!("/api/admin/leads/{}/notes", Uuid::now_v7());
    assert_eq!(eva.send(Method::POST, &missing, &json!({ "body": "Hei" })).await.status(), 404);
    assert_eq!(app.count("lead_notes").await, 1);

    let theirs: Value =
        admin.send(Method::POST, &notes, &json!({ "body": "Tilbud sendt." })).await.json().await.unwrap();
    let refused = eva.delete(&format!("{notes}/{}", theirs["id"].as_str().unwrap())).await;
    assert_eq!(refused.status(), 403);
    assert_eq!(
        refused.json::<Value>().await.unwrap()["error"],
        "Bare den som skrev notatet, eller en administrator, kan slette det."
    );
    assert_eq!(eva.delete(&format!("{notes}/{}", own["id"].as_str().unwrap())).await.status(), 204);
    assert_eq!(app.count("lead_notes").await, 1);
    assert_eq!(admin.delete(&format!("{notes}/{}", own["id"].as_str().unwrap())).await.status(), 404);

    // Deleting the lead deletes its notes.
    assert_eq!(admin.delete(&path(&lead)).await.status(), 204);
    assert_eq!(app.count("lead_notes").await, 0);
    app.stop().await;
}

async fn the_timeline_tells_a_leads_story_newest_first(app: TestApp) {
    let admin = app.admin().await;
    let (_, eva) = member(&app, "Eva Elektriker", "eva@fagfolk.test", Role::Editor).await;
    let form = json!({
        "name": "Kari Nordmann", "email": "kari@example.no", "phone": "912 34 567",
        "service": "rorleggertjenester", "message": "Det drypper fra taket.",
    });
    assert_eq!(app.post_json("/api/contact", &form).await.status(), 201);
    let lead = admin.get_json("/api/admin/leads", &[("q", "Kari")]).await["items"][0].clone();
    let timeline = format!("{}/timeline", path(&lead));

    eva.send(Method::PATCH, &path(&lead), &json!({ "status": "Kontaktet" })).await;
    eva.send(Method::PATCH, &path(&lead), &json!({ "phone": "913 00 000", "follow_up": "2030-01-15" })).await;
    eva.send(Method::POST, &format!("{}/notes", path(&lead)), &json!({ "body": "Befaring torsdag." })).await;

    let events = admin.get_json(&timeline, &[]).await;
    let kinds: Vec<&str> = events.as_array().unwrap().iter().map(|e| e["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["note", "changed", "status", "submission", "created"], "{events}");
    assert_eq!(events[0]["note"]["body"], "Befaring torsdag.");
    assert_eq!(events[0]["note"]["author_name"], "Eva Elektriker");
    let changed = &events[1];
    assert_eq!(changed["by"], "Eva Elektriker");
    assert_eq!(
        changed["changes"],
        json!([
            { "field": "follow_up", "before": null, "after": "2030-01-15" },
            { "field": "phone", "before": "912 34 567", "after": "913 00 000" },
        ])
    );
    assert_eq!((events[2]["from"].clone(), events[2]["to"].clone()), (json!("Ny"), json!("Kontaktet")));
    assert_eq!(events[2]["by"], "Eva Elektriker");
    assert_eq!(events[3]["submission"]["message"], "Det drypper fra taket.");
    assert_eq!(events[3]["submission"]["service"], "Rørleggertjenester");
    assert_eq!(events[4]["by"], Value::Null, "came in from the website");

    // A lead staff entered says who did.
    let own = create(&admin, json!({ "name": "Ola" })).await;
    let events = admin.get_json(&format!("{}/timeline", path(&own)), &[]).await;
    assert_eq!(events, json!([{ "kind": "created", "at": own["created_at"], "by": "Test Bruker" }]));
    let missing = format!("/api/admin/leads/{}/timeline", Uuid::now_v7());
    assert_eq!(admin.get(&missing).await.status(), 404);
    app.stop().await;
}

async fn a_returning_customer_is_flagged_and_merged_keeping_everything(app: TestApp) {
    let admin = app.admin().await;
    let open = create(
        &admin,
        json!({ "name": "Kari Nordmann", "phone": "+47 912 34 567", "email": "Kari@Example.no", "tags": ["bad"] }),
    )
    .await;
    let won =
        create(&admin, json!({ "name": "Ferdig Kunde", "phone": "40000000", "status": "Vunnet" })).await;
    assert_eq!(open["duplicate_of"], Value::Null);

    // The contact form: the same number without +47 is the same customer.
    let form = json!({
        "name": "Kari N.", "email": "annen@example.no", "phone": "912 34 567",
        "service": "rorleggertjenester", "message": "Nå drypper det igjen.",
    });
    assert_eq!(app.post_json("/api/contact", &form).await.status(), 201);
    let enquiry = admin.get_json("/api/admin/leads", &[("q", "Kari N.")]).await["items"][0].clone();
    assert_eq!(enquiry["duplicate_of"], open["id"], "flagged against the open lead");
    let by_email = create(&admin, json!({ "name": "K. Nordmann", "email": "kari@example.NO" })).await;
    assert_eq!(by_email["duplicate_of"], open["id"], "e-mail in any case");
    let after_won = create(&admin, json!({ "name": "Ny jobb", "phone": "0047 400 00 000" })).await;
    assert_eq!(after_won["duplicate_of"], Value::Null, "a won lead is no open lead: {won}");
    let short = create(&admin, json!({ "name": "Kort", "phone": "12" })).await;
    assert_eq!(short["duplicate_of"], Value::Null);

    // An edit keeps the flag; "not a duplicate" clears it, audited.
    let edited: Value = admin
        .send(Method::PATCH, &path(&enquiry), &json!({ "adresse": "Storgata 1" }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(edited["duplicate_of"], open["id"]);
    assert_eq!(admin.delete(&format!("{}/duplicate", path(&by_email))).await.status(), 204);
    assert_eq!(admin.get_json(&path(&by_email), &[]).await["duplicate_of"], Value::Null);
    let (action, _, id, _, changes) = audit_entries(&app).await.remove(0);
    assert_eq!((action.as_str(), id.as_deref()), ("update", by_email["id"].as_str()));
    assert_eq!(changes.unwrap()["before"]["duplicate_of"], open["id"]);

    // Merging: the enquiry's note, submission and tags move to the open lead.
    admin.send(Method::POST, &format!("{}/notes", path(&enquiry)), &json!({ "body": "Samme kunde." })).await;
    let merge = format!("{}/merge", path(&open));
    let to_self = admin.send(Method::POST, &merge, &json!({ "from": open["id"] })).await;
    assert_eq!(to_self.status(), 422);
    assert_eq!(
        to_self.json::<Value>().await.unwrap()["fields"]["from"],
        "En lead kan ikke slås sammen med seg selv."
    );
    let gone = admin.send(Method::POST, &merge, &json!({ "from": Uuid::now_v7() })).await;
    assert_eq!(gone.status(), 422);
    assert_eq!(
        gone.json::<Value>().await.unwrap()["fields"]["from"],
        "Fant ikke lead-en som skulle slås sammen. Den kan være slettet."
    );
    let into_gone = format!("/api/admin/leads/{}/merge", Uuid::now_v7());
    assert_eq!(admin.send(Method::POST, &into_gone, &json!({ "from": open["id"] })).await.status(), 404);
    let response = admin.send(Method::POST, &merge, &json!({ "from": enquiry["id"] })).await;
    assert_eq!(response.status(), 200);
    let kept: Value = response.json().await.unwrap();
    assert_eq!(kept["email"], "Kari@Example.no", "the kept lead's own values stay");
    assert_eq!(kept["beskrivelse"], "Nå drypper det igjen.", "what it lacked comes from the other");
    assert_eq!(kept["tags"], json!(["bad", "Rørleggertjenester"]));
    assert_eq!(admin.get(&path(&enquiry)).await.status(), 404);
    assert_eq!(app.count("contact_submissions").await, 1);

    let events = admin.get_json(&format!("{}/timeline", path(&open)), &[]).await;
    let kinds: Vec<&str> = events.as_array().unwrap().iter().map(|e| e["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds[0], "merged", "{events}");
    assert_eq!(events[0]["name"], "Kari N.");
    assert_eq!(events[0]["by"], "Test Bruker");
    for kind in ["note", "submission", "changed", "created"] {
        assert!(kinds.contains(&kind), "{kind} kept in {kinds:?}");
    }
    let (action, _, id, _, changes) = audit_entries(&app).await.remove(0);
    assert_eq!((action.as_str(), id.as_deref()), ("merge", open["id"].as_str()));
    assert_eq!(changes.unwrap()["after"]["merged_lead"]["name"], "Kari N.");
    app.stop().await;
}

async fn the_export_opens_in_norwegian_excel(app: TestApp) {
    let admin = app.admin().await;
    create(
        &admin,
        json!({
            "name": "Åse Ødegård", "phone": "912 34 567", "email": "ase@example.no", "tags": ["bad", "akutt"],
            "beskrivelse": "Bad; 5 m²\n\"haster\"", "follow_up": "2026-12-24", "adresse": "Storgata 1",
        }),
    )
    .await;
    create(
        &admin,
        json!({ "name": "=HYPERLINK(\"http://x\")", "status": "Tapt", "phone": "+47 400 00 000" }),
    )
    .await;

    let response = admin.get("/api/admin/leads/export?status=Ny").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert!(disposition.starts_with("attachment; filename=\"leads-") && disposition.ends_with(".csv\""));
    let bytes = response.bytes().await.unwrap();
    assert_eq!(&bytes[..3], b"\xEF\xBB\xBF", "a byte order mark, so Excel reads UTF-8");
    let text = std::str::from_utf8(&bytes[3..]).unwrap();
    assert!(text.starts_with("Navn;E-post;Telefon;Status;Kilde;Beskrivelse;Adresse;Postnummer;Tags;Oppfølging;Ansvarlig;Opprettet;Sist oppdatert\r\n"));
    let rows: Vec<csv::StringRecord> = csv::ReaderBuilder::new()
        .delimiter(b';')
        .from_reader(text.as_bytes())
        .records()
        .map(Result::unwrap)
        .collect();
    assert_eq!(rows.len(), 1, "only the status asked for");
    // Created and updated with their time, in Oslo's: "24.12.2026 14:05".
    let created = rows[0][11].to_owned();
    let today = app.state.clock.today().format("%d.%m.%Y").to_string();
    assert!(created.starts_with(&format!("{today} ")) && created.len() == 16, "{created}");
    assert_eq!(
        rows[0].iter().collect::<Vec<_>>(),
        [
            "Åse Ødegård",
            "ase@example.no",
            "912 34 567",
            "Ny",
            "Web",
            "Bad; 5 m²\n\"haster\"",
            "Storgata 1",
            "",
            "bad, akutt",
            "24.12.2026",
            "",
            &created,
            &created,
        ]
    );
    let (action, table, _, _, changes) = audit_entries(&app).await.remove(0);
    assert_eq!((action.as_str(), table.as_str()), ("export", "leads"));
    let changes = changes.unwrap();
    assert_eq!(
        (&changes["after"]["rows"], &changes["after"]["filter"]["search"]),
        (&json!(1), &json!(false))
    );

    // A search is recorded as a search, never as its text: it is often a customer's name.
    let searched = admin.get("/api/admin/leads/export?q=%C3%98deg%C3%A5rd").await;
    assert!(searched.text().await.unwrap().contains("Åse Ødegård"));
    let (_, _, _, _, changes) = audit_entries(&app).await.remove(0);
    let changes = changes.unwrap();
    assert_eq!(changes["after"]["filter"]["search"], true);
    assert!(!changes.to_string().to_lowercase().contains("deg"), "{changes}");

    // A cell Excel would run as a formula is shown as text; a phone number is a number
    // Excel shows as it is, without an apostrophe.
    let all = admin.get("/api/admin/leads/export").await.text().await.unwrap();
    assert!(all.contains("\r\n\"'=HYPERLINK(\"\"http://x\"\")\";;400 00 000;Tapt;"), "{all}");
    app.stop().await;
}

crate::db_tests!(
    a_lead_is_edited_in_place_one_field_at_a_time,
    follow_ups_and_assignees_filter_the_list_and_fill_the_dashboard,
    notes_are_signed_and_only_their_author_or_an_admin_deletes_them,
    the_timeline_tells_a_leads_story_newest_first,
    a_returning_customer_is_flagged_and_merged_keeping_everything,
    the_export_opens_in_norwegian_excel,
);
