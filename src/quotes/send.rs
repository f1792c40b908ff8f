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

use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::money;
use fagfolk_data::quotes::input::{self, QuoteSendInput};
use fagfolk_data::quotes::{self, Quote, QuoteContent, QuoteStatus, store};

use crate::auth::token;
use crate::http::error::{ApiError, ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath};
use crate::pdf;
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
    params(("id" = Uuid, Path, description = "Tilbudets id")), tag = "admin",
    request_body(content = Option<QuoteSendInput>, description = "En personlig melding til kunden (valgfritt)"),
    responses(
        (status = 200, description = "Sendt", body = SentQuote),
        (status = 409, description = "Ikke et utkast", body = ErrorBody),
        (status = 422, description = "Mangler noe", body = ErrorBody),
    )
)]
pub async fn send_quote(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    input: Option<ApiJson<Option<QuoteSendInput>>>,
) -> ApiResult<Json<SentQuote>> {
    // No body, `null` and `{}` all send without a message.
    let input = input.and_then(|ApiJson(input)| input).unwrap_or_default();
    let personal = input::read_send(input)?;
    let mut quote = store::get(&state.db, id).await?.or_not_found(fagfolk_data::quotes::NOT_FOUND)?;
    if quote.status != QuoteStatus::Draft {
        return Err(ApiError::Conflict(fagfolk_data::quotes::NOT_A_DRAFT.to_owned()));
    }
    let today = state.clock.today();
    QuoteContent::of(&quote)
        .ready_to_send(today)
        .map_err(|errors| ApiError::Validation(errors.into_map()))?;
    let now = state.clock.now();
    quote.sent_at = Some(now);
    quote.status = QuoteStatus::Sent;
    let firm = crate::pdf::letterhead::now(&state).await?;
    let (bytes, firm) = {
        let quote = quote.clone();
        tokio::task::spawn_blocking(move || {
            pdf::quote::render(&quote, &firm, None).map(|bytes| (bytes, firm))
        })
        .await
        .map_err(|err| ApiError::Internal(err.into()))??
    };
    let sha256 = hex(&Sha256::digest(&bytes));
    let (token, hash) = token::new();
    let stages = crate::settings::stages(&state.db).await?;
    let lead = match quote.lead_of_quote() {
        Some(lead_id) => fagfolk_data::leads::store::get(&state.db, lead_id).await?,
        None => None,
    };
    let lead_status = lead.as_ref().and_then(|lead| quotes::quote_sent_status(&stages, &lead.status));
    let entry = user.audit(now, AuditAction::Send, AuditEntity::Quotes, Some(id), Some(serde_json::json!({
            "before": {"status": QuoteStatus::Draft},
            "after": {"status": QuoteStatus::Sent, "number": quote.label(), "total": quote.total,
                      "customer_email": quote.customer_email, "pdf_sha256": sha256, "lead_status": lead_status},
        })));
    let sent = quotes::send(
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
    .await?;
    match sent {
        quotes::Sent::Sent => {}
        quotes::Sent::NotDraft => {
            return Err(ApiError::Conflict(fagfolk_data::quotes::NOT_A_DRAFT.to_owned()));
        }
        quotes::Sent::JobInvoiced => {
            return Err(ApiError::Conflict(fagfolk_data::quotes::JOB_INVOICED.to_owned()));
        }
        quotes::Sent::EarlierAccepted(version) => {
            return Err(fagfolk_data::quotes::Refused::EarlierAccepted(version).into());
        }
    }
    let link = format!("{}/tilbud/{token}", state.config.base_url());
    // A new version says what it replaces: the earlier link now shows that it can no
    // longer be accepted, and points here.
    let replaces = if quote.version > 1 {
        format!(
            "Dette er versjon {} av tilbudet. Den erstatter versjonen vi sendte deg før, \
             som ikke lenger kan aksepteres.\n\n",
            quote.version
        )
    } else {
        String::new()
    };
    // A business reads prices without MVA, a consumer with.
    let amount = match quote.customer_kind {
        fagfolk_data::quotes::CustomerKind::Private => format!("{} inkl. MVA", money::kroner(quote.total)),
        fagfolk_data::quotes::CustomerKind::Business => {
            format!("{} eks. MVA ({} inkl. MVA)", money::kroner(quote.net_total), money::kroner(quote.total))
        }
    };
    let personal = personal.as_deref().map_or(String::new(), |message| format!("{message}\n\n"));
    let text = format!(
        "Hei {}!\n\n{personal}{}, nummer {}, på {amount}. \
         Det gjelder til og med {}.\n\n{replaces}Se tilbudet og svar på det her:\n{link}\n\n\
         Tilbudet ligger også ved som PDF.\n\nMed vennlig hilsen\n{}\n",
        quote.customer_name,
        if quote.job_id.is_some() {
            "Her er tilbudet vårt på tilleggsarbeid"
        } else {
            "Takk for forespørselen. Her er tilbudet vårt"
        },
        quote.label(),
        fagfolk_data::oslo::date(quote.valid_until),
        firm.name,
    );
    let subject = format!("{} {} fra {}", quote.kind_name(), quote.label(), firm.name);
    let (emailed, email_note) =
        mail_customer(&state, &quote, &user, (&subject, &text), Some((quote.file_name(), bytes))).await;
    let quote = store::get(&state.db, id).await?.or_not_found(fagfolk_data::quotes::NOT_FOUND)?;
    Ok(Json(SentQuote { quote, link, emailed, email_note }))
}

/// E-mails the customer of `quote` (`subject`, `text`, the PDF when given), answered to
/// `user`, who sent it; whether it went, and what staff should do when it did not.
async fn mail_customer(
    state: &AppState,
    quote: &Quote,
    user: &CurrentUser,
    (subject, text): (&str, &str),
    pdf: Option<(String, Vec<u8>)>,
) -> (bool, Option<String>) {
    match (&state.notifier, &quote.customer_email) {
        (None, _) => {
            (false, Some("E-post er ikke satt opp på serveren. Send lenken til kunden selv.".to_owned()))
        }
        (Some(_), None) => {
            (false, Some("Kunden har ingen e-postadresse. Send lenken til kunden selv.".to_owned()))
        }
        (Some(notifier), Some(to)) => {
            match crate::mail::send::send(
                state,
                notifier,
                to,
                subject,
                text,
                pdf,
                quote.lead_id,
                Some(&user.email),
            )
            .await
            {
                Ok(()) => (true, None),
                Err(_) => (
                    false,
                    Some("E-posten til kunden kunne ikke sendes. Send lenken til kunden selv.".to_owned()),
                ),
            }
        }
    }
}

/// "Send lenken på nytt": a sent quote gets a new link (the old one stops working, as only
/// the newest token's hash is kept), e-mailed to the customer when the server can. For a
/// customer who lost the e-mail: the quote itself does not change.
#[utoipa::path(
    post, path = "/api/admin/quotes/{id}/new-link",
    params(("id" = Uuid, Path, description = "Tilbudets id")), tag = "admin",
    responses(
        (status = 200, description = "Ny lenke", body = SentQuote),
        (status = 409, description = "Ikke sendt og åpent", body = ErrorBody),
    )
)]
pub async fn new_link(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<SentQuote>> {
    let quote = store::get(&state.db, id)
        .await?
        .or_not_found(fagfolk_data::quotes::NOT_FOUND)?
        .settle(state.clock.today());
    let not_open = || ApiError::from(fagfolk_data::quotes::Refused::NoNewLink);
    if quote.status != QuoteStatus::Sent {
        return Err(not_open());
    }
    let (token, hash) = token::new();
    let now = state.clock.now();
    let entry = user.audit(
        now,
        AuditAction::Send,
        AuditEntity::Quotes,
        Some(id),
        Some(serde_json::json!({"before": {"new_link": false}, "after": {"new_link": true}})),
    );
    if !store::new_token(&state.db, id, &hash, now, &entry).await? {
        return Err(not_open());
    }
    let link = format!("{}/tilbud/{token}", state.config.base_url());
    let firm = crate::pdf::letterhead::as_sent(&state, &quote).await?;
    let text = format!(
        "Hei {}!\n\nHer er en ny lenke til tilbud {}. Lenken vi sendte før, virker ikke lenger.\n\n\
         Se tilbudet og svar på det her:\n{link}\n\nMed vennlig hilsen\n{}\n",
        quote.customer_name,
        quote.label(),
        firm.name,
    );
    let subject = format!("Ny lenke til tilbud {} fra {}", quote.label(), firm.name);
    let (emailed, email_note) = mail_customer(&state, &quote, &user, (&subject, &text), None).await;
    let quote = store::get(&state.db, id).await?.or_not_found(fagfolk_data::quotes::NOT_FOUND)?;
    Ok(Json(SentQuote { quote, link, emailed, email_note }))
}

pub(super) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}
