//! A phone's queue of hours and materials meets the office's month end (#74 findings 11 and
//! 12), on SQLite and PostgreSQL: a retry under the id the phone chose gets what that id
//! holds whatever has happened to its month since, an id reused for something else is
//! refused with what it holds, and the hours written while the office approves a month are
//! either in what the approval's audit entry counted or refused.

use chrono::{Datelike, Duration, Months, NaiveDate};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::fixtures::{call_out, message, montor};
use crate::helpers::{ADMIN_PASSWORD, Session, TestApp, audit_entries};

crate::db_tests!(
    a_phones_retry_gets_its_entry_back_after_the_month_is_approved_and_locked,
    an_id_reused_for_other_hours_is_refused_with_the_entry_it_holds,
    an_id_reused_for_another_material_line_is_refused_with_the_line_it_holds,
    hours_written_while_the_month_is_approved_are_counted_by_the_approval_or_refused,
);

const REUSED: &str = "Denne føringen er allerede lagret, men med andre opplysninger enn de som ble sendt nå. Last siden på nytt og se over den.";
const TAKEN: &str = "Denne føringen finnes allerede for en annen person. Last siden på nytt og prøv igjen.";

/// The first day of last month (open to changes until the end of this one).
fn last_month(app: &TestApp) -> NaiveDate {
    app.state.clock.today().with_day(1).unwrap().checked_sub_months(Months::new(1)).unwrap()
}

async fn approve(office: &Session, first: NaiveDate) -> reqwest::Response {
    let month = first.format("%Y-%m").to_string();
    office.send(Method::POST, "/api/admin/time/month/approval", &json!({ "month": month })).await
}

/// #74 finding 11: the phone queued an entry offline and lost the answer; the office
/// approved the month, then the law locked it. The retry gets the entry back (200), not a
/// 409 that would have the montør enter the hours again.
async fn a_phones_retry_gets_its_entry_back_after_the_month_is_approved_and_locked(app: TestApp) {
    let office = app.admin().await;
    let (ole_id, ole) = montor(&app, "ole@fagfolk.test").await;
    let job = call_out(&office, 90_000, &[ole_id]).await;
    let first = last_month(&app);
    let key = uuid::Uuid::now_v7().to_string();
    let body = json!({"id": key, "job_id": job, "day": (first + Duration::days(2)).to_string(),
        "minutes": 150, "note": "Trakk kabel", "starts_at": "07:30"});
    let written = ole.send(Method::POST, "/api/admin/time", &body).await;
    assert_eq!(written.status(), StatusCode::CREATED);
    let written: Value = written.json().await.unwrap();
    assert_eq!(approve(&office, first).await.status(), StatusCode::CREATED);

    let again = ole.send(Method::POST, "/api/admin/time", &body).await;
    assert_eq!(again.status(), StatusCode::OK, "the month's approval does not refuse a retry");
    assert_eq!(again.json::<Value>().await.unwrap(), written);
    // Two months on, the law has locked the day too; the phone comes back online.
    app.state.clock.advance(Duration::days(62));
    let ole = app.login("ole@fagfolk.test", ADMIN_PASSWORD).await;
    let late = ole.send(Method::POST, "/api/admin/time", &body).await;
    assert_eq!(late.status(), StatusCode::OK, "nor does the lock of the day");
    assert_eq!(late.json::<Value>().await.unwrap(), written);
    assert_eq!(app.count("time_entries").await, 1);
    crate::helpers::job_sums_add_up(&app).await;
}

/// #74 finding 11: the same person's id sent again with other hours is not answered 200
/// with the old entry as if the new hours were saved: 409, a Norwegian text, and the entry
/// the id holds, in an open month and in an approved one. Another person's id still gets
/// 409 and nothing of theirs.
async fn an_id_reused_for_other_hours_is_refused_with_the_entry_it_holds(app: TestApp) {
    let office = app.admin().await;
    let (ole_id, ole) = montor(&app, "ole@fagfolk.test").await;
    let (per_id, per) = montor(&app, "per@fagfolk.test").await;
    let job = call_out(&office, 90_000, &[ole_id, per_id]).await;
    let first = last_month(&app);
    let key = uuid::Uuid::now_v7().to_string();
    let day = (first + Duration::days(3)).to_string();
    let body = json!({"id": key, "job_id": job, "day": day, "minutes": 120, "note": "Trakk kabel"});
    let written: Value = ole.send(Method::POST, "/api/admin/time", &body).await.json().await.unwrap();

    let other_hours = json!({"id": key, "job_id": job, "day": day, "minutes": 240, "note": "Trakk kabel"});
    for approved in [false, true] {
        if approved {
            assert_eq!(approve(&office, first).await.status(), StatusCode::CREATED);
        }
        let reused = ole.send(Method::POST, "/api/admin/time", &other_hours).await;
        assert_eq!(reused.status(), StatusCode::CONFLICT, "approved: {approved}");
        let reused: Value = reused.json().await.unwrap();
        assert_eq!(reused["error"], REUSED);
        assert_eq!(reused["stored"], written, "the entry the id holds, as stored");
    }
    for someone in [&per, &office] {
        let taken = someone.send(Method::POST, "/api/admin/time", &body).await;
        assert_eq!(taken.status(), StatusCode::CONFLICT);
        let taken: Value = taken.json().await.unwrap();
        assert_eq!(taken, json!({ "error": TAKEN }), "nothing of Ole's");
    }
    assert_eq!(app.count("time_entries").await, 1);
    let week: Value =
        office.get_json("/api/admin/work/week", &[("day", &day), ("user_id", &ole_id.to_string())]).await;
    assert_eq!(week["total_minutes"], 120, "the first hours, not the second");
}

/// #74 finding 11, for materials: a retry of the same line gets it back; the id reused for
/// another line is refused with the line it holds; another person's id gets nothing.
async fn an_id_reused_for_another_material_line_is_refused_with_the_line_it_holds(app: TestApp) {
    let office = app.admin().await;
    let (ole_id, ole) = montor(&app, "ole@fagfolk.test").await;
    let (per_id, per) = montor(&app, "per@fagfolk.test").await;
    let job = call_out(&office, 90_000, &[ole_id, per_id]).await;
    let path = format!("/api/admin/jobs/{job}/materials");
    let key = uuid::Uuid::now_v7().to_string();
    let line = json!({"id": key, "description": "Jordfeilbryter", "quantity": 100, "unit": "stk", "unit_price": 0, "vat": 25});
    let written = ole.send(Method::POST, &path, &line).await;
    assert_eq!(written.status(), StatusCode::CREATED);
    let written: Value = written.json().await.unwrap();
    let again = ole.send(Method::POST, &path, &line).await;
    assert_eq!(again.status(), StatusCode::OK);
    assert_eq!(again.json::<Value>().await.unwrap(), written);

    let mut other = line.clone();
    other["quantity"] = json!(300);
    let reused = ole.send(Method::POST, &path, &other).await;
    assert_eq!(reused.status(), StatusCode::CONFLICT);
    let reused: Value = reused.json().await.unwrap();
    assert_eq!((&reused["error"], &reused["stored"]), (&json!(REUSED), &written));
    let taken = per.send(Method::POST, &path, &line).await;
    assert_eq!(taken.status(), StatusCode::CONFLICT);
    assert_eq!(taken.json::<Value>().await.unwrap(), json!({ "error": TAKEN }));
    assert_eq!(app.count("job_materials").await, 1);
    crate::helpers::job_sums_add_up(&app).await;
}

/// #74 finding 12: 60 entries written while the office approves their month. Each is either
/// in the month the approval's audit entry counted, or refused as approved: the month holds
/// exactly the minutes the audit says were approved (it held 120 more than the 2 205 said).
async fn hours_written_while_the_month_is_approved_are_counted_by_the_approval_or_refused(app: TestApp) {
    let office = app.admin().await;
    let (ole_id, ole) = montor(&app, "ole@fagfolk.test").await;
    let job = call_out(&office, 90_000, &[ole_id]).await;
    let first = last_month(&app);
    let write = |n: i64| {
        let (ole, job) = (ole.clone(), job.clone());
        let body = json!({"job_id": job, "day": (first + Duration::days(n % 20)).to_string(), "minutes": 15 * (1 + n % 4)});
        tokio::spawn(async move {
            let answer = ole.send(Method::POST, "/api/admin/time", &body).await;
            (answer.status(), message(answer).await)
        })
    };
    let mut writes: Vec<_> = (0..30).map(write).collect();
    let office_copy = office.clone();
    let approval = tokio::spawn(async move { approve(&office_copy, first).await.status() });
    writes.extend((30..60).map(write));
    assert_eq!(approval.await.unwrap(), StatusCode::CREATED);
    let approved_text = format!(
        "Timene for {} er godkjent av kontoret og kan ikke endres lenger. Be kontoret om å rette dem.",
        fagfolk_data::oslo::month(first)
    );
    for write in writes {
        let (status, text) = write.await.unwrap();
        assert!(
            status == StatusCode::CREATED || (status == StatusCode::CONFLICT && text == approved_text),
            "{status} {text}"
        );
    }
    let next = first.checked_add_months(Months::new(1)).unwrap();
    let held = fagfolk_data::jobs::store::minutes_between(&app.state.db, first, next).await.unwrap();
    let log = audit_entries(&app).await;
    let (.., changes) = log.iter().find(|entry| entry.0 == "approve").unwrap();
    assert_eq!(
        changes.as_ref().unwrap()["after"]["minutes"],
        held,
        "the approved month holds what was approved"
    );
    crate::helpers::job_sums_add_up(&app).await;
}
