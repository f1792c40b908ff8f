//! The month's store (`crate::jobs::month`): everyone's hours by person and day, the active
//! montører, and the office's approvals of months.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::types::Json;
use uuid::Uuid;

use crate::audit::NewAudit;
use crate::db::{Db, Tx};
use crate::jobs::month::Approval;
use crate::{db_run, tx_run};

/// The turn (`Db::begin_one_at_a_time`) every write of an hour and every approval of a month
/// takes, so an approval reads the month it approves with no hour written in between, and a
/// write made after it finds it (#74 finding 12).
pub const TURN: &str = "time_months";

/// One person's hours of a month: `(user_id, user_name, days)`, each day `(day, starts_at,
/// minutes, minutes of tilleggsarbeid)`.
pub type PersonDays = (Option<Uuid>, String, Vec<DayRow>);

/// A day's hours of one person: `(day, starts_at, minutes, minutes of tilleggsarbeid)`.
pub type DayRow = (NaiveDate, Option<i32>, i64, i64);

/// The days of each person: the entries of a day that say no start summed in one row, and
/// each entry that says when it began a row of its own (for its evening hours).
macro_rules! person_days {
    ($aggregate:literal) => {
        concat!(
            "SELECT user_id, user_name, ",
            $aggregate,
            " FROM (\
             SELECT user_id, user_name, day, NULL AS starts_at, CAST(SUM(minutes) AS BIGINT) AS minutes, \
             CAST(SUM(CASE WHEN extra THEN minutes ELSE 0 END) AS BIGINT) AS extra FROM time_entries \
             WHERE day >= $1 AND day < $2 AND starts_at IS NULL AND ($3 IS NULL OR user_id = $3) \
             GROUP BY day, user_id, user_name \
             UNION ALL SELECT user_id, user_name, day, starts_at, CAST(minutes AS BIGINT), \
             CAST(CASE WHEN extra THEN minutes ELSE 0 END AS BIGINT) FROM time_entries \
             WHERE day >= $1 AND day < $2 AND starts_at IS NOT NULL AND ($3 IS NULL OR user_id = $3)\
             ) days GROUP BY user_id, user_name"
        )
    };
}

/// Hours by person, day and start from `from` to `to` (not included), of `user_id` alone
/// when given, in no order (`crate::jobs::month::sheet` sorts each person's days). Each
/// person's days come as one JSON array, so a month of a firm of 50 crosses from the
/// database as 50 rows, not 1 250: the rows, not the summing, were most of the read
/// (docs/BENCHMARKS.md, session 42). The entries without a start are read from the index
/// `time_entries_day` (migrations 0047 and 0051) in its own order.
pub async fn days(
    db: &Db,
    (from, to): (NaiveDate, NaiveDate),
    user_id: Option<Uuid>,
) -> Result<Vec<PersonDays>, sqlx::Error> {
    let sql = match db {
        Db::Sqlite(_) => person_days!("json_group_array(json_array(day, starts_at, minutes, extra))"),
        Db::Postgres(_) => person_days!("json_agg(json_build_array(day, starts_at, minutes, extra))"),
    };
    let rows: Vec<(Option<Uuid>, String, Json<Vec<DayRow>>)> = db_run!(db, pool => sqlx::query_as(sql)
        .bind(from)
        .bind(to)
        .bind(user_id)
        .fetch_all(pool)
        .await)?;
    Ok(rows.into_iter().map(|(id, name, Json(days))| (id, name, days)).collect())
}

/// As [`days`], in `tx`.
pub async fn days_in(
    tx: &mut Tx,
    (from, to): (NaiveDate, NaiveDate),
    user_id: Option<Uuid>,
) -> Result<Vec<PersonDays>, sqlx::Error> {
    let sql = match tx {
        Tx::Sqlite(_) => person_days!("json_group_array(json_array(day, starts_at, minutes, extra))"),
        Tx::Postgres(_) => person_days!("json_agg(json_build_array(day, starts_at, minutes, extra))"),
    };
    let rows: Vec<(Option<Uuid>, String, Json<Vec<DayRow>>)> = tx_run!(tx, conn => sqlx::query_as(sql)
        .bind(from)
        .bind(to)
        .bind(user_id)
        .fetch_all(conn)
        .await)?;
    Ok(rows.into_iter().map(|(id, name, Json(days))| (id, name, days)).collect())
}

const MONTORS: &str =
    "SELECT id, name FROM admin_users WHERE role = 'montor' AND is_active ORDER BY name, id";

/// The active montører, A-Å: the people a month lists even without hours.
pub async fn montors(db: &Db) -> Result<Vec<(Uuid, String)>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(MONTORS).fetch_all(pool).await)
}

/// As [`montors`], in `tx`.
pub async fn montors_in(tx: &mut Tx) -> Result<Vec<(Uuid, String)>, sqlx::Error> {
    tx_run!(tx, conn => sqlx::query_as(MONTORS).fetch_all(conn).await)
}

const APPROVAL: &str = "SELECT approved_by, approved_at FROM time_months WHERE month = $1";

/// The approval of `month` (its first day), if the office has approved it.
pub async fn approval(db: &Db, month: NaiveDate) -> Result<Option<Approval>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(APPROVAL).bind(month).fetch_optional(pool).await)
}

/// As [`approval`], in `tx`.
pub async fn approval_in(tx: &mut Tx, month: NaiveDate) -> Result<Option<Approval>, sqlx::Error> {
    tx_run!(tx, conn => sqlx::query_as(APPROVAL).bind(month).fetch_optional(conn).await)
}

/// Approves `month` as `by` at `at` in `tx` (begun in [`TURN`], with the audit entry);
/// `false` when it was approved already.
pub async fn approve_in(
    tx: &mut Tx,
    month: NaiveDate,
    (by, at): (&str, DateTime<Utc>),
) -> Result<bool, sqlx::Error> {
    let written = tx_run!(tx, conn => sqlx::query(
        "INSERT INTO time_months (month, approved_by, approved_at) VALUES ($1, $2, $3) ON CONFLICT (month) DO NOTHING",
    )
    .bind(month)
    .bind(by)
    .bind(at)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    Ok(written == 1)
}

/// Opens `month` again with `audit`; `false` when it was not approved.
pub async fn reopen(db: &Db, month: NaiveDate, audit: &NewAudit) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    let open = &mut tx;
    let removed = tx_run!(open, conn => sqlx::query("DELETE FROM time_months WHERE month = $1")
        .bind(month)
        .execute(conn)
        .await
        .map(|done| done.rows_affected()))?;
    if removed == 0 {
        return Ok(false);
    }
    tx.audit(audit).await?;
    tx.commit().await?;
    Ok(true)
}
