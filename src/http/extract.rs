//! The extractors every handler takes its input through: a malformed body, query or
//! path is a Norwegian error (`super::error`), a NUL character is refused before the
//! database sees it, and so is any other control character in a body's text.

use axum::Json;
use axum::extract::{FromRequest, FromRequestParts, OptionalFromRequest, Query};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use super::error::ApiError;

/// JSON body extractor whose rejections are Norwegian `ApiError`s. Text with a NUL
/// character is refused here, for every endpoint at once: PostgreSQL cannot store it.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        let Json(mut value) =
            <Json<serde_json::Value> as FromRequest<S>>::from_request(request, state).await?;
        if holds_nul(&value) {
            return Err(ApiError::nul_character());
        }
        if let Err(field) = clean_text(&mut value, "") {
            return Err(ApiError::field(&field, fagfolk_data::fields::CONTROL));
        }
        serde_json::from_value(value)
            .map(ApiJson)
            .map_err(|_| ApiError::BadRequest("Forespørselen har ugyldig JSON.".to_owned()))
    }
}

/// `Option<ApiJson<T>>`: `None` for a request without a body's `Content-Type` (a button
/// that posts nothing), the body read as `ApiJson` otherwise.
impl<T: DeserializeOwned, S: Send + Sync> OptionalFromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Option<Self>, ApiError> {
        if request.headers().get(axum::http::header::CONTENT_TYPE).is_none() {
            return Ok(None);
        }
        <Self as FromRequest<S>>::from_request(request, state).await.map(Some)
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

/// Every text in a body as it may be stored: CR LF and a lone CR become LF (as a textarea's
/// lines are posted), and any other control character than LF and tab is refused, with
/// the field it was found in (`lines.0.description`). One-line fields refuse LF and tab
/// too, where they are read (`fagfolk_data::fields::FieldErrors::optional`).
fn clean_text(value: &mut serde_json::Value, at: &str) -> Result<(), String> {
    let path = |key: &str| if at.is_empty() { key.to_owned() } else { format!("{at}.{key}") };
    match value {
        serde_json::Value::String(text) => {
            *text = fagfolk_data::text::multiline(text).ok_or_else(|| at.to_owned())?;
            Ok(())
        }
        serde_json::Value::Array(items) => items
            .iter_mut()
            .enumerate()
            .try_for_each(|(index, item)| clean_text(item, &path(&index.to_string()))),
        serde_json::Value::Object(fields) => {
            if let Some(key) = fields.keys().find(|key| !fagfolk_data::text::is_one_line(key)) {
                return Err(path(key));
            }
            fields.iter_mut().try_for_each(|(key, value)| clean_text(value, &path(key)))
        }
        _ => Ok(()),
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

    #[test]
    fn line_breaks_become_lf_and_other_control_characters_name_their_field() {
        let mut body = json!({ "intro": "Hei\r\npå\rdeg", "lines": [{ "description": "ok\tok" }] });
        assert_eq!(clean_text(&mut body, ""), Ok(()));
        assert_eq!(body, json!({ "intro": "Hei\npå\ndeg", "lines": [{ "description": "ok\tok" }] }));
        let mut body = json!({ "name": "ok", "lines": [{}, { "description": "rødt \u{1b}[31m" }] });
        assert_eq!(clean_text(&mut body, ""), Err("lines.1.description".to_owned()));
        assert_eq!(clean_text(&mut json!({ "a\u{7f}": 1 }), ""), Err("a\u{7f}".to_owned()));
    }
}
