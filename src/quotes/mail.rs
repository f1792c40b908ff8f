//! What a quote's e-mails and PDF need from the rest of the server: the firm as the
//! letterhead shows it, and sending with the lead's timeline told.

use uuid::Uuid;

use super::pdf::Firm;
use crate::contact::notify::{Letterhead, Notifier};
use crate::http::error::ApiResult;
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

/// Sends an e-mail (with the quote's PDF when given, by its file name), answered to
/// `reply_to` when given, and records it on the lead's timeline, whether or not it went.
#[allow(clippy::too_many_arguments)]
pub async fn send(
    state: &AppState,
    notifier: &Notifier,
    to: &str,
    subject: &str,
    text: &str,
    pdf: Option<(String, Vec<u8>)>,
    lead_id: Option<Uuid>,
    reply_to: Option<&str>,
) -> anyhow::Result<()> {
    let letterhead = Letterhead::of(state).await.replying_to(reply_to);
    let attachment = pdf.as_ref().map(|(name, bytes)| (name.as_str(), bytes.clone()));
    let sent = tokio::time::timeout(
        std::time::Duration::from_secs(20),
        notifier.send_with_pdf(to, subject, text, attachment, &letterhead),
    )
    .await
    .unwrap_or_else(|_| Err(anyhow::anyhow!("e-posttjeneren svarte ikke")));
    if let Err(err) = &sent {
        tracing::error!(error = %format!("{err:#}"), "kunne ikke sende e-post om et tilbud");
    }
    if let Some(lead_id) = lead_id {
        record(state, lead_id, to, subject, &sent).await;
    }
    sent
}

/// Notes an e-mail on lead `lead_id`'s timeline: sent, or why not.
pub async fn record(state: &AppState, lead_id: Uuid, to: &str, subject: &str, sent: &anyhow::Result<()>) {
    let error = sent.as_ref().err().map(|err| format!("{err:#}"));
    let recorded = fagfolk_data::leads::history::record_email(
        &state.db,
        lead_id,
        state.clock.now(),
        to,
        subject,
        error.as_deref(),
    )
    .await;
    if let Err(err) = recorded {
        tracing::error!(error = %err, "kunne ikke føre e-posten i historikken");
    }
}

/// Sends `text` to the firm's own address, answered to the customer (`reply_to`), and
/// records it on the lead's timeline.
pub async fn send_staff(
    state: &AppState,
    notifier: &Notifier,
    subject: &str,
    text: &str,
    lead_id: Option<Uuid>,
    reply_to: Option<&str>,
) -> anyhow::Result<()> {
    let to = notifier.staff_address();
    send(state, notifier, &to, subject, text, None, lead_id, reply_to).await
}

/// The e-mail address of the member of staff who made `quote`, for the customer's answers.
pub async fn owner_email(state: &AppState, quote: &fagfolk_data::quotes::Quote) -> Option<String> {
    let owner = quote.owner_id?;
    fagfolk_data::users::store::get(&state.db, owner).await.ok().flatten().map(|user| user.email)
}
