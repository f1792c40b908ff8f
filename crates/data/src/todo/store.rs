//! The queries of "Å gjøre": each the things of one kind, oldest first, with a title the
//! office knows them by.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use super::{Thing, ThingKind};
use crate::db::Db;
use crate::db_run;
use crate::jobs::store::not_invoiced;

fn things(kind: ThingKind, rows: Vec<(Uuid, String)>) -> Vec<Thing> {
    rows.into_iter().map(|(id, title)| Thing { kind, id, title }).collect()
}

// The held rows and the untagged ones are read from partial indexes of their own
// (migration 0048), whose conditions the queries below name word for word.

/// The jobs of `rows` (id, title, created) oldest first. Sorted here, not in SQL: SQLite,
/// knowing only that a status holds half of all jobs on average, would walk every job of
/// ten years by the index `jobs_newest` to skip sorting a few open ones.
fn oldest_first(mut rows: Vec<(Uuid, String, DateTime<Utc>)>) -> Vec<Thing> {
    rows.sort_by_key(|(id, _, created)| (*created, *id));
    rows.into_iter().map(|(id, title, _)| Thing { kind: ThingKind::Job, id, title }).collect()
}

/// A job's title with its customer: "Elbillader i garasjen, Kari Nordmann".
macro_rules! job_title {
    () => {
        "jobs.title || ', ' || jobs.customer_name"
    };
}

pub async fn done_not_invoiced(db: &Db) -> Result<Vec<Thing>, sqlx::Error> {
    let rows = db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT id, ", job_title!(), " FROM jobs WHERE status = 'done' ORDER BY updated_at"
    ))
    .fetch_all(pool)
    .await)?;
    Ok(things(ThingKind::Job, rows))
}

pub async fn held(db: &Db) -> Result<Vec<Thing>, sqlx::Error> {
    let rows: Vec<(Uuid, String, DateTime<Utc>)> = db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT id, ", job_title!(), ", created_at FROM jobs WHERE ", not_invoiced!(), " AND (\
         id IN (SELECT job_id FROM time_entries WHERE held) OR id IN (SELECT job_id FROM job_materials WHERE held))"
    ))
    .fetch_all(pool)
    .await)?;
    Ok(oldest_first(rows))
}

pub async fn untagged_extra(db: &Db) -> Result<Vec<Thing>, sqlx::Error> {
    let rows: Vec<(Uuid, String, DateTime<Utc>)> = db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT id, ", job_title!(), ", created_at FROM jobs WHERE ", not_invoiced!(), " AND (\
         id IN (SELECT job_id FROM time_entries WHERE extra AND change_id IS NULL) \
         OR id IN (SELECT job_id FROM job_materials WHERE extra AND change_id IS NULL))"
    ))
    .fetch_all(pool)
    .await)?;
    Ok(oldest_first(rows))
}

/// Change orders sent and not answered, by the job they are for: read from the partial
/// index of the change orders (`quotes_job`, migration 0052), not the lead quotes of ten
/// years.
pub async fn change_waiting(db: &Db) -> Result<Vec<Thing>, sqlx::Error> {
    let rows = db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT jobs.id, 'Tilleggsarbeid ' || quotes.number || ' på ' || ", job_title!(), " FROM quotes \
         JOIN jobs ON jobs.id = quotes.job_id WHERE quotes.job_id IS NOT NULL AND quotes.status = 'sent' \
         ORDER BY quotes.sent_at"
    ))
    .fetch_all(pool)
    .await)?;
    Ok(things(ThingKind::Job, rows))
}

/// How many invoices are past their due date on `today` with something left to pay, and
/// the first `shown` of them, oldest due first.
pub async fn overdue(db: &Db, today: NaiveDate, shown: i64) -> Result<(i64, Vec<Thing>), sqlx::Error> {
    // Counted from what is kept by due date (migration 0050), not a pass over the invoices.
    let (count,): (i64,) = db_run!(db, pool => sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(invoices), 0) AS BIGINT) FROM invoice_dues WHERE due_date < $1"
    )
    .bind(today)
    .fetch_one(pool)
    .await)?;
    let rows = db_run!(db, pool => sqlx::query_as(
        "SELECT id, 'Faktura ' || number || ', ' || customer FROM invoices \
         WHERE standing IN ('unpaid', 'partly_paid') AND due_date < $1 ORDER BY due_date, number LIMIT $2"
    )
    .bind(today)
    .bind(shown)
    .fetch_all(pool)
    .await)?;
    Ok((count, things(ThingKind::Invoice, rows)))
}

/// The invoices of `ids` (a few), oldest due first.
pub async fn invoices(db: &Db, ids: &[Uuid]) -> Result<Vec<Thing>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut found: Vec<(Uuid, String, NaiveDate)> = db_run!(db, pool => {
        let mut query = sqlx::QueryBuilder::new("SELECT id, 'Faktura ' || number || ', ' || customer, due_date FROM invoices WHERE");
        crate::db::push_in(&mut query, "id", ids);
        query.build_query_as().persistent(false).fetch_all(pool).await
    })?;
    found.sort_by_key(|(_, title, due)| (*due, title.clone()));
    Ok(found.into_iter().map(|(id, title, _)| Thing { kind: ThingKind::Invoice, id, title }).collect())
}

/// Befaringer held before `before`, not cancelled, on a lead in an open status that has
/// no quote: by the lead, once each.
pub async fn visits_without_quote(
    db: &Db,
    before: DateTime<Utc>,
    open: &[String],
) -> Result<Vec<Thing>, sqlx::Error> {
    if open.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<(Uuid, String)> = db_run!(db, pool => {
        let mut query = sqlx::QueryBuilder::new(
            "SELECT leads.id, 'Befaring hos ' || leads.name FROM leads WHERE EXISTS (SELECT 1 FROM visits \
             WHERE visits.lead_id = leads.id AND visits.cancelled_at IS NULL AND visits.starts_at < ",
        );
        query.push_bind(before);
        query.push(") AND NOT EXISTS (SELECT 1 FROM quotes WHERE quotes.lead_id = leads.id) AND");
        crate::db::push_in(&mut query, "leads.status", open);
        query.push(" ORDER BY leads.created_at");
        query.build_query_as().persistent(false).fetch_all(pool).await
    })?;
    Ok(things(ThingKind::Lead, rows))
}
