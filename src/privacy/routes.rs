//! The privacy routes (`super::router`): the handlers and what they read and answer.

use super::retention_routes;
use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::http::ApiJson;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity, AuditEntry};
use fagfolk_data::auth::CurrentUser;

use fagfolk_data::privacy::*;

fn nobody() -> ApiError {
    Refused::Nobody.into()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(look_up_person))
        .routes(routes!(export_person))
        .routes(routes!(erase_person))
        .routes(routes!(retention_routes::get_retention, retention_routes::set_retention))
}

/// Everything stored about a person, shown on Personvern (innsyn): logged as a lookup.
/// Sent as POST so the address or number stays out of URLs and logs.
#[utoipa::path(
    post, path = "/api/admin/privacy/lookup", tag = "admin", request_body = PersonInput,
    responses(
        (status = 200, description = "Alt som er lagret om personen", body = PersonData),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
        (status = 404, description = "Ingen opplysninger", body = ErrorBody),
        (status = 422, description = "Verken e-post eller telefon", body = ErrorBody),
    )
)]
async fn look_up_person(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<PersonInput>,
) -> ApiResult<Json<PersonData>> {
    person_data(&state, &user, input, AuditAction::Lookup).await.map(Json)
}

/// Everything stored about a person, as a JSON file to hand them: logged as an export.
#[utoipa::path(
    post, path = "/api/admin/privacy/export", tag = "admin", request_body = PersonInput,
    responses(
        (status = 200, description = "Alt som er lagret om personen", body = PersonData),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
        (status = 404, description = "Ingen opplysninger", body = ErrorBody),
        (status = 422, description = "Verken e-post eller telefon", body = ErrorBody),
    )
)]
async fn export_person(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<PersonInput>,
) -> ApiResult<Json<PersonData>> {
    person_data(&state, &user, input, AuditAction::Export).await.map(Json)
}

/// What a lookup and an export answer, with their audit entry (`action`).
async fn person_data(
    state: &AppState,
    user: &CurrentUser,
    input: PersonInput,
    action: fagfolk_data::audit::AuditAction,
) -> ApiResult<PersonData> {
    user.require_admin()?;
    let asked = input.person.clone().unwrap_or_default().trim().to_owned();
    let person = Person::parse(input)?;
    let Found { leads, submissions, mut traces, mentions, quotes, jobs, .. } =
        found(&state.db, &person).await?.ok_or_else(nobody)?;
    // Of an entry about someone else's lead, only what is about this person.
    traces.extend(mentions.into_iter().map(|entry| AuditEntry {
        changes: entry.changes.as_ref().map(|changes| person.part_of(changes)),
        ..entry
    }));
    traces.sort_by_key(|entry| (entry.created_at, entry.id));
    let audit = traces;
    let mut notes = Vec::new();
    let mut emails = Vec::new();
    let mut visits = Vec::new();
    let mut invoices = Vec::new();
    let mut declarations = Vec::new();
    let mut declaration_photos = Vec::new();
    let (mut job_contacts, mut time_entries, mut materials) = (Vec::new(), Vec::new(), Vec::new());
    for job in &jobs {
        job_contacts.extend(fagfolk_data::jobs::store::contacts(&state.db, job.id).await?);
        time_entries.extend(fagfolk_data::jobs::store::time::of_job(&state.db, job.id).await?);
        materials.extend(fagfolk_data::jobs::store::materials::of_job(&state.db, job.id).await?);
        invoices.extend(fagfolk_data::invoices::store::of_job(&state.db, job.id).await?);
        declarations.extend(fagfolk_data::declarations::store::of_job(&state.db, job.id).await?);
        declaration_photos.extend(fagfolk_data::declarations::store::photos(&state.db, job.id).await?);
    }
    for lead in &leads {
        notes.extend(fagfolk_data::leads::history::notes(&state.db, lead.id).await?);
        emails.extend(fagfolk_data::leads::history::sent_emails(&state.db, lead.id).await?);
        visits.extend(fagfolk_data::visits::store::of_lead(&state.db, lead.id).await?);
    }
    let now = state.clock.now();
    let counts =
        serde_json::json!({ "leads": leads.len(), "submissions": submissions.len(), "notes": notes.len() });
    let entry = user.recorded(now, action, AuditEntity::Privacy, None, counts);
    fagfolk_data::audit::store::record(&state.db, &entry).await?;
    let photos = exported_photos(state, &submissions).await?;
    Ok(PersonData {
        person: asked,
        exported_at: now,
        leads,
        notes,
        submissions,
        emails,
        audit,
        quotes,
        visits,
        jobs,
        invoices,
        declarations,
        declaration_photos,
        job_contacts,
        time_entries,
        materials,
        photos,
    })
}

/// The photos sent with `submissions`, each with its JPEG.
async fn exported_photos(
    state: &AppState,
    submissions: &[fagfolk_data::contact::store::StoredSubmission],
) -> ApiResult<Vec<fagfolk_data::privacy::ExportedPhoto>> {
    use base64::Engine;
    let ids: Vec<Uuid> = submissions.iter().map(|s| s.id).collect();
    let mut photos = Vec::new();
    for photo in fagfolk_data::contact::store::photos::of_submissions(&state.db, &ids).await? {
        let bytes =
            state.storage.get(&crate::contact::photos::key(photo.id, false)).await.map_err(|err| {
                tracing::error!(error = %err, id = %photo.id, "kunne ikke lese bildet til innsynet");
                ApiError::Busy
            })?;
        let jpeg_base64 = base64::engine::general_purpose::STANDARD.encode(&bytes);
        photos.push(fagfolk_data::privacy::ExportedPhoto { photo, jpeg_base64 });
    }
    Ok(photos)
}

/// Erase everything stored about a person: their leads (with notes and e-mails) and
/// enquiries are deleted, and the audit entries about the leads lose their changes.
#[utoipa::path(
    post, path = "/api/admin/privacy/erase", tag = "admin", request_body = PersonInput,
    responses(
        (status = 200, description = "Slettet", body = Erased),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
        (status = 404, description = "Ingen opplysninger", body = ErrorBody),
        (status = 422, description = "Verken e-post eller telefon", body = ErrorBody),
    )
)]
async fn erase_person(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<PersonInput>,
) -> ApiResult<Json<Erased>> {
    user.require_admin()?;
    let person = Person::parse(input)?;
    let Found { leads, submissions, traces, mentions, gone, quotes, jobs } =
        found(&state.db, &person).await?.ok_or_else(nobody)?;
    let redacted: Vec<(Uuid, serde_json::Value)> = mentions
        .iter()
        .filter_map(|entry| entry.changes.as_ref().map(|changes| (entry.id, person.without(changes))))
        .collect();
    let lead_ids: Vec<Uuid> = leads.iter().map(|lead| lead.id).collect();
    let notes = fagfolk_data::leads::history::store::note_count(&state.db, &lead_ids).await?;
    let trace_ids: Vec<Uuid> = traces.iter().map(|entry| entry.id).collect();
    let submission_ids: Vec<Uuid> = submissions.iter().map(|s| s.id).collect();
    let quotes_kept =
        quotes.iter().filter(|quote| quote.status == fagfolk_data::quotes::QuoteStatus::Accepted).count();
    let quote_ids: Vec<Uuid> = quotes.iter().map(|quote| quote.id).collect();
    let (mut invoices_kept, mut declarations_kept) = (0, 0);
    for job in &jobs {
        invoices_kept += fagfolk_data::invoices::store::of_job(&state.db, job.id).await?.len();
        declarations_kept +=
            usize::from(fagfolk_data::declarations::store::of_job(&state.db, job.id).await?.is_some());
    }
    let erased = Erased {
        leads: leads.len(),
        submissions: submissions.len(),
        notes,
        audit_entries: traces.len() + mentions.len(),
        quotes: quotes.len() - quotes_kept,
        quotes_kept,
        jobs_kept: jobs.len(),
        invoices_kept,
        declarations_kept,
    };
    let after = serde_json::to_value(&erased).unwrap_or_default();
    let entry = user.recorded(state.clock.now(), AuditAction::Erase, AuditEntity::Privacy, None, after);
    let mut visits = Vec::new();
    for lead in &leads {
        visits.push(crate::visits::mail::to_cancel_with(&state, lead.id).await?);
    }
    fagfolk_data::privacy::erase(
        &state.db,
        &person.contact_keys(&traces, &mentions),
        &lead_ids,
        &submission_ids,
        &trace_ids,
        &redacted,
        &gone,
        &quote_ids,
        &entry,
    )
    .await?;
    // Their befaringer still to come leave the customer's and the staff's calendars.
    for (lead, visits) in leads.iter().zip(visits) {
        crate::visits::mail::cancel_with_lead(&state, lead, visits);
    }
    state.pages.forget_made();
    // Their photos' files go now, not at the next sweep.
    if let Err(err) = crate::contact::sweep::sweep(&state).await {
        tracing::warn!(error = %err, "bildene slettes ved neste opprydding");
    }
    tracing::info!(leads = erased.leads, submissions = erased.submissions, "personopplysninger slettet");
    Ok(Json(erased))
}
