//! The extractors every handler takes its input through: a malformed body, query or
//! path is a Norwegian error (`super::error`), and a NUL character is refused before the
//! database sees it.

use axum::Json;
use axum::extract::{FromRequest, FromRequestParts, Query};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use super::error::ApiError;

/// JSON body extractor whose rejections are Norwegian `ApiError`s. Text with a NUL
/// character is refused here, for every endpoint at once: PostgreSQL cannot store it.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        let Json(value) = Json::<serde_json::Value>::from_request(request, state).await?;
        if holds_nul(&value) {
            return Err(ApiError::nul_character());
        }
        serde_json::from_value(value)
            .map(ApiJson)
            .map_err(|_| ApiError::BadRequest("Forespørselen har ugyldig JSON.".to_owned()))
    }
}

fn holds_nul(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::String(text) => text.contains('\0'),
        serde_json::Value::Array(items) => items.iter().any(holds_nul),
        serde_json::Value::Object(fields) => {
            fields.iter().any(|(key, value)| key.contains('\0') || holds_nul(value))
        }
        _ => false,
    }
}

/// Query string extractor: a malformed parameter is a Norwegian 400, and so is a NUL
/// character (`%00`, the only way one can be written in a URL).
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        if parts.uri.query().is_some_and(|query| query.contains("%00")) {
            return Err(ApiError::nul_character());
        }
        let Query(value) = Query::<T>::from_request_parts(parts, state).await?;
        Ok(ApiQuery(value))
    }
}

/// Path parameter extractor: an id that does not parse is a Norwegian 404, and a NUL
/// character (`%00`) a Norwegian 400 before the database sees it (PostgreSQL refuses it
/// with an error of its own).
pub struct ApiPath<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for ApiPath<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        if parts.uri.path().contains("%00") {
            return Err(ApiError::nul_character());
        }
        let axum::extract::Path(value) = axum::extract::Path::<T>::from_request_parts(parts, state).await?;
        Ok(ApiPath(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_nul_anywhere_in_a_body_is_found() {
        assert!(holds_nul(&json!("a\0b")));
        assert!(holds_nul(&json!(["ok", ["deeper\0"]])));
        assert!(holds_nul(&json!({ "a\0": 1 })));
        assert!(holds_nul(&json!({ "a": { "b": ["\0"] } })));
        assert!(!holds_nul(&json!({ "a": ["b", 1, null, true], "c": "d" })));
    }
}
