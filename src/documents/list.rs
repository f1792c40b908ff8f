//! The documents of a job a customer may fetch, listed and drawn for either page (mod.rs):
//! with the invoices, the purringer and inkassovarsler sent about them.

use serde_json::{Value, json};
use uuid::Uuid;

use fagfolk_data::invoices;
use fagfolk_data::jobs::Job;
use fagfolk_data::oslo;
use fagfolk_data::quotes::{QuoteStatus, store};

use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;

/// What the accepted quote is asked for by (the job's page only).
const QUOTE: &str = "tilbud";
/// What the basis is asked for by, before the job is invoiced.
const BASIS: &str = "fakturagrunnlag";
/// What the signed samsvarserklæring is asked for by.
const DECLARATION: &str = "samsvarserklaering";

/// Which page a list is for: the job's own lists its accepted quote too; the quote's page
/// is the quote.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Page {
    Job,
    Quote,
}

/// The documents of `job` its customer may fetch, `{"title", "href"}` each, the address
/// `{base}/{id}`. The invoice basis and the invoices only once the job is done. A failed
/// read fails the list: a page never lists what a read that failed would have replaced.
pub async fn list(state: &AppState, job: &Job, base: &str, page: Page) -> Result<Vec<Value>, sqlx::Error> {
    let href = |id: &str| format!("{base}/{id}");
    let mut documents = Vec::new();
    if page == Page::Job
        && let Some(quote) = accepted_quote(state, job).await?
    {
        let title = match quote.accepted_at {
            Some(at) => format!("Tilbud {}, akseptert {}", quote.label(), oslo::date(oslo::day_of(at))),
            None => format!("Tilbud {}", quote.label()),
        };
        documents.push(json!({ "title": title, "href": href(QUOTE) }));
    }
    let changes = store::of_job(&state.db, job.id).await?;
    for change in changes.iter().filter(|change| change.status == QuoteStatus::Accepted) {
        let title = format!("Tilleggsarbeid {}", change.label());
        documents.push(json!({ "title": title, "href": href(&change.id.to_string()) }));
    }
    if !job.status.is_open() {
        let kept = invoices::store::of_job(&state.db, job.id).await?;
        if kept.is_empty() {
            documents.push(json!({ "title": "Fakturagrunnlag (spesifisert)", "href": href(BASIS) }));
        }
        for invoice in &kept {
            let title =
                format!("{} {}, {}", invoice.kind.name(), invoice.number, oslo::date(invoice.issue_date));
            documents.push(json!({ "title": title, "href": href(&invoice.id.to_string()) }));
            // The letters sent about it, each as the customer got it (issue #75 point 3).
            if invoice.kind == invoices::InvoiceKind::Invoice {
                for letter in fagfolk_data::reminders::store::of_invoice(&state.db, invoice.id).await? {
                    let title =
                        format!("{} {}", letter.letter.kind.name(), oslo::date(letter.letter.sent_on));
                    documents.push(json!({ "title": title, "href": href(&letter.id.to_string()) }));
                }
            }
        }
    }
    let declaration = fagfolk_data::declarations::store::of_job(&state.db, job.id).await?;
    if declaration.is_some_and(|declaration| declaration.signed_at.is_some()) {
        documents.push(json!({ "title": "Samsvarserklæring", "href": href(DECLARATION) }));
    }
    Ok(documents)
}

/// What the customer owes on `job`'s invoice on `today`, for the customer's pages: the
/// invoice's number and total, what credit notes took back, what reminders added and what
/// is paid, what is left, by when, to which account with which KID; `settled` once nothing
/// is left. `None` before the job is invoiced.
pub async fn owed(state: &AppState, job: &Job) -> Result<Option<Value>, sqlx::Error> {
    let kept = invoices::store::of_job(&state.db, job.id).await?;
    let Some(invoice) = kept.iter().find(|invoice| invoice.kind == invoices::InvoiceKind::Invoice) else {
        return Ok(None);
    };
    let Some(balance) = invoices::store::balance(&state.db, invoice.id).await? else { return Ok(None) };
    let today = state.clock.today();
    let kroner = fagfolk_data::money::kroner;
    let account = invoice.seller.account();
    let settled = balance.outstanding <= 0;
    // The latest letter that charges: its time to pay is the one the customer was given,
    // and what the letters added is its fees and the latest one's interest, each named.
    let letters = fagfolk_data::reminders::store::of_invoice(&state.db, invoice.id).await?;
    let charging: Vec<_> = letters.iter().filter(|letter| !letter.waived).collect();
    let fees: i64 =
        if balance.charged > 0 { charging.iter().map(|letter| letter.letter.fee).sum() } else { 0 };
    let interest = balance.charged - fees;
    let reminded = letters.last().filter(|_| !settled).map(|letter| {
        let name = match letter.letter.kind {
            fagfolk_data::reminders::Kind::Purring => "purringen",
            fagfolk_data::reminders::Kind::Notice => "inkassovarselet",
        };
        json!({
            "letter": name,
            "sent": oslo::date(letter.letter.sent_on),
            "pay_by": oslo::date(letter.letter.pay_by),
            // Its time to pay ran out: the page says so instead of a day gone by.
            "passed": letter.letter.pay_by < today,
        })
    });
    Ok(Some(json!({
        "number": invoice.number,
        "total": kroner(balance.total),
        "credited": (balance.credited > 0).then(|| kroner(balance.credited)),
        "charged": (balance.charged > 0).then(|| kroner(balance.charged)),
        "fees": (fees > 0).then(|| kroner(fees)),
        "interest": (interest > 0).then(|| kroner(interest)),
        "reminded": reminded,
        "paid": (balance.paid > 0).then(|| kroner(balance.paid)),
        "outstanding": kroner(balance.outstanding.max(0)),
        "refund": (balance.outstanding < 0).then(|| kroner(-balance.outstanding)),
        "due": oslo::date(invoice.due_date),
        "overdue": !settled && invoice.due_date < today,
        "account": account.map(|account| account.display()),
        "kid": invoice.kid(),
        "settled": settled,
    })))
}

/// Letter `id` about one of `job`'s invoices as its PDF and file name, once the job is
/// finished (before, it has no invoice to be reminded of).
async fn letter_of(
    state: &AppState,
    job: &Job,
    id: Uuid,
    finished: bool,
) -> ApiResult<Option<(Vec<u8>, String)>> {
    if !finished {
        return Ok(None);
    }
    let Some(letter) = fagfolk_data::reminders::store::get(&state.db, id).await? else { return Ok(None) };
    let invoice = invoices::store::of_job(&state.db, job.id)
        .await?
        .into_iter()
        .find(|invoice| invoice.id == letter.invoice_id);
    let Some(invoice) = invoice else { return Ok(None) };
    let bytes = crate::reminders::files::pdf(state, &letter, &invoice).await.map_err(ApiError::Internal)?;
    Ok(Some((bytes, crate::reminders::files::file_name(&letter, &invoice))))
}

/// The quote `job` was made from, when it is accepted (a call-out has none).
async fn accepted_quote(
    state: &AppState,
    job: &Job,
) -> Result<Option<fagfolk_data::quotes::Quote>, sqlx::Error> {
    let Some(quote_id) = job.quote_id else { return Ok(None) };
    let quote = store::get(&state.db, quote_id).await?;
    Ok(quote.filter(|quote| quote.status == QuoteStatus::Accepted))
}

/// Document `id` of `job` as a PDF and its file name; `None` when it is not one `list`
/// gives for `page`, an error when it is but could not be read or drawn.
pub async fn render(
    state: &AppState,
    job: &Job,
    id: &str,
    page: Page,
) -> ApiResult<Option<(Vec<u8>, String)>> {
    let finished = !job.status.is_open();
    match id {
        QUOTE if page == Page::Job => {
            let Some(quote) = accepted_quote(state, job).await? else { return Ok(None) };
            let (Some(at), Some(name)) = (quote.accepted_at, quote.accepted_name.clone()) else {
                return Ok(None);
            };
            let bytes = crate::quotes::mail::stamped(state, &quote, at, name).await?;
            Ok(Some((bytes, quote.accepted_file_name())))
        }
        BASIS => {
            if !finished || !invoices::store::of_job(&state.db, job.id).await?.is_empty() {
                return Ok(None);
            }
            let basis = crate::invoices::basis::now(state, job.id).await?;
            let firm = crate::pdf::letterhead::now(state).await?;
            let made = state.clock.now();
            let bytes =
                tokio::task::spawn_blocking(move || crate::pdf::invoice::render_basis(&basis, &firm, made))
                    .await
                    .map_err(|err| ApiError::Internal(err.into()))??;
            Ok(Some((bytes, "Fakturagrunnlag.pdf".to_owned())))
        }
        DECLARATION => {
            let declaration = fagfolk_data::declarations::store::of_job(&state.db, job.id).await?;
            let Some(declaration) = declaration.filter(|declaration| declaration.signed_at.is_some()) else {
                return Ok(None);
            };
            Ok(Some(crate::declarations::document::pdf(state, declaration).await?))
        }
        _ => {
            let Ok(id) = id.parse::<Uuid>() else { return Ok(None) };
            let invoice = match finished {
                true => invoices::store::of_job(&state.db, job.id)
                    .await?
                    .into_iter()
                    .find(|invoice| invoice.id == id),
                false => None,
            };
            if let Some(invoice) = invoice {
                let firm = crate::pdf::letterhead::of(state, &invoice.seller.firm).await;
                let name = invoice.file_name("pdf");
                let bytes =
                    tokio::task::spawn_blocking(move || crate::pdf::invoice::render_invoice(&invoice, &firm))
                        .await
                        .map_err(|err| ApiError::Internal(err.into()))??;
                return Ok(Some((bytes, name)));
            }
            if let Some(letter) = letter_of(state, job, id, finished).await? {
                return Ok(Some(letter));
            }
            let Some(change) = store::get(&state.db, id).await? else { return Ok(None) };
            if change.job_id != Some(job.id) || change.status != QuoteStatus::Accepted {
                return Ok(None);
            }
            let (Some(at), Some(name)) = (change.accepted_at, change.accepted_name.clone()) else {
                return Ok(None);
            };
            let bytes = crate::quotes::mail::stamped(state, &change, at, name).await?;
            Ok(Some((bytes, change.accepted_file_name())))
        }
    }
}
