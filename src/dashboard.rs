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
use crate::settings::{self, StatusKind};
use crate::startup::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct Dashboard {
    /// Leads created in the last 7 days.
    pub new_leads_7d: i64,
    /// Leads in a status that means open.
    pub open_leads: i64,
    /// Leads in a status that means won, created in the last 30 days.
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
    // Counted per status, then summed by what each status means: a renamed "Vunnet" still
    // counts as won.
    let per_status: Vec<(String, i64, i64, i64)> = db_run!(&state.db, pool => sqlx::query_as(
        "SELECT status, COUNT(*), \
           SUM(CASE WHEN created_at >= $1 THEN 1 ELSE 0 END), \
           SUM(CASE WHEN created_at >= $2 THEN 1 ELSE 0 END) \
         FROM leads GROUP BY status",
    )
    .bind(now - Duration::days(7))
    .bind(now - Duration::days(30))
    .fetch_all(pool)
    .await)?;
    let stages = settings::stages(&state.db).await?;
    let kind_of = |status: &str| stages.iter().find(|stage| stage.name == status).map(|stage| stage.kind);
    let mut counts = (0, 0, 0);
    for (status, total, last_7d, last_30d) in per_status {
        counts.0 += last_7d;
        match kind_of(&status) {
            Some(StatusKind::Won) => counts.2 += last_30d,
            Some(StatusKind::Open) => counts.1 += total,
            Some(StatusKind::Lost) | None => {}
        }
    }
    let (new_leads_7d, open_leads, won_30d) = counts;
    let (active_services,): (i64,) = db_run!(&state.db, pool =>
        sqlx::query_as("SELECT COUNT(*) FROM services_admin WHERE is_active = $1").bind(true).fetch_one(pool).await)?;
    let latest = db_run!(&state.db, pool => sqlx::query_as(
        "SELECT id, name, status, created_at FROM leads ORDER BY created_at DESC, id DESC LIMIT 5",
    )
    .fetch_all(pool)
    .await)?;
    Ok(Json(Dashboard { new_leads_7d, open_leads, won_30d, active_services, latest }))
}
