//! One rule of overdue (issue #74 finding 17, issue #75 point 2): an invoice is overdue when
//! its due date has passed and something is left to pay, paid in part or not, reminded or
//! not. The invoice's state, the list, its "Forfalt" filter and counts, a search, the
//! "unpaid" filter and the dashboard's "Forfalte fakturaer" all say the same.

use chrono::Duration;
use reqwest::Method;
use serde_json::{Value, json};

use crate::fixtures::{accepted_job, invoiced_job};
use crate::helpers::{ADMIN_PASSWORD, Session, TestApp};

crate::db_tests!(an_invoice_is_overdue_when_its_due_date_has_passed_with_something_left_paid_in_part_or_not);

/// What every screen says of overdue: (the invoice's own state, shown under "Forfalt",
/// shown under "Delvis betalt", shown under "Ubetalt", found by its number under
/// "Forfalt"), and the list's and dashboard's overdue counts.
async fn seen(office: &Session, invoice: &Value) -> ((String, bool, bool, bool, bool), (i64, i64)) {
    let id = invoice["id"].as_str().unwrap();
    let number = invoice["number"].as_str().unwrap();
    let account: Value =
        office.call(Method::GET, &format!("/api/admin/invoices/{id}/payments"), None).await.good();
    let listed = |query: String| async move {
        let list: Value =
            office.call(Method::GET, &format!("/api/admin/invoices?{query}"), None).await.good();
        let shown = list["rows"].as_array().unwrap().iter().any(|row| row["number"] == number);
        (shown, list)
    };
    let (overdue, list) = listed("state=overdue".into()).await;
    let (partly, _) = listed("state=partly_paid".into()).await;
    let (unpaid, _) = listed("state=unpaid".into()).await;
    let (searched, _) = listed(format!("state=overdue&q={number}")).await;
    let dashboard = office.get_json("/api/admin/dashboard", &[]).await;
    let todo = dashboard["todo"].as_array().unwrap().iter().find(|item| item["kind"] == "overdue");
    let counted =
        (list["counts"]["overdue"].as_i64().unwrap(), todo.map_or(0, |item| item["count"].as_i64().unwrap()));
    ((account["state"].as_str().unwrap().to_owned(), overdue, partly, unpaid, searched), counted)
}

async fn an_invoice_is_overdue_when_its_due_date_has_passed_with_something_left_paid_in_part_or_not(
    app: TestApp,
) {
    let office = app.admin().await;
    let (_, invoice) = invoiced_job(&app, &office).await;
    let id = invoice["id"].as_str().unwrap().to_owned();
    let paid_on = invoice["issue_date"].as_str().unwrap();
    let part = json!({"paid_on": paid_on, "amount": 100_000});
    let _: Value =
        office.call(Method::POST, &format!("/api/admin/invoices/{id}/payments"), Some(&part)).await.good();
    // A second invoice with nothing paid on it.
    let (_, job_id, _) = accepted_job(&app, &office, None, None).await;
    let job_path = format!("/api/admin/jobs/{job_id}");
    assert_eq!(office.send(Method::PUT, &job_path, &json!({"status": "done"})).await.status(), 200);
    let unpaid: Value =
        office.call(Method::POST, &format!("{job_path}/invoices"), Some(&json!({}))).await.good();

    let partly = ("partly_paid".to_owned(), false, true, true, false);
    assert_eq!(seen(&office, &invoice).await, (partly, (0, 0)), "not due yet");

    let due = fagfolk_data::oslo::parse_day(invoice["due_date"].as_str().unwrap()).unwrap();
    app.state.clock.advance_days((due - app.state.clock.today()).num_days() + 16);
    let office = app.login("admin@fagfolk.test", ADMIN_PASSWORD).await;
    let overdue = ("overdue".to_owned(), true, false, true, true);
    assert_eq!(seen(&office, &invoice).await, (overdue.clone(), (2, 2)), "16 days late, paid in part");
    assert_eq!(seen(&office, &unpaid).await.0, overdue, "16 days late, nothing paid");

    // A purring changes nothing of it: the invoice is still overdue, and still counted once.
    let purring = json!({"kind": "purring", "channel": "post"});
    let _: Value = office
        .call(Method::POST, &format!("/api/admin/invoices/{id}/reminders"), Some(&purring))
        .await
        .good();
    assert_eq!(seen(&office, &invoice).await, (overdue.clone(), (2, 2)), "reminded");

    // Paid in full, it is overdue no more.
    let account: Value =
        office.call(Method::GET, &format!("/api/admin/invoices/{id}/payments"), None).await.good();
    let rest = json!({"paid_on": (app.state.clock.today() - Duration::days(1)).to_string(),
                      "amount": account["balance"]["outstanding"]});
    let _: Value =
        office.call(Method::POST, &format!("/api/admin/invoices/{id}/payments"), Some(&rest)).await.good();
    let ((state, listed, ..), counted) = seen(&office, &invoice).await;
    assert_eq!((state.as_str(), listed, counted), ("paid", false, (1, 1)));
    crate::payments::sums_add_up(&app).await;
    app.stop().await;
}
