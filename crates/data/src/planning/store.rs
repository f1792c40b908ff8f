//! The plan's queries (`super`): planned days (`plan_days`, migration 0054), absences
//! (`absences`), and what the board reads beside them.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use super::board::{Planned, Unplanned};
use super::notice::{PlanNotice, PlannedPerson};
use super::{Absence, PlanDay};
use crate::db::{Db, Tx};
use crate::{db_run, tx_run};

macro_rules! columns {
    () => {
        "p.id, p.job_id, p.user_id, p.day, p.starts_at, p.minutes, p.sequence, p.cancelled_at, p.created_by, \
         p.created_at, p.updated_at"
    };
}

/// The planned days (not removed) of `[from, to)`, with their jobs, in no order (the board
/// orders each cell's); only `only`'s if given.
pub async fn planned_between(
    db: &Db,
    (from, to): (NaiveDate, NaiveDate),
    only: Option<Uuid>,
) -> Result<Vec<Planned>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), ", j.title AS job_title, j.customer_name, j.customer_address, j.lead_id, \
         j.end_day AS job_end_day FROM plan_days p JOIN jobs j ON j.id = p.job_id \
         WHERE p.cancelled_at IS NULL AND p.day >= $1 AND p.day < $2 AND ($3 IS NULL OR p.user_id = $3)"
    ))
    .bind(from)
    .bind(to)
    .bind(only)
    .fetch_all(pool)
    .await)
}

/// A planned day, removed or not.
pub async fn get(db: &Db, id: Uuid) -> Result<Option<PlanDay>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), " FROM plan_days p WHERE p.id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await)
}

/// A job's planned days (not removed), in order.
pub async fn of_job(db: &Db, job_id: Uuid) -> Result<Vec<PlanDay>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), " FROM plan_days p WHERE p.job_id = $1 AND p.cancelled_at IS NULL \
         ORDER BY p.day, p.user_id"
    ))
    .bind(job_id)
    .fetch_all(pool)
    .await)
}

/// A job's planned days (not removed), each with its person's name and phone, in order: what
/// the customer is told (`super::notice`). A person away that day (sick, ferie, kurs) is left
/// out: the customer is promised only who comes.
pub async fn planned_people(db: &Db, job_id: Uuid) -> Result<Vec<PlannedPerson>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT p.day, p.starts_at, p.minutes, p.user_id, u.name, u.phone FROM plan_days p \
         JOIN admin_users u ON u.id = p.user_id WHERE p.job_id = $1 AND p.cancelled_at IS NULL \
         AND NOT EXISTS (SELECT 1 FROM absences a WHERE a.user_id = p.user_id AND a.day = p.day) \
         ORDER BY p.day, u.name, p.user_id"
    )
    .bind(job_id)
    .fetch_all(pool)
    .await)
}

/// The notices the customer of job `job_id` was sent about its plan, oldest first.
pub async fn notices(db: &Db, job_id: Uuid) -> Result<Vec<PlanNotice>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT id, job_id, number, sent_to, subject, body, days, sent_by, sent_at FROM plan_notices \
         WHERE job_id = $1 ORDER BY number"
    )
    .bind(job_id)
    .fetch_all(pool)
    .await)
}

/// Keeps `notice` before it goes, so a second send of the same moment finds it: false when
/// the job has a notice of that number already (the unique index), and nothing is kept.
pub async fn keep_notice(db: &Db, notice: &PlanNotice) -> Result<bool, sqlx::Error> {
    let kept = db_run!(db, pool => sqlx::query(
        "INSERT INTO plan_notices (id, job_id, number, sent_to, subject, body, days, sent_by, sent_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
    )
    .bind(notice.id)
    .bind(notice.job_id)
    .bind(notice.number)
    .bind(&notice.sent_to)
    .bind(&notice.subject)
    .bind(&notice.body)
    .bind(sqlx::types::Json(&notice.days))
    .bind(&notice.sent_by)
    .bind(notice.sent_at)
    .execute(pool)
    .await
    .map(|_| ()));
    match kept {
        Ok(()) => Ok(true),
        Err(sqlx::Error::Database(err)) if err.is_unique_violation() => Ok(false),
        Err(err) => Err(err),
    }
}

/// Takes back notice `id`, which the mail server did not take.
pub async fn withdraw_notice(db: &Db, id: Uuid) -> Result<(), sqlx::Error> {
    db_run!(db, pool => sqlx::query("DELETE FROM plan_notices WHERE id = $1")
        .bind(id)
        .execute(pool)
        .await
        .map(|_| ()))
}

/// Writes `day` unless its person already has that day on that job; whether it was written.
pub async fn insert_in(tx: &mut Tx, day: &PlanDay) -> Result<bool, sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(
        "INSERT INTO plan_days (id, job_id, user_id, day, starts_at, minutes, sequence, cancelled_at, created_by, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 0, NULL, $7, $8, $8) \
         ON CONFLICT (job_id, user_id, day) WHERE cancelled_at IS NULL DO NOTHING",
    )
    .bind(day.id)
    .bind(day.job_id)
    .bind(day.user_id)
    .bind(day.day)
    .bind(day.starts_at)
    .bind(day.minutes)
    .bind(&day.created_by)
    .bind(day.created_at)
    .execute(conn)
    .await
    .map(|done| done.rows_affected() == 1))
}

/// Moves planned day `id` (not removed) to `to`'s person, day, start and length, one
/// higher in sequence; whether it was there to move. A person's day already on the job is
/// the unique index's error (`super::Refused::Taken`).
pub async fn move_in(tx: &mut Tx, id: Uuid, to: &PlanDay, now: DateTime<Utc>) -> Result<bool, sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(
        "UPDATE plan_days SET user_id = $2, day = $3, starts_at = $4, minutes = $5, sequence = sequence + 1, \
         updated_at = $6 WHERE id = $1 AND cancelled_at IS NULL",
    )
    .bind(id)
    .bind(to.user_id)
    .bind(to.day)
    .bind(to.starts_at)
    .bind(to.minutes)
    .bind(now)
    .execute(conn)
    .await
    .map(|done| done.rows_affected() == 1))
}

/// Removes planned day `id`: kept as cancelled, one higher in sequence, so a calendar that
/// has it is told. Whether it was there.
pub async fn cancel_in(tx: &mut Tx, id: Uuid, now: DateTime<Utc>) -> Result<bool, sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(
        "UPDATE plan_days SET cancelled_at = $2, sequence = sequence + 1, updated_at = $2 \
         WHERE id = $1 AND cancelled_at IS NULL",
    )
    .bind(id)
    .bind(now)
    .execute(conn)
    .await
    .map(|done| done.rows_affected() == 1))
}

/// The absences of `[from, to)`; only `only`'s if given.
pub async fn absences_between(
    db: &Db,
    (from, to): (NaiveDate, NaiveDate),
    only: Option<Uuid>,
) -> Result<Vec<Absence>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT id, user_id, day, kind, created_by, created_at FROM absences \
         WHERE day >= $1 AND day < $2 AND ($3 IS NULL OR user_id = $3) ORDER BY day, user_id",
    )
    .bind(from)
    .bind(to)
    .bind(only)
    .fetch_all(pool)
    .await)
}

/// A person's absence on a day.
pub async fn absence(db: &Db, user_id: Uuid, day: NaiveDate) -> Result<Option<Absence>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT id, user_id, day, kind, created_by, created_at FROM absences WHERE user_id = $1 AND day = $2",
    )
    .bind(user_id)
    .bind(day)
    .fetch_optional(pool)
    .await)
}

/// Marks a person away on a day, or changes why: the row is `absence` then, its id too
/// (nothing points at an absence), so the audit entry names the row that stands.
pub async fn set_absence_in(tx: &mut Tx, absence: &Absence) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(
        "INSERT INTO absences (id, user_id, day, kind, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (user_id, day) DO UPDATE SET id = excluded.id, kind = excluded.kind, \
         created_by = excluded.created_by, created_at = excluded.created_at",
    )
    .bind(absence.id)
    .bind(absence.user_id)
    .bind(absence.day)
    .bind(absence.kind.as_str())
    .bind(&absence.created_by)
    .bind(absence.created_at)
    .execute(conn)
    .await
    .map(|_| ()))
}

/// Takes a person's absence on a day back; whether there was one.
pub async fn clear_absence_in(tx: &mut Tx, user_id: Uuid, day: NaiveDate) -> Result<bool, sqlx::Error> {
    tx_run!(tx, conn => sqlx::query("DELETE FROM absences WHERE user_id = $1 AND day = $2")
        .bind(user_id)
        .bind(day)
        .execute(conn)
        .await
        .map(|done| done.rows_affected() == 1))
}

/// Takes a person's absences from `from` to `to` (included) back; how many there were.
pub async fn clear_absences_in(
    tx: &mut Tx,
    user_id: Uuid,
    (from, to): (NaiveDate, NaiveDate),
) -> Result<u64, sqlx::Error> {
    tx_run!(tx, conn => sqlx::query("DELETE FROM absences WHERE user_id = $1 AND day >= $2 AND day <= $3")
        .bind(user_id)
        .bind(from)
        .bind(to)
        .execute(conn)
        .await
        .map(|done| done.rows_affected()))
}

/// Who the board always shows: the montører, by id and name.
pub async fn plannable(db: &Db) -> Result<Vec<(Uuid, String)>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as("SELECT id, name FROM admin_users WHERE role = 'montor'")
        .fetch_all(pool)
        .await)
}

/// The names of the users `ids` (those still there).
pub async fn names(db: &Db, ids: &[Uuid]) -> Result<Vec<(Uuid, String)>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    db_run!(db, pool => {
        let mut query = sqlx::QueryBuilder::new("SELECT id, name FROM admin_users WHERE");
        crate::db::push_in(&mut query, "id", ids);
        query.build_query_as().fetch_all(pool).await
    })
}

/// The open jobs (planned or at work) with no day planned on or after `from`, the oldest
/// first: the list beside the board. At most 200. Read through the index of the jobs not
/// invoiced (`jobs_open`) and sorted here: ordered in SQL, SQLite walked all ten years of
/// jobs oldest first instead (9 ms; docs/BENCHMARKS.md, session 43).
pub async fn unplanned(db: &Db, from: NaiveDate) -> Result<Vec<Unplanned>, sqlx::Error> {
    let mut jobs: Vec<Unplanned> = db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT id, title, customer_name, customer_address, status, start_day, end_day, created_at FROM jobs WHERE ",
        crate::jobs::store::not_invoiced!(),
        " AND status IN ('planned', 'in_progress') AND NOT EXISTS (SELECT 1 FROM plan_days p \
         WHERE p.job_id = jobs.id AND p.cancelled_at IS NULL AND p.day >= $1)"
    ))
    .bind(from)
    .fetch_all(pool)
    .await)?;
    jobs.sort_by(|a, b| a.created_at.cmp(&b.created_at).then(a.id.cmp(&b.id)));
    jobs.truncate(200);
    Ok(jobs)
}

/// A planned day as a calendar feed tells it: with its job's customer and whose day it is.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FeedDay {
    #[sqlx(flatten)]
    pub plan: PlanDay,
    pub job_title: String,
    pub customer_name: String,
    pub customer_address: Option<String>,
    pub customer_phone: Option<String>,
    pub person: String,
}

/// The planned days of `[from, to)` a calendar feed lists, the removed ones too (so a
/// calendar that has one takes it out); only `only`'s if given.
pub async fn for_feed(
    db: &Db,
    (from, to): (NaiveDate, NaiveDate),
    only: Option<Uuid>,
) -> Result<Vec<FeedDay>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), ", j.title AS job_title, j.customer_name, j.customer_address, j.customer_phone, \
         u.name AS person FROM plan_days p JOIN jobs j ON j.id = p.job_id JOIN admin_users u ON u.id = p.user_id \
         WHERE p.day >= $1 AND p.day < $2 AND ($3 IS NULL OR p.user_id = $3) ORDER BY p.day, p.user_id, p.id"
    ))
    .bind(from)
    .bind(to)
    .bind(only)
    .fetch_all(pool)
    .await)
}
