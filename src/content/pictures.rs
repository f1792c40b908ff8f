//! What deleting a picture does to the content that shows it.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{ContentData, ContentItem, store};
use fagfolk_data::audit::{AuditAction, AuditEntity, NewAudit};
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
        let (was, is) = (before.audit_view(), item.audit_view());
        let at = item.updated_at;
        if let Some(entry) =
            user.changed(at, AuditAction::Update, AuditEntity::ContentItems, item.id, &was, &is)
        {
            edits.push((item, entry.on_site()));
        }
    }
    Ok(edits)
}
