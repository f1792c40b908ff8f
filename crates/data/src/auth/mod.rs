//! Who is signed in: sessions (an opaque token in a cookie, kept hashed), the signed-in
//! staff member, and the store of sessions and sign-in attempts. The sign-in routes, the
//! password hashing and the cross-site check are the server's (`src/auth/`).

pub mod input;
pub mod refused;
pub mod reset;
pub mod session;
pub mod store;

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::audit::{AuditAction, AuditEntity, NewAudit};
use crate::users::Role;

pub use refused::{LINK_GONE, Refused};

impl CurrentUser {
    /// Refuses an editor where only an administrator may act.
    pub fn require_admin(&self) -> Result<(), Refused> {
        if self.is_admin() { Ok(()) } else { Err(Refused::NotAdmin) }
    }
}

/// A signed-in staff member of any role, the montør included: what the few handlers a
/// montør may reach take (the session, the sign-out, their own password, their jobs and
/// hours). Every other handler takes [`CurrentUser`], which refuses a montør, so a new
/// route is closed to the role unless it asks for this.
#[derive(Debug, Clone)]
pub struct SignedIn(pub CurrentUser);

/// The languages a user's own screens are shown in (a montør's phone; every other screen
/// is Norwegian): bokmål, English, Polish.
pub const LANGUAGES: [&str; 3] = ["nb", "en", "pl"];

/// The signed-in staff member, as every admin handler sees it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct CurrentUser {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    #[sqlx(try_from = "String")]
    pub role: Role,
    /// The language of the user's own screens: `nb`, `en` or `pl` (`LANGUAGES`).
    pub language: String,
    /// When this session ends (24 hours after sign-in; a remembered one 30 days after it
    /// was last used, `session::REMEMBERED_DAYS`).
    #[serde(skip)]
    pub session_expires_at: DateTime<Utc>,
    #[serde(skip)]
    pub session_id: Uuid,
    /// "Husk meg på denne enheten": a montør's session on their own phone.
    #[serde(skip)]
    pub session_remembered: bool,
    /// When the session was last used (to the hour).
    #[serde(skip)]
    pub session_used_at: Option<DateTime<Utc>>,
}

impl CurrentUser {
    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }

    /// A montør: sees only the jobs they work on and their own hours.
    pub fn is_montor(&self) -> bool {
        self.role == Role::Montor
    }

    /// The audit entry of a change this staff member made at `at`: `changes` is what
    /// `audit::changes(before, after)` gave. The time is the caller's, so that a row and
    /// its entry can say the same moment.
    pub fn audit(
        &self,
        at: DateTime<Utc>,
        action: AuditAction,
        entity: AuditEntity,
        id: Option<Uuid>,
        changes: Option<serde_json::Value>,
    ) -> NewAudit {
        NewAudit::new(at, action, entity, id, &self.email, changes)
    }

    /// The audit entry of making `id` as `after` (its `audit_view()`, or what the log should
    /// keep of it): the change from nothing to it. A field left empty (`null`) is not part
    /// of what was made, and a password never is (`audit::changes`).
    pub fn created(
        &self,
        at: DateTime<Utc>,
        entity: AuditEntity,
        id: Uuid,
        after: serde_json::Value,
    ) -> NewAudit {
        let made = crate::audit::changes(&serde_json::json!({}), &after)
            .unwrap_or_else(|| serde_json::json!({ "before": {}, "after": {} }));
        self.audit(at, AuditAction::Create, entity, Some(id), Some(made))
    }

    /// The audit entry of `action` that made something new without changing a row before
    /// it (an export, an erasure's counts, a signature's photo), kept as what it did: the
    /// change from nothing to `what`.
    pub fn recorded(
        &self,
        at: DateTime<Utc>,
        action: AuditAction,
        entity: AuditEntity,
        id: Option<Uuid>,
        what: serde_json::Value,
    ) -> NewAudit {
        NewAudit::recorded(at, action, entity, id, &self.email, what)
    }

    /// The mirror of [`CurrentUser::recorded`]: `action` took away `what` (a session ended,
    /// a photo or a feed gone), kept as the change from it to nothing.
    pub fn removed(
        &self,
        at: DateTime<Utc>,
        action: AuditAction,
        entity: AuditEntity,
        id: Option<Uuid>,
        what: serde_json::Value,
    ) -> NewAudit {
        self.audit(at, action, entity, id, Some(serde_json::json!({ "before": what, "after": {} })))
    }

    /// The audit entry of changing `id` from `before` to `after` (their `audit_view()`s)
    /// by `action`: only the fields that differ are kept, and none when nothing did.
    pub fn changed(
        &self,
        at: DateTime<Utc>,
        action: AuditAction,
        entity: AuditEntity,
        id: impl Into<Option<Uuid>>,
        before: &serde_json::Value,
        after: &serde_json::Value,
    ) -> Option<NewAudit> {
        let id = id.into();
        crate::audit::changes(before, after).map(|changes| self.audit(at, action, entity, id, Some(changes)))
    }

    /// The audit entry of deleting `id`, which was `before` (its `audit_view()`): the log
    /// keeps every field it had, as the change from it to nothing.
    pub fn deleted(
        &self,
        at: DateTime<Utc>,
        entity: AuditEntity,
        id: Uuid,
        before: &serde_json::Value,
    ) -> NewAudit {
        self.audit(
            at,
            AuditAction::Delete,
            entity,
            Some(id),
            crate::audit::changes(before, &serde_json::json!({})),
        )
    }
}
