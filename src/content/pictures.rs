//! What deleting a picture does to the content that shows it.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{ContentData, ContentItem, store};
use fagfolk_data::audit::{AuditAction, AuditEntity, NewAudit, changes};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::db::Db;

/// The content that shows picture `media`, each item without it and with the audit
/// entry of that edit: what deleting the picture changes (`crate::media`, which writes it
/// in the delete's transaction through `store::update_in`).
pub async fn without_picture(
    db: &Db,
    now: DateTime<Utc>,
    user: &CurrentUser,
    media: Uuid,
) -> Result<Vec<(ContentItem, NewAudit)>, sqlx::Error> {
    let mut edits = Vec::new();
    for before in store::list(db, None).await? {
        if !before.data.photos().contains(&media) {
            continue;
        }
        let mut data = before.data.clone();
        match &mut data {
            ContentData::Team(member) => member.photo = None,
            ContentData::Project(project) => project.photos.retain(|id| *id != media),
            _ => {}
        }
        let item = ContentItem { data, updated_at: now, ..before.clone() };
        if let Some(diff) = changes(&before.audit_view(), &item.audit_view()) {
            let entry = user
                .audit(
                    item.updated_at,
                    AuditAction::Update,
                    AuditEntity::ContentItems,
                    Some(item.id),
                    Some(diff),
                )
                .on_site();
            edits.push((item, entry));
        }
    }
    Ok(edits)
}
