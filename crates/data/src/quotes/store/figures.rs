//! The dashboard's quote figures read from the indexes (`super::super::figures`): a few
//! index ranges, not every quote of ten years read into the server (migration 0052).

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::db::Db;
use crate::db_run;

/// A sent quote about to expire, as the dashboard lists it.
pub type Expiring = (Uuid, Option<Uuid>, String, i32, String, NaiveDate, i64);

/// The sent quotes still open on `today`: how many and their value, and those whose last
/// day is at most `soon`, soonest first.
pub async fn open(
    db: &Db,
    today: NaiveDate,
    soon: NaiveDate,
) -> Result<((i64, i64), Vec<Expiring>), sqlx::Error> {
    let sums: (i64, i64) = db_run!(db, pool => sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT), CAST(COALESCE(SUM(total), 0) AS BIGINT) FROM quotes \
         WHERE status = 'sent' AND valid_until >= $1",
    )
    .bind(today)
    .fetch_one(pool)
    .await)?;
    let expiring = db_run!(db, pool => sqlx::query_as(
        "SELECT id, lead_id, number, version, customer_name, valid_until, total FROM quotes \
         WHERE status = 'sent' AND valid_until >= $1 AND valid_until <= $2 ORDER BY valid_until, number, version",
    )
    .bind(today)
    .bind(soon)
    .fetch_all(pool)
    .await)?;
    Ok((sums, expiring))
}

/// The quotes accepted from `from` to `to` (not included): how many and their value.
pub async fn accepted_between(
    db: &Db,
    (from, to): (DateTime<Utc>, DateTime<Utc>),
) -> Result<(i64, i64), sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT), CAST(COALESCE(SUM(total), 0) AS BIGINT) FROM quotes \
         WHERE status = 'accepted' AND accepted_at >= $1 AND accepted_at < $2",
    )
    .bind(from)
    .bind(to)
    .fetch_one(pool)
    .await)
}

/// Of the quotes customers answered or let expire by `today`: how many were accepted, and
/// how many in all (a sent quote past its last day has expired). Counted in the index
/// `quotes_status`, two ranges.
pub async fn answered(db: &Db, today: NaiveDate) -> Result<(i64, i64), sqlx::Error> {
    let by_status: Vec<(String, i64)> = db_run!(db, pool => sqlx::query_as(
        "SELECT status, CAST(COUNT(*) AS BIGINT) FROM quotes WHERE status IN ('accepted', 'declined', 'expired') \
         GROUP BY status",
    )
    .fetch_all(pool)
    .await)?;
    let (lapsed,): (i64,) = db_run!(db, pool => sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM quotes WHERE status = 'sent' AND valid_until < $1",
    )
    .bind(today)
    .fetch_one(pool)
    .await)?;
    let accepted = by_status.iter().filter(|(status, _)| status == "accepted").map(|(_, n)| n).sum();
    Ok((accepted, by_status.iter().map(|(_, n)| n).sum::<i64>() + lapsed))
}
