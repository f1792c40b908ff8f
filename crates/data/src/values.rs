//! Values that check themselves once, each with its message written here: an e-mail
//! address and a phone number, read from what a person typed. A day is chrono's
//! `NaiveDate`, read by `crate::oslo::parse_day` alone.

/// The message of an e-mail field that holds no e-mail address. The public contact form
/// says more, with an example (`crate::contact::form`).
pub const BAD_EMAIL: &str = "Skriv en gyldig e-postadresse.";

/// The message of a phone number with fewer than eight digits, or too long to be one.
pub const BAD_PHONE: &str = "Skriv et telefonnummer med minst 8 sifre.";

/// An e-mail address as typed, trimmed: at most 254 bytes (RFC 5321), with a name, an @
/// and a domain with a dot (`crate::text::is_email`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub const MAX: usize = 254;

    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let text = text.trim();
        if text.len() > Self::MAX || !crate::text::is_email(text) {
            return Err(BAD_EMAIL);
        }
        Ok(Self(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// A phone number as typed, trimmed: at least eight digits (a Norwegian number has
/// eight), at most 40 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone(String);

impl Phone {
    pub const MAX: usize = 40;

    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let text = text.trim();
        if crate::text::phone_digits(text).len() < 8 || text.chars().count() > Self::MAX {
            return Err(BAD_PHONE);
        }
        Ok(Self(text.to_owned()))
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_trimmed_and_a_bad_or_long_one_refused_in_norwegian() {
        assert_eq!(Email::parse(" kari@firma.no ").unwrap().as_str(), "kari@firma.no");
        assert_eq!(Email::parse("kari@firma"), Err(BAD_EMAIL));
        // 254 bytes in all at most, the name before the @ at most 64 (`crate::text::is_email`).
        let long = |domain: usize| format!("kari@{}.no", "a".repeat(domain));
        assert!(Email::parse(&long(246)).is_ok());
        assert_eq!(Email::parse(&long(247)), Err(BAD_EMAIL));
    }

    #[test]
    fn a_number_needs_eight_digits_and_at_most_forty_characters() {
        assert_eq!(Phone::parse(" 912 34 567 ").unwrap().into_string(), "912 34 567");
        assert_eq!(Phone::parse("+47 912 34 567").unwrap().into_string(), "+47 912 34 567");
        assert_eq!(Phone::parse("912 34 56"), Err(BAD_PHONE));
        assert_eq!(
            Phone::parse(&format!("912 34 567{}", " ".repeat(31))).unwrap().into_string(),
            "912 34 567"
        );
        assert_eq!(Phone::parse(&format!("912 34 567 (kveld{})", "x".repeat(30))), Err(BAD_PHONE));
    }
}
