//! A service category, with how many services it has.

use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Category {
    pub id: Uuid,
    pub name: String,
    pub slug: Option<String>,
    pub description: Option<String>,
    pub active: bool,
    pub sort_order: i64,
    /// Services in this category, active or not.
    pub service_count: i64,
}
