//! Staff users: their role, how staff see one another, and the store.

pub mod input;
pub mod refused;
pub mod store;

pub use refused::Refused;

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

/// What a request about one that is not there (or no longer) is told.
pub const NOT_FOUND: &str = "Fant ikke brukeren.";

/// What a staff member may do (README, "Roles"). Stored as its lower-case name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Everything, including other users and clearing the audit log.
    Admin,
    /// Leads, services, media and settings; only their own user.
    Editor,
    /// Montør: their own jobs and hours, nothing of leads, settings or other people's data.
    Montor,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Admin => "admin",
            Self::Editor => "editor",
            Self::Montor => "montor",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        match value {
            "admin" => Some(Self::Admin),
            "editor" => Some(Self::Editor),
            "montor" => Some(Self::Montor),
            _ => None,
        }
    }
}

/// Read from the database's text column (`#[sqlx(try_from = "String")]`).
impl TryFrom<String> for Role {
    type Error = String;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value).ok_or_else(|| format!("ukjent rolle «{value}»"))
    }
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct AdminUserView {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    #[sqlx(try_from = "String")]
    pub role: Role,
    pub is_active: bool,
    /// Given to a customer as the number of whoever comes on a befaring.
    pub phone: Option<String>,
    pub last_login_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl AdminUserView {
    /// What the audit log keeps of a user.
    pub fn audit_view(&self) -> serde_json::Value {
        serde_json::json!({ "name": self.name, "email": self.email, "role": self.role, "is_active": self.is_active, "phone": self.phone })
    }
}
