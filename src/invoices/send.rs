//! "Send faktura": an invoice or credit note e-mailed to the customer (the PDF, for a
//! business the EHF too, what to pay by when to which account with which KID, and a new
//! link to the job's documents) or to the accounting system's voucher inbox
//! (Innstillinger → Faktura). Each send is kept with whether the mail server took it
//! (`fagfolk_data::invoices::sends`). Without e-mail on the server, nothing is promised:
//! the office downloads the PDF or hands out the documents link instead.

use axum::Json;
use axum::extract::State;
use uuid::Uuid;

use crate::http::error::{ApiError, ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::invoices::sends::{InvoiceSend, InvoiceSendInput, NotSent, Recipient};
use fagfolk_data::invoices::{self, Invoice, InvoiceKind, Refused, store};
use fagfolk_data::jobs;
use fagfolk_data::money::kroner;
use fagfolk_data::oslo;
use fagfolk_data::quotes::CustomerKind;

/// Sends the invoice or credit note to the customer or the accounting system's inbox, and
/// keeps the send; a send the mail server refused is kept too, saying so.
#[utoipa::path(
    post, path = "/api/admin/invoices/{id}/send", tag = "admin",
    params(("id" = Uuid, Path, description = "Fakturaens id")), request_body = InvoiceSendInput,
    responses(
        (status = 200, description = "Sendingen, og om e-posttjeneren tok imot den", body = InvoiceSend),
        (status = 409, description = "E-post er ikke satt opp, eller ingen adresse å sende til", body = ErrorBody),
    )
)]
pub(super) async fn send_invoice(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<InvoiceSendInput>,
) -> ApiResult<Json<InvoiceSend>> {
    let invoice = store::get(&state.db, id).await?.or_not_found(invoices::NOT_FOUND)?;
    let Some(mailer) = state.notifier.as_ref() else { return Err(Refused::NotSent(NotSent::NoMail).into()) };
    let job = jobs::store::get(&state.db, invoice.job_id).await?.or_not_found(jobs::NOT_FOUND)?;
    let to = match input.to {
        Recipient::Customer => {
            customer_email(&state, &invoice, &job).await?.ok_or(Refused::NotSent(NotSent::NoCustomerEmail))?
        }
        Recipient::Accounting => fagfolk_data::settings::store::facts(&state.db)
            .await?
            .and_then(|settings| settings.invoicing.accounting_email)
            .ok_or(Refused::NotSent(NotSent::NoAccountingEmail))?,
    };
    let mut files = vec![(invoice.file_name("pdf"), "application/pdf", pdf(&state, &invoice).await?)];
    if invoice.basis.customer.kind == CustomerKind::Business && super::ehf::check(&invoice).is_empty() {
        let credited = match invoice.credited_id {
            Some(credited) => store::get(&state.db, credited).await?,
            None => None,
        };
        let ehf =
            super::ehf::write(&invoice, credited.as_ref()).map_err(|err| ApiError::Internal(err.into()))?;
        files.push((invoice.file_name("xml"), "application/xml", ehf));
    }
    let attached = if files.len() == 2 { "PDF og EHF" } else { "PDF" }.to_owned();
    let letterhead = crate::mail::send::letterhead(&state).await.replying_to(Some(&user.email));
    let (subject, text) = match input.to {
        Recipient::Customer => {
            let (link, _) = crate::documents::link::new_link(&state, &user, &job).await?;
            // A credit note's letter says where its invoice now stands.
            let owed = invoices::store::balance(&state.db, invoice.credited_id.unwrap_or(invoice.id)).await?;
            (subject(&invoice, &letterhead.firm), customer_letter(&invoice, owed, &link, &letterhead.firm))
        }
        Recipient::Accounting => (
            format!("{} (bilag)", subject(&invoice, &letterhead.firm)),
            format!(
                "{} {} til {}, datert {}, totalt {}. Vedlagt som {attached}.\n",
                invoice.kind.name(),
                invoice.number,
                invoice.basis.customer.addressee(),
                oslo::date(invoice.issue_date),
                kroner(invoice.total),
            ),
        ),
    };
    let sent = tokio::time::timeout(
        std::time::Duration::from_secs(20),
        mailer.send_with_files(&to, &subject, &text, files, &letterhead),
    )
    .await
    .unwrap_or_else(|_| Err(anyhow::anyhow!("e-posttjeneren svarte ikke")));
    if let Err(err) = &sent {
        tracing::error!(error = %format!("{err:#}"), number = %invoice.number, "kunne ikke sende fakturaen");
    }
    if input.to == Recipient::Customer
        && let Some(lead_id) = job.lead_id
    {
        crate::mail::send::record(&state, lead_id, &to, &subject, &sent).await;
    }
    let now = state.clock.now();
    let kept = InvoiceSend {
        id: Uuid::now_v7(),
        invoice_id: invoice.id,
        recipient: input.to,
        to_address: to,
        attached,
        delivered: sent.is_ok(),
        error: sent.err().map(|_| "E-posttjeneren tok ikke imot e-posten. Prøv igjen om litt.".to_owned()),
        sent_by: user.name.clone(),
        sent_at: now,
    };
    let what = serde_json::json!({
        "number": invoice.number, "to": kept.to_address, "recipient": kept.recipient,
        "attached": kept.attached, "delivered": kept.delivered,
    });
    let entry = user.recorded(now, AuditAction::Send, AuditEntity::Invoices, Some(invoice.id), what);
    store::insert_send(&state.db, &kept, &entry).await?;
    Ok(Json(kept))
}

/// Every send of the invoice or credit note, oldest first.
#[utoipa::path(
    get, path = "/api/admin/invoices/{id}/sends", tag = "admin",
    params(("id" = Uuid, Path, description = "Fakturaens id")),
    responses((status = 200, description = "Sendingene", body = Vec<InvoiceSend>))
)]
pub(super) async fn invoice_sends(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Vec<InvoiceSend>>> {
    store::get(&state.db, id).await?.or_not_found(invoices::NOT_FOUND)?;
    Ok(Json(store::sends(&state.db, id).await?))
}

/// The customer's e-mail address: the invoice's, else the job's customer's (the quote's,
/// else the lead's). A failed read is the request's error, not "no address".
pub(crate) async fn customer_email(
    state: &AppState,
    invoice: &Invoice,
    job: &jobs::Job,
) -> ApiResult<Option<String>> {
    match invoice.basis.customer.email.clone().filter(|email| !email.trim().is_empty()) {
        Some(email) => Ok(Some(email)),
        None => Ok(jobs::customer_email(&state.db, job).await?),
    }
}

/// The invoice's PDF/A.
async fn pdf(state: &AppState, invoice: &Invoice) -> ApiResult<Vec<u8>> {
    let firm = crate::pdf::letterhead::of(state, &invoice.seller.firm).await;
    let invoice = invoice.clone();
    tokio::task::spawn_blocking(move || crate::pdf::invoice::render_invoice(&invoice, &firm))
        .await
        .map_err(|err| ApiError::Internal(err.into()))?
        .map_err(ApiError::Internal)
}

/// "Faktura 2026-0007 fra Rør & Strøm Oslo AS".
fn subject(invoice: &Invoice, firm: &str) -> String {
    format!("{} {} fra {firm}", invoice.kind.name(), invoice.number)
}

/// The customer's letter: what the invoice is for, what is left to pay, by when, to which
/// account with which KID (a credit note: what it takes back), and the documents link.
/// An invoice its credit notes took from says so, and what the customer has paid beyond
/// what is owed is said to be theirs to get back (issue #74, finding 13).
fn customer_letter(
    invoice: &Invoice,
    owed: Option<fagfolk_data::payments::Balance>,
    link: &str,
    firm: &str,
) -> String {
    let customer = &invoice.basis.customer.name;
    let title = &invoice.basis.job_title;
    let back = owed
        .filter(|owed| owed.outstanding < 0)
        .map(|owed| {
            format!("\n\nDu har {} til gode, og det betaler vi tilbake til deg.", kroner(-owed.outstanding))
        })
        .unwrap_or_default();
    let body = match (invoice.kind, owed) {
        (InvoiceKind::Invoice, Some(owed)) if owed.outstanding > 0 => {
            let account = invoice
                .seller
                .account()
                .map(|account| format!("\nTil kontonummer: {}", account.display()))
                .unwrap_or_default();
            let kid = invoice.kid().map(|kid| format!("\nKID: {kid}")).unwrap_or_default();
            let credited = match owed.credited {
                0 => String::new(),
                credited => format!("Kreditert: {}\n", kroner(credited)),
            };
            format!(
                "Vedlagt er faktura {} for «{title}».\n\n{credited}Å betale: {}\nForfall: {}{account}{kid}",
                invoice.number,
                kroner(owed.outstanding),
                oslo::date(invoice.due_date),
            )
        }
        (InvoiceKind::Invoice, Some(owed)) if owed.credited > 0 => {
            let state = if owed.credited >= owed.total {
                "Den er kreditert i sin helhet.".to_owned()
            } else if owed.outstanding == 0 {
                format!("Den er kreditert med {}, og resten er betalt; takk!", kroner(owed.credited))
            } else {
                format!("Den er kreditert med {}.", kroner(owed.credited))
            };
            format!("Vedlagt er faktura {} for «{title}». {state}{back}", invoice.number)
        }
        (InvoiceKind::Invoice, _) => {
            format!("Vedlagt er faktura {} for «{title}». Den er betalt; takk!{back}", invoice.number)
        }
        (InvoiceKind::CreditNote, Some(owed)) if owed.outstanding < 0 => format!(
            "Vedlagt er kreditnota {} for «{title}»: {} er kreditert. Grunn: {}{back}",
            invoice.number,
            kroner(invoice.total),
            invoice.reason,
        ),
        (InvoiceKind::CreditNote, _) => format!(
            "Vedlagt er kreditnota {} for «{title}»: {} er trukket fra det du skal betale. Grunn: {}",
            invoice.number,
            kroner(invoice.total),
            invoice.reason,
        ),
    };
    format!(
        "Hei {customer},\n\n{body}\n\nFakturaen og de andre dokumentene fra oppdraget finner du her:\n\n{link}\n\n\
         Med vennlig hilsen\n{firm}\n"
    )
}
