//! What the customer sent with their enquiry, for the lead's page: the days they offered
//! for the site visit ("Når passer det med befaring?", `fagfolk_data::contact::wishes`),
//! and their photos (`crate::contact::photos`).

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::history::store;
use crate::http::ApiPath;
use crate::http::error::{ApiResult, OrNotFound};
use crate::state::AppState;
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::contact::PreferredTime;

/// What the customer asked for beyond the lead's own fields.
#[derive(Debug, Serialize, ToSchema)]
pub struct FromCustomer {
    /// The days the customer offered for the site visit in their newest enquiry that
    /// offered any, in order; empty when they offered none.
    pub preferred_times: Vec<PreferredTime>,
    /// The photos sent with the lead's enquiries, oldest enquiry first, each in the order
    /// sent; fetched from `/api/admin/photos/{id}` (`?size=liten` for the thumbnail).
    pub photos: Vec<fagfolk_data::contact::store::photos::Photo>,
}

/// What the customer sent with the lead's enquiries.
#[utoipa::path(
    get, path = "/api/admin/leads/{id}/enquiry",
    params(("id" = Uuid, Path, description = "Lead-ens id")), tag = "admin",
    responses(
        (status = 200, description = "Det kunden sendte", body = FromCustomer),
    )
)]
pub(super) async fn get_enquiry(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<FromCustomer>> {
    fagfolk_data::leads::store::get(&state.db, id).await?.or_not_found(fagfolk_data::leads::NOT_FOUND)?;
    let submissions = store::submissions(&state.db, id).await?;
    let preferred_times = submissions
        .into_iter()
        .rev()
        .map(|submission| submission.preferred_times)
        .find(|times| !times.is_empty())
        .unwrap_or_default();
    let photos = fagfolk_data::contact::store::photos::of_lead(&state.db, id).await?;
    Ok(Json(FromCustomer { preferred_times, photos }))
}
