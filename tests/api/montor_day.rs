//! The montør's day (issue #59), on SQLite and PostgreSQL: nothing a phone sends is written
//! twice. Each new entry and material line carries an id the phone chose; a retry after a
//! lost answer gets the first result back and writes nothing new, however many arrive at once.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, audit_entries, create_lead};
use crate::jobs::montor;

crate::db_tests!(a_retry_with_the_phones_id_writes_nothing_twice, twenty_retries_at_once_store_one_entry,);

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
}
