//! Merging keeps every e-mail address and phone number of both leads: the kept lead has
//! the main ones staff chose and the others beside them, and each of them finds it, on
//! SQLite and PostgreSQL (#25: a merge used to drop the enquiry's new address).

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Session, TestApp, create_lead as create, lead_path as path};

async fn merge(session: &Session, into: &Value, from: &Value, choice: Value) -> Value {
    let mut body = json!({ "from": from["id"] });
    body.as_object_mut().unwrap().extend(choice.as_object().unwrap().clone());
    let response = session.send(Method::POST, &format!("{}/merge", path(into)), &body).await;
    assert_eq!(response.status(), 200, "merge {body}");
    response.json().await.unwrap()
}

/// The ids of the leads a search of the lead list finds.
async fn found(session: &Session, q: &str) -> Vec<String> {
    let page = session.get_json("/api/admin/leads", &[("q", q)]).await;
    page["items"].as_array().unwrap().iter().map(|lead| lead["id"].as_str().unwrap().to_owned()).collect()
}

fn others(lead: &Value) -> Vec<(String, String)> {
    lead["other_contacts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["kind"].as_str().unwrap().to_owned(), c["value"].as_str().unwrap().to_owned()))
        .collect()
}

async fn a_merge_keeps_every_address_and_number_findable(app: TestApp) {
    let admin = app.admin().await;
    let kari =
        create(&admin, json!({ "name": "Kari Nordmann", "email": "kari@gammel.no", "phone": "912 34 567" }))
            .await;
    let form = json!({
        "name": "Kari Nordmann", "email": "kari@ny.no", "phone": "+47 480 00 111",
        "service": "rorleggertjenester", "message": "Nå drypper det igjen.",
    });
    assert_eq!(app.post_json("/api/contact", &form).await.status(), 201);
    let enquiry = admin.get_json("/api/admin/leads", &[("q", "kari@ny.no")]).await["items"][0].clone();
    assert_ne!(enquiry["id"], kari["id"]);

    let kept = merge(&admin, &kari, &enquiry, json!({})).await;
    assert_eq!(
        (kept["email"].as_str(), kept["phone"].as_str()),
        (Some("kari@gammel.no"), Some("912 34 567"))
    );
    assert_eq!(others(&kept), [("email".into(), "kari@ny.no".into()), ("phone".into(), "480 00 111".into())]);
    assert_eq!(others(&admin.get_json(&path(&kari), &[]).await), others(&kept), "stored, not only answered");
    let id = kari["id"].as_str().unwrap().to_owned();
    for q in ["kari@gammel.no", "KARI@NY.NO", "912 34 567", "48000111", "480 00 111", "ny.no"] {
        assert_eq!(found(&admin, q).await, vec![id.clone()], "a search for {q} finds the kept lead");
    }
    // The board and a new enquiry know them too.
    let board = admin.get_json("/api/admin/leads/board", &[]).await;
    assert!(board.to_string().contains("kari@ny.no"), "{board}");
    let again = create(&admin, json!({ "name": "Kari", "email": "Kari@Ny.no" })).await;
    assert_eq!(again["duplicate_of"], kari["id"], "a new lead with the other address is flagged");
    let by_phone = create(&admin, json!({ "name": "K", "phone": "48000111" })).await;
    assert_eq!(by_phone["duplicate_of"], kari["id"], "and with the other number");

    // Merging twice: the third lead's contacts and its own others join the list.
    let third =
        create(&admin, json!({ "name": "Kari N.", "email": "kari@jobb.no", "phone": "912 34 567" })).await;
    let kept = merge(&admin, &kari, &third, json!({ "email": "merged" })).await;
    assert_eq!(kept["email"], "kari@jobb.no", "staff chose the merged lead's address as the main one");
    assert_eq!(
        others(&kept),
        [
            ("email".into(), "kari@gammel.no".into()),
            ("email".into(), "kari@ny.no".into()),
            ("phone".into(), "480 00 111".into()),
        ],
        "the old main address stays beside it; the same number is not listed twice"
    );

    // Merging into a lead that was merged into before, from one that was too.
    let other = create(&admin, json!({ "name": "Ola", "email": "ola@a.no" })).await;
    let ola_b = create(&admin, json!({ "name": "Ola", "email": "ola@b.no" })).await;
    let ola = merge(&admin, &other, &ola_b, json!({})).await;
    let merged_all = merge(&admin, &kari, &ola, json!({})).await;
    let values: Vec<String> = others(&merged_all).into_iter().map(|(_, v)| v).collect();
    for value in ["ola@a.no", "ola@b.no", "kari@gammel.no", "kari@ny.no"] {
        assert!(values.contains(&value.to_owned()), "{value} kept in {values:?}");
        assert!(found(&admin, value).await.contains(&id), "{value} finds the lead");
    }
    app.stop().await;
}

/// Undoing by hand: staff make another address the main one (the old one moves beside
/// it), correct a typo in the main one (the typo is not kept), and remove a contact by
/// merging nothing: the lists stay exact.
async fn staff_choose_the_main_address_and_number_by_hand(app: TestApp) {
    let admin = app.admin().await;
    let lead =
        create(&admin, json!({ "name": "Per Olsen", "email": "per@a.no", "phone": "400 11 222" })).await;
    let newer =
        create(&admin, json!({ "name": "Per Olsen", "email": "per@b.no", "phone": "400 11 333" })).await;
    merge(&admin, &lead, &newer, json!({})).await;

    let patch = |body: Value| {
        let admin = &admin;
        let url = path(&lead);
        async move {
            let response = admin.send(Method::PATCH, &url, &body).await;
            assert_eq!(response.status(), 200, "{body}");
            response.json::<Value>().await.unwrap()
        }
    };
    let swapped = patch(json!({ "email": "PER@B.NO" })).await;
    assert_eq!(swapped["email"], "PER@B.NO");
    assert_eq!(
        others(&swapped),
        [("email".into(), "per@a.no".into()), ("phone".into(), "400 11 333".into())],
        "the old main address trades places with the one made main"
    );
    let corrected = patch(json!({ "phone": "400 11 223" })).await;
    assert_eq!(
        others(&corrected),
        [("email".into(), "per@a.no".into()), ("phone".into(), "400 11 333".into())],
        "a corrected number replaces the old one"
    );
    assert!(found(&admin, "400 11 222").await.is_empty(), "the replaced number finds nothing");
    let untouched = patch(json!({ "adresse": "Storgata 1" })).await;
    assert_eq!(others(&untouched), others(&corrected), "an edit of another field keeps them");
    app.stop().await;
}

/// Erasing a person by an address kept beside another customer's lead removes it from
/// that lead and leaves the lead; the retention rule forgets an anonymised lead's others.
async fn erasure_and_retention_forget_the_other_contacts(app: TestApp) {
    let admin = app.admin().await;
    let lead =
        create(&admin, json!({ "name": "Kari", "email": "kari@a.no", "beskrivelse": "Alarmkode 4711." }))
            .await;
    let newer = create(&admin, json!({ "name": "Kari", "email": "besok@b.no" })).await;
    merge(&admin, &lead, &newer, json!({})).await;
    assert_eq!(app.count("lead_contacts").await, 1);

    let export =
        admin.send(Method::POST, "/api/admin/privacy/export", &json!({ "person": "besok@b.no" })).await;
    assert_eq!(export.status(), 200);
    assert!(!export.text().await.unwrap().contains("Alarmkode"), "the customer's lead is not theirs");
    let erased =
        admin.send(Method::POST, "/api/admin/privacy/erase", &json!({ "person": "besok@b.no" })).await;
    assert_eq!(erased.status(), 200);
    assert_eq!(erased.json::<Value>().await.unwrap()["leads"], 0);
    assert_eq!(app.count("lead_contacts").await, 0, "the address is gone from the lead");
    let kept = admin.get_json(&path(&lead), &[]).await;
    assert_eq!((kept["email"].as_str(), others(&kept)), (Some("kari@a.no"), vec![]));

    let newer = create(&admin, json!({ "name": "Kari", "phone": "913 23 121" })).await;
    merge(&admin, &lead, &newer, json!({})).await;
    assert_eq!(app.count("lead_contacts").await, 1);
    let won = admin.send(Method::PATCH, &path(&lead), &json!({ "status": "Vunnet" })).await;
    assert_eq!(won.status(), 200);
    let rule = admin.send(Method::PUT, "/api/admin/privacy/retention", &json!({ "months": 6 })).await;
    assert_eq!(rule.status(), 200);
    app.state.clock.advance(chrono::Duration::days(200));
    assert_eq!(fagfolk::privacy::apply_retention(&app.state.db, app.state.clock.now()).await.unwrap(), 1);
    assert_eq!(app.count("lead_contacts").await, 0, "an anonymised lead keeps no number");
    app.stop().await;
}

crate::db_tests!(
    a_merge_keeps_every_address_and_number_findable,
    staff_choose_the_main_address_and_number_by_hand,
    erasure_and_retention_forget_the_other_contacts,
);
