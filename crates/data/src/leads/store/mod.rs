//! The lead store: every query of leads, written once for SQLite and PostgreSQL (the
//! writes are in `write.rs`). Filters are bound parameters; an empty filter matches
//! everything.

use chrono::NaiveDate;
use sqlx::QueryBuilder;
use uuid::Uuid;

use super::model::{FollowUpFilter, Lead, LeadSort};
use crate::db::Db;
use crate::db::like_pattern;
use crate::db_run;
use crate::text::{Needle, fold, phone_digits};

pub use lookup::*;
pub use write::*;

pub mod contacts;

macro_rules! columns {
    () => {
        "id, name, email, phone, status, kilde, beskrivelse, adresse, postnr, tags, follow_up, assignee_id, \
         duplicate_of, created_at, updated_at"
    };
}

/// Binds the columns from `id` to `tags` of `lead`, its search columns, its follow-up day,
/// its assignee and the lead it may duplicate, in the order of [`INSERT`] and of the UPDATE below; an INSERT binds
/// `created_at` and `updated_at` after them. The contact form (`crate::contact`) and the demo data write their leads with it.
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
            .bind($crate::leads::store::search_text(&$lead))
            .bind($crate::text::phone_digits($lead.phone.as_deref().unwrap_or_default()))
            .bind($lead.follow_up)
            .bind($lead.assignee_id)
            .bind($lead.duplicate_of)
            .bind($lead.email.as_deref().map($crate::text::email_key))
    };
}

/// What a lead is found by, folded (`crate::text::fold`): name, e-mail, phone,
/// description, address and postcode, one per line.
pub fn search_text(lead: &Lead) -> String {
    let fields = [Some(&lead.name), lead.email.as_ref(), lead.phone.as_ref(), lead.beskrivelse.as_ref()];
    let place = [lead.adresse.as_ref(), lead.postnr.as_ref()];
    let text: Vec<&str> = fields.into_iter().chain(place).flatten().map(String::as_str).collect();
    fold(&text.join("\n"))
}

/// The filters of the lead list, the board and the command search: a status and a source
/// as given ('' for any), the search text as a folded needle (`crate::text::Needle`), an
/// assignee, and a follow-up filter with the day it counts from (today in Norway).
#[derive(Default)]
pub struct Filter {
    pub status: String,
    pub source: String,
    pub needle: Needle,
    pub assignee: Option<Uuid>,
    pub follow_up: Option<(FollowUpFilter, NaiveDate)>,
    /// Only leads in one of these statuses (those of one meaning: open, won or lost).
    pub statuses: Option<Vec<String>>,
    /// Only leads created at or after this moment.
    pub created_since: Option<chrono::DateTime<chrono::Utc>>,
}

impl Filter {
    pub fn new(q: Option<&str>, status: Option<&str>, source: Option<&str>) -> Self {
        Self {
            status: status.map(str::trim).unwrap_or_default().to_owned(),
            source: source.map(str::trim).unwrap_or_default().to_owned(),
            needle: Needle::new(q.unwrap_or_default()),
            ..Self::default()
        }
    }
}

/// Appends the WHERE clause of `filter` to `query`, binding its values. Only the
/// conditions in use are written, so each database plans the query it is given and can use
/// the search index (migrations 0007):
/// - SQLite looks a text of three characters or more up in the FTS5 trigram index
///   `lead_search` (kept in step with `leads` by triggers); a shorter one is compared
///   with the folded `search` column of every lead.
/// - PostgreSQL compares `search` and `phone_digits` with `LIKE`, which its trigram (GIN)
///   indexes answer.
fn push_where<DB>(query: &mut QueryBuilder<DB>, filter: &Filter, with_status: bool, sqlite: bool)
where
    DB: sqlx::Database,
    for<'t> String: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
    for<'t> Uuid: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
    for<'t> NaiveDate: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
    for<'t> chrono::DateTime<chrono::Utc>: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
{
    query.push(" WHERE 1 = 1");
    match &filter.statuses {
        Some(statuses) if statuses.is_empty() => {
            query.push(" AND 1 = 0");
        }
        Some(statuses) => {
            query.push(" AND");
            crate::db::push_in(query, "status", statuses);
        }
        None => {}
    }
    if let Some(since) = filter.created_since {
        query.push(" AND created_at >= ").push_bind(since);
    }
    if with_status && !filter.status.is_empty() {
        query.push(" AND status = ").push_bind(filter.status.clone());
    }
    if !filter.source.is_empty() {
        query.push(" AND kilde = ").push_bind(filter.source.clone());
    }
    if let Some(assignee) = filter.assignee {
        query.push(" AND assignee_id = ").push_bind(assignee);
    }
    match filter.follow_up {
        Some((FollowUpFilter::Due, today)) => {
            query.push(" AND follow_up <= ").push_bind(today);
        }
        Some((FollowUpFilter::Planned, _)) => {
            query.push(" AND follow_up IS NOT NULL");
        }
        Some((FollowUpFilter::None, _)) => {
            query.push(" AND follow_up IS NULL");
        }
        None => {}
    }
    let needle = &filter.needle;
    if needle.text.is_empty() {
        return;
    }
    if sqlite && needle.text.chars().count() >= 3 {
        query.push(" AND (rowid IN (SELECT rowid FROM lead_search WHERE lead_search MATCH ");
        query.push_bind(fts_query(needle)).push(")");
        contacts::push_key_match(query, &other_contact_patterns(needle), true);
        query.push(")");
    } else {
        query.push(" AND (search LIKE ").push_bind(like_pattern(Some(&needle.text))).push(" ESCAPE '\\'");
        if let Some(digits) = &needle.digits {
            query.push(" OR phone_digits LIKE ").push_bind(like_pattern(Some(digits)));
        }
        contacts::push_key_match(query, &other_contact_patterns(needle), true);
        query.push(")");
    }
}

/// The patterns a search compares the other contacts' keys with: its folded text
/// (e-mail addresses) and its digits (phone numbers).
fn other_contact_patterns(needle: &Needle) -> Vec<String> {
    let mut patterns = vec![like_pattern(Some(&needle.text))];
    patterns.extend(needle.digits.as_deref().map(|digits| like_pattern(Some(digits))));
    patterns
}

/// The FTS5 query for `needle`: its text as one phrase in `search`, or its digits as one
/// in `phone_digits`. A phrase is quoted with its own `"` doubled, so nothing a user types
/// is read as query syntax; with the trigram tokenizer a phrase matches wherever it occurs.
fn fts_query(needle: &Needle) -> String {
    let phrase = |text: &str| format!("\"{}\"", text.replace('"', "\"\""));
    match &needle.digits {
        Some(digits) => format!("search : {} OR phone_digits : {}", phrase(&needle.text), phrase(digits)),
        None => format!("search : {}", phrase(&needle.text)),
    }
}

/// One page of the leads `filter` finds, in the order `sort` gives; `pipeline` is the
/// statuses in order, for sorting by status (a status no longer in it sorts last).
pub async fn list(
    db: &Db,
    filter: &Filter,
    sort: LeadSort,
    pipeline: &[String],
    limit: i64,
    offset: i64,
) -> Result<Vec<Lead>, sqlx::Error> {
    let sqlite = matches!(db, Db::Sqlite(_));
    let mut leads: Vec<Lead> = db_run!(db, pool => {
        let mut query = QueryBuilder::new(concat!("SELECT ", columns!(), " FROM leads"));
        push_where(&mut query, filter, true, sqlite);
        push_order(&mut query, sort, pipeline);
        query.push(" LIMIT ").push_bind(limit);
        query.push(" OFFSET ").push_bind(offset);
        query.build_query_as().fetch_all(pool).await
    })?;
    contacts::attach(db, &mut leads).await?;
    Ok(leads)
}

/// Every lead `filter` finds, in `sort`'s order, sent one by one into `out` as they are
/// read (the CSV export: memory stays flat however many there are). Stops early when
/// `out` is closed (the download was cancelled); answers how many were sent.
pub async fn each(
    db: &Db,
    filter: &Filter,
    sort: LeadSort,
    pipeline: &[String],
    out: &tokio::sync::mpsc::Sender<Lead>,
) -> Result<usize, sqlx::Error> {
    use futures_util::TryStreamExt;
    let sqlite = matches!(db, Db::Sqlite(_));
    db_run!(db, pool => async {
        let mut query = QueryBuilder::new(concat!("SELECT ", columns!(), " FROM leads"));
        push_where(&mut query, filter, true, sqlite);
        push_order(&mut query, sort, pipeline);
        let mut rows = query.build_query_as::<Lead>().fetch(pool);
        let mut sent = 0;
        while let Some(lead) = rows.try_next().await? {
            if out.send(lead).await.is_err() {
                break;
            }
            sent += 1;
        }
        Ok(sent)
    }.await)
}

/// ` ORDER BY ...` for `sort`, newest first among equals.
fn push_order<DB>(query: &mut QueryBuilder<DB>, sort: LeadSort, pipeline: &[String])
where
    DB: sqlx::Database,
    for<'t> String: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
{
    query.push(" ORDER BY ");
    match sort {
        // The folded search text starts with the folded name.
        LeadSort::Name => {
            query.push("search ASC, ");
        }
        LeadSort::NameDesc => {
            query.push("search DESC, ");
        }
        LeadSort::Status | LeadSort::StatusDesc => {
            query.push("CASE status");
            for (place, status) in pipeline.iter().enumerate() {
                query.push(" WHEN ").push_bind(status.clone()).push(format!(" THEN {place}"));
            }
            query.push(format!(" ELSE {} END", pipeline.len()));
            query.push(if sort == LeadSort::Status { " ASC, " } else { " DESC, " });
        }
        LeadSort::Created => {
            query.push("created_at ASC, id ASC, ");
        }
        LeadSort::CreatedDesc => {}
    }
    query.push("created_at DESC, id DESC");
}

pub async fn count(db: &Db, filter: &Filter) -> Result<i64, sqlx::Error> {
    let sqlite = matches!(db, Db::Sqlite(_));
    let (n,): (i64,) = db_run!(db, pool => {
        let mut query = QueryBuilder::new("SELECT COUNT(*) FROM leads");
        push_where(&mut query, filter, true, sqlite);
        query.build_query_as().fetch_one(pool).await
    })?;
    Ok(n)
}

/// Every lead in the database.
pub async fn count_all(db: &Db) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) =
        db_run!(db, pool => sqlx::query_as("SELECT COUNT(*) FROM leads").fetch_one(pool).await)?;
    Ok(n)
}

/// The kanban in two queries whatever the pipeline's length: the count per status, and
/// the newest `per_status` leads of each of `statuses`, one indexed walk per status
/// (`leads_status`) joined with UNION ALL. `filter.status` is ignored.
pub async fn board(
    db: &Db,
    filter: &Filter,
    statuses: &[String],
    per_status: i64,
) -> Result<(Vec<(String, i64)>, Vec<Lead>), sqlx::Error> {
    let sqlite = matches!(db, Db::Sqlite(_));
    let counts = db_run!(db, pool => {
        let mut query = QueryBuilder::new("SELECT status, COUNT(*) FROM leads");
        push_where(&mut query, filter, false, sqlite);
        query.push(" GROUP BY status");
        query.build_query_as().fetch_all(pool).await
    })?;
    if statuses.is_empty() {
        return Ok((counts, Vec::new()));
    }
    let mut items: Vec<Lead> = db_run!(db, pool => {
        let mut query = QueryBuilder::new("");
        for (place, status) in statuses.iter().enumerate() {
            if place > 0 {
                query.push(" UNION ALL ");
            }
            query.push(concat!("SELECT * FROM (SELECT ", columns!(), " FROM leads"));
            push_where(&mut query, filter, false, sqlite);
            query.push(" AND status = ").push_bind(status.clone());
            query.push(" ORDER BY created_at DESC, id DESC LIMIT ").push_bind(per_status);
            query.push(format!(") AS column_{place}"));
        }
        query.push(" ORDER BY created_at DESC, id DESC");
        query.build_query_as().fetch_all(pool).await
    })?;
    contacts::attach(db, &mut items).await?;
    Ok((counts, items))
}

/// The command search's leads: the five newest the lead list's search finds.
pub async fn search(db: &Db, filter: &Filter) -> Result<Vec<crate::text::Hit>, sqlx::Error> {
    let sqlite = matches!(db, Db::Sqlite(_));
    db_run!(db, pool => {
        let mut query = QueryBuilder::new("SELECT id, name AS title, COALESCE(email, phone) AS detail FROM leads");
        push_where(&mut query, filter, false, sqlite);
        query.push(" ORDER BY created_at DESC LIMIT 5");
        query.build_query_as().fetch_all(pool).await
    })
}

/// Makes every lead searchable: fills in the search columns of leads written without
/// them (from before they existed, or copied in by other means), in batches whose
/// updates are one transaction that writes first (SQLite); then, on SQLite, rebuilds the
/// trigram index, whose rowids a VACUUM (a backup made with VACUUM INTO, restored) may
/// have renumbered, or on PostgreSQL, after filling leads in, refreshes the planner's
/// statistics. Runs at start-up; answers how many leads it filled in.
pub async fn index_missing(db: &Db) -> Result<u64, sqlx::Error> {
    let mut done = 0;
    loop {
        let batch: Vec<Lead> = db_run!(db, pool => sqlx::query_as(concat!(
            "SELECT ", columns!(), " FROM leads WHERE search IS NULL OR phone_digits IS NULL \
             OR (email IS NOT NULL AND email_key IS NULL) LIMIT 500"
        ))
        .fetch_all(pool)
        .await)?;
        if batch.is_empty() {
            break;
        }
        db_run!(db, pool => {
            let mut tx = crate::db::BeginWrite::begin_write(pool).await?;
            for lead in &batch {
                sqlx::query("UPDATE leads SET search = $2, phone_digits = $3, email_key = $4 WHERE id = $1")
                    .bind(lead.id)
                    .bind(search_text(lead))
                    .bind(phone_digits(lead.phone.as_deref().unwrap_or_default()))
                    .bind(lead.email.as_deref().map(crate::text::email_key))
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await
        })?;
        done += batch.len() as u64;
    }
    match db {
        Db::Sqlite(pool) => {
            sqlx::query("INSERT INTO lead_search (lead_search) VALUES ('rebuild')").execute(pool).await?;
        }
        // Fresh statistics after filling many leads in, so the planner knows the trigram
        // indexes are worth using.
        Db::Postgres(pool) if done > 0 => {
            sqlx::query("ANALYZE leads").execute(pool).await?;
        }
        Db::Postgres(_) => {}
    }
    Ok(done)
}

// After the column list, which they use.
mod lookup;
mod write;
