//! The one error type of the API. Every failure becomes `{"error": ..., "fields": ...}`
//! with a Norwegian text; internal details are logged, never sent.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// What went wrong, in Norwegian, ready to show to the user.
    pub error: String,
    /// Per-field messages for form input, keyed by field name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("ugyldig input")]
    Validation(BTreeMap<String, String>),
    #[error("{0}")]
    BadRequest(String),
    #[error("ikke innlogget")]
    Unauthorized,
    /// A refused sign-in, with the message to show.
    #[error("innlogging avvist")]
    Unauthenticated(String),
    #[error("ingen tilgang")]
    Forbidden(String),
    #[error("ikke funnet")]
    NotFound(String),
    #[error("konflikt")]
    Conflict(String),
    #[error("for stor forespørsel")]
    PayloadTooLarge,
    /// Larger than a route takes, saying its limit (413).
    #[error("for stor")]
    TooLarge(String),
    #[error("for mange forespørsler")]
    TooManyRequests { message: String, retry_after_secs: u64 },
    /// Too much work queued (password checks): answered with 503 and `Retry-After`.
    #[error("opptatt")]
    Busy,
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("intern feil: {0:#}")]
    Internal(#[from] anyhow::Error),
}

pub type ApiResult<T> = Result<T, ApiError>;

/// `option.or_not_found(leads::NOT_FOUND)?`: the thing, or the 404 with the resource's
/// own sentence (`ApiError::not_found`).
pub trait OrNotFound<T> {
    fn or_not_found(self, message: &str) -> ApiResult<T>;
}

impl<T> OrNotFound<T> for Option<T> {
    fn or_not_found(self, message: &str) -> ApiResult<T> {
        self.ok_or_else(|| ApiError::not_found(message))
    }
}

impl ApiError {
    /// The 404 of a thing that is not there, or no longer: `message` is the resource's
    /// own sentence (`fagfolk_data::leads::NOT_FOUND`).
    pub fn not_found(message: &str) -> Self {
        Self::NotFound(message.to_owned())
    }

    /// Text holding a NUL character, which no database column takes.
    pub fn nul_character() -> Self {
        Self::BadRequest("Teksten inneholder et ugyldig tegn (NUL). Fjern det og prøv igjen.".to_owned())
    }

    /// A resource's refusal (`fagfolk_data::refusal`): its text with its kind's status.
    pub fn refused(refusal: &impl Refusal) -> Self {
        let text = refusal.text().into_owned();
        match refusal.kind() {
            Kind::SignIn => Self::Unauthenticated(text),
            Kind::BadRequest => Self::BadRequest(text),
            Kind::Forbidden => Self::Forbidden(text),
            Kind::NotFound => Self::NotFound(text),
            Kind::Conflict => Self::Conflict(text),
            Kind::Field(name) => Self::Validation(BTreeMap::from([(name.to_owned(), text)])),
            Kind::TooLarge => Self::TooLarge(text),
        }
    }

    /// A validation error with one field message.
    pub fn field(name: &str, message: &str) -> Self {
        Self::Validation(BTreeMap::from([(name.to_owned(), message.to_owned())]))
    }
}

pub use fagfolk_data::fields::FieldErrors;
use fagfolk_data::refusal::{Kind, Refusal};

/// `Err(jobs::Refused::Closed)?` in a handler answers the refusal: one `From` per
/// resource's refusal enum (a blanket impl over `Refusal` would collide with the others).
macro_rules! refusals {
    ($($refusal:path),* $(,)?) => {$(
        impl From<$refusal> for ApiError {
            fn from(refusal: $refusal) -> Self {
                Self::refused(&refusal)
            }
        }
    )*};
}

refusals!(
    fagfolk_data::auth::Refused,
    fagfolk_data::media::Refused,
    fagfolk_data::payments::Refused,
    fagfolk_data::planning::Refused,
    fagfolk_data::reminders::Refused,
    fagfolk_data::jobs::Refused,
    fagfolk_data::invoices::Refused,
    fagfolk_data::declarations::Refused,
    fagfolk_data::documents::Refused,
    fagfolk_data::audit::Refused,
    fagfolk_data::content::Refused,
    fagfolk_data::leads::Refused,
    fagfolk_data::privacy::Refused,
    fagfolk_data::quotes::Refused,
    fagfolk_data::services::Refused,
    fagfolk_data::settings::Refused,
    fagfolk_data::users::Refused,
    fagfolk_data::visits::Refused,
);

impl From<FieldErrors> for ApiError {
    fn from(errors: FieldErrors) -> Self {
        Self::Validation(errors.into_map())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, error, fields) = match self {
            Self::Validation(fields) => (
                StatusCode::UNPROCESSABLE_ENTITY,
                "Noen felt mangler eller er ugyldige.".to_owned(),
                Some(fields),
            ),
            Self::BadRequest(message) => (StatusCode::BAD_REQUEST, message, None),
            Self::Unauthorized => {
                (StatusCode::UNAUTHORIZED, "Du må logge inn for å fortsette.".to_owned(), None)
            }
            Self::Unauthenticated(message) => (StatusCode::UNAUTHORIZED, message, None),
            Self::Forbidden(message) => (StatusCode::FORBIDDEN, message, None),
            Self::NotFound(message) => (StatusCode::NOT_FOUND, message, None),
            Self::Conflict(message) => (StatusCode::CONFLICT, message, None),
            Self::PayloadTooLarge => {
                (StatusCode::PAYLOAD_TOO_LARGE, "Forespørselen er for stor.".to_owned(), None)
            }
            Self::TooLarge(message) => (StatusCode::PAYLOAD_TOO_LARGE, message, None),
            Self::TooManyRequests { message, retry_after_secs } => {
                let mut response =
                    (StatusCode::TOO_MANY_REQUESTS, Json(ErrorBody { error: message, fields: None }))
                        .into_response();
                response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after_secs));
                return response;
            }
            Self::Busy => {
                let body = ErrorBody {
                    error: "Serveren har mye å gjøre akkurat nå. Vent litt og prøv igjen.".to_owned(),
                    fields: None,
                };
                let mut response = (StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response();
                response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(5));
                return response;
            }
            Self::Database(err) if is_unavailable(&err) => {
                tracing::error!(error = %err, "databasen er utilgjengelig");
                (
                    StatusCode::SERVICE_UNAVAILABLE,
                    "Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.".to_owned(),
                    None,
                )
            }
            Self::Database(err) => {
                tracing::error!(error = %err, "databasefeil");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "Det oppstod en feil på serveren. Prøv igjen senere.".to_owned(),
                    None,
                )
            }
            Self::Internal(err) => {
                tracing::error!(error = %format!("{err:#}"), "intern feil");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "Det oppstod en feil på serveren. Prøv igjen senere.".to_owned(),
                    None,
                )
            }
        };
        (status, Json(ErrorBody { error, fields })).into_response()
    }
}

/// Errors that mean "the database cannot be reached or written right now": worth a 503
/// and a retry, not a 500.
fn is_unavailable(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => true,
        sqlx::Error::Database(db) => {
            let code = db.code().unwrap_or_default();
            let message = db.message();
            // PostgreSQL: connection trouble (08...), shutting down or refusing (57P..),
            // out of resources (53...), read-only (25006), not accepting connections
            // (55000), database gone (3D000).
            code.starts_with("08")
                || code.starts_with("57P")
                || code.starts_with("53")
                || matches!(code.as_ref(), "25006" | "55000" | "3D000")
                // SQLite: busy, read-only, I/O error, full disk, cannot open.
                || matches!(code.as_ref(), "5" | "8" | "10" | "13" | "14")
                || message.contains("readonly")
                || message.contains("disk I/O")
                || message.contains("unable to open")
        }
        _ => false,
    }
}

impl From<crate::auth::password::Busy> for ApiError {
    fn from(_: crate::auth::password::Busy) -> Self {
        Self::Busy
    }
}

impl From<axum::extract::rejection::PathRejection> for ApiError {
    fn from(_: axum::extract::rejection::PathRejection) -> Self {
        Self::NotFound("Fant ikke det du lette etter.".to_owned())
    }
}

impl From<axum::extract::rejection::QueryRejection> for ApiError {
    fn from(_: axum::extract::rejection::QueryRejection) -> Self {
        Self::BadRequest("Ugyldige parametre i adressen.".to_owned())
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => Self::PayloadTooLarge,
            StatusCode::UNSUPPORTED_MEDIA_TYPE => Self::BadRequest(
                "Forespørselen må sendes som JSON (Content-Type: application/json).".to_owned(),
            ),
            _ => Self::BadRequest("Forespørselen har ugyldig JSON.".to_owned()),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::*;

    /// A database error with a code and a message, as the drivers report them.
    #[derive(Debug)]
    struct Failure(&'static str, &'static str);

    impl std::fmt::Display for Failure {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(self.1)
        }
    }

    impl std::error::Error for Failure {}

    impl sqlx::error::DatabaseError for Failure {
        fn message(&self) -> &str {
            self.1
        }
        fn code(&self) -> Option<Cow<'_, str>> {
            Some(Cow::Borrowed(self.0))
        }
        fn as_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn as_error_mut(&mut self) -> &mut (dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn into_error(self: Box<Self>) -> Box<dyn std::error::Error + Send + Sync + 'static> {
            self
        }
        fn kind(&self) -> sqlx::error::ErrorKind {
            sqlx::error::ErrorKind::Other
        }
    }

    fn database(code: &'static str, message: &'static str) -> sqlx::Error {
        sqlx::Error::Database(Box::new(Failure(code, message)))
    }

    #[test]
    fn an_unreachable_database_is_a_503_and_other_failures_a_500() {
        let unavailable = [
            sqlx::Error::PoolTimedOut,
            sqlx::Error::PoolClosed,
            sqlx::Error::Io(std::io::Error::other("connection reset")),
            database("08006", "connection failure"),
            database("57P01", "terminating connection due to administrator command"),
            database("53300", "too many connections"),
            database("25006", "cannot execute UPDATE in a read-only transaction"),
            database("55000", "object not in prerequisite state"),
            database("3D000", "database does not exist"),
            database("5", "database is locked"),
            database("8", "attempt to write"),
            database("10", "I/O"),
            database("13", "database or disk is full"),
            database("14", "cannot open"),
            database("1", "attempt to write a readonly database"),
            database("1", "disk I/O error"),
            database("1", "unable to open database file"),
        ];
        for err in unavailable {
            let shown = err.to_string();
            assert!(is_unavailable(&err), "{shown}");
            assert_eq!(
                ApiError::Database(err).into_response().status(),
                StatusCode::SERVICE_UNAVAILABLE,
                "{shown}"
            );
        }
        for err in [
            sqlx::Error::RowNotFound,
            database("23505", "duplicate key"),
            database("19", "UNIQUE constraint failed"),
        ] {
            let shown = err.to_string();
            assert!(!is_unavailable(&err), "{shown}");
            assert_eq!(
                ApiError::Database(err).into_response().status(),
                StatusCode::INTERNAL_SERVER_ERROR,
                "{shown}"
            );
        }
    }

    #[test]
    fn optional_text_may_be_exactly_as_long_as_allowed() {
        let mut errors = FieldErrors::default();
        assert_eq!(
            errors.optional("name", Some(" ".to_owned() + &"å".repeat(5)), 5),
            Some("ååååå".to_owned())
        );
        assert!(errors.is_empty());
        errors.optional("name", Some("å".repeat(6)), 5);
        assert_eq!(errors.messages(), ["Kan ikke være lengre enn 5 tegn."]);
        assert_eq!(errors.optional("name", Some("   ".to_owned()), 5), None, "blank is no value");
    }
}
