//! The retention rule: won and lost leads not changed for a number of months are
//! anonymised, at once when the rule is saved and then daily.

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Months, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::audit::NewAudit;
use crate::auth::CurrentUser;
use crate::db::Db;
use crate::http::ApiJson;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::settings::{self, StatusKind};
use crate::state::AppState;

/// The retention rule: months a won or lost lead keeps its personal data; `null` is off.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Retention {
    #[serde(default, deserialize_with = "crate::http::whole_number")]
    pub months: Option<i64>,
}

/// The retention rule.
#[utoipa::path(
    get, path = "/api/admin/privacy/retention", tag = "admin", security(("session" = [])),
    responses(
        (status = 200, description = "Sletteregelen", body = Retention),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
    )
)]
pub(super) async fn get_retention(
    State(state): State<AppState>,
    _user: CurrentUser,
) -> ApiResult<Json<Retention>> {
    Ok(Json(Retention { months: retention_months(&state.db).await? }))
}

/// Set the retention rule (administrators only): won and lost leads not changed for this
/// many months (1-120) are anonymised once a day; `null` turns it off.
#[utoipa::path(
    put, path = "/api/admin/privacy/retention", tag = "admin", security(("session" = [])), request_body = Retention,
    responses(
        (status = 200, description = "Lagret", body = Retention),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
        (status = 422, description = "Ugyldig antall måneder", body = ErrorBody),
    )
)]
pub(super) async fn set_retention(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<Retention>,
) -> ApiResult<Json<Retention>> {
    user.require_admin()?;
    if input.months.is_some_and(|months| !(1..=120).contains(&months)) {
        return Err(ApiError::field("months", "Velg mellom 1 og 120 måneder, eller slå regelen av."));
    }
    let before = retention_months(&state.db).await?;
    let now = state.clock.now();
    let changes = crate::audit::changes(
        &serde_json::json!({ "retention_months": before }),
        &serde_json::json!({ "retention_months": input.months }),
    );
    if changes.is_some() {
        let entry = NewAudit::new(
            now,
            crate::audit::AuditAction::Update,
            crate::audit::AuditEntity::Settings,
            None,
            &user.email,
            changes,
        );
        settings::store::set_retention_months(&state.db, input.months, now, &entry).await?;
        // Applied at once, not only at the next daily run.
        apply_retention(&state.db, now).await?;
    }
    Ok(Json(input))
}

async fn retention_months(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    settings::store::retention_months(db).await
}

/// Who the audit log says anonymised leads by the retention rule.
pub const RETENTION_ACTOR: &str = "automatisk (sletteregel)";

/// Anonymises the won and lost leads last changed more than the retention rule's months
/// before `now`: name "Anonymisert", contact details, description and address gone, their
/// notes, enquiries, e-mails and merges deleted, their audit entries' changes emptied.
/// Status, source, tags and dates stay for the statistics. Answers how many leads it
/// anonymised; does nothing when the rule is off. Run daily by [`keep_retention`].
pub async fn apply_retention(db: &Db, now: DateTime<Utc>) -> Result<usize, sqlx::Error> {
    let Some(months) = retention_months(db).await? else { return Ok(0) };
    let Some(cutoff) = now.checked_sub_months(Months::new(months.clamp(1, 120) as u32)) else { return Ok(0) };
    let closed: Vec<String> = settings::stages(db)
        .await?
        .into_iter()
        .filter(|stage| matches!(stage.kind, StatusKind::Won | StatusKind::Lost))
        .map(|stage| stage.name)
        .collect();
    if closed.is_empty() {
        return Ok(0);
    }
    let mut done = 0;
    loop {
        let ids = crate::leads::store::closed_before(db, cutoff, &closed, 500).await?;
        if ids.is_empty() {
            if done > 0 {
                // As after an erasure: no copy of the anonymised text stays in the files.
                db.scrub().await;
            }
            return Ok(done);
        }
        let changes = serde_json::json!({ "before": {}, "after": { "leads": ids.len(), "months": months } });
        let entry = NewAudit::new(
            now,
            crate::audit::AuditAction::Anonymize,
            crate::audit::AuditEntity::Leads,
            None,
            RETENTION_ACTOR,
            Some(changes),
        );
        // Each table by its owner's store, all in one transaction.
        let mut tx = db.begin().await?;
        crate::leads::store::anonymize_in(&mut tx, &ids, now).await?;
        crate::leads::history::store::delete_history_of(&mut tx, &ids).await?;
        crate::contact::store::delete_submissions_of(&mut tx, &ids).await?;
        crate::audit::store::clear_changes_about(&mut tx, crate::audit::AuditEntity::Leads, &ids).await?;
        tx.audit(&entry).await?;
        tx.commit().await?;
        done += ids.len();
    }
}

/// Applies the retention rule now and then once a day, for as long as the server runs.
pub async fn keep_retention(db: Db, clock: crate::clock::Clock) {
    let mut every = tokio::time::interval(std::time::Duration::from_secs(24 * 60 * 60));
    loop {
        every.tick().await;
        match apply_retention(&db, clock.now()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(leads = n, "leads anonymisert etter sletteregelen"),
            Err(err) => tracing::error!(error = %err, "sletteregelen feilet"),
        }
    }
}
