//! Values that check themselves once, each with its message written here: an e-mail
//! address, a phone number, an organisation number and a bank account number, read from
//! what a person typed. A day is chrono's
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

/// The message of an organisation number that is not one.
pub const BAD_ORG_NR: &str = "Skriv et organisasjonsnummer med 9 sifre (kontrollsifferet stemmer ikke).";

/// The message of a bank account number that is not one.
pub const BAD_ACCOUNT: &str =
    "Skriv et kontonummer med 11 sifre, for eksempel 1234.56.78903 (kontrollsifferet stemmer ikke).";

/// The MOD11 check digit of `digits` with `weights` (Brønnøysund's and the banks' rule):
/// `None` when the rule gives 10, which no valid number has.
fn mod11(digits: &[u32], weights: &[u32]) -> Option<u32> {
    let sum: u32 = digits.iter().zip(weights).map(|(digit, weight)| digit * weight).sum();
    match 11 - sum % 11 {
        11 => Some(0),
        10 => None,
        check => Some(check),
    }
}

/// The digits of `text` when it holds `count` digits and nothing else but spaces and dots.
fn digits(text: &str, count: usize) -> Option<Vec<u32>> {
    let text = text.trim();
    if !text.chars().all(|c| c.is_ascii_digit() || c == ' ' || c == '.') {
        return None;
    }
    let digits: Vec<u32> = text.chars().filter_map(|c| c.to_digit(10)).collect();
    (digits.len() == count).then_some(digits)
}

/// A Norwegian organisation number: nine digits whose last is the MOD11 check digit of
/// the others (weights 3 2 7 6 5 4 3 2). Spaces as typed ("923 456 783") are allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrgNr(String);

impl OrgNr {
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let digits = digits(text, 9).ok_or(BAD_ORG_NR)?;
        if mod11(&digits[..8], &[3, 2, 7, 6, 5, 4, 3, 2]) != Some(digits[8]) {
            return Err(BAD_ORG_NR);
        }
        Ok(Self(digits.iter().map(|digit| char::from_digit(*digit, 10).unwrap_or('0')).collect()))
    }

    /// The nine digits, no spaces.
    pub fn digits(&self) -> &str {
        &self.0
    }
}

/// A Norwegian bank account number: eleven digits whose last is the MOD11 check digit of
/// the others (weights 5 4 3 2 7 6 5 4 3 2). Written `1234.56.78903`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountNumber(String);

impl AccountNumber {
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let digits = digits(text, 11).ok_or(BAD_ACCOUNT)?;
        if mod11(&digits[..10], &[5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) != Some(digits[10]) {
            return Err(BAD_ACCOUNT);
        }
        Ok(Self(digits.iter().map(|digit| char::from_digit(*digit, 10).unwrap_or('0')).collect()))
    }

    /// The eleven digits, no dots.
    pub fn digits(&self) -> &str {
        &self.0
    }

    /// `1234.56.78903`, as Norwegians write it.
    pub fn display(&self) -> String {
        format!("{}.{}.{}", &self.0[..4], &self.0[4..6], &self.0[6..])
    }
}

/// A KID (customer identification on a payment) of `number`'s digits with its MOD10 check
/// digit (Luhn), as the banks' OCR agreement reads it: `2026-0042` gives `202600425`.
pub fn kid(number: &str) -> String {
    let digits: Vec<u32> = number.chars().filter_map(|c| c.to_digit(10)).collect();
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(index, digit)| {
            if index % 2 == 0 {
                let double = digit * 2;
                double / 10 + double % 10
            } else {
                *digit
            }
        })
        .sum();
    let check = (10 - sum % 10) % 10;
    digits.iter().chain([&check]).map(|digit| char::from_digit(*digit, 10).unwrap_or('0')).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_org_nr_has_nine_digits_and_its_check_digit() {
        assert_eq!(OrgNr::parse("923 456 783").unwrap().digits(), "923456783");
        // The Norwegian example invoice's seller (PEPPOL's rules/national-examples/NO).
        assert!(OrgNr::parse("123456785").is_ok());
        assert_eq!(OrgNr::parse("923 456 789"), Err(BAD_ORG_NR));
        assert_eq!(OrgNr::parse("12345678"), Err(BAD_ORG_NR));
        assert_eq!(OrgNr::parse("NO923456783MVA"), Err(BAD_ORG_NR));
    }

    #[test]
    fn an_account_number_has_eleven_digits_and_its_check_digit() {
        let account = AccountNumber::parse("1234.56.78903").unwrap();
        assert_eq!(account.digits(), "12345678903");
        assert_eq!(account.display(), "1234.56.78903");
        assert_eq!(AccountNumber::parse("1234 56 78904"), Err(BAD_ACCOUNT));
        assert_eq!(AccountNumber::parse("1234567890"), Err(BAD_ACCOUNT));
    }

    #[test]
    fn a_kid_ends_in_its_luhn_digit() {
        // Luhn of 7992739871 is 3 (the algorithm's textbook example).
        assert_eq!(kid("7992739871"), "79927398713");
        assert_eq!(kid("2026-0042"), "202600425");
    }

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
