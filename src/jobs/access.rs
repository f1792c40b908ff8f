//! Who may reach a job, shared by the job, hour and time-sheet routes: the office
//! (administrators and editors) every job, a montør only the jobs they work on; and whose
//! hours a new entry is.

use uuid::Uuid;

use crate::http::error::{ApiError, ApiResult, OrNotFound};
use crate::state::AppState;
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::jobs::{self, Job, store};

/// Job `id` as `user` may see it: a montør who does not work on it is told it is not
/// there, so the answer says nothing of other people's jobs.
pub async fn job_for(state: &AppState, user: &CurrentUser, id: Uuid) -> ApiResult<Job> {
    let job = store::get(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
    if user.is_montor() && !store::works_on(&state.db, id, user.id).await? {
        return Err(ApiError::not_found(jobs::NOT_FOUND));
    }
    Ok(job)
}

/// The workers `workers` names, each an active user, by name (what the audit entry
/// shows); refuses any other.
pub async fn check_workers(state: &AppState, workers: &[Uuid]) -> ApiResult<Vec<jobs::Worker>> {
    let mut named = Vec::with_capacity(workers.len());
    for id in workers {
        match fagfolk_data::users::store::get(&state.db, *id).await? {
            Some(user) if user.is_active => named.push(jobs::Worker { user_id: user.id, name: user.name }),
            _ => return Err(jobs::Refused::NoSuchWorker.into()),
        }
    }
    Ok(named)
}

/// Whose a new entry is, by id and name: the signed-in person's, or the person the office
/// names (an active user); a montør naming anyone else is refused.
pub async fn whose(state: &AppState, user: &CurrentUser, named: Option<&str>) -> ApiResult<(Uuid, String)> {
    let Some(text) = named.map(str::trim).filter(|text| !text.is_empty()) else {
        return Ok((user.id, user.name.clone()));
    };
    let id = Uuid::parse_str(text).map_err(|_| ApiError::from(jobs::Refused::NoSuchPerson))?;
    if id == user.id {
        return Ok((user.id, user.name.clone()));
    }
    if user.is_montor() {
        return Err(jobs::Refused::OthersHours.into());
    }
    match fagfolk_data::users::store::get(&state.db, id).await? {
        Some(person) if person.is_active => Ok((person.id, person.name)),
        _ => Err(jobs::Refused::NoSuchPerson.into()),
    }
}
