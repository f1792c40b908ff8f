//! A lead a member of staff changed, written with its audit entry: the lead's page, the
//! board and the merge of duplicates all save through here.

use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::leads::model::Lead;
use fagfolk_data::leads::store;

use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;

/// Writes `lead` over `before`, with the entry of what changed; nothing when nothing did.
pub async fn save(state: &AppState, user: &CurrentUser, before: &Lead, lead: &Lead) -> ApiResult<()> {
    let (was, is) = (before.audit_view(), lead.audit_view());
    let at = lead.updated_at;
    let Some(entry) = user.changed(at, AuditAction::Update, AuditEntity::Leads, lead.id, &was, &is) else {
        return Ok(());
    };
    if !store::update(&state.db, lead, &entry).await? {
        return Err(ApiError::not_found(fagfolk_data::leads::NOT_FOUND));
    }
    Ok(())
}
