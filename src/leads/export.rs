//! The lead list as a CSV file that Norwegian Excel opens as it is: UTF-8 with a byte
//! order mark (so Excel reads æ, ø and å), semicolons between fields (Norwegian Excel's
//! list separator, since the comma is its decimal sign) and dates as dd.mm.yyyy.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::IntoParams;

use super::filter::filter;
use crate::http::ApiQuery;
use crate::http::csv::{Sheet, cell};
use crate::http::error::{ApiResult, ErrorBody};
use crate::settings;
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::leads::model::{FollowUpFilter, Lead, LeadSort, StaffMember};
use fagfolk_data::leads::store;
use fagfolk_data::oslo;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct ExportFilter {
    /// Text search, as in the list.
    q: Option<String>,
    status: Option<String>,
    /// Source (`kilde`).
    source: Option<String>,
    /// Only the signed-in user's leads ("Mine").
    mine: Option<bool>,
    /// By follow-up date.
    #[param(inline)]
    follow_up: Option<FollowUpFilter>,
    /// The order (default newest first).
    #[param(inline)]
    sort: Option<LeadSort>,
    /// Only leads in a status that means this, as in the list.
    #[param(inline)]
    kind: Option<settings::StatusKind>,
    /// Only leads of the last this many days (1-366), as in the list.
    #[param(minimum = 1, maximum = 366)]
    days: Option<i64>,
}

/// Every lead the list's filters find, as CSV for Excel. Audited: the file holds
/// customers' personal data.
#[utoipa::path(
    get, path = "/api/admin/leads/export", tag = "admin", params(ExportFilter),
    responses(
        (status = 200, description = "CSV (UTF-8 med BOM, semikolon, datoer som dd.mm.åååå)", content_type = "text/csv", body = String),
        (status = 400, description = "Ugyldig parameter", body = ErrorBody),
    )
)]
pub(super) async fn export_leads(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiQuery(query): ApiQuery<ExportFilter>,
) -> ApiResult<Response> {
    let turn = state.heavy.turn(user.id).await?;
    let (q, status, source) = (query.q.as_deref(), query.status.as_deref(), query.source.as_deref());
    let filter = filter(&state, &user, q, status, source, query.mine, query.follow_up);
    let filter = super::filter::narrowed(&state, filter, query.kind, query.days).await?;
    let pipeline = settings::pipeline(&state.db).await?;
    let sort = query.sort.unwrap_or_default();
    let rows = store::count(&state.db, &filter).await?;
    let staff = fagfolk_data::users::store::staff(&state.db).await?;

    let now = state.clock.now();
    // The search text is often a customer's name or number: the entry says only that a
    // search narrowed the file, so no personal data outlives an erasure (crates/data/src/privacy/).
    let searched = query.q.as_deref().is_some_and(|q| !q.trim().is_empty());
    let asked = serde_json::json!({
        "search": searched, "status": query.status, "source": query.source, "mine": query.mine,
        "follow_up": query.follow_up.map(|f| format!("{f:?}").to_lowercase()),
    });
    let what = serde_json::json!({ "rows": rows, "filter": asked });
    let entry = user.recorded(now, AuditAction::Export, AuditEntity::Leads, None, what);
    fagfolk_data::audit::store::record(&state.db, &entry).await?;

    // The rows are read and written out as they go: a reader task sends leads down a
    // short channel, and the body turns them into CSV a batch at a time, so memory stays
    // flat for any number of leads (docs/BENCHMARKS.md, "Exports").
    let (leads, mut incoming) = tokio::sync::mpsc::channel::<Lead>(256);
    let db = state.db.clone();
    state.requests.spawn(async move {
        let _turn = turn;
        if let Err(err) = store::each(&db, &filter, sort, &pipeline, &leads).await {
            tracing::error!(error = %err, "eksporten stoppet halvveis");
        }
    });
    let mut header = Some(());
    let chunks = futures_util::stream::poll_fn(move |cx| {
        let mut batch = Vec::new();
        while batch.len() < 200 {
            match incoming.poll_recv(cx) {
                std::task::Poll::Ready(Some(lead)) => batch.push(lead),
                std::task::Poll::Ready(None) if batch.is_empty() && header.is_none() => {
                    return std::task::Poll::Ready(None);
                }
                std::task::Poll::Ready(None) => break,
                std::task::Poll::Pending if batch.is_empty() && header.is_none() => {
                    return std::task::Poll::Pending;
                }
                std::task::Poll::Pending => break,
            }
        }
        let bytes = csv(header.take().is_some(), &batch, &staff).map_err(std::io::Error::other);
        std::task::Poll::Ready(Some(bytes.map(bytes::Bytes::from)))
    });
    let name = format!("attachment; filename=\"leads-{}.csv\"", state.clock.today());
    Ok((
        [(header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()), (header::CONTENT_DISPOSITION, name)],
        axum::body::Body::from_stream(chunks),
    )
        .into_response())
}

/// Rows of the file, CRLF line ends: with `head`, first a byte order mark and the header
/// row; then one row per lead.
fn csv(head: bool, leads: &[Lead], staff: &[StaffMember]) -> Result<Vec<u8>, csv::Error> {
    let mut writer = if head { Sheet::new() } else { Sheet::more() };
    if head {
        writer.row([
            "Navn",
            "E-post",
            "Telefon",
            "Status",
            "Kilde",
            "Beskrivelse",
            "Adresse",
            "Postnummer",
            "Tags",
            "Oppfølging",
            "Ansvarlig",
            "Opprettet",
            "Sist oppdatert",
        ])?;
    }
    let text = |value: &Option<String>| value.clone().unwrap_or_default();
    for lead in leads {
        let assignee =
            lead.assignee_id.and_then(|id| staff.iter().find(|m| m.id == id)).map(|m| m.name.as_str());
        writer.row([
            lead.name.clone(),
            text(&lead.email),
            lead.phone.as_deref().map(phone_cell).unwrap_or_default(),
            lead.status.clone(),
            lead.kilde.clone(),
            text(&lead.beskrivelse),
            text(&lead.adresse),
            text(&lead.postnr),
            lead.tags.join(", "),
            lead.follow_up.map(oslo::date_short).unwrap_or_default(),
            assignee.unwrap_or_default().to_owned(),
            oslo::moment_short(lead.created_at),
            oslo::moment_short(lead.updated_at),
        ])?;
    }
    writer.finish()
}

/// A phone number as a cell Excel shows as it is, without an apostrophe in front: a
/// Norwegian number without its country code ("912 34 567"), another country's with
/// "00" for the "+" ("0046 70 123 45 67"), which Excel cannot read as a sum.
fn phone_cell(phone: &str) -> String {
    let shown = fagfolk_data::text::phone_display(phone);
    match shown.strip_prefix('+') {
        Some(rest) if rest.chars().all(|c| c.is_ascii_digit() || c == ' ') => format!("00{rest}"),
        _ => cell(&shown).into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::phone_cell;

    #[test]
    fn phone_numbers_are_written_as_numbers_excel_shows() {
        assert_eq!(phone_cell("+47 912 34 567"), "912 34 567");
        assert_eq!(phone_cell("+46 70 123 45 67"), "0046 70 123 45 67");
        assert_eq!(phone_cell("=1+2"), "'=1+2");
    }
}
