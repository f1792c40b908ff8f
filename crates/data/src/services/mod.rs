//! Services (table `services_admin`): the types the public site and the back office show,
//! and the trades; the SQL is in `store`. The admin endpoints are the server's
//! (`src/services/routes.rs`); the public list is served from the page cache.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

pub mod input;
pub mod refused;
pub mod seed;
pub mod store;

pub use refused::Refused;

/// What a request about one that is not there (or no longer) is told.
pub const NOT_FOUND: &str = "Fant ikke tjenesten. Den kan være slettet.";

/// The three public trades; `category` on a service holds one of these slugs.
pub const PUBLIC_CATEGORIES: [&str; 3] =
    [CategorySlug::Elektriker.as_str(), CategorySlug::Rorlegger.as_str(), CategorySlug::KjokkenBad.as_str()];

/// An active service as the public site shows it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct PublicService {
    pub id: Uuid,
    pub name: String,
    pub description: Option<String>,
    /// Price from, in whole kroner including VAT; `null` when not stated.
    pub price_from: Option<i64>,
    /// Category slug: `elektriker`, `rorlegger` or `kjokken-bad`.
    pub category: String,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
}

/// The public trades by their category slug: one list for the server, the OpenAPI
/// document and the web app's generated types. The handler reads the `category`
/// parameter as text, so that an unknown value gets a Norwegian message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ToSchema)]
#[schema(rename_all = "kebab-case")]
pub enum CategorySlug {
    Elektriker,
    Rorlegger,
    KjokkenBad,
}

impl CategorySlug {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Elektriker => "elektriker",
            Self::Rorlegger => "rorlegger",
            Self::KjokkenBad => "kjokken-bad",
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct AdminService {
    pub id: Uuid,
    pub name: String,
    pub slug: Option<String>,
    pub description: Option<String>,
    /// Price from in whole kroner; `null` when not stated.
    pub price_from: Option<i64>,
    /// The category's slug.
    pub category: String,
    pub category_id: Option<Uuid>,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl AdminService {
    /// What the audit log keeps of a service.
    pub fn audit_view(&self) -> serde_json::Value {
        serde_json::json!({
            "name": self.name, "description": self.description, "price_from": self.price_from,
            "category": self.category, "is_active": self.is_active,
        })
    }
}
