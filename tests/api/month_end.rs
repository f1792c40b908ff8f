//! The office's month end (#62) on SQLite and PostgreSQL: everyone's hours of a fixed month
//! split into ordinary time and overtime by arbeidsmiljøloven § 10-4 (or the firm's own
//! limits), with weekends, evenings and tilleggsarbeid; totals that equal the time sheet's entries; the
//! payroll file; and the approval that stops the montører changing the month, in Norwegian,
//! losing nothing, audited, and opened again.

use chrono::{Datelike, Duration, Months, NaiveDate};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::fixtures::{message, montor};
use crate::helpers::{Session, TestApp, audit_entries};

crate::db_tests!(
    the_month_for_everyone_is_split_for_payroll_and_approved,
    a_renamed_person_is_one_person_and_a_deleted_one_keeps_their_name,
    the_office_enters_hours_for_someone_without_a_phone
);

/// The rows of a CSV file as Norwegian Excel reads it: a byte order mark, CRLF, semicolons.
async fn csv_rows(response: reqwest::Response) -> Vec<Vec<String>> {
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.starts_with(b"\xEF\xBB\xBF"));
    let text = String::from_utf8(bytes[3..].to_vec()).unwrap();
    text.split_terminator("\r\n").map(|line| line.split(';').map(str::to_owned).collect()).collect()
}

/// Hours as the files write them ("7,5") in minutes.
fn minutes(text: &str) -> i64 {
    (text.replace(',', ".").parse::<f64>().unwrap() * 60.0).round() as i64
}

/// `hours` on `day` on `job`, written by `who`.
async fn add(who: &Session, job: &str, day: NaiveDate, hours: i64, extra: bool) -> reqwest::Response {
    add_from(who, job, (day, None), hours, extra).await
}

/// `hours` on `day` begun at `start` (`tt:mm`) on `job`, written by `who`.
async fn add_from(
    who: &Session,
    job: &str,
    (day, start): (NaiveDate, Option<&str>),
    hours: i64,
    extra: bool,
) -> reqwest::Response {
    let body = json!({"job_id": job, "day": day.to_string(), "minutes": hours * 60, "extra": extra, "starts_at": start});
    who.send(Method::POST, "/api/admin/time", &body).await
}

/// The office, two montører and the job they both work on.
struct Firm {
    office: Session,
    kari: (uuid::Uuid, Session),
    per: (uuid::Uuid, Session),
    job: String,
}

async fn firm(app: &TestApp) -> Firm {
    let office = app.admin().await;
    let (kari_id, kari) = montor(app, "kari@fagfolk.test").await;
    let (per_id, per) = montor(app, "per@fagfolk.test").await;
    let lead = crate::helpers::create_lead(&office, json!({"name": "Liv Lie", "phone": "912 34 567"})).await;
    let job: Value = office
        .send(
            Method::POST,
            &format!("/api/admin/leads/{}/jobs", lead["id"].as_str().unwrap()),
            &json!({"title": "Nytt bad", "hourly_rate": 85_000, "workers": [kari_id, per_id]}),
        )
        .await
        .json()
        .await
        .unwrap();
    let job = job["id"].as_str().unwrap().to_owned();
    Firm { office, kari: (kari_id, kari), per: (per_id, per), job }
}

async fn the_month_for_everyone_is_split_for_payroll_and_approved(app: TestApp) {
    let Firm { office, kari: (kari_id, kari), per: (per_id, per), job } = firm(&app).await;

    // Last month, open for changes to the end of this one: its first Monday to Saturday.
    let today = app.state.clock.today();
    let first = (today.with_day(1).unwrap()).checked_sub_months(Months::new(1)).unwrap();
    let monday =
        (0..7).map(|n| first + Duration::days(n)).find(|d| d.weekday() == chrono::Weekday::Mon).unwrap();
    let month = first.format("%Y-%m").to_string();
    // Kari: 10, 9, 9, 9, 9 hours Monday to Friday from 07:00 and 4 on Saturday from 20:00.
    let mut karis = Vec::new();
    for (n, hours) in [10, 9, 9, 9, 9, 4].into_iter().enumerate() {
        let start = if n == 5 { "20:00" } else { "07:00" };
        let made =
            add_from(&kari, &job, (monday + Duration::days(n as i64), Some(start)), hours, false).await;
        assert_eq!(made.status(), StatusCode::CREATED);
        let made: Value = made.json().await.unwrap();
        assert_eq!(made["starts_at"], if n == 5 { 20 * 60 } else { 7 * 60 });
        karis.push(made["id"].as_str().unwrap().to_owned());
    }
    // Per: 7 hours of tilleggsarbeid on the Tuesday from 16:00, five of them past 18:00.
    let tuesday = monday + Duration::days(1);
    assert_eq!(add_from(&per, &job, (tuesday, Some("16:00")), 7, true).await.status(), StatusCode::CREATED);
    // And two of 6 hours on the Wednesday, both said to begin at 07:00: each is counted from
    // its own start (none in the evening), not as 12 hours from 07:00.
    for _ in 0..2 {
        let wednesday = (monday + Duration::days(2), Some("07:00"));
        assert_eq!(add_from(&per, &job, wednesday, 6, false).await.status(), StatusCode::CREATED);
    }
    // A start that is no time of day is refused under its field, and nothing is written.
    let bad = add_from(&per, &job, (tuesday, Some("25:00")), 1, false).await;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let bad: Value = bad.json().await.unwrap();
    assert_eq!(bad["fields"]["starts_at"], "Skriv når arbeidet begynte som tt:mm, for eksempel 07:30.");

    let sheet: Value = office.get_json("/api/admin/time/month", &[("month", &month)]).await;
    assert_eq!(sheet["month"], month.as_str());
    assert_eq!(
        sheet["working_time"],
        json!({"day_minutes": 540, "week_minutes": 2400, "evening_from": 1080})
    );
    let person = |sheet: &Value, id: uuid::Uuid| -> Value {
        sheet["people"].as_array().unwrap().iter().find(|p| p["user_id"] == id.to_string()).unwrap().clone()
    };
    let kari_month = person(&sheet, kari_id);
    // The week's tenth hour on Monday, Friday past 40 ordinary hours after 4, Saturday all.
    let holiday_hours: i64 = [10, 9, 9, 9, 9, 4]
        .iter()
        .enumerate()
        .filter(|(n, _)| fagfolk_data::jobs::month::is_weekend(monday + Duration::days(*n as i64)))
        .map(|(_, h)| h * 60)
        .sum();
    assert_eq!(
        (&kari_month["minutes"], &kari_month["ordinary"], &kari_month["overtime"]),
        (&json!(50 * 60), &json!(40 * 60), &json!(10 * 60))
    );
    assert_eq!((&kari_month["weekend"], &kari_month["days"]), (&json!(holiday_hours), &json!(6)));
    // Saturday from 20:00 to midnight is evening; her weekdays from 07:00 end by 17:00.
    assert_eq!(kari_month["evening"], 4 * 60);
    let per_month = person(&sheet, per_id);
    assert_eq!(
        (&per_month["minutes"], &per_month["extra"], &per_month["overtime"], &per_month["evening"]),
        (&json!(19 * 60), &json!(420), &json!(3 * 60), &json!(300))
    );
    let weekdays = (0..31)
        .map(|n| first + Duration::days(n))
        .filter(|d| d.month() == first.month() && !fagfolk_data::jobs::month::is_weekend(*d))
        .count();
    assert_eq!(per_month["days_without"].as_array().unwrap().len(), weekdays - 2);

    // The totals are the time sheet's entries.
    let entries = csv_rows(
        office
            .request(Method::GET, "/api/admin/time/sheet")
            .query(&[("month", &month)])
            .send()
            .await
            .unwrap(),
    )
    .await;
    let hours_column = entries[0].iter().position(|c| c == "Timer").unwrap();
    let start_column = entries[0].iter().position(|c| c == "Fra kl.").unwrap();
    let starts: Vec<&str> = entries[1..].iter().map(|row| row[start_column].as_str()).collect();
    assert!(starts.contains(&"16:00") && starts.contains(&"20:00"), "{starts:?}");
    let entered: i64 = entries[1..]
        .iter()
        .filter(|row| !row[3].starts_with("Sum "))
        .map(|row| minutes(&row[hours_column]))
        .sum();
    let counted: i64 =
        sheet["people"].as_array().unwrap().iter().map(|p| p["minutes"].as_i64().unwrap()).sum();
    assert_eq!((entered, counted), (69 * 60, 69 * 60));

    // The payroll file: five rows a person.
    let payroll = csv_rows(
        office
            .request(Method::GET, "/api/admin/time/payroll")
            .query(&[("month", &month)])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(payroll[0], ["Måned", "Person", "Type", "Timer"]);
    // (Every test user is called "Test Bruker": the rows are told apart by their kind.)
    assert_eq!(payroll.len(), 1 + 5 * 2, "{payroll:?}");
    let sum = |kind: &str| -> i64 {
        payroll[1..].iter().filter(|row| row[2] == kind).map(|row| minutes(&row[3])).sum()
    };
    assert_eq!(payroll[1][0], fagfolk_data::oslo::month(first));
    assert_eq!(
        (sum("Ordinær tid"), sum("Overtid"), sum("Tilleggsarbeid (med i timene over)")),
        (56 * 60, 13 * 60, 7 * 60)
    );
    assert_eq!(sum("Kveld og natt (tillegg)"), 9 * 60);
    let refused = kari
        .request(Method::GET, "/api/admin/time/payroll")
        .query(&[("month", &month)])
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    // A montør sees her own month only.
    let hers: Value = kari.get_json("/api/admin/time/month", &[("month", &month)]).await;
    assert_eq!(hers["people"].as_array().unwrap().len(), 1);
    assert_eq!(hers["people"][0]["user_id"], kari_id.to_string());

    // The firm's agreement: 7.5 hours a day, 37.5 a week, the evening from 17:00.
    let mut settings: Value = office.get("/api/admin/settings").await.json().await.unwrap();
    settings["working_time"] = json!({"day_minutes": 0, "week_minutes": 2250});
    let bad = office.send(Method::PUT, "/api/admin/settings", &settings).await;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let bad: Value = bad.json().await.unwrap();
    assert_eq!(
        bad["fields"]["working_time.day_minutes"],
        "Normal arbeidstid per dag må være mellom 1 og 24 timer."
    );
    settings["working_time"] = json!({"day_minutes": 450, "week_minutes": 2250, "evening_from": 11 * 60});
    let bad: Value = office.send(Method::PUT, "/api/admin/settings", &settings).await.json().await.unwrap();
    assert_eq!(bad["fields"]["working_time.evening_from"], "Kvelden må begynne mellom kl. 12:00 og 23:59.");
    settings["working_time"] = json!({"day_minutes": 450, "week_minutes": 2250, "evening_from": 17 * 60});
    assert_eq!(office.send(Method::PUT, "/api/admin/settings", &settings).await.status(), StatusCode::OK);
    let agreed: Value = office.get_json("/api/admin/time/month", &[("month", &month)]).await;
    let kari_agreed = person(&agreed, kari_id);
    assert_eq!((&kari_agreed["ordinary"], &kari_agreed["overtime"]), (&json!(2250), &json!(50 * 60 - 2250)));
    // Monday's tenth hour from 07:00 ends at 17:00: still not evening. Per's from 16:00: six.
    assert_eq!((&kari_agreed["evening"], &person(&agreed, per_id)["evening"]), (&json!(240), &json!(360)));

    // Approved: the montører can no longer change the month; the office can.
    let path = "/api/admin/time/month/approval";
    assert_eq!(kari.send(Method::POST, path, &json!({"month": month})).await.status(), StatusCode::FORBIDDEN);
    let approved = office.send(Method::POST, path, &json!({"month": month})).await;
    assert_eq!(approved.status(), StatusCode::CREATED);
    let again = office.send(Method::POST, path, &json!({"month": month})).await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    let name = fagfolk_data::oslo::month(first);
    assert_eq!(message(again).await, format!("Timene for {name} er godkjent allerede."));
    let locked = format!(
        "Timene for {name} er godkjent av kontoret og kan ikke endres lenger. Be kontoret om å rette dem."
    );
    let late = add(&kari, &job, monday + Duration::days(7), 2, false).await;
    assert_eq!(late.status(), StatusCode::CONFLICT);
    assert_eq!(message(late).await, locked);
    let entry_path = format!("/api/admin/time/{}", karis[0]);
    let changed = kari.send(Method::PUT, &entry_path, &json!({"minutes": 480})).await;
    assert_eq!((changed.status(), message(changed).await), (StatusCode::CONFLICT, locked.clone()));
    let gone = kari.send(Method::DELETE, &entry_path, &json!({})).await;
    assert_eq!(gone.status(), StatusCode::CONFLICT);
    let still: Value = office.get_json("/api/admin/time/month", &[("month", &month)]).await;
    assert_eq!(person(&still, kari_id)["minutes"], 50 * 60, "nothing was lost or added");
    assert_eq!(still["approved"]["approved_by"], "Test Bruker");
    let by_office = office.send(Method::PUT, &entry_path, &json!({"minutes": 540})).await;
    assert_eq!(by_office.status(), StatusCode::OK);
    let kept: Value = by_office.json().await.unwrap();
    assert_eq!(kept["starts_at"], 7 * 60, "a change that leaves out the start keeps it");
    let cleared: Value =
        office.send(Method::PUT, &entry_path, &json!({"starts_at": null})).await.json().await.unwrap();
    assert_eq!((&cleared["starts_at"], &cleared["minutes"]), (&Value::Null, &json!(540)));
    let log = audit_entries(&app).await;
    let (action, entity, _, by, changes) = log.iter().find(|e| e.0 == "approve").unwrap();
    assert_eq!(
        (action.as_str(), entity.as_str(), by.as_deref()),
        ("approve", "time_entries", Some("admin@fagfolk.test"))
    );
    assert_eq!(changes.as_ref().unwrap()["after"]["month"], month.as_str());

    // Opened again, she can write.
    let reopen = office.request(Method::DELETE, path).query(&[("month", &month)]).send().await.unwrap();
    assert_eq!(reopen.status(), StatusCode::NO_CONTENT);
    assert_eq!(add(&kari, &job, monday + Duration::days(7), 2, false).await.status(), StatusCode::CREATED);
    let twice = office.request(Method::DELETE, path).query(&[("month", &month)]).send().await.unwrap();
    assert_eq!(twice.status(), StatusCode::NOT_FOUND);
    assert!(audit_entries(&app).await.iter().any(|e| e.0 == "reopen"));

    // Someone who is not a montør, with hours only on a day of last month, is not listed in
    // this month, though the month's first week (read for its overtime) reaches back into
    // last month. (When this month begins on a Monday the week does not reach back.)
    let last_day = today.with_day(1).unwrap() - Duration::days(1);
    assert_eq!(add(&office, &job, last_day, 3, false).await.status(), StatusCode::CREATED);
    let this_month: Value =
        office.get_json("/api/admin/time/month", &[("month", &today.format("%Y-%m").to_string())]).await;
    let mut listed: Vec<String> = this_month["people"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["user_id"].as_str().unwrap().to_owned())
        .collect();
    listed.sort();
    let mut montors = vec![kari_id.to_string(), per_id.to_string()];
    montors.sort();
    assert_eq!(listed, montors, "only the montører, each listed though without hours");

    let bad_month = office.send(Method::POST, path, &json!({"month": "2099-01"})).await;
    assert_eq!(bad_month.status(), StatusCode::UNPROCESSABLE_ENTITY);
    crate::helpers::job_sums_add_up(&app).await;
}

/// A montør renamed during the month is one person under the name they have now, with the
/// hours written under both names; one deleted since keeps the name the hours were written
/// under, without an id.
async fn a_renamed_person_is_one_person_and_a_deleted_one_keeps_their_name(app: TestApp) {
    let Firm { office, kari: (kari_id, kari), per: (per_id, per), job } = firm(&app).await;
    let today = app.state.clock.today();
    let first = today.with_day(1).unwrap().checked_sub_months(Months::new(1)).unwrap();
    let month = first.format("%Y-%m").to_string();
    let rename = |id: uuid::Uuid, name: &'static str| {
        let office = &office;
        async move {
            let renamed =
                office.send(Method::PUT, &format!("/api/admin/users/{id}"), &json!({"name": name})).await;
            assert_eq!(renamed.status(), StatusCode::OK);
        }
    };
    rename(kari_id, "Kari Berg").await;
    rename(per_id, "Per Dahl").await;
    // Kari: 3 hours on the 2nd and 5 on the 3rd as Kari Berg, the same days again as Kari Ås.
    for (day, hours) in [(1, 3), (2, 5)] {
        assert_eq!(
            add(&kari, &job, first + Duration::days(day), hours, false).await.status(),
            StatusCode::CREATED
        );
    }
    rename(kari_id, "Kari Ås").await;
    for (day, hours) in [(1, 2), (3, 4)] {
        assert_eq!(
            add(&kari, &job, first + Duration::days(day), hours, true).await.status(),
            StatusCode::CREATED
        );
    }
    assert_eq!(add(&per, &job, first + Duration::days(4), 6, false).await.status(), StatusCode::CREATED);
    let deleted = office.delete(&format!("/api/admin/users/{per_id}")).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);

    let sheet: Value = office.get_json("/api/admin/time/month", &[("month", &month)]).await;
    let people = sheet["people"].as_array().unwrap();
    let karis: Vec<&Value> = people.iter().filter(|p| p["user_id"] == kari_id.to_string()).collect();
    assert_eq!(karis.len(), 1, "{people:?}");
    let kari_month = karis[0];
    assert_eq!(kari_month["name"], "Kari Ås");
    assert_eq!(
        (&kari_month["minutes"], &kari_month["extra"], &kari_month["days"]),
        (&json!(14 * 60), &json!(6 * 60), &json!(3))
    );
    let pers: Vec<&Value> = people.iter().filter(|p| p["name"] == "Per Dahl").collect();
    assert_eq!(pers.len(), 1, "{people:?}");
    assert_eq!((&pers[0]["user_id"], &pers[0]["minutes"]), (&Value::Null, &json!(6 * 60)));
}

/// The office enters a montør's hours (one without a phone, a correction at month end,
/// #75): they are the montør's in the month, the week and the payroll, the log says who
/// entered them; in an approved month too. A montør may name only themselves, and the office
/// only an active user; a retry of the same id is answered as stored.
async fn the_office_enters_hours_for_someone_without_a_phone(app: TestApp) {
    let Firm { office, kari: (kari_id, kari), per: (per_id, _), job } = firm(&app).await;
    let today = app.state.clock.today();
    let first = (today.with_day(1).unwrap()).checked_sub_months(Months::new(1)).unwrap();
    let month = first.format("%Y-%m").to_string();
    let day =
        (0..7).map(|n| first + Duration::days(n)).find(|d| d.weekday() == chrono::Weekday::Tue).unwrap();
    let id = uuid::Uuid::now_v7().to_string();
    let body = json!({"id": id, "job_id": job, "day": day.to_string(), "minutes": 450, "user_id": kari_id, "note": "Ført av kontoret"});
    let made = office.send(Method::POST, "/api/admin/time", &body).await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let made: Value = made.json().await.unwrap();
    assert_eq!(made["user_id"].as_str(), Some(kari_id.to_string().as_str()));
    // Sent again after a lost answer: the same entry, not a second.
    let again = office.send(Method::POST, "/api/admin/time", &body).await;
    assert_eq!(again.status(), StatusCode::OK);
    // Kari sees it in her week; the month counts it as hers.
    let week: Value = kari.get_json("/api/admin/work/week", &[("day", &day.to_string())]).await;
    assert_eq!(week["entries"].as_array().unwrap().len(), 1, "{week}");
    let sheet: Value = office.get_json("/api/admin/time/month", &[("month", &month)]).await;
    let karis =
        sheet["people"].as_array().unwrap().iter().find(|p| p["user_id"] == kari_id.to_string()).unwrap();
    assert_eq!(karis["minutes"], 450);
    let entry = audit_entries(&app).await.into_iter().find(|entry| entry.1 == "time_entries").unwrap();
    assert_eq!((entry.0.as_str(), entry.2.as_deref()), ("create", made["id"].as_str()));
    assert_eq!(entry.3.as_deref(), Some("admin@fagfolk.test"), "the log says the office entered them");

    // A montør may not enter hours as someone else: refused, nothing written.
    let as_per = json!({"job_id": job, "day": day.to_string(), "minutes": 60, "user_id": per_id});
    let refused = kari.send(Method::POST, "/api/admin/time", &as_per).await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    assert_eq!(message(refused).await, "Bare kontoret kan føre timer for andre.");
    // Nor may the office name someone who is no user.
    let nobody =
        json!({"job_id": job, "day": day.to_string(), "minutes": 60, "user_id": uuid::Uuid::now_v7()});
    let refused = office.send(Method::POST, "/api/admin/time", &nobody).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let refused: Value = refused.json().await.unwrap();
    assert_eq!(refused["fields"]["user_id"], "Velg en aktiv bruker.", "{refused}");

    // Approved, the month is still the office's to correct for her.
    let approved =
        office.send(Method::POST, "/api/admin/time/month/approval", &json!({"month": month})).await;
    assert_eq!(approved.status(), StatusCode::CREATED);
    let late = json!({"job_id": job, "day": (day + Duration::days(1)).to_string(), "minutes": 120, "user_id": kari_id});
    assert_eq!(office.send(Method::POST, "/api/admin/time", &late).await.status(), StatusCode::CREATED);
    let sheet: Value = office.get_json("/api/admin/time/month", &[("month", &month)]).await;
    let karis =
        sheet["people"].as_array().unwrap().iter().find(|p| p["user_id"] == kari_id.to_string()).unwrap();
    assert_eq!(karis["minutes"], 570);
    app.stop().await;
}
