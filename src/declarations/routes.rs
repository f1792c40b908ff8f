//! A job's samsvarserklæring (`fagfolk_data::declarations`): read (a new one is a draft
//! from Innstillinger's defaults), saved as a draft, signed by the responsible person, and
//! as a PDF/A once signed. The office's: a montør is refused by `CurrentUser`.

use axum::Json;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::http::error::{ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath, ApiQuery};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::{CurrentUser, SignedIn};
use fagfolk_data::declarations::input::{self, DeclarationInput};
use fagfolk_data::declarations::{CheckItem, Declaration, Refused, WorkKind, store};
use fagfolk_data::jobs::{self, Job};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(super::photos::list_photos, super::photos::add_photo))
        // A photo is larger than a JSON body: the photo's own limit is enforced while
        // reading (`crate::media::photo::read_file`, with the form's message), the whole
        // form's here, with room for the caption. Only the routes above this line have it.
        .layer(DefaultBodyLimit::max(crate::media::photo::MAX_BYTES + 64 * 1024))
        .routes(routes!(get_declaration, save_declaration))
        .routes(routes!(sign_declaration))
        .routes(routes!(super::photos::get_photo, super::photos::remove_photo))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct Format {
    /// `json` (the default) or, once signed, `pdf`.
    format: Option<String>,
}

/// Job `job`'s declaration: the saved one, or a new draft from Innstillinger's defaults
/// (not stored until saved).
async fn current(state: &AppState, job: &Job, by: &str) -> ApiResult<Declaration> {
    if let Some(saved) = store::of_job(&state.db, job.id).await? {
        return Ok(saved);
    }
    let settings = fagfolk_data::settings::store::facts(&state.db).await?;
    let defaults = settings.map(|settings| settings.declaration_defaults).unwrap_or_default();
    let points = |list: Vec<String>| list.into_iter().map(|text| CheckItem { text, done: false }).collect();
    let now = state.clock.now();
    Ok(Declaration {
        id: Uuid::now_v7(),
        job_id: job.id,
        address: job.customer_address.clone().unwrap_or_default(),
        kind: WorkKind::New,
        description: String::new(),
        norms: defaults.norms,
        risk: points(defaults.risk),
        checks: points(defaults.checks),
        circuits: Vec::new(),
        responsible_id: None,
        responsible_name: String::new(),
        responsible_certificate: String::new(),
        registration: defaults.registration.unwrap_or_default(),
        signed_at: None,
        created_by: by.to_owned(),
        created_at: now,
        updated_at: now,
    })
}

/// The job's samsvarserklæring, or a new draft from the firm's defaults; `?format=pdf` the
/// signed declaration as a PDF/A.
#[utoipa::path(
    get, path = "/api/admin/jobs/{id}/declaration", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id"), Format),
    responses(
        (status = 200, description = "Erklæringen, eller PDF-en når den er signert", content(
            (Declaration = "application/json"),
            (Vec<u8> = "application/pdf"),
        )),
        (status = 409, description = "PDF-en finnes først når erklæringen er signert", body = ErrorBody),
        (status = 422, description = "Ukjent format", body = ErrorBody),
    )
)]
async fn get_declaration(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(format): ApiQuery<Format>,
) -> ApiResult<Response> {
    let job = jobs::store::get(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
    let declaration = current(&state, &job, &user.name).await?;
    match format.format.as_deref().map(str::trim) {
        None | Some("" | "json") => Ok(Json(declaration).into_response()),
        Some("pdf") => {
            if declaration.signed_at.is_none() {
                return Err(Refused::NotSigned.into());
            }
            let (body, name) = super::document::pdf(&state, declaration).await?;
            Ok((
                [
                    (header::CONTENT_TYPE, "application/pdf".to_owned()),
                    (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")),
                ],
                body,
            )
                .into_response())
        }
        Some(_) => Err(Refused::Format.into()),
    }
}

/// Saves the draft: a field left out keeps its value. Refused once signed.
#[utoipa::path(
    put, path = "/api/admin/jobs/{id}/declaration", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id")), request_body = DeclarationInput,
    responses(
        (status = 200, description = "Utkastet er lagret", body = Declaration),
        (status = 409, description = "Erklæringen er signert", body = ErrorBody),
    )
)]
async fn save_declaration(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<DeclarationInput>,
) -> ApiResult<Json<Declaration>> {
    let job = jobs::store::get(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
    let before = current(&state, &job, &user.name).await?;
    if before.signed_at.is_some() {
        return Err(Refused::SavedAfterSigning.into());
    }
    let responsible = match input.responsible() {
        Some(user_id) => Some(
            fagfolk_data::users::store::get(&state.db, user_id)
                .await?
                .filter(|member| member.is_active)
                .map(|member| member.name),
        ),
        None => None,
    };
    let mut after = input::read(input, &before, responsible)?;
    after.updated_at = state.clock.now();
    // The firm's registration as Innstillinger say it now (it may be written after the draft).
    let settings = fagfolk_data::settings::store::facts(&state.db).await?;
    if let Some(registration) = settings.and_then(|settings| settings.declaration_defaults.registration) {
        after.registration = registration;
    }
    let fresh = store::of_job(&state.db, id).await?.is_none();
    let (at, entity) = (after.updated_at, AuditEntity::Declarations);
    let entry = if fresh {
        Some(user.created(at, entity, after.id, after.audit_view()))
    } else {
        user.changed(at, AuditAction::Update, entity, after.id, &before.audit_view(), &after.audit_view())
    };
    if let Some(entry) = entry
        && !store::save(&state.db, &after, &entry).await?
    {
        return Err(Refused::SavedAfterSigning.into());
    }
    Ok(Json(store::of_job(&state.db, id).await?.unwrap_or(after)))
}

/// A signed declaration, and what became of the e-mail that hands it to the customer.
#[derive(Debug, Serialize, ToSchema)]
struct Signed {
    #[serde(flatten)]
    declaration: Declaration,
    #[serde(flatten)]
    handed_over: super::document::HandedOver,
}

/// Signs the saved draft as its responsible person, now: refused, under each field, until
/// everything the declaration must contain is there and every check is done; and refused
/// to anyone but the responsible person named on it, whatever their role (a montør
/// included, on a job they work on). The signed declaration is e-mailed to the customer as
/// a PDF when the server can.
#[utoipa::path(
    post, path = "/api/admin/jobs/{id}/declaration/sign", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id")),
    responses(
        (status = 200, description = "Erklæringen er signert, og sendt til kunden når det gikk", body = Signed),
        (status = 403, description = "Bare den ansvarlige kan signere", body = ErrorBody),
        (status = 404, description = "Finnes ikke, eller ikke lagret", body = ErrorBody),
        (status = 409, description = "Erklæringen er signert allerede", body = ErrorBody),
        (status = 422, description = "Det som mangler", body = ErrorBody),
    )
)]
async fn sign_declaration(
    State(state): State<AppState>,
    SignedIn(user): SignedIn,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Signed>> {
    let job = crate::jobs::access::job_for(&state, &user, id).await?;
    let declaration =
        store::of_job(&state.db, id).await?.or_not_found(fagfolk_data::declarations::NOT_FOUND)?;
    if declaration.signed_at.is_some() {
        return Err(Refused::SignedAlready.into());
    }
    input::ready_to_sign(&declaration)?;
    if declaration.responsible_id != Some(user.id) {
        return Err(Refused::NotResponsible(declaration.responsible_name).into());
    }
    let now = state.clock.now();
    let diff = serde_json::json!({ "before": { "signed_at": null }, "after": { "signed_at": now } });
    let entry =
        user.audit(now, AuditAction::Sign, AuditEntity::Declarations, Some(declaration.id), Some(diff));
    // Signed only if the draft still names the signer (the office may have changed it).
    if !store::sign(&state.db, id, user.id, now, &entry).await? {
        return Err(Refused::SignChanged.into());
    }
    let declaration =
        store::of_job(&state.db, id).await?.or_not_found(fagfolk_data::declarations::NOT_FOUND)?;
    let handed_over = super::document::hand_over(&state, &job, &declaration, &user).await;
    Ok(Json(Signed { declaration, handed_over }))
}
