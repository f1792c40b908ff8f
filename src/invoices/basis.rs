//! What the invoice routes and the customer's page share: a finished job's invoice basis
//! as it reads now, and the firm as an invoice keeps it.

use uuid::Uuid;

use crate::http::error::{ApiResult, OrNotFound};
use crate::state::AppState;
use fagfolk_data::invoices::{self, InvoiceBasis, Seller};
use fagfolk_data::jobs;

/// The basis of job `id` as it reads now; refused before the job is done.
pub async fn now(state: &AppState, id: Uuid) -> ApiResult<InvoiceBasis> {
    let detail = jobs::detail(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
    if detail.job.status.is_open() {
        return Err(invoices::Refused::BasisNotDone.into());
    }
    let quote = match detail.job.quote_id {
        Some(quote_id) => fagfolk_data::quotes::store::get(&state.db, quote_id).await?,
        None => None,
    };
    let email = match (&quote, detail.job.lead_id) {
        (None, Some(lead_id)) => {
            fagfolk_data::leads::store::get(&state.db, lead_id).await?.and_then(|lead| lead.email)
        }
        _ => None,
    };
    Ok(invoices::basis::of_job(&detail, quote.as_ref(), email))
}

/// The firm as an invoice keeps it (Innstillinger's facts and invoicing), and the days an
/// invoice gives to pay: one read of the settings.
pub async fn seller(state: &AppState) -> ApiResult<(Seller, i32)> {
    let settings = fagfolk_data::settings::store::facts(&state.db).await?;
    let invoicing = settings.as_ref().map(|settings| settings.invoicing.clone()).unwrap_or_default();
    let seller = Seller {
        firm: fagfolk_data::settings::Firm::of(settings.as_ref()),
        account_number: invoicing.account_number,
        vat_registered: invoicing.vat_registered,
        kid: invoicing.kid,
    };
    Ok((seller, invoicing.payment_days))
}
