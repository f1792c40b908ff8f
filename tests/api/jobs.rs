//! Oppdrag (#44) as the office and the workers use them, on SQLite and PostgreSQL: a job
//! made from an accepted prisoverslag in one step, hours entered by a montør who sees only
//! their own jobs, the meter that stops entries above the estimate until the § 7 contact
//! is recorded, the time sheet's lock after the following month (with the clock moved),
//! the month's time sheet as a file, and tilleggsarbeid: change orders accepted on their
//! page, agreed on the phone or under § 9, raising the budget.

use chrono::{Datelike, Duration, Months, NaiveDate};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::fixtures::{
    accepted_estimate, answer, change_order, draft, message, montor, page_path, pdf_text, send,
};
use crate::helpers::{ADMIN_PASSWORD, TestApp, audit_entries};

crate::db_tests!(
    a_job_from_an_accepted_estimate_and_its_meter,
    a_montor_sees_only_their_own_jobs_and_hours,
    hours_lock_after_the_following_month,
    bad_hours_are_refused_in_norwegian_and_nothing_is_written,
    the_meter_reads_the_same_from_the_list_and_the_job,
    an_erasure_keeps_the_job_and_its_hours_and_says_so,
    change_orders_raise_the_budget_by_link_phone_and_section_9,
    the_job_list_pages_and_filters_on_the_server,
);

fn day(offset: i64, app: &TestApp) -> String {
    (app.state.clock.today() + Duration::days(offset)).to_string()
}

async fn a_job_from_an_accepted_estimate_and_its_meter(app: TestApp) {
    let office = app.admin().await;
    let (_, draft_quote) = draft(&office, "private").await;
    let early = office
        .send(
            Method::POST,
            &format!("/api/admin/quotes/{}/job", draft_quote["id"].as_str().unwrap()),
            &json!({}),
        )
        .await;
    assert_eq!(early.status(), StatusCode::CONFLICT);
    assert_eq!(message(early).await, "Bare et akseptert tilbud kan bli et oppdrag.");

    let quote = accepted_estimate(&app, &office).await;
    let (worker_id, worker) = montor(&app, "kari@fagfolk.test").await;
    let path = format!("/api/admin/quotes/{}/job", quote["id"].as_str().unwrap());
    let made =
        office.send(Method::POST, &path, &json!({"workers": [worker_id], "start_day": day(-3, &app)})).await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let job: Value = made.json().await.unwrap();
    // The quote's lines are the budget: 1 112 500 + 760 000 + 249 950 + 150 000 øre excluding MVA.
    assert_eq!(job["budget"], 2_272_450);
    assert_eq!(job["price_type"], "estimate");
    assert_eq!(job["hourly_rate"], 95_000, "the rate of the line priced by the hour");
    assert_eq!(job["lines"].as_array().unwrap().len(), 4);
    assert_eq!(job["customer_name"], "Øystein Åsen");
    assert_eq!(job["status"], "planned");
    assert_eq!(job["meter"]["ceiling"], 2_613_317, "the budget plus 15 %, rounded down");
    assert_eq!(job["workers"][0]["user_id"], worker_id.to_string());
    let again = office.send(Method::POST, &path, &json!({})).await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    assert_eq!(message(again).await, "Tilbudet har allerede et oppdrag.");
    let job_id = job["id"].as_str().unwrap().to_owned();
    let job_path = format!("/api/admin/jobs/{job_id}");
    let lead_jobs: Value =
        office.get_json(&format!("/api/admin/leads/{}/jobs", quote["lead_id"].as_str().unwrap()), &[]).await;
    assert_eq!(lead_jobs[0]["id"], job_id.as_str());

    // The montør sees the job on the phone and enters a day on the plumbing line.
    let today: Value = worker.get_json("/api/admin/work/today", &[]).await;
    assert_eq!(today["jobs"][0]["id"], job_id.as_str());
    assert_eq!(today["jobs"][0]["lines"][1], "Rørleggerarbeid");
    let entered = worker
        .send(
            Method::POST,
            "/api/admin/time",
            &json!({"job_id": job_id, "day": day(0, &app), "minutes": 480, "line": 1, "note": "Rør i vegg"}),
        )
        .await;
    assert_eq!(entered.status(), StatusCode::CREATED);
    let entry: Value = entered.json().await.unwrap();
    assert_eq!((entry["minutes"].as_i64(), entry["user_name"].as_str()), (Some(480), Some("Test Bruker")));
    let read: Value = office.get_json(&job_path, &[]).await;
    assert_eq!(read["meter"]["used"], 760_000);
    assert_eq!(read["hours"], 800);

    // Materials up to the budget exactly are billable; what passes it is written, held for
    // the § 7 contact: the montør's quarter is in the time sheet, not on the invoice.
    let material = |price: i64| json!({"description": "Membran og sluk", "quantity": 100, "unit": "stk", "unit_price": price, "vat": 25});
    let up_to = office.send(Method::POST, &format!("{job_path}/materials"), &material(1_512_450)).await;
    assert_eq!(up_to.status(), StatusCode::CREATED);
    assert_eq!(up_to.json::<Value>().await.unwrap()["held"], false);
    let quarter = json!({"job_id": job_id, "day": day(0, &app), "minutes": 15});
    let held = worker.send(Method::POST, "/api/admin/time", &quarter).await;
    assert_eq!(held.status(), StatusCode::CREATED);
    assert_eq!(held.json::<Value>().await.unwrap()["held"], true);
    let over = office.send(Method::POST, &format!("{job_path}/materials"), &material(100)).await;
    assert_eq!(over.status(), StatusCode::CREATED);
    assert_eq!(over.json::<Value>().await.unwrap()["held"], true);
    let read: Value = office.get_json(&job_path, &[]).await;
    let meter = &read["meter"];
    assert_eq!(
        (meter["used"].as_i64(), meter["held"].as_i64(), meter["billable"].as_i64()),
        (Some(2_272_450 + 23_750 + 100), Some(23_750 + 100), Some(2_272_450)),
        "used counts everything; only the budget is billable"
    );
    assert_eq!(meter["needs_contact"], true);
    let dashboard: Value = office.get_json("/api/admin/dashboard", &[]).await;
    let flagged = &dashboard["jobs"]["over_estimate"][0];
    assert_eq!((flagged["id"].as_str(), flagged["held"].as_i64()), (Some(job_id.as_str()), Some(23_850)));
    assert_eq!(flagged["needs_contact"], true);
    // Tilleggsarbeid is not held by the estimate.
    let extra = worker
        .send(
            Method::POST,
            "/api/admin/time",
            &json!({"job_id": job_id, "day": day(0, &app), "minutes": 30, "extra": true}),
        )
        .await;
    assert_eq!(extra.status(), StatusCode::CREATED);

    // The contact: how, when, what the customer said; then what waited is billable, and the
    // next quarter too.
    let when = format!("{}T{}", day(-1, &app), "07:30");
    let bad = office
        .send(Method::POST, &format!("{job_path}/contacts"), &json!({"how": "brevdue", "said": ""}))
        .await;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let bad: Value = bad.json().await.unwrap();
    assert_eq!(bad["fields"]["how"], "Velg hvordan kunden ble kontaktet.");
    assert_eq!(bad["fields"]["contacted_at"], "Skriv når kunden ble kontaktet.");
    assert_eq!(bad["fields"]["said"], "Skriv hva kunden sa.");
    let contact = office.send(Method::POST, &format!("{job_path}/contacts"), &json!({"how": "telefon", "contacted_at": when, "said": "Greit, fortsett, men ring før 11 500 kr over."})).await;
    assert_eq!(contact.status(), StatusCode::CREATED);
    let contact: Value = contact.json().await.unwrap();
    assert_eq!(
        (contact["used"].as_i64(), contact["budget"].as_i64()),
        (Some(2_272_450 + 23_850), Some(2_272_450))
    );
    let next = worker.send(Method::POST, "/api/admin/time", &quarter).await;
    assert_eq!(next.status(), StatusCode::CREATED);
    assert_eq!(next.json::<Value>().await.unwrap()["held"], false);
    let read: Value = office.get_json(&job_path, &[]).await;
    assert!(read["entries"].as_array().unwrap().iter().all(|entry| entry["held"] == false));
    let meter = &read["meter"];
    assert_eq!(meter["used"], 2_272_450 + 2 * 23_750 + 100);
    assert_eq!(meter["held"], 0);
    assert_eq!(meter["extra_used"], 47_500);
    assert_eq!(
        (meter["over_estimate"].as_bool(), meter["needs_contact"].as_bool()),
        (Some(true), Some(false))
    );
    assert_eq!(meter["billable"], 2_272_450 + 2 * 23_750 + 100);
    assert_eq!(read["contacts"][0]["how"], "telefon");

    // The office moves it along; a montør is refused everything of the office's.
    let moved = office.send(Method::PUT, &job_path, &json!({"status": "in_progress"})).await;
    assert_eq!(moved.status(), 200);
    let invoiced = office.send(Method::PUT, &job_path, &json!({"status": "invoiced"})).await;
    assert_eq!(invoiced.status(), StatusCode::UNPROCESSABLE_ENTITY);
    for path in [
        "/api/admin/leads",
        "/api/admin/jobs",
        job_path.as_str(),
        "/api/admin/settings",
        "/api/admin/dashboard",
    ] {
        let refused = worker.get(path).await;
        assert_eq!(refused.status(), StatusCode::FORBIDDEN, "{path}");
        assert_eq!(message(refused).await, "Montører har bare tilgang til sine egne oppdrag og timer.");
    }
    let session: Value = worker.get_json("/api/auth/session", &[]).await;
    assert_eq!(session["user"]["role"], "montor");

    let done = office.send(Method::PUT, &job_path, &json!({"status": "done"})).await;
    assert_eq!(done.status(), 200);
    let closed = worker.send(Method::POST, "/api/admin/time", &quarter).await;
    assert_eq!(closed.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(closed).await,
        "Oppdraget er ferdig. Timer og materiell kan ikke føres på det lenger."
    );

    let logged = audit_entries(&app).await;
    for (action, table) in [
        ("create", "jobs"),
        ("update", "jobs"),
        ("create", "time_entries"),
        ("create", "job_materials"),
        ("create", "job_contacts"),
    ] {
        assert!(
            logged.iter().any(|(a, t, ..)| a == action && t == table),
            "{action} {table} in the audit log"
        );
    }
    // The day, the held quarter, the tilleggsarbeid and the quarter after the contact.
    assert_eq!(logged.iter().filter(|(a, t, ..)| a == "create" && t == "time_entries").count(), 4);
    crate::helpers::job_sums_add_up(&app).await;
}

async fn a_montor_sees_only_their_own_jobs_and_hours(app: TestApp) {
    let office = app.admin().await;
    let (kari_id, kari) = montor(&app, "kari@fagfolk.test").await;
    let (per_id, per) = montor(&app, "per@fagfolk.test").await;
    let lead = crate::helpers::create_lead(
        &office,
        json!({"name": "Liv Lie", "phone": "912 34 567", "adresse": "Storgata 1", "postnr": "0155"}),
    )
    .await;
    let lead_jobs = format!("/api/admin/leads/{}/jobs", lead["id"].as_str().unwrap());
    let untitled = office.send(Method::POST, &lead_jobs, &json!({"hourly_rate": 85_000})).await;
    assert_eq!(untitled.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let make = |title: &str, worker: uuid::Uuid| json!({"title": title, "hourly_rate": 85_000, "budget": 400_000, "workers": [worker]});
    let kari_job: Value = office
        .send(Method::POST, &lead_jobs, &make("Bytte sikringsskap", kari_id))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (kari_job["price_type"].as_str(), kari_job["customer_address"].as_str()),
        (Some("hourly"), Some("Storgata 1, 0155"))
    );
    let per_job: Value =
        office.send(Method::POST, &lead_jobs, &make("Varmekabler bad", per_id)).await.json().await.unwrap();
    let (kari_job, per_job) = (kari_job["id"].as_str().unwrap(), per_job["id"].as_str().unwrap());

    let today: Value = kari.get_json("/api/admin/work/today", &[]).await;
    let titles: Vec<&str> =
        today["jobs"].as_array().unwrap().iter().map(|job| job["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Bytte sikringsskap"]);
    let not_hers = kari
        .send(
            Method::POST,
            "/api/admin/time",
            &json!({"job_id": per_job, "day": day(0, &app), "minutes": 60}),
        )
        .await;
    assert_eq!(not_hers.status(), StatusCode::NOT_FOUND);
    assert_eq!(message(not_hers).await, "Fant ikke oppdraget.");
    let material = kari
        .send(
            Method::POST,
            &format!("/api/admin/jobs/{per_job}/materials"),
            &json!({"description": "Kabel", "quantity": 100, "unit": "stk", "unit_price": 100, "vat": 25}),
        )
        .await;
    assert_eq!(material.status(), StatusCode::NOT_FOUND);

    // Three days on her job, one tap each in the app: a day, a quarter count, the job.
    for offset in [-2, -1, 0] {
        let done = kari
            .send(
                Method::POST,
                "/api/admin/time",
                &json!({"job_id": kari_job, "day": day(offset, &app), "minutes": 450}),
            )
            .await;
        assert_eq!(done.status(), StatusCode::CREATED);
    }
    let pers: Value = per
        .send(
            Method::POST,
            "/api/admin/time",
            &json!({"job_id": per_job, "day": day(0, &app), "minutes": 240}),
        )
        .await
        .json()
        .await
        .unwrap();
    let week: Value = kari.get_json("/api/admin/work/week", &[("day", &day(0, &app))]).await;
    assert!(week["entries"].as_array().unwrap().iter().all(|row| row["user_id"] == kari_id.to_string()));
    assert_eq!(
        week["days"].as_array().unwrap().iter().map(|d| d.as_i64().unwrap()).sum::<i64>(),
        week["total_minutes"].as_i64().unwrap()
    );
    let others = kari
        .request(Method::GET, "/api/admin/work/week")
        .query(&[("user_id", per_id.to_string())])
        .send()
        .await
        .unwrap();
    assert_eq!(others.status(), StatusCode::FORBIDDEN);
    let office_view: Value = office
        .get_json("/api/admin/work/week", &[("user_id", &per_id.to_string()), ("day", &day(0, &app))])
        .await;
    assert_eq!(office_view["total_minutes"], 240);
    let change = kari
        .send(
            Method::PUT,
            &format!("/api/admin/time/{}", pers["id"].as_str().unwrap()),
            &json!({"minutes": 15}),
        )
        .await;
    assert_eq!(change.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        kari.delete(&format!("/api/admin/time/{}", pers["id"].as_str().unwrap())).await.status(),
        StatusCode::NOT_FOUND
    );

    // Her month's sheet: her rows only, even when she asks for everyone's.
    let month = &day(0, &app)[..7];
    let sheet =
        kari.request(Method::GET, "/api/admin/time/sheet").query(&[("month", month)]).send().await.unwrap();
    assert_eq!(sheet.status(), 200);
    assert_eq!(sheet.headers()["content-type"], "text/csv; charset=utf-8");
    let bytes = sheet.bytes().await.unwrap();
    assert!(bytes.starts_with(b"\xEF\xBB\xBF"));
    let text = String::from_utf8(bytes[3..].to_vec()).unwrap();
    assert!(
        text.starts_with("Dato;Ukedag;Fra kl.;Person;Oppdrag;Kunde;Adresse;Timer;Tilleggsarbeid;Merknad\r\n"),
        "{text}"
    );
    assert!(text.contains("Bytte sikringsskap") && !text.contains("Varmekabler"), "{text}");
    let in_month = [-2i64, -1, 0].iter().filter(|&&offset| day(offset, &app).starts_with(month)).count();
    assert!(
        text.contains(&format!(
            ";Sum Test Bruker;;;;{};",
            fagfolk_data::money::quantity(750 * in_month as i64)
        )),
        "{text}"
    );
    let everyone =
        office.request(Method::GET, "/api/admin/time/sheet").query(&[("month", month)]).send().await.unwrap();
    let everyone = everyone.text().await.unwrap();
    assert!(everyone.contains("Bytte sikringsskap") && everyone.contains("Varmekabler"));
    let bad_month = office
        .request(Method::GET, "/api/admin/time/sheet")
        .query(&[("month", "november")])
        .send()
        .await
        .unwrap();
    assert_eq!(bad_month.status(), StatusCode::UNPROCESSABLE_ENTITY);

    // The same sheet as a PDF/A to print and keep: her rows, her sum, her name in the title.
    let pdf = kari
        .request(Method::GET, "/api/admin/time/sheet")
        .query(&[("month", month), ("format", "pdf")])
        .send()
        .await
        .unwrap();
    assert_eq!(pdf.status(), 200);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    assert_eq!(
        pdf.headers()["content-disposition"],
        format!("attachment; filename=\"timeliste-{month}.pdf\"")
    );
    let text = pdf_text(&pdf.bytes().await.unwrap());
    assert!(text.contains("Timeliste") && text.contains(", Test Bruker"), "{text}");
    assert!(text.contains("Bytte sikringsskap, Liv Lie") && !text.contains("Varmekabler"), "{text}");
    assert!(text.contains(&format!("{} t", fagfolk_data::money::quantity(750 * in_month as i64))), "{text}");
    assert!(text.contains("bokføringsforskriften § 8-1-2"), "{text}");
    let unknown = office
        .request(Method::GET, "/api/admin/time/sheet")
        .query(&[("month", month), ("format", "xlsx")])
        .send()
        .await
        .unwrap();
    assert_eq!(unknown.status(), StatusCode::UNPROCESSABLE_ENTITY);
    crate::helpers::job_sums_add_up(&app).await;
}

async fn hours_lock_after_the_following_month(app: TestApp) {
    let office = app.admin().await;
    let (worker_id, worker) = montor(&app, "kari@fagfolk.test").await;
    let lead = crate::helpers::create_lead(&office, json!({"name": "Liv Lie"})).await;
    let job: Value = office
        .send(
            Method::POST,
            &format!("/api/admin/leads/{}/jobs", lead["id"].as_str().unwrap()),
            &json!({"title": "Feilsøking", "hourly_rate": 85_000, "workers": [worker_id]}),
        )
        .await
        .json()
        .await
        .unwrap();
    let today = app.state.clock.today();
    let first_of_this = today.with_day(1).unwrap();
    let last_month = first_of_this - Months::new(1);
    // An entry of last month may still be written and changed this month.
    let entered = worker
        .send(
            Method::POST,
            "/api/admin/time",
            &json!({"job_id": job["id"], "day": last_month.to_string(), "minutes": 120}),
        )
        .await;
    assert_eq!(entered.status(), StatusCode::CREATED);
    let entry: Value = entered.json().await.unwrap();
    let entry_path = format!("/api/admin/time/{}", entry["id"].as_str().unwrap());
    assert_eq!(worker.send(Method::PUT, &entry_path, &json!({"minutes": 135})).await.status(), 200);

    // The clock moves to the first day of next month: last month's hours are locked.
    let next_month: NaiveDate = first_of_this + Months::new(1);
    app.state.clock.advance_days((next_month - today).num_days());
    assert_eq!(app.state.clock.today(), next_month);
    // Sessions last a day: both sign in again.
    let (worker, office) = (
        app.login("kari@fagfolk.test", ADMIN_PASSWORD).await,
        app.login("admin@fagfolk.test", ADMIN_PASSWORD).await,
    );
    let locked = format!(
        "Timene for {} er låst: de kunne føres og endres til og med {} (bokføringsforskriften § 8-1-2).",
        fagfolk_data::oslo::month(last_month),
        fagfolk_data::oslo::date(next_month - Duration::days(1))
    );
    let change = worker.send(Method::PUT, &entry_path, &json!({"minutes": 150})).await;
    assert_eq!(change.status(), StatusCode::CONFLICT);
    assert_eq!(message(change).await, locked);
    let delete = worker.delete(&entry_path).await;
    assert_eq!(delete.status(), StatusCode::CONFLICT);
    let late = worker
        .send(
            Method::POST,
            "/api/admin/time",
            &json!({"job_id": job["id"], "day": last_month.to_string(), "minutes": 60}),
        )
        .await;
    assert_eq!(late.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let late: Value = late.json().await.unwrap();
    assert_eq!(late["fields"]["day"], locked.as_str());
    // The office is held by the same rule, and the entry is as it was.
    assert_eq!(
        office.send(Method::PUT, &entry_path, &json!({"minutes": 150})).await.status(),
        StatusCode::CONFLICT
    );
    let read: Value = office.get_json(&format!("/api/admin/jobs/{}", job["id"].as_str().unwrap()), &[]).await;
    assert_eq!(read["entries"][0]["minutes"], 135);
    // Last month's hours of this month stay open: this month's are writable.
    let fresh = worker
        .send(
            Method::POST,
            "/api/admin/time",
            &json!({"job_id": job["id"], "day": first_of_this.to_string(), "minutes": 60}),
        )
        .await;
    assert_eq!(fresh.status(), StatusCode::CREATED);
    crate::helpers::job_sums_add_up(&app).await;
}

async fn bad_hours_are_refused_in_norwegian_and_nothing_is_written(app: TestApp) {
    let office = app.admin().await;
    let (worker_id, worker) = montor(&app, "kari@fagfolk.test").await;
    let lead = crate::helpers::create_lead(&office, json!({"name": "Liv Lie"})).await;
    let job: Value = office
        .send(
            Method::POST,
            &format!("/api/admin/leads/{}/jobs", lead["id"].as_str().unwrap()),
            &json!({"title": "Feilsøking", "hourly_rate": 85_000, "workers": [worker_id]}),
        )
        .await
        .json()
        .await
        .unwrap();
    let cases = [
        (json!({"day": day(0, &app), "minutes": 60}), "job_id", "Velg et oppdrag."),
        (
            json!({"job_id": job["id"], "day": day(0, &app), "minutes": 20}),
            "minutes",
            "Timer føres i hele kvarter, fra 0,25 til 24 timer.",
        ),
        (
            json!({"job_id": job["id"], "day": day(0, &app), "minutes": 1455}),
            "minutes",
            "Timer føres i hele kvarter, fra 0,25 til 24 timer.",
        ),
        (
            json!({"job_id": job["id"], "day": day(1, &app), "minutes": 60}),
            "day",
            "Du kan ikke føre timer på en dag som ikke har kommet.",
        ),
        (json!({"job_id": job["id"], "day": "31.02.2026", "minutes": 60}), "day", "Skriv en gyldig dato."),
        (
            json!({"job_id": job["id"], "day": day(0, &app), "minutes": 60, "line": 0}),
            "line",
            "Velg en linje fra oppdraget.",
        ),
    ];
    for (body, field, expected) in cases {
        let refused = worker.send(Method::POST, "/api/admin/time", &body).await;
        assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let refused: Value = refused.json().await.unwrap();
        assert_eq!(refused["fields"][field], expected, "{body}");
    }
    let bad_job = office
        .send(
            Method::PUT,
            &format!("/api/admin/jobs/{}", job["id"].as_str().unwrap()),
            &json!({"title": "", "start_day": "2026-12-10", "end_day": "2026-12-01", "hourly_rate": -5}),
        )
        .await;
    assert_eq!(bad_job.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let bad_job: Value = bad_job.json().await.unwrap();
    assert_eq!(bad_job["fields"]["title"], "Skriv hva oppdraget gjelder.");
    assert_eq!(bad_job["fields"]["end_day"], "Sluttdagen kan ikke være før startdagen.");
    assert_eq!(bad_job["fields"]["hourly_rate"], "Timeprisen må være mellom 0 og 100 millioner kroner.");
    assert_eq!(app.count("time_entries").await, 0);
    let read: Value = office.get_json(&format!("/api/admin/jobs/{}", job["id"].as_str().unwrap()), &[]).await;
    assert_eq!(read["title"], "Feilsøking");
    // A stranger and a visitor get nothing.
    let visitor = app.client.get(app.url("/api/admin/work/today")).send().await.unwrap();
    assert_eq!(visitor.status(), StatusCode::UNAUTHORIZED);
    crate::helpers::job_sums_add_up(&app).await;
}

/// The list reads time grouped by length and line; the job's page reads each entry. Both
/// must give the same meter to the øre, and the same as the arithmetic itself, for a mix of
/// lengths, lines, rates and materials.
async fn the_meter_reads_the_same_from_the_list_and_the_job(app: TestApp) {
    use rand::{Rng, SeedableRng};
    let office = app.admin().await;
    let quote = accepted_estimate(&app, &office).await;
    let job: Value = office
        .send(
            Method::POST,
            &format!("/api/admin/quotes/{}/job", quote["id"].as_str().unwrap()),
            &json!({"hourly_rate": 99_999}),
        )
        .await
        .json()
        .await
        .unwrap();
    let job_path = format!("/api/admin/jobs/{}", job["id"].as_str().unwrap());
    let contact = json!({"how": "sms", "contacted_at": format!("{}T06:00", day(-1, &app)), "said": "Ok"});
    assert_eq!(
        office.send(Method::POST, &format!("{job_path}/contacts"), &contact).await.status(),
        StatusCode::CREATED
    );
    let mut rng = rand::rngs::StdRng::seed_from_u64(44);
    let mut usage = fagfolk_data::jobs::Usage::default();
    let rates = [95_000i64, 99_999];
    for _ in 0..40 {
        // At most 2 hours over 20 days: no day passes the 24 hours a person may enter.
        let minutes = rng.random_range(1..=8) * 15;
        let on_line = rng.random_bool(0.5);
        let extra = rng.random_bool(0.2);
        let mut body = json!({"job_id": job["id"], "day": day(-rng.random_range(0..20), &app), "minutes": minutes, "extra": extra});
        if on_line {
            body["line"] = json!(1);
        }
        assert_eq!(office.send(Method::POST, "/api/admin/time", &body).await.status(), StatusCode::CREATED);
        let item = (minutes, if on_line { rates[0] } else { rates[1] });
        if extra { usage.extra_time.push(item) } else { usage.time.push(item) }
    }
    for _ in 0..10 {
        let (quantity, price) = (rng.random_range(1..=1000), rng.random_range(1..=99_999));
        let material = json!({"description": "Deler", "quantity": quantity, "unit": "stk", "unit_price": price, "vat": 25});
        assert_eq!(
            office.send(Method::POST, &format!("{job_path}/materials"), &material).await.status(),
            StatusCode::CREATED
        );
        usage.materials.push((quantity, price));
    }
    let expected =
        fagfolk_data::jobs::Meter::new(fagfolk_data::jobs::Pricing::Ceiling, 2_272_450, 0, &usage, true);
    let read: Value = office.get_json(&job_path, &[]).await;
    assert_eq!(read["meter"], serde_json::to_value(expected).unwrap());
    let list: Value = office.get_json("/api/admin/jobs", &[]).await;
    assert_eq!(list["rows"][0]["meter"], read["meter"]);
    assert!(read["meter"]["billable"].as_i64().unwrap() <= 2_613_317);
    crate::helpers::job_sums_add_up(&app).await;
}

/// A job's records and hours are bookkeeping documentation: an erasure of the customer
/// keeps them (losing only the link to the erased lead), and the export and the erasure
/// say so.
async fn an_erasure_keeps_the_job_and_its_hours_and_says_so(app: TestApp) {
    let office = app.admin().await;
    let quote = accepted_estimate(&app, &office).await;
    let job: Value = office
        .send(Method::POST, &format!("/api/admin/quotes/{}/job", quote["id"].as_str().unwrap()), &json!({}))
        .await
        .json()
        .await
        .unwrap();
    let job_path = format!("/api/admin/jobs/{}", job["id"].as_str().unwrap());
    let hours = json!({"job_id": job["id"], "day": day(0, &app), "minutes": 240});
    assert_eq!(office.send(Method::POST, "/api/admin/time", &hours).await.status(), StatusCode::CREATED);

    let person = json!({"person": "oystein@example.no"});
    let export: Value =
        office.send(Method::POST, "/api/admin/privacy/export", &person).await.json().await.unwrap();
    assert_eq!(export["jobs"][0]["id"], job["id"]);
    let erased = office.send(Method::POST, "/api/admin/privacy/erase", &person).await;
    assert_eq!(erased.status(), 200);
    let erased: Value = erased.json().await.unwrap();
    assert_eq!(
        (erased["quotes_kept"].as_i64(), erased["jobs_kept"].as_i64()),
        (Some(1), Some(1)),
        "{erased}"
    );
    let kept: Value = office.get_json(&job_path, &[]).await;
    assert_eq!(kept["lead_id"], Value::Null, "the erased lead's link is gone");
    assert_eq!(kept["entries"][0]["minutes"], 240, "the hours stay");
    assert_eq!(kept["quote_id"], quote["id"]);
    crate::helpers::job_sums_add_up(&app).await;
}

async fn change_orders_raise_the_budget_by_link_phone_and_section_9(app: TestApp) {
    let office = app.admin().await;
    let quote = accepted_estimate(&app, &office).await;
    let (worker_id, worker) = montor(&app, "kari@fagfolk.test").await;
    let made = office
        .send(
            Method::POST,
            &format!("/api/admin/quotes/{}/job", quote["id"].as_str().unwrap()),
            &json!({"workers": [worker_id]}),
        )
        .await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let job: Value = made.json().await.unwrap();
    let job_id = job["id"].as_str().unwrap().to_owned();
    let job_path = format!("/api/admin/jobs/{job_id}");
    let lead_path = format!("/api/admin/leads/{}", quote["lead_id"].as_str().unwrap());
    let won: Value = office.get_json(&lead_path, &[]).await;

    // A change order is a draft quote on the job, to the job's customer, at a fixed price.
    let socket = change_order(&office, &job_id, "Ekstra stikkontakt i gangen", 125_000).await;
    assert_eq!(
        (socket["job_id"].as_str(), socket["status"].as_str()),
        (Some(job_id.as_str()), Some("draft"))
    );
    assert_eq!(
        (socket["customer_name"].as_str(), socket["price_type"].as_str()),
        (Some("Øystein Åsen"), Some("fixed"))
    );
    assert_eq!(socket["lead_id"], quote["lead_id"]);
    assert_ne!(socket["number"], quote["number"], "a number of its own");
    let to_job = office
        .send(Method::POST, &format!("/api/admin/quotes/{}/job", socket["id"].as_str().unwrap()), &json!({}))
        .await;
    assert_eq!(to_job.status(), StatusCode::CONFLICT, "a draft is no job");

    // Sent as a link; the customer's page and PDF call it what it is, and the customer accepts.
    let sent = send(&office, &socket).await;
    let page = page_path(&sent);
    let shown = app.client.get(app.url(&page)).send().await.unwrap().text().await.unwrap();
    assert!(shown.contains("Tilbud på tilleggsarbeid"), "{shown}");
    let pdf = app.client.get(app.url(&format!("{page}/pdf"))).send().await.unwrap().bytes().await.unwrap();
    assert!(pdf_text(&pdf).contains("Tilbud på tilleggsarbeid"));
    let accepted =
        answer(&app, &page, "handling=aksepter&versjon=1&navn=%C3%98ystein+%C3%85sen&lest=on", &app.url(""))
            .await;
    assert_eq!(accepted.status(), StatusCode::SEE_OTHER);
    let read: Value = office.get_json(&job_path, &[]).await;
    assert_eq!(read["meter"]["extra_budget"], 125_000, "the budget rises by the change order, excluding MVA");
    assert_eq!(read["meter"]["budget"], 2_272_450, "the estimate itself stays");
    let change = &read["changes"][0];
    assert_eq!(
        (change["status"].as_str(), change["accepted_name"].as_str()),
        (Some("accepted"), Some("Øystein Åsen"))
    );
    assert!(change["pdf_sha256"].as_str().is_some_and(|hash| hash.len() == 64));
    assert_eq!(change["accepted_user_agent"], "Testnettleser/1.0");
    let lead: Value = office.get_json(&lead_path, &[]).await;
    assert_eq!(lead["status"], won["status"], "a change order moves no lead");
    let to_job = office
        .send(Method::POST, &format!("/api/admin/quotes/{}/job", socket["id"].as_str().unwrap()), &json!({}))
        .await;
    assert_eq!(to_job.status(), StatusCode::CONFLICT);
    assert_eq!(message(to_job).await, "Dette er tilleggsarbeid på et oppdrag, og blir ikke et eget oppdrag.");

    // Time tagged to it counts as tilleggsarbeid; the worker's phone offers it.
    let today: Value = worker.get_json("/api/admin/work/today", &[]).await;
    assert_eq!(today["jobs"][0]["changes"][0]["id"], socket["id"]);
    assert!(
        today["jobs"][0]["changes"][0]["label"].as_str().unwrap().ends_with(": Ekstra stikkontakt i gangen")
    );
    // Its number and title apart, so a Polish or English phone says "tilleggsarbeid" in its
    // own language (#75 point 6); the label stays the office's Norwegian.
    let offered = &today["jobs"][0]["changes"][0];
    assert_eq!(offered["title"], "Ekstra stikkontakt i gangen");
    assert!(
        offered["label"]
            .as_str()
            .unwrap()
            .starts_with(&format!("Tilleggsarbeid {}", offered["number"].as_str().unwrap()))
    );
    let tagged = worker
        .send(
            Method::POST,
            "/api/admin/time",
            &json!({"job_id": job_id, "day": day(0, &app), "minutes": 60, "change_id": socket["id"]}),
        )
        .await;
    assert_eq!(tagged.status(), StatusCode::CREATED);
    let entry: Value = tagged.json().await.unwrap();
    assert_eq!((entry["extra"].as_bool(), &entry["change_id"]), (Some(true), &socket["id"]));
    let read: Value = office.get_json(&job_path, &[]).await;
    assert_eq!(
        (read["meter"]["used"].as_i64(), read["meter"]["extra_used"].as_i64()),
        (Some(0), Some(95_000))
    );

    // Agreed on the phone: who, when and what, or it is refused in Norwegian.
    let heater = change_order(&office, &job_id, "Varmekabel i gangen", 480_000).await;
    let agree = format!("/api/admin/quotes/{}/agreement", heater["id"].as_str().unwrap());
    let at = format!("{}T08:15", day(-1, &app));
    let missing = office.send(Method::POST, &agree, &json!({"how": "phone", "at": at, "note": ""})).await;
    assert_eq!(missing.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let errors: Value = missing.json().await.unwrap();
    assert_eq!(errors["fields"]["name"], "Skriv hvem du snakket med.");
    assert_eq!(errors["fields"]["note"], "Skriv hva kunden sa ja til.");
    let phoned = office
        .send(Method::POST, &agree, &json!({"how": "phone", "name": "Øystein Åsen", "at": at, "note": "Ja, legg varmekabel i gangen også."}))
        .await;
    assert_eq!(phoned.status(), StatusCode::OK);
    let phoned: Value = phoned.json().await.unwrap();
    assert_eq!((phoned["status"].as_str(), phoned["agreed_how"].as_str()), (Some("accepted"), Some("phone")));
    assert_eq!(
        (phoned["agreed_by"].as_str(), phoned["accepted_name"].as_str()),
        (Some("Test Bruker"), Some("Øystein Åsen"))
    );
    let again =
        office.send(Method::POST, &agree, &json!({"how": "phone", "name": "X", "at": at, "note": "x"})).await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    assert_eq!(message(again).await, "Tilleggsarbeidet er alt besvart, trukket tilbake eller erstattet.");

    // Under § 9, to prevent damage: the reason, and no name.
    let leak = change_order(&office, &job_id, "Tetting av lekkasje bak vegg", 90_000).await;
    let saved = office
        .send(
            Method::POST,
            &format!("/api/admin/quotes/{}/agreement", leak["id"].as_str().unwrap()),
            &json!({"how": "damage", "name": "Noen", "at": at, "note": "Vann lakk inn i veggen; kunden var på reise."}),
        )
        .await;
    assert_eq!(saved.status(), StatusCode::OK);
    let saved: Value = saved.json().await.unwrap();
    assert_eq!((saved["agreed_how"].as_str(), saved["accepted_name"].as_str()), (Some("damage"), None));
    let read: Value = office.get_json(&job_path, &[]).await;
    assert_eq!(read["meter"]["extra_budget"], 125_000 + 480_000 + 90_000);
    assert_eq!(read["changes"].as_array().unwrap().len(), 3);
    let list: Value = office.get_json("/api/admin/jobs", &[]).await;
    assert_eq!(list["rows"][0]["meter"], read["meter"], "the list's meter counts the change orders too");

    // A quote is no change order; a withdrawn change order takes no time.
    let not_change = office
        .send(
            Method::POST,
            &format!("/api/admin/quotes/{}/agreement", quote["id"].as_str().unwrap()),
            &json!({"how": "phone", "name": "X", "at": at, "note": "x"}),
        )
        .await;
    assert_eq!(not_change.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(not_change).await,
        "Bare tilleggsarbeid på et oppdrag kan registreres som avtalt slik."
    );
    let dropped = change_order(&office, &job_id, "Ny lampe", 10_000).await;
    let withdrawn = office
        .send(
            Method::POST,
            &format!("/api/admin/quotes/{}/withdraw", dropped["id"].as_str().unwrap()),
            &json!({}),
        )
        .await;
    assert_eq!(withdrawn.status(), 200);
    for change_id in [dropped["id"].clone(), json!(uuid::Uuid::now_v7()), json!("ikke-en-id")] {
        let refused = worker
            .send(
                Method::POST,
                "/api/admin/time",
                &json!({"job_id": job_id, "day": day(0, &app), "minutes": 60, "change_id": change_id}),
            )
            .await;
        assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY, "{change_id}");
        let errors: Value = refused.json().await.unwrap();
        assert_eq!(
            errors["fields"]["change_id"],
            "Velg et tilleggsarbeid på dette oppdraget som ikke er avslått eller trukket tilbake."
        );
    }
    let materials = office
        .send(
            Method::POST,
            &format!("{job_path}/materials"),
            &json!({"description": "Lampe", "quantity": 100, "unit": "stk", "unit_price": 10_000, "vat": 25, "change_id": dropped["id"]}),
        )
        .await;
    assert_eq!(materials.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let read: Value = office.get_json(&job_path, &[]).await;
    assert_eq!(read["entries"].as_array().unwrap().len(), 1, "nothing refused was written");
    assert_eq!(read["materials"].as_array().unwrap().len(), 0);

    // The log has each step, by whom.
    let entries = audit_entries(&app).await;
    let agreed: Vec<_> =
        entries.iter().filter(|(action, entity, ..)| action == "accept" && entity == "quotes").collect();
    assert_eq!(agreed.len(), 4, "the estimate, the link, the phone and § 9");
    assert!(agreed.iter().any(|(.., by, changes)| by.as_deref() == Some("admin@fagfolk.test")
        && changes.as_ref().is_some_and(|c| c["after"]["agreed_how"] == "damage")));
    let on_page = agreed
        .iter()
        .find_map(|(.., changes)| changes.as_ref().filter(|c| c["after"]["number"] == socket["number"]))
        .expect("the customer's acceptance is logged");
    assert_eq!(on_page["after"]["lead_status"], Value::Null, "and says it moved no lead");
    crate::helpers::job_sums_add_up(&app).await;
}

/// The list of jobs (#62) is a page at a time, newest first, filtered on the server by
/// state, worker, customer (any case, Æ, Ø and Å too) and past the estimate; the totals
/// count the whole filter.
async fn the_job_list_pages_and_filters_on_the_server(app: TestApp) {
    let office = app.admin().await;
    let (kari_id, kari) = montor(&app, "kari@fagfolk.test").await;
    let (per_id, _) = montor(&app, "per@fagfolk.test").await;
    let liv = crate::helpers::create_lead(&office, json!({"name": "Liv Lie", "phone": "912 34 567"})).await;
    let ase =
        crate::helpers::create_lead(&office, json!({"name": "Åse Ødegård", "phone": "913 34 567"})).await;
    let jobs_of = |lead: &Value| format!("/api/admin/leads/{}/jobs", lead["id"].as_str().unwrap());
    for n in 0..51 {
        let made = office
            .send(
                Method::POST,
                &jobs_of(&liv),
                &json!({"title": format!("Service {n}"), "hourly_rate": 85_000, "workers": [per_id]}),
            )
            .await;
        assert_eq!(made.status(), StatusCode::CREATED);
    }
    let heating: Value = office
        .send(
            Method::POST,
            &jobs_of(&ase),
            &json!({"title": "Varmekabler bad", "hourly_rate": 85_000, "budget": 400_000, "workers": [kari_id]}),
        )
        .await
        .json()
        .await
        .unwrap();
    let heating_id = heating["id"].as_str().unwrap_or_else(|| panic!("{heating}"));
    // Five hours at 850 kr pass the 4 000 kr estimate: kept, held for the § 7 contact.
    let hours = kari
        .send(
            Method::POST,
            "/api/admin/time",
            &json!({"job_id": heating_id, "day": day(0, &app), "minutes": 300}),
        )
        .await;
    assert_eq!(hours.status(), StatusCode::CREATED);

    let list = |query: &'static [(&'static str, &'static str)]| office.get_json("/api/admin/jobs", query);
    let titles = |page: &Value| -> Vec<String> {
        page["rows"].as_array().unwrap().iter().map(|job| job["title"].as_str().unwrap().to_owned()).collect()
    };
    let first = list(&[]).await;
    assert!(first["rows"].is_array(), "{first}");
    assert_eq!((first["total_rows"].as_i64(), first["page_size"].as_i64()), (Some(52), Some(50)));
    assert_eq!(titles(&first).len(), 50);
    assert_eq!(titles(&first)[..2], ["Varmekabler bad", "Service 50"], "newest first");
    let second = list(&[("page", "2")]).await;
    assert_eq!(titles(&second), ["Service 1", "Service 0"]);

    let kari_path = format!("/api/admin/jobs?worker={kari_id}");
    let hers: Value = office.get_json(&kari_path, &[]).await;
    assert_eq!((hers["total_rows"].as_i64(), titles(&hers)), (Some(1), vec!["Varmekabler bad".to_owned()]));
    // A worker's list pages newest first as the whole list does (through the worker rows,
    // migration 0053).
    let per_path = format!("/api/admin/jobs?worker={per_id}");
    let his: Value = office.get_json(&per_path, &[]).await;
    assert_eq!((his["total_rows"].as_i64(), titles(&his).len()), (Some(51), 50));
    assert_eq!(titles(&his)[..2], ["Service 50", "Service 49"], "newest first");
    let his_next: Value = office.get_json(&per_path, &[("page", "2")]).await;
    assert_eq!(
        (his_next["total_rows"].as_i64(), titles(&his_next)),
        (Some(51), vec!["Service 0".to_owned()])
    );
    let by_name = list(&[("customer", "ØDEGÅRD")]).await;
    assert_eq!(titles(&by_name), ["Varmekabler bad"]);
    assert_eq!(list(&[("customer", "lie")]).await["total_rows"], 51);
    assert_eq!(list(&[("customer", "100%")]).await["total_rows"], 0, "% is a character, not a wildcard");

    let over = list(&[("over_estimate", "true")]).await;
    assert_eq!(titles(&over), ["Varmekabler bad"]);
    assert_eq!(over["rows"][0]["meter"]["over_estimate"], true);
    assert_eq!(
        over["rows"][0]["meter"]["held"], 425_000,
        "the entry that passed the estimate waits for the contact"
    );
    assert_eq!(list(&[("status", "done")]).await["total_rows"], 0);

    let done =
        office.send(Method::PUT, &format!("/api/admin/jobs/{heating_id}"), &json!({"status": "done"})).await;
    assert_eq!(done.status(), StatusCode::OK);
    assert_eq!(titles(&list(&[("status", "done")]).await), ["Varmekabler bad"]);
    let hers_done: Value = office.get_json(&kari_path, &[("status", "done")]).await;
    assert_eq!(
        (hers_done["total_rows"].as_i64(), titles(&hers_done)),
        (Some(1), vec!["Varmekabler bad".to_owned()])
    );
    assert_eq!(office.get_json(&per_path, &[("status", "done")]).await["total_rows"], 0);
    // Per joins the job: it comes first in his list, in its place by when it was made.
    let both = json!({"workers": [kari_id, per_id]});
    assert_eq!(
        office.send(Method::PUT, &format!("/api/admin/jobs/{heating_id}"), &both).await.status(),
        StatusCode::OK
    );
    let his: Value = office.get_json(&per_path, &[]).await;
    assert_eq!(
        (his["total_rows"].as_i64(), titles(&his)[..2].to_vec()),
        (Some(52), vec!["Varmekabler bad".to_owned(), "Service 50".to_owned()])
    );
    assert_eq!(
        list(&[("over_estimate", "true")]).await["total_rows"],
        0,
        "a closed job waits for no contact"
    );
    assert_eq!(list(&[("status", "planned")]).await["total_rows"], 51);
    let bad = office.get("/api/admin/jobs?status=ferdig").await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);

    // A job made on an earlier day than its id says (the clock moved back): a worker's list
    // places it by when it was made, as the whole list does.
    app.state.clock.advance(chrono::Duration::days(-30));
    let older = json!({"title": "Eldre service", "hourly_rate": 85_000, "workers": [per_id]});
    assert_eq!(office.send(Method::POST, &jobs_of(&liv), &older).await.status(), StatusCode::CREATED);
    app.state.clock.advance(chrono::Duration::days(30));
    let his_last: Value = office.get_json(&per_path, &[("page", "2")]).await;
    assert_eq!(titles(&his_last), ["Service 1", "Service 0", "Eldre service"]);
    crate::helpers::job_sums_add_up(&app).await;
}
