//! The job list's read (`crate::jobs::list`): jobs by state, worker, customer and ceiling,
//! a page at a time, each filter in SQL.

use uuid::Uuid;

use super::columns;
use super::{Job, JobStatus};
use crate::db::Db;
use crate::db_run;

/// What the job list asks for (`super::list`): a state, a worker, a customer's folded
/// name as a LIKE pattern, and whether only open jobs past a § 32 estimate.
#[derive(Debug, Clone, Default)]
pub struct Find {
    pub status: Option<JobStatus>,
    pub worker: Option<Uuid>,
    pub customer: Option<String>,
    /// Open, priced by `Pricing::Ceiling` (`super::PriceRule::pricing`), and past the
    /// estimate: its kept `used_sum` (migration 0049) above the budget, as the meter's
    /// `over_estimate` says.
    pub over_estimate: bool,
    /// Planned or at work (a montør's week).
    pub open: bool,
}

fn push_find<DB>(query: &mut sqlx::QueryBuilder<DB>, find: &Find)
where
    DB: sqlx::Database,
    for<'t> String: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
    for<'t> Uuid: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
{
    // A worker's jobs come from their rows in `job_workers`, which carry each job's
    // `created_at` (migration 0053): a page of them is the first rows of one index range.
    if let Some(worker) = find.worker {
        query
            .push(" JOIN (SELECT job_id, job_created_at FROM job_workers WHERE user_id = ")
            .push_bind(worker)
            .push(") w ON w.job_id = jobs.id");
    }
    query.push(" WHERE 1 = 1");
    if let Some(status) = find.status {
        query.push(" AND status = ").push_bind(status.as_str().to_owned());
    }
    if let Some(customer) = &find.customer {
        // The lead's folded text (`crate::leads::store::search_text`) holds the customer's
        // name whatever its case; SQLite's LOWER() would fold A-Z only.
        query
            .push(" AND lead_id IN (SELECT id FROM leads WHERE search LIKE ")
            .push_bind(customer.clone())
            .push(" ESCAPE '\\')");
    }
    if find.open || find.over_estimate {
        query.push(concat!(" AND ", not_invoiced!(), " AND status IN ('planned', 'in_progress')"));
    }
    if find.over_estimate {
        query.push(
            " AND (price_rule = 'estimate' OR (price_rule = 'capped' AND budget > 0)) AND used_sum > budget",
        );
    }
}

/// The jobs `find` finds, newest first: `page` (limit and offset) of them, or all; and how
/// many there are in all.
pub async fn find(db: &Db, find: &Find, page: Option<(i64, i64)>) -> Result<(Vec<Job>, i64), sqlx::Error> {
    db_run!(db, pool => {
        let mut query = sqlx::QueryBuilder::new(concat!("SELECT ", columns!(), " FROM jobs"));
        push_find(&mut query, find);
        // A page walks the index `jobs_newest` (a worker's: `job_workers_newest`); all of the few open jobs are read through the
        // status index and sorted here (SQLite, knowing only that a status holds a third of
        // the jobs on average, would otherwise walk every job newest first to skip the sort).
        if let Some((limit, offset)) = page {
            query.push(if find.worker.is_some() {
                " ORDER BY w.job_created_at DESC, w.job_id DESC LIMIT "
            } else {
                " ORDER BY created_at DESC, id DESC LIMIT "
            });
            query.push_bind(limit).push(" OFFSET ").push_bind(offset);
        }
        let mut jobs: Vec<Job> = query.build_query_as().fetch_all(pool).await?;
        if page.is_none() {
            jobs.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
        }
        let total = if page.is_some() {
            let mut query;
            if let Find { worker: Some(worker), status: None, customer: None, over_estimate: false, open: false } = find {
                // Every worker row has its job (deleted with it): their count is the
                // answer, read from the index alone.
                query = sqlx::QueryBuilder::new("SELECT COUNT(*) FROM job_workers WHERE user_id = ");
                query.push_bind(*worker);
            } else {
                query = sqlx::QueryBuilder::new("SELECT COUNT(*) FROM jobs");
                push_find(&mut query, find);
            }
            let (total,): (i64,) = query.build_query_as().fetch_one(pool).await?;
            total
        } else {
            i64::try_from(jobs.len()).unwrap_or(i64::MAX)
        };
        Ok((jobs, total))
    })
}
