//! What a quote's e-mails and PDF need from the rest of the server: the firm as the
//! letterhead shows it, who answers a quote's letters (sending is `crate::mail::send`),
//! and the accepted copy's PDF.

use crate::http::error::{ApiError, ApiResult};
use crate::pdf::Firm;
use crate::state::AppState;

/// The firm from Innstillinger, with its logo as the site's 192 px icon.
pub async fn firm(state: &AppState) -> ApiResult<Firm> {
    let settings = fagfolk_data::settings::store::facts(&state.db).await?;
    let field =
        |read: fn(fagfolk_data::settings::Settings) -> Option<String>| settings.clone().and_then(read);
    let logo_png = match state.pages.current().await {
        Ok(rendered) => rendered.logo_png(192),
        Err(_) => None,
    };
    Ok(Firm {
        name: field(|s| s.company_name).unwrap_or_default(),
        org_nr: field(|s| s.orgnr),
        address: field(|s| s.adresse),
        phone: field(|s| s.global_phone_primary),
        email: field(|s| s.email),
        logo_png,
    })
}

/// The firm as `quote` was sent (`fagfolk_data::quotes::store::sent_firm`): the accepted
/// copy, its e-mail and the customer's page are drawn from it, so that what the customer
/// accepts is what was sent whatever Innstillinger say now. A quote sent before the firm
/// was kept with it (or a draft) has the firm as it is now.
pub async fn firm_as_sent(state: &AppState, quote: &fagfolk_data::quotes::Quote) -> ApiResult<Firm> {
    let kept = fagfolk_data::quotes::store::sent_firm(&state.db, quote.id).await?;
    match kept.as_deref().and_then(Firm::from_json) {
        Some(firm) => Ok(firm),
        None => firm(state).await,
    }
}

/// The e-mail address of the member of staff who made `quote`, for the customer's answers.
pub async fn owner_email(state: &AppState, quote: &fagfolk_data::quotes::Quote) -> Option<String> {
    let owner = quote.owner_id?;
    fagfolk_data::users::store::get(&state.db, owner).await.ok().flatten().map(|user| user.email)
}

/// The accepted PDF marked "Akseptert <dato> av <navn>".
pub async fn stamped(
    state: &AppState,
    quote: &fagfolk_data::quotes::Quote,
    at: chrono::DateTime<chrono::Utc>,
    name: String,
) -> ApiResult<Vec<u8>> {
    let firm = firm_as_sent(state, quote).await?;
    let quote = quote.clone();
    let drawn = tokio::task::spawn_blocking(move || {
        crate::pdf::quote::render(&quote, &firm, Some(&crate::pdf::Stamp { at, name }))
    })
    .await
    .map_err(|err| ApiError::Internal(err.into()))?;
    drawn.map_err(ApiError::Internal)
}
