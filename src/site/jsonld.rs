//! Structured data (schema.org JSON-LD) for the public pages, built from the current
//! settings and services so that crawlers see the same facts as visitors.

use serde_json::{Value, json};

use super::SiteFacts;
use super::markup::json_for_script;
use super::render::Inputs;
use fagfolk_data::services::PublicService;

/// The `<script type="application/ld+json">` element for one page.
pub(super) fn for_page(
    inputs: &Inputs,
    path: &str,
    service_category: Option<&str>,
    service_type: Option<&str>,
    offers: &[&PublicService],
) -> String {
    let base = inputs.base;
    let business_id = format!("{base}/#firma");
    let logo = inputs.icons.map(|icons| format!("{base}{}", icons.path(512)));
    let mut graph = vec![business(inputs.facts, base, &business_id, logo)];
    if let Some(category) = service_category {
        let area = if category == "kjokken-bad" {
            json!([{"@type": "City", "name": "Oslo"}, {"@type": "AdministrativeArea", "name": "Viken"}])
        } else {
            json!({"@type": "City", "name": "Oslo"})
        };
        let items: Vec<Value> = offers
            .iter()
            .map(|service| {
                let mut offer = json!({
                    "@type": "Offer",
                    "itemOffered": {
                        "@type": "Service",
                        "name": service.name,
                        "description": service.description,
                    },
                });
                if let Some(price) = service.price_from {
                    offer["priceSpecification"] = json!({
                        "@type": "PriceSpecification",
                        "minPrice": price,
                        "priceCurrency": "NOK",
                        "valueAddedTaxIncluded": true,
                    });
                }
                offer
            })
            .collect();
        graph.push(json!({
            "@type": "Service",
            "@id": format!("{base}{path}#tjeneste"),
            "name": service_type.unwrap_or(category),
            "serviceType": service_type.unwrap_or(category),
            "url": format!("{base}{path}"),
            "provider": {"@id": business_id},
            "areaServed": area,
            "hasOfferCatalog": {
                "@type": "OfferCatalog",
                "name": service_type.unwrap_or(category),
                "itemListElement": items,
            },
        }));
    }
    let document = json!({"@context": "https://schema.org", "@graph": graph});
    format!("<script type=\"application/ld+json\">{}</script>", json_for_script(&document))
}

/// The firm: its facts, its logo when it has one, and round-the-clock opening hours only
/// when it promises døgnvakt (Innstillinger).
fn business(facts: &SiteFacts, base: &str, id: &str, logo: Option<String>) -> Value {
    let mut business = json!({
        "@type": "HomeAndConstructionBusiness",
        "@id": id,
        "name": facts.company_name,
        "url": format!("{base}/"),
        "address": postal_address(&facts.adresse),
        "areaServed": [{"@type": "City", "name": "Oslo"}, {"@type": "AdministrativeArea", "name": "Viken"}],
        "priceRange": "kr",
    });
    if let Some(logo) = logo {
        business["logo"] = json!(logo);
    }
    if facts.claims.on_call {
        business["openingHoursSpecification"] = json!({
            "@type": "OpeningHoursSpecification",
            "dayOfWeek": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
            "opens": "00:00",
            "closes": "23:59",
        });
    }
    if let Some(year) = facts.founded_year {
        business["foundingDate"] = json!(year.to_string());
    }
    if !facts.phone.is_empty() {
        business["telephone"] = json!(facts.phone_uri().trim_start_matches("tel:"));
    }
    if !facts.email.is_empty() {
        business["email"] = json!(facts.email);
    }
    if !facts.orgnr.is_empty() {
        business["vatID"] = json!(format!("NO{}MVA", facts.orgnr.replace(' ', "")));
    }
    business
}

/// Splits "Gate 1, 0579 Oslo" into its parts; anything else stays a street address.
fn postal_address(adresse: &str) -> Value {
    let mut address = json!({"@type": "PostalAddress", "addressCountry": "NO"});
    match adresse.rsplit_once(',') {
        Some((street, place)) => {
            address["streetAddress"] = json!(street.trim());
            let place = place.trim();
            match place.split_once(' ') {
                Some((postcode, city))
                    if postcode.len() == 4 && postcode.chars().all(|c| c.is_ascii_digit()) =>
                {
                    address["postalCode"] = json!(postcode);
                    address["addressLocality"] = json!(city.trim());
                }
                _ => address["addressLocality"] = json!(place),
            }
        }
        None => address["streetAddress"] = json!(adresse),
    }
    address
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_norwegian_address_splits_into_street_postcode_and_city() {
        let address = postal_address("Økernveien 94, 0579 Oslo");
        assert_eq!(address["streetAddress"], "Økernveien 94");
        assert_eq!(address["postalCode"], "0579");
        assert_eq!(address["addressLocality"], "Oslo");
    }
}
