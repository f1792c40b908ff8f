//! Planning (#63) on SQLite and PostgreSQL: the office plans a job over days for two
//! people, the board shows it beside befaringer and days away and names each clash
//! (two jobs a day, a befaring during a job elsewhere, more than the ordinary day, a day
//! away) until it is resolved; a day moved and removed, each in the audit log; bad input
//! refused in Norwegian with nothing written; a montør sees only their own plan; and 20
//! moves of one planned day at once leave one consistent plan.

use chrono::{Duration, NaiveDate};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::fixtures::{message, montor};
use crate::helpers::{Session, TestApp, audit_entries};

crate::db_tests!(
    the_office_plans_two_people_and_resolves_each_clash,
    twenty_moves_at_once_leave_one_plan,
    planned_days_are_in_the_calendar_feeds_across_the_change_to_winter_time,
    the_board_kept_goes_with_a_change_made_elsewhere,
    a_weeks_ferie_is_one_entry_and_names_the_jobs_to_move,
    a_day_after_the_jobs_last_day_is_flagged,
    a_missing_field_is_answered_under_it_in_norwegian
);

/// A job on a new lead, named `title`, at `address`.
async fn job(office: &Session, customer: &str, address: &str, title: &str) -> (String, String) {
    let lead = crate::helpers::create_lead(
        office,
        json!({"name": customer, "phone": "912 34 567", "adresse": address}),
    )
    .await;
    let lead_id = lead["id"].as_str().unwrap().to_owned();
    let made = office
        .send(
            Method::POST,
            &format!("/api/admin/leads/{lead_id}/jobs"),
            &json!({"title": title, "hourly_rate": 85_000}),
        )
        .await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let made: Value = made.json().await.unwrap();
    (made["id"].as_str().unwrap().to_owned(), lead_id)
}

/// A montør with a name.
async fn named(app: &TestApp, office: &Session, email: &str, name: &str) -> (uuid::Uuid, Session) {
    let (id, session) = montor(app, email).await;
    let renamed = office.send(Method::PUT, &format!("/api/admin/users/{id}"), &json!({"name": name})).await;
    assert_eq!(renamed.status(), StatusCode::OK);
    (id, session)
}

/// `who`'s cell on `day` of a board.
fn cell(board: &Value, who: uuid::Uuid, day: NaiveDate) -> &Value {
    let row = board["people"].as_array().unwrap().iter().find(|row| row["user_id"] == who.to_string());
    let row = row.unwrap_or_else(|| panic!("{who} is not on the board: {board}"));
    row["cells"].as_array().unwrap().iter().find(|cell| cell["day"] == day.to_string()).unwrap()
}

/// The kinds of clash in a cell.
fn clashes(cell: &Value) -> Vec<String> {
    cell["conflicts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|found| found["kind"].as_str().unwrap().to_owned())
        .collect()
}

async fn the_office_plans_two_people_and_resolves_each_clash(app: TestApp) {
    let office = app.admin().await;
    let (kari, kari_session) = named(&app, &office, "kari@fagfolk.test", "Kari Nordmann").await;
    let (per, _) = named(&app, &office, "per@fagfolk.test", "Per Olsen").await;
    let (bath, _) = job(&office, "Liv Lie", "Storgata 1", "Nytt bad").await;
    let (heating, heating_lead) = job(&office, "Åse Ødegård", "Kirkeveien 2", "Varmekabler").await;
    let monday = app.state.clock.today() + Duration::days(7);
    let board_path = format!("/api/admin/plan?from={monday}");

    // Before: both jobs wait in the list beside the board.
    let board: Value = office.get_json(&board_path, &[]).await;
    let waiting: Vec<&str> =
        board["unplanned"].as_array().unwrap().iter().map(|job| job["title"].as_str().unwrap()).collect();
    assert_eq!(waiting, ["Nytt bad", "Varmekabler"]);
    assert_eq!(board["days"].as_array().unwrap().len(), 7);

    // The bath over three days for both, from 07:30.
    let plan = json!({"job_id": bath, "user_ids": [kari, per], "from": monday, "to": monday + Duration::days(2), "starts_at": "07:30"});
    let planned = office.send(Method::POST, "/api/admin/plan-days", &plan).await;
    assert_eq!(planned.status(), StatusCode::CREATED);
    let planned: Value = planned.json().await.unwrap();
    assert_eq!(planned.as_array().unwrap().len(), 6);
    // Planned again over one more day: only the new day is written.
    let more = json!({"job_id": bath, "user_ids": [kari], "from": monday + Duration::days(2), "to": monday + Duration::days(3)});
    let more: Value = office.send(Method::POST, "/api/admin/plan-days", &more).await.json().await.unwrap();
    assert_eq!(more.as_array().unwrap().len(), 1);
    // Both now work on the bath: it is among Kari's jobs on "Mine oppdrag", for her hours.
    let page: Value = office.get_json(&format!("/api/admin/jobs/{bath}"), &[]).await;
    let mut workers: Vec<String> = page["workers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["user_id"].as_str().unwrap().to_owned())
        .collect();
    workers.sort();
    let mut expected = vec![kari.to_string(), per.to_string()];
    expected.sort();
    assert_eq!(workers, expected);
    let week: Value = kari_session.get_json("/api/admin/work/week", &[]).await;
    assert!(week["jobs"].as_array().unwrap().iter().any(|job| job["id"] == bath.as_str()), "{week}");

    let board: Value = office.get_json(&board_path, &[]).await;
    let tuesday = cell(&board, kari, monday + Duration::days(1));
    assert_eq!(tuesday["plans"][0]["job_title"], "Nytt bad");
    assert_eq!(tuesday["plans"][0]["customer_address"], "Storgata 1");
    assert_eq!(tuesday["plans"][0]["starts_at"], 450);
    assert!(clashes(tuesday).is_empty(), "{tuesday}");
    let waiting: Vec<&str> =
        board["unplanned"].as_array().unwrap().iter().map(|job| job["title"].as_str().unwrap()).collect();
    assert_eq!(waiting, ["Varmekabler"]);

    // Clash: Kari on the heating job on Tuesday too, all day.
    let second = json!({"job_id": heating, "user_ids": [kari], "from": monday + Duration::days(1)});
    let second: Value =
        office.send(Method::POST, "/api/admin/plan-days", &second).await.json().await.unwrap();
    let heating_day = second[0]["id"].as_str().unwrap().to_owned();
    // Clash: Per away on Monday.
    let away = json!({"user_id": per, "day": monday, "kind": "ferie"});
    assert_eq!(office.send(Method::PUT, "/api/admin/absences", &away).await.status(), StatusCode::OK);
    // Clash: a befaring for Per on Wednesday at 10:00 at another customer.
    let visit = json!({"day": (monday + Duration::days(2)).to_string(), "start": "10:00", "minutes": 60, "staff_id": per, "note": ""});
    let booked = office.send(Method::POST, &format!("/api/admin/leads/{heating_lead}/visits"), &visit).await;
    assert_eq!(booked.status(), StatusCode::CREATED);

    let board: Value = office.get_json(&board_path, &[]).await;
    let tuesday = cell(&board, kari, monday + Duration::days(1));
    assert_eq!(clashes(tuesday), ["two_jobs", "over_day"]);
    assert_eq!(tuesday["conflicts"][0]["text"], "Kari Nordmann har 2 oppdrag denne dagen.");
    let monday_per = cell(&board, per, monday);
    assert_eq!(monday_per["absence"], "ferie");
    assert_eq!(monday_per["conflicts"][0]["text"], "Per Olsen har ferie, men er planlagt denne dagen.");
    let wednesday_per = cell(&board, per, monday + Duration::days(2));
    assert_eq!(wednesday_per["visits"][0]["start"], "10:00");
    assert_eq!(clashes(wednesday_per), ["visit_during_job", "over_day"]);
    assert_eq!(wednesday_per["conflicts"][0]["text"], "Befaring kl. 10:00 mens Per Olsen er på «Nytt bad».");

    // Resolved: the heating job moved to Friday, Per's day away taken back, his Wednesday
    // on the bath removed.
    let friday = monday + Duration::days(4);
    let moved = office
        .send(Method::PUT, &format!("/api/admin/plan-days/{heating_day}"), &json!({"day": friday}))
        .await;
    assert_eq!(moved.status(), StatusCode::OK);
    let moved: Value = moved.json().await.unwrap();
    assert_eq!(
        (moved["day"].as_str(), moved["sequence"].as_i64()),
        (Some(friday.to_string().as_str()), Some(1))
    );
    let cleared = office.delete(&format!("/api/admin/absences?user_id={per}&day={monday}")).await;
    assert_eq!(cleared.status(), StatusCode::NO_CONTENT);
    let per_wednesday = planned
        .as_array()
        .unwrap()
        .iter()
        .find(|day| {
            day["user_id"] == per.to_string() && day["day"] == (monday + Duration::days(2)).to_string()
        })
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        office.delete(&format!("/api/admin/plan-days/{per_wednesday}")).await.status(),
        StatusCode::NO_CONTENT
    );
    let again = office.delete(&format!("/api/admin/plan-days/{per_wednesday}")).await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    assert_eq!(message(again).await, "Den planlagte dagen er fjernet.");
    let board: Value = office.get_json(&board_path, &[]).await;
    for day in 0..7 {
        for who in [kari, per] {
            let found = cell(&board, who, monday + Duration::days(day));
            assert!(clashes(found).is_empty(), "{found}");
        }
    }
    assert_eq!(cell(&board, kari, friday)["plans"][0]["job_title"], "Varmekabler");
    assert!(cell(&board, per, monday + Duration::days(2))["plans"].as_array().unwrap().is_empty());

    // Moved onto a day Kari already has on the bath: refused, nothing changed.
    let kari_monday =
        planned.as_array().unwrap().iter().find(|day| day["user_id"] == kari.to_string()).unwrap();
    let onto = json!({"day": monday + Duration::days(1)});
    let taken = office
        .send(Method::PUT, &format!("/api/admin/plan-days/{}", kari_monday["id"].as_str().unwrap()), &onto)
        .await;
    assert_eq!(taken.status(), StatusCode::CONFLICT);
    assert_eq!(message(taken).await, "Personen er allerede planlagt på dette oppdraget den dagen.");

    // Bad input: a clear Norwegian error under its field, nothing written.
    let before: Value = office.get_json(&board_path, &[]).await;
    for (body, field, text) in [
        (
            json!({"job_id": bath, "user_ids": [kari], "from": monday, "to": monday - Duration::days(1)}),
            "to",
            "Siste dag kan ikke være før første dag.",
        ),
        (
            json!({"job_id": bath, "user_ids": [kari], "from": monday, "to": monday + Duration::days(31)}),
            "to",
            "Planlegg høyst 31 dager om gangen.",
        ),
        (
            json!({"job_id": bath, "user_ids": [kari], "from": monday, "starts_at": "25:00"}),
            "starts_at",
            "Skriv klokkeslettet som 07:30.",
        ),
        (
            json!({"job_id": bath, "user_ids": [kari], "from": monday, "starts_at": "22:00", "minutes": 180}),
            "starts_at",
            "Dagen kan ikke gå over midnatt.",
        ),
        (json!({"job_id": bath, "user_ids": [], "from": monday}), "user_ids", "Velg minst én person."),
        (
            json!({"job_id": bath, "user_ids": [uuid::Uuid::now_v7()], "from": monday}),
            "user_ids",
            "Velg personer som finnes.",
        ),
    ] {
        let refused = office.send(Method::POST, "/api/admin/plan-days", &body).await;
        assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let refused: Value = refused.json().await.unwrap();
        assert_eq!(refused["fields"][field], text, "{body}");
    }
    let fortnight = office.get(&format!("{board_path}&days=10")).await;
    assert_eq!(fortnight.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let fortnight: Value = fortnight.json().await.unwrap();
    assert_eq!(fortnight["fields"]["days"], "Velg 7 eller 14 dager.");
    assert_eq!(office.get_json(&board_path, &[]).await["people"], before["people"], "nothing written");

    // A montør sees her own plan only, and plans nothing.
    assert_eq!(kari_session.get(&board_path).await.status(), StatusCode::FORBIDDEN);
    let refused = kari_session.send(Method::POST, "/api/admin/plan-days", &plan).await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let mine: Value =
        kari_session.get_json(&format!("/api/admin/plan/mine?from={monday}&days=14"), &[]).await;
    assert_eq!(mine["people"].as_array().unwrap().len(), 1);
    assert_eq!(mine["people"][0]["name"], "Kari Nordmann");
    assert_eq!(mine["days"].as_array().unwrap().len(), 14);
    assert_eq!(cell(&mine, kari, monday)["plans"][0]["job_title"], "Nytt bad");
    assert!(mine["unplanned"].as_array().unwrap().is_empty());

    // The log: planned twice and again, moved, taken back, removed; nothing for the refusals.
    let entries = audit_entries(&app).await;
    let plan_entries: Vec<(&str, &str)> = entries
        .iter()
        .filter(|(_, entity, ..)| entity == "plan_days" || entity == "absences")
        .map(|(action, entity, ..)| (action.as_str(), entity.as_str()))
        .collect();
    assert_eq!(
        plan_entries,
        [
            ("delete", "plan_days"),
            ("delete", "absences"),
            ("update", "plan_days"),
            ("create", "absences"),
            ("create", "plan_days"),
            ("create", "plan_days"),
            ("create", "plan_days"),
        ]
    );
    let first = entries.iter().rev().find(|(_, entity, ..)| entity == "plan_days").unwrap();
    let after = &first.4.as_ref().unwrap()["after"];
    assert_eq!(
        (after["people"].as_str(), after["job_title"].as_str()),
        (Some("Kari Nordmann, Per Olsen"), Some("Nytt bad"))
    );
}

async fn twenty_moves_at_once_leave_one_plan(app: TestApp) {
    let office = app.admin().await;
    let (kari, _) = named(&app, &office, "kari@fagfolk.test", "Kari Nordmann").await;
    let (bath, _) = job(&office, "Liv Lie", "Storgata 1", "Nytt bad").await;
    let first = app.state.clock.today() + Duration::days(1);
    let plan = json!({"job_id": bath, "user_ids": [kari], "from": first});
    let planned: Value = office.send(Method::POST, "/api/admin/plan-days", &plan).await.json().await.unwrap();
    let id = planned[0]["id"].as_str().unwrap().to_owned();
    let path = format!("/api/admin/plan-days/{id}");
    let days: Vec<NaiveDate> = (1..=20).map(|n| first + Duration::days(n)).collect();
    let bodies: Vec<Value> = days.iter().map(|day| json!({"day": day, "starts_at": "08:00"})).collect();
    let moves = bodies.iter().map(|body| office.send(Method::PUT, &path, body));
    for answer in futures::future::join_all(moves).await {
        assert_eq!(answer.status(), StatusCode::OK);
    }
    let board: Value = office.get_json(&format!("/api/admin/plan?from={}&days=14", first), &[]).await;
    let board_later: Value =
        office.get_json(&format!("/api/admin/plan?from={}&days=14", first + Duration::days(14)), &[]).await;
    let found: Vec<&Value> = [&board, &board_later]
        .iter()
        .flat_map(|board| board["people"].as_array().unwrap().iter())
        .filter(|row| row["user_id"] == kari.to_string())
        .flat_map(|row| row["cells"].as_array().unwrap().iter())
        .flat_map(|cell| cell["plans"].as_array().unwrap().iter())
        .collect();
    assert_eq!(found.len(), 1, "one planned day, wherever the last move put it");
    assert_eq!(found[0]["id"], id.as_str());
    assert_eq!(found[0]["sequence"], 20, "each move raised the sequence once");
    assert!(days.iter().any(|day| found[0]["day"] == day.to_string()));
    let updates = audit_entries(&app)
        .await
        .into_iter()
        .filter(|(action, entity, ..)| action == "update" && entity == "plan_days");
    assert_eq!(updates.count(), 20);
}

/// What Python's `icalendar` reads in a feed: each event's UID, summary, start, end (a
/// moment in UTC, or a day), sequence, status and description, by start.
fn feed_events(text: &str) -> Vec<Value> {
    const READ: &str = r#"
import json, sys, icalendar
cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
print(json.dumps({"events": sorted([{
    "uid": str(e["UID"]), "summary": str(e["SUMMARY"]), "start": e.decoded("DTSTART").isoformat(),
    "end": e.decoded("DTEND").isoformat(), "sequence": int(e.get("SEQUENCE", 0)), "status": str(e.get("STATUS")),
    "description": str(e.get("DESCRIPTION", "")), "location": str(e.get("LOCATION", "")),
} for e in cal.walk("VEVENT")], key=lambda e: (e["start"], e["uid"]))}))
"#;
    crate::invitations::written_by_us(text);
    crate::visits::python(READ, text)["events"].as_array().unwrap().clone()
}

/// Makes `session`'s feed of `scope` and reads it as a phone's calendar does.
async fn subscribe(app: &TestApp, session: &Session, scope: &str) -> String {
    let made = session.send(Method::POST, "/api/admin/calendar-feeds", &json!({ "scope": scope })).await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let made: Value = made.json().await.unwrap();
    let url = made["url"].as_str().unwrap();
    url[url.find("/kalender/").unwrap()..].to_owned().replace("/kalender/", &app.url("/kalender/"))
}

async fn planned_days_are_in_the_calendar_feeds_across_the_change_to_winter_time(app: TestApp) {
    let office = app.admin().await;
    let (kari, kari_session) = named(&app, &office, "kari@fagfolk.test", "Kari Nordmann").await;
    let (bath, _) = job(&office, "Liv Lie", "Storgata 1", "Nytt bad").await;
    // A montør subscribes to her own plan; the office to everyone's.
    let (mine, everyone) =
        (subscribe(&app, &kari_session, "own").await, subscribe(&app, &office, "all").await);
    let read = |url: String| async move {
        let response = reqwest::get(&url).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        feed_events(&response.text().await.unwrap())
    };

    // Saturday to Monday around the last Sunday of October, from 07:30 for eight hours, and
    // the Tuesday all day.
    let sunday = crate::helpers::next_last_sunday(10);
    let (saturday, monday, tuesday) =
        (sunday - Duration::days(1), sunday + Duration::days(1), sunday + Duration::days(2));
    let plan = json!({"job_id": bath, "user_ids": [kari], "from": saturday, "to": monday, "starts_at": "07:30", "minutes": 480});
    let planned: Value = office.send(Method::POST, "/api/admin/plan-days", &plan).await.json().await.unwrap();
    let all_day = json!({"job_id": bath, "user_ids": [kari], "from": tuesday});
    assert_eq!(
        office.send(Method::POST, "/api/admin/plan-days", &all_day).await.status(),
        StatusCode::CREATED
    );
    let id_of = |day: NaiveDate| {
        planned.as_array().unwrap().iter().find(|found| found["day"] == day.to_string()).unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned()
    };

    let events = read(mine.clone()).await;
    let starts: Vec<&str> = events.iter().map(|event| event["start"].as_str().unwrap()).collect();
    // Summer time (UTC+2) on Saturday, winter time (UTC+1) from Sunday: 07:30 in Oslo each day.
    assert_eq!(
        starts,
        [
            format!("{saturday}T05:30:00+00:00"),
            format!("{sunday}T06:30:00+00:00"),
            format!("{monday}T06:30:00+00:00"),
            tuesday.to_string(),
        ]
    );
    assert_eq!(events[0]["end"], format!("{saturday}T13:30:00+00:00"));
    assert_eq!(events[3]["end"], (tuesday + Duration::days(1)).to_string(), "all day: to the next day");
    assert_eq!(events[0]["summary"], "Nytt bad: Liv Lie");
    assert_eq!(events[0]["location"], "Storgata 1");
    assert!(events[0]["description"].as_str().unwrap().contains("Telefon: 912 34 567"), "{}", events[0]);
    assert!(
        events[0]["uid"].as_str().unwrap().starts_with(&format!("oppdrag-{}@", id_of(saturday))),
        "{}",
        events[0]
    );
    assert!(events.iter().all(|event| event["sequence"] == 0 && event["status"] == "CONFIRMED"));

    // Monday moved to Wednesday: the same event, one higher. Saturday removed: cancelled.
    let wednesday = sunday + Duration::days(3);
    let moved = office
        .send(Method::PUT, &format!("/api/admin/plan-days/{}", id_of(monday)), &json!({"day": wednesday}))
        .await;
    assert_eq!(moved.status(), StatusCode::OK);
    assert_eq!(
        office.delete(&format!("/api/admin/plan-days/{}", id_of(saturday))).await.status(),
        StatusCode::NO_CONTENT
    );
    for url in [mine, everyone] {
        let events = read(url).await;
        let of = |id: String| {
            events.iter().find(|event| event["uid"].as_str().unwrap().contains(&id)).unwrap().clone()
        };
        let moved = of(id_of(monday));
        assert_eq!(
            (moved["start"].as_str(), moved["sequence"].as_i64()),
            (Some(format!("{wednesday}T06:30:00+00:00").as_str()), Some(1))
        );
        let removed = of(id_of(saturday));
        assert_eq!((removed["status"].as_str(), removed["sequence"].as_i64()), (Some("CANCELLED"), Some(1)));
        assert_eq!(of(id_of(sunday))["status"], "CONFIRMED");
    }
}

/// The office's board is kept while nothing is committed (src/http/kept.rs): a day away
/// written straight into the database, as another instance would, shows at once.
async fn the_board_kept_goes_with_a_change_made_elsewhere(app: TestApp) {
    let office = app.admin().await;
    let (kari, _) = named(&app, &office, "kari@fagfolk.test", "Kari Nordmann").await;
    let monday = app.state.clock.today() + Duration::days(7);
    let path = format!("/api/admin/plan?from={monday}");
    let before: Value = office.get_json(&path, &[]).await;
    assert_eq!(cell(&before, kari, monday)["absence"], Value::Null);
    assert_eq!(office.get_json(&path, &[]).await, before, "the same answer while nothing changes");
    // The day as a literal: the database's own clock may be on another day than Oslo's.
    let new_id = match &app.state.db {
        fagfolk::db::Db::Sqlite(_) => "id",
        fagfolk::db::Db::Postgres(_) => "gen_random_uuid()",
    };
    let sql: &'static str = Box::leak(
        format!(
            "INSERT INTO absences (id, user_id, day, kind, created_by, created_at) \
             SELECT {new_id}, id, '{monday}', 'kurs', 'Verktøy', created_at FROM admin_users WHERE id = $1"
        )
        .into_boxed_str(),
    );
    crate::kept::elsewhere(&app.state.db, sql, &kari.to_string()).await;
    let after: Value = office.get_json(&path, &[]).await;
    assert_eq!(cell(&after, kari, monday)["absence"], "kurs");
}

/// A week's ferie is one request: seven days written in one transaction with one audit
/// entry, the answer naming the jobs the person is planned on in them (still planned until
/// the office moves them, which it does with the ordinary move). Bad spans are refused in
/// Norwegian with nothing written; a span is taken back in one go; one day still works.
async fn a_weeks_ferie_is_one_entry_and_names_the_jobs_to_move(app: TestApp) {
    let office = app.admin().await;
    let (kari, _) = named(&app, &office, "kari@fagfolk.test", "Kari Nordmann").await;
    let (per, _) = named(&app, &office, "per@fagfolk.test", "Per Olsen").await;
    let (bath, _) = job(&office, "Liv Lie", "Storgata 1", "Nytt bad").await;
    let monday = NaiveDate::from_ymd_opt(2031, 6, 23).unwrap();
    let sunday = monday + Duration::days(6);
    let plan = json!({"job_id": bath, "user_ids": [kari], "from": monday + Duration::days(1), "to": monday + Duration::days(2)});
    let planned: Value = office.send(Method::POST, "/api/admin/plan-days", &plan).await.json().await.unwrap();
    let entries_before = audit_entries(&app).await.len();

    // Refused: the last day before the first, more than two months, another year; nothing kept.
    for (body, field, text) in [
        (
            json!({"user_id": kari, "day": sunday, "to": monday, "kind": "ferie"}),
            "to",
            "Siste fraværsdag kan ikke være før første.",
        ),
        (
            json!({"user_id": kari, "day": "2031-06-01", "to": "2031-08-02", "kind": "ferie"}),
            "to",
            "Før høyst 62 dager fravær om gangen.",
        ),
        (
            json!({"user_id": kari, "day": "1999-12-31", "to": "2000-01-01", "kind": "ferie"}),
            "day",
            "Velg en dag mellom år 2000 og 9999.",
        ),
    ] {
        let refused = office.send(Method::PUT, "/api/admin/absences", &body).await;
        assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let refused: Value = refused.json().await.unwrap();
        assert_eq!(refused["fields"][field], text, "{body}");
    }
    assert_eq!(app.count("absences").await, 0);
    assert_eq!(audit_entries(&app).await.len(), entries_before);

    // The week, Monday to Sunday: seven days, one entry, the two planned days named.
    let week = json!({"user_id": kari, "day": monday, "to": sunday, "kind": "ferie"});
    let saved = office.send(Method::PUT, "/api/admin/absences", &week).await;
    assert_eq!(saved.status(), StatusCode::OK);
    let saved: Value = saved.json().await.unwrap();
    assert_eq!(
        (saved["day"].as_str(), saved["kind"].as_str()),
        (Some(monday.to_string().as_str()), Some("ferie"))
    );
    assert_eq!((saved["to"].as_str(), saved["days"].as_i64()), (Some(sunday.to_string().as_str()), Some(7)));
    let named_jobs: Vec<(&str, &str)> = saved["planned"]
        .as_array()
        .unwrap()
        .iter()
        .map(|day| (day["job_title"].as_str().unwrap(), day["day"].as_str().unwrap()))
        .collect();
    assert_eq!(named_jobs, [("Nytt bad", "2031-06-24"), ("Nytt bad", "2031-06-25")]);
    assert_eq!(app.count("absences").await, 7);
    let entries = audit_entries(&app).await;
    assert_eq!(entries.len(), entries_before + 1, "one entry for the week");
    let (action, entity, _, _, changes) = &entries[0];
    assert_eq!((action.as_str(), entity.as_str()), ("create", "absences"));
    let after = &changes.as_ref().unwrap()["after"];
    assert_eq!(
        (after["person"].as_str(), after["day"].as_str(), after["to"].as_str(), after["days"].as_i64()),
        (Some("Kari Nordmann"), Some("2031-06-23"), Some("2031-06-29"), Some(7))
    );
    let board: Value = office.get_json(&format!("/api/admin/plan?from={monday}&days=7"), &[]).await;
    for offset in 0..7 {
        assert_eq!(cell(&board, kari, monday + Duration::days(offset))["absence"], "ferie");
    }
    assert_eq!(clashes(cell(&board, kari, monday + Duration::days(1))), ["away"]);

    // The offer taken: Tuesday's day moved to Per; no clash left there.
    let tuesday = planned.as_array().unwrap().iter().find(|day| day["day"] == "2031-06-24").unwrap();
    let moved = office
        .send(
            Method::PUT,
            &format!("/api/admin/plan-days/{}", tuesday["id"].as_str().unwrap()),
            &json!({"user_id": per}),
        )
        .await;
    assert_eq!(moved.status(), StatusCode::OK);
    let board: Value = office.get_json(&format!("/api/admin/plan?from={monday}&days=7"), &[]).await;
    assert!(clashes(cell(&board, kari, monday + Duration::days(1))).is_empty());
    assert_eq!(cell(&board, per, monday + Duration::days(1))["plans"][0]["job_title"], "Nytt bad");

    // Saving again as sick: the days change why, still seven; one more entry.
    let sick = json!({"user_id": kari, "day": monday, "to": sunday, "kind": "syk"});
    let saved: Value = office.send(Method::PUT, "/api/admin/absences", &sick).await.json().await.unwrap();
    assert_eq!(saved["planned"].as_array().unwrap().len(), 1, "{saved}");
    assert_eq!(app.count("absences").await, 7);

    // Taken back from Wednesday to Friday in one go; a single day still on its own.
    let wednesday = monday + Duration::days(2);
    let friday = monday + Duration::days(4);
    let back =
        office.delete(&format!("/api/admin/absences?user_id={kari}&day={wednesday}&to={friday}")).await;
    assert_eq!(back.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.count("absences").await, 4);
    let again =
        office.delete(&format!("/api/admin/absences?user_id={kari}&day={wednesday}&to={friday}")).await;
    assert_eq!(again.status(), StatusCode::NOT_FOUND);
    assert_eq!(message(again).await, "Fant ikke fraværet.");
    let one = office.delete(&format!("/api/admin/absences?user_id={kari}&day={monday}")).await;
    assert_eq!(one.status(), StatusCode::NO_CONTENT);
    let single = json!({"user_id": per, "day": sunday, "kind": "kurs"});
    let single: Value = office.send(Method::PUT, "/api/admin/absences", &single).await.json().await.unwrap();
    assert_eq!(
        (single["to"].as_str(), single["days"].as_i64()),
        (Some(sunday.to_string().as_str()), Some(1))
    );
    assert_eq!(app.count("absences").await, 4);
    let logged: Vec<(String, String)> =
        audit_entries(&app).await.into_iter().take(4).map(|(action, entity, ..)| (action, entity)).collect();
    assert_eq!(
        logged,
        [
            ("create".to_owned(), "absences".to_owned()),
            ("delete".to_owned(), "absences".to_owned()),
            ("delete".to_owned(), "absences".to_owned()),
            ("create".to_owned(), "absences".to_owned()),
        ]
    );
}

/// A person planned on a job after the job's planned last day: the board says so in words
/// on that cell, and marks the planned day (`after_end`); on the last day itself it does not.
async fn a_day_after_the_jobs_last_day_is_flagged(app: TestApp) {
    let office = app.admin().await;
    let (kari, _) = named(&app, &office, "kari@fagfolk.test", "Kari Nordmann").await;
    let (bath, _) = job(&office, "Liv Lie", "Storgata 1", "Nytt bad").await;
    let monday = NaiveDate::from_ymd_opt(2031, 6, 23).unwrap();
    let wednesday = monday + Duration::days(2);
    let ends = json!({"title": "Nytt bad", "start_day": monday, "end_day": wednesday, "hourly_rate": 85_000});
    assert_eq!(
        office.send(Method::PUT, &format!("/api/admin/jobs/{bath}"), &ends).await.status(),
        StatusCode::OK
    );
    let plan =
        json!({"job_id": bath, "user_ids": [kari], "from": wednesday, "to": monday + Duration::days(3)});
    assert_eq!(office.send(Method::POST, "/api/admin/plan-days", &plan).await.status(), StatusCode::CREATED);
    let board: Value = office.get_json(&format!("/api/admin/plan?from={monday}&days=7"), &[]).await;
    let last = cell(&board, kari, wednesday);
    assert!(clashes(last).is_empty(), "{last}");
    assert_eq!(last["plans"][0]["after_end"], false);
    assert_eq!(last["plans"][0]["job_end_day"], wednesday.to_string());
    let thursday = cell(&board, kari, monday + Duration::days(3));
    assert_eq!(clashes(thursday), ["after_end"]);
    assert_eq!(
        thursday["conflicts"][0]["text"],
        "«Nytt bad» er planlagt etter oppdragets siste dag, onsdag 25. juni 2031."
    );
    assert_eq!(thursday["plans"][0]["after_end"], true);
}

/// A plan or a day away without a field it needs is answered as every form is (#76): a
/// 422 with the field's Norwegian message under its name, not a 400 of bad JSON; and
/// nothing is written.
async fn a_missing_field_is_answered_under_it_in_norwegian(app: TestApp) {
    let office = app.admin().await;
    let (kari, _) = named(&app, &office, "kari@fagfolk.test", "Kari Nordmann").await;
    let (bath, _) = job(&office, "Liv Lie", "Storgata 1", "Nytt bad").await;
    let monday = app.state.clock.today() + Duration::days(7);
    for (path, body, field, text) in [
        (
            "/api/admin/plan-days",
            json!({"user_ids": [kari], "from": monday}),
            "job_id",
            "Velg oppdraget som skal planlegges.",
        ),
        (
            "/api/admin/plan-days",
            json!({"job_id": bath, "from": monday}),
            "user_ids",
            "Velg minst én person.",
        ),
        ("/api/admin/plan-days", json!({"job_id": bath, "user_ids": [kari]}), "from", "Velg første dag."),
        (
            "/api/admin/absences",
            json!({"day": monday, "kind": "ferie"}),
            "user_id",
            "Velg hvem som er borte.",
        ),
        (
            "/api/admin/absences",
            json!({"user_id": kari, "kind": "syk"}),
            "day",
            "Velg dagen personen er borte.",
        ),
        (
            "/api/admin/absences",
            json!({"user_id": kari, "day": monday}),
            "kind",
            "Velg ferie, syk eller kurs.",
        ),
    ] {
        let method = if path.ends_with("absences") { Method::PUT } else { Method::POST };
        let refused = office.send(method, path, &body).await;
        assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let refused: Value = refused.json().await.unwrap();
        assert_eq!(refused["error"], "Noen felt mangler eller er ugyldige.", "{body}");
        assert_eq!(refused["fields"][field], text, "{body}");
    }
    let board: Value = office.get_json(&format!("/api/admin/plan?from={monday}"), &[]).await;
    assert!(
        board["people"].as_array().unwrap().iter().all(|row| {
            row["cells"]
                .as_array()
                .unwrap()
                .iter()
                .all(|cell| cell["plans"].as_array().is_some_and(Vec::is_empty) && cell["absence"].is_null())
        }),
        "nothing written: {board}"
    );
}
