//! The public site's read side: company facts from the settings row, the public pages
//! rendered with them by the server bundle (`engine`, `render`), and the public service
//! list, all from one page cache (`cache`).

mod assets;
mod cache;
pub mod engine;
pub mod jsonld;
pub mod markup;
pub mod pages;
mod render;
pub use fagfolk_data::site::store;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::ApiQuery;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use fagfolk_data::db::Db;
use fagfolk_data::services::store as services;
use fagfolk_data::services::{PUBLIC_CATEGORIES, PublicService};

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
}

impl SiteFacts {
    /// Reads the settings row; a missing or blank value falls back to a neutral text so
    /// the public site never shows an empty header.
    pub async fn load(db: &Db) -> Result<Self, sqlx::Error> {
        let facts = fagfolk_data::settings::store::facts(db).await?;
        let (company_name, orgnr, adresse, email, phone, extra) = match facts {
            Some(f) => {
                (f.company_name, f.orgnr, f.adresse, f.email, f.global_phone_primary, f.global_phone_extra)
            }
            None => (None, None, None, None, None, Vec::new()),
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

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_site)).routes(routes!(list_services))
}

/// The firm's public company facts: name, org.nr, address, e-mail and phone numbers.
#[utoipa::path(
    get,
    path = "/api/site",
    tag = "public",
    responses((status = 200, description = "Firmaopplysninger", body = SiteFacts))
)]
async fn get_site(State(state): State<AppState>) -> ApiResult<Json<SiteFacts>> {
    Ok(Json(state.pages.current().await?.facts.clone()))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ServiceFilter {
    /// Only services of this category.
    #[param(value_type = Option<fagfolk_data::services::CategorySlug>)]
    category: Option<String>,
}

/// List the active services, newest first.
#[utoipa::path(
    get,
    path = "/api/services",
    tag = "public",
    params(ServiceFilter),
    responses(
        (status = 200, description = "Aktive tjenester, nyeste først", body = [PublicService]),
        (status = 400, description = "Ukjent kategori", body = ErrorBody),
    )
)]
async fn list_services(
    State(state): State<AppState>,
    ApiQuery(filter): ApiQuery<ServiceFilter>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let category = match filter.category.as_deref() {
        Some(slug) if PUBLIC_CATEGORIES.contains(&slug) => Some(slug.to_owned()),
        Some(_) => {
            return Err(ApiError::BadRequest(
                "Ukjent kategori. Gyldige verdier er elektriker, rorlegger og kjokken-bad.".to_owned(),
            ));
        }
        None => None,
    };
    // Served from the same cache as the pages (rendered again when a service changes), ready
    // compressed: the busiest public call costs no database round trip.
    let rendered = state.pages.current().await?;
    match rendered.services_json(category.as_deref()) {
        Some(cached) => Ok(cached.respond(StatusCode::OK, &headers, &[])),
        None => Ok(Json(services::active(&state.db, category.as_deref()).await?).into_response()),
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
        }
    }

    #[test]
    fn phone_uri_adds_the_country_code_to_local_numbers() {
        assert_eq!(facts("22 33 44 55").phone_uri(), "tel:+4722334455");
        assert_eq!(facts("+47 908 12 345").phone_uri(), "tel:+4790812345");
    }
}
