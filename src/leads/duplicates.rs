//! Duplicates: a new lead, from staff or the contact form, with the phone number (by its
//! digits, +47 or not) or e-mail address of an open lead is stored with `duplicate_of`
//! pointing at that lead (`store::duplicate_of`). Staff then merge the two, keeping the
//! older lead with everything of both, or say they are different jobs.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::model::{Lead, normalize_tags};
use super::{not_found, save, store};
use crate::audit::{NewAudit, changes};
use crate::auth::CurrentUser;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{ApiJson, ApiPath};
use crate::state::AppState;
use crate::{audited, bind_lead};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(merge_leads)).routes(routes!(dismiss_duplicate))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MergeInput {
    /// The lead to merge into this one; it is deleted.
    pub from: Uuid,
}

/// `into` with what `from` adds: fields `into` lacks, both descriptions, every tag, the
/// earlier follow-up day.
fn merged(into: &Lead, from: &Lead, now: DateTime<Utc>) -> Lead {
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
        email: either(&into.email, &from.email),
        phone: either(&into.phone, &from.phone),
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
}

/// Merge another lead into this one: its notes, enquiries, e-mails and history move here,
/// fields this lead lacks are filled from it, tags are joined, and it is deleted.
#[utoipa::path(
    post, path = "/api/admin/leads/{id}/merge",
    params(("id" = Uuid, Path, description = "Lead-en som beholdes")), tag = "admin", security(("session" = [])),
    request_body = MergeInput,
    responses(
        (status = 200, description = "Sammenslått", body = Lead),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
        (status = 404, description = "En av dem finnes ikke", body = ErrorBody),
        (status = 422, description = "Samme lead", body = ErrorBody),
    )
)]
async fn merge_leads(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<MergeInput>,
) -> ApiResult<Json<Lead>> {
    if input.from == id {
        return Err(ApiError::field("from", "En lead kan ikke slås sammen med seg selv."));
    }
    let into = store::get(&state.db, id).await?.ok_or_else(not_found)?;
    let from = store::get(&state.db, input.from).await?.ok_or_else(not_found)?;
    let now = state.clock.now();
    let lead = merged(&into, &from, now);
    let mut before = into.audit_view();
    before["merged_lead"] = serde_json::Value::Null;
    let mut after = lead.audit_view();
    after["merged_lead"] = serde_json::json!({ "id": from.id, "name": from.name });
    let entry = NewAudit::new(now, "merge", "leads", Some(id), &user.email, changes(&before, &after));
    let done = audited!(&state.db, &entry, tx => {
        let updated = bind_lead!(sqlx::query(store::UPDATE), lead).bind(lead.updated_at).execute(&mut *tx).await?;
        if updated.rows_affected() == 0 {
            return Ok(false);
        }
        for table in ["lead_notes", "contact_submissions", "lead_emails", "lead_merges"] {
            sqlx::query(sqlx::AssertSqlSafe(format!("UPDATE {table} SET lead_id = $1 WHERE lead_id = $2")))
                .bind(id)
                .bind(from.id)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("UPDATE leads SET duplicate_of = $1 WHERE duplicate_of = $2 AND id <> $1")
            .bind(id)
            .bind(from.id)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO lead_merges (id, lead_id, merged_id, merged_name, merged_by, merged_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(Uuid::now_v7())
        .bind(id)
        .bind(from.id)
        .bind(&from.name)
        .bind(&user.email)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let deleted = sqlx::query("DELETE FROM leads WHERE id = $1").bind(from.id).execute(&mut *tx).await?;
        if deleted.rows_affected() == 0 {
            return Ok(false);
        }
        true
    })?;
    if !done {
        return Err(not_found());
    }
    Ok(Json(lead))
}

/// Say a lead flagged as a possible duplicate is not one (a new job for a returning
/// customer, say): the flag goes.
#[utoipa::path(
    delete, path = "/api/admin/leads/{id}/duplicate",
    params(("id" = Uuid, Path, description = "Lead-ens id")), tag = "admin", security(("session" = [])),
    responses(
        (status = 204, description = "Ikke lenger merket som mulig duplikat"),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
        (status = 404, description = "Finnes ikke", body = ErrorBody),
    )
)]
async fn dismiss_duplicate(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    let before = store::get(&state.db, id).await?.ok_or_else(not_found)?;
    let lead = Lead { duplicate_of: None, updated_at: state.clock.now(), ..before.clone() };
    save(&state, &user, &before, &lead).await?;
    Ok(StatusCode::NO_CONTENT)
}
