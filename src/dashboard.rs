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
use crate::http::error::{ApiResult, ErrorBody};
use crate::settings::{self, StatusKind};
use crate::state::AppState;

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
    let per_status =
        crate::leads::store::status_counts(&state.db, now - Duration::days(7), now - Duration::days(30))
            .await?;
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
    let active_services = crate::services::store::count_active(&state.db).await?;
    let latest = crate::leads::store::newest(&state.db, 5).await?;
    Ok(Json(Dashboard { new_leads_7d, open_leads, won_30d, active_services, latest }))
}
