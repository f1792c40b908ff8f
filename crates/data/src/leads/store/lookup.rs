//! The lead store's lookups: counts for the dashboard, the newest leads, follow-ups due,
//! duplicates and privacy requests by contact, and one lead by id.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::QueryBuilder;
use uuid::Uuid;

use super::super::model::Lead;
use crate::db::Db;
use crate::db_run;
use crate::text::phone_digits;

/// Per status: all leads, those created since `since_a` and those created since `since_b`.
pub async fn status_counts(
    db: &Db,
    since_a: DateTime<Utc>,
    since_b: DateTime<Utc>,
) -> Result<Vec<(String, i64, i64, i64)>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT status, COUNT(*), \
           SUM(CASE WHEN created_at >= $1 THEN 1 ELSE 0 END), \
           SUM(CASE WHEN created_at >= $2 THEN 1 ELSE 0 END) \
         FROM leads GROUP BY status",
    )
    .bind(since_a)
    .bind(since_b)
    .fetch_all(pool)
    .await)
}

/// The newest `limit` leads, for the dashboard.
pub async fn newest(db: &Db, limit: i64) -> Result<Vec<super::super::model::RecentLead>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT id, name, status, created_at FROM leads ORDER BY created_at DESC, id DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await)
}

/// The open leads (in one of `statuses`) to follow up on `today` or before, the longest
/// overdue first (up to `limit`), and how many there are in all.
pub async fn follow_ups_due(
    db: &Db,
    today: NaiveDate,
    statuses: &[String],
    limit: i64,
) -> Result<(Vec<super::super::model::FollowUp>, i64), sqlx::Error> {
    if statuses.is_empty() {
        return Ok((Vec::new(), 0));
    }
    db_run!(db, pool => {
        let due = |query: &mut QueryBuilder<_>| {
            query.push(" WHERE leads.follow_up <= ").push_bind(today).push(" AND");
            crate::db::push_in(query, "leads.status", statuses);
        };
        let mut query = QueryBuilder::new(
            "SELECT leads.id, leads.name, leads.status, leads.follow_up, admin_users.name AS assignee \
             FROM leads LEFT JOIN admin_users ON admin_users.id = leads.assignee_id",
        );
        due(&mut query);
        query.push(" ORDER BY leads.follow_up, leads.created_at LIMIT ").push_bind(limit);
        let items = query.build_query_as().fetch_all(pool).await?;
        let mut query = QueryBuilder::new("SELECT COUNT(*) FROM leads");
        due(&mut query);
        let (total,): (i64,) = query.build_query_as().fetch_one(pool).await?;
        Ok((items, total))
    })
}

/// The newest lead in one of `statuses` (the open ones) with `lead`'s phone number, by its
/// digits (six or more), or its e-mail address in any case; not `lead` itself.
pub async fn duplicate_of(db: &Db, lead: &Lead, statuses: &[String]) -> Result<Option<Uuid>, sqlx::Error> {
    let digits = phone_digits(lead.phone.as_deref().unwrap_or_default());
    let digits = (digits.len() >= 6).then_some(digits);
    let email = lead.email.as_deref().map(crate::text::email_key);
    if statuses.is_empty() || (digits.is_none() && email.is_none()) {
        return Ok(None);
    }
    let found: Option<(Uuid,)> = db_run!(db, pool => {
        let mut query = QueryBuilder::new("SELECT id FROM leads WHERE id <> ");
        query.push_bind(lead.id).push(" AND (phone_digits = ").push_bind(digits.clone());
        query.push(" OR email_key = ").push_bind(email.clone());
        let keys: Vec<String> = digits.iter().chain(&email).cloned().collect();
        super::contacts::push_key_match(&mut query, &keys, false);
        query.push(") AND");
        crate::db::push_in(&mut query, "status", statuses);
        query.push(" ORDER BY created_at DESC, id DESC LIMIT 1");
        query.build_query_as().fetch_optional(pool).await
    })?;
    Ok(found.map(|(id,)| id))
}

/// Leads in `status`, to refuse removing a status that still has some.
pub async fn count_in_status(db: &Db, status: &str) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) = db_run!(db, pool => sqlx::query_as("SELECT COUNT(*) FROM leads WHERE status = $1")
        .bind(status)
        .fetch_one(pool)
        .await)?;
    Ok(n)
}

/// The distinct sources, in order. Read by walking the `leads_kilde` index from one source
/// to the next (a handful of lookups) rather than reading every lead.
pub async fn sources(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> = db_run!(db, pool => sqlx::query_as(
        "WITH RECURSIVE next (kilde) AS ( \
           SELECT MIN(kilde) FROM leads \
           UNION ALL SELECT (SELECT MIN(kilde) FROM leads WHERE kilde > next.kilde) FROM next WHERE next.kilde IS NOT NULL \
         ) SELECT kilde FROM next WHERE kilde IS NOT NULL ORDER BY kilde",
    ).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(|(s,)| s).collect())
}

/// The leads with e-mail address `email` (as `crate::text::email_key` gives it), or whose phone number
/// has `digits` (`crate::text::phone_digits`), oldest first (for privacy requests). By the
/// main contacts only: a merge can put a visitor's address beside a customer's lead
/// (`other_contacts`), and a request for that address must not return the customer's
/// data; its erasure removes the address from the lead (`contacts::forget_key_in`).
pub async fn by_contact(
    db: &Db,
    email: Option<&str>,
    digits: Option<&str>,
) -> Result<Vec<Lead>, sqlx::Error> {
    let mut leads: Vec<Lead> = db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), " FROM leads WHERE email_key = $1 OR phone_digits = $2 ORDER BY created_at",
    ))
    .bind(email)
    .bind(digits)
    .fetch_all(pool)
    .await)?;
    super::contacts::attach(db, &mut leads).await?;
    Ok(leads)
}

pub async fn get(db: &Db, id: Uuid) -> Result<Option<Lead>, sqlx::Error> {
    let lead: Option<Lead> = db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), " FROM leads WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await)?;
    let mut found: Vec<Lead> = lead.into_iter().collect();
    super::contacts::attach(db, &mut found).await?;
    Ok(found.pop())
}

/// Every lead's name by its id (the quote list names each quote's lead).
pub async fn names(db: &Db) -> Result<std::collections::HashMap<Uuid, String>, sqlx::Error> {
    let rows: Vec<(Uuid, String)> =
        db_run!(db, pool => sqlx::query_as("SELECT id, name FROM leads").fetch_all(pool).await)?;
    Ok(rows.into_iter().collect())
}
