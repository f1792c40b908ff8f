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

/// Reads an optional day (`YYYY-MM-DD`) of the years 1 to 9999: chrono reads years far
/// outside what PostgreSQL stores, and such a day is a malformed parameter.
pub fn plain_date<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<chrono::NaiveDate>, D::Error> {
    use chrono::Datelike;
    let day: Option<chrono::NaiveDate> = serde::Deserialize::deserialize(deserializer)?;
    match day {
        Some(day) if !(1..=9999).contains(&day.year()) => {
            Err(serde::de::Error::custom("en dato mellom år 1 og 9999"))
        }
        day => Ok(day),
    }
}

/// Reads an optional whole number that JSON may write as `25000` or `25000.0`.
pub fn whole_number<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    let number: Option<serde_json::Number> = serde::Deserialize::deserialize(deserializer)?;
    match number {
        None => Ok(None),
        Some(n) => n
            .as_i64()
            .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15).map(|f| f as i64))
            .map(Some)
            .ok_or_else(|| serde::de::Error::custom("forventet et helt tall")),
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

    #[derive(Debug, serde::Deserialize)]
    struct Price {
        #[serde(default, deserialize_with = "whole_number")]
        price: Option<i64>,
    }

    #[test]
    fn whole_numbers_may_have_a_zero_fraction_and_nothing_else() {
        let read = |text: &str| serde_json::from_str::<Price>(text).map(|p| p.price).ok();
        assert_eq!(read(r#"{"price": 25000}"#), Some(Some(25000)));
        assert_eq!(read(r#"{"price": 25000.0}"#), Some(Some(25000)));
        assert_eq!(read(r#"{"price": -3.0}"#), Some(Some(-3)));
        assert_eq!(read(r#"{"price": null}"#), Some(None));
        assert_eq!(read(r#"{"price": 2.5}"#), None);
        // Beyond 9e15 a float no longer holds every whole number exactly.
        assert_eq!(read(r#"{"price": 8.9e15}"#), Some(Some(8_900_000_000_000_000)));
        assert_eq!(read(r#"{"price": 9.0e15}"#), None);
        assert_eq!(read(r#"{"price": 1.0e16}"#), None);
    }
}
