//! "Fakturaer": the office's list of every invoice and credit note
//! (`fagfolk_data::invoices::list`).

use axum::Json;
use axum::extract::State;

use crate::http::ApiQuery;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::invoices::list::{InvoiceFilter, InvoiceList};
use fagfolk_data::invoices::store;

/// Every invoice and credit note, newest first, a page at a time: searched by number and
/// customer, filtered by state, with what is left to pay over the whole filter and how
/// many invoices stand in each state.
#[utoipa::path(
    get, path = "/api/admin/invoices", tag = "admin", params(InvoiceFilter),
    responses(
        (status = 200, description = "En side av fakturalisten", body = InvoiceList),
        (status = 422, description = "Ukjent status", body = ErrorBody),
    )
)]
pub(super) async fn list_invoices(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiQuery(filter): ApiQuery<InvoiceFilter>,
) -> ApiResult<Json<InvoiceList>> {
    let query = filter.read().map_err(|message| ApiError::field("state", message))?;
    Ok(Json(store::list(&state.db, &query, state.clock.today()).await?))
}
