//! A phone's retry (#74 finding 11): a new hour entry or material line carries the id its
//! client chose, and what that id holds is looked up before anything that may have changed
//! since the first try (the month approved, the day locked, the montør taken off the job).
//! The same person's record sent the same again is answered as stored (200); sent with
//! anything else, it is refused with the record as stored (409), so the phone neither
//! enters the work twice nor takes the old record for the new one. Another person's id is
//! refused with nothing of theirs. The write itself looks again in its transaction, for
//! tries that arrive at once (`fagfolk_data::jobs::gate::Written`).

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::http::error::{ApiError, ApiResult};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::jobs::gate::{Writer, Written};
use fagfolk_data::jobs::time::TimeEntry;
use fagfolk_data::jobs::{Material, Refused};
use fagfolk_data::refusal::Refusal;

/// A 409 of an hour entry written under the client's id: the refusal and, when the id
/// holds another of the same person's entries, that entry as it is stored.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReusedEntry {
    /// In Norwegian, ready to show.
    pub error: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stored: Option<TimeEntry>,
}

/// A 409 of a material line written under the client's id: the refusal and, when the id
/// holds another of the same person's lines, that line as it is stored.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReusedLine {
    /// In Norwegian, ready to show.
    pub error: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stored: Option<Material>,
}

/// A record a client names by its id, and the 409 it is answered in when the id holds
/// another of the same person's.
pub trait Named: Serialize {
    type Reused: Serialize;
    fn reused(self, error: String) -> Self::Reused;
}

impl Named for TimeEntry {
    type Reused = ReusedEntry;
    fn reused(self, error: String) -> ReusedEntry {
        ReusedEntry { error, stored: Some(self) }
    }
}

impl Named for Material {
    type Reused = ReusedLine;
    fn reused(self, error: String) -> ReusedLine {
        ReusedLine { error, stored: Some(self) }
    }
}

/// Who `user` writes as.
pub fn writer(user: &CurrentUser) -> Writer {
    if user.is_montor() { Writer::Montor } else { Writer::Office }
}

/// The record `stored` found under the client's id, as answered to `user` sending a body
/// that is (`same`) or is not the one that wrote it; another person's is refused.
pub fn found<T: Named>(
    user: &CurrentUser,
    owner: Option<uuid::Uuid>,
    stored: T,
    same: bool,
) -> ApiResult<Response> {
    found_for(user.id, owner, stored, same)
}

/// As [`found`], for a record written for `whose` (the office enters hours for others).
pub fn found_for<T: Named>(
    whose: uuid::Uuid,
    owner: Option<uuid::Uuid>,
    stored: T,
    same: bool,
) -> ApiResult<Response> {
    if owner != Some(whose) {
        return Err(ApiError::from(Refused::Taken));
    }
    Ok(answer(if same { Written::Again(stored) } else { Written::Differs(stored) }))
}

/// The answer to a write under the client's id: 201 with the record written now, 200 with
/// the one an earlier try wrote, 409 with the one the id holds when it holds another.
pub fn answer<T: Named>(written: Written<T>) -> Response {
    match written {
        Written::New(record) => (StatusCode::CREATED, Json(record)).into_response(),
        Written::Again(record) => (StatusCode::OK, Json(record)).into_response(),
        Written::Differs(stored) => {
            (StatusCode::CONFLICT, Json(stored.reused(Refused::Reused.text().into_owned()))).into_response()
        }
    }
}
