//! The job store: every query of `jobs`, `job_workers`, `job_materials` and
//! `job_contacts`, written once for SQLite and PostgreSQL (the time sheet's in `time.rs`,
//! the material lines' in `materials.rs`; the customer's link to the documents is
//! `crate::documents::store`'s).

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

/// The jobs not yet invoiced or cancelled, word for word as the partial index `jobs_open`
/// (migration 0048) names them: SQLite uses that index only for a query that names its
/// condition. A query of open jobs names it beside its own narrower condition.
macro_rules! not_invoiced {
    () => {
        "status IN ('planned', 'in_progress', 'done')"
    };
}
pub(crate) use not_invoiced;

mod find;
pub mod materials;
pub mod month;
mod sums;

pub use find::{Find, find};
pub use sums::{ids, sums_of, time_groups};
pub mod time;

use super::{Job, JobContact, JobStatus, Worker, meter};
use crate::db::{Db, Tx};
use crate::{db_run, tx_run};

macro_rules! columns {
    () => {
        "id, lead_id, quote_id, title, customer_name, customer_phone, customer_address, price_type, lines, budget, \
         hourly_rate, status, start_day, end_day, created_by, created_at, updated_at, price_rule"
    };
}

// The documents link's store reads a job by its link.
pub(crate) use columns;

/// Writes a new job; `false` when its quote has a job already (the unique index).
pub async fn insert_in(tx: &mut Tx, job: &Job) -> Result<bool, sqlx::Error> {
    let written = tx_run!(tx, conn => sqlx::query(concat!(
        "INSERT INTO jobs (", columns!(), ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)"
    ))
    .bind(job.id)
    .bind(job.lead_id)
    .bind(job.quote_id)
    .bind(&job.title)
    .bind(&job.customer_name)
    .bind(&job.customer_phone)
    .bind(&job.customer_address)
    .bind(job.price_type.as_str())
    .bind(sqlx::types::Json(&job.lines))
    .bind(job.budget)
    .bind(job.hourly_rate)
    .bind(job.status.as_str())
    .bind(job.start_day)
    .bind(job.end_day)
    .bind(&job.created_by)
    .bind(job.created_at)
    .bind(job.updated_at)
    .bind(job.price_rule.as_str())
    .execute(conn)
    .await
    .map(|_| ()));
    match written {
        Ok(()) => Ok(true),
        Err(sqlx::Error::Database(err)) if err.is_unique_violation() => Ok(false),
        Err(err) => Err(err),
    }
}

/// Saves a job's editable fields; `false` when it is gone.
pub async fn update_in(tx: &mut Tx, job: &Job) -> Result<bool, sqlx::Error> {
    let updated = tx_run!(tx, conn => sqlx::query(
        "UPDATE jobs SET title = $1, status = $2, start_day = $3, end_day = $4, hourly_rate = $5, budget = $6, \
         updated_at = $7 WHERE id = $8",
    )
    .bind(&job.title)
    .bind(job.status.as_str())
    .bind(job.start_day)
    .bind(job.end_day)
    .bind(job.hourly_rate)
    .bind(job.budget)
    .bind(job.updated_at)
    .bind(job.id)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    Ok(updated == 1)
}

/// Puts `user` on job `id` unless they are on it already (a person planned on a job works
/// on it: `crate::planning::plan`).
pub async fn add_worker_in(tx: &mut Tx, id: Uuid, user: Uuid) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(
        "INSERT INTO job_workers (job_id, user_id) VALUES ($1, $2) ON CONFLICT (job_id, user_id) DO NOTHING",
    )
    .bind(id)
    .bind(user)
    .execute(conn)
    .await
    .map(|_| ()))
}

/// Sets who works on job `id`.
pub async fn set_workers_in(tx: &mut Tx, id: Uuid, workers: &[Uuid]) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query("DELETE FROM job_workers WHERE job_id = $1").bind(id).execute(&mut *conn).await.map(|_| ()))?;
    for user in workers {
        tx_run!(tx, conn => sqlx::query("INSERT INTO job_workers (job_id, user_id) VALUES ($1, $2)")
            .bind(id)
            .bind(user)
            .execute(conn)
            .await
            .map(|_| ()))?;
    }
    Ok(())
}

pub async fn get(db: &Db, id: Uuid) -> Result<Option<Job>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), " FROM jobs WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await)
}

/// Takes job `id`'s row for the caller's transaction by a no-change update, so the row is
/// this transaction's until it ends (PostgreSQL's row lock; SQLite has one writer). Every
/// write that must not cross another on the same job (the gate's meter, an invoice, a
/// change order's agreement, the samsvarserklæring's signature and photos) takes it here
/// and nowhere else: the house rules fail such a statement outside this function.
pub async fn lock_in(tx: &mut Tx, id: Uuid) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query("UPDATE jobs SET updated_at = updated_at WHERE id = $1").bind(id).execute(&mut *conn).await.map(|_| ()))
}

/// Reads job `id` in the caller's transaction after taking its row (`lock_in`): what the
/// meter's check reads cannot change before the write.
pub async fn take_in(tx: &mut Tx, id: Uuid) -> Result<Option<Job>, sqlx::Error> {
    lock_in(tx, id).await?;
    tx_run!(tx, conn => sqlx::query_as(concat!("SELECT ", columns!(), " FROM jobs WHERE id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await)
}

/// What `job`'s own work has used, in øre, and whether a § 7 contact is recorded, read in
/// the caller's transaction; the record `except` (an entry or a line being changed) is left out.
pub async fn used_in(tx: &mut Tx, job: &Job, except: Option<Uuid>) -> Result<(i64, bool), sqlx::Error> {
    let time: Vec<(i32, i64, i64)> = tx_run!(tx, conn => sqlx::query_as(
        "SELECT minutes, rate, COUNT(*) FROM time_entries WHERE job_id = $1 AND NOT extra \
         AND ($2 IS NULL OR id <> $2) GROUP BY minutes, rate",
    )
    .bind(job.id)
    .bind(except)
    .fetch_all(&mut *conn)
    .await)?;
    let materials: Vec<(i64, i64)> = tx_run!(tx, conn => sqlx::query_as(
        "SELECT quantity, unit_price FROM job_materials WHERE job_id = $1 AND NOT extra AND ($2 IS NULL OR id <> $2)",
    )
    .bind(job.id)
    .bind(except)
    .fetch_all(&mut *conn)
    .await)?;
    let (contacts,): (i64,) = tx_run!(tx, conn => sqlx::query_as("SELECT COUNT(*) FROM job_contacts WHERE job_id = $1")
        .bind(job.id)
        .fetch_one(conn)
        .await)?;
    let time: i64 =
        time.iter().map(|&(minutes, rate, count)| meter::time_amount(minutes, rate) * count).sum();
    let materials: i64 =
        materials.iter().map(|&(quantity, price)| meter::material_amount(quantity, price)).sum();
    Ok((time + materials, contacts > 0))
}

/// How many hour entries and material lines of job `id` are marked as tilleggsarbeid with
/// no change order named, in `tx`.
pub async fn untagged_extra_in(tx: &mut Tx, id: Uuid) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = tx_run!(tx, conn => sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM time_entries WHERE job_id = $1 AND extra AND change_id IS NULL) \
         + (SELECT COUNT(*) FROM job_materials WHERE job_id = $1 AND extra AND change_id IS NULL)",
    )
    .bind(id)
    .fetch_one(conn)
    .await)?;
    Ok(count)
}

/// Marks that the office was told job `id` reached its estimate; `false` when it was told
/// before (it is told once).
pub async fn mark_estimate_told(db: &Db, id: Uuid, now: DateTime<Utc>) -> Result<bool, sqlx::Error> {
    let done = db_run!(db, pool => sqlx::query(
        "UPDATE jobs SET estimate_told_at = $1 WHERE id = $2 AND estimate_told_at IS NULL",
    )
    .bind(now)
    .bind(id)
    .execute(pool)
    .await
    .map(|done| done.rows_affected()))?;
    Ok(done == 1)
}

/// Whether time and materials of job `job_id` may be tagged to change order `change`: it
/// is the job's and not declined, withdrawn or replaced (`crate::jobs::changes::is_open`).
pub async fn change_open_in(tx: &mut Tx, job_id: Uuid, change: Uuid) -> Result<bool, sqlx::Error> {
    let found: Option<(Uuid,)> = tx_run!(tx, conn => sqlx::query_as(
        "SELECT id FROM quotes WHERE id = $1 AND job_id = $2 AND status NOT IN ('declined', 'withdrawn', 'replaced')",
    )
    .bind(change)
    .bind(job_id)
    .fetch_optional(conn)
    .await)?;
    Ok(found.is_some())
}

/// Who works on job `id`, by name.
pub async fn workers(db: &Db, id: Uuid) -> Result<Vec<Worker>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT w.user_id, u.name FROM job_workers w JOIN admin_users u ON u.id = w.user_id \
         WHERE w.job_id = $1 ORDER BY u.name, u.id",
    )
    .bind(id)
    .fetch_all(pool)
    .await)
}

/// The workers of jobs `ids`, as `(job_id, worker)`.
pub async fn workers_of(db: &Db, ids: &[Uuid]) -> Result<Vec<(Uuid, Uuid, String)>, sqlx::Error> {
    db_run!(db, pool => {
        let mut query = sqlx::QueryBuilder::new(
            "SELECT w.job_id, w.user_id, u.name FROM job_workers w JOIN admin_users u ON u.id = w.user_id WHERE",
        );
        crate::db::push_in(&mut query, "w.job_id", ids);
        query.push(" ORDER BY u.name, u.id");
        query.build_query_as().fetch_all(pool).await
    })
}

/// Jobs, newest first: those in `status` when given, those `worker` works on when given.
pub async fn list(db: &Db, status: Option<JobStatus>, worker: Option<Uuid>) -> Result<Vec<Job>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), " FROM jobs WHERE ($1 IS NULL OR status = $1) \
         AND ($2 IS NULL OR id IN (SELECT job_id FROM job_workers WHERE user_id = $2)) ORDER BY created_at DESC, id"
    ))
    .bind(status.map(JobStatus::as_str))
    .bind(worker)
    .fetch_all(pool)
    .await)
}

/// A lead's jobs, oldest first.
pub async fn of_lead(db: &Db, lead_id: Uuid) -> Result<Vec<Job>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), " FROM jobs WHERE lead_id = $1 ORDER BY created_at, id"))
        .bind(lead_id)
        .fetch_all(pool)
        .await)
}

/// The job made from quote `quote_id`, if any.
pub async fn of_quote(db: &Db, quote_id: Uuid) -> Result<Option<Job>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), " FROM jobs WHERE quote_id = $1"))
        .bind(quote_id)
        .fetch_optional(pool)
        .await)
}

/// The open jobs `user_id` works on whose days take in `today` (or that have no days set),
/// soonest first: "Mine oppdrag i dag".
pub async fn today_of(db: &Db, user_id: Uuid, today: NaiveDate) -> Result<Vec<Job>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), " FROM jobs WHERE ", not_invoiced!(), " AND status IN ('planned', 'in_progress') \
         AND id IN (SELECT job_id FROM job_workers WHERE user_id = $1) \
         AND (start_day IS NULL OR start_day <= $2) AND (end_day IS NULL OR end_day >= $2) \
         ORDER BY start_day, created_at, id"
    ))
    .bind(user_id)
    .bind(today)
    .fetch_all(pool)
    .await)
}

/// Whether `user_id` works on job `id`.
pub async fn works_on(db: &Db, id: Uuid, user_id: Uuid) -> Result<bool, sqlx::Error> {
    let found: Option<(Uuid,)> = db_run!(db, pool => sqlx::query_as(
        "SELECT job_id FROM job_workers WHERE job_id = $1 AND user_id = $2",
    )
    .bind(id)
    .bind(user_id)
    .fetch_optional(pool)
    .await)?;
    Ok(found.is_some())
}

/// Those of jobs `ids` with a § 7 contact recorded.
pub async fn contacted(db: &Db, ids: &[Uuid]) -> Result<Vec<Uuid>, sqlx::Error> {
    let rows: Vec<(Uuid,)> = db_run!(db, pool => {
        let mut query = sqlx::QueryBuilder::new("SELECT DISTINCT job_id FROM job_contacts WHERE");
        crate::db::push_in(&mut query, "job_id", ids);
        query.build_query_as().fetch_all(pool).await
    })?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// How many of job `id`'s records are held for the § 7 contact, in `tx`.
pub async fn held_in(tx: &mut Tx, id: Uuid) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = tx_run!(tx, conn => sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM time_entries WHERE job_id = $1 AND held) \
         + (SELECT COUNT(*) FROM job_materials WHERE job_id = $1 AND held)",
    )
    .bind(id)
    .fetch_one(conn)
    .await)?;
    Ok(count)
}

/// Clears the held mark on job `job_id`'s time and materials, in `tx`: its § 7 contact is
/// recorded (`super::record_contact`).
pub async fn release_in(tx: &mut Tx, job_id: Uuid) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query("UPDATE time_entries SET held = FALSE WHERE job_id = $1 AND held")
        .bind(job_id)
        .execute(conn)
        .await
        .map(|_| ()))?;
    tx_run!(tx, conn => sqlx::query("UPDATE job_materials SET held = FALSE WHERE job_id = $1 AND held")
        .bind(job_id)
        .execute(conn)
        .await
        .map(|_| ()))?;
    Ok(())
}

pub async fn contacts(db: &Db, job_id: Uuid) -> Result<Vec<JobContact>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT id, job_id, how, contacted_at, said, used, budget, recorded_by, created_at FROM job_contacts \
         WHERE job_id = $1 ORDER BY contacted_at, id",
    )
    .bind(job_id)
    .fetch_all(pool)
    .await)
}

pub async fn insert_contact_in(tx: &mut Tx, contact: &JobContact) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(
        "INSERT INTO job_contacts (id, job_id, how, contacted_at, said, used, budget, recorded_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(contact.id)
    .bind(contact.job_id)
    .bind(&contact.how)
    .bind(contact.contacted_at)
    .bind(&contact.said)
    .bind(contact.used)
    .bind(contact.budget)
    .bind(&contact.recorded_by)
    .bind(contact.created_at)
    .execute(conn)
    .await
    .map(|_| ()))
}

/// The jobs in progress, for the dashboard.
pub async fn count_in_progress(db: &Db) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = db_run!(db, pool => sqlx::query_as("SELECT COUNT(*) FROM jobs WHERE status = 'in_progress'")
        .fetch_one(pool)
        .await)?;
    Ok(count)
}

/// Minutes entered on days in `[from, to)`, for the dashboard.
pub async fn minutes_between(db: &Db, from: NaiveDate, to: NaiveDate) -> Result<i64, sqlx::Error> {
    let (minutes,): (Option<i64>,) = db_run!(db, pool => sqlx::query_as(
        "SELECT CAST(SUM(minutes) AS BIGINT) FROM time_entries WHERE day >= $1 AND day < $2",
    )
    .bind(from)
    .bind(to)
    .fetch_one(pool)
    .await)?;
    Ok(minutes.unwrap_or(0))
}
