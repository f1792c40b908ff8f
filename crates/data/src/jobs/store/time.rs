//! The time sheet's queries (`time_entries`).

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::db::{Db, Tx};
use crate::jobs::time::{NewEntry, TimeEntry};
use crate::{db_run, tx_run};

macro_rules! columns {
    () => {
        "id, job_id, user_id, user_name, day, minutes, line, note, extra, created_at, updated_at, change_id, rate, held, starts_at"
    };
}

pub async fn insert_in(
    tx: &mut Tx,
    id: Uuid,
    entry: &NewEntry,
    held: bool,
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(concat!(
        "INSERT INTO time_entries (", columns!(), ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12, $13, $14)"
    ))
    .bind(id)
    .bind(entry.job_id)
    .bind(entry.user_id)
    .bind(&entry.user_name)
    .bind(entry.day)
    .bind(entry.minutes)
    .bind(entry.line)
    .bind(&entry.note)
    .bind(entry.extra)
    .bind(now)
    .bind(entry.change_id)
    .bind(entry.rate)
    .bind(held)
    .bind(entry.starts_at)
    .execute(conn)
    .await
    .map(|_| ()))
}

/// Saves entry `id` (its job, day, start, minutes, line, note, marks and rate; who worked
/// stays);
/// `false` when it is gone.
pub async fn update_in(
    tx: &mut Tx,
    id: Uuid,
    entry: &NewEntry,
    held: bool,
    now: DateTime<Utc>,
) -> Result<bool, sqlx::Error> {
    let updated = tx_run!(tx, conn => sqlx::query(
        "UPDATE time_entries SET job_id = $1, day = $2, minutes = $3, line = $4, note = $5, extra = $6, updated_at = $7, \
         change_id = $9, rate = $10, held = $11, starts_at = $12 WHERE id = $8",
    )
    .bind(entry.job_id)
    .bind(entry.day)
    .bind(entry.minutes)
    .bind(entry.line)
    .bind(&entry.note)
    .bind(entry.extra)
    .bind(now)
    .bind(id)
    .bind(entry.change_id)
    .bind(entry.rate)
    .bind(held)
    .bind(entry.starts_at)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    Ok(updated == 1)
}

pub async fn delete_in(tx: &mut Tx, id: Uuid) -> Result<bool, sqlx::Error> {
    let deleted = tx_run!(tx, conn => sqlx::query("DELETE FROM time_entries WHERE id = $1")
        .bind(id)
        .execute(conn)
        .await
        .map(|done| done.rows_affected()))?;
    Ok(deleted == 1)
}

/// The minutes `user_id` has entered on `day`, leaving out entry `except`, in `tx`.
pub async fn day_minutes_in(
    tx: &mut Tx,
    user_id: Uuid,
    day: NaiveDate,
    except: Option<Uuid>,
) -> Result<i64, sqlx::Error> {
    let (minutes,): (Option<i64>,) = tx_run!(tx, conn => sqlx::query_as(
        "SELECT CAST(SUM(minutes) AS BIGINT) FROM time_entries WHERE user_id = $1 AND day = $2 AND ($3 IS NULL OR id <> $3)",
    )
    .bind(user_id)
    .bind(day)
    .bind(except)
    .fetch_one(conn)
    .await)?;
    Ok(minutes.unwrap_or(0))
}

pub async fn get(db: &Db, id: Uuid) -> Result<Option<TimeEntry>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), " FROM time_entries WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await)
}

pub async fn get_in(tx: &mut Tx, id: Uuid) -> Result<Option<TimeEntry>, sqlx::Error> {
    tx_run!(tx, conn => sqlx::query_as(concat!("SELECT ", columns!(), " FROM time_entries WHERE id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await)
}

/// A job's entries, by day.
pub async fn of_job(db: &Db, job_id: Uuid) -> Result<Vec<TimeEntry>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), " FROM time_entries WHERE job_id = $1 ORDER BY day, created_at, id"
    ))
    .bind(job_id)
    .fetch_all(pool)
    .await)
}

/// An entry with its job's title, as a person's week and month show it.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct SheetRow {
    #[sqlx(flatten)]
    #[serde(flatten)]
    pub entry: TimeEntry,
    pub job_title: String,
    pub customer_name: String,
    pub customer_address: Option<String>,
}

/// Entries on days in `[from, to)`, by day and person: `user_id`'s when given, `job_id`'s
/// when given. The filters are added only when given, so that SQLite uses the
/// `(user_id, day)` and `(job_id, day)` indexes (an `$n IS NULL OR ...` keeps it from them).
pub async fn between(
    db: &Db,
    (from, to): (NaiveDate, NaiveDate),
    user_id: Option<Uuid>,
    job_id: Option<Uuid>,
) -> Result<Vec<SheetRow>, sqlx::Error> {
    db_run!(db, pool => {
        let mut query = sqlx::QueryBuilder::new(
            "SELECT t.id, t.job_id, t.user_id, t.user_name, t.day, t.minutes, t.line, t.note, t.extra, t.created_at, \
             t.updated_at, t.change_id, t.rate, t.held, t.starts_at, j.title AS job_title, j.customer_name, j.customer_address \
             FROM time_entries t JOIN jobs j ON j.id = t.job_id WHERE t.day >= ",
        );
        query.push_bind(from).push(" AND t.day < ").push_bind(to);
        if let Some(user_id) = user_id {
            query.push(" AND t.user_id = ").push_bind(user_id);
        }
        if let Some(job_id) = job_id {
            query.push(" AND t.job_id = ").push_bind(job_id);
        }
        query.push(" ORDER BY t.user_name, t.user_id, t.day, t.created_at, t.id");
        query.build_query_as().fetch_all(pool).await
    })
}
