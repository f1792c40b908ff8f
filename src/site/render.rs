//! Rendering: the prerendered pages of `web/dist/_pages` (see `web/scripts/prerender.mjs`)
//! filled in with the current company facts, JSON-LD and service lists.

use std::collections::HashMap;
use std::time::Instant;

use chrono::{Datelike, NaiveDate};
use serde::Deserialize;

use super::SiteFacts;
use super::assets::Assets;
use super::cache::{Page, Rendered};
use super::jsonld;
use crate::http::error::ApiError;
use crate::services::PublicService;
use crate::services::store as services;
use crate::state::AppState;

/// Written by `web/scripts/prerender.mjs`: which prerendered file serves which path.
#[derive(Debug, Deserialize)]
pub(super) struct Manifest {
    pub(super) pages: Vec<ManifestPage>,
    not_found: String,
    admin: String,
}

#[derive(Debug, Deserialize)]
pub(super) struct ManifestPage {
    pub(super) path: String,
    file: String,
    /// Set on a trade's page: its services go into the page's JSON-LD offer catalogue.
    service_category: Option<String>,
    service_type: Option<String>,
}

pub(super) fn manifest() -> Option<Manifest> {
    let file = Assets::get("_pages/manifest.json")?;
    match serde_json::from_slice(&file.data) {
        Ok(manifest) => Some(manifest),
        Err(err) => {
            tracing::error!(error = %err, "ugyldig _pages/manifest.json");
            None
        }
    }
}

pub(super) async fn render_all(state: &AppState, date: NaiveDate) -> Result<Rendered, ApiError> {
    let facts = SiteFacts::load(&state.db).await?;
    let services = services::active(&state.db, None).await?;
    let base = state.config.base_url();
    let manifest = manifest();
    let template = |file: &str| -> String {
        Assets::get(&format!("_pages/{file}"))
            .map(|f| String::from_utf8_lossy(&f.data).into_owned())
            .unwrap_or_else(|| MISSING_BUILD.to_owned())
    };
    let fill = |file: &str, page: Option<&ManifestPage>| {
        let html = fill_template(&template(file), &facts, &services, &base, date, page);
        Page::html(html)
    };

    let mut pages = HashMap::new();
    let (not_found, admin) = match &manifest {
        Some(manifest) => {
            for page in &manifest.pages {
                pages.insert(page.path.clone(), fill(&page.file, Some(page)));
            }
            (fill(&manifest.not_found, None), fill(&manifest.admin, None))
        }
        None => (Page::html(MISSING_BUILD.to_owned()), Page::html(MISSING_BUILD.to_owned())),
    };
    let mut services_json = HashMap::new();
    services_json.insert(String::new(), Page::json(&services));
    for category in crate::services::PUBLIC_CATEGORIES {
        let own: Vec<&PublicService> = services.iter().filter(|s| s.category == category).collect();
        services_json.insert(category.to_owned(), Page::json(&own));
    }
    Ok(Rendered { facts, pages, not_found, admin, services: services_json, at: Instant::now() })
}

const MISSING_BUILD: &str = "<!doctype html><html lang=\"nb\"><meta charset=\"utf-8\"><title>Fagfolk</title>\
<p>Nettappen er ikke bygget. Kjør <code>npm run build</code> i <code>web/</code>.</p></html>";

/// Fills the placeholders the prerender left in a page with the current facts.
fn fill_template(
    template: &str,
    facts: &SiteFacts,
    services: &[PublicService],
    base: &str,
    date: NaiveDate,
    page: Option<&ManifestPage>,
) -> String {
    let site_json = serde_json::json!({
        "company_name": facts.company_name,
        "orgnr": facts.orgnr,
        "adresse": facts.adresse,
        "email": facts.email,
        "phone": facts.phone,
        "phone_uri": facts.phone_uri(),
        "phone_extra": facts.phone_extra,
        "today": norwegian_date(date),
        "year": date.year().to_string(),
    });
    let jsonld = page
        .map(|page| {
            let category = page.service_category.as_deref();
            let offers: Vec<&PublicService> =
                services.iter().filter(|s| Some(s.category.as_str()) == category).collect();
            jsonld::for_page(facts, base, &page.path, category, page.service_type.as_deref(), &offers)
        })
        .unwrap_or_default();

    let mut html = template
        .replace(
            "<!--ff:site-->",
            &format!(
                "<script type=\"application/json\" id=\"ff-site\">{}</script>",
                json_for_script(&site_json)
            ),
        )
        .replace("<!--ff:jsonld-->", &jsonld)
        .replace("__FF_BASEURL__", &escape_html(base))
        .replace("__FF_COMPANY__", &escape_html(&facts.company_name))
        .replace("__FF_ORGNR__", &escape_html(&facts.orgnr))
        .replace("__FF_ADDRESS__", &escape_html(&facts.adresse))
        .replace("__FF_EMAIL__", &escape_html(&facts.email))
        .replace("__FF_PHONETEL__", &escape_html(&facts.phone_uri()))
        .replace("__FF_PHONE__", &escape_html(&facts.phone))
        .replace("__FF_TODAY__", &escape_html(&norwegian_date(date)))
        .replace("__FF_YEAR__", &date.year().to_string());
    for category in crate::services::PUBLIC_CATEGORIES {
        let marker = format!("__FF_SERVICES_{category}__");
        if html.contains(&marker) {
            let list = noscript_services(services.iter().filter(|s| s.category == category));
            html = html.replace(&marker, &list);
        }
    }
    html
}

/// The service list for visitors and crawlers without JavaScript.
fn noscript_services<'a>(services: impl Iterator<Item = &'a PublicService>) -> String {
    let mut out = String::from("<ul>");
    for service in services {
        out.push_str("<li><strong>");
        out.push_str(&escape_html(&service.name));
        out.push_str("</strong>");
        if let Some(price) = service.price_from {
            out.push_str(&format!(" – Fra {} kr", group_digits(price)));
        }
        if let Some(description) = &service.description {
            out.push_str(": ");
            out.push_str(&escape_html(description));
        }
        out.push_str("</li>");
    }
    out.push_str("</ul>");
    out
}

/// `25000` -> `25 000`, with the no-break space Norwegian typesetting uses.
pub fn group_digits(value: i64) -> String {
    let digits = value.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\u{a0}');
        }
        out.push(ch);
    }
    if value < 0 { format!("-{out}") } else { out }
}

pub fn norwegian_date(date: NaiveDate) -> String {
    const MONTHS: [&str; 12] = [
        "januar",
        "februar",
        "mars",
        "april",
        "mai",
        "juni",
        "juli",
        "august",
        "september",
        "oktober",
        "november",
        "desember",
    ];
    format!("{}. {} {}", date.day(), MONTHS[date.month0() as usize], date.year())
}

pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(ch),
        }
    }
    out
}

/// JSON that is safe inside a `<script>` element: no `<` can close it early.
pub fn json_for_script(value: &serde_json::Value) -> String {
    value.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_are_grouped_the_norwegian_way() {
        assert_eq!(group_digits(1620), "1\u{a0}620");
        assert_eq!(group_digits(25000), "25\u{a0}000");
        assert_eq!(group_digits(149000), "149\u{a0}000");
        assert_eq!(group_digits(990), "990");
        assert_eq!(group_digits(1_000_000), "1\u{a0}000\u{a0}000");
    }

    #[test]
    fn dates_read_in_norwegian() {
        assert_eq!(norwegian_date(NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()), "22. november 2026");
    }

    #[test]
    fn script_json_cannot_close_its_element() {
        let json = json_for_script(&serde_json::json!({"a": "</script><b>"}));
        assert!(!json.contains('<'), "{json}");
    }
}
