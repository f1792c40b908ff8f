//! Reading a form: every field's message gathered before any is answered, so a person
//! sees all that is wrong at once. The server answers them as one 422
//! (`src/http/error.rs`, `ApiError::Validation`).

use std::collections::BTreeMap;

/// The message of a one-line field (a name, an address, an e-mail) that holds a line break,
/// a tab or another control character.
pub const ONE_LINE: &str = "Skriv på én linje, uten linjeskift eller kontrolltegn.";

/// The message of a text field that holds a control character other than line breaks and tabs.
pub const CONTROL: &str = "Teksten inneholder et ugyldig kontrolltegn. Fjern det og prøv igjen.";

/// The message of an e-mail field that holds no e-mail address (`crate::values::Email`).
pub use crate::values::BAD_EMAIL;

/// Per-field messages gathered while input is read; `finish` makes them one 422.
#[derive(Debug, Default)]
pub struct FieldErrors(BTreeMap<String, String>);

impl FieldErrors {
    pub fn add(&mut self, key: &str, message: impl Into<String>) {
        self.0.insert(key.to_owned(), message.into());
    }

    /// A refusal of one field (`Kind::Field`, `crate::refusal`): its text under its field,
    /// so that a reader answers a resource's refusal in the form's one 422.
    pub fn refuse(&mut self, refusal: &impl crate::refusal::Refusal) {
        match refusal.kind() {
            crate::refusal::Kind::Field(key) => self.add(key, refusal.text()),
            kind => debug_assert!(false, "{kind:?} is no field's refusal"),
        }
    }

    /// The form's messages of one field's refusal (`refuse`).
    pub fn refused(refusal: &impl crate::refusal::Refusal) -> Self {
        let mut errors = Self::default();
        errors.refuse(refusal);
        errors
    }

    pub fn has(&self, key: &str) -> bool {
        self.0.contains_key(key)
    }

    /// Trimmed text on one line, `None` when empty; a message when longer than `max`
    /// characters or when it holds a line break or another control character
    /// (`crate::text::is_one_line`).
    pub fn optional(&mut self, key: &str, value: Option<String>, max: usize) -> Option<String> {
        let value = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        if value.as_deref().is_some_and(|v| !crate::text::is_one_line(v)) {
            self.add(key, ONE_LINE);
        } else if value.as_ref().is_some_and(|v| v.chars().count() > max) {
            self.add(key, format!("Kan ikke være lengre enn {max} tegn."));
        }
        value
    }

    /// `BAD_EMAIL` under `key` when `value` is there, holds no e-mail address
    /// (`crate::values::Email`) and has no message yet: what every form with an address
    /// asks once the field is read for its length and its line.
    pub fn check_email(&mut self, key: &str, value: Option<&str>) {
        if let Some(Err(message)) = value.filter(|_| !self.has(key)).map(crate::values::Email::parse) {
            self.add(key, message);
        }
    }

    /// An optional Norwegian postcode: four digits (spaces dropped), `None` when empty; a
    /// message under `key` otherwise. The contact form and the befaring's dialog take it.
    pub fn postcode(&mut self, key: &str, value: Option<String>) -> Option<String> {
        let code = self.optional(key, value, 10).map(|code| code.replace(' ', ""));
        if !self.has(key)
            && code
                .as_deref()
                .is_some_and(|code| code.len() != 4 || !code.bytes().all(|b| b.is_ascii_digit()))
        {
            self.add(key, "Skriv postnummeret med fire sifre, for eksempel 0155.");
        }
        code
    }

    /// Trimmed text of several lines, `None` when empty: CR LF and CR become LF; a message
    /// when longer than `max` characters or when another control character is in it.
    pub fn optional_text(&mut self, key: &str, value: Option<String>, max: usize) -> Option<String> {
        let value = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let clean = value.as_deref().map(crate::text::multiline);
        match clean {
            None => None,
            Some(None) => {
                self.add(key, CONTROL);
                value
            }
            Some(Some(text)) => {
                if text.chars().count() > max {
                    self.add(key, format!("Kan ikke være lengre enn {max} tegn."));
                }
                Some(text)
            }
        }
    }

    /// Like `optional_text`, but an empty value gets the `missing` message.
    pub fn required_text(&mut self, key: &str, value: Option<String>, max: usize, missing: &str) -> String {
        let value = self.optional_text(key, value, max);
        if value.is_none() {
            self.add(key, missing);
        }
        value.unwrap_or_default()
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
