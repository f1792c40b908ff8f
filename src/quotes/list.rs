//! The "Tilbud" page's list: every quote, filtered by state, expiry and who made it.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use fagfolk_data::auth::CurrentUser;
use fagfolk_data::quotes::{Quote, QuoteStatus, store};

use crate::http::ApiQuery;
use crate::http::error::{ApiResult, ErrorBody};
use crate::state::AppState;

/// A quote with what the list shows beside it.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuoteRow {
    #[serde(flatten)]
    pub quote: Quote,
    /// The lead's name, while there is a lead.
    pub lead_name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct QuoteList {
    pub items: Vec<QuoteRow>,
    /// Who has made quotes, for the owner filter.
    pub owners: Vec<Owner>,
}

#[derive(Debug, Serialize, ToSchema, PartialEq)]
pub struct Owner {
    pub id: Uuid,
    pub name: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct QuoteFilter {
    /// Only quotes in this state (`expired`: sent, and past their valid-until day).
    #[param(inline)]
    status: Option<QuoteStatus>,
    /// Only sent quotes whose valid-until day is within the next 7 days.
    expiring: Option<bool>,
    /// Only quotes made by this member of staff.
    owner: Option<Uuid>,
}

/// Every quote, newest first, filtered; replaced versions are left out unless asked for.
#[utoipa::path(
    get, path = "/api/admin/quotes", tag = "admin", params(QuoteFilter),
    responses(
        (status = 200, description = "Tilbudene", body = QuoteList),
        (status = 400, description = "Ugyldig parameter", body = ErrorBody),
    )
)]
pub(super) async fn list_quotes(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiQuery(filter): ApiQuery<QuoteFilter>,
) -> ApiResult<Json<QuoteList>> {
    let today = state.clock.today();
    let all: Vec<Quote> = store::all(&state.db).await?.into_iter().map(|quote| quote.settle(today)).collect();
    let mut owners: Vec<Owner> = Vec::new();
    for quote in &all {
        if let Some(id) = quote.owner_id
            && !owners.iter().any(|owner| owner.id == id)
        {
            owners.push(Owner { id, name: quote.owner_name.clone() });
        }
    }
    let week = today + chrono::Duration::days(7);
    let kept = all.into_iter().filter(|quote| {
        filter.status.map_or(quote.status != QuoteStatus::Replaced, |status| quote.status == status)
            && (filter.expiring != Some(true)
                || quote.status == QuoteStatus::Sent && quote.valid_until <= week)
            && filter.owner.is_none_or(|owner| quote.owner_id == Some(owner))
    });
    let names = fagfolk_data::leads::store::names(&state.db).await?;
    let items = kept
        .map(|quote| {
            let lead_name = quote.lead_id.and_then(|id| names.get(&id).cloned());
            QuoteRow { quote, lead_name }
        })
        .collect();
    Ok(Json(QuoteList { items, owners }))
}
