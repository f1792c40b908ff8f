//! "Krediter": a credit note of lines of an invoice (`fagfolk_data::invoices::credit`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use uuid::Uuid;

use crate::http::error::{ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath};
use crate::state::AppState;
use fagfolk_data::audit::AuditEntity;
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::invoices::input::{Credit, CreditInput, read_credit};
use fagfolk_data::invoices::{self, Invoice, InvoiceKind, Refused, store};

/// A credit note of lines of an invoice, numbered in the invoices' series: the lines as
/// they were invoiced, their sums positive.
#[utoipa::path(
    post, path = "/api/admin/invoices/{id}/credit-notes", tag = "admin",
    params(("id" = Uuid, Path, description = "Fakturaens id")), request_body = CreditInput,
    responses(
        (status = 201, description = "Kreditnotaen er laget", body = Invoice),
        (status = 409, description = "En kreditnota krediteres ikke", body = ErrorBody),
    )
)]
pub(super) async fn credit_invoice(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<CreditInput>,
) -> ApiResult<(StatusCode, Json<Invoice>)> {
    let invoice = store::get(&state.db, id).await?.or_not_found(invoices::NOT_FOUND)?;
    if invoice.kind != InvoiceKind::Invoice {
        return Err(Refused::CreditOfCredit.into());
    }
    let Credit { lines, reason } = read_credit(input, invoice.basis.lines().count())?;
    let (now, today) = (state.clock.now(), state.clock.today());
    let made = |note_id: Uuid, number: String, basis: invoices::InvoiceBasis| Invoice {
        id: note_id,
        job_id: invoice.job_id,
        number,
        kind: InvoiceKind::CreditNote,
        credited_id: Some(invoice.id),
        reason,
        issue_date: today,
        due_date: today,
        net_total: basis.totals.net,
        vat_total: basis.totals.vat,
        total: basis.totals.gross,
        basis,
        seller: invoice.seller.clone(),
        created_by: user.name.clone(),
        created_at: now,
        credited_lines: lines.clone(),
    };
    let entry = |note: &Invoice| user.created(now, AuditEntity::Invoices, note.id, note.audit_view());
    match invoices::credit(&state.db, &invoice, &lines, today, made, entry).await? {
        Ok(note) => Ok((StatusCode::CREATED, Json(note))),
        Err(twice) => Err(Refused::Credited(twice).into()),
    }
}
