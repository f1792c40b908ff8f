//! A new staff user's name and e-mail address, read and checked at once with what the
//! password policy says of the password. Pure: the policy is the server's
//! (`src/auth/password.rs`), and what it says is passed in.

use crate::fields::{FieldErrors, ONE_LINE};
use crate::values::Email;

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
}
