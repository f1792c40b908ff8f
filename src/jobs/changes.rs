//! Tilleggsarbeid on a job (`fagfolk_data::jobs::changes`): the office makes a change order
//! from the job, and records one as agreed on the phone or under § 9. Everything else a
//! change order does (its lines, PDF, sending, the customer's page) is the quote's
//! (`crate::quotes`), as it is a quote tied to its job.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use uuid::Uuid;

use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::jobs::changes::{self, AgreementInput};
use fagfolk_data::jobs::{self, store};
use fagfolk_data::quotes::{self, Quote};

use crate::http::error::{ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath};
use crate::state::AppState;

/// "Nytt tilleggsarbeid": a draft change order on the job, its customer as the job's
/// quote had it, numbered as quotes are; the quote editor takes it from there.
#[utoipa::path(
    post, path = "/api/admin/jobs/{id}/changes", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id")),
    responses(
        (status = 201, description = "Utkastet til tilleggsarbeid", body = Quote),
        (status = 409, description = "Oppdraget er ferdig", body = ErrorBody),
    )
)]
pub(super) async fn create_change(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<(StatusCode, Json<Quote>)> {
    let job = store::get(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
    if !job.status.is_open() {
        return Err(jobs::Refused::ChangeOnClosed.into());
    }
    let quote = match job.quote_id {
        Some(quote_id) => quotes::store::get(&state.db, quote_id).await?,
        None => None,
    };
    let email = match (&quote, job.lead_id) {
        (None, Some(lead_id)) => {
            fagfolk_data::leads::store::get(&state.db, lead_id).await?.and_then(|lead| lead.email)
        }
        _ => None,
    };
    let settings = fagfolk_data::settings::store::facts(&state.db).await?;
    let defaults = settings.map(|settings| settings.quote_defaults).unwrap_or_default();
    let today = state.clock.today();
    let valid_until = today + chrono::Duration::days(i64::from(defaults.valid_days));
    let content = changes::content(&job, quote.as_ref(), email, defaults.terms, valid_until);
    let now = state.clock.now();
    let entry = |quote_id: Uuid, number: &str| {
        let after =
            serde_json::json!({"number": number, "job_id": id, "customer_name": content.customer_name});
        user.created(now, AuditEntity::Quotes, quote_id, after)
    };
    let of = quotes::store::Owners { lead_id: job.lead_id, job_id: Some(id) };
    let quote_id =
        quotes::create(&state.db, of, &content, (Some(user.id), &user.name), now, today, entry).await?;
    let quote = quotes::store::get(&state.db, quote_id).await?.or_not_found(quotes::NOT_FOUND)?;
    Ok((StatusCode::CREATED, Json(quote)))
}

/// Records a change order as agreed other than on its page: on the phone (who, when, what
/// was said), or carried out under håndverkertjenesteloven § 9 (the customer could not be
/// reached and the price is low, or to prevent significant damage; why). It then reads
/// accepted and raises the job's budget.
#[utoipa::path(
    post, path = "/api/admin/quotes/{id}/agreement", tag = "admin",
    params(("id" = Uuid, Path, description = "Tilleggsarbeidets id")), request_body = AgreementInput,
    responses(
        (status = 200, description = "Registrert som avtalt", body = Quote),
        (status = 409, description = "Ikke tilleggsarbeid, eller allerede besvart", body = ErrorBody),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
pub(super) async fn record_agreement(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<AgreementInput>,
) -> ApiResult<Json<Quote>> {
    let quote = quotes::store::get(&state.db, id).await?.or_not_found(quotes::NOT_FOUND)?;
    let now = state.clock.now();
    let changes::Agreed { how, name, at, note } =
        changes::read_agreement(input, (changes::earliest(state.clock.today()), now))?;
    // What is recorded as agreed raises the job's budget: it must say what, and never less.
    if quote.lines.is_empty() {
        return Err(jobs::Refused::ChangeEmpty.into());
    }
    let sum = fagfolk_data::money::totals(quote.lines.iter().map(|l| (l.quantity, l.unit_price, l.vat)));
    if sum.net < 0 {
        return Err(jobs::Refused::ChangeNegative.into());
    }
    let agreed = quotes::store::Agreed { how, name: name.as_deref(), at, note: &note, by: &user.name };
    let entry = user.audit(
        now,
        AuditAction::Accept,
        AuditEntity::Quotes,
        Some(id),
        Some(serde_json::json!({
            "before": {"status": quote.status},
            "after": {
                "status": quotes::QuoteStatus::Accepted, "number": quote.label(), "agreed_how": how,
                "accepted_name": name, "agreed_note": note,
            },
        })),
    );
    let refused = match quotes::agree(&state.db, &quote, &agreed, now, &entry).await? {
        Ok(()) => return Ok(Json(quotes::store::get(&state.db, id).await?.or_not_found(quotes::NOT_FOUND)?)),
        Err(quotes::NotAgreed::State) if quote.job_id.is_none() => jobs::Refused::NotAChange,
        Err(quotes::NotAgreed::State) => jobs::Refused::ChangeAnswered,
        Err(quotes::NotAgreed::JobInvoiced) => jobs::Refused::ChangeJobInvoiced,
        Err(quotes::NotAgreed::EarlierAccepted(version)) => jobs::Refused::ChangeAccepted(version),
    };
    Err(refused.into())
}
