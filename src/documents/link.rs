//! Making and taking back a job's documents link, with its audit entry: the link's route
//! (`super::routes`) and the invoice's e-mail (`crate::invoices::send`) both make one.

use chrono::{DateTime, Duration, Utc};

use fagfolk_data::audit::{AuditAction, AuditEntity, NewAudit};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::documents::store as link;
use fagfolk_data::documents::{DAYS, DocumentLink};
use fagfolk_data::jobs::Job;

use crate::http::error::ApiResult;
use crate::state::AppState;

/// The audit log's account of a link made (or replaced) or taken back: which job, until
/// when. Never its token.
pub(crate) fn link_entry(
    user: &CurrentUser,
    now: DateTime<Utc>,
    job: &Job,
    before: Option<&DocumentLink>,
    expires: Option<DateTime<Utc>>,
) -> NewAudit {
    // The job's name where the link begins or ends; a replacement logs only the new date.
    let changes = match (before.map(|link| link.expires_at), expires) {
        (Some(old), Some(new)) => {
            serde_json::json!({ "before": { "expires_at": old }, "after": { "expires_at": new } })
        }
        (old, new) => {
            let side = |expires: Option<DateTime<Utc>>| {
                expires.map_or_else(
                    || serde_json::json!({}),
                    |at| serde_json::json!({ "name": job.title, "expires_at": at }),
                )
            };
            serde_json::json!({ "before": side(old), "after": side(new) })
        }
    };
    let action = if expires.is_some() { AuditAction::Create } else { AuditAction::Delete };
    user.audit(now, action, AuditEntity::DocumentLinks, Some(job.id), Some(changes))
}

/// A new link to `job`'s documents for 90 days, replacing the one it had (which stops
/// working at once), with its audit entry: its address and last day. The invoice's
/// e-mail makes one too (`crate::invoices::send`).
pub(crate) async fn new_link(
    state: &AppState,
    user: &CurrentUser,
    job: &Job,
) -> ApiResult<(String, DateTime<Utc>)> {
    let before = link::of_job(&state.db, job.id).await?;
    let (token, hash) = crate::auth::token::new();
    let now = state.clock.now();
    let expires_at = now + Duration::days(DAYS);
    let entry = link_entry(user, now, job, before.as_ref(), Some(expires_at));
    link::replace(&state.db, job.id, &hash, expires_at, &user.name, now, &entry).await?;
    Ok((format!("{}/dokumenter/{token}", state.config.base_url()), expires_at))
}
