//! The signed samsvarserklæring as the office and the customer download it.

use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use fagfolk_data::declarations::Declaration;

/// The signed declaration as a PDF/A and its file name.
pub async fn pdf(state: &AppState, declaration: Declaration) -> ApiResult<(Vec<u8>, String)> {
    let firm = crate::quotes::mail::firm(state).await?;
    let name = declaration.file_name();
    let body = tokio::task::spawn_blocking(move || crate::pdf::declaration::render(&declaration, &firm))
        .await
        .map_err(|err| ApiError::Internal(err.into()))??;
    Ok((body, name))
}
