//! A day away (issue #74 finding 18, decided in docs/SECURITY.md): a sick day is health
//! data, shown on the board to those who plan but kept in the audit log only as "fravær";
//! a day outside the years 2000 to 9999 is refused, as every other day of the plan.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::fixtures::montor;
use crate::helpers::{TestApp, audit_entries};

crate::db_tests!(a_sick_day_is_kept_in_the_log_only_as_away_and_year_zero_is_no_day);

async fn a_sick_day_is_kept_in_the_log_only_as_away_and_year_zero_is_no_day(app: TestApp) {
    let office = app.admin().await;
    let (per, _) = montor(&app, "per@fagfolk.test").await;
    let day = app.state.clock.today().to_string();
    let sick = json!({"user_id": per, "day": day, "kind": "syk"});
    let kept: Value = office.call(Method::PUT, "/api/admin/absences", Some(&sick)).await.good();
    assert_eq!(kept["kind"], "syk", "the board shows why, to those who plan");
    let (_, entity, _, _, changes) = audit_entries(&app).await.remove(0);
    assert_eq!(entity, "absences");
    let logged = changes.unwrap().to_string();
    assert!(logged.contains("fravær") && !logged.contains("syk"), "{logged}");
    let cleared = office.delete(&format!("/api/admin/absences?user_id={per}&day={day}")).await;
    assert_eq!(cleared.status(), StatusCode::NO_CONTENT);
    let logged = audit_entries(&app).await.remove(0).4.unwrap().to_string();
    assert!(!logged.contains("syk"), "{logged}");

    let year_zero = json!({"user_id": per, "day": "0000-06-01", "kind": "ferie"});
    let refused = office.send(Method::PUT, "/api/admin/absences", &year_zero).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["fields"]["day"], "Velg en dag mellom år 2000 og 9999.");
    app.stop().await;
}
