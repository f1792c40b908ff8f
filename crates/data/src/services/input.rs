//! What the back office's service dialog sends, read. Pure: the category is looked up by
//! the server.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::fields::FieldErrors;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ServiceInput {
    pub name: Option<String>,
    pub description: Option<String>,
    /// Whole kroner; `null` or absent for no price.
    #[serde(default, deserialize_with = "crate::text::whole_number")]
    pub price_from: Option<i64>,
    /// Defaults to true for a new service.
    pub is_active: Option<bool>,
    /// Category slug; required when creating.
    pub category: Option<String>,
}

/// A service's fields read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServiceFields {
    pub name: String,
    pub description: Option<String>,
    pub price_from: Option<i64>,
    /// `None` when not sent: a new service is active, an edited one keeps its flag.
    pub is_active: Option<bool>,
    /// The category's slug, trimmed; empty when not sent.
    pub category: String,
}

/// Reads `input`.
pub fn read_service(input: ServiceInput) -> Result<ServiceFields, FieldErrors> {
    let mut errors = FieldErrors::default();
    let name = input.name.as_deref().map(str::trim).unwrap_or_default().to_owned();
    if name.is_empty() {
        errors.add("name", "Navn er påkrevd.");
    } else if !crate::text::is_one_line(&name) {
        errors.add("name", crate::fields::ONE_LINE);
    } else if name.chars().count() > 200 {
        errors.add("name", "Kan ikke være lengre enn 200 tegn.");
    }
    let description =
        input.description.as_deref().map(str::trim).filter(|d| !d.is_empty()).map(str::to_owned);
    if description.as_ref().is_some_and(|d| d.chars().count() > 2000) {
        errors.add("description", "Kan ikke være lengre enn 2000 tegn.");
    }
    if input.price_from.is_some_and(|p| !(0..=100_000_000).contains(&p)) {
        errors.add("price_from", "Prisen må være et helt antall kroner fra 0 og oppover.");
    }
    errors.finish()?;
    Ok(ServiceFields {
        name,
        description,
        price_from: input.price_from,
        is_active: input.is_active,
        category: input.category.as_deref().unwrap_or_default().trim().to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn read(value: serde_json::Value) -> Result<ServiceFields, FieldErrors> {
        read_service(serde_json::from_value(value).unwrap())
    }

    #[test]
    fn a_service_has_a_name_on_one_line_and_a_price_from_zero() {
        let fields = read(json!({"name": " Sikringsskap ", "price_from": 1500, "category": " elektriker "}));
        assert_eq!(
            fields.unwrap(),
            ServiceFields {
                name: "Sikringsskap".into(),
                description: None,
                price_from: Some(1500),
                is_active: None,
                category: "elektriker".into(),
            }
        );
        let errors = read(json!({"description": "x".repeat(2001), "price_from": -1})).unwrap_err().into_map();
        assert_eq!(errors["name"], "Navn er påkrevd.");
        assert_eq!(errors["description"], "Kan ikke være lengre enn 2000 tegn.");
        assert_eq!(errors["price_from"], "Prisen må være et helt antall kroner fra 0 og oppover.");
    }
}
