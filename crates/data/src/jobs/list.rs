//! The office's list of jobs ("Oppdrag"): a page at a time, newest first, filtered by
//! state, worker, customer and whether past the estimate, each filter in SQL
//! (`store::find`, past the estimate by the sums each job keeps) and a meter only for the
//! jobs on the page (`super::summaries`), so the list answers as fast with ten years of
//! jobs as with one.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::{JobStatus, JobSummary, store, summaries};
use crate::db::Db;

/// Jobs on a page of the list.
pub const PAGE_SIZE: i64 = 50;

/// What the list is asked for.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct JobFilter {
    /// Only jobs in this state.
    #[param(inline)]
    pub status: Option<JobStatus>,
    /// Only the jobs this person works on.
    pub worker: Option<Uuid>,
    /// Part of the customer's name, e-mail or phone (as the lead's search finds it), any case.
    pub customer: Option<String>,
    /// Only open jobs past their estimate (a prisoverslag, or a consumer's timepris with a
    /// sum given).
    pub over_estimate: Option<bool>,
    /// The page, from 1.
    pub page: Option<i64>,
}

/// A page of the list, and how many jobs the whole filter holds.
#[derive(Debug, Serialize, ToSchema)]
pub struct JobPage {
    pub rows: Vec<JobSummary>,
    pub total_rows: i64,
    pub page: i64,
    pub page_size: i64,
}

/// The page of jobs `filter` asks for.
pub async fn page(db: &Db, filter: &JobFilter) -> Result<JobPage, sqlx::Error> {
    let page = filter.page.unwrap_or(1).clamp(1, 100_000);
    let customer = crate::db::like_pattern(filter.customer.as_deref().map(crate::text::fold).as_deref());
    let find = store::Find {
        status: filter.status,
        worker: filter.worker,
        customer: (!customer.is_empty()).then_some(customer),
        over_estimate: filter.over_estimate == Some(true),
        open: false,
    };
    let offset = (page - 1) * PAGE_SIZE;
    let (jobs, total_rows) = if find.over_estimate {
        // The jobs past their estimate are a few open ones: read whole (through the index
        // of the jobs not invoiced) and cut here, not by walking every job newest first.
        let (over, total) = store::find(db, &find, None).await?;
        let skip = usize::try_from(offset).unwrap_or(usize::MAX);
        (over.into_iter().skip(skip).take(PAGE_SIZE as usize).collect(), total)
    } else {
        store::find(db, &find, Some((PAGE_SIZE, offset))).await?
    };
    let rows = summaries(db, jobs).await?;
    Ok(JobPage { rows, total_rows, page, page_size: PAGE_SIZE })
}
