//! Letters only as the law allows (issue #74 finding 6, docs/LAW.md "Gebyr bare for en
//! gjeld som ikke er betalt"): a customer who paid on day 10 still owed the fee of the purring
//! sent on day 17, and then an inkassovarsel with a second fee was offered and sent for the
//! fees alone. A letter sent on or after the day the claim was paid charges nothing, and
//! fees alone never start a letter (inkassoforskriften § 1-2, inkassoloven § 9).

use chrono::Duration;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::fixtures::invoiced_job;
use crate::helpers::{ADMIN_PASSWORD, Session, TestApp};
use crate::payments::sums_add_up;

crate::db_tests!(a_letter_sent_after_the_claim_was_paid_charges_nothing, fees_alone_never_start_a_letter,);

/// An invoice with the firm charging fees, and the clock on the day a purring with a fee
/// may go (14 days past due): (the office signed in again, the invoice's id, its total,
/// its due date).
async fn fourteen_days_late(app: &TestApp) -> (Session, String, i64, chrono::NaiveDate) {
    let office = app.admin().await;
    let (_, made) = invoiced_job(app, &office).await;
    let steps = json!({"invoicing": {"reminder_steps": "purring_then_notice", "reminder_fee": true}});
    let _: Value = office.call(Method::PUT, "/api/admin/settings", Some(&steps)).await.good();
    let due = fagfolk_data::oslo::parse_day(made["due_date"].as_str().unwrap()).unwrap();
    app.state.clock.advance_days((due - app.state.clock.today()).num_days() + 14);
    let office = app.login("admin@fagfolk.test", ADMIN_PASSWORD).await;
    (office, made["id"].as_str().unwrap().to_owned(), made["total"].as_i64().unwrap(), due)
}

async fn send_purring(office: &Session, id: &str) -> Value {
    let purring = json!({"kind": "purring", "channel": "post"});
    office.call(Method::POST, &format!("/api/admin/invoices/{id}/reminders"), Some(&purring)).await.good()
}

async fn pay(office: &Session, id: &str, day: chrono::NaiveDate, amount: i64) {
    let body = json!({"paid_on": day.to_string(), "amount": amount});
    let _: Value =
        office.call(Method::POST, &format!("/api/admin/invoices/{id}/payments"), Some(&body)).await.good();
}

/// (charged, outstanding, state) of the invoice.
async fn balance(office: &Session, id: &str) -> (i64, i64, String) {
    let account: Value =
        office.call(Method::GET, &format!("/api/admin/invoices/{id}/payments"), None).await.good();
    let balance = &account["balance"];
    (
        balance["charged"].as_i64().unwrap(),
        balance["outstanding"].as_i64().unwrap(),
        account["state"].as_str().unwrap().to_owned(),
    )
}

async fn a_letter_sent_after_the_claim_was_paid_charges_nothing(app: TestApp) {
    let (office, id, total, due) = fourteen_days_late(&app).await;
    let purring = send_purring(&office, &id).await;
    assert!(purring["fee"].as_i64().unwrap() > 0);
    let (charged, ..) = balance(&office, &id).await;
    assert!(charged >= purring["fee"].as_i64().unwrap(), "the fee is charged");

    // The bank file comes in a few days late: the customer paid before the purring went.
    pay(&office, &id, due + Duration::days(5), total).await;
    assert_eq!(balance(&office, &id).await, (0, 0, "paid".to_owned()));
    let office_view: Value =
        office.call(Method::GET, &format!("/api/admin/invoices/{id}/reminders"), None).await.good();
    assert!(office_view["next"].is_null(), "{office_view}");
    assert_eq!(office_view["sent"][0]["waived"], true, "the letter is kept as sent, its fee not owed");
    sums_add_up(&app).await;
    app.stop().await;
}

async fn fees_alone_never_start_a_letter(app: TestApp) {
    let (office, id, total, _) = fourteen_days_late(&app).await;
    let purring = send_purring(&office, &id).await;
    let fee = purring["fee"].as_i64().unwrap();
    // The claim is paid the day after the purring: its fee (and interest) stay owed.
    app.state.clock.advance_days(1);
    let office = app.login("admin@fagfolk.test", ADMIN_PASSWORD).await;
    pay(&office, &id, app.state.clock.today(), total).await;
    let (charged, outstanding, _) = balance(&office, &id).await;
    assert!(charged >= fee && outstanding == charged, "{charged} {outstanding}");

    // The purring's time runs out: no inkassovarsel for the fees alone.
    app.state.clock.advance_days(20);
    let office = app.login("admin@fagfolk.test", ADMIN_PASSWORD).await;
    let said = "Fakturaen er betalt; bare gebyr står igjen. For gebyr og renter alene sendes ikke purring \
                eller inkassovarsel (inkassoforskriften § 1-2).";
    let office_view: Value =
        office.call(Method::GET, &format!("/api/admin/invoices/{id}/reminders"), None).await.good();
    assert_eq!((office_view["next"].is_null(), office_view["not_now"].as_str()), (true, Some(said)));
    let notice = json!({"kind": "notice", "channel": "post"});
    office
        .call::<Value>(Method::POST, &format!("/api/admin/invoices/{id}/reminders"), Some(&notice))
        .await
        .refused(StatusCode::CONFLICT, said);
    let dashboard = office.get_json("/api/admin/dashboard", &[]).await;
    assert_eq!(dashboard["money"]["reminders_due"], 0);
    sums_add_up(&app).await;
    app.stop().await;
}
