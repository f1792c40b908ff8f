//! What happened to a lead: notes, enquiries, e-mails sent, and the rows its timeline is
//! made from (the timeline itself is the server's, `src/leads/history/mod.rs`).

pub mod store;

pub use store::{notes, record_email, sent_emails};

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

/// An e-mail to staff about one of the person's leads.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct SentEmail {
    pub lead_id: Uuid,
    pub sent_at: DateTime<Utc>,
    pub recipient: String,
    pub subject: String,
    pub error: Option<String>,
}

/// A note on a lead.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Note {
    pub id: Uuid,
    pub lead_id: Uuid,
    /// The author, while they are a user.
    pub author_id: Option<Uuid>,
    /// The author's name when the note was written.
    pub author_name: String,
    pub body: String,
    pub created_at: DateTime<Utc>,
}

/// A contact-form enquiry behind a lead.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Submission {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub phone: String,
    /// The service chosen, by its label.
    pub service: Option<String>,
    pub message: String,
    pub created_at: DateTime<Utc>,
    /// The days the customer offered for the site visit.
    #[sqlx(json)]
    pub preferred_times: Vec<crate::contact::PreferredTime>,
}

#[derive(sqlx::FromRow)]
pub struct AuditRow {
    pub entity_id: Option<String>,
    pub created_at: DateTime<Utc>,
    pub action: String,
    pub performed_by: Option<String>,
    #[sqlx(json(nullable))]
    pub changes: Option<Value>,
}

#[derive(sqlx::FromRow)]
pub struct MergeRow {
    pub merged_id: Uuid,
    pub merged_name: String,
    pub merged_by: String,
    pub merged_at: DateTime<Utc>,
}
