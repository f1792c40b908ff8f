//! The list of invoices' reads (`super::super::list`): a page and the counts of each state,
//! over migration 0046's indexes, its kept counts and its trigram index.

use uuid::Uuid;

use super::super::InvoiceKind;
use super::super::list::{InvoiceList, InvoiceRow, PAGE_SIZE, Query, StateCounts};
use crate::db::Db;
use crate::db_run;
use crate::payments::{Balance, InvoiceState};

#[derive(sqlx::FromRow)]
struct ListRow {
    id: Uuid,
    job_id: Uuid,
    number: String,
    #[sqlx(try_from = "String")]
    kind: InvoiceKind,
    credits: Option<String>,
    customer: String,
    issue_date: chrono::NaiveDate,
    due_date: chrono::NaiveDate,
    total: i64,
    credited: i64,
    charged: i64,
    paid: i64,
    state: String,
}

/// How the list finds what a search asks for.
enum Found {
    /// No search.
    All,
    /// A LIKE pattern compared with every invoice's search text (`Query::pattern`).
    Like(String),
    /// An FTS5 phrase looked up in SQLite's trigram index `invoice_search` (migration 0046):
    /// a search of three characters or more. PostgreSQL answers `Like` from its trigram
    /// index.
    Trigram(String),
}

impl Found {
    fn of(db: &Db, query: &Query) -> Self {
        match (&query.pattern, &query.text) {
            (Some(_), Some(text)) if matches!(db, Db::Sqlite(_)) && text.chars().count() >= 3 => {
                // One phrase, its own `"` doubled: nothing typed is read as query syntax.
                Self::Trigram(format!("search : \"{}\"", text.replace('"', "\"\"")))
            }
            (Some(pattern), _) => Self::Like(pattern.clone()),
            _ => Self::All,
        }
    }

    fn push<DB>(&self, query: &mut sqlx::QueryBuilder<DB>)
    where
        DB: sqlx::Database,
        for<'t> String: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
    {
        match self {
            Self::All => {}
            Self::Like(pattern) => {
                query.push(" AND invoices.search LIKE ").push_bind(pattern.clone()).push(" ESCAPE '\\'");
            }
            Self::Trigram(phrase) => {
                query
                    .push(" AND invoices.rowid IN (SELECT rowid FROM invoice_search WHERE invoice_search MATCH ")
                    .push_bind(phrase.clone())
                    .push(")");
            }
        }
    }
}

/// What a filter of states reads: for each standing it takes, the due dates its invoices
/// must fall in (from, before). Overdue is one rule everywhere (`Balance::state`): past the
/// due date with something left to pay, paid in part or not. So "forfalt" takes unpaid and
/// partly paid invoices due before today, "sendt" and "delvis betalt" those due from today,
/// and "unpaid" (the three) both standings whatever their due date.
type Filter = Vec<(&'static str, chrono::NaiveDate, chrono::NaiveDate)>;

fn standings(states: &[&str], today: chrono::NaiveDate) -> Filter {
    // Dates both databases hold (PostgreSQL's begin in 4713 BC, chrono's long before).
    let ever = chrono::NaiveDate::from_ymd_opt(1, 1, 1).unwrap_or(today);
    let never = chrono::NaiveDate::from_ymd_opt(9999, 12, 31).unwrap_or(today);
    let mut taken: Filter = Vec::new();
    let mut take = |standing: &'static str, from: chrono::NaiveDate, before: chrono::NaiveDate| match taken
        .iter_mut()
        .find(|(kept, _, _)| *kept == standing)
    {
        Some((_, kept_from, kept_before)) => {
            *kept_from = (*kept_from).min(from);
            *kept_before = (*kept_before).max(before);
        }
        None => taken.push((standing, from, before)),
    };
    for state in states {
        match *state {
            "sent" => take("unpaid", today, never),
            "overdue" => {
                take("unpaid", ever, today);
                take("partly_paid", ever, today);
            }
            "partly_paid" => take("partly_paid", today, never),
            "paid" => take("paid", ever, never),
            _ => take("credited", ever, never),
        }
    }
    taken
}

/// The columns of a row of the list and its state on `today` (bound here), from `invoices`
/// and the invoice each credits.
fn row_columns<DB>(query: &mut sqlx::QueryBuilder<DB>, today: chrono::NaiveDate)
where
    DB: sqlx::Database,
    for<'t> chrono::NaiveDate: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
{
    query
        .push(
            "SELECT invoices.id, invoices.job_id, invoices.number, invoices.kind, credited_invoice.number AS credits, \
             invoices.customer, invoices.issue_date, invoices.due_date, invoices.total, invoices.credited, \
             invoices.charged, invoices.paid, \
             CASE WHEN invoices.standing IN ('unpaid', 'partly_paid') AND invoices.due_date < ",
        )
        .push_bind(today)
        .push(" THEN 'overdue' WHEN invoices.standing = 'unpaid' THEN 'sent' ELSE invoices.standing END AS state");
}

const CREDITED_INVOICE: &str =
    " LEFT JOIN invoices AS credited_invoice ON credited_invoice.id = invoices.credited_id";
const NEWEST_FIRST: &str = " ORDER BY invoices.issue_date DESC, invoices.number DESC";

/// The page of the whole list: the ids of the invoices in `standings` (all when empty),
/// newest first, read from one of migration 0046's indexes, then those rows.
fn page_query<DB>(
    standings: &Filter,
    today: chrono::NaiveDate,
    (limit, offset): (i64, i64),
) -> sqlx::QueryBuilder<DB>
where
    DB: sqlx::Database,
    for<'t> &'static str: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
    for<'t> chrono::NaiveDate: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
    for<'t> i64: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
{
    let mut query = sqlx::QueryBuilder::new("");
    row_columns(&mut query, today);
    query.push(" FROM (SELECT invoices.id FROM invoices WHERE 1 = 1");
    for (at, (standing, from, before)) in standings.iter().enumerate() {
        query
            .push(if at == 0 { " AND ((" } else { " OR (" })
            .push("invoices.standing = ")
            .push_bind(*standing)
            .push(" AND invoices.due_date >= ")
            .push_bind(*from)
            .push(" AND invoices.due_date < ")
            .push_bind(*before)
            .push(")");
    }
    if !standings.is_empty() {
        query.push(")");
    }
    query
        .push(NEWEST_FIRST)
        .push(" LIMIT ")
        .push_bind(limit)
        .push(" OFFSET ")
        .push_bind(offset)
        .push(") AS page JOIN invoices ON invoices.id = page.id")
        .push(CREDITED_INVOICE)
        .push(NEWEST_FIRST);
    query
}

/// The page and the counts of the whole list: a walk of an index for the page, and the rows
/// of `invoice_standings`, which the database keeps as invoices are written, with the unpaid
/// ones past their due date counted apart (a range of the index).
async fn whole(
    db: &Db,
    query: &Query,
    today: chrono::NaiveDate,
) -> Result<(Vec<ListRow>, Vec<(String, i64, i64)>), sqlx::Error> {
    let offset = (query.page - 1) * PAGE_SIZE;
    let standings = standings(&query.states, today);
    let rows: Vec<ListRow> = db_run!(db, pool => {
        page_query(&standings, today, (PAGE_SIZE, offset))
            .build_query_as()
            .fetch_all(pool)
            .await
    })?;
    // The overdue: all of them from what is kept by due date (migration 0050, one row a day),
    // the unpaid among them from the index by standing and due date; the partly paid are the
    // rest. Not a pass over the thousands of overdue invoices a firm may carry.
    let mut counts: Vec<(String, i64, i64)> = db_run!(db, pool => sqlx::query_as(
        "SELECT standing, invoices, owing FROM invoice_standings \
         UNION ALL SELECT 'overdue unpaid', COUNT(*), CAST(COALESCE(SUM(owing), 0) AS BIGINT) \
         FROM invoices WHERE standing = 'unpaid' AND due_date < $1 \
         UNION ALL SELECT 'overdue', CAST(COALESCE(SUM(invoices), 0) AS BIGINT), \
         CAST(COALESCE(SUM(owing), 0) AS BIGINT) FROM invoice_dues WHERE due_date < $1",
    )
    .bind(today)
    .fetch_all(pool)
    .await)?;
    let find = |counts: &[(String, i64, i64)], name: &str| {
        counts.iter().find(|(kept, ..)| kept == name).map_or((0, 0), |(_, count, sum)| (*count, *sum))
    };
    let (all, all_owing) = find(&counts, "overdue");
    let (unpaid, unpaid_owing) = find(&counts, "overdue unpaid");
    counts.retain(|(kept, ..)| kept != "overdue");
    counts.push(("overdue partly_paid".to_owned(), all - unpaid, all_owing - unpaid_owing));
    Ok((rows, counts))
}

/// The page and the counts of a search: what the search finds is read once, newest first
/// (each invoice's id, standing, what it owes and its due date, from the trigram index and
/// the list's index), counted and filtered here, and the page's rows read by id.
async fn searched(
    db: &Db,
    found: &Found,
    query: &Query,
    today: chrono::NaiveDate,
) -> Result<(Vec<ListRow>, Vec<(String, i64, i64)>), sqlx::Error> {
    let hits: Vec<(Uuid, String, i64, chrono::NaiveDate)> = db_run!(db, pool => {
        let mut read = sqlx::QueryBuilder::new(
            "SELECT invoices.id, invoices.standing, invoices.owing, invoices.due_date FROM invoices WHERE 1 = 1",
        );
        found.push(&mut read);
        read.push(NEWEST_FIRST);
        read.build_query_as().fetch_all(pool).await
    })?;
    let mut counts: Vec<(String, i64, i64)> = Vec::new();
    let mut add = |standing: &str, owing: i64| match counts.iter_mut().find(|(kept, _, _)| kept == standing) {
        Some((_, count, sum)) => {
            *count += 1;
            *sum += owing;
        }
        None => counts.push((standing.to_owned(), 1, owing)),
    };
    let mut shown = Vec::new();
    for (id, standing, owing, due_date) in &hits {
        add(standing, *owing);
        let overdue = matches!(standing.as_str(), "unpaid" | "partly_paid") && *due_date < today;
        let state = match standing.as_str() {
            _ if overdue => "overdue",
            "unpaid" => "sent",
            other => other,
        };
        if overdue {
            add(if standing == "unpaid" { "overdue unpaid" } else { "overdue partly_paid" }, *owing);
        }
        if query.states.is_empty() || query.states.contains(&state) {
            shown.push(*id);
        }
    }
    let skip = usize::try_from((query.page - 1) * PAGE_SIZE).unwrap_or(usize::MAX);
    let page: Vec<Uuid> = shown.into_iter().skip(skip).take(PAGE_SIZE as usize).collect();
    if page.is_empty() {
        return Ok((Vec::new(), counts));
    }
    let rows = db_run!(db, pool => {
        let mut read = sqlx::QueryBuilder::new("");
        row_columns(&mut read, today);
        read.push(" FROM invoices").push(CREDITED_INVOICE).push(" WHERE");
        crate::db::push_in(&mut read, "invoices.id", &page);
        read.push(NEWEST_FIRST);
        read.build_query_as().fetch_all(pool).await
    })?;
    Ok((rows, counts))
}

/// A page of the invoices `query` asks for on `today`, newest first, with the filter's
/// count and outstanding sum and the count of each state: the whole list from its indexes
/// and kept counts (`whole`), a search from what it finds (`searched`). Neither reads ten
/// years of invoices on a request.
pub async fn list(db: &Db, query: &Query, today: chrono::NaiveDate) -> Result<InvoiceList, sqlx::Error> {
    let (rows, standings) = match Found::of(db, query) {
        Found::All => whole(db, query, today).await?,
        found => searched(db, &found, query, today).await?,
    };
    let mut counts = StateCounts::default();
    let mut owing = StateCounts::default();
    for (standing, count, left) in standings {
        // The overdue of a standing are counted with it, and moved to "forfalt" here.
        let moved = match standing.as_str() {
            "overdue unpaid" => Some((&mut counts.sent, &mut owing.sent)),
            "overdue partly_paid" => Some((&mut counts.partly_paid, &mut owing.partly_paid)),
            _ => None,
        };
        if let Some((slot, sum)) = moved {
            *slot -= count;
            *sum -= left;
            counts.overdue += count;
            owing.overdue += left;
            continue;
        }
        let (slot, sum) = match standing.as_str() {
            "unpaid" => (&mut counts.sent, &mut owing.sent),
            "partly_paid" => (&mut counts.partly_paid, &mut owing.partly_paid),
            "paid" => (&mut counts.paid, &mut owing.paid),
            "credited" => (&mut counts.credited, &mut owing.credited),
            _ => (&mut counts.credit_notes, &mut owing.credit_notes),
        };
        *slot += count;
        *sum += left;
    }
    let states = [
        ("sent", counts.sent, owing.sent),
        ("overdue", counts.overdue, owing.overdue),
        ("partly_paid", counts.partly_paid, owing.partly_paid),
        ("paid", counts.paid, owing.paid),
        ("credited", counts.credited, owing.credited),
        ("credit_note", counts.credit_notes, owing.credit_notes),
    ];
    let (mut total_rows, mut outstanding) = (0, 0);
    for (state, count, left) in states {
        if query.states.is_empty() || query.states.contains(&state) {
            total_rows += count;
            outstanding += left;
        }
    }
    let rows = rows
        .into_iter()
        .map(|row| {
            let credit_note = row.kind == InvoiceKind::CreditNote;
            InvoiceRow {
                id: row.id,
                job_id: row.job_id,
                number: row.number,
                kind: row.kind,
                credits: row.credits,
                customer: row.customer,
                issue_date: row.issue_date,
                due_date: row.due_date,
                balance: if credit_note {
                    Balance { total: row.total, ..Balance::default() }
                } else {
                    Balance::charged(row.total, row.credited, row.charged, row.paid)
                },
                state: InvoiceState::ALL.into_iter().find(|state| state.as_str() == row.state),
            }
        })
        .collect();
    Ok(InvoiceList { rows, total_rows, page: query.page, page_size: PAGE_SIZE, outstanding, counts })
}
