//! Oversikt: the four counters and the five newest leads, in one request.

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::auth::CurrentUser;
use crate::db_run;
use crate::http::error::{ApiResult, ErrorBody};
use crate::startup::AppState;

/// Statuses that close a lead; every other status is open (the dashboard's "open" and "won" counters).
pub const CLOSED: [&str; 2] = ["Vunnet", "Tapt"];

#[derive(Debug, Serialize, ToSchema)]
pub struct Dashboard {
    /// Leads created in the last 7 days.
    pub new_leads_7d: i64,
    /// Leads whose status is not Vunnet or Tapt.
    pub open_leads: i64,
    /// Leads with status Vunnet created in the last 30 days.
    pub won_30d: i64,
    pub active_services: i64,
    /// The five newest leads.
    pub latest: Vec<RecentLead>,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct RecentLead {
    pub id: Uuid,
    pub name: String,
    pub status: String,
    pub created_at: DateTime<Utc>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_dashboard))
}

/// The dashboard's counters and latest activity.
#[utoipa::path(
    get, path = "/api/admin/dashboard", tag = "admin", security(("session" = [])),
    responses(
        (status = 200, description = "Tall til oversikten", body = Dashboard),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
    )
)]
async fn get_dashboard(State(state): State<AppState>, _user: CurrentUser) -> ApiResult<Json<Dashboard>> {
    let now = state.clock.now();
    let (new_leads_7d, open_leads, won_30d, active_services): (i64, i64, i64, i64) = db_run!(&state.db, pool =>
        sqlx::query_as(
            "SELECT \
               (SELECT COUNT(*) FROM leads WHERE created_at >= $1), \
               (SELECT COUNT(*) FROM leads WHERE status <> $3 AND status <> $4), \
               (SELECT COUNT(*) FROM leads WHERE status = $3 AND created_at >= $2), \
               (SELECT COUNT(*) FROM services_admin WHERE is_active = $5)",
        )
        .bind(now - Duration::days(7))
        .bind(now - Duration::days(30))
        .bind(CLOSED[0])
        .bind(CLOSED[1])
        .bind(true)
        .fetch_one(pool)
        .await)?;
    let latest = db_run!(&state.db, pool => sqlx::query_as(
        "SELECT id, name, status, created_at FROM leads ORDER BY created_at DESC, id DESC LIMIT 5",
    )
    .fetch_all(pool)
    .await)?;
    Ok(Json(Dashboard { new_leads_7d, open_leads, won_30d, active_services, latest }))
}
