//! What the sign-in form and the language menu send, read. Pure: the password is checked
//! against the store by the server.

use serde::Deserialize;
use utoipa::ToSchema;

use super::Refused;
use crate::fields::FieldErrors;

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginInput {
    pub email: Option<String>,
    pub password: Option<String>,
    /// "Husk meg på denne enheten": a montør stays signed in on their own phone for 30
    /// days from its last use. The office's sessions last 24 hours whatever is sent.
    #[serde(default)]
    pub remember: bool,
}

/// A sign-in read: the address trimmed and in lower case.
#[derive(Debug, PartialEq, Eq)]
pub struct Login {
    pub email: String,
    pub password: String,
    pub remember: bool,
}

/// Reads `input`: an address and a password are both there.
pub fn read_login(input: LoginInput) -> Result<Login, FieldErrors> {
    let email = input.email.unwrap_or_default().trim().to_lowercase();
    let password = input.password.unwrap_or_default();
    let mut errors = FieldErrors::default();
    if email.is_empty() {
        errors.add("email", "E-post er påkrevd.");
    } else if !crate::text::is_email(&email) {
        errors.add("email", crate::fields::BAD_EMAIL);
    }
    if password.is_empty() {
        errors.add("password", "Passord er påkrevd.");
    }
    errors.finish()?;
    Ok(Login { email, password, remember: input.remember })
}

/// The language of one's own screens.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LanguageInput {
    /// `nb` (bokmål), `en` (English) or `pl` (polski).
    pub language: Option<String>,
}

/// Reads the language of `input`: one of [`super::LANGUAGES`].
pub fn read_language(input: LanguageInput) -> Result<String, FieldErrors> {
    let language = input.language.unwrap_or_default();
    if !super::LANGUAGES.contains(&language.as_str()) {
        return Err(FieldErrors::refused(&Refused::Language));
    }
    Ok(language)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::refusal::Refusal;

    #[test]
    fn a_sign_in_has_an_address_and_a_password() {
        let read =
            read_login(serde_json::from_value(json!({"email": " Kari@Firma.no ", "password": "x"})).unwrap());
        assert_eq!(
            read.unwrap(),
            Login { email: "kari@firma.no".into(), password: "x".into(), remember: false }
        );
        let errors = read_login(serde_json::from_value(json!({})).unwrap()).unwrap_err().into_map();
        assert_eq!(errors["email"], "E-post er påkrevd.");
        assert_eq!(errors["password"], "Passord er påkrevd.");
    }

    #[test]
    fn a_language_is_bokmal_english_or_polish() {
        let read = |language: &str| read_language(LanguageInput { language: Some(language.into()) });
        assert_eq!(read("pl").unwrap(), "pl");
        assert_eq!(read("de").unwrap_err().into_map()["language"], Refused::Language.text());
    }
}
