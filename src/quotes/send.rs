//! "Send": a draft becomes the quote the customer gets. Its PDF is made and kept (what
//! was sent never changes, and its SHA-256 is what an acceptance names), its link gets a
//! random token whose hash alone is stored, the lead moves to the pipeline's quote step,
//! and the customer gets the PDF and the link by e-mail when the server has SMTP. Without
//! SMTP, or without the customer's address, staff get the link to send themselves.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;
use uuid::Uuid;

use fagfolk_data::audit::{AuditAction, AuditEntity, NewAudit};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::quotes::{self, Quote, QuoteContent, QuoteStatus, money, store};

use super::routes::{not_a_draft, not_found};
use super::{firm, mail, pdf, token};
use crate::http::ApiPath;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

/// What sending did.
#[derive(Debug, Serialize, ToSchema)]
pub struct SentQuote {
    pub quote: Quote,
    /// The customer's link. Only its hash is stored: this answer is the one time it is shown.
    pub link: String,
    /// Whether the customer was e-mailed the PDF and the link.
    pub emailed: bool,
    /// Why not, in Norwegian, when not.
    pub email_note: Option<String>,
}

/// Send a draft to its customer.
#[utoipa::path(
    post, path = "/api/admin/quotes/{id}/send",
    params(("id" = Uuid, Path, description = "Tilbudets id")), tag = "admin", security(("session" = [])),
    responses(
        (status = 200, description = "Sendt", body = SentQuote),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
        (status = 404, description = "Finnes ikke", body = ErrorBody),
        (status = 409, description = "Ikke et utkast", body = ErrorBody),
        (status = 422, description = "Mangler noe", body = ErrorBody),
    )
)]
pub async fn send_quote(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<SentQuote>> {
    let mut quote = store::get(&state.db, id).await?.ok_or_else(not_found)?;
    if quote.status != QuoteStatus::Draft {
        return Err(not_a_draft());
    }
    let today = state.clock.today();
    QuoteContent::of(&quote)
        .ready_to_send(today)
        .map_err(|errors| ApiError::Validation(errors.into_map()))?;
    let now = state.clock.now();
    quote.sent_at = Some(now);
    quote.status = QuoteStatus::Sent;
    let firm = firm(&state).await?;
    let (bytes, firm) = {
        let quote = quote.clone();
        tokio::task::spawn_blocking(move || pdf::render(&quote, &firm, None).map(|bytes| (bytes, firm)))
            .await
            .map_err(|err| ApiError::Internal(err.into()))??
    };
    let sha256 = hex(&Sha256::digest(&bytes));
    let (token, hash) = token::new();
    let stages = crate::settings::stages(&state.db).await?;
    let lead = match quote.lead_id {
        Some(lead_id) => fagfolk_data::leads::store::get(&state.db, lead_id).await?,
        None => None,
    };
    let lead_status = lead.as_ref().and_then(|lead| quotes::quote_sent_status(&stages, &lead.status));
    let entry = NewAudit::new(
        now,
        AuditAction::Send,
        AuditEntity::Quotes,
        Some(id),
        &user.email,
        Some(serde_json::json!({
            "before": {"status": QuoteStatus::Draft},
            "after": {"status": QuoteStatus::Sent, "number": quote.label(), "total": quote.total,
                      "customer_email": quote.customer_email, "pdf_sha256": sha256, "lead_status": lead_status},
        })),
    );
    if !quotes::send(
        &state.db,
        &quote,
        &quotes::store::SentCopy {
            token_hash: &hash,
            pdf: &bytes,
            pdf_sha256: &sha256,
            firm: &firm.to_json(),
        },
        lead_status.as_deref(),
        now,
        &user.name,
        &entry,
    )
    .await?
    {
        return Err(not_a_draft());
    }
    let link = format!("{}/tilbud/{token}", state.config.base_url());
    let (emailed, email_note) = match (&state.notifier, &quote.customer_email) {
        (None, _) => {
            (false, Some("E-post er ikke satt opp på serveren. Send lenken til kunden selv.".to_owned()))
        }
        (Some(_), None) => {
            (false, Some("Kunden har ingen e-postadresse. Send lenken til kunden selv.".to_owned()))
        }
        (Some(notifier), Some(to)) => {
            let text = format!(
                "Hei {}!\n\nTakk for forespørselen. Her er tilbudet vårt, nummer {}, på {} inkl. MVA. \
                 Det gjelder til og med {}.\n\nSe tilbudet og svar på det her:\n{link}\n\n\
                 Tilbudet ligger også ved som PDF.\n\nMed vennlig hilsen\n{}\n",
                quote.customer_name,
                quote.label(),
                money::kroner(quote.total),
                crate::site::markup::norwegian_date(quote.valid_until),
                firm.name,
            );
            let subject = format!("Tilbud {} fra {}", quote.label(), firm.name);
            let sent = mail::send(&state, notifier, to, &subject, &text, Some(bytes), quote.lead_id).await;
            match sent {
                Ok(()) => (true, None),
                Err(_) => (
                    false,
                    Some("E-posten til kunden kunne ikke sendes. Send lenken til kunden selv.".to_owned()),
                ),
            }
        }
    };
    let quote = store::get(&state.db, id).await?.ok_or_else(not_found)?;
    Ok(Json(SentQuote { quote, link, emailed, email_note }))
}

pub(super) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}
