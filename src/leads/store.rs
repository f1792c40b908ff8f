//! The lead store: every query and write of leads, written once for SQLite and PostgreSQL.
//! Filters are bound parameters; an empty filter matches everything. Each write carries
//! its audit entry into the same transaction.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::QueryBuilder;
use uuid::Uuid;

use super::model::{FollowUpFilter, Lead, LeadFields, LeadSort};
use crate::audit::NewAudit;
use crate::db::Db;
use crate::db::like_pattern;
use crate::text::{Needle, fold, phone_digits};
use crate::{audited, db_run};

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
{
    query.push(" WHERE 1 = 1");
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
        query.push(" AND rowid IN (SELECT rowid FROM lead_search WHERE lead_search MATCH ");
        query.push_bind(fts_query(needle)).push(")");
    } else {
        query.push(" AND (search LIKE ").push_bind(like_pattern(Some(&needle.text))).push(" ESCAPE '\\'");
        if let Some(digits) = &needle.digits {
            query.push(" OR phone_digits LIKE ").push_bind(like_pattern(Some(digits)));
        }
        query.push(")");
    }
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
    db_run!(db, pool => {
        let mut query = QueryBuilder::new(concat!("SELECT ", columns!(), " FROM leads"));
        push_where(&mut query, filter, true, sqlite);
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
        query.push("created_at DESC, id DESC LIMIT ").push_bind(limit);
        query.push(" OFFSET ").push_bind(offset);
        query.build_query_as().fetch_all(pool).await
    })
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
    let items = db_run!(db, pool => {
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
    Ok((counts, items))
}

/// The command search's leads: the five newest the lead list's search finds.
pub async fn search(db: &Db, filter: &Filter) -> Result<Vec<crate::search::Hit>, sqlx::Error> {
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
            "SELECT ", columns!(), " FROM leads WHERE search IS NULL OR phone_digits IS NULL LIMIT 500"
        ))
        .fetch_all(pool)
        .await)?;
        if batch.is_empty() {
            break;
        }
        db_run!(db, pool => {
            let mut tx = crate::db::BeginWrite::begin_write(pool).await?;
            for lead in &batch {
                sqlx::query("UPDATE leads SET search = $2, phone_digits = $3 WHERE id = $1")
                    .bind(lead.id)
                    .bind(search_text(lead))
                    .bind(phone_digits(lead.phone.as_deref().unwrap_or_default()))
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

/// The open leads (in one of `statuses`) to follow up on `today` or before, the longest
/// overdue first (up to `limit`), and how many there are in all.
pub async fn follow_ups_due(
    db: &Db,
    today: NaiveDate,
    statuses: &[String],
    limit: i64,
) -> Result<(Vec<crate::dashboard::FollowUp>, i64), sqlx::Error> {
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
    let email = lead.email.as_deref().map(str::to_lowercase);
    if statuses.is_empty() || (digits.is_none() && email.is_none()) {
        return Ok(None);
    }
    let found: Option<(Uuid,)> = db_run!(db, pool => {
        let mut query = QueryBuilder::new("SELECT id FROM leads WHERE id <> ");
        query.push_bind(lead.id).push(" AND (phone_digits = ").push_bind(digits.clone());
        query.push(" OR lower(email) = ").push_bind(email.clone()).push(") AND");
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

/// The leads with e-mail address `email` (lower case) in any case, or whose phone number
/// has `digits` (`crate::text::phone_digits`), oldest first (for privacy requests).
pub async fn by_contact(
    db: &Db,
    email: Option<&str>,
    digits: Option<&str>,
) -> Result<Vec<Lead>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), " FROM leads WHERE lower(email) = $1 OR phone_digits = $2 ORDER BY created_at",
    ))
    .bind(email)
    .bind(digits)
    .fetch_all(pool)
    .await)
}

pub async fn get(db: &Db, id: Uuid) -> Result<Option<Lead>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), " FROM leads WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await)
}

/// The statement that writes a new lead, bound with [`bind_lead!`].
pub const INSERT: &str = "INSERT INTO leads \
    (id, name, email, phone, status, kilde, beskrivelse, adresse, postnr, tags, search, phone_digits, \
     follow_up, assignee_id, duplicate_of, created_at, updated_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)";

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

/// The statement that saves every field of a lead, bound with [`bind_lead!`] and then
/// `updated_at`.
pub const UPDATE: &str = "UPDATE leads SET name = $2, email = $3, phone = $4, status = $5, kilde = $6, \
    beskrivelse = $7, adresse = $8, postnr = $9, tags = $10, search = $11, phone_digits = $12, \
    follow_up = $13, assignee_id = $14, duplicate_of = $15, updated_at = $16 WHERE id = $1";

/// Saves every field of `lead` and its audit entry; `false` when the lead is gone.
pub async fn update(db: &Db, lead: &Lead, entry: &NewAudit) -> Result<bool, sqlx::Error> {
    audited!(db, entry, tx => {
        let result = bind_lead!(sqlx::query(UPDATE), lead).bind(lead.updated_at).execute(&mut *tx).await?;
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
        follow_up: fields.follow_up,
        assignee_id: fields.assignee_id,
        duplicate_of: None,
        created_at: now,
        updated_at: now,
    }
}
