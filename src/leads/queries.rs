//! Lead queries, written once for SQLite and PostgreSQL. Filters are bound parameters;
//! an empty filter matches everything.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::model::{Lead, LeadFields};
use crate::db::Db;
use crate::db_run;

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

/// The filter values as bound: a search text becomes a LIKE pattern with its wildcards
/// escaped.
pub struct Filter {
    pub status: String,
    pub source: String,
    pub pattern: String,
}

impl Filter {
    pub fn new(q: Option<&str>, status: Option<&str>, source: Option<&str>) -> Self {
        let q = q.map(str::trim).unwrap_or_default().to_lowercase();
        let pattern = if q.is_empty() {
            String::new()
        } else {
            let escaped = q.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
            format!("%{escaped}%")
        };
        Self {
            status: status.map(str::trim).unwrap_or_default().to_owned(),
            source: source.map(str::trim).unwrap_or_default().to_owned(),
            pattern,
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

/// The SQL that writes a new lead; bound by [`bind_insert!`].
pub const INSERT: &str = "INSERT INTO leads \
    (id, name, email, phone, status, kilde, beskrivelse, adresse, postnr, tags, created_at, updated_at) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)";

pub const UPDATE: &str = "UPDATE leads SET name = $2, email = $3, phone = $4, status = $5, kilde = $6, \
    beskrivelse = $7, adresse = $8, postnr = $9, tags = $10, updated_at = $11 WHERE id = $1";

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

/// Binds every column of `lead` to [`INSERT`] (with `created_at`) or [`UPDATE`] (without).
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
