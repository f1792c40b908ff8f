//! "Importer bankfil": the bank's camt.054 file of incoming payments, read whole before
//! anything is written (`fagfolk_data::payments::camt`), then imported in one transaction.

use axum::Json;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use bytes::BytesMut;
use utoipa::ToSchema;

use crate::http::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::payments::camt::{self, Unreadable};
use fagfolk_data::payments::{Imported, Refused, store};

/// The largest bank file taken: a year of a small firm's payments is far less.
pub const MAX_BYTES: usize = 20 * 1024 * 1024;

#[derive(ToSchema)]
#[allow(dead_code)]
pub struct BankFileForm {
    /// The camt.054 file (XML) from the bank.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// Imports the bank's camt.054 file (field `file`): each new payment is booked on the
/// invoice its KID or message plainly names, the rest wait for the office; a payment
/// imported before is left. A file that cannot be read is refused whole, naming what is
/// wrong.
#[utoipa::path(
    post, path = "/api/admin/payments/import", tag = "admin",
    request_body(content = BankFileForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Hva importen gjorde", body = Imported),
        (status = 400, description = "Ikke et gyldig skjema", body = ErrorBody),
        (status = 413, description = "Filen er større enn 20 MB", body = ErrorBody),
        (status = 422, description = "Filen kan ikke leses; ingenting er importert", body = ErrorBody),
    )
)]
pub(super) async fn import_bank_file(
    State(state): State<AppState>,
    user: CurrentUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<Imported>> {
    // A body past the route's limit is too large, not malformed, whichever part notices.
    let too_large = |status: StatusCode| {
        if status == StatusCode::PAYLOAD_TOO_LARGE { Refused::TooLarge } else { Refused::NotForm }
    };
    let mut multipart = multipart.map_err(|rejection| too_large(rejection.status()))?;
    let mut file = None;
    while let Some(mut field) = multipart.next_field().await.map_err(|err| too_large(err.status()))? {
        if field.name() != Some("file") {
            continue;
        }
        let mut buffer = BytesMut::new();
        while let Some(chunk) = field.chunk().await.map_err(|err| too_large(err.status()))? {
            if buffer.len() + chunk.len() > MAX_BYTES {
                return Err(Refused::TooLarge.into());
            }
            buffer.extend_from_slice(&chunk);
        }
        file = Some(buffer.freeze());
    }
    let file = file.ok_or(Refused::NoFile)?;
    // A byte-order mark before the XML is allowed; anything not UTF-8 is no XML this reads.
    let text = std::str::from_utf8(file.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&file))
        .map_err(|_| Refused::Unreadable(Unreadable::NotXml { line: 1 }))?;
    let notification = camt::read(text).map_err(Refused::Unreadable)?;
    let now = state.clock.now();
    let entry = |done: &Imported| {
        let what = serde_json::json!({
            "new": done.new, "matched": done.matched, "waiting": done.waiting,
            "already": done.already, "skipped": done.skipped, "reversed": done.reversed,
        });
        user.recorded(now, AuditAction::Import, AuditEntity::Payments, None, what)
    };
    let done = store::import(&state.db, &notification, (&user.name, now), entry).await?;
    tracing::info!(new = done.new, matched = done.matched, waiting = done.waiting, "bankfil importert");
    Ok(Json(done))
}
