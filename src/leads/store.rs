//! The lead store: every query and write of leads, written once for SQLite and PostgreSQL.
//! Filters are bound parameters; an empty filter matches everything. Each write carries
//! its audit entry into the same transaction.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::model::{Lead, LeadFields};
use crate::audit::NewAudit;
use crate::db::Db;
use crate::{audited, db_run};

macro_rules! columns {
    () => {
        "id, name, email, phone, status, kilde, beskrivelse, adresse, postnr, tags, created_at, updated_at"
    };
}

/// $1 status, $2 source, $3 lower-case LIKE pattern (or '').
macro_rules! filter {
    () => {
        " WHERE ($1 = '' OR status = $1) AND ($2 = '' OR kilde = $2) AND ($3 = '' \
          OR LOWER(name) LIKE $3 ESCAPE '\\' OR LOWER(COALESCE(email, '')) LIKE $3 ESCAPE '\\' \
          OR COALESCE(phone, '') LIKE $3 ESCAPE '\\' OR LOWER(COALESCE(beskrivelse, '')) LIKE $3 ESCAPE '\\')"
    };
}

/// Binds the columns from `id` to `tags` of `lead`, in the order of [`INSERT`] and of the
/// UPDATE below; an INSERT binds `created_at` and `updated_at` after them. The contact
/// form (`crate::contact`) writes its lead with it inside its own transaction.
#[macro_export]
macro_rules! bind_lead {
    ($query:expr, $lead:expr) => {
        $query
            .bind($lead.id)
            .bind(&$lead.name)
            .bind(&$lead.email)
            .bind(&$lead.phone)
            .bind(&$lead.status)
            .bind(&$lead.kilde)
            .bind(&$lead.beskrivelse)
            .bind(&$lead.adresse)
            .bind(&$lead.postnr)
            .bind(sqlx::types::Json(&$lead.tags))
    };
}

/// The filter values as bound: a search text becomes a LIKE pattern with its wildcards
/// escaped.
pub struct Filter {
    pub status: String,
    pub source: String,
    pub pattern: String,
}

impl Filter {
    pub fn new(q: Option<&str>, status: Option<&str>, source: Option<&str>) -> Self {
        Self {
            status: status.map(str::trim).unwrap_or_default().to_owned(),
            source: source.map(str::trim).unwrap_or_default().to_owned(),
            pattern: crate::db::like_pattern(q),
        }
    }
}

pub async fn list(db: &Db, filter: &Filter, limit: i64, offset: i64) -> Result<Vec<Lead>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), " FROM leads", filter!(), " ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5"
    ))
    .bind(&filter.status)
    .bind(&filter.source)
    .bind(&filter.pattern)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await)
}

pub async fn count(db: &Db, filter: &Filter) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) = db_run!(db, pool => sqlx::query_as(concat!("SELECT COUNT(*) FROM leads", filter!()))
        .bind(&filter.status)
        .bind(&filter.source)
        .bind(&filter.pattern)
        .fetch_one(pool)
        .await)?;
    Ok(n)
}

/// The kanban in two queries whatever the pipeline's length: the count per status, and
/// the newest `per_status` leads of each status. `filter.status` is ignored.
pub async fn board(
    db: &Db,
    filter: &Filter,
    per_status: i64,
) -> Result<(Vec<(String, i64)>, Vec<Lead>), sqlx::Error> {
    let counts = db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT status, COUNT(*) FROM leads", filter!(), " GROUP BY status"
    ))
    .bind("")
    .bind(&filter.source)
    .bind(&filter.pattern)
    .fetch_all(pool)
    .await)?;
    let items = db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), " FROM (SELECT ", columns!(),
        ", ROW_NUMBER() OVER (PARTITION BY status ORDER BY created_at DESC, id DESC) AS place FROM leads",
        filter!(), ") AS ranked WHERE place <= $4 ORDER BY created_at DESC, id DESC"
    ))
    .bind("")
    .bind(&filter.source)
    .bind(&filter.pattern)
    .bind(per_status)
    .fetch_all(pool)
    .await)?;
    Ok((counts, items))
}

/// The command search's leads: name, e-mail or phone matching `pattern`.
pub async fn search(db: &Db, pattern: &str) -> Result<Vec<crate::search::Hit>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT id, name AS title, COALESCE(email, phone) AS detail FROM leads \
         WHERE LOWER(name) LIKE $1 ESCAPE '\\' OR LOWER(COALESCE(email, '')) LIKE $1 ESCAPE '\\' \
            OR COALESCE(phone, '') LIKE $1 ESCAPE '\\' \
         ORDER BY created_at DESC LIMIT 5",
    ).bind(pattern).fetch_all(pool).await)
}

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
pub async fn newest(db: &Db, limit: i64) -> Result<Vec<crate::dashboard::RecentLead>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT id, name, status, created_at FROM leads ORDER BY created_at DESC, id DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await)
}

/// Leads in `status`, to refuse removing a status that still has some.
pub async fn count_in_status(db: &Db, status: &str) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) = db_run!(db, pool => sqlx::query_as("SELECT COUNT(*) FROM leads WHERE status = $1")
        .bind(status)
        .fetch_one(pool)
        .await)?;
    Ok(n)
}

pub async fn sources(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> = db_run!(db, pool =>
        sqlx::query_as("SELECT DISTINCT kilde FROM leads ORDER BY kilde").fetch_all(pool).await)?;
    Ok(rows.into_iter().map(|(s,)| s).collect())
}

pub async fn get(db: &Db, id: Uuid) -> Result<Option<Lead>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), " FROM leads WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await)
}

/// The statement that writes a new lead, bound with [`bind_lead!`].
pub const INSERT: &str = "INSERT INTO leads \
    (id, name, email, phone, status, kilde, beskrivelse, adresse, postnr, tags, created_at, updated_at) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)";

/// Writes a new lead and its audit entry.
pub async fn insert(db: &Db, lead: &Lead, entry: &NewAudit) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        bind_lead!(sqlx::query(INSERT), lead)
        .bind(lead.created_at)
        .bind(lead.updated_at)
        .execute(&mut *tx)
        .await?;
    })
}

/// Saves every field of `lead` and its audit entry; `false` when the lead is gone.
pub async fn update(db: &Db, lead: &Lead, entry: &NewAudit) -> Result<bool, sqlx::Error> {
    audited!(db, entry, tx => {
        let result = bind_lead!(sqlx::query(
            "UPDATE leads SET name = $2, email = $3, phone = $4, status = $5, kilde = $6, \
             beskrivelse = $7, adresse = $8, postnr = $9, tags = $10, updated_at = $11 WHERE id = $1",
        ), lead)
        .bind(lead.updated_at)
        .execute(&mut *tx)
        .await?;
        if result.rows_affected() == 0 {
            return Ok(false);
        }
        true
    })
}

/// Deletes a lead and writes its audit entry.
pub async fn delete(db: &Db, id: Uuid, entry: &NewAudit) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query("DELETE FROM leads WHERE id = $1").bind(id).execute(&mut *tx).await?;
    })
}

pub fn new_lead(id: Uuid, fields: LeadFields, now: DateTime<Utc>) -> Lead {
    Lead {
        id,
        name: fields.name,
        email: fields.email,
        phone: fields.phone,
        status: fields.status,
        kilde: fields.kilde,
        beskrivelse: fields.beskrivelse,
        adresse: fields.adresse,
        postnr: fields.postnr,
        tags: fields.tags,
        created_at: now,
        updated_at: now,
    }
}
