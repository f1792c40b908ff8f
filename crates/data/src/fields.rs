//! Reading a form: every field's message gathered before any is answered, so a person
//! sees all that is wrong at once. The server answers them as one 422
//! (`src/http/error.rs`, `ApiError::Validation`).

use std::collections::BTreeMap;

/// Per-field messages gathered while input is read; `finish` makes them one 422.
#[derive(Debug, Default)]
pub struct FieldErrors(BTreeMap<String, String>);

impl FieldErrors {
    pub fn add(&mut self, key: &str, message: impl Into<String>) {
        self.0.insert(key.to_owned(), message.into());
    }

    pub fn has(&self, key: &str) -> bool {
        self.0.contains_key(key)
    }

    /// Trimmed text, `None` when empty; a message when longer than `max` characters.
    pub fn optional(&mut self, key: &str, value: Option<String>, max: usize) -> Option<String> {
        let value = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        if value.as_ref().is_some_and(|v| v.chars().count() > max) {
            self.add(key, format!("Kan ikke være lengre enn {max} tegn."));
        }
        value
    }

    /// Like `optional`, but an empty value gets the `missing` message.
    pub fn required(&mut self, key: &str, value: Option<String>, max: usize, missing: &str) -> String {
        let value = self.optional(key, value, max);
        if value.is_none() {
            self.add(key, missing);
        }
        value.unwrap_or_default()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The messages in field order, for a reader without a form (the CLI).
    pub fn messages(&self) -> Vec<&str> {
        self.0.values().map(String::as_str).collect()
    }

    /// `Ok` when no field has a message.
    pub fn finish(self) -> Result<(), FieldErrors> {
        if self.0.is_empty() { Ok(()) } else { Err(self) }
    }

    /// Each field with its message.
    pub fn into_map(self) -> BTreeMap<String, String> {
        self.0
    }
}
