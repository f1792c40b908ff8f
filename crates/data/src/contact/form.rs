//! The contact form at the edge: a `ContactForm` that exists is a valid one.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::fields::FieldErrors;
use crate::text::is_email;

/// What the browser sends. Every field is optional here so that a missing field gets the
/// same Norwegian field error as an empty one.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ContactInput {
    #[schema(example = "Kari Nordmann")]
    pub name: Option<String>,
    #[schema(example = "kari@example.no")]
    pub email: Option<String>,
    #[schema(example = "912 34 567")]
    pub phone: Option<String>,
    /// One of the choices, or `null`. Read as text so that anything else gets the form's
    /// Norwegian field error rather than a parse error.
    #[schema(value_type = Option<ServiceChoice>)]
    pub service: Option<String>,
    #[schema(example = "Sikringen går hele tiden på badet.")]
    pub message: Option<String>,
    /// Where the job is: the street address (optional). It goes to the lead, and from there
    /// to the site visit's invitation.
    #[schema(example = "Storgata 1")]
    pub address: Option<String>,
    /// The postcode (optional): four digits.
    #[schema(example = "0155")]
    pub postcode: Option<String>,
    /// A field people never see. Anything in it marks the sender as a robot. Left out
    /// of the API document on purpose.
    #[schema(ignore)]
    pub website: Option<String>,
    /// "Når passer det med befaring?": up to three days the firm visits, from the next one
    /// on (`super::wishes`); rows without a day are skipped.
    #[serde(default, deserialize_with = "super::wishes::rows")]
    pub preferred_times: Option<Vec<super::PreferredTimeInput>>,
    /// The photos uploaded for this enquiry (`POST /api/contact/photos`), by their ids, in
    /// order; at most five.
    #[schema(value_type = Option<Vec<uuid::Uuid>>)]
    pub photos: Option<Vec<String>>,
}

/// The contact form's service choices. The web app's labels are typed against this enum
/// in the OpenAPI document (web/src/features/contact/components/contact-form.tsx).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum ServiceChoice {
    #[serde(rename = "elektrikertjenester")]
    Electrician,
    #[serde(rename = "rorleggertjenester")]
    Plumber,
    #[serde(rename = "kjokkenmontering")]
    Kitchen,
    #[serde(rename = "annet")]
    Other,
}

impl ServiceChoice {
    const ALL: [Self; 4] = [Self::Electrician, Self::Plumber, Self::Kitchen, Self::Other];

    pub fn value(self) -> &'static str {
        match self {
            Self::Electrician => "elektrikertjenester",
            Self::Plumber => "rorleggertjenester",
            Self::Kitchen => "kjokkenmontering",
            Self::Other => "annet",
        }
    }

    /// The label of a stored `value` (`contact_submissions.service`).
    pub fn label_of(value: &str) -> Option<&'static str> {
        Self::ALL.into_iter().find(|choice| choice.value() == value).map(Self::label)
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Electrician => "Elektrikertjenester",
            Self::Plumber => "Rørleggertjenester",
            Self::Kitchen => "Kjøkkenmontering",
            Self::Other => "Annet",
        }
    }
}

#[derive(Debug, Clone)]
pub struct ContactForm {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub service: Option<ServiceChoice>,
    pub message: String,
    /// Where the job is, when the visitor said.
    pub address: Option<String>,
    pub postcode: Option<String>,
    /// The days offered for the site visit, in order.
    pub preferred_times: Vec<super::PreferredTime>,
    /// The photos uploaded for it, in order.
    pub photos: Vec<uuid::Uuid>,
}

pub const NAME_MAX: usize = 200;
pub const EMAIL_MAX: usize = 254;
pub const PHONE_MAX: usize = 40;
pub const MESSAGE_MAX: usize = 5000;
pub const ADDRESS_MAX: usize = 300;
/// The most photos one enquiry may have.
pub const PHOTOS_MAX: usize = 5;

/// Why an enquiry is not taken.
#[derive(Debug)]
pub enum Refused {
    /// The honeypot field is filled in: a robot.
    Spam,
    /// Fields are missing or wrong; each has its message.
    Fields(FieldErrors),
}

impl From<FieldErrors> for Refused {
    fn from(errors: FieldErrors) -> Self {
        Self::Fields(errors)
    }
}

impl ContactInput {
    /// Whether the visitor offered any day for the site visit (only then are the days the
    /// firm offers read, `ContactForm::parse`).
    pub fn offers_days(&self) -> bool {
        self.preferred_times
            .iter()
            .flatten()
            .any(|row| row.day.as_deref().is_some_and(|day| !day.trim().is_empty()))
    }
}

impl ContactForm {
    /// Reads `input`; `offered` are the days a customer may offer for the site visit
    /// today (`super::VisitDays::offered`).
    pub fn parse(input: ContactInput, offered: &[chrono::NaiveDate]) -> Result<Self, Refused> {
        if input.website.as_deref().is_some_and(|v| !v.trim().is_empty()) {
            return Err(Refused::Spam);
        }
        let mut errors = FieldErrors::default();
        let name = errors.required("name", input.name, NAME_MAX, "Navn er påkrevd.");
        let email = errors.required("email", input.email, EMAIL_MAX, "E-post er påkrevd.");
        let phone = errors.required("phone", input.phone, PHONE_MAX, "Telefon er påkrevd.");
        let message = errors.required_text(
            "message",
            input.message,
            MESSAGE_MAX,
            "Beskriv kort hva du trenger hjelp til.",
        );

        let address = errors.optional("address", input.address, ADDRESS_MAX);
        let postcode = errors.postcode("postcode", input.postcode);
        if !email.is_empty() && !errors.has("email") && !is_email(&email) {
            errors.add("email", "Skriv en gyldig e-postadresse, for eksempel navn@eksempel.no.");
        }
        if !phone.is_empty() && !errors.has("phone") && !is_phone(&phone) {
            errors.add("phone", "Skriv et gyldig telefonnummer, for eksempel 912 34 567.");
        }
        // An HTML form's "Velg tjeneste (valgfritt)" sends an empty value: no choice.
        let service = match input.service.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => None,
            Some(value) => match ServiceChoice::ALL.into_iter().find(|c| c.value() == value) {
                Some(choice) => Some(choice),
                None => {
                    errors.add("service", "Velg en av tjenestene i listen.");
                    None
                }
            },
        };
        let preferred_times =
            super::wishes::parse(input.preferred_times.unwrap_or_default(), offered, &mut errors);
        let photos = parse_photos(input.photos.unwrap_or_default(), &mut errors);
        errors.finish()?;
        let phone = crate::text::phone_display(&phone);
        Ok(Self { name, email, phone, service, message, address, postcode, preferred_times, photos })
    }
}

/// The photos' ids, each once; a message under `photos` when there are too many or one is
/// not an id.
fn parse_photos(ids: Vec<String>, errors: &mut FieldErrors) -> Vec<uuid::Uuid> {
    if ids.len() > PHOTOS_MAX {
        errors.add("photos", format!("Høyst {PHOTOS_MAX} bilder per henvendelse."));
        return Vec::new();
    }
    let mut photos = Vec::new();
    for id in ids {
        match uuid::Uuid::parse_str(id.trim()) {
            Ok(id) if !photos.contains(&id) => photos.push(id),
            Ok(_) => {}
            Err(_) => {
                errors.add("photos", PHOTO_GONE);
                return Vec::new();
            }
        }
    }
    photos
}

/// The answer when a photo the enquiry names is not (or no longer) stored.
pub const PHOTO_GONE: &str = "Et av bildene er ikke lagret lenger. Fjern det og legg det til på nytt.";

/// Digits with the usual separators; at least eight digits (a Norwegian number) and at
/// most fifteen (the international maximum).
fn is_phone(phone: &str) -> bool {
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    phone.chars().all(|c| c.is_ascii_digit() || matches!(c, ' ' | '+' | '-' | '(' | ')' | '.'))
        && (8..=15).contains(&digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> ContactInput {
        ContactInput {
            name: Some(" Kari Nordmann ".into()),
            email: Some("kari@example.no".into()),
            phone: Some("+47 912 34 567".into()),
            service: Some("elektrikertjenester".into()),
            message: Some("Sikringen går.".into()),
            address: None,
            postcode: None,
            website: None,
            preferred_times: None,
            photos: None,
        }
    }

    #[test]
    fn a_complete_form_is_trimmed_and_accepted() {
        let form = ContactForm::parse(input(), &[]).unwrap();
        assert_eq!(form.name, "Kari Nordmann");
        assert_eq!(form.service, Some(ServiceChoice::Electrician));
    }

    #[test]
    fn each_bad_field_gets_its_own_message() {
        let bad = ContactInput {
            email: Some("kari@".into()),
            phone: Some("12".into()),
            service: Some("x".into()),
            ..input()
        };
        let Err(Refused::Fields(fields)) = ContactForm::parse(bad, &[]) else {
            panic!("expected field errors")
        };
        assert_eq!(fields.into_map().keys().collect::<Vec<_>>(), ["email", "phone", "service"]);
    }

    #[test]
    fn the_address_is_optional_and_the_postcode_has_four_digits() {
        let form = ContactForm::parse(input(), &[]).unwrap();
        assert_eq!((form.address, form.postcode), (None, None));
        let given =
            ContactInput { address: Some(" Storgata 1 ".into()), postcode: Some("0155".into()), ..input() };
        let form = ContactForm::parse(given, &[]).unwrap();
        assert_eq!((form.address.as_deref(), form.postcode.as_deref()), (Some("Storgata 1"), Some("0155")));
        for bad in ["155", "01555", "O155"] {
            let wrong = ContactInput { postcode: Some(bad.into()), ..input() };
            let Err(Refused::Fields(fields)) = ContactForm::parse(wrong, &[]) else { panic!("{bad} taken") };
            assert_eq!(
                fields.into_map()["postcode"],
                "Skriv postnummeret med fire sifre, for eksempel 0155."
            );
        }
    }
}
