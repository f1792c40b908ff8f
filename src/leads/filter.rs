//! Which leads the list, the board and the export show: the filters a request asks for,
//! read into the store's `Filter`.

use fagfolk_data::auth::CurrentUser;
use fagfolk_data::leads::model::FollowUpFilter;
use fagfolk_data::leads::store::Filter;

use crate::http::error::{ApiError, ApiResult};
use crate::settings;
use crate::state::AppState;

/// The list's and the board's filters: `mine` is the signed-in user's leads, `follow_up`
/// counts from today in Norway.
pub fn filter(
    state: &AppState,
    user: &CurrentUser,
    q: Option<&str>,
    status: Option<&str>,
    source: Option<&str>,
    mine: Option<bool>,
    follow_up: Option<FollowUpFilter>,
) -> Filter {
    Filter {
        assignee: mine.unwrap_or(false).then_some(user.id),
        follow_up: follow_up.map(|which| (which, state.clock.today())),
        ..Filter::new(q, status, source)
    }
}

/// `filter` narrowed to the statuses that mean `kind` and to leads of the last `days`
/// days: what the dashboard's counts link to.
pub async fn narrowed(
    state: &AppState,
    filter: Filter,
    kind: Option<settings::StatusKind>,
    days: Option<i64>,
) -> ApiResult<Filter> {
    if days.is_some_and(|days| !(1..=366).contains(&days)) {
        return Err(ApiError::BadRequest("Antall dager må være mellom 1 og 366.".to_owned()));
    }
    let statuses = match kind {
        Some(kind) => Some(
            settings::stages(&state.db)
                .await?
                .into_iter()
                .filter(|stage| stage.kind == kind)
                .map(|stage| stage.name)
                .collect(),
        ),
        None => None,
    };
    let created_since = days.map(|days| state.clock.now() - chrono::Duration::days(days));
    Ok(Filter { statuses, created_since, ..filter })
}
