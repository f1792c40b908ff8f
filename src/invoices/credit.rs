//! "Krediter": a credit note of lines of an invoice (`fagfolk_data::invoices::credit`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::http::error::{ApiError, ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::invoices::{self, Invoice, InvoiceKind, store};

/// What "Krediter" sends: which lines of the invoice to take back, and why.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CreditInput {
    /// The lines' places in the invoice, counted from 0 (the work's lines first, then each
    /// change order's), as `GET /api/admin/invoices/{id}` lists them.
    #[schema(value_type = Vec<i64>)]
    pub lines: Option<Vec<serde_json::Value>>,
    /// Why, for the customer: at most 500 characters.
    pub reason: Option<String>,
}

/// A credit note of lines of an invoice, numbered in the invoices' series: the lines as
/// they were invoiced, their sums positive.
#[utoipa::path(
    post, path = "/api/admin/invoices/{id}/credit-notes", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path, description = "Fakturaens id")), request_body = CreditInput,
    responses(
        (status = 201, description = "Kreditnotaen er laget", body = Invoice),
        (status = 404, description = "Finnes ikke", body = ErrorBody),
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
        return Err(ApiError::Conflict("En kreditnota kan ikke krediteres.".to_owned()));
    }
    let count = u32::try_from(invoice.basis.lines().count()).unwrap_or(u32::MAX);
    let mut errors = fagfolk_data::fields::FieldErrors::default();
    let mut lines: Vec<u32> = input
        .lines
        .unwrap_or_default()
        .iter()
        .map(|line| line.as_u64().and_then(|line| u32::try_from(line).ok()).filter(|line| *line < count))
        .collect::<Option<Vec<_>>>()
        .unwrap_or_default();
    lines.sort_unstable();
    lines.dedup();
    if lines.is_empty() {
        errors.add("lines", "Velg minst én linje fra fakturaen.");
    }
    let reason = errors.required("reason", input.reason, 500, "Skriv hvorfor linjene krediteres.");
    errors.finish()?;
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
    let entry = |note: &Invoice| {
        user.audit(
            now,
            AuditAction::Create,
            AuditEntity::Invoices,
            Some(note.id),
            Some(serde_json::json!({ "before": {}, "after": note.audit_view() })),
        )
    };
    match invoices::credit(&state.db, &invoice, &lines, today, made, entry).await? {
        Ok(note) => Ok((StatusCode::CREATED, Json(note))),
        Err(twice) => {
            let places: Vec<String> = twice.iter().map(|line| (line + 1).to_string()).collect();
            Err(ApiError::field(
                "lines",
                &format!(
                    "Linje {} er kreditert allerede. Velg bare linjer som ikke er kreditert.",
                    places.join(", ")
                ),
            ))
        }
    }
}
