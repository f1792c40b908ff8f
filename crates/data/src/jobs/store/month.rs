//! The month's store (`crate::jobs::month`): everyone's hours by person and day, the active
//! montører, and the office's approvals of months.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::audit::NewAudit;
use crate::db::Db;
use crate::jobs::month::Approval;
use crate::{db_run, tx_run};

/// A person's hours of a day: `(user_id, user_name, day, starts_at, minutes, minutes of
/// tilleggsarbeid)`.
pub type DayRow = (Option<Uuid>, String, NaiveDate, Option<i32>, i64, i64);

/// Hours by person, day and start from `from` to `to` (not included), of `user_id` alone
/// when given: `(user_id, user_name, day, starts_at, minutes, minutes of tilleggsarbeid)`,
/// in no order (`crate::jobs::month::sheet` sorts each person's days). The entries of a day
/// that say no start are one row; each entry that says when it began is a row of its own,
/// for its evening hours. Read from the index `time_entries_day` alone (migrations 0047
/// and 0051), in its own order: the entries without a start grouped as the index runs
/// (day, person), with no sort; a month of a firm of 50 took 4-5 ms grouped and sorted
/// otherwise (docs/BENCHMARKS.md).
pub async fn days(
    db: &Db,
    (from, to): (NaiveDate, NaiveDate),
    user_id: Option<Uuid>,
) -> Result<Vec<DayRow>, sqlx::Error> {
    let untimed: Vec<(Option<Uuid>, String, NaiveDate, i64, i64)> = db_run!(db, pool => sqlx::query_as(
        "SELECT user_id, user_name, day, CAST(SUM(minutes) AS BIGINT), \
         CAST(SUM(CASE WHEN extra THEN minutes ELSE 0 END) AS BIGINT) FROM time_entries \
         WHERE day >= $1 AND day < $2 AND starts_at IS NULL AND ($3 IS NULL OR user_id = $3) \
         GROUP BY day, user_id, user_name",
    )
    .bind(from)
    .bind(to)
    .bind(user_id)
    .fetch_all(pool)
    .await)?;
    let timed: Vec<DayRow> = db_run!(db, pool => sqlx::query_as(
        "SELECT user_id, user_name, day, starts_at, CAST(minutes AS BIGINT), \
         CAST(CASE WHEN extra THEN minutes ELSE 0 END AS BIGINT) FROM time_entries \
         WHERE day >= $1 AND day < $2 AND starts_at IS NOT NULL AND ($3 IS NULL OR user_id = $3)",
    )
    .bind(from)
    .bind(to)
    .bind(user_id)
    .fetch_all(pool)
    .await)?;
    let untimed =
        untimed.into_iter().map(|(id, name, day, minutes, extra)| (id, name, day, None, minutes, extra));
    Ok(untimed.chain(timed).collect())
}

/// The active montører, A-Å: the people a month lists even without hours.
pub async fn montors(db: &Db) -> Result<Vec<(Uuid, String)>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT id, name FROM admin_users WHERE role = 'montor' AND is_active ORDER BY name, id",
    )
    .fetch_all(pool)
    .await)
}

/// The approval of `month` (its first day), if the office has approved it.
pub async fn approval(db: &Db, month: NaiveDate) -> Result<Option<Approval>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as("SELECT approved_by, approved_at FROM time_months WHERE month = $1")
        .bind(month)
        .fetch_optional(pool)
        .await)
}

/// Approves `month` as `by` at `at` with `audit`; `false` when it was approved already.
pub async fn approve(
    db: &Db,
    month: NaiveDate,
    (by, at): (&str, DateTime<Utc>),
    audit: &NewAudit,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    let open = &mut tx;
    let written = tx_run!(open, conn => sqlx::query(
        "INSERT INTO time_months (month, approved_by, approved_at) VALUES ($1, $2, $3) ON CONFLICT (month) DO NOTHING",
    )
    .bind(month)
    .bind(by)
    .bind(at)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    if written == 0 {
        return Ok(false);
    }
    tx.audit(audit).await?;
    tx.commit().await?;
    Ok(true)
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
