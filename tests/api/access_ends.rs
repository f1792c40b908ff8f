//! The fifth review (issue #74): when the office ends someone's access, all of it ends,
//! and what the firm mails and documents says what is true. Each test replays a finding
//! on SQLite and PostgreSQL and is named after what it protects (docs/SECURITY.md,
//! "Fifth review").

use std::collections::BTreeMap;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::fixtures::{firm_can_invoice, invoiced_job, montor};
use crate::helpers::{ADMIN_PASSWORD, Session, TestApp, create_lead, oslo_day};

crate::db_tests!(
    a_calendar_feed_ends_with_its_holders_access,
    an_admin_lists_and_revokes_anyones_calendar_feed,
    a_role_change_ends_the_users_sessions,
    a_partial_invoicing_save_keeps_the_account_and_the_inbox,
    the_documented_invoice_send_body_is_the_one_the_server_takes,
    only_an_admin_moves_where_the_money_goes,
);

/// Makes `session`'s own calendar feed; its address's path.
async fn own_feed(session: &Session) -> String {
    let made = session.send(Method::POST, "/api/admin/calendar-feeds", &json!({ "scope": "own" })).await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let url = made.json::<Value>().await.unwrap()["url"].as_str().unwrap().to_owned();
    url[url.find("/kalender/").unwrap()..].to_owned()
}

/// A feed read without any session, as a phone's calendar reads it: its status and text.
async fn read(app: &TestApp, path: &str) -> (StatusCode, String) {
    let response = app.get(path).await;
    // Unfolded: a long line of a calendar goes on after a line break and a space.
    (response.status(), response.text().await.unwrap().replace("\r\n ", ""))
}

/// Finding 8: an admin ended a lost phone's session and reset the montør's password, and
/// the phone's calendar feed went on answering with the customers' names, phones and
/// addresses; deactivated and activated again, the montør's old feed address worked again.
async fn a_calendar_feed_ends_with_its_holders_access(app: TestApp) {
    let office = app.admin().await;
    let (id, phone) = montor(&app, "ola@fagfolk.test").await;
    let lead = create_lead(
        &office,
        json!({"name": "Kari Nordmann", "phone": "912 34 567", "adresse": "Storgata 1", "status": "Ny"}),
    )
    .await;
    let visit = json!({ "day": oslo_day(3), "start": "09:00", "minutes": 60, "staff_id": id });
    let booked = office
        .send(Method::POST, &format!("/api/admin/leads/{}/visits", lead["id"].as_str().unwrap()), &visit)
        .await;
    assert_eq!(booked.status(), StatusCode::CREATED);
    let user = format!("/api/admin/users/{id}");

    // The phone is lost: the office ends its session.
    let feed = own_feed(&phone).await;
    let (status, text) = read(&app, &feed).await;
    assert!(
        status == StatusCode::OK && text.contains("Kari Nordmann") && text.contains("912 34 567"),
        "{text}"
    );
    let sessions: Value = office.get_json(&format!("{user}/sessions"), &[]).await;
    let ended = office.delete(&format!("{user}/sessions/{}", sessions[0]["id"].as_str().unwrap())).await;
    assert_eq!(ended.status(), StatusCode::NO_CONTENT);
    assert_eq!(read(&app, &feed).await.0, StatusCode::NOT_FOUND, "the session's end ends the feed");

    // A password set by an admin, and one set through "Glemt passord?".
    let phone = app.login("ola@fagfolk.test", ADMIN_PASSWORD).await;
    let feed = own_feed(&phone).await;
    let set = office
        .send(Method::PUT, &format!("{user}/password"), &json!({"password": "et nytt og langt passord"}))
        .await;
    assert_eq!(set.status(), StatusCode::NO_CONTENT);
    assert_eq!(read(&app, &feed).await.0, StatusCode::NOT_FOUND, "a password set by an admin ends the feed");
    let phone = app.login("ola@fagfolk.test", "et nytt og langt passord").await;
    let feed = own_feed(&phone).await;
    let token = fagfolk_data::auth::reset::create(&app.state.db, id, app.state.clock.now()).await.unwrap();
    let reset = app
        .client
        .post(app.url("/api/auth/password-reset/confirm"))
        .header("x-fagfolk-csrf", "1")
        .json(&json!({ "token": token, "password": ADMIN_PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(reset.status(), StatusCode::NO_CONTENT);
    assert_eq!(read(&app, &feed).await.0, StatusCode::NOT_FOUND, "a reset password ends the feed");

    // Deactivated and activated again: the old address stays dead.
    let phone = app.login("ola@fagfolk.test", ADMIN_PASSWORD).await;
    let feed = own_feed(&phone).await;
    for active in [false, true] {
        let changed = office.send(Method::PUT, &user, &json!({ "is_active": active })).await;
        assert_eq!(changed.status(), StatusCode::OK);
        assert_eq!(read(&app, &feed).await.0, StatusCode::NOT_FOUND, "active: {active}");
    }
    assert_eq!(app.count("calendar_feeds").await, 0);
    app.stop().await;
}

/// Finding 8: only the holder could see or revoke their feed, so an admin told of a lost
/// phone had no way to stop it; now an admin lists and revokes anyone's.
async fn an_admin_lists_and_revokes_anyones_calendar_feed(app: TestApp) {
    let office = app.admin().await;
    let (id, phone) = montor(&app, "ola@fagfolk.test").await;
    let feeds = format!("/api/admin/users/{id}/calendar-feeds");
    let feed = own_feed(&phone).await;

    // Without a session, and as the montør themselves: refused.
    assert_eq!(app.get(&feeds).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(phone.get(&feeds).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(phone.delete(&format!("{feeds}/own")).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(read(&app, &feed).await.0, StatusCode::OK);

    let listed: Value = office.get_json(&feeds, &[]).await;
    assert_eq!(listed.as_array().unwrap().len(), 1, "{listed}");
    assert_eq!(listed[0]["scope"], "own");
    let revoked = office.delete(&format!("{feeds}/own")).await;
    assert_eq!(revoked.status(), StatusCode::NO_CONTENT);
    assert_eq!(read(&app, &feed).await.0, StatusCode::NOT_FOUND);
    assert_eq!(office.get_json(&feeds, &[]).await, json!([]));
    assert_eq!(office.delete(&format!("{feeds}/own")).await.status(), StatusCode::NOT_FOUND);
    let logged = crate::helpers::audit_entries(&app).await;
    let (action, entity, entity_id, by, _) = &logged[0];
    assert_eq!((action.as_str(), entity.as_str()), ("delete", "calendar_feeds"));
    assert_eq!(
        (entity_id.as_deref(), by.as_deref()),
        (Some(id.to_string().as_str()), Some("admin@fagfolk.test"))
    );
    // The montør's phone session is untouched: only the feed was asked to end.
    assert!(phone.get_json("/api/auth/session", &[]).await["user"].is_object());
    app.stop().await;
}

/// Finding 9: a montør's 30-day "husk meg" session went on for 30 days after they were
/// made an admin, now with the admin's reach. A role change ends the user's sessions.
async fn a_role_change_ends_the_users_sessions(app: TestApp) {
    let office = app.admin().await;
    let (id, _) = montor(&app, "ola@fagfolk.test").await;
    let login = json!({ "email": "ola@fagfolk.test", "password": ADMIN_PASSWORD, "remember": true });
    let signed_in = app
        .client
        .post(app.url("/api/auth/login"))
        .header("x-fagfolk-csrf", "1")
        .json(&login)
        .send()
        .await
        .unwrap();
    assert_eq!(signed_in.status(), StatusCode::OK);
    let cookie = signed_in.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.contains("Max-Age=34560000"), "remembered: {cookie}");
    let token = cookie.split(';').next().unwrap().split_once('=').unwrap().1.to_owned();
    let phone = Session { client: app.client.clone(), address: app.address.clone(), token };
    let sessions: Value = office.get_json(&format!("/api/admin/users/{id}/sessions"), &[]).await;
    assert!(sessions.as_array().unwrap().iter().any(|s| s["remembered"] == true), "{sessions}");

    let promoted =
        office.send(Method::PUT, &format!("/api/admin/users/{id}"), &json!({ "role": "admin" })).await;
    assert_eq!(promoted.status(), StatusCode::OK);
    assert_eq!(
        phone.get_json("/api/auth/session", &[]).await["user"],
        Value::Null,
        "the old session is over"
    );
    assert_eq!(phone.get("/api/admin/users").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(office.get_json(&format!("/api/admin/users/{id}/sessions"), &[]).await, json!([]));
    // A change of name or phone alone leaves the sessions be.
    let again = app.login("ola@fagfolk.test", ADMIN_PASSWORD).await;
    let renamed =
        office.send(Method::PUT, &format!("/api/admin/users/{id}"), &json!({ "name": "Ola N." })).await;
    assert_eq!(renamed.status(), StatusCode::OK);
    assert!(again.get_json("/api/auth/session", &[]).await["user"].is_object());
    app.stop().await;
}

/// Finding 14: a settings save whose `invoicing` left the account number and the
/// accounting inbox out emptied both, as the firm's name was before (issue #58, finding 15).
async fn a_partial_invoicing_save_keeps_the_account_and_the_inbox(app: TestApp) {
    let office = app.admin().await;
    firm_can_invoice(&office).await;
    let inbox = json!({ "invoicing": {
        "account_number": "1234.56.78903", "vat_registered": true, "payment_days": 14, "kid": true,
        "accounting_email": "bilag@regnskap.example",
    }});
    assert_eq!(office.send(Method::PUT, "/api/admin/settings", &inbox).await.status(), StatusCode::OK);
    let save = |body: Value| {
        let office = &office;
        async move {
            let saved = office.send(Method::PUT, "/api/admin/settings", &body).await;
            assert_eq!(saved.status(), StatusCode::OK, "{body}");
            saved.json::<Value>().await.unwrap()["invoicing"].clone()
        }
    };
    let days =
        save(json!({ "invoicing": { "vat_registered": true, "payment_days": 30, "kid": true } })).await;
    assert_eq!(days["payment_days"], 30);
    assert_eq!(
        (&days["account_number"], &days["accounting_email"]),
        (&json!("12345678903"), &json!("bilag@regnskap.example"))
    );
    // Only one field: every other is kept, the switches too.
    let one = save(json!({ "invoicing": { "payment_days": 21 } })).await;
    let kept = json!({ "account_number": "12345678903", "accounting_email": "bilag@regnskap.example",
        "vat_registered": true, "kid": true, "payment_days": 21 });
    for (field, value) in kept.as_object().unwrap() {
        assert_eq!(&one[field], value, "{field}");
    }
    // Cleared on purpose, a field is cleared; the rest stays.
    let cleared = save(json!({ "invoicing": { "accounting_email": null, "kid": false } })).await;
    assert!(cleared["accounting_email"].is_null() && cleared["kid"] == false);
    assert_eq!(cleared["account_number"], "12345678903");
    let read: Value = office.get_json("/api/admin/settings", &[]).await;
    assert_eq!(read["invoicing"], cleared);
    app.stop().await;
}

/// Finding 15: two types named `SendInput` (a quote's and an invoice's) shared one name
/// in the OpenAPI document, so the invoice's send was documented with the quote's body.
/// No two different schemas may be registered under one component name by the
/// resources' routers that make up the document (`fagfolk::app::resources`). A clash
/// inside one resource's router is merged before it can be seen here; the names there
/// are the one resource's own.
#[test]
fn no_two_schema_types_share_a_component_name() {
    let mut seen: BTreeMap<String, (&str, Value)> = BTreeMap::new();
    let mut clashes = Vec::new();
    for (resource, router) in fagfolk::app::resources() {
        let components = router.get_openapi().components.clone().unwrap_or_default();
        for (name, schema) in components.schemas {
            let schema = serde_json::to_value(schema).unwrap();
            match seen.get(&name) {
                Some((first, same)) if *same != schema => {
                    clashes.push(format!("{name}: {first} / {resource}"))
                }
                Some(_) => {}
                None => {
                    seen.insert(name, (resource, schema));
                }
            }
        }
    }
    assert!(clashes.is_empty(), "two types under one schema name: {clashes:?}");
    assert!(seen.len() > 100, "the resources' schemas are seen: {}", seen.len());
}

/// Finding 15: the document's body for sending an invoice is what the server takes: it
/// names `to`, and each value it allows is not refused as a bad request.
async fn the_documented_invoice_send_body_is_the_one_the_server_takes(app: TestApp) {
    let office = app.admin().await;
    let (_, invoice) = invoiced_job(&app, &office).await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let resolve = |schema: &Value| -> Value {
        match schema["$ref"].as_str() {
            Some(name) => {
                doc["components"]["schemas"][name.trim_start_matches("#/components/schemas/")].clone()
            }
            None => schema.clone(),
        }
    };
    let body =
        &doc["paths"]["/api/admin/invoices/{id}/send"]["post"]["requestBody"]["content"]["application/json"];
    let documented = resolve(&body["schema"]);
    assert_eq!(documented["required"], json!(["to"]), "{documented}");
    let to = resolve(&documented["properties"]["to"]);
    let values = to["enum"].as_array().unwrap_or_else(|| panic!("{to}"));
    assert_eq!(values, &[json!("customer"), json!("accounting")]);
    let send = format!("/api/admin/invoices/{}/send", invoice["id"].as_str().unwrap());
    for value in values {
        let sent = office.send(Method::POST, &send, &json!({ "to": value })).await;
        // No mail on this server: refused as such (409), never as a malformed body.
        assert_eq!(sent.status(), StatusCode::CONFLICT, "{value}");
    }
    app.stop().await;
}

mod mailed {
    use super::a_credited_invoice_is_mailed_as_credited_with_what_is_owed_back;
    crate::mail_tests!(a_credited_invoice_is_mailed_as_credited_with_what_is_owed_back);
}

type Mail = tokio::sync::mpsc::UnboundedReceiver<String>;

/// Sends the invoice or credit note at `path` to the customer; the letter's text as one
/// line, its spaces (the amounts' hard ones too) plain.
async fn letter(office: &Session, mail: &mut Mail, path: &str, subject: &str) -> String {
    let sent = office.send(Method::POST, &format!("{path}/send"), &json!({ "to": "customer" })).await;
    assert_eq!(sent.status(), StatusCode::OK);
    loop {
        let raw = crate::quote_mail::next(mail).await;
        if raw.contains(subject) {
            return crate::quote_flow::letter(&raw).2.split_whitespace().collect::<Vec<_>>().join(" ");
        }
    }
}

/// Finding 13: an invoice paid and then credited was mailed again as "Den er betalt;
/// takk!", with nothing said of the credit nor of the money the customer has to get back.
async fn a_credited_invoice_is_mailed_as_credited_with_what_is_owed_back(app: TestApp, mut mail: Mail) {
    let office = app.admin().await;
    let (_, invoice) = invoiced_job(&app, &office).await;
    let path = format!("/api/admin/invoices/{}", invoice["id"].as_str().unwrap());
    let subject = format!("Faktura {} fra", invoice["number"].as_str().unwrap());
    let credit = |lines: Value| {
        let (office, path) = (&office, format!("{path}/credit-notes"));
        async move {
            let made =
                office.send(Method::POST, &path, &json!({ "lines": lines, "reason": "Feil pris" })).await;
            assert_eq!(made.status(), StatusCode::CREATED);
            made.json::<Value>().await.unwrap()
        }
    };
    // The lunch credited (597,54 kr of 26 503,17 kr), nothing paid: what is left to pay.
    credit(json!([4])).await;
    let text = letter(&office, &mut mail, &path, &subject).await;
    assert!(text.contains("Kreditert: 597,54 kr Å betale: 25 905,63 kr"), "{text}");

    // What is left paid: credited, the rest paid.
    let paid = json!({ "paid_on": oslo_day(0), "amount": 2_590_563 });
    assert_eq!(
        office.send(Method::POST, &format!("{path}/payments"), &paid).await.status(),
        StatusCode::CREATED
    );
    let text = letter(&office, &mut mail, &path, &subject).await;
    assert!(!text.contains("Den er betalt; takk!"), "{text}");
    assert!(text.contains("Den er kreditert med 597,54 kr, og resten er betalt; takk!"), "{text}");

    // The rest credited too: the customer is owed all they paid, and each letter says so.
    let rest = credit(json!([0, 1, 2, 3])).await;
    let text = letter(&office, &mut mail, &path, &subject).await;
    assert!(text.contains("Den er kreditert i sin helhet."), "{text}");
    assert!(text.contains("Du har 25 905,63 kr til gode, og det betaler vi tilbake til deg."), "{text}");
    let note = format!("/api/admin/invoices/{}", rest["id"].as_str().unwrap());
    let text =
        letter(&office, &mut mail, &note, &format!("Kreditnota {} fra", rest["number"].as_str().unwrap()))
            .await;
    assert!(text.contains("Du har 25 905,63 kr til gode, og det betaler vi tilbake til deg."), "{text}");
    assert!(!text.contains("trukket fra det du skal betale"), "{text}");
    app.stop().await;
}

/// Finding 18 (decided): any office user could point the accounting inbox, and the
/// account number customers pay to, anywhere. Now an editor saves the settings with both
/// as they are, or is refused; an admin changes them.
async fn only_an_admin_moves_where_the_money_goes(app: TestApp) {
    let admin = app.admin().await;
    firm_can_invoice(&admin).await;
    app.create_user("redaktor@fagfolk.test", ADMIN_PASSWORD, fagfolk::users::Role::Editor).await;
    let editor = app.login("redaktor@fagfolk.test", ADMIN_PASSWORD).await;
    for moved in
        [json!({"account_number": "1503.12.34562"}), json!({"accounting_email": "bilag@svindel.example"})]
    {
        editor
            .call::<Value>(Method::PUT, "/api/admin/settings", Some(&json!({ "invoicing": moved })))
            .await
            .refused(
                StatusCode::FORBIDDEN,
                "Bare en administrator kan endre kontonummeret og regnskapets e-postinnboks.",
            );
    }
    let kept: Value = admin.get_json("/api/admin/settings", &[]).await;
    assert_eq!(kept["invoicing"]["account_number"], "12345678903");
    // Anything else an editor still saves, the money routes kept.
    let days = json!({"invoicing": {"payment_days": 20}});
    let saved: Value = editor.call(Method::PUT, "/api/admin/settings", Some(&days)).await.good();
    assert_eq!(
        (saved["invoicing"]["payment_days"].as_i64(), saved["invoicing"]["account_number"].as_str()),
        (Some(20), Some("12345678903"))
    );
    let moved = json!({"invoicing": {"accounting_email": "bilag@fiken.no"}});
    let saved: Value = admin.call(Method::PUT, "/api/admin/settings", Some(&moved)).await.good();
    assert_eq!(saved["invoicing"]["accounting_email"], "bilag@fiken.no");
    app.stop().await;
}
