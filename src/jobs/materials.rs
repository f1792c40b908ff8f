//! A job's material lines (`fagfolk_data::jobs::materials`): added by the office or by a
//! montør on the jobs they work on, priced or changed by the office, removed by the office.
//! A montør's phone shows no prices (docs/JOBS.md, "The montør's day"), so what a
//! montør adds is priced here: a service from the catalogue at its price less MVA, as a
//! quote's catalogue line; anything typed freely waits for the office's price, and the job
//! is not invoiced until it has one (`price_missing`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use uuid::Uuid;

use super::access::job_for;
use super::replay::{self, ReusedLine};
use crate::http::error::{ApiError, ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::{CurrentUser, SignedIn};
use fagfolk_data::invoices::basis::STANDARD_VAT;
use fagfolk_data::jobs::input::{MaterialInput, MaterialWording};
use fagfolk_data::jobs::{self, Material, store};
use fagfolk_data::money;
use fagfolk_data::quotes::QuoteLine;

/// The price of `line` as `user` adds it, and whether it still waits for the office's: the
/// office's own price; for a montør, the catalogue service's "Pris fra" less MVA, or none.
async fn priced(state: &AppState, user: &CurrentUser, line: &QuoteLine) -> ApiResult<(i64, bool)> {
    if !user.is_montor() {
        return Ok((line.unit_price, false));
    }
    let Some(service) = line.service_id else { return Ok((0, true)) };
    let from =
        fagfolk_data::services::store::get(&state.db, service).await?.and_then(|service| service.price_from);
    Ok(match from {
        Some(kroner) => (money::net_of_gross(kroner.saturating_mul(100), STANDARD_VAT), false),
        None => (0, true),
    })
}

/// Adds a material line (from the catalogue or typed), with who added it and when. A
/// montør may add to the jobs they work on, without a price (see `priced`). On a
/// prisoverslag past its budget it is saved and held (`held`) until the § 7 contact. An id
/// the phone chose is looked up first (`super::replay`).
#[utoipa::path(
    post, path = "/api/admin/jobs/{id}/materials", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id")), request_body = MaterialInput,
    responses(
        (status = 200, description = "Materiellet var ført allerede (samme id): den første føringen", body = Material),
        (status = 201, description = "Materiellet er ført (`held`: over prisoverslaget, venter på § 7-kontakten)", body = Material),
        (status = 409, description = "Oppdraget er ferdig, eller id-en er en annens; har id-en en annen linje \
            av samme person, følger den som lagret (`stored`)", body = ReusedLine),
    )
)]
pub(super) async fn add_material(
    State(state): State<AppState>,
    SignedIn(user): SignedIn,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<MaterialInput>,
) -> ApiResult<Response> {
    let chosen = jobs::input::client_id(input.id.as_deref())?;
    let now = state.clock.now();
    if let Some(line_id) = chosen
        && let Some(stored) = store::materials::get(&state.db, line_id).await?
    {
        let same = match jobs::input::read_material(input) {
            Ok(read) => {
                let sent = material_of(&state, &user, (id, line_id), read, now).await?;
                sent.is_written_as(&stored, replay::writer(&user))
            }
            Err(_) => false,
        };
        return replay::found(&user, stored.added_by_id, stored, same);
    }
    let job = job_for(&state, &user, id).await?;
    let read = jobs::input::read_material(input)?;
    let material = material_of(&state, &user, (id, chosen.unwrap_or_else(Uuid::now_v7)), read, now).await?;
    let mut after = material.audit_view();
    after["job_id"] = id.to_string().into();
    let entry = user.created(now, AuditEntity::JobMaterials, material.id, after);
    let written = jobs::add_material(&state.db, &material, &entry, replay::writer(&user))
        .await?
        .map_err(ApiError::from)?;
    if let jobs::gate::Written::New(line) = &written
        && line.held
    {
        super::notify::estimate_reached(&state, &job, &user.name).await;
    }
    Ok(replay::answer(written))
}

/// The line `read` (its text, whether tilleggsarbeid, its change order) as `user` adds it
/// to job `job_id` as `id` at `now`, priced (`priced`).
async fn material_of(
    state: &AppState,
    user: &CurrentUser,
    (job_id, id): (Uuid, Uuid),
    (line, extra, change_id): (QuoteLine, bool, Option<Uuid>),
    now: chrono::DateTime<chrono::Utc>,
) -> ApiResult<Material> {
    let (unit_price, price_missing) = priced(state, user, &line).await?;
    Ok(Material {
        id,
        job_id,
        service_id: line.service_id,
        description: line.description,
        quantity: line.quantity,
        unit: line.unit,
        unit_price,
        // A montør's material takes the standard rate; the rate a material is invoiced at is
        // the office's to choose.
        vat: i32::from(if user.is_montor() { fagfolk_data::invoices::basis::STANDARD_VAT } else { line.vat }),
        extra,
        change_id,
        added_by_id: Some(user.id),
        added_by: user.name.clone(),
        created_at: now,
        held: false,
        price_missing,
        receipt: false,
    })
}

/// Removes a material line.
#[utoipa::path(
    delete, path = "/api/admin/jobs/{id}/materials/{material_id}", tag = "admin",
    params(
        ("id" = Uuid, Path, description = "Oppdragets id"),
        ("material_id" = Uuid, Path, description = "Materiellinjens id"),
    ),
    responses(
        (status = 204, description = "Materiellinjen er fjernet"),
        (status = 409, description = "Oppdraget er ferdig", body = ErrorBody),
    )
)]
pub(super) async fn delete_material(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath((id, material_id)): ApiPath<(Uuid, Uuid)>,
) -> ApiResult<StatusCode> {
    let material = store::materials::get(&state.db, material_id)
        .await?
        .filter(|m| m.job_id == id)
        .or_not_found(jobs::materials::NOT_FOUND)?;
    let entry =
        user.deleted(state.clock.now(), AuditEntity::JobMaterials, material_id, &material.audit_view());
    match jobs::delete_material(&state.db, id, material_id, &entry).await? {
        Ok(()) => Ok(StatusCode::NO_CONTENT),
        Err(jobs::Refused::NoEntry) => Err(jobs::Refused::NoLine.into()),
        Err(refusal) => Err(refusal.into()),
    }
}

/// Changes a material line: the office sets the price a montør's phone left out, or puts a
/// line right. The whole line is sent; a price sent is no longer missing.
#[utoipa::path(
    put, path = "/api/admin/jobs/{id}/materials/{material_id}", tag = "admin",
    params(
        ("id" = Uuid, Path, description = "Oppdragets id"),
        ("material_id" = Uuid, Path, description = "Materiellinjens id"),
    ),
    request_body = MaterialInput,
    responses(
        (status = 200, description = "Materiellinjen er endret (`held`: over prisoverslaget, venter på § 7-kontakten)", body = Material),
        (status = 409, description = "Oppdraget er ferdig", body = ErrorBody),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
pub(super) async fn change_material(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath((id, material_id)): ApiPath<(Uuid, Uuid)>,
    ApiJson(input): ApiJson<MaterialInput>,
) -> ApiResult<Json<Material>> {
    let before = store::materials::get(&state.db, material_id)
        .await?
        .filter(|m| m.job_id == id)
        .or_not_found(jobs::materials::NOT_FOUND)?;
    let (line, extra, change_id) = jobs::input::read_material(input)?;
    let after = Material {
        service_id: line.service_id,
        description: line.description,
        quantity: line.quantity,
        unit: line.unit,
        unit_price: line.unit_price,
        vat: i32::from(line.vat),
        extra,
        change_id,
        price_missing: false,
        ..before.clone()
    };
    let (was, is) = (before.audit_view(), after.audit_view());
    let now = state.clock.now();
    let Some(entry) =
        user.changed(now, AuditAction::Update, AuditEntity::JobMaterials, material_id, &was, &is)
    else {
        return Ok(Json(before));
    };
    match jobs::change_material(&state.db, &after, &entry).await? {
        Ok(written) => {
            if written.held && !before.held {
                let job = store::get(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
                super::notify::estimate_reached(&state, &job, &user.name).await;
            }
            Ok(Json(written))
        }
        Err(jobs::Refused::NoEntry) => Err(jobs::Refused::NoLine.into()),
        Err(refusal) => Err(refusal.into()),
    }
}

/// Corrects a material line's wording, and nothing else: a montør's own words (a Polish
/// name, say) put the way the customer reads them, since the invoice basis says the line's
/// description. The price, and whether it is still missing, stay as they were.
#[utoipa::path(
    patch, path = "/api/admin/jobs/{id}/materials/{material_id}", tag = "admin",
    params(
        ("id" = Uuid, Path, description = "Oppdragets id"),
        ("material_id" = Uuid, Path, description = "Materiellinjens id"),
    ),
    request_body = MaterialWording,
    responses(
        (status = 200, description = "Materiellinjens tekst er rettet", body = Material),
        (status = 409, description = "Oppdraget er ferdig", body = ErrorBody),
        (status = 422, description = "Ugyldig tekst", body = ErrorBody),
    )
)]
pub(super) async fn correct_material(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath((id, material_id)): ApiPath<(Uuid, Uuid)>,
    ApiJson(input): ApiJson<MaterialWording>,
) -> ApiResult<Json<Material>> {
    let before = store::materials::get(&state.db, material_id)
        .await?
        .filter(|m| m.job_id == id)
        .or_not_found(jobs::materials::NOT_FOUND)?;
    let after = Material { description: jobs::input::read_wording(input)?, ..before.clone() };
    let (was, is) = (before.audit_view(), after.audit_view());
    let Some(entry) = user.changed(
        state.clock.now(),
        AuditAction::Update,
        AuditEntity::JobMaterials,
        material_id,
        &was,
        &is,
    ) else {
        return Ok(Json(before));
    };
    match jobs::change_material(&state.db, &after, &entry).await? {
        Ok(written) => Ok(Json(written)),
        Err(jobs::Refused::NoEntry) => Err(jobs::Refused::NoLine.into()),
        Err(refusal) => Err(refusal.into()),
    }
}
