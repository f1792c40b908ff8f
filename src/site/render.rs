//! Rendering: every public page, the 404 page and the admin shell, made from the current
//! settings, services and content by the server bundle in the JavaScript engine (`super::engine`),
//! each put into the page template the web build wrote (`web/dist/index.html`,
//! `admin.html`) with its head, preloads, JSON-LD and the data it was rendered with.
//!
//! No value is substituted into markup after rendering: the engine escapes what it
//! renders, and the JSON in the page is escaped for a `<script>` element here.

use std::collections::HashMap;
use std::sync::Arc;

use axum::http::StatusCode;
use chrono::{Datelike, NaiveDate};
use serde::Deserialize;
use serde_json::{Value, json};

use super::SiteDeps;
use super::SiteFacts;
use super::assets::Assets;
use super::engine::{Engine, PageJob};
use super::jsonld;
use super::markup::{NOT_FOUND_FALLBACK, UNAVAILABLE, data_script, escape_html};
use super::rendered::{Page, Rendered, Served};
use crate::content::{self, ContentItem, ContentKind};
use crate::http::error::ApiError;
use fagfolk_data::oslo;
use fagfolk_data::services::PublicService;
use fagfolk_data::services::store as services;
use uuid::Uuid;

/// Written by `web/scripts/server-bundle.mjs`: every public path and what its page needs.
#[derive(Debug, Deserialize)]
pub(super) struct Manifest {
    /// The `<link rel="preload">` of the font every page uses.
    font_preload: String,
    pub(super) pages: Vec<ManifestPage>,
}

#[derive(Debug, Deserialize)]
pub(super) struct ManifestPage {
    pub(super) path: String,
    /// `<link rel="modulepreload">` elements for the page's own code.
    preloads: Vec<String>,
    /// Set on a trade's page: its services go into the page's JSON-LD offer catalogue.
    service_category: Option<String>,
    service_type: Option<String>,
    /// The services the page lists: "all", a category slug, or none.
    services: Option<String>,
    /// The kinds of content the page shows (`fagfolk_data::content::ContentKind`), besides the
    /// platforms, which every page's footer names.
    #[serde(default)]
    content: Vec<ContentKind>,
    /// Kept out of the sitemap (the confirmation after the contact form).
    #[serde(default)]
    pub(super) noindex: bool,
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

/// A page of the web build, split where the head content and the app's markup go.
pub(super) struct Template {
    before_head: String,
    before_app: String,
    after_app: String,
}

impl Template {
    fn load(file: &str) -> Result<Self, String> {
        let html = Assets::get(file).ok_or_else(|| format!("{file} mangler"))?;
        let html = String::from_utf8_lossy(&html.data);
        let (before_head, rest) =
            html.split_once("<!--ff:head-->").ok_or_else(|| format!("{file}: ingen <!--ff:head-->"))?;
        let (before_app, after_app) =
            rest.split_once("<!--ff:app-->").ok_or_else(|| format!("{file}: ingen <!--ff:app-->"))?;
        Ok(Self {
            before_head: before_head.to_owned(),
            before_app: before_app.to_owned(),
            after_app: after_app.to_owned(),
        })
    }

    pub(super) fn page(&self, head: &str, app: &str) -> String {
        [self.before_head.as_str(), head, self.before_app.as_str(), app, self.after_app.as_str()].concat()
    }
}

/// What the web build gives the server: the page list, the two templates and the
/// engine with the server bundle loaded.
pub(super) struct Build {
    pub(super) manifest: Manifest,
    pub(super) public: Template,
    admin: Template,
    pub(super) engine: Engine,
}

impl Build {
    /// Loads the build embedded in the binary (read from `web/dist` in a debug build).
    pub(super) fn load() -> Result<Self, String> {
        let manifest = manifest().ok_or("web/dist/_pages/manifest.json mangler")?;
        let bundle = Assets::get("_ssr/entry-server.js").ok_or("web/dist/_ssr/entry-server.js mangler")?;
        Ok(Self {
            manifest,
            public: Template::load("index.html")?,
            admin: Template::load("admin.html")?,
            engine: Engine::start(bundle.data)?,
        })
    }
}

/// The path the 404 page is rendered for: no public page has it.
const NOT_FOUND_PATH: &str = "/404";

/// Renders everything from the database's current state. A page the engine fails on
/// keeps its last good version from `previous` (the error is logged), or answers 503
/// until it renders. A database error fails the whole pass, and the pages in service stay.
pub(super) async fn render_all(
    deps: &SiteDeps,
    build: Option<&Build>,
    previous: Option<&Rendered>,
    date: NaiveDate,
) -> Result<Rendered, ApiError> {
    let facts = SiteFacts::load(&deps.db).await?;
    let services = services::active(&deps.db, None).await?;
    let content = content::store::visible(&deps.db).await?;
    let pictures = super::pictures::shown(deps, &content, facts.logo).await?;
    let base = deps.config.base_url();
    let icons = super::icons::for_logo(deps, facts.logo, previous.and_then(|p| p.icons.as_ref())).await?;
    let inputs = Inputs {
        facts: &facts,
        base: &base,
        date,
        content: &content,
        pictures: &pictures,
        icons: icons.as_deref(),
    };
    let site = site_data(&inputs, &[]);

    let mut services_json = HashMap::new();
    services_json.insert(String::new(), Page::json(&services));
    for category in fagfolk_data::services::PUBLIC_CATEGORIES {
        let own: Vec<&PublicService> = services.iter().filter(|s| s.category == category).collect();
        services_json.insert(category.to_owned(), Page::json(&own));
    }

    let Some(build) = build else {
        let missing = Served { page: Arc::new(Page::html(MISSING_BUILD.to_owned())), status: StatusCode::OK };
        return Ok(Rendered {
            forms: HashMap::new(),
            icons,
            facts,
            failing: Vec::new(),
            pages: HashMap::new(),
            not_found: missing.clone(),
            admin: missing,
            services: services_json,
        });
    };

    // Each page's data as JSON, made once: the engine renders from it and the page carries it.
    let site_json = site.to_string();
    let mut data: Vec<String> = build
        .manifest
        .pages
        .iter()
        .map(|page| {
            if page.services.is_none() && page.content.is_empty() {
                return site_json.clone();
            }
            let mut page_data = site_data(&inputs, &page.content);
            if let Some(which) = page.services.as_deref() {
                let listed: Vec<&PublicService> =
                    services.iter().filter(|s| which == "all" || s.category == which).collect();
                page_data["services"] = json!(listed);
            }
            page_data.to_string()
        })
        .collect();
    data.push(site_json.clone());
    let paths = build.manifest.pages.iter().map(|page| page.path.as_str()).chain([NOT_FOUND_PATH]);
    let jobs =
        paths.zip(&data).map(|(path, data)| PageJob { path: path.to_owned(), data: data.clone() }).collect();
    let engine_started = std::time::Instant::now();
    let mut results =
        build.engine.render(jobs).await.map_err(|err| ApiError::Internal(anyhow::anyhow!(err)))?;
    tracing::debug!(ms = engine_started.elapsed().as_millis() as u64, "motoren har laget sidene");
    let not_found_result = results.pop();

    let font = &build.manifest.font_preload;
    let mut pages = HashMap::new();
    let mut failing = Vec::new();
    let mut forms = HashMap::new();
    for ((page, result), data) in build.manifest.pages.iter().zip(results).zip(&data) {
        let fresh = result.and_then(|rendered| match rendered.status {
            200 => Ok(rendered),
            status => Err(format!("siden ble laget med status {status}")),
        });
        let fresh = fresh.map(|rendered| {
            let category = page.service_category.as_deref();
            let offers: Vec<&PublicService> =
                services.iter().filter(|s| Some(s.category.as_str()) == category).collect();
            let json_ld =
                jsonld::for_page(&inputs, &page.path, category, page.service_type.as_deref(), &offers);
            let extra = [font.as_str(), &page.preloads.join("\n    "), &json_ld]
                .into_iter()
                .filter(|part| !part.is_empty())
                .collect::<Vec<_>>()
                .join("\n    ");
            if super::rendered::FORM_PAGES.contains(&page.path.as_str()) {
                forms.insert(
                    page.path.clone(),
                    super::rendered::Recipe { data: data.clone(), extra: extra.clone() },
                );
            }
            Page::html(
                build.public.page(&super::rendered::head(&rendered.head, &extra, data), &rendered.html),
            )
        });
        let last_good = previous.and_then(|p| p.pages.get(&page.path));
        if fresh.is_err() {
            failing.push(page.path.clone());
        }
        pages.insert(page.path.clone(), settle(&page.path, fresh, last_good, unavailable_page));
    }

    let fresh_not_found = match not_found_result {
        Some(Ok(rendered)) if rendered.status == 404 => {
            let head = [rendered.head.as_str(), font, &data_script(&site_json)].join("\n    ");
            Ok(Page::html(build.public.page(&head, &rendered.html)))
        }
        Some(Ok(rendered)) => Err(format!("404-siden ble laget med status {}", rendered.status)),
        Some(Err(err)) => Err(err),
        None => Err("ikke noe svar".to_owned()),
    };
    let not_found = settle(NOT_FOUND_PATH, fresh_not_found, previous.map(|p| &p.not_found), || Served {
        page: Arc::new(Page::html(NOT_FOUND_FALLBACK.to_owned())),
        status: StatusCode::NOT_FOUND,
    });

    let admin_head = [
        format!("<title>Administrasjon | {}</title>", escape_html(&facts.company_name)),
        "<meta name=\"robots\" content=\"noindex, nofollow\">".to_owned(),
        match &icons {
            Some(icons) => {
                format!("<link rel=\"icon\" href=\"{}\" type=\"image/png\" sizes=\"32x32\">", icons.path(32))
            }
            None => "<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">".to_owned(),
        },
        font.clone(),
        data_script(&site_json),
    ]
    .join("\n    ");
    let admin =
        Served { page: Arc::new(Page::html(build.admin.page(&admin_head, ""))), status: StatusCode::OK };
    Ok(Rendered { facts, failing, pages, not_found, admin, services: services_json, forms, icons })
}

/// The page to serve at `path` after a render pass: the fresh one; or, when the engine
/// failed on it, its last good version; or, when it never rendered, `otherwise` (the
/// 503 page). A failure is logged with the engine's message.
fn settle(
    path: &str,
    fresh: Result<Page, String>,
    last_good: Option<&Served>,
    otherwise: impl FnOnce() -> Served,
) -> Served {
    match fresh {
        Ok(page) => Served {
            page: Arc::new(page),
            status: if path == NOT_FOUND_PATH { StatusCode::NOT_FOUND } else { StatusCode::OK },
        },
        Err(err) => {
            tracing::error!(path, error = %err, "kunne ikke lage siden; den forrige vises");
            last_good.cloned().unwrap_or_else(otherwise)
        }
    }
}

fn unavailable_page() -> Served {
    Served { page: Arc::new(Page::html(UNAVAILABLE.to_owned())), status: StatusCode::SERVICE_UNAVAILABLE }
}

/// What a page is rendered with (`Site` in `web/src/lib/site.tsx`): the firm's facts, the
/// date, and the visible content of the `kinds` the page shows, plus the platforms every
/// footer names. The pages that list services get them added.
fn site_data(inputs: &Inputs, kinds: &[ContentKind]) -> Value {
    let Inputs { facts, base, date, content, pictures, icons } = *inputs;
    let mut shown = serde_json::Map::new();
    let mut first_picture = None;
    for kind in ContentKind::ALL {
        let wanted = kind == ContentKind::Platform || kinds.contains(&kind);
        let items: Vec<&ContentItem> = content.iter().filter(|item| wanted && item.kind == kind).collect();
        first_picture = first_picture
            .or_else(|| items.iter().flat_map(|item| item.data.photos()).find_map(|id| pictures.get(&id)));
        let items = items.into_iter().map(|item| item.public_json(pictures)).collect();
        shown.insert(kind.as_str().to_owned(), Value::Array(items));
    }
    // The page's picture for link previews: its own first, else the site's first.
    let og_image = first_picture
        .or_else(|| content.iter().flat_map(|item| item.data.photos()).find_map(|id| pictures.get(&id)))
        .map(|picture| {
            json!({
                "url": format!("{base}{}", picture["src"].as_str().unwrap_or_default()),
                "width": picture["width"],
                "height": picture["height"],
                "alt": picture["alt"],
            })
        });
    json!({
        "company_name": facts.company_name,
        "orgnr": facts.orgnr,
        "adresse": facts.adresse,
        "email": facts.email,
        "phone": facts.phone,
        "phone_uri": facts.phone_uri(),
        "phone_extra": facts.phone_extra,
        "founded_year": facts.founded_year,
        "claims": facts.claims,
        "logo": facts.logo.and_then(|id| pictures.get(&id)),
        "icons": icons.map(|icons| json!({ "tab": icons.path(32), "touch": icons.path(180) })),
        "today": oslo::date(date),
        // The days the contact form offers for the site visit, from tomorrow on.
        "visit_days": facts.visit_days.offered(date).into_iter().map(|day| json!({
            "value": oslo::iso_day(day),
            "label": format!("{} {}", oslo::weekday(day), oslo::date(day)),
        })).collect::<Vec<_>>(),
        "year": date.year().to_string(),
        "base_url": base,
        "services": null,
        "content": shown,
        "og_image": og_image,
    })
}

/// What the pages are rendered from, read once per render pass.
#[derive(Clone, Copy)]
pub(super) struct Inputs<'a> {
    pub(super) facts: &'a SiteFacts,
    pub(super) base: &'a str,
    date: NaiveDate,
    content: &'a [ContentItem],
    pictures: &'a HashMap<Uuid, Value>,
    /// The logo's icons, when the firm has a logo that could be made into them.
    pub(super) icons: Option<&'a super::icons::LogoIcons>,
}

const MISSING_BUILD: &str = "<!doctype html><html lang=\"nb\"><meta charset=\"utf-8\"><title>Fagfolk</title>\
<p>Nettappen er ikke bygget. Kjør <code>npm run build</code> i <code>web/</code>.</p></html>";

#[cfg(test)]
mod tests {
    use super::*;

    fn served(html: &str) -> Served {
        Served { page: Arc::new(Page::html(html.to_owned())), status: StatusCode::OK }
    }

    #[test]
    fn a_page_the_engine_fails_on_keeps_its_last_good_version_or_answers_503() {
        let fresh =
            settle("/kontakt", Ok(Page::html("ny".to_owned())), Some(&served("gammel")), unavailable_page);
        assert_eq!((fresh.page.body_text(), fresh.status), ("ny", StatusCode::OK));

        let last_good = served("gammel");
        let kept = settle("/kontakt", Err("kastet".to_owned()), Some(&last_good), unavailable_page);
        assert!(Arc::ptr_eq(&kept.page, &last_good.page), "the page in service stays");
        assert_eq!(kept.status, StatusCode::OK);

        let never = settle("/kontakt", Err("kastet".to_owned()), None, unavailable_page);
        assert_eq!(never.status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(never.page.body_text().contains("Siden er midlertidig utilgjengelig"));

        let not_found = settle(NOT_FOUND_PATH, Ok(Page::html("404".to_owned())), None, unavailable_page);
        assert_eq!(not_found.status, StatusCode::NOT_FOUND);
    }
}
