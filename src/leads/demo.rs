//! `fagfolk serve --demo`: a documented demo admin and realistic Norwegian sample leads
//! spread over the pipeline and the last 60 days, and a demo montør with three jobs and
//! last month's hours on a fourth. Runs only into an empty leads table.

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use crate::users::{self, Role};
use fagfolk_data::db::Db;
use fagfolk_data::leads::model::SOURCES;
use fagfolk_data::leads::store;

pub const DEMO_EMAIL: &str = "demo@fagfolk.no";
pub const DEMO_PASSWORD: &str = "demo-fagfolk-2026";
/// A montør of the demo, with the same password: what an electrician sees on a phone.
pub const DEMO_MONTOR_EMAIL: &str = "montor@fagfolk.no";

const FIRST: [&str; 12] =
    ["Kari", "Ola", "Ingrid", "Per", "Sofie", "Lars", "Nora", "Henrik", "Emma", "Jonas", "Silje", "Anders"];
const LAST: [&str; 9] =
    ["Nordmann", "Hansen", "Johansen", "Olsen", "Larsen", "Andersen", "Pedersen", "Nilsen", "Berg"];
const PLACES: [(&str, &str); 8] = [
    ("Thereses gate 12, Oslo", "0168"),
    ("Kirkeveien 45, Oslo", "0368"),
    ("Bygdøy allé 20, Oslo", "0262"),
    ("Trondheimsveien 110, Oslo", "0565"),
    ("Ekebergveien 3, Oslo", "1181"),
    ("Storgata 8, Lillestrøm", "2000"),
    ("Asker sentrum 4, Asker", "1384"),
    ("Sandvika torg 1, Bærum", "1337"),
];
const JOBS: [(&str, &[&str]); 8] = [
    ("Jordfeilbryteren løser ut flere ganger i uka, mest på kjøkkenet.", &["elektriker", "feilsøking"]),
    ("Ønsker pris på elbillader i garasjen, 32 A kurs finnes ikke.", &["elektriker", "elbillader"]),
    ("Vann i taket under badet, trenger noen i dag.", &["rørlegger", "akutt"]),
    ("Tett avløp i kjøkkenvasken, har prøvd plunger.", &["rørlegger"]),
    ("Totalrenovering av bad ca. 5 m², ønsker befaring i neste uke.", &["bad", "befaring"]),
    ("Nytt IKEA-kjøkken levert, trenger montering med rør og el.", &["kjøkken"]),
    ("Borettslag med 24 leiligheter ønsker serviceavtale.", &["bedrift", "serviceavtale"]),
    ("Bytte gammelt sikringsskap før salg av leiligheten.", &["elektriker", "sikringsskap"]),
];

pub async fn run(db: &Db, now: DateTime<Utc>) -> anyhow::Result<()> {
    if users::count(db).await? == 0 {
        users::create(db, "Demo Administrator", DEMO_EMAIL, DEMO_PASSWORD, Role::Admin, now, None).await?;
        tracing::info!(email = DEMO_EMAIL, password = DEMO_PASSWORD, "demo-administrator opprettet");
    }
    if store::count_all(db).await? > 0 {
        return Ok(());
    }
    let statuses = fagfolk_data::settings::pipeline(db).await?;
    // Some leads to follow up, from two days overdue to four days on, some of them the
    // demo administrator's, so the dashboard and the filters have something to show.
    let today = fagfolk_data::oslo::day_of(now);
    let assignee = users::store::staff(db).await?.into_iter().find(|m| m.email == DEMO_EMAIL).map(|m| m.id);
    let mut tx = db.begin().await?;
    let mut first_leads = Vec::new();
    for i in 0..36usize {
        let first = FIRST[i % FIRST.len()];
        let last = LAST[(i * 7) % LAST.len()];
        let (adresse, postnr) = PLACES[(i * 5) % PLACES.len()];
        let (job, tags) = JOBS[(i * 3) % JOBS.len()];
        // Spread over the last 60 days and over every status of the pipeline.
        let age_hours = (i as i64) * 38 + (i as i64 % 5) * 3;
        let status = &statuses[(i * 5 + i / 7) % statuses.len()];
        let created = now - Duration::hours(age_hours);
        let tags: Vec<String> = tags.iter().map(|t| t.to_string()).collect();
        let lead = fagfolk_data::leads::model::Lead {
            id: Uuid::now_v7(),
            name: format!("{first} {last}"),
            email: Some(format!("{}.{}{}@example.no", first.to_lowercase(), last.to_lowercase(), i)),
            phone: Some(format!("9{:02} {:02} {:03}", 10 + i, 20 + i % 70, 100 + i * 7)),
            status: status.clone(),
            kilde: SOURCES[i % SOURCES.len()].to_owned(),
            beskrivelse: Some(job.to_owned()),
            adresse: Some(adresse.to_owned()),
            postnr: Some(postnr.to_owned()),
            tags,
            follow_up: (i % 4 == 1).then(|| today + Duration::days((i % 7) as i64 - 2)),
            assignee_id: assignee.filter(|_| i % 3 == 0),
            duplicate_of: None,
            created_at: created,
            updated_at: created + Duration::hours(2),
            other_contacts: Vec::new(),
        };
        store::insert_in(&mut tx, &lead).await?;
        if first_leads.len() < 7 {
            first_leads.push(lead);
        }
    }
    tx.commit().await?;
    tracing::info!("36 demo-leads lagt inn");
    jobs(db, now, &first_leads).await
}

/// A demo montør and three call-out jobs on the first three `leads` with a few days of
/// hours, so that "Oppdrag", "Mine oppdrag" and the dashboard show something; the last is
/// done, so its page shows the invoice basis and "Marker som fakturert". The next four
/// leads' jobs are invoiced (`crate::invoices::demo`).
async fn jobs(db: &Db, now: DateTime<Utc>, leads: &[fagfolk_data::leads::model::Lead]) -> anyhow::Result<()> {
    use fagfolk_data::audit::{AuditAction, AuditEntity, NewAudit};
    use fagfolk_data::jobs::{self, Job, JobStatus, time::NewEntry};
    let montor = match users::store::staff(db).await?.into_iter().find(|m| m.email == DEMO_MONTOR_EMAIL) {
        Some(member) => member.id,
        None => {
            users::create(db, "Demo Montør", DEMO_MONTOR_EMAIL, DEMO_PASSWORD, Role::Montor, now, None)
                .await?
        }
    };
    let today = fagfolk_data::oslo::day_of(now);
    let titles = ["Feilsøking på jordfeilbryter", "Elbillader i garasjen", "Lekkasje under bad"];
    let mut planned = Vec::new();
    for (n, (lead, title)) in leads.iter().zip(titles).enumerate() {
        let job = Job {
            id: Uuid::now_v7(),
            lead_id: Some(lead.id),
            quote_id: None,
            title: title.to_owned(),
            customer_name: lead.name.clone(),
            customer_phone: lead.phone.clone(),
            customer_address: lead.adresse.clone(),
            price_type: fagfolk_data::quotes::PriceType::Hourly,
            price_rule: fagfolk_data::jobs::PriceRule::Capped,
            lines: Vec::new(),
            budget: 800_000,
            hourly_rate: 95_000,
            status: if n == 1 { JobStatus::Planned } else { JobStatus::InProgress },
            start_day: Some(today - Duration::days(2)),
            end_day: Some(today + Duration::days(3)),
            created_by: "Demo".to_owned(),
            created_at: now,
            updated_at: now,
        };
        let made = NewAudit::new(now, AuditAction::Create, AuditEntity::Jobs, Some(job.id), DEMO_EMAIL, None);
        jobs::create(db, &job, &[montor], &made).await?;
        if n < 2 {
            planned.push((job.id, title));
        }
        if n == 0 {
            change_order(db, &job, lead.email.clone(), now).await?;
        }
        for back in (1..=2).filter(|_| n != 1) {
            let entry = NewEntry {
                job_id: job.id,
                user_id: montor,
                user_name: "Demo Montør".to_owned(),
                day: today - Duration::days(back),
                minutes: 450,
                line: None,
                note: if n == 0 { "Målte kursene" } else { "Byttet pakning og tettet rundt sluket" }
                    .to_owned(),
                extra: false,
                change_id: None,
                rate: job.rate_of(None),
                // The second job after the first, into the evening (15:00 to 22:30): the
                // month's evening hours.
                starts_at: Some(if n == 0 { 7 * 60 } else { 15 * 60 }),
            };
            let id = Uuid::now_v7();
            let audit = NewAudit::new(
                now,
                AuditAction::Create,
                AuditEntity::TimeEntries,
                Some(id),
                DEMO_MONTOR_EMAIL,
                None,
            );
            jobs::time::add(db, id, &entry, now, &audit, jobs::time::Writer::Montor)
                .await?
                .map_err(|refused| anyhow::anyhow!("{refused:?}"))?;
        }
        if n == 2 {
            let done = Job { status: JobStatus::Done, updated_at: now, ..job.clone() };
            let audit =
                NewAudit::new(now, AuditAction::Update, AuditEntity::Jobs, Some(job.id), DEMO_EMAIL, None);
            jobs::update(db, &done, &[montor], &audit).await?;
        }
    }
    plan(db, now, montor, &planned).await?;
    last_month(db, now, montor).await?;
    tracing::info!(email = DEMO_MONTOR_EMAIL, "demo-montør og fire oppdrag lagt inn");
    crate::invoices::demo::run(
        db,
        now,
        leads.get(3..).unwrap_or_default(),
        (montor, DEMO_MONTOR_EMAIL),
        DEMO_EMAIL,
    )
    .await
}

/// Last month's job: the montør on a new fuse box and circuits every weekday of the month
/// but one, with overtime on Tuesdays, an afternoon into the evening and a Saturday, done
/// at the month's end. "Månedens timer" opens on that month until the office approves it,
/// so on any day of the month there is a month of hours to read, download and approve.
async fn last_month(db: &Db, now: DateTime<Utc>, montor: Uuid) -> anyhow::Result<()> {
    use chrono::{Datelike, Weekday};
    use fagfolk_data::audit::{AuditAction, AuditEntity, NewAudit};
    use fagfolk_data::jobs::{self, Job, JobStatus, time::NewEntry};
    let today = fagfolk_data::oslo::day_of(now);
    let first = (today.with_day(1).unwrap_or(today) - Duration::days(1)).with_day(1).unwrap_or(today);
    let last = today.with_day(1).unwrap_or(today) - Duration::days(1);
    let job = Job {
        id: Uuid::now_v7(),
        lead_id: None,
        quote_id: None,
        title: "Nytt sikringsskap og kursfordeling".to_owned(),
        customer_name: "Maria Solberg".to_owned(),
        customer_phone: Some("917 40 112".to_owned()),
        customer_address: Some("Ullevålsveien 60, Oslo".to_owned()),
        price_type: fagfolk_data::quotes::PriceType::Hourly,
        price_rule: fagfolk_data::jobs::PriceRule::Capped,
        lines: Vec::new(),
        budget: 25_000_000,
        hourly_rate: 95_000,
        status: JobStatus::InProgress,
        start_day: Some(first),
        end_day: Some(last),
        created_by: "Demo".to_owned(),
        created_at: now,
        updated_at: now,
    };
    let made = NewAudit::new(now, AuditAction::Create, AuditEntity::Jobs, Some(job.id), DEMO_EMAIL, None);
    jobs::create(db, &job, &[montor], &made).await?;
    for day in first.iter_days().take_while(|day| *day <= last) {
        let (minutes, starts_at, note) = match day.weekday() {
            Weekday::Sun => continue,
            _ if fagfolk_data::jobs::hours::is_holiday(day) => continue,
            Weekday::Sat if (8..=14).contains(&day.day()) => (240, 9 * 60, "Lørdag: kabling i kjelleren"),
            Weekday::Sat => continue,
            // The third Wednesday: a weekday without hours, which the month names.
            Weekday::Wed if (15..=21).contains(&day.day()) => continue,
            Weekday::Tue => (570, 7 * 60, "Nytt skap montert, overtid for å få strømmen tilbake"),
            Weekday::Thu if (8..=14).contains(&day.day()) => (450, 14 * 60, "Kursene i andre etasje"),
            _ => (450, 7 * 60, "Trekking av nye kurser"),
        };
        let entry = NewEntry {
            job_id: job.id,
            user_id: montor,
            user_name: "Demo Montør".to_owned(),
            day,
            minutes,
            line: None,
            note: note.to_owned(),
            extra: false,
            change_id: None,
            rate: job.rate_of(None),
            starts_at: Some(starts_at),
        };
        let id = Uuid::now_v7();
        let audit = NewAudit::new(
            now,
            AuditAction::Create,
            AuditEntity::TimeEntries,
            Some(id),
            DEMO_MONTOR_EMAIL,
            None,
        );
        jobs::time::add(db, id, &entry, now, &audit, jobs::time::Writer::Montor)
            .await?
            .map_err(|refused| anyhow::anyhow!("{refused:?}"))?;
    }
    let done = Job { status: JobStatus::Done, updated_at: now, ..job.clone() };
    let audit = NewAudit::new(now, AuditAction::Update, AuditEntity::Jobs, Some(job.id), DEMO_EMAIL, None);
    jobs::update(db, &done, &[montor], &audit).await?;
    Ok(())
}

/// The plan of the demo, so "Planlegging" and "Mine oppdrag" show something whatever the
/// weekday: the montør on the first job yesterday and today from 07:30, on the second
/// today and tomorrow, all day (today two jobs and more than a day for the montør: the
/// board's clashes), with the demo administrator beside him tomorrow, and a week's ferie
/// from the Monday after next.
async fn plan(db: &Db, now: DateTime<Utc>, montor: Uuid, jobs: &[(Uuid, &str)]) -> anyhow::Result<()> {
    use chrono::Datelike;
    use fagfolk_data::audit::{AuditAction, AuditEntity, NewAudit};
    use fagfolk_data::planning::{self, Absence, AbsenceKind, PlanDay};
    let [(first, first_title), (second, second_title)] = jobs else { return Ok(()) };
    let admin = users::store::staff(db).await?.into_iter().find(|m| m.email == DEMO_EMAIL).map(|m| m.id);
    let today = fagfolk_data::oslo::day_of(now);
    let day = |user_id: Uuid, job_id: Uuid, offset: i64, starts_at: Option<i32>| PlanDay {
        id: Uuid::now_v7(),
        job_id,
        user_id,
        day: today + Duration::days(offset),
        starts_at,
        minutes: starts_at.map(|_| 450),
        sequence: 0,
        cancelled_at: None,
        created_by: "Demo Administrator".to_owned(),
        created_at: now,
        updated_at: now,
    };
    let mut days = vec![
        day(montor, *first, -1, Some(7 * 60 + 30)),
        day(montor, *first, 0, Some(7 * 60 + 30)),
        day(montor, *second, 0, None),
        day(montor, *second, 1, None),
    ];
    days.extend(admin.map(|admin| day(admin, *second, 1, None)));
    for (job, title, days) in [(*first, first_title, &days[..2]), (*second, second_title, &days[2..])] {
        let view = serde_json::json!({
            "job_title": title,
            "people": if days.len() > 2 { "Demo Montør, Demo Administrator" } else { "Demo Montør" },
            "from": days[0].day,
            "to": days[1].day,
        });
        let entry =
            NewAudit::recorded(now, AuditAction::Create, AuditEntity::PlanDays, Some(job), DEMO_EMAIL, view);
        planning::plan(db, days, &entry).await?;
    }
    let monday = today + Duration::days(14 - i64::from(today.weekday().num_days_from_monday()));
    for offset in 0..5 {
        let absence = Absence {
            id: Uuid::now_v7(),
            user_id: montor,
            day: monday + Duration::days(offset),
            kind: AbsenceKind::Ferie,
            created_by: "Demo Administrator".to_owned(),
            created_at: now,
        };
        let view = serde_json::json!({ "person": "Demo Montør", "day": absence.day, "kind": "ferie" });
        let entry = NewAudit::recorded(
            now,
            AuditAction::Create,
            AuditEntity::Absences,
            Some(absence.id),
            DEMO_EMAIL,
            view,
        );
        planning::set_absence(db, &absence, &entry).await?;
    }
    Ok(())
}

/// Tilleggsarbeid on `job`, agreed with the customer on the phone an hour ago: the job's
/// page shows it and its raised budget.
async fn change_order(
    db: &Db,
    job: &fagfolk_data::jobs::Job,
    email: Option<String>,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    use fagfolk_data::audit::{AuditAction, AuditEntity, NewAudit};
    use fagfolk_data::quotes::{self, Agreement, QuoteLine, Unit, store};
    let today = fagfolk_data::oslo::day_of(now);
    let terms = "Betaling 14 dager etter ferdigstillelse.".to_owned();
    let mut content =
        fagfolk_data::jobs::changes::content(job, None, email, terms, today + Duration::days(30));
    content.lines = vec![QuoteLine {
        service_id: None,
        description: "Ekstra dobbel stikkontakt på kjøkkenet".to_owned(),
        quantity: 100,
        unit: Unit::Stk,
        unit_price: 145_000,
        vat: 25,
    }];
    content.totals = fagfolk_data::money::totals(
        content.lines.iter().map(|line| (line.quantity, line.unit_price, line.vat)),
    );
    let made = |id: Uuid, _: &str| {
        NewAudit::new(now, AuditAction::Create, AuditEntity::Quotes, Some(id), DEMO_EMAIL, None)
    };
    let of = store::Owners { lead_id: job.lead_id, job_id: Some(job.id) };
    let id = quotes::create(db, of, &content, (None, "Demo"), now, today, made).await?;
    let change = store::get(db, id).await?.ok_or_else(|| anyhow::anyhow!("tilleggsarbeidet forsvant"))?;
    let agreed = store::Agreed {
        how: Agreement::Phone,
        name: Some(job.customer_name.as_str()),
        at: now - Duration::hours(1),
        note: "Ja, sett inn en dobbel stikkontakt ved benken også.",
        by: "Demo",
    };
    let entry = NewAudit::new(now, AuditAction::Accept, AuditEntity::Quotes, Some(id), DEMO_EMAIL, None);
    quotes::agree(db, &change, &agreed, now, &entry)
        .await?
        .map_err(|refused| anyhow::anyhow!("{refused:?}"))?;
    Ok(())
}
