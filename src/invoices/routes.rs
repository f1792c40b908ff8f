//! The office's invoice routes: a finished job's invoice basis (JSON, CSV, PDF), the
//! invoice made from it (which marks the job "fakturert"), its credit notes, and each as a
//! PDF, a CSV, JSON and, for a business customer, EHF. Only the office: a montør is
//! refused by `CurrentUser`.

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::export;
use crate::http::error::{ApiError, ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiPath, ApiQuery};
use crate::state::AppState;
use fagfolk_data::audit::AuditEntity;
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::invoices::{self, Invoice, InvoiceBasis, InvoiceKind, Refused, store};
use fagfolk_data::jobs::{self, JobStatus};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(super::list::list_invoices))
        .routes(routes!(invoice_basis))
        .routes(routes!(job_invoices, issue_invoice))
        .routes(routes!(get_invoice))
        .routes(routes!(super::credit::credit_invoice))
        .routes(routes!(super::send::send_invoice))
        .routes(routes!(super::send::invoice_sends))
}

/// What a basis or an invoice is wanted as.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct Format {
    /// `json` (the default), `csv`, `pdf`, or for an invoice to a business `ehf`.
    format: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum As {
    Json,
    Csv,
    Pdf,
    Ehf,
}

impl Format {
    fn read(&self, ehf: bool) -> ApiResult<As> {
        match self.format.as_deref().map(str::trim) {
            None | Some("" | "json") => Ok(As::Json),
            Some("csv") => Ok(As::Csv),
            Some("pdf") => Ok(As::Pdf),
            Some("ehf") if ehf => Ok(As::Ehf),
            Some(_) => Err(Refused::Format { ehf }.into()),
        }
    }
}

fn file(content_type: &str, name: &str, body: Vec<u8>) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")),
        ],
        body,
    )
        .into_response()
}

/// The specified invoice basis of a finished job (håndverkertjenesteloven § 36): the work
/// and materials with how the price was reached, a prisoverslag's deduction above its
/// ceiling, accepted tilleggsarbeid apart, MVA per rate. Its sum excluding MVA is the
/// meter's `billable`. Once the job is invoiced, the basis the invoice kept.
#[utoipa::path(
    get, path = "/api/admin/jobs/{id}/invoice-basis", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id"), Format),
    responses(
        (status = 200, description = "Fakturagrunnlaget: JSON, CSV (UTF-8 med BOM, semikolon) eller PDF/A", content(
            (InvoiceBasis = "application/json"),
            (String = "text/csv"),
            (Vec<u8> = "application/pdf"),
        )),
        (status = 409, description = "Oppdraget er ikke ferdig", body = ErrorBody),
        (status = 422, description = "Ukjent format", body = ErrorBody),
    )
)]
async fn invoice_basis(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(format): ApiQuery<Format>,
) -> ApiResult<Response> {
    let wanted = format.read(false)?;
    let kept =
        store::of_job(&state.db, id).await?.into_iter().find(|invoice| invoice.kind == InvoiceKind::Invoice);
    let basis = match &kept {
        Some(invoice) => invoice.basis.clone(),
        None => super::basis::now(&state, id).await?,
    };
    let name = format!("Fakturagrunnlag-{}", slug(&basis.job_title));
    match wanted {
        As::Json | As::Ehf => Ok(Json(basis).into_response()),
        As::Csv => Ok(file("text/csv; charset=utf-8", &format!("{name}.csv"), export::csv(&basis)?)),
        As::Pdf => {
            let firm = crate::pdf::letterhead::now(&state).await?;
            let made = state.clock.now();
            let body =
                tokio::task::spawn_blocking(move || crate::pdf::invoice::render_basis(&basis, &firm, made))
                    .await
                    .map_err(|err| ApiError::Internal(err.into()))??;
            Ok(file("application/pdf", &format!("{name}.pdf"), body))
        }
    }
}

/// A file name's part from `text`: letters and digits, the rest as dashes.
fn slug(text: &str) -> String {
    let mut slug = String::new();
    for c in text.chars().take(40) {
        if c.is_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.trim_matches('-').to_owned()
}

/// A job's invoice and credit notes, oldest first.
#[utoipa::path(
    get, path = "/api/admin/jobs/{id}/invoices", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id")),
    responses(
        (status = 200, description = "Fakturaen og kreditnotaene", body = [Invoice]),
    )
)]
async fn job_invoices(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Vec<Invoice>>> {
    jobs::store::get(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
    Ok(Json(store::of_job(&state.db, id).await?))
}

/// "Marker som fakturert": the invoice of a finished job, made from its basis as it reads
/// now, numbered in the year's series without gaps, dated today, due after the days
/// Innstillinger give; the job reads "fakturert" from then on. One per job.
#[utoipa::path(
    post, path = "/api/admin/jobs/{id}/invoices", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id")),
    responses(
        (status = 201, description = "Fakturaen er laget, og oppdraget er fakturert", body = Invoice),
        (status = 409, description = "Oppdraget er ikke ferdig eller er fakturert, § 7-kontakten mangler, \
            tilleggsarbeid mangler endringsordre, eller Innstillinger mangler det fakturaen trenger", body = ErrorBody),
    )
)]
async fn issue_invoice(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<(StatusCode, Json<Invoice>)> {
    let job = jobs::store::get(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
    if job.status == JobStatus::Invoiced {
        return Err(Refused::Invoiced.into());
    }
    let basis = super::basis::now(&state, id).await?;
    let (seller, days) = super::basis::seller(&state).await?;
    // Everything the invoice needs is checked before it is numbered and locked: an invoice
    // nobody can pay, or a business's EHF that cannot be made, cannot be taken back.
    let missing = super::ehf::missing_before_issue(&basis, &seller);
    if !missing.is_empty() {
        return Err(Refused::Missing(missing).into());
    }
    let (now, today) = (state.clock.now(), state.clock.today());
    let made = |invoice_id: Uuid, number: String| Invoice {
        id: invoice_id,
        job_id: id,
        number,
        kind: InvoiceKind::Invoice,
        credited_id: None,
        reason: String::new(),
        issue_date: today,
        due_date: today + chrono::Duration::days(i64::from(days)),
        net_total: basis.totals.net,
        vat_total: basis.totals.vat,
        total: basis.totals.gross,
        basis,
        seller,
        created_by: user.name.clone(),
        created_at: now,
        credited_lines: Vec::new(),
    };
    let entry =
        |invoice: &Invoice| user.created(now, AuditEntity::Invoices, invoice.id, invoice.audit_view());
    match invoices::issue(&state.db, id, today, made, entry).await? {
        Ok(invoice) => Ok((StatusCode::CREATED, Json(invoice))),
        Err(not) => Err(Refused::from(not).into()),
    }
}

/// An invoice or a credit note: JSON, CSV, PDF/A, or EHF (Peppol BIS Billing 3.0) for a
/// business customer. EHF is refused, with what is missing, when the customer has no
/// organisation number or the firm's settings lack what it needs.
#[utoipa::path(
    get, path = "/api/admin/invoices/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Fakturaens id"), Format),
    responses(
        (status = 200, description = "Fakturaen: JSON, CSV, PDF/A eller EHF (UBL 2.1)", content(
            (Invoice = "application/json"),
            (String = "text/csv"),
            (Vec<u8> = "application/pdf"),
            (String = "application/xml"),
        )),
        (status = 422, description = "Ukjent format, eller EHF kan ikke lages: det som mangler", body = ErrorBody),
    )
)]
async fn get_invoice(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(format): ApiQuery<Format>,
) -> ApiResult<Response> {
    let wanted = format.read(true)?;
    let invoice = store::get(&state.db, id).await?.or_not_found(invoices::NOT_FOUND)?;
    match wanted {
        As::Json => Ok(Json(invoice).into_response()),
        As::Csv => {
            Ok(file("text/csv; charset=utf-8", &invoice.file_name("csv"), export::csv(&invoice.basis)?))
        }
        As::Pdf => {
            let firm = crate::pdf::letterhead::of(&state, &invoice.seller.firm).await;
            let name = invoice.file_name("pdf");
            let body =
                tokio::task::spawn_blocking(move || crate::pdf::invoice::render_invoice(&invoice, &firm))
                    .await
                    .map_err(|err| ApiError::Internal(err.into()))??;
            Ok(file("application/pdf", &name, body))
        }
        As::Ehf => {
            let missing = super::ehf::check(&invoice);
            if !missing.is_empty() {
                return Err(Refused::EhfMissing(missing).into());
            }
            let credited = match invoice.credited_id {
                Some(credited) => store::get(&state.db, credited).await?,
                None => None,
            };
            let body = super::ehf::write(&invoice, credited.as_ref())
                .map_err(|err| ApiError::Internal(err.into()))?;
            Ok(file("application/xml; charset=utf-8", &invoice.file_name("xml"), body))
        }
    }
}
