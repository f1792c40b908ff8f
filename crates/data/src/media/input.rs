//! What the media library's dialog sends, read: a file's alt text.

use serde::Deserialize;
use utoipa::ToSchema;

use super::Refused;
use crate::fields::{FieldErrors, ONE_LINE};

#[derive(Debug, Deserialize, ToSchema)]
pub struct AltInput {
    pub alt: Option<String>,
}

/// The longest alt text, in characters.
pub const ALT_MAX: usize = 300;

/// Reads the alt text of `input`: trimmed, on one line, at most [`ALT_MAX`] characters;
/// `None` when empty.
pub fn read_alt(input: AltInput) -> Result<Option<String>, FieldErrors> {
    let alt = input.alt.map(|a| a.trim().to_owned()).filter(|a| !a.is_empty());
    let mut errors = FieldErrors::default();
    if alt.as_deref().is_some_and(|a| !crate::text::is_one_line(a)) {
        errors.add("alt", ONE_LINE);
    } else if alt.as_ref().is_some_and(|a| a.chars().count() > ALT_MAX) {
        errors.refuse(&Refused::AltTooLong);
    }
    errors.finish()?;
    Ok(alt)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_alt_text_is_one_line_of_at_most_300_characters() {
        let read = |alt: &str| read_alt(AltInput { alt: Some(alt.to_owned()) });
        assert_eq!(read("  Bad med fliser ").unwrap().as_deref(), Some("Bad med fliser"));
        assert_eq!(read(" ").unwrap(), None);
        assert_eq!(read("to\nlinjer").unwrap_err().into_map()["alt"], ONE_LINE);
        assert!(read(&"a".repeat(301)).unwrap_err().has("alt"));
    }
}
