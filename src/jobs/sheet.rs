//! The month's time sheet as a file (`super::routes` names it): per person, or per job, one
//! row per entry and a sum per person, as bokføringsforskriften § 8-1-2 asks (per person,
//! per day, per job). For Excel: UTF-8 with a byte order mark, semicolons, dates as
//! dd.mm.yyyy and hours with a decimal comma, as the lead export writes for Norwegian Excel.
//! To print and keep: a PDF/A (`crate::pdf::sheet`).

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use super::access::job_for;
use crate::http::ApiQuery;
use crate::http::csv::Sheet;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::SignedIn;
use fagfolk_data::jobs::store::time::SheetRow;
use fagfolk_data::jobs::{self, store};
use fagfolk_data::money;
use fagfolk_data::oslo;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct SheetQuery {
    /// The month, `YYYY-MM`.
    month: String,
    /// One person's sheet (a montør gets only their own).
    user_id: Option<Uuid>,
    /// One job's sheet.
    job_id: Option<Uuid>,
    /// `csv` (the default) or `pdf`.
    format: Option<String>,
}

/// The month's time sheet as CSV or PDF: a person's (a montør's own), one job's, or
/// everyone's. Audited: it names people and customers.
#[utoipa::path(
    get, path = "/api/admin/time/sheet", tag = "admin", params(SheetQuery),
    responses(
        (status = 200, description = "CSV (UTF-8 med BOM, semikolon, datoer som dd.mm.åååå) eller PDF", content(
            (String = "text/csv"),
            (Vec<u8> = "application/pdf"),
        )),
        (status = 404, description = "Finnes ikke", body = ErrorBody),
        (status = 422, description = "Ugyldig måned", body = ErrorBody),
    )
)]
pub(super) async fn time_sheet(
    State(state): State<AppState>,
    SignedIn(user): SignedIn,
    ApiQuery(query): ApiQuery<SheetQuery>,
) -> ApiResult<Response> {
    let from = super::month::month_of(&query.month)?;
    let pdf = match query.format.as_deref().map(str::trim) {
        None | Some("" | "csv") => false,
        Some("pdf") => true,
        Some(_) => return Err(jobs::Refused::BadSheetFormat.into()),
    };
    let to = from.checked_add_months(chrono::Months::new(1)).unwrap_or(from);
    let whose = if user.is_montor() { Some(user.id) } else { query.user_id };
    let job = match query.job_id {
        Some(job_id) => Some(job_for(&state, &user, job_id).await?),
        None => None,
    };
    let rows = store::time::between(&state.db, (from, to), whose, query.job_id).await?;
    let asked = serde_json::json!({
        "month": query.month, "user_id": whose, "job_id": query.job_id, "rows": rows.len(),
        "format": if pdf { "pdf" } else { "csv" },
    });
    let entry = user.recorded(state.clock.now(), AuditAction::Export, AuditEntity::TimeEntries, None, asked);
    fagfolk_data::audit::store::record(&state.db, &entry).await?;
    if pdf {
        let mut title = format!("Timeliste {}", oslo::month(from));
        match (&job, whose) {
            (Some(job), _) => title.push_str(&format!(", {}", job.title)),
            (None, Some(_)) => {
                if let Some(row) = rows.first() {
                    title.push_str(&format!(", {}", row.entry.user_name));
                }
            }
            (None, None) => {}
        }
        let firm = crate::pdf::letterhead::now(&state).await?;
        let made = state.clock.now();
        let body = tokio::task::spawn_blocking(move || crate::pdf::sheet::render(&title, &rows, &firm, made))
            .await
            .map_err(|err| ApiError::Internal(err.into()))??;
        let name = format!("attachment; filename=\"timeliste-{}.pdf\"", query.month.trim());
        return Ok((
            [(header::CONTENT_TYPE, "application/pdf".to_owned()), (header::CONTENT_DISPOSITION, name)],
            body,
        )
            .into_response());
    }
    let body = csv(&rows).map_err(|err| ApiError::Internal(err.into()))?;
    let name = format!("attachment; filename=\"timeliste-{}.csv\"", query.month.trim());
    Ok((
        [(header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()), (header::CONTENT_DISPOSITION, name)],
        body,
    )
        .into_response())
}

/// Hours in hundredths as Norwegian text: `7,5`.
fn hours(minutes: i64) -> String {
    money::quantity(minutes * 100 / 60)
}

/// The file: a header, one row per entry (by person, then day), and after each person's
/// rows a row with their sum.
fn csv(rows: &[SheetRow]) -> Result<Vec<u8>, ::csv::Error> {
    let mut writer = Sheet::new();
    writer.row([
        "Dato",
        "Ukedag",
        "Fra kl.",
        "Person",
        "Oppdrag",
        "Kunde",
        "Adresse",
        "Timer",
        "Tilleggsarbeid",
        "Merknad",
    ])?;
    let mut sum = 0i64;
    for (index, row) in rows.iter().enumerate() {
        let entry = &row.entry;
        writer.row([
            oslo::date_short(entry.day).as_str(),
            oslo::weekday(entry.day),
            entry.starts_at.map(oslo::clock_of_minute).unwrap_or_default().as_str(),
            entry.user_name.as_str(),
            row.job_title.as_str(),
            row.customer_name.as_str(),
            row.customer_address.as_deref().unwrap_or(""),
            hours(i64::from(entry.minutes)).as_str(),
            if entry.extra { "ja" } else { "" },
            entry.note.as_str(),
        ])?;
        sum += i64::from(entry.minutes);
        let last_of_person = rows.get(index + 1).is_none_or(|next| {
            next.entry.user_id != entry.user_id || next.entry.user_name != entry.user_name
        });
        if last_of_person {
            let label = format!("Sum {}", entry.user_name);
            writer.row(["", "", "", label.as_str(), "", "", "", hours(sum).as_str(), "", ""])?;
            sum = 0;
        }
    }
    writer.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hours_read_with_a_decimal_comma() {
        assert_eq!(hours(450), "7,5");
        assert_eq!(hours(15), "0,25");
        assert_eq!(hours(480), "8");
    }
}
