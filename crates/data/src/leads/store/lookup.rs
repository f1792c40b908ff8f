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
    let Some(keys) = DuplicateKeys::of(lead, statuses) else { return Ok(None) };
    let found: Option<(Uuid,)> =
        db_run!(db, pool => keys.query().build_query_as().fetch_optional(pool).await)?;
    Ok(found.map(|(id,)| id))
}

/// A lead's status written so that SQLite cannot look it up by its index: the duplicate
/// lookups must go by the phone's or the e-mail's index, which find a handful of rows,
/// and without statistics SQLite's planner would rather walk every lead in the first
/// status (40 000 of them after a minute of enquiries).
const UNINDEXED_STATUS: &str = "(status || '')";
const UNINDEXED_LEAD_STATUS: &str = "(leads.status || '')";

/// The open leads (in one of `statuses`) that a new lead with any of `keys` (phone digits
/// and e-mail keys, as [`duplicate_of`] takes them) would be a duplicate of, each with the
/// key it matched and its date: a batch of enquiries looks up all its duplicates at once,
/// in its own transaction (`crate::contact::writer`).
pub async fn open_matches_in(
    tx: &mut crate::db::Tx,
    keys: &[String],
    statuses: &[String],
) -> Result<Vec<(String, Uuid, DateTime<Utc>)>, sqlx::Error> {
    if keys.is_empty() || statuses.is_empty() {
        return Ok(Vec::new());
    }
    crate::tx_run!(tx, conn => {
        let mut query = QueryBuilder::new("");
        // A phone's digits never equal an e-mail key (it has an @), so each column may be
        // compared with every key.
        for (n, column) in ["phone_digits", "email_key"].into_iter().enumerate() {
            if n > 0 {
                query.push(" UNION ALL ");
            }
            query.push(format!("SELECT {column}, id, created_at FROM leads WHERE"));
            crate::db::push_in(&mut query, column, keys);
            query.push(" AND");
            crate::db::push_in(&mut query, UNINDEXED_STATUS, statuses);
        }
        query.push(
            " UNION ALL SELECT lead_contacts.contact_key, leads.id, leads.created_at FROM lead_contacts \
             JOIN leads ON leads.id = lead_contacts.lead_id WHERE",
        );
        crate::db::push_in(&mut query, "lead_contacts.contact_key", keys);
        query.push(" AND");
        crate::db::push_in(&mut query, UNINDEXED_LEAD_STATUS, statuses);
        // Not kept prepared: one statement per number of keys (`insert_many_in`).
        query.build_query_as().persistent(false).fetch_all(conn).await
    })
}

/// What a duplicate is looked up by.
struct DuplicateKeys<'a> {
    lead: Uuid,
    digits: Option<String>,
    email: Option<String>,
    statuses: &'a [String],
}

impl<'a> DuplicateKeys<'a> {
    fn of(lead: &Lead, statuses: &'a [String]) -> Option<Self> {
        let digits = phone_digits(lead.phone.as_deref().unwrap_or_default());
        let digits = (digits.len() >= 6).then_some(digits);
        let email = lead.email.as_deref().map(crate::text::email_key);
        let none = statuses.is_empty() || (digits.is_none() && email.is_none());
        (!none).then_some(Self { lead: lead.id, digits, email, statuses })
    }

    /// One statement of up to three probes, each the newest match by one index (the
    /// phone's digits or the e-mail's key with the date, `0021_duplicate_probes.sql`, or
    /// the other contacts' keys), and the newest of those: the cost stays the same however
    /// many leads there are.
    fn query<DB>(&self) -> QueryBuilder<DB>
    where
        DB: sqlx::Database,
        for<'t> String: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
        for<'t> Uuid: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
    {
        let mut query = QueryBuilder::new("SELECT id FROM (");
        let arm = |query: &mut QueryBuilder<DB>, column: &str, key: &String| {
            query.push("SELECT * FROM (SELECT id, created_at FROM leads WHERE ").push(column).push(" = ");
            query.push_bind(key.clone()).push(" AND id <> ").push_bind(self.lead).push(" AND");
            crate::db::push_in(query, UNINDEXED_STATUS, self.statuses);
            query.push(" ORDER BY created_at DESC, id DESC LIMIT 1) AS newest UNION ALL ");
        };
        if let Some(digits) = &self.digits {
            arm(&mut query, "phone_digits", digits);
        }
        if let Some(email) = &self.email {
            arm(&mut query, "email_key", email);
        }
        // A merge keeps a lead's other numbers and addresses (`lead_contacts`).
        query.push(
            "SELECT * FROM (SELECT leads.id, leads.created_at FROM lead_contacts \
             JOIN leads ON leads.id = lead_contacts.lead_id WHERE leads.id <> ",
        );
        query.push_bind(self.lead).push(" AND lead_contacts.contact_key IN (");
        let mut keys = query.separated(", ");
        for key in self.digits.iter().chain(&self.email) {
            keys.push_bind(key.clone());
        }
        query.push(") AND");
        crate::db::push_in(&mut query, UNINDEXED_LEAD_STATUS, self.statuses);
        query.push(" ORDER BY leads.created_at DESC, leads.id DESC LIMIT 1) AS other");
        query.push(") AS found ORDER BY created_at DESC, id DESC LIMIT 1");
        query
    }
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
