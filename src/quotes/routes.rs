//! The quote routes of the back office (`super::router`): make a quote from a lead, save
//! the draft as it is typed, send it, revise it, withdraw it, and list them.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::quotes::{self, Quote, QuoteContent, QuoteInput, QuoteStatus, store};

use super::send;
use crate::http::error::{ApiError, ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath};
use crate::pdf;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(super::list::list_quotes))
        .routes(routes!(lead_quotes, create_quote))
        .routes(routes!(get_quote, update_quote))
        .routes(routes!(quote_pdf))
        .routes(routes!(send::send_quote))
        .routes(routes!(send::new_link))
        .routes(routes!(revise_quote))
        .routes(routes!(withdraw_quote))
        // A customer's quote: its page, where it is accepted or declined, and its PDF.
        .route("/tilbud/{token}", get(super::customer::show).post(super::customer::answer))
        .route("/tilbud/{token}/pdf", get(super::customer::pdf))
        .route("/tilbud/{token}/dokumenter/{id}", get(super::documents::document))
}

/// What a new quote starts with (Innstillinger → Tilbud).
async fn defaults(state: &AppState) -> ApiResult<fagfolk_data::settings::QuoteDefaults> {
    let settings = fagfolk_data::settings::store::facts(&state.db).await?;
    Ok(settings.map(|settings| settings.quote_defaults).unwrap_or_default())
}

/// A lead's quotes, newest first.
#[utoipa::path(
    get, path = "/api/admin/leads/{id}/quotes",
    params(("id" = Uuid, Path, description = "Lead-ens id")), tag = "admin",
    responses(
        (status = 200, description = "Lead-ens tilbud", body = [Quote]),
    )
)]
async fn lead_quotes(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Vec<Quote>>> {
    fagfolk_data::leads::store::get(&state.db, id).await?.or_not_found(fagfolk_data::leads::NOT_FOUND)?;
    let today = state.clock.today();
    Ok(Json(store::of_lead(&state.db, id).await?.into_iter().map(|quote| quote.settle(today)).collect()))
}

/// "Nytt tilbud": a draft from the lead, its customer filled in from the lead, numbered.
#[utoipa::path(
    post, path = "/api/admin/leads/{id}/quotes",
    params(("id" = Uuid, Path, description = "Lead-ens id")), tag = "admin",
    request_body = QuoteInput,
    responses(
        (status = 201, description = "Utkastet", body = Quote),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
async fn create_quote(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<QuoteInput>,
) -> ApiResult<(StatusCode, Json<Quote>)> {
    let lead =
        fagfolk_data::leads::store::get(&state.db, id).await?.or_not_found(fagfolk_data::leads::NOT_FOUND)?;
    let today = state.clock.today();
    let defaults = defaults(&state).await?;
    let address =
        [lead.adresse.clone(), lead.postnr.clone()].into_iter().flatten().collect::<Vec<_>>().join(", ");
    let base = QuoteContent {
        customer_name: lead.name.clone(),
        customer_company: None,
        customer_email: lead.email.clone(),
        customer_phone: lead.phone.clone(),
        customer_address: Some(address).filter(|address| !address.is_empty()),
        customer_kind: quotes::CustomerKind::Private,
        org_nr: None,
        angrerett: true,
        price_type: quotes::PriceType::Fixed,
        reservation: false,
        intro: String::new(),
        terms: defaults.terms,
        lines: Vec::new(),
        valid_until: today + chrono::Duration::days(i64::from(defaults.valid_days)),
        totals: Default::default(),
    };
    let content =
        QuoteContent::parse(input, base).map_err(|errors| ApiError::Validation(errors.into_map()))?;
    let now = state.clock.now();
    let entry = |quote_id: Uuid, number: &str| {
        let after =
            serde_json::json!({"number": number, "lead_id": id, "customer_name": content.customer_name});
        user.created(now, AuditEntity::Quotes, quote_id, after)
    };
    let quote_id = quotes::create(
        &state.db,
        store::Owners { lead_id: Some(id), job_id: None },
        &content,
        (Some(user.id), &user.name),
        now,
        today,
        entry,
    )
    .await?;
    let quote = store::get(&state.db, quote_id).await?.or_not_found(fagfolk_data::quotes::NOT_FOUND)?;
    Ok((StatusCode::CREATED, Json(quote)))
}

/// A quote with its other versions.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuoteView {
    #[serde(flatten)]
    pub quote: Quote,
    /// Every version of its number, newest first (this one too).
    pub versions: Vec<Quote>,
}

/// One quote, and the versions of its number.
#[utoipa::path(
    get, path = "/api/admin/quotes/{id}",
    params(("id" = Uuid, Path, description = "Tilbudets id")), tag = "admin",
    responses(
        (status = 200, description = "Tilbudet", body = QuoteView),
    )
)]
async fn get_quote(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<QuoteView>> {
    let today = state.clock.today();
    let quote = store::get(&state.db, id).await?.or_not_found(fagfolk_data::quotes::NOT_FOUND)?.settle(today);
    let versions =
        store::versions(&state.db, &quote.number).await?.into_iter().map(|q| q.settle(today)).collect();
    Ok(Json(QuoteView { quote, versions }))
}

/// Save a draft (the editor saves as one types): the fields given, keeping the rest.
#[utoipa::path(
    put, path = "/api/admin/quotes/{id}",
    params(("id" = Uuid, Path, description = "Tilbudets id")), tag = "admin",
    request_body = QuoteInput,
    responses(
        (status = 200, description = "Lagret", body = Quote),
        (status = 409, description = "Ikke et utkast lenger", body = ErrorBody),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
async fn update_quote(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<QuoteInput>,
) -> ApiResult<Json<Quote>> {
    let before = store::get(&state.db, id).await?.or_not_found(fagfolk_data::quotes::NOT_FOUND)?;
    if before.status != QuoteStatus::Draft {
        return Err(ApiError::Conflict(fagfolk_data::quotes::NOT_A_DRAFT.to_owned()));
    }
    let content = QuoteContent::parse(input, QuoteContent::of(&before))
        .map_err(|errors| ApiError::Validation(errors.into_map()))?;
    let now = state.clock.now();
    let mut after = before.clone();
    apply(&mut after, &content);
    // Always an entry, unlike `CurrentUser::changed`: the quote's texts (intro, terms) are
    // not in its audit view, so their edit is logged without detail rather than not at all.
    let changes = fagfolk_data::audit::changes(&before.audit_view(), &after.audit_view());
    let entry = user.audit(now, AuditAction::Update, AuditEntity::Quotes, Some(id), changes);
    if !store::update_draft(&state.db, id, &content, now, &entry).await? {
        return Err(ApiError::Conflict(fagfolk_data::quotes::NOT_A_DRAFT.to_owned()));
    }
    Ok(Json(store::get(&state.db, id).await?.or_not_found(fagfolk_data::quotes::NOT_FOUND)?))
}

/// `content` written over `quote`, for the audit entry's before and after.
fn apply(quote: &mut Quote, content: &QuoteContent) {
    quote.customer_name.clone_from(&content.customer_name);
    quote.customer_email.clone_from(&content.customer_email);
    quote.customer_kind = content.customer_kind;
    quote.price_type = content.price_type;
    quote.valid_until = content.valid_until;
    quote.total = content.totals.gross;
    quote.lines.clone_from(&content.lines);
}

/// The quote as a PDF: the copy that was sent, or a draft as it would be sent.
#[utoipa::path(
    get, path = "/api/admin/quotes/{id}/pdf",
    params(("id" = Uuid, Path, description = "Tilbudets id")), tag = "admin",
    responses(
        (status = 200, description = "PDF-en", content_type = "application/pdf", body = Vec<u8>),
    )
)]
async fn quote_pdf(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Response> {
    let quote = store::get(&state.db, id).await?.or_not_found(fagfolk_data::quotes::NOT_FOUND)?;
    let name = quote.file_name();
    let bytes = match store::pdf(&state.db, id).await? {
        Some(bytes) => bytes,
        None => {
            let firm = crate::pdf::letterhead::now(&state).await?;
            tokio::task::spawn_blocking(move || pdf::quote::render(&quote, &firm, None))
                .await
                .map_err(|err| ApiError::Internal(err.into()))??
        }
    };
    Ok(super::link::pdf_response(bytes, "inline", &name))
}

/// "Revider": the next version as a draft with the same number. This version stays open
/// to the customer until the new one is sent.
#[utoipa::path(
    post, path = "/api/admin/quotes/{id}/revise",
    params(("id" = Uuid, Path, description = "Tilbudets id")), tag = "admin",
    responses(
        (status = 201, description = "Den nye versjonen, et utkast", body = Quote),
        (status = 409, description = "Kan ikke revideres", body = ErrorBody),
    )
)]
async fn revise_quote(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<(StatusCode, Json<Quote>)> {
    let quote = store::get(&state.db, id).await?.or_not_found(fagfolk_data::quotes::NOT_FOUND)?;
    let now = state.clock.now();
    let valid_days = i64::from(defaults(&state).await?.valid_days);
    let valid_until = state.clock.today() + chrono::Duration::days(valid_days);
    // The entry is about the version revised, which keeps its status: it names the new one.
    let entry = |new_id: Uuid, new_version: i32| {
        user.audit(
            now,
            AuditAction::Revise,
            AuditEntity::Quotes,
            Some(quote.id),
            Some(serde_json::json!({
                "before": {"new_version": null},
                "after": {"new_version": new_version, "new_id": new_id},
            })),
        )
    };
    let new_id = match quotes::revise(&state.db, &quote, valid_until, (Some(user.id), &user.name), now, entry)
        .await?
    {
        Ok(new_id) => new_id,
        Err(quotes::NotRevised::State) => {
            return Err(quotes::Refused::NotRevisable.into());
        }
        Err(quotes::NotRevised::Newer) => {
            return Err(quotes::Refused::NewerExists.into());
        }
    };
    Ok((
        StatusCode::CREATED,
        Json(store::get(&state.db, new_id).await?.or_not_found(fagfolk_data::quotes::NOT_FOUND)?),
    ))
}

/// "Trekk tilbake": the customer can no longer accept it; its link says so.
#[utoipa::path(
    post, path = "/api/admin/quotes/{id}/withdraw",
    params(("id" = Uuid, Path, description = "Tilbudets id")), tag = "admin",
    responses(
        (status = 200, description = "Trukket tilbake", body = Quote),
        (status = 409, description = "Kan ikke trekkes tilbake", body = ErrorBody),
    )
)]
async fn withdraw_quote(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Quote>> {
    let quote = store::get(&state.db, id).await?.or_not_found(fagfolk_data::quotes::NOT_FOUND)?;
    let now = state.clock.now();
    let entry = user.audit(now, AuditAction::Withdraw, AuditEntity::Quotes, Some(id), Some(
            serde_json::json!({"before": {"status": quote.status}, "after": {"status": QuoteStatus::Withdrawn}}),
        ));
    if !store::withdraw(&state.db, id, now, &user.name, &entry).await? {
        return Err(quotes::Refused::NotWithdrawable.into());
    }
    Ok(Json(store::get(&state.db, id).await?.or_not_found(fagfolk_data::quotes::NOT_FOUND)?))
}
