//! Sending with what the running site knows: its current letterhead (the firm's name and
//! logo, `crate::site`), and a note on the lead's timeline of every letter, sent or not
//! (`fagfolk_data::leads::history::record_email`).

use uuid::Uuid;

use super::{Letterhead, Mailer};
use crate::state::AppState;

/// The site's current letterhead (the rendered pages know the logo's icons).
pub async fn letterhead(state: &AppState) -> Letterhead {
    let base = state.config.base_url();
    match state.pages.current().await {
        Ok(rendered) => Letterhead {
            firm: rendered.facts.company_name.clone(),
            logo: rendered.logo_icon(192).map(|path| format!("{base}{path}")),
            reply_to: None,
        },
        Err(_) => Letterhead { firm: String::new(), logo: None, reply_to: None },
    }
}

/// Sends an e-mail (with the quote's PDF when given, by its file name), answered to
/// `reply_to` when given, and records it on the lead's timeline, whether or not it went.
#[allow(clippy::too_many_arguments)]
pub async fn send(
    state: &AppState,
    mailer: &Mailer,
    to: &str,
    subject: &str,
    text: &str,
    pdf: Option<(String, Vec<u8>)>,
    lead_id: Option<Uuid>,
    reply_to: Option<&str>,
) -> anyhow::Result<()> {
    let letterhead = letterhead(state).await.replying_to(reply_to);
    let attachment = pdf.as_ref().map(|(name, bytes)| (name.as_str(), bytes.clone()));
    let sent = tokio::time::timeout(
        std::time::Duration::from_secs(20),
        mailer.send_with_pdf(to, subject, text, attachment, &letterhead),
    )
    .await
    .unwrap_or_else(|_| Err(anyhow::anyhow!("e-posttjeneren svarte ikke")));
    if let Err(err) = &sent {
        tracing::error!(error = %format!("{err:#}"), "kunne ikke sende e-posten");
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
    mailer: &Mailer,
    subject: &str,
    text: &str,
    lead_id: Option<Uuid>,
    reply_to: Option<&str>,
) -> anyhow::Result<()> {
    let to = mailer.staff_address();
    send(state, mailer, &to, subject, text, None, lead_id, reply_to).await
}
