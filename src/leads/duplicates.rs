//! Duplicates: a new lead, from staff or the contact form, with the phone number (by its
//! digits, +47 or not) or e-mail address of an open lead is stored with `duplicate_of`
//! pointing at that lead (`store::duplicate_of`). Staff then merge the two, keeping the
//! older lead with everything of both, or say they are different jobs.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::save::save;
use crate::http::error::OrNotFound;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{ApiJson, ApiPath};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::leads::input::{self, Merge, MergeInput, Side};
use fagfolk_data::leads::model::{Lead, normalize_tags};
use fagfolk_data::leads::store;

/// `into` with what `from` adds: the main contact details staff chose with every other
/// e-mail address and phone number of both kept beside them, fields `into` lacks, both
/// descriptions, every tag, the earlier follow-up day.
fn merged(into: &Lead, from: &Lead, input: &Merge, now: DateTime<Utc>) -> Lead {
    let chosen = |side: Side, kept: &Option<String>, other: &Option<String>| match side {
        Side::Kept => kept.clone(),
        Side::Merged => other.clone(),
    };
    let either = |a: &Option<String>, b: &Option<String>| a.clone().or_else(|| b.clone());
    let beskrivelse = match (&into.beskrivelse, &from.beskrivelse) {
        (Some(a), Some(b)) if a != b => Some(format!("{a}\n\n{b}")),
        (a, b) => either(a, b),
    };
    let follow_up = match (into.follow_up, from.follow_up) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    Lead {
        name: if into.name.is_empty() { from.name.clone() } else { into.name.clone() },
        email: chosen(input.email, &into.email, &from.email),
        phone: chosen(input.phone, &into.phone, &from.phone),
        beskrivelse,
        adresse: either(&into.adresse, &from.adresse),
        postnr: either(&into.postnr, &from.postnr),
        tags: normalize_tags(into.tags.iter().chain(&from.tags).cloned().collect()),
        follow_up,
        assignee_id: into.assignee_id.or(from.assignee_id),
        duplicate_of: into.duplicate_of.filter(|id| *id != from.id),
        updated_at: now,
        ..into.clone()
    }
    .keeping_contacts_of(&[into, from])
}

/// Merge another lead into this one: its notes, enquiries, e-mails and history move here,
/// the main e-mail address and phone number are the ones staff chose (this lead's own
/// unless said otherwise) and every other one of both is kept beside them (`other_contacts`,
/// found by search, duplicates and privacy requests), other fields this lead lacks are
/// filled from it, tags are joined, and it is deleted.
#[utoipa::path(
    post, path = "/api/admin/leads/{id}/merge",
    params(("id" = Uuid, Path, description = "Lead-en som beholdes")), tag = "admin",
    request_body = MergeInput,
    responses(
        (status = 200, description = "Sammenslått", body = Lead),
        (status = 404, description = "Lead-en finnes ikke", body = ErrorBody),
        (status = 422, description = "Samme lead, eller den andre finnes ikke", body = ErrorBody),
    )
)]
pub(super) async fn merge_leads(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<MergeInput>,
) -> ApiResult<Json<Lead>> {
    let merge = input::read_merge(input, id)?;
    let into = store::get(&state.db, id).await?.or_not_found(fagfolk_data::leads::NOT_FOUND)?;
    // The lead named in the body is input: its absence is a field error, the path's a 404.
    let from = store::get(&state.db, merge.from).await?.ok_or(fagfolk_data::leads::Refused::MergeFromGone)?;
    let now = state.clock.now();
    let lead = merged(&into, &from, &merge, now);
    let mut before = into.audit_view();
    before["merged_lead"] = serde_json::Value::Null;
    let mut after = lead.audit_view();
    after["merged_lead"] = serde_json::json!({ "id": from.id, "name": from.name, "email": from.email, "phone": from.phone,
            "other_contacts": from.other_contacts_for_audit() });
    let entry = user.changed(now, AuditAction::Merge, AuditEntity::Leads, id, &before, &after);
    let done = fagfolk_data::leads::merge(&state.db, &lead, &from, &user.email, now, entry.as_ref()).await?;
    if !done {
        return Err(ApiError::not_found(fagfolk_data::leads::NOT_FOUND));
    }
    Ok(Json(lead))
}

/// Say a lead flagged as a possible duplicate is not one (a new job for a returning
/// customer, say): the flag goes.
#[utoipa::path(
    delete, path = "/api/admin/leads/{id}/duplicate",
    params(("id" = Uuid, Path, description = "Lead-ens id")), tag = "admin",
    responses(
        (status = 204, description = "Ikke lenger merket som mulig duplikat"),
    )
)]
pub(super) async fn dismiss_duplicate(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    let before = store::get(&state.db, id).await?.or_not_found(fagfolk_data::leads::NOT_FOUND)?;
    let lead = Lead { duplicate_of: None, updated_at: state.clock.now(), ..before.clone() };
    save(&state, &user, &before, &lead).await?;
    Ok(StatusCode::NO_CONTENT)
}
