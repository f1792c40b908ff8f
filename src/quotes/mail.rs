//! What a quote's e-mails and PDF need from the rest of the server: who answers a quote's letters (sending is `crate::mail::send`),
//! and the accepted copy's PDF.

use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The e-mail address of the member of staff who made `quote`, for the customer's answers.
/// Only the reply address of a confirmation hangs on it, and the firm's own takes its
/// place: a failed read is logged, and the confirmation still goes.
pub async fn owner_email(state: &AppState, quote: &fagfolk_data::quotes::Quote) -> Option<String> {
    let owner = quote.owner_id?;
    match fagfolk_data::users::store::get(&state.db, owner).await {
        Ok(user) => user.map(|user| user.email),
        Err(err) => {
            tracing::error!(error = %err, quote = %quote.id, "kunne ikke lese hvem som svarer på tilbudet");
            None
        }
    }
}

/// The accepted PDF marked "Akseptert <dato> av <navn>".
pub async fn stamped(
    state: &AppState,
    quote: &fagfolk_data::quotes::Quote,
    at: chrono::DateTime<chrono::Utc>,
    name: String,
) -> ApiResult<Vec<u8>> {
    let firm = crate::pdf::letterhead::as_sent(state, quote).await?;
    let quote = quote.clone();
    let drawn = tokio::task::spawn_blocking(move || {
        crate::pdf::quote::render(&quote, &firm, Some(&crate::pdf::Stamp { at, name }))
    })
    .await
    .map_err(|err| ApiError::Internal(err.into()))?;
    drawn.map_err(ApiError::Internal)
}
