//! Text rules shared by every resource: the one e-mail check (sign-in, users, settings,
//! leads and the contact form), slugs, and how searches compare text and phone numbers.

use serde::Serialize;
use unicode_normalization::UnicodeNormalization;
use utoipa::ToSchema;
use uuid::Uuid;

/// A pragmatic address check: one `@`, a local part, a dotted domain, no spaces or
/// control characters. The real proof is that we get an answer.
pub fn is_email(email: &str) -> bool {
    let Some((local, domain)) = email.rsplit_once('@') else {
        return false;
    };
    !local.is_empty()
        && !local.contains('@')
        && local.len() <= 64
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
        && email.chars().all(|c| !c.is_whitespace() && !c.is_control() && c != '<' && c != '>')
}

/// Whether `text` can stand on one line: no control character at all (C0, including tab,
/// CR and LF, DEL and C1). Names, addresses, e-mails, phones and titles are such text: they
/// go into e-mail headers and calendar parameters, where a line break starts a field of
/// its own (docs/SECURITY.md, "Control characters"). Nor U+FFFE or U+FFFF, which XML 1.0
/// does not allow ([`is_xml`]).
pub fn is_one_line(text: &str) -> bool {
    !text.chars().any(|c| c.is_control() || !is_xml(c))
}

/// Whether XML 1.0 allows `c` in a document (its `Char` production), once the control
/// characters are refused: not U+FFFE or U+FFFF (a Rust string holds no lone surrogate, and
/// a JSON body with one is refused as malformed). Whatever is typed may end in an EHF or a
/// PDF's metadata, so no text with them is stored (docs/SECURITY.md, "Fourth review").
pub fn is_xml(c: char) -> bool {
    !matches!(c, '\u{FFFE}' | '\u{FFFF}')
}

/// Multi-line text as it is stored: a CR LF or a lone CR becomes LF (a browser posts a
/// textarea's lines with CR LF), tab stays; `None` when another control character is left,
/// or a character XML does not allow ([`is_xml`]).
pub fn multiline(text: &str) -> Option<String> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    text.chars().all(|c| (c == '\n' || c == '\t' || !c.is_control()) && is_xml(c)).then_some(text)
}

/// A URL-safe slug: lower case ASCII, Norwegian letters spelled out, dashes between words.
pub fn slugify(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    for ch in text.to_lowercase().chars() {
        match ch {
            'æ' => slug.push_str("ae"),
            'ø' => slug.push('o'),
            'å' => slug.push('a'),
            'a'..='z' | '0'..='9' => slug.push(ch),
            _ if !slug.ends_with('-') && !slug.is_empty() => slug.push('-'),
            _ => {}
        }
    }
    slug.trim_end_matches('-').to_owned()
}

/// Text as searches compare it: composed (an `Å` typed as `A` and a combining ring is the
/// same letter as the one-key `Å`) and lower case by Unicode's rules, so `ÅSE ØDEGÅRD`
/// and `åse ødegård` are one text. Neither database can do this alone: SQLite's `LOWER()`
/// folds A-Z only, and PostgreSQL's depends on the database's locale. Leads store their
/// folded text (`crate::leads::store`); the small tables are folded as they are read.
pub fn fold(text: &str) -> String {
    text.nfc().flat_map(char::to_lowercase).collect()
}

/// An e-mail address as it is compared: trimmed and folded by Unicode's rules, so
/// `ØYSTEIN@Blåbær.no` and `øystein@blåbær.no` are one address.
pub fn email_key(email: &str) -> String {
    fold(email.trim())
}

/// The digits of a phone number as searches compare them: without the Norwegian country
/// code, so `+47 912 34 567`, `0047 91234567` and `912 34 567` are all `91234567`.
/// Numbers from other countries keep theirs.
pub fn phone_digits(phone: &str) -> String {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    let plus = phone.trim_start().starts_with('+');
    match digits.len() {
        10 if plus && digits.starts_with("47") => digits[2..].to_owned(),
        12 if digits.starts_with("0047") => digits[4..].to_owned(),
        _ => digits,
    }
}

/// A phone number in the one form it is stored and shown in: a Norwegian number (eight
/// digits, with or without `+47` or `0047`) as Norwegians write it, `912 34 567` for a
/// mobile (4 or 9 first) and `22 33 44 55` for the others; any other number as it was
/// given, its spaces tidied. So `91234567`, `+47 912 34 567` and `912-34-567` are one
/// number on the screen as in searches.
pub fn phone_display(phone: &str) -> String {
    let tidy = phone.split_whitespace().collect::<Vec<_>>().join(" ");
    let digits = phone_digits(&tidy);
    let only_number = tidy.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c));
    let foreign_code = tidy.starts_with('+') && !tidy.starts_with("+47");
    if digits.len() != 8
        || !only_number
        || foreign_code
        || tidy.starts_with("00") && !tidy.starts_with("0047")
    {
        return tidy;
    }
    let d = |range: std::ops::Range<usize>| &digits[range];
    if digits.starts_with(['4', '9']) {
        format!("{} {} {}", d(0..3), d(3..5), d(5..8))
    } else {
        format!("{} {} {} {}", d(0..2), d(2..4), d(4..6), d(6..8))
    }
}

/// What a search box's text finds: folded text, and the digits when it reads as part of
/// a phone number (only digits, spaces, `+`, `-`, `(` and `)`, and at least three digits),
/// without a leading `+47` or `0047`.
#[derive(Default)]
pub struct Needle {
    pub text: String,
    pub digits: Option<String>,
}

impl Needle {
    pub fn new(query: &str) -> Self {
        let query = query.trim();
        let phone_like = query.chars().all(|c| c.is_ascii_digit() || " +-()".contains(c))
            && query.chars().filter(char::is_ascii_digit).count() >= 3;
        let digits = phone_like.then(|| {
            let digits: String = query.chars().filter(char::is_ascii_digit).collect();
            match () {
                () if query.starts_with("+47") => digits[2..].to_owned(),
                () if digits.starts_with("0047") => digits[4..].to_owned(),
                () => digits,
            }
        });
        Self { text: fold(query), digits }
    }

    /// Whether one of `texts` holds the needle; a blank needle finds everything.
    pub fn finds<'a>(&self, texts: impl IntoIterator<Item = &'a str>) -> bool {
        self.text.is_empty() || texts.into_iter().any(|text| fold(text).contains(&self.text))
    }
}

/// One hit of the command search (Ctrl+K), as each resource's store answers it.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Hit {
    pub id: Uuid,
    /// What to show: a name, or the alt text for media.
    pub title: String,
    /// A second line: e-mail, phone, category or file type.
    pub detail: Option<String>,
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

    #[test]
    fn one_line_text_holds_no_control_character_and_multiline_text_only_lf_and_tab() {
        assert!(is_one_line("Kari «K» Nordmann; Storgata 1, 0155 Oslo"));
        for bad in ["Kari\nNordmann", "Kari\rDTSTART:2030", "Kari\tNordmann", "a\0b", "a\u{7f}", "a\u{85}b"] {
            assert!(!is_one_line(bad), "{bad:?}");
        }
        assert_eq!(
            multiline("Hei\r\nJeg trenger\rhjelp\n\tmed badet").as_deref(),
            Some("Hei\nJeg trenger\nhjelp\n\tmed badet")
        );
        assert_eq!(multiline("a\0b"), None);
        assert_eq!(multiline("Kabel\u{FFFE}"), None);
        assert_eq!(multiline("a\u{FFFF}b"), None);
        assert!(!is_one_line("Bygg\u{FFFF} AS"));
        assert_eq!(multiline("a\u{1b}[31m"), None);
        assert_eq!(multiline("a\u{7f}"), None);
    }

    #[test]
    fn a_norwegian_number_is_stored_one_way_and_a_foreign_one_as_given() {
        for typed in
            ["91234567", "+47 912 34 567", "0047 91234567", "912-34-567", " 912  34 567 ", "+4791234567"]
        {
            assert_eq!(phone_display(typed), "912 34 567", "{typed}");
        }
        assert_eq!(phone_display("22334455"), "22 33 44 55");
        assert_eq!(phone_display("+47 22 33 44 55"), "22 33 44 55");
        assert_eq!(phone_display("+46 70 123  45 67"), "+46 70 123 45 67");
        assert_eq!(phone_display("0046 70 123 45 67"), "0046 70 123 45 67");
        assert_eq!(phone_display("113"), "113");
        assert_eq!(phone_display("ring etter kl. 16"), "ring etter kl. 16");
    }

    #[test]
    fn email_check_accepts_normal_and_refuses_broken_addresses() {
        for ok in ["a@b.no", "kari.nordmann+tilbud@firma.oslo.no", "øyvind@æøå.no"] {
            assert!(is_email(ok), "{ok}");
        }
        for bad in ["kari", "kari@no", "@b.no", "a b@c.no", "a@b..no", "a@.no", "<a@b.no>"] {
            assert!(!is_email(bad), "{bad}");
        }
    }

    #[test]
    fn norwegian_letters_fold_in_either_case_and_either_spelling() {
        assert_eq!(fold("ÅSE ØDEGÅRD Ærlig"), "åse ødegård ærlig");
        assert_eq!(fold("A\u{30A}se"), "åse", "a ring typed as a combining mark");
        let needle = Needle::new(" Ødegård ");
        assert!(needle.finds(["Åse Ødegård"]));
        assert!(!needle.finds(["Åse Odegard"]));
        assert!(Needle::new("").finds(["hva som helst"]));
    }

    #[test]
    fn phone_numbers_compare_by_digits_without_the_country_code() {
        for phone in ["+47 912 34 567", "0047 91234567", "912 34 567", "+4791234567"] {
            assert_eq!(phone_digits(phone), "91234567", "{phone}");
        }
        assert_eq!(phone_digits("+46 70 123 45 67"), "46701234567", "a Swedish number keeps its code");
        assert_eq!(phone_digits("4712345678"), "4712345678", "ten digits without + are not +47");
        assert_eq!(Needle::new("+47 912").digits.as_deref(), Some("912"));
        assert_eq!(Needle::new("0047 91234567").digits.as_deref(), Some("91234567"));
        assert_eq!(Needle::new("912 34").digits.as_deref(), Some("91234"));
        assert_eq!(Needle::new("91").digits, None, "two digits are too few to mean a phone number");
        assert_eq!(Needle::new("Gate 12").digits, None);
    }

    #[test]
    fn slugs_spell_out_norwegian_letters() {
        assert_eq!(slugify("Kjøkken & bad"), "kjokken-bad");
        assert_eq!(slugify("Rørlegger"), "rorlegger");
        assert_eq!(slugify("  Nytt sikringsskap! "), "nytt-sikringsskap");
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
