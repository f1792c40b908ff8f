//! The office's reminder routes: the letter an invoice may get today (or why none may)
//! and the letters it has had; a letter sent by e-mail with its PDF, or kept as posted by
//! the office; a letter's PDF.

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::files::{file_name, pdf};
use crate::http::error::{ApiError, ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::invoices::{self, Invoice, InvoiceKind};
use fagfolk_data::reminders::input::{self, ReminderInput};
use fagfolk_data::reminders::store::{self, Sending};
use fagfolk_data::reminders::{Channel, Letter, Refused, Reminder};
use fagfolk_data::settings::Invoicing;
use fagfolk_data::{jobs, oslo};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(invoice_reminders, send_reminder)).routes(routes!(reminder_pdf))
}

/// An invoice's reminders: the letter it may get today, or why none may, and those sent.
#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceReminders {
    /// The letter that may go today, as it would read.
    pub next: Option<Letter>,
    /// Why no letter may go today, when none may.
    pub not_now: Option<String>,
    /// Whether it can be e-mailed: e-mail is set up and the customer has an address.
    pub can_email: bool,
    /// The letters sent, oldest first.
    pub sent: Vec<Reminder>,
}

async fn invoicing(state: &AppState) -> ApiResult<Invoicing> {
    Ok(fagfolk_data::settings::store::facts(&state.db)
        .await?
        .map(|settings| settings.invoicing)
        .unwrap_or_default())
}

async fn invoice(state: &AppState, id: Uuid) -> ApiResult<Invoice> {
    let invoice = invoices::store::get(&state.db, id).await?.or_not_found(invoices::NOT_FOUND)?;
    if invoice.kind != InvoiceKind::Invoice {
        return Err(Refused::NoInvoice.into());
    }
    Ok(invoice)
}

/// The customer's e-mail address, when the server can send and there is one.
async fn email_to(state: &AppState, invoice: &Invoice) -> ApiResult<Option<String>> {
    if state.notifier.is_none() {
        return Ok(None);
    }
    let job = jobs::store::get(&state.db, invoice.job_id).await?.or_not_found(jobs::NOT_FOUND)?;
    crate::invoices::send::customer_email(state, invoice, &job).await
}

/// The letter invoice `id` may get today, and the letters it has had.
#[utoipa::path(
    get, path = "/api/admin/invoices/{id}/reminders", tag = "admin",
    params(("id" = Uuid, Path, description = "Fakturaens id")),
    responses((status = 200, description = "Neste brev og brevene som er sendt", body = InvoiceReminders))
)]
async fn invoice_reminders(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<InvoiceReminders>> {
    let invoice = invoice(&state, id).await?;
    let today = oslo::day_of(state.clock.now());
    let next = store::preview(&state.db, id, &invoicing(&state).await?, today).await?;
    let (next, not_now) = match next {
        Ok(letter) => (Some(letter), None),
        Err(refused) => (None, Some(fagfolk_data::refusal::Refusal::text(&refused).into_owned())),
    };
    Ok(Json(InvoiceReminders {
        next,
        not_now,
        can_email: email_to(&state, &invoice).await?.is_some(),
        sent: store::of_invoice(&state.db, id).await?,
    }))
}

/// Sends the letter invoice `id` may get today: e-mailed to the customer with its PDF,
/// or kept as posted (the office prints its PDF). Refused when none may go, when it is
/// not the one the office saw, or when it cannot be e-mailed; a letter the mail server
/// did not take is not kept.
#[utoipa::path(
    post, path = "/api/admin/invoices/{id}/reminders", tag = "admin",
    params(("id" = Uuid, Path, description = "Fakturaens id")), request_body = ReminderInput,
    responses(
        (status = 201, description = "Brevet, som sendt", body = Reminder),
        (status = 409, description = "Ingen purring kan sendes nå, eller den kan ikke sendes på e-post", body = ErrorBody),
    )
)]
async fn send_reminder(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<ReminderInput>,
) -> ApiResult<(StatusCode, Json<Reminder>)> {
    let (kind, channel) = input::read_reminder(input)?;
    let invoice = invoice(&state, id).await?;
    let to = match channel {
        Channel::Email => {
            if state.notifier.is_none() {
                return Err(Refused::NoMail.into());
            }
            email_to(&state, &invoice).await?.ok_or(Refused::NoCustomerEmail)?
        }
        Channel::Post => {
            let customer = &invoice.basis.customer;
            [Some(customer.addressee().to_owned()), customer.address.clone()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    let now = state.clock.now();
    let today = oslo::day_of(now);
    let entry = |reminder: &Reminder| {
        user.recorded(now, AuditAction::Remind, AuditEntity::Invoices, Some(id), serde_json::json!({
            "invoice": invoice.number, "letter": reminder.letter.kind, "channel": reminder.channel,
            "to": reminder.to_address, "fee": reminder.letter.fee, "interest": reminder.letter.interest.amount,
            "amount_due": reminder.letter.amount_due, "pay_by": reminder.letter.pay_by,
        }))
    };
    let sending = Sending { channel, to_address: &to, by: &user.name, at: now };
    // A posted letter is kept with its entry at once; an e-mailed one is kept first (so a
    // second click finds it) and its entry written once the mail server took it.
    let posted = channel == Channel::Post;
    let kept =
        store::keep(&state.db, id, &invoicing(&state).await?, today, Some(kind), sending, |reminder| {
            posted.then(|| entry(reminder))
        })
        .await?
        .map_err(ApiError::from)?;
    if channel == Channel::Email {
        let job = jobs::store::get(&state.db, invoice.job_id).await?;
        // The letter links to the customer's page (what is owed today, the letter, the
        // invoice): a new link, as the invoice's e-mail makes one, since only its hash is
        // kept. Without it the letter still goes; the PDF says everything.
        let link = match &job {
            Some(job) => match crate::documents::link::new_link(&state, &user, job).await {
                Ok((link, _)) => Some(link),
                Err(err) => {
                    tracing::error!(error = ?err, number = %invoice.number, "kunne ikke lage lenken til kundens side");
                    None
                }
            },
            None => None,
        };
        let (subject, sent) = mail(&state, &kept, &invoice, (&to, &user.email), link.as_deref()).await;
        // The letter goes in the lead's history with the other e-mails to the customer,
        // sent or not.
        if let Some(lead_id) = job.and_then(|job| job.lead_id) {
            crate::mail::send::record(&state, lead_id, &to, &subject, &sent).await;
        }
        if let Err(err) = sent {
            tracing::error!(error = %format!("{err:#}"), number = %invoice.number, "kunne ikke sende purringen");
            store::withdraw(&state.db, kept.id, id).await?;
            return Err(Refused::NotDelivered.into());
        }
        fagfolk_data::audit::store::record(&state.db, &entry(&kept)).await?;
    }
    Ok((StatusCode::CREATED, Json(kept)))
}

/// E-mails `reminder` with its PDF and `link` to the customer's page, from the firm to
/// `to` with replies to `reply_to`: the subject, and whether the mail server took it.
async fn mail(
    state: &AppState,
    reminder: &Reminder,
    invoice: &Invoice,
    (to, reply_to): (&str, &str),
    link: Option<&str>,
) -> (String, anyhow::Result<()>) {
    let letterhead = crate::mail::send::letterhead(state).await.replying_to(Some(reply_to));
    let subject = super::letter::subject(&reminder.letter, invoice, &letterhead.firm);
    let sent = async {
        let mailer = state.notifier.as_ref().ok_or_else(|| anyhow::anyhow!("e-post er ikke satt opp"))?;
        let pdf = pdf(state, reminder, invoice).await?;
        let name = file_name(reminder, invoice);
        let text = super::letter::mail_text(&reminder.letter, invoice, &letterhead.firm, link);
        tokio::time::timeout(
            std::time::Duration::from_secs(20),
            mailer.send_with_files(to, &subject, &text, vec![(name, "application/pdf", pdf)], &letterhead),
        )
        .await
        .unwrap_or_else(|_| Err(anyhow::anyhow!("e-posttjeneren svarte ikke")))
    }
    .await;
    (subject, sent)
}

/// A letter as its PDF, the same as was sent.
#[utoipa::path(
    get, path = "/api/admin/reminders/{id}/pdf", tag = "admin",
    params(("id" = Uuid, Path, description = "Purringens id")),
    responses((status = 200, description = "Brevet som PDF/A", content((Vec<u8> = "application/pdf"))))
)]
async fn reminder_pdf(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Response> {
    let reminder = store::get(&state.db, id).await?.ok_or(Refused::NotFound)?;
    let invoice = invoice(&state, reminder.invoice_id).await?;
    let body = pdf(&state, &reminder, &invoice).await.map_err(ApiError::Internal)?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}\"", file_name(&reminder, &invoice)),
            ),
        ],
        body,
    )
        .into_response())
}
