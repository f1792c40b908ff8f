//! What the users' dialogs send, read: a new staff user's name and e-mail address, read
//! and checked at once with what the password policy says of the password; a user's
//! change read against the user before; a new password. Pure: the policy is the server's
//! (`src/auth/password.rs`), and what it says is passed in.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::fields::{FieldErrors, ONE_LINE};
use crate::values::{Email, Phone};

use super::{AdminUserView, Refused, Role};

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewUserInput {
    pub name: Option<String>,
    pub email: Option<String>,
    pub password: Option<String>,
    /// `admin` (default), `editor` or `montor`.
    #[schema(value_type = Option<Role>)]
    pub role: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UserUpdateInput {
    pub name: Option<String>,
    /// The user's phone number; empty to remove it.
    pub phone: Option<String>,
    #[schema(value_type = Option<Role>)]
    pub role: Option<String>,
    pub is_active: Option<bool>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PasswordInput {
    pub password: Option<String>,
    /// Required when users change their own password, so that a stolen session cannot
    /// take the account over; not asked when an administrator sets someone else's.
    pub current_password: Option<String>,
}

/// The role a new user is given: `admin` when none is named.
pub fn read_new_role(input: &NewUserInput) -> Result<Role, FieldErrors> {
    Role::parse(input.role.as_deref().unwrap_or("admin")).ok_or_else(|| FieldErrors::refused(&Refused::Role))
}

/// Reads a change of `before`: what is not sent stays as it was. The first wrong field
/// is answered (the name, then the role, then the phone).
pub fn read_user_update(
    input: UserUpdateInput,
    before: &AdminUserView,
) -> Result<AdminUserView, FieldErrors> {
    let name = input.name.map(|n| n.trim().to_owned()).unwrap_or_else(|| before.name.clone());
    if name.is_empty() || name.chars().count() > NAME_MAX {
        return Err(FieldErrors::refused(&Refused::Name));
    }
    if !crate::text::is_one_line(&name) {
        let mut errors = FieldErrors::default();
        errors.add("name", ONE_LINE);
        return Err(errors);
    }
    let role = match input.role.as_deref() {
        Some(role) => Role::parse(role).ok_or_else(|| FieldErrors::refused(&Refused::Role))?,
        None => before.role,
    };
    let phone = match input.phone.map(|phone| phone.trim().to_owned()) {
        None => before.phone.clone(),
        Some(phone) if phone.is_empty() => None,
        Some(phone) => Some(
            Phone::parse(&phone)
                .map_err(|message| {
                    let mut errors = FieldErrors::default();
                    errors.add("phone", message);
                    errors
                })?
                .into_string(),
        ),
    };
    let is_active = input.is_active.unwrap_or(before.is_active);
    Ok(AdminUserView { name, role, is_active, phone, ..before.clone() })
}

/// A new password and the current one (empty when not sent).
#[derive(Debug, PartialEq, Eq)]
pub struct NewPassword {
    pub password: String,
    pub current_password: String,
}

/// A new password's message under `password`: none typed, or what the password policy
/// (`policy`) says of it. The users' dialog and the reset link's page both ask it.
pub fn check_new_password(
    errors: &mut FieldErrors,
    password: &str,
    policy: impl FnOnce(&str) -> Option<String>,
) {
    if password.is_empty() {
        errors.add("password", "Nytt passord er påkrevd.");
    } else if let Some(problem) = policy(password) {
        errors.add("password", problem);
    }
}

/// Reads a new password; `own` when users change their own, who must give the current
/// one too; `policy` is what the password policy says of a password (nothing when it is
/// allowed).
pub fn read_password(
    input: PasswordInput,
    own: bool,
    policy: impl FnOnce(&str) -> Option<String>,
) -> Result<NewPassword, FieldErrors> {
    let password = input.password.unwrap_or_default();
    let current_password = input.current_password.unwrap_or_default();
    let mut errors = FieldErrors::default();
    check_new_password(&mut errors, &password, policy);
    if own && current_password.is_empty() {
        errors.add("current_password", "Skriv inn passordet du bruker nå.");
    }
    errors.finish()?;
    Ok(NewPassword { password, current_password })
}

/// The longest name, in characters.
pub const NAME_MAX: usize = 200;

/// A new user's name (trimmed) and e-mail address (trimmed, in lower case: the address
/// a user signs in with is found whatever its case).
#[derive(Debug, PartialEq, Eq)]
pub struct NewUserFields {
    pub name: String,
    pub email: String,
}

/// Reads a new user's name and address; `password_problem` is what the password policy
/// says of the password (nothing when it is allowed), `password_empty` whether none was
/// typed. Every field's message at once, under `name`, `email` and `password`.
pub fn read_new_user(
    name: &str,
    email: &str,
    password_empty: bool,
    password_problem: Option<String>,
) -> Result<NewUserFields, FieldErrors> {
    let name = name.trim();
    let email = email.trim().to_lowercase();
    let mut invalid = FieldErrors::default();
    if name.is_empty() {
        invalid.add("name", "Navn er påkrevd.");
    } else if !crate::text::is_one_line(name) {
        invalid.add("name", ONE_LINE);
    } else if name.chars().count() > NAME_MAX {
        invalid.add("name", format!("Navn er påkrevd (høyst {NAME_MAX} tegn)."));
    }
    if email.is_empty() {
        invalid.add("email", "E-post er påkrevd.");
    } else if let Err(message) = Email::parse(&email) {
        invalid.add("email", message);
    }
    if password_empty {
        invalid.add("password", "Passord er påkrevd.");
    } else if let Some(problem) = password_problem {
        invalid.add("password", problem);
    }
    if invalid.is_empty() { Ok(NewUserFields { name: name.to_owned(), email }) } else { Err(invalid) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields::BAD_EMAIL;

    #[test]
    fn a_name_and_an_address_are_trimmed_and_the_address_lower_cased() {
        let read = read_new_user("  Kari Nordmann ", " Kari@Firma.NO ", false, None).unwrap();
        assert_eq!(
            read,
            NewUserFields { name: "Kari Nordmann".to_owned(), email: "kari@firma.no".to_owned() }
        );
    }

    #[test]
    fn every_field_is_refused_at_once_in_norwegian() {
        let refused =
            read_new_user(" ", "ikke-en-adresse", false, Some("Passordet er for vanlig.".to_owned()))
                .unwrap_err();
        assert_eq!(
            refused.messages(),
            ["Skriv en gyldig e-postadresse.", "Navn er påkrevd.", "Passordet er for vanlig."]
        );
        let refused = read_new_user("Kari\nNordmann", "", true, None).unwrap_err();
        assert_eq!(refused.messages(), ["E-post er påkrevd.", ONE_LINE, "Passord er påkrevd."]);
        let long = "a".repeat(NAME_MAX + 1);
        let refused = read_new_user(&long, &format!("{}@x.no", "a".repeat(250)), false, None).unwrap_err();
        assert_eq!(refused.messages(), [BAD_EMAIL, "Navn er påkrevd (høyst 200 tegn)."]);
    }

    #[test]
    fn a_new_password_is_there_and_ones_own_needs_the_current_one() {
        let input = |value: serde_json::Value| serde_json::from_value::<PasswordInput>(value).unwrap();
        let errors = read_password(input(serde_json::json!({})), true, |_| None).unwrap_err().into_map();
        assert_eq!(errors["password"], "Nytt passord er påkrevd.");
        assert_eq!(errors["current_password"], "Skriv inn passordet du bruker nå.");
        let read = read_password(input(serde_json::json!({"password": "lang nok"})), false, |_| None);
        assert_eq!(
            read.unwrap(),
            NewPassword { password: "lang nok".to_owned(), current_password: String::new() }
        );
    }
}
