//! The montør's day (issue #59), on SQLite and PostgreSQL: nothing a phone sends is written
//! twice. Each new entry and material line carries an id the phone chose; a retry after a
//! lost answer gets the first result back and writes nothing new, however many arrive at once.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::fixtures::montor;
use crate::helpers::{TestApp, audit_entries, create_lead};

crate::db_tests!(
    a_retry_with_the_phones_id_writes_nothing_twice,
    twenty_retries_at_once_store_one_entry,
    a_consumers_timepris_estimate_is_capped_unless_given_with_the_accepted_reservation,
    a_montors_materials_come_without_prices_with_a_private_photo_and_the_office_prices_them,
    a_montors_own_phone_stays_signed_in_for_30_days_until_the_office_or_a_new_password_ends_it,
    a_montor_keeps_the_language_of_his_screens_on_his_profile,
    a_montor_sees_his_own_materials_and_the_office_corrects_their_wording_for_the_invoice,
);

/// A call-out at 900 kr an hour with `worker` on it.
async fn job_for(office: &crate::helpers::Session, worker: uuid::Uuid) -> String {
    let lead = create_lead(office, json!({"name": "Per Hansen", "phone": "912 34 568"})).await;
    let made = office
        .send(
            Method::POST,
            &format!("/api/admin/leads/{}/jobs", lead["id"].as_str().unwrap()),
            &json!({"title": "Bytte sikringsskap", "hourly_rate": 90_000, "workers": [worker]}),
        )
        .await;
    assert_eq!(made.status(), StatusCode::CREATED);
    made.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned()
}

async fn a_retry_with_the_phones_id_writes_nothing_twice(app: TestApp) {
    let office = app.admin().await;
    let (worker_id, worker) = montor(&app, "ole@fagfolk.test").await;
    let job = job_for(&office, worker_id).await;
    let key = uuid::Uuid::now_v7().to_string();
    let today = app.state.clock.today().to_string();
    let body = json!({"id": key, "job_id": job, "day": today, "minutes": 120, "note": "Trakk kabel"});
    let first = worker.send(Method::POST, "/api/admin/time", &body).await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let first: Value = first.json().await.unwrap();
    assert_eq!(first["id"], key.as_str());
    // The answer was lost; the phone sends the same entry again.
    let again = worker.send(Method::POST, "/api/admin/time", &body).await;
    assert_eq!(again.status(), StatusCode::OK, "the first result, not a second entry");
    assert_eq!(again.json::<Value>().await.unwrap(), first);
    assert_eq!(app.count("time_entries").await, 1);
    let created =
        audit_entries(&app).await.into_iter().filter(|(_, entity, ..)| entity == "time_entries").count();
    assert_eq!(created, 1, "one audit entry");
    // Another person cannot take it, nor read it through its id.
    let other = office.send(Method::POST, "/api/admin/time", &body).await;
    assert_eq!(other.status(), StatusCode::CONFLICT);
    let bad = worker
        .send(
            Method::POST,
            "/api/admin/time",
            &json!({"id": "ikke-en-id", "job_id": job, "day": today, "minutes": 60}),
        )
        .await;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.json::<Value>().await.unwrap()["fields"]["id"], "Føringens id må være en UUID.");

    // A material line the same way.
    let line = uuid::Uuid::now_v7().to_string();
    let material = json!({"id": line, "description": "Jordfeilbryter", "quantity": 100, "unit": "stk", "unit_price": 90_000, "vat": 25});
    let path = format!("/api/admin/jobs/{job}/materials");
    assert_eq!(worker.send(Method::POST, &path, &material).await.status(), StatusCode::CREATED);
    let again = worker.send(Method::POST, &path, &material).await;
    assert_eq!(again.status(), StatusCode::OK);
    assert_eq!(again.json::<Value>().await.unwrap()["id"], line.as_str());
    assert_eq!(app.count("job_materials").await, 1);
    crate::helpers::job_sums_add_up(&app).await;
}

async fn twenty_retries_at_once_store_one_entry(app: TestApp) {
    let office = app.admin().await;
    let (worker_id, worker) = montor(&app, "ole@fagfolk.test").await;
    let job = job_for(&office, worker_id).await;
    let key = uuid::Uuid::now_v7().to_string();
    let body = json!({"id": key, "job_id": job, "day": app.state.clock.today().to_string(), "minutes": 450});
    let tries = (0..20).map(|_| {
        let (worker, body) = (worker.clone(), body.clone());
        tokio::spawn(async move { worker.send(Method::POST, "/api/admin/time", &body).await.status() })
    });
    let mut statuses = Vec::new();
    for try_ in tries {
        statuses.push(try_.await.unwrap());
    }
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 19, "{statuses:?}");
    assert_eq!(app.count("time_entries").await, 1);
    let week: Value = worker.get_json("/api/admin/work/week", &[]).await;
    assert_eq!(week["total_minutes"], 450);
    crate::helpers::job_sums_add_up(&app).await;
}

/// A timepris quote of 22 724,50 kr to `kind`, with the reservation asked for or not, sent
/// and accepted on its page; the job made from it.
async fn hourly_job(
    app: &TestApp,
    office: &crate::helpers::Session,
    kind: &str,
    reservation: bool,
) -> (Value, Value, String) {
    use crate::fixtures::{answer, draft, page_path, send};
    let (_, quote) = draft(office, kind).await;
    let path = format!("/api/admin/quotes/{}", quote["id"].as_str().unwrap());
    let saved =
        office.send(Method::PUT, &path, &json!({"price_type": "hourly", "reservation": reservation})).await;
    assert_eq!(saved.status(), StatusCode::OK);
    let page = page_path(&send(office, &quote).await);
    let accepted =
        answer(app, &page, "handling=aksepter&versjon=1&navn=%C3%98ystein+%C3%85sen&lest=on", &app.url(""))
            .await;
    assert_eq!(accepted.status(), StatusCode::SEE_OTHER);
    let made = office.send(Method::POST, &format!("{path}/job"), &json!({})).await;
    assert_eq!(made.status(), StatusCode::CREATED);
    (office.get_json(&path, &[]).await, made.json().await.unwrap(), page)
}

/// Håndverkertjenesteloven § 32 (3) and HR-2016-761-A (docs/LAW.md): a consumer's timepris
/// sum is a prisoverslag, with the 15 % ceiling and the § 7 hold, unless the quote gave it as
/// an "uforpliktende prisantydning" in plain words and the customer accepted that text; a
/// business is not under the act.
async fn a_consumers_timepris_estimate_is_capped_unless_given_with_the_accepted_reservation(app: TestApp) {
    use crate::fixtures::pdf_text;
    let office = app.admin().await;
    let reservation = "Forbehold: summen er en uforpliktende prisantydning, ikke et prisoverslag.";

    let (quote, job, page) = hourly_job(&app, &office, "private", false).await;
    assert_eq!(quote["reservation"], false);
    assert_eq!(job["price_rule"], "capped");
    assert_eq!(job["meter"]["ceiling"], 2_613_317, "22 724,50 kr + 15 %, rounded down");
    let told = quote["accepted_texts"]["price_type"].as_str().unwrap();
    assert!(told.contains("Summen er et prisoverslag") && told.contains("§ 32"), "{told}");
    let pdf = pdf_text(&app.get(&format!("{page}/pdf")).await.bytes().await.unwrap());
    assert!(!pdf.contains("uforpliktende prisantydning"), "{pdf}");
    // Past the sum, a montør's hours are kept and held for the § 7 contact.
    let hours = office
        .send(
            Method::POST,
            "/api/admin/time",
            &json!({"job_id": job["id"], "day": app.state.clock.today().to_string(), "minutes": 1440, "line": 1}),
        )
        .await;
    assert_eq!(hours.status(), StatusCode::CREATED);
    let first: Value = hours.json().await.unwrap();
    assert_eq!(first["held"], true, "24 hours at 950 kr = 22 800 kr, past the sum of 22 724,50 kr");
    let read: Value = office.get_json(&format!("/api/admin/jobs/{}", job["id"].as_str().unwrap()), &[]).await;
    assert_eq!(read["meter"]["needs_contact"], true);

    let (quote, job, page) = hourly_job(&app, &office, "private", true).await;
    assert_eq!(job["price_rule"], "reserved");
    assert!(job["meter"]["ceiling"].is_null(), "no ceiling with the accepted reservation");
    let told = quote["accepted_texts"]["price_type"].as_str().unwrap();
    assert!(told.contains(reservation), "the reservation is kept with the acceptance: {told}");
    let html = app.get(&page).await.text().await.unwrap();
    assert!(html.contains(reservation), "on the page the customer accepted");
    let pdf = pdf_text(&app.get(&format!("{page}/pdf")).await.bytes().await.unwrap());
    assert!(pdf.split_whitespace().collect::<Vec<_>>().join(" ").contains(reservation), "{pdf}");

    let (quote, job, _) = hourly_job(&app, &office, "business", true).await;
    assert_eq!(quote["reservation"], false, "a business needs no reservation: the act is not theirs");
    assert_eq!(job["price_rule"], "business");
    assert!(job["meter"]["ceiling"].is_null());
    crate::helpers::job_sums_add_up(&app).await;
}

/// Materials from the phone: a montør sees no prices, so a line typed there has none (what
/// a client sends is ignored) until the office sets it, and the job is not invoiced before;
/// a service from the catalogue takes its price less MVA. A photo of the receipt goes with a
/// line, remade without its metadata, and only the office and the montør who added the line
/// may see it.
async fn a_montors_materials_come_without_prices_with_a_private_photo_and_the_office_prices_them(
    app: TestApp,
) {
    use crate::helpers::phone_photo;
    let office = app.admin().await;
    crate::fixtures::firm_can_invoice(&office).await;
    let (worker_id, worker) = montor(&app, "ole@fagfolk.test").await;
    let (_, other) = montor(&app, "pia@fagfolk.test").await;
    let job = job_for(&office, worker_id).await;
    let materials = format!("/api/admin/jobs/{job}/materials");
    let typed = json!({"id": uuid::Uuid::now_v7(), "description": "Koblingsboks", "quantity": 300, "unit": "stk", "unit_price": 99_900, "vat": 0});
    let typed = worker.send(Method::POST, &materials, &typed).await;
    assert_eq!(typed.status(), StatusCode::CREATED);
    let typed: Value = typed.json().await.unwrap();
    assert_eq!((typed["unit_price"].as_i64(), typed["price_missing"].as_bool()), (Some(0), Some(true)));
    assert_eq!(typed["vat"], 25);

    let today: Value = worker.get_json("/api/admin/work/today", &[]).await;
    let service = today["catalogue"][0].clone();
    assert!(service["price_from"].is_null(), "names only on the phone: {service}");
    let id: uuid::Uuid = service["id"].as_str().unwrap().parse().unwrap();
    let from =
        fagfolk_data::services::store::get(&app.state.db, id).await.unwrap().unwrap().price_from.unwrap();
    let picked = json!({"description": service["name"], "service_id": id, "quantity": 100, "unit": "stk", "unit_price": 1, "vat": 25});
    let picked: Value = worker.send(Method::POST, &materials, &picked).await.json().await.unwrap();
    assert_eq!(
        picked["unit_price"],
        (from * 100 * 100 * 2 + 125) / 250,
        "the catalogue's price less 25 % MVA, to the øre"
    );
    assert_eq!(picked["price_missing"], false);

    // The photo: the montør who added the line, and the office, see it; no one else.
    let receipt = format!("{materials}/{}/receipt", typed["id"].as_str().unwrap());
    let upload = |session: &crate::helpers::Session| {
        let form = reqwest::multipart::Form::new()
            .part("photo", reqwest::multipart::Part::bytes(phone_photo()).file_name("kvittering.jpg"));
        session.request(Method::POST, &receipt).multipart(form).send()
    };
    assert_eq!(upload(&other).await.unwrap().status(), StatusCode::NOT_FOUND, "not on Pia's jobs");
    let stored = upload(&worker).await.unwrap();
    assert_eq!(stored.status(), StatusCode::CREATED);
    assert_eq!(stored.json::<Value>().await.unwrap()["receipt"], true);
    assert_eq!(upload(&worker).await.unwrap().status(), StatusCode::CONFLICT, "one photo per line");
    for session in [&worker, &office] {
        let jpeg = session.get(&receipt).await;
        assert_eq!(jpeg.status(), StatusCode::OK);
        assert_eq!(jpeg.headers()["content-type"], "image/jpeg");
        let jpeg = jpeg.bytes().await.unwrap();
        assert!(!jpeg.windows(4).any(|w| w == b"Exif"), "no metadata kept");
    }
    assert_eq!(other.get(&receipt).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get(&receipt).await.status(), StatusCode::UNAUTHORIZED);
    let key = format!("kvittering/{job}/{}.jpg", typed["id"].as_str().unwrap());
    assert_eq!(app.get(&format!("/media/{key}")).await.status(), StatusCode::NOT_FOUND, "never public");

    // The montør cannot price; the job is not invoiced while a price is missing.
    let line = format!("{materials}/{}", typed["id"].as_str().unwrap());
    let priced = json!({"description": "Koblingsboks", "quantity": 300, "unit": "stk", "unit_price": 4_990, "vat": 25});
    assert_eq!(worker.send(Method::PUT, &line, &priced).await.status(), StatusCode::FORBIDDEN);
    let path = format!("/api/admin/jobs/{job}");
    assert_eq!(office.send(Method::PUT, &path, &json!({"status": "done"})).await.status(), StatusCode::OK);
    let refused = office.send(Method::POST, &format!("{path}/invoices"), &json!({})).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    let refused: Value = refused.json().await.unwrap();
    assert_eq!(
        refused["error"],
        "1 materiallinje fra montørens telefon mangler pris. Sett prisen på oppdraget før det faktureres."
    );
    assert_eq!(
        office.send(Method::PUT, &line, &priced).await.status(),
        StatusCode::CONFLICT,
        "a done job stays"
    );
    assert_eq!(
        office.send(Method::PUT, &path, &json!({"status": "in_progress"})).await.status(),
        StatusCode::OK
    );
    let set = office.send(Method::PUT, &line, &priced).await;
    assert_eq!(set.status(), StatusCode::OK);
    let set: Value = set.json().await.unwrap();
    assert_eq!(
        (set["unit_price"].as_i64(), set["price_missing"].as_bool(), set["receipt"].as_bool()),
        (Some(4_990), Some(false), Some(true))
    );
    let logged = audit_entries(&app).await;
    assert!(
        logged.iter().any(|(action, entity, _, _, changes)| action == "update"
            && entity == "job_materials"
            && changes.as_ref().is_some_and(|changes| changes["after"]["unit_price"] == 4_990)),
        "the price set is in the audit log"
    );
    assert_eq!(office.send(Method::PUT, &path, &json!({"status": "done"})).await.status(), StatusCode::OK);
    let invoiced = office.send(Method::POST, &format!("{path}/invoices"), &json!({})).await;
    assert_eq!(invoiced.status(), StatusCode::CREATED);
    let invoice: Value = invoiced.json().await.unwrap();
    assert_eq!(invoice["net_total"], 3 * 4_990 + picked["unit_price"].as_i64().unwrap());
    crate::helpers::job_sums_add_up(&app).await;
}

/// Signs in as `email` asking to be remembered, from a browser that calls itself `device`:
/// the session, the cookie's `Max-Age` and when the server says it ends.
async fn remembered(
    app: &TestApp,
    email: &str,
    device: &str,
) -> (crate::helpers::Session, i64, chrono::DateTime<chrono::Utc>) {
    let response = app
        .client
        .post(app.url("/api/auth/login"))
        .header("x-fagfolk-csrf", "1")
        .header("user-agent", device)
        .json(&json!({ "email": email, "password": crate::helpers::ADMIN_PASSWORD, "remember": true }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
    let age = cookie.split("Max-Age=").nth(1).unwrap().split(';').next().unwrap().parse().unwrap();
    let token = cookie.split(';').next().unwrap().split_once('=').unwrap().1.to_owned();
    let body: Value = response.json().await.unwrap();
    let ends = body["expires_at"].as_str().unwrap().parse().unwrap();
    (crate::helpers::Session { client: app.client.clone(), address: app.address.clone(), token }, age, ends)
}

/// "Husk meg på denne enheten": a montør's own phone stays signed in for 30 days from its
/// last use; the office's sessions keep their 24 hours whatever is asked. An administrator
/// sees the phone under Brukere and ends it; a password change ends it too.
async fn a_montors_own_phone_stays_signed_in_for_30_days_until_the_office_or_a_new_password_ends_it(
    app: TestApp,
) {
    let office = app.admin().await;
    let (worker_id, _) = montor(&app, "ole@fagfolk.test").await;
    let now = app.state.clock.now();
    let (phone, age, ends) = remembered(&app, "ole@fagfolk.test", "Oles telefon").await;
    assert_eq!(age, 400 * 24 * 3600, "the browser keeps the cookie; the server decides");
    assert!((ends - now - chrono::Duration::days(30)).num_minutes().abs() < 5, "30 days: {ends}");
    let (_, age, ends) = remembered(&app, "admin@fagfolk.test", "Kontoret").await;
    assert_eq!(age, 24 * 3600, "the office's sessions stay at 24 hours");
    assert!((ends - now - chrono::Duration::hours(24)).num_minutes().abs() < 5);
    assert_eq!(phone.get("/api/admin/work/today").await.status(), StatusCode::OK);

    let sessions = format!("/api/admin/users/{worker_id}/sessions");
    let listed: Value = office.get_json(&sessions, &[]).await;
    let mine: Vec<&Value> = listed.as_array().unwrap().iter().filter(|s| s["remembered"] == true).collect();
    assert_eq!(mine.len(), 1, "{listed}");
    assert_eq!(mine[0]["device"], "Oles telefon");
    assert!(!listed.to_string().contains(&phone.token), "never the token");
    assert_eq!(
        phone.get(&sessions).await.status(),
        StatusCode::FORBIDDEN,
        "a montør lists no one's sessions"
    );

    // A lost phone: the office ends its session, and the phone is signed out.
    let ended = office.delete(&format!("{sessions}/{}", mine[0]["id"].as_str().unwrap())).await;
    assert_eq!(ended.status(), StatusCode::NO_CONTENT);
    assert_eq!(phone.get("/api/admin/work/today").await.status(), StatusCode::UNAUTHORIZED);
    let logged = audit_entries(&app).await;
    assert!(logged.iter().any(|(action, entity, id, ..)| action == "logout"
        && entity == "admin_users"
        && id.as_deref() == Some(worker_id.to_string().as_str())));

    // A new password ends a remembered phone too.
    let (phone, ..) = remembered(&app, "ole@fagfolk.test", "Oles nye telefon").await;
    assert_eq!(phone.get("/api/admin/work/today").await.status(), StatusCode::OK);
    let password = json!({ "password": "en ny og lang setning for Ole" });
    let changed =
        office.send(Method::PUT, &format!("/api/admin/users/{worker_id}/password"), &password).await;
    assert_eq!(changed.status(), StatusCode::NO_CONTENT);
    assert_eq!(phone.get("/api/admin/work/today").await.status(), StatusCode::UNAUTHORIZED);
}

/// The language of a montør's own screens is his profile's: bokmål until he picks English
/// or Polish, kept across sessions; anything else is refused in Norwegian.
async fn a_montor_keeps_the_language_of_his_screens_on_his_profile(app: TestApp) {
    let (_, worker) = montor(&app, "piotr@fagfolk.test").await;
    let session: Value = worker.get_json("/api/auth/session", &[]).await;
    assert_eq!(session["user"]["language"], "nb");
    let refused = worker.send(Method::PUT, "/api/auth/language", &json!({"language": "de"})).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let refused: Value = refused.json().await.unwrap();
    assert_eq!(refused["fields"]["language"], "Velg bokmål (nb), engelsk (en) eller polsk (pl).");
    let set = worker.send(Method::PUT, "/api/auth/language", &json!({"language": "pl"})).await;
    assert_eq!(set.status(), StatusCode::NO_CONTENT);
    let again = app.login("piotr@fagfolk.test", crate::helpers::ADMIN_PASSWORD).await;
    let session: Value = again.get_json("/api/auth/session", &[]).await;
    assert_eq!(session["user"]["language"], "pl", "kept on the profile, not the session");
    let logged = audit_entries(&app).await;
    assert!(logged.iter().any(|(action, entity, _, by, changes)| action == "update"
        && entity == "admin_users"
        && by.as_deref() == Some("piotr@fagfolk.test")
        && changes.as_ref().is_some_and(|changes| changes["after"]["language"] == "pl")));
    assert_eq!(app.get("/api/auth/session").await.status(), StatusCode::OK);
    let anonymous = app
        .client
        .put(app.url("/api/auth/language"))
        .header("x-fagfolk-csrf", "1")
        .json(&json!({"language": "en"}))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    crate::helpers::job_sums_add_up(&app).await;
}

/// #75 point 6: a line a montør typed in Polish stays on his phone (his own lines, no
/// prices), and the office puts its wording right for the customer without pricing it; the
/// corrected wording is what the invoice basis says.
async fn a_montor_sees_his_own_materials_and_the_office_corrects_their_wording_for_the_invoice(app: TestApp) {
    let office = app.admin().await;
    let (worker_id, worker) = montor(&app, "ole@fagfolk.test").await;
    let (pia_id, pia) = montor(&app, "pia@fagfolk.test").await;
    let job = job_for(&office, worker_id).await;
    let path = format!("/api/admin/jobs/{job}");
    let add = json!({"workers": [worker_id, pia_id]});
    assert_eq!(office.send(Method::PUT, &path, &add).await.status(), StatusCode::OK);
    let materials = format!("{path}/materials");
    let polish = json!({"id": uuid::Uuid::now_v7(), "description": "Puszka instalacyjna", "quantity": 200, "unit": "stk", "unit_price": 0, "vat": 25});
    let line: Value = worker.send(Method::POST, &materials, &polish).await.json().await.unwrap();
    let pias = json!({"id": uuid::Uuid::now_v7(), "description": "Kabel", "quantity": 500, "unit": "lm", "unit_price": 0, "vat": 25});
    assert_eq!(pia.send(Method::POST, &materials, &pias).await.status(), StatusCode::CREATED);

    // His phone lists his own line on the job, today and in the week, and nobody's price.
    for at in ["/api/admin/work/today", "/api/admin/work/week"] {
        let read: Value = worker.get_json(at, &[]).await;
        let shown = &read["jobs"][0]["materials"];
        assert_eq!(shown.as_array().unwrap().len(), 1, "{at}: his own, not Pia's: {shown}");
        assert_eq!(shown[0]["id"], line["id"]);
        assert_eq!(
            (shown[0]["description"].as_str(), shown[0]["quantity"].as_i64()),
            (Some("Puszka instalacyjna"), Some(200))
        );
        assert!(shown[0].get("unit_price").is_none(), "no price on the phone: {shown}");
    }

    // The office corrects the wording; the price is still missing, and the change is logged.
    let one = format!("{materials}/{}", line["id"].as_str().unwrap());
    let empty = office.send(Method::PATCH, &one, &json!({"description": "  "})).await;
    assert_eq!(empty.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        empty.json::<Value>().await.unwrap()["fields"]["description"],
        "Skriv hva materialet er, slik kunden skal se det på fakturagrunnlaget."
    );
    let long = office.send(Method::PATCH, &one, &json!({"description": "x".repeat(501)})).await;
    assert_eq!(long.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        worker.send(Method::PATCH, &one, &json!({"description": "Koblingsboks"})).await.status(),
        StatusCode::FORBIDDEN,
        "the office's to correct"
    );
    let corrected = office.send(Method::PATCH, &one, &json!({"description": " Koblingsboks "})).await;
    assert_eq!(corrected.status(), StatusCode::OK);
    let corrected: Value = corrected.json().await.unwrap();
    assert_eq!(corrected["description"], "Koblingsboks");
    assert_eq!(
        (corrected["price_missing"].as_bool(), corrected["unit_price"].as_i64()),
        (Some(true), Some(0))
    );
    assert_eq!(corrected["quantity"], 200);
    let logged = audit_entries(&app).await;
    assert!(
        logged.iter().any(|(action, entity, _, _, changes)| action == "update"
            && entity == "job_materials"
            && changes
                .as_ref()
                .is_some_and(|changes| changes["before"]["description"] == "Puszka instalacyjna"
                    && changes["after"]["description"] == "Koblingsboks")),
        "the correction is in the audit log"
    );
    let again = office.send(Method::PATCH, &one, &json!({"description": "Koblingsboks"})).await;
    assert_eq!(again.status(), StatusCode::OK, "the same wording again changes nothing");
    assert_eq!(audit_entries(&app).await.len(), logged.len());
    let other_job = job_for(&office, pia_id).await;
    let elsewhere = format!("/api/admin/jobs/{other_job}/materials/{}", line["id"].as_str().unwrap());
    assert_eq!(
        office.send(Method::PATCH, &elsewhere, &json!({"description": "Boks"})).await.status(),
        StatusCode::NOT_FOUND
    );

    // The basis says the corrected wording; a done job's line stays as it is.
    assert_eq!(office.send(Method::PUT, &path, &json!({"status": "done"})).await.status(), StatusCode::OK);
    let basis: Value = office.get_json(&format!("{path}/invoice-basis"), &[]).await;
    let said = basis.to_string();
    assert!(said.contains("Koblingsboks") && !said.contains("Puszka"), "{said}");
    let closed = office.send(Method::PATCH, &one, &json!({"description": "Koblingsboks, hvit"})).await;
    assert_eq!(closed.status(), StatusCode::CONFLICT);
    let read: Value = worker.get_json("/api/admin/work/week", &[]).await;
    assert!(read["jobs"].as_array().unwrap().is_empty(), "a done job leaves the week");
    crate::helpers::job_sums_add_up(&app).await;
}

/// The sentences of the web app's bokmål catalogue the montør's screens translate
/// (`server.*` in web/src/lib/i18n/nb.ts), `{name}` where the server fills in a month or a
/// date.
fn catalogue_sentences() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/web/src/lib/i18n/nb.ts");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter_map(|line| line.trim().strip_prefix("'server."))
        .filter_map(|rest| rest.split_once("': '").map(|(_, sentence)| sentence))
        .filter_map(|sentence| sentence.strip_suffix("',"))
        .map(|sentence| sentence.replace("\\'", "'"))
        .collect()
}

/// Whether `said` is `template` with each `{name}` filled in.
fn fills(template: &str, said: &str) -> bool {
    let parts: Vec<&str> = template
        .split('{')
        .enumerate()
        .map(|(n, part)| if n == 0 { part } else { part.split_once('}').map_or(part, |(_, rest)| rest) })
        .collect();
    let Some(rest) = said.strip_prefix(parts[0]) else { return false };
    if parts.len() == 1 {
        return rest.is_empty();
    }
    let mut rest = rest;
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) if !part.is_empty() => rest = &rest[at + part.len()..],
            _ => return false,
        }
    }
    rest.ends_with(parts[parts.len() - 1])
}

/// Every refusal of the hours and materials a montør can meet is in the catalogue the
/// phone translates into Polish and English (#75 point 6): a new one without its entry
/// fails here, and a new variant fails to compile until it is sorted.
#[test]
fn every_refusal_a_montor_can_meet_is_in_the_phones_catalogue() {
    use fagfolk_data::jobs::Refused;
    use fagfolk_data::refusal::Refusal;
    let month = chrono::NaiveDate::from_ymd_opt(2026, 10, 1).unwrap();
    let every = [
        Refused::NoJob,
        Refused::Closed,
        Refused::NoEntry,
        Refused::NoLine,
        Refused::NoChange,
        Refused::DayFull,
        Refused::Taken,
        Refused::Reused,
        Refused::QuoteHasJob,
        Refused::QuoteNotAccepted,
        Refused::ChangeIsNotJob,
        Refused::NoTitle,
        Refused::NoSuchWorker,
        Refused::HasReceipt,
        Refused::BadMonth,
        Refused::BadSheetFormat,
        Refused::BadDay,
        Refused::ChangeOnClosed,
        Refused::ChangeEmpty,
        Refused::ChangeNegative,
        Refused::NotAChange,
        Refused::ChangeAnswered,
        Refused::ChangeJobInvoiced,
        Refused::ChangeAccepted(2),
        Refused::MonthApproved(month),
        Refused::ApprovedAlready(month),
        Refused::NotApproved(month),
        Refused::MonthNotBegun,
        Refused::OthersHours,
        Refused::NoSuchPerson,
    ];
    let sentences = catalogue_sentences();
    assert!(sentences.len() > 30, "{sentences:?}");
    for refused in &every {
        // Whether a montør's phone can be given it (the rest are the office's).
        let montors = match refused {
            Refused::NoJob
            | Refused::Closed
            | Refused::NoEntry
            | Refused::NoLine
            | Refused::NoChange
            | Refused::DayFull
            | Refused::Taken
            | Refused::Reused
            | Refused::HasReceipt
            | Refused::BadDay
            | Refused::MonthApproved(_)
            | Refused::OthersHours => true,
            Refused::QuoteHasJob
            | Refused::QuoteNotAccepted
            | Refused::ChangeIsNotJob
            | Refused::NoTitle
            | Refused::NoSuchWorker
            | Refused::BadMonth
            | Refused::BadSheetFormat
            | Refused::ChangeOnClosed
            | Refused::ChangeEmpty
            | Refused::ChangeNegative
            | Refused::NotAChange
            | Refused::ChangeAnswered
            | Refused::ChangeJobInvoiced
            | Refused::ChangeAccepted(_)
            | Refused::ApprovedAlready(_)
            | Refused::NotApproved(_)
            | Refused::MonthNotBegun
            | Refused::NoSuchPerson => false,
        };
        let said = refused.text();
        if montors {
            assert!(
                sentences.iter().any(|sentence| fills(sentence, &said)),
                "{refused:?} says «{said}», which web/src/lib/i18n/nb.ts has no server.* entry for"
            );
        }
    }
    // The check itself: a sentence the catalogue lacks is not taken for one it has.
    assert!(!sentences.iter().any(|sentence| fills(sentence, "Montørene kan ikke dette.")));
}
