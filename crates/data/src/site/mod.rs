//! What the data layer keeps for the public site: the firm's public facts and the
//! site's change counter.

pub mod store;

use serde::Serialize;
use utoipa::ToSchema;

use crate::db::Db;

/// The firm's public facts, as staff keep them in Innstillinger.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct SiteFacts {
    pub company_name: String,
    pub orgnr: String,
    pub adresse: String,
    pub email: String,
    /// The main phone number as staff wrote it, for display.
    pub phone: String,
    /// Extra phone numbers.
    pub phone_extra: Vec<String>,
    /// The year the firm was founded; `null` when staff have not said, and then the site
    /// states no founding year and no years of experience.
    pub founded_year: Option<i32>,
    /// What the pages promise (Innstillinger): each page states only what is on.
    pub claims: crate::settings::Claims,
    /// The logo from the media library, if the firm has one.
    pub logo: Option<uuid::Uuid>,
    /// The days of the week the firm takes site visits on, and how far ahead a customer
    /// may offer days (the contact form's "Når passer det med befaring?").
    pub visit_days: crate::contact::wishes::VisitDays,
}

impl SiteFacts {
    /// Reads the settings row; a missing or blank value falls back to a neutral text so
    /// the public site never shows an empty header.
    pub async fn load(db: &Db) -> Result<Self, sqlx::Error> {
        let facts = crate::settings::store::facts(db).await?;
        let (company_name, orgnr, adresse, email, phone, extra, founded_year, claims, logo, visit_days) =
            match facts {
                Some(f) => (
                    f.company_name,
                    f.orgnr,
                    f.adresse,
                    f.email,
                    f.global_phone_primary,
                    f.global_phone_extra,
                    f.founded_year,
                    f.claims,
                    f.logo,
                    f.visit_days,
                ),
                None => (
                    None,
                    None,
                    None,
                    None,
                    None,
                    Vec::new(),
                    None,
                    crate::settings::Claims::EXAMPLE,
                    None,
                    Default::default(),
                ),
            };
        let or = |value: Option<String>, fallback: &str| {
            value
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
                .unwrap_or_else(|| fallback.to_owned())
        };
        Ok(Self {
            company_name: or(company_name, "Fagfolk"),
            orgnr: or(orgnr, ""),
            adresse: or(adresse, "Oslo"),
            email: or(email, ""),
            phone: or(phone, ""),
            phone_extra: extra,
            founded_year,
            claims,
            logo,
            visit_days,
        })
    }

    /// The main number as a `tel:` URI: digits and a leading plus only, with the Norwegian
    /// country code added to an eight-digit local number.
    pub fn phone_uri(&self) -> String {
        let digits: String = self.phone.chars().filter(|c| c.is_ascii_digit() || *c == '+').collect();
        if digits.len() == 8 && !digits.starts_with('+') {
            format!("tel:+47{digits}")
        } else {
            format!("tel:{digits}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(phone: &str) -> SiteFacts {
        SiteFacts {
            company_name: "Fagfolk AS".into(),
            orgnr: String::new(),
            adresse: String::new(),
            email: String::new(),
            phone: phone.into(),
            phone_extra: vec![],
            founded_year: None,
            claims: crate::settings::Claims::EXAMPLE,
            logo: None,
            visit_days: Default::default(),
        }
    }

    #[test]
    fn phone_uri_adds_the_country_code_to_local_numbers() {
        assert_eq!(facts("22 33 44 55").phone_uri(), "tel:+4722334455");
        assert_eq!(facts("+47 908 12 345").phone_uri(), "tel:+4790812345");
    }
}
