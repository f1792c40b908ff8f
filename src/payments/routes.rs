//! The office's payment routes: an invoice's payments and what is left to pay, a payment
//! registered by hand (and deleted, when it was a mistake), the payments waiting for the
//! office, booked on an invoice, taken off one again, or set aside.

use axum::Json;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::http::error::{ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath, ApiQuery};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::invoices;
use fagfolk_data::payments::input::{self, MatchInput, PaymentInput, SetAsideInput, WaitingQuery};
use fagfolk_data::payments::{Balance, InvoiceState, Payment, Refused, WaitingPayments, store};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(super::import::import_bank_file))
        // The bank's file is larger than a JSON body: its own limit is enforced while
        // reading (`super::import::MAX_BYTES`); only the route above has this one.
        .layer(DefaultBodyLimit::max(super::import::MAX_BYTES + 64 * 1024))
        .routes(routes!(invoice_payments, register_payment))
        .routes(routes!(waiting_payments))
        .routes(routes!(delete_payment))
        .routes(routes!(book_payment))
        .routes(routes!(unbook_payment))
        .routes(routes!(set_aside_payment))
}

/// What is owed on an invoice, where it stands, and its payments.
#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceAccount {
    pub balance: Balance,
    pub state: InvoiceState,
    /// The KID the customer pays with, when the firm writes one.
    pub kid: Option<String>,
    pub payments: Vec<Payment>,
}

/// An invoice's sums (total, credited, paid, outstanding), its state today and its
/// payments, oldest first.
#[utoipa::path(
    get, path = "/api/admin/invoices/{id}/payments", tag = "admin",
    params(("id" = Uuid, Path, description = "Fakturaens id")),
    responses((status = 200, description = "Saldo og innbetalinger", body = InvoiceAccount))
)]
async fn invoice_payments(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<InvoiceAccount>> {
    let invoice = invoices::store::get(&state.db, id).await?.or_not_found(invoices::NOT_FOUND)?;
    let balance = invoices::store::balance(&state.db, id).await?.ok_or(Refused::CreditNote)?;
    let payments = store::of_invoice(&state.db, id).await?;
    let state = balance.state(invoice.due_date, state.clock.today());
    Ok(Json(InvoiceAccount { balance, state, kid: invoice.kid(), payments }))
}

/// Registers a payment by hand (a transfer without KID, cash, Vipps): the day it came,
/// the amount (at most what is left to pay) and a note.
#[utoipa::path(
    post, path = "/api/admin/invoices/{id}/payments", tag = "admin",
    params(("id" = Uuid, Path, description = "Fakturaens id")), request_body = PaymentInput,
    responses(
        (status = 201, description = "Innbetalingen er registrert", body = Payment),
        (status = 409, description = "En kreditnota, eller ingenting igjen å betale", body = ErrorBody),
    )
)]
async fn register_payment(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<PaymentInput>,
) -> ApiResult<(StatusCode, Json<Payment>)> {
    let payment = input::read_payment(input, state.clock.today())?;
    let now = state.clock.now();
    let entry =
        |written: &Payment| user.created(now, AuditEntity::Payments, written.id, written.audit_view());
    let written = store::register(&state.db, id, &payment, (&user.name, now), entry).await??;
    Ok((StatusCode::CREATED, Json(written)))
}

/// A page of the payments waiting for the office: none of their KID or message named an
/// invoice plainly (unknown, more than was owed, two invoices), one was taken off its
/// invoice, a reversal from the bank or money of the firm's own coming back; and how many
/// wait in all.
#[utoipa::path(
    get, path = "/api/admin/payments/waiting", tag = "admin", params(WaitingQuery),
    responses((status = 200, description = "Innbetalinger til avklaring, eldste først", body = WaitingPayments))
)]
async fn waiting_payments(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiQuery(query): ApiQuery<WaitingQuery>,
) -> ApiResult<Json<WaitingPayments>> {
    Ok(Json(store::waiting(&state.db, query.page()).await?))
}

/// Deletes a payment registered by hand by mistake; one from the bank is taken off its
/// invoice instead (`unmatch`).
#[utoipa::path(
    delete, path = "/api/admin/payments/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Innbetalingens id")),
    responses(
        (status = 204, description = "Innbetalingen er slettet"),
        (status = 409, description = "En innbetaling fra banken slettes ikke", body = ErrorBody),
    )
)]
async fn delete_payment(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    let now = state.clock.now();
    let entry =
        |payment: &Payment| user.deleted(now, AuditEntity::Payments, payment.id, &payment.audit_view());
    store::delete(&state.db, id, entry).await??;
    Ok(StatusCode::NO_CONTENT)
}

/// Books a waiting payment on the invoice the office names by its number, also when it is
/// more than is left to pay (the office pays the rest back).
#[utoipa::path(
    post, path = "/api/admin/payments/{id}/match", tag = "admin",
    params(("id" = Uuid, Path, description = "Innbetalingens id")), request_body = MatchInput,
    responses(
        (status = 200, description = "Innbetalingen er ført på fakturaen", body = Payment),
        (status = 409, description = "Innbetalingen venter ikke, eller nummeret er en kreditnota", body = ErrorBody),
    )
)]
async fn book_payment(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<MatchInput>,
) -> ApiResult<Json<Payment>> {
    let number = input::read_match(input)?;
    let now = state.clock.now();
    let entry = |before: &Payment, after: &Payment| {
        user.changed(
            now,
            AuditAction::Match,
            AuditEntity::Payments,
            id,
            &before.audit_view(),
            &after.audit_view(),
        )
    };
    Ok(Json(store::book(&state.db, id, &number, entry).await??))
}

/// Takes a payment from the bank off the invoice it was booked on: it waits for the office
/// again.
#[utoipa::path(
    post, path = "/api/admin/payments/{id}/unmatch", tag = "admin",
    params(("id" = Uuid, Path, description = "Innbetalingens id")),
    responses(
        (status = 200, description = "Innbetalingen venter på avklaring igjen", body = Payment),
        (status = 409, description = "Innbetalingen er ikke ført på en faktura", body = ErrorBody),
    )
)]
async fn unbook_payment(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Payment>> {
    let now = state.clock.now();
    let entry = |before: &Payment, after: &Payment| {
        user.changed(
            now,
            AuditAction::Unmatch,
            AuditEntity::Payments,
            id,
            &before.audit_view(),
            &after.audit_view(),
        )
    };
    Ok(Json(store::unbook(&state.db, id, entry).await??))
}

/// Sets a waiting payment aside as no payment of an invoice (a refund from a supplier, a
/// transfer between the firm's accounts), with a note saying what it is.
#[utoipa::path(
    post, path = "/api/admin/payments/{id}/set-aside", tag = "admin",
    params(("id" = Uuid, Path, description = "Innbetalingens id")), request_body = SetAsideInput,
    responses(
        (status = 200, description = "Innbetalingen er satt til side", body = Payment),
        (status = 409, description = "Innbetalingen venter ikke på avklaring", body = ErrorBody),
    )
)]
async fn set_aside_payment(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<SetAsideInput>,
) -> ApiResult<Json<Payment>> {
    let note = input::read_set_aside(input)?;
    let now = state.clock.now();
    let entry = |before: &Payment, after: &Payment| {
        user.changed(
            now,
            AuditAction::SetAside,
            AuditEntity::Payments,
            id,
            &before.audit_view(),
            &after.audit_view(),
        )
    };
    Ok(Json(store::set_aside(&state.db, id, &note, entry).await??))
}
