//! The signed samsvarserklæring as the office and the customer download it, and as the
//! customer is sent it when it is signed.

use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::declarations::Declaration;
use fagfolk_data::jobs::Job;

/// The declaration as a PDF/A, with its photos, and its file name.
pub async fn pdf(state: &AppState, declaration: Declaration) -> ApiResult<(Vec<u8>, String)> {
    let firm = crate::pdf::letterhead::now(state).await?;
    let name = declaration.file_name();
    let mut photos = Vec::new();
    for photo in fagfolk_data::declarations::store::photos(&state.db, declaration.job_id).await? {
        // A photo whose file cannot be read is left out, and said so, rather than keeping
        // the declaration itself from the office and the customer (`read` logs why).
        let (jpeg, caption) = match super::photos::read(state, declaration.job_id, photo.id, false).await {
            Ok(jpeg) => (jpeg.to_vec(), photo.caption),
            Err(_) => (Vec::new(), format!("{} (bildet mangler)", photo.caption).trim_start().to_owned()),
        };
        photos.push(crate::pdf::declaration::Photo {
            caption,
            jpeg,
            width: photo.width.max(1) as u32,
            height: photo.height.max(1) as u32,
        });
    }
    let body =
        tokio::task::spawn_blocking(move || crate::pdf::declaration::render(&declaration, &firm, photos))
            .await
            .map_err(|err| ApiError::Internal(err.into()))??;
    Ok((body, name))
}

/// What became of the e-mail that hands a signed declaration to the customer.
#[derive(Debug, Default, serde::Serialize, utoipa::ToSchema)]
pub struct HandedOver {
    /// Where it was sent, as a PDF.
    pub emailed_to: Option<String>,
    /// Why it was not sent, and what the office should do.
    pub notice: Option<String>,
}

/// E-mails the signed `declaration` of `job` to its customer as a PDF (forskrift om
/// elektriske lavspenningsanlegg § 13: the owner is given it), answered to `user`, and
/// noted on the lead's timeline.
pub async fn hand_over(
    state: &AppState,
    job: &Job,
    declaration: &Declaration,
    user: &CurrentUser,
) -> HandedOver {
    let refused = |notice: &str| HandedOver { emailed_to: None, notice: Some(notice.to_owned()) };
    let Some(notifier) = &state.notifier else {
        return refused("E-post er ikke satt opp på serveren. Send erklæringen til kunden selv.");
    };
    let to = match crate::jobs::customer_email(&state.db, job).await {
        Ok(Some(to)) => to,
        Ok(None) => return refused("Kunden har ingen e-postadresse. Send erklæringen til kunden selv."),
        // The declaration is signed by now: an address that could not be read is a mail
        // not sent, never a customer without one.
        Err(err) => {
            tracing::error!(error = %err, job = %job.id, "kunne ikke lese kundens e-postadresse");
            return refused("E-posten til kunden kunne ikke sendes. Send erklæringen til kunden selv.");
        }
    };
    let Ok(pdf) = pdf(state, declaration.clone()).await else {
        return refused("Erklæringen kunne ikke lages som PDF. Last den ned og send den til kunden selv.");
    };
    let firm = crate::mail::send::letterhead(state).await.firm;
    let signed = declaration.signed_at.map(|at| fagfolk_data::oslo::date(fagfolk_data::oslo::day_of(at)));
    let subject = format!("Samsvarserklæring: {}", declaration.address);
    let text = format!(
        "Hei {},\n\nVedlagt er samsvarserklæringen for det elektriske arbeidet på {}, signert {} av {}. \
         Ta vare på den sammen med annen dokumentasjon av anlegget.\n\nMed vennlig hilsen\n{firm}\n",
        job.customer_name,
        declaration.address,
        signed.unwrap_or_default(),
        declaration.responsible_name,
    );
    let sent = crate::mail::send::send(
        state,
        notifier,
        &to,
        &subject,
        &text,
        Some((pdf.1, pdf.0)),
        job.lead_id,
        Some(&user.email),
    )
    .await;
    match sent {
        Ok(()) => HandedOver { emailed_to: Some(to), notice: None },
        Err(_) => refused("E-posten til kunden kunne ikke sendes. Send erklæringen til kunden selv."),
    }
}
