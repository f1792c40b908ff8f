//! A job's documents, handed to its customer: the accepted quote, each accepted change
//! order (tilleggsarbeid), the specified invoice basis (or, once invoiced, the invoice and
//! its credit notes) and the signed samsvarserklæring, each a PDF. Listed and drawn here
//! for two pages: the job's own (`/dokumenter/{token}`, `customer.rs`, whose link the
//! office makes, replaces and takes back, `routes.rs`) and the accepted quote's
//! (`/tilbud/{token}`, `crate::quotes`). Every document is looked up through the job the
//! link opens, so a link shows its own job's documents and no other's.

pub mod customer;
pub mod routes;

use serde_json::{Value, json};
use uuid::Uuid;

use fagfolk_data::invoices;
use fagfolk_data::jobs::Job;
use fagfolk_data::oslo;
use fagfolk_data::quotes::{QuoteStatus, store};

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
/// `{base}/{id}`. The invoice basis and the invoices only once the job is done.
pub async fn list(state: &AppState, job: &Job, base: &str, page: Page) -> Vec<Value> {
    let href = |id: &str| format!("{base}/{id}");
    let mut documents = Vec::new();
    if page == Page::Job
        && let Some(quote) = accepted_quote(state, job).await
    {
        let title = match quote.accepted_at {
            Some(at) => format!("Tilbud {}, akseptert {}", quote.label(), oslo::date(oslo::day_of(at))),
            None => format!("Tilbud {}", quote.label()),
        };
        documents.push(json!({ "title": title, "href": href(QUOTE) }));
    }
    let changes = store::of_job(&state.db, job.id).await.unwrap_or_default();
    for change in changes.iter().filter(|change| change.status == QuoteStatus::Accepted) {
        let title = format!("Tilleggsarbeid {}", change.label());
        documents.push(json!({ "title": title, "href": href(&change.id.to_string()) }));
    }
    if !job.status.is_open() {
        let kept = invoices::store::of_job(&state.db, job.id).await.unwrap_or_default();
        if kept.is_empty() {
            documents.push(json!({ "title": "Fakturagrunnlag (spesifisert)", "href": href(BASIS) }));
        }
        for invoice in &kept {
            let title =
                format!("{} {}, {}", invoice.kind.name(), invoice.number, oslo::date(invoice.issue_date));
            documents.push(json!({ "title": title, "href": href(&invoice.id.to_string()) }));
        }
    }
    let declaration = fagfolk_data::declarations::store::of_job(&state.db, job.id).await.ok().flatten();
    if declaration.is_some_and(|declaration| declaration.signed_at.is_some()) {
        documents.push(json!({ "title": "Samsvarserklæring", "href": href(DECLARATION) }));
    }
    documents
}

/// The quote `job` was made from, when it is accepted (a call-out has none).
async fn accepted_quote(state: &AppState, job: &Job) -> Option<fagfolk_data::quotes::Quote> {
    let quote = store::get(&state.db, job.quote_id?).await.ok().flatten()?;
    (quote.status == QuoteStatus::Accepted).then_some(quote)
}

/// Document `id` of `job` as a PDF and its file name; `None` when it is not one `list`
/// gives for `page`.
pub async fn render(state: &AppState, job: &Job, id: &str, page: Page) -> Option<(Vec<u8>, String)> {
    match id {
        QUOTE if page == Page::Job => {
            let quote = accepted_quote(state, job).await?;
            let (at, name) = (quote.accepted_at?, quote.accepted_name.clone()?);
            let bytes = crate::quotes::mail::stamped(state, &quote, at, name).await.ok()?;
            Some((bytes, quote.accepted_file_name()))
        }
        BASIS => {
            let finished = !job.status.is_open();
            if !finished || !invoices::store::of_job(&state.db, job.id).await.ok()?.is_empty() {
                return None;
            }
            let basis = crate::invoices::basis::now(state, job.id).await.ok()?;
            let firm = crate::quotes::mail::firm(state).await.ok()?;
            let made = state.clock.now();
            let bytes =
                tokio::task::spawn_blocking(move || crate::pdf::invoice::render_basis(&basis, &firm, made))
                    .await
                    .ok()?
                    .ok()?;
            Some((bytes, "Fakturagrunnlag.pdf".to_owned()))
        }
        DECLARATION => {
            let declaration = fagfolk_data::declarations::store::of_job(&state.db, job.id).await.ok()??;
            declaration.signed_at?;
            crate::declarations::document::pdf(state, declaration).await.ok()
        }
        _ => {
            let id: Uuid = id.parse().ok()?;
            if !job.status.is_open()
                && let Some(invoice) = invoices::store::of_job(&state.db, job.id)
                    .await
                    .ok()?
                    .into_iter()
                    .find(|invoice| invoice.id == id)
            {
                let firm = crate::invoices::basis::firm_of(state, &invoice.seller).await;
                let name = invoice.file_name("pdf");
                let bytes =
                    tokio::task::spawn_blocking(move || crate::pdf::invoice::render_invoice(&invoice, &firm))
                        .await
                        .ok()?
                        .ok()?;
                return Some((bytes, name));
            }
            let change = store::get(&state.db, id).await.ok().flatten()?;
            if change.job_id != Some(job.id) || change.status != QuoteStatus::Accepted {
                return None;
            }
            let (at, name) = (change.accepted_at?, change.accepted_name.clone()?);
            let bytes = crate::quotes::mail::stamped(state, &change, at, name).await.ok()?;
            Some((bytes, change.accepted_file_name()))
        }
    }
}
