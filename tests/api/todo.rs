//! "Å gjøre" on the dashboard (#62, `fagfolk_data::todo`): each kind of thing that waits for
//! the office appears when its cause is made and goes when it is fixed, naming the job,
//! invoice or lead it is about; on both databases, the clock moved rather than waited.

use chrono::Duration;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::fixtures::{change_order, estimate_job, invoiced_job, record_contact};
use crate::helpers::{ADMIN_PASSWORD, Session, TestApp, create_lead};

/// The "Å gjøre" items, by kind: (count, the ids of the things named).
async fn todo(office: &Session) -> Vec<(String, i64, Vec<String>)> {
    let dashboard = office.get_json("/api/admin/dashboard", &[]).await;
    dashboard["todo"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| {
            let ids = item["things"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t["id"].as_str().unwrap().to_owned())
                .collect();
            (item["kind"].as_str().unwrap().to_owned(), item["count"].as_i64().unwrap(), ids)
        })
        .collect()
}

/// The item of `kind`, if it is there.
async fn item(office: &Session, kind: &str) -> Option<(i64, Vec<String>)> {
    todo(office).await.into_iter().find(|(k, ..)| k == kind).map(|(_, count, ids)| (count, ids))
}

async fn the_jobs_items_appear_with_their_cause_and_go_when_it_is_fixed(app: TestApp) {
    let office = app.admin().await;
    assert!(todo(&office).await.is_empty(), "a new firm has nothing to do");

    // Past a prisoverslag: the hours are held and the § 7 contact is missing.
    let job = estimate_job(&app, &office, &[]).await;
    let today = app.state.clock.today().to_string();
    let hours = office
        .send(
            Method::POST,
            "/api/admin/time",
            &json!({"job_id": job, "day": today, "minutes": 1440, "line": 1}),
        )
        .await;
    assert_eq!(hours.status(), StatusCode::CREATED);
    assert_eq!(item(&office, "needs_contact").await, Some((1, vec![job.clone()])));
    assert_eq!(item(&office, "held").await, Some((1, vec![job.clone()])));
    let dashboard = office.get_json("/api/admin/dashboard", &[]).await;
    let named =
        &dashboard["todo"].as_array().unwrap().iter().find(|i| i["kind"] == "held").unwrap()["things"][0];
    assert_eq!(
        (named["kind"].as_str(), named["title"].as_str().map(|t| t.contains(", "))),
        (Some("job"), Some(true))
    );
    record_contact(&app, &office, &job).await;
    assert_eq!(item(&office, "needs_contact").await, None, "the contact is recorded");
    assert_eq!(item(&office, "held").await, None, "and the hours released");

    // Tilleggsarbeid with no change order; tied to one, it goes. (Tying an entry that was
    // already tilleggsarbeid changed nothing before: the edit's audit diff left out the
    // change order, so the server saw no change and wrote none.)
    let yesterday = (app.state.clock.today() - Duration::days(1)).to_string();
    let extra: Value = office
        .call(
            Method::POST,
            "/api/admin/time",
            Some(&json!({"job_id": job, "day": yesterday, "minutes": 60, "extra": true})),
        )
        .await
        .good();
    assert_eq!(item(&office, "untagged_extra").await, Some((1, vec![job.clone()])));
    let change = change_order(&office, &job, "Ekstra stikkontakt", 250_000).await;
    let change_path = format!("/api/admin/quotes/{}", change["id"].as_str().unwrap());
    let tied = office
        .send(
            Method::PUT,
            &format!("/api/admin/time/{}", extra["id"].as_str().unwrap()),
            &json!({"change_id": change["id"]}),
        )
        .await;
    assert_eq!(tied.status(), StatusCode::OK);
    let tied: Value = tied.json().await.unwrap();
    assert_eq!(tied["change_id"], change["id"]);
    assert_eq!(item(&office, "untagged_extra").await, None);

    // The change order sent waits for the customer; withdrawn, it goes.
    assert_eq!(
        office.send(Method::POST, &format!("{change_path}/send"), &json!({})).await.status(),
        StatusCode::OK
    );
    assert_eq!(item(&office, "change_waiting").await, Some((1, vec![job.clone()])));
    assert_eq!(
        office.send(Method::POST, &format!("{change_path}/withdraw"), &json!({})).await.status(),
        StatusCode::OK
    );
    assert_eq!(item(&office, "change_waiting").await, None);

    // Done and not invoiced; invoiced, it goes.
    let untie = office
        .send(
            Method::PUT,
            &format!("/api/admin/time/{}", extra["id"].as_str().unwrap()),
            &json!({"extra": false, "change_id": null}),
        )
        .await;
    assert_eq!(untie.status(), StatusCode::OK, "{}", untie.text().await.unwrap());
    crate::fixtures::firm_can_invoice(&office).await;
    let job_path = format!("/api/admin/jobs/{job}");
    assert_eq!(
        office.send(Method::PUT, &job_path, &json!({"status": "done"})).await.status(),
        StatusCode::OK
    );
    assert_eq!(item(&office, "done_not_invoiced").await, Some((1, vec![job.clone()])));
    let invoiced = office.send(Method::POST, &format!("{job_path}/invoices"), &json!({})).await;
    assert_eq!(invoiced.status(), StatusCode::CREATED, "{}", invoiced.text().await.unwrap());
    assert_eq!(item(&office, "done_not_invoiced").await, None);
    crate::helpers::job_sums_add_up(&app).await;
    app.stop().await;
}

async fn the_money_and_sales_items_appear_with_their_cause_and_go_when_it_is_fixed(app: TestApp) {
    let office = app.admin().await;
    let (_, made) = invoiced_job(&app, &office).await;
    let (id, total) = (made["id"].as_str().unwrap().to_owned(), made["total"].as_i64().unwrap());
    assert_eq!(item(&office, "overdue").await, None, "not due yet");

    // A befaring on an open lead without a quote.
    let lead = create_lead(&office, json!({"name": "Åse Befaring", "phone": "912 00 111"})).await;
    let lead_id = lead["id"].as_str().unwrap().to_owned();
    let day = (app.state.clock.today() + Duration::days(1)).to_string();
    let me = office.get_json("/api/auth/session", &[]).await["user"]["id"].clone();
    let booked = office
        .send(
            Method::POST,
            &format!("/api/admin/leads/{lead_id}/visits"),
            &json!({"day": day, "start": "09:00", "minutes": 60, "staff_id": me, "note": ""}),
        )
        .await;
    assert_eq!(booked.status(), StatusCode::CREATED, "{}", booked.text().await.unwrap());

    // Fifteen days on: the invoice is overdue and its purring due; the befaring is four
    // days old without a quote.
    app.state.clock.advance(Duration::days(15) + Duration::hours(12));
    let office = app.login("admin@fagfolk.test", ADMIN_PASSWORD).await;
    assert_eq!(item(&office, "overdue").await, Some((1, vec![id.clone()])));
    assert_eq!(item(&office, "reminders_due").await, Some((1, vec![id.clone()])));
    assert_eq!(item(&office, "visit_without_quote").await, Some((1, vec![lead_id.clone()])));

    // The purring sent, it is not due again for 14 days; paid, the invoice goes.
    let sent = office
        .send(
            Method::POST,
            &format!("/api/admin/invoices/{id}/reminders"),
            &json!({"kind": "purring", "channel": "post"}),
        )
        .await;
    assert_eq!(sent.status(), StatusCode::CREATED);
    let purring: Value = sent.json().await.unwrap();
    assert_eq!(item(&office, "reminders_due").await, None);
    assert_eq!(item(&office, "overdue").await, Some((1, vec![id.clone()])));
    let paid = office
        .send(
            Method::POST,
            &format!("/api/admin/invoices/{id}/payments"),
            &json!({"paid_on": app.state.clock.today().to_string(), "amount": purring["amount_due"]}),
        )
        .await;
    assert_eq!(paid.status(), StatusCode::CREATED, "{}", paid.text().await.unwrap());
    assert!(purring["amount_due"].as_i64().unwrap() >= total);
    assert_eq!(item(&office, "overdue").await, None);

    // A quote on the lead, and the befaring is followed up.
    let quote = office.send(Method::POST, &format!("/api/admin/leads/{lead_id}/quotes"), &json!({})).await;
    assert_eq!(quote.status(), StatusCode::CREATED, "{}", quote.text().await.unwrap());
    assert_eq!(item(&office, "visit_without_quote").await, None);
    crate::helpers::job_sums_add_up(&app).await;
    app.stop().await;
}

crate::db_tests!(
    the_jobs_items_appear_with_their_cause_and_go_when_it_is_fixed,
    the_money_and_sales_items_appear_with_their_cause_and_go_when_it_is_fixed,
);
