//! The web app inside the binary: prerendered public pages, filled in with the current
//! company facts as they are served (README, "How it fits together"), the admin app shell, static
//! assets, `/sitemap.xml` and `/robots.txt`.

use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Redirect, Response};
use bytes::Bytes;
use chrono::{Datelike, NaiveDate, Utc};
use flate2::Compression;
use flate2::write::GzEncoder;
use rust_embed::RustEmbed;
use serde::Deserialize;

use super::SiteFacts;
use super::jsonld;
use crate::http::error::{ApiError, ErrorBody};
use crate::services::{PublicService, active_services};
use crate::state::AppState;

#[derive(RustEmbed)]
#[folder = "web/dist/"]
#[allow_missing = true]
struct Assets;

/// Written by `web/scripts/prerender.mjs`: which prerendered file serves which path.
#[derive(Debug, Deserialize)]
struct Manifest {
    pages: Vec<ManifestPage>,
    not_found: String,
    admin: String,
}

#[derive(Debug, Deserialize)]
struct ManifestPage {
    path: String,
    file: String,
    /// Set on a trade's page: its services go into the page's JSON-LD offer catalogue.
    service_category: Option<String>,
    service_type: Option<String>,
}

/// A response body ready to send, plain and gzip-compressed.
pub struct Page {
    body: Bytes,
    gzip: Bytes,
    content_type: &'static str,
    /// A weak validator of the body: pages are joined by plain links, so a visitor coming
    /// back to a page revalidates it and gets a 304 while nothing has changed.
    etag: HeaderValue,
}

/// Everything served from the current settings, rendered together.
pub struct Rendered {
    pub facts: SiteFacts,
    pages: HashMap<String, Page>,
    not_found: Page,
    admin: Page,
    /// `GET /api/services` answers: key "" for all, or a category slug.
    services: HashMap<String, Page>,
    at: Instant,
}

impl Rendered {
    /// The public service list as JSON, all or of one category.
    pub fn services_json(&self, category: Option<&str>) -> Option<&Page> {
        self.services.get(category.unwrap_or_default())
    }
}

/// Pages are re-rendered when settings or services change on this instance, and at
/// least every few seconds, so that instances sharing a database agree quickly.
const MAX_AGE: Duration = Duration::from_secs(10);

/// The rendered pages: read without waiting on every request, rendered by one request
/// at a time when stale.
#[derive(Default)]
pub struct PageCache {
    current: std::sync::RwLock<Option<Arc<Rendered>>>,
    rendering: tokio::sync::Mutex<()>,
}

impl PageCache {
    /// Drops the rendered pages; the next request renders them from the database again.
    pub async fn invalidate(&self) {
        *self.current.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = None;
    }

    fn fresh(&self) -> Option<Arc<Rendered>> {
        // The date is part of the pages ("last updated" on the legal pages); a render is
        // at most MAX_AGE old, so a new day shows within seconds of midnight.
        let current = self.current.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        current.as_ref().filter(|r| r.at.elapsed() < MAX_AGE).cloned()
    }

    pub async fn current(&self, state: &AppState) -> Result<Arc<Rendered>, ApiError> {
        if let Some(rendered) = self.fresh() {
            return Ok(rendered);
        }
        let _rendering = self.rendering.lock().await;
        if let Some(rendered) = self.fresh() {
            return Ok(rendered);
        }
        let rendered = Arc::new(render_all(state, oslo_today()).await?);
        *self.current.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(rendered.clone());
        Ok(rendered)
    }
}

fn oslo_today() -> NaiveDate {
    Utc::now().with_timezone(&chrono_tz::Europe::Oslo).date_naive()
}

fn manifest() -> Option<Manifest> {
    let file = Assets::get("_pages/manifest.json")?;
    match serde_json::from_slice(&file.data) {
        Ok(manifest) => Some(manifest),
        Err(err) => {
            tracing::error!(error = %err, "ugyldig _pages/manifest.json");
            None
        }
    }
}

async fn render_all(state: &AppState, date: NaiveDate) -> Result<Rendered, ApiError> {
    let facts = SiteFacts::load(&state.db).await?;
    let services = active_services(&state.db, None).await?;
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

impl Page {
    fn new(body: String, content_type: &'static str) -> Self {
        let mut encoder = GzEncoder::new(Vec::with_capacity(body.len() / 3), Compression::best());
        let gzip = encoder.write_all(body.as_bytes()).and_then(|_| encoder.finish()).unwrap_or_default();
        let digest = <sha2::Sha256 as sha2::Digest>::digest(body.as_bytes());
        let etag = HeaderValue::try_from(format!("W/\"{}\"", hex(&digest[..16])))
            .expect("a hex digest is a valid header value");
        Self { body: Bytes::from(body), gzip: Bytes::from(gzip), content_type, etag }
    }

    fn html(html: String) -> Self {
        Self::new(html, "text/html; charset=utf-8")
    }

    fn json(value: &impl serde::Serialize) -> Self {
        Self::new(serde_json::to_string(value).unwrap_or_else(|_| "[]".to_owned()), "application/json")
    }

    pub fn respond(
        &self,
        status: StatusCode,
        request: &HeaderMap,
        extra: &[(header::HeaderName, &'static str)],
    ) -> Response {
        if status == StatusCode::OK && self.matches(request) {
            let mut response = StatusCode::NOT_MODIFIED.into_response();
            self.add_headers(response.headers_mut(), extra);
            return response;
        }
        let accepts_gzip = request
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(',').any(|e| e.trim().starts_with("gzip")));
        let mut response = if accepts_gzip && !self.gzip.is_empty() {
            let mut r = Response::new(Body::from(self.gzip.clone()));
            r.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            r
        } else {
            Response::new(Body::from(self.body.clone()))
        };
        *response.status_mut() = status;
        response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(self.content_type));
        self.add_headers(response.headers_mut(), extra);
        response
    }

    /// Whether the request's `If-None-Match` names this body (weak comparison).
    fn matches(&self, request: &HeaderMap) -> bool {
        let ours = self.etag.as_bytes().strip_prefix(b"W/").unwrap_or(self.etag.as_bytes());
        request.get_all(header::IF_NONE_MATCH).iter().filter_map(|v| v.to_str().ok()).any(|list| {
            list.split(',')
                .map(str::trim)
                .any(|tag| tag == "*" || tag.strip_prefix("W/").unwrap_or(tag).as_bytes() == ours)
        })
    }

    fn add_headers(&self, headers: &mut HeaderMap, extra: &[(header::HeaderName, &'static str)]) {
        headers.insert(header::ETAG, self.etag.clone());
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        for (name, value) in extra {
            headers.insert(name.clone(), HeaderValue::from_static(value));
        }
    }
}

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

/// Everything that is not an API route: pages, the admin shell, assets, or the 404 page.
pub async fn serve(State(state): State<AppState>, method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    if path.starts_with("/api/") || path == "/api" {
        return (
            StatusCode::NOT_FOUND,
            axum::Json(ErrorBody { error: "Fant ikke API-ressursen.".to_owned(), fields: None }),
        )
            .into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, "GET, HEAD")]).into_response();
    }
    match path {
        "/robots.txt" => return robots(&state),
        "/sitemap.xml" => return sitemap(&state),
        _ => {}
    }
    if let Some(response) = static_asset(path, &headers) {
        return response;
    }
    if let Some(target) = canonical_path(path) {
        return Redirect::permanent(&target).into_response();
    }
    let rendered = match state.pages.current(&state).await {
        Ok(rendered) => rendered,
        Err(err) => return err.into_response(),
    };
    let noindex = [(header::HeaderName::from_static("x-robots-tag"), "noindex, nofollow")];
    if path == "/admin" || path.starts_with("/admin/") {
        let private = [noindex[0].clone(), (header::CACHE_CONTROL, "no-store")];
        return rendered.admin.respond(StatusCode::OK, &headers, &private);
    }
    match rendered.pages.get(path) {
        Some(page) => page.respond(StatusCode::OK, &headers, &[]),
        None => {
            tracing::info!(path, "404: ukjent side");
            rendered.not_found.respond(StatusCode::NOT_FOUND, &headers, &noindex)
        }
    }
}

/// Where a path with extra slashes belongs, or `None` when it is already canonical:
/// `/kontakt/` goes to `/kontakt`. The target is always a path on this site: leading
/// slashes and backslashes collapse to one `/`, so `//evil.example/` and
/// `/\evil.example/` (which browsers read as `//evil.example`) stay here.
fn canonical_path(path: &str) -> Option<String> {
    let inner = path.trim_matches(['/', '\\']);
    let target = format!("/{inner}");
    (target != path).then_some(target)
}

fn static_asset(path: &str, headers: &HeaderMap) -> Option<Response> {
    // Browsers and some file APIs read `\` as `/`: normalise before the guard below,
    // so `/_pages\manifest.json` is not served as a file.
    let normalised = path.replace('\\', "/");
    let name = normalised.trim_start_matches('/');
    if name.is_empty() || name == "index.html" || name.starts_with("_pages/") || name.ends_with(".html") {
        return None;
    }
    let file = Assets::get(name)?;
    let etag = format!("\"{}\"", hex(&file.metadata.sha256_hash()[..16]));
    if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str()) {
        return Some(StatusCode::NOT_MODIFIED.into_response());
    }
    let cache = if name.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "public, max-age=3600"
    };
    let mime = file.metadata.mimetype();
    Some(
        (
            [
                (header::CONTENT_TYPE, mime.to_owned()),
                (header::CACHE_CONTROL, cache.to_owned()),
                (header::ETAG, etag),
            ],
            Body::from(file.data.into_owned()),
        )
            .into_response(),
    )
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn robots(state: &AppState) -> Response {
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api\n\nSitemap: {}/sitemap.xml\n",
        state.config.base_url()
    );
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}

fn sitemap(state: &AppState) -> Response {
    let base = state.config.base_url();
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for page in manifest().map(|m| m.pages).unwrap_or_default() {
        let path = if page.path == "/" { String::new() } else { page.path.clone() };
        xml.push_str(&format!("  <url><loc>{}{}</loc></url>\n", escape_html(&base), escape_html(&path)));
    }
    xml.push_str("</urlset>\n");
    ([(header::CONTENT_TYPE, "application/xml; charset=utf-8")], xml).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_redirect_never_leaves_the_site() {
        assert_eq!(canonical_path("/kontakt/").as_deref(), Some("/kontakt"));
        assert_eq!(canonical_path("/kontakt"), None);
        assert_eq!(canonical_path("/"), None);
        assert_eq!(canonical_path("//"), Some("/".to_owned()));
        assert_eq!(canonical_path("//evil.example/").as_deref(), Some("/evil.example"));
        assert_eq!(canonical_path("/\\evil.example/").as_deref(), Some("/evil.example"));
        assert_eq!(canonical_path("/\\/evil.example").as_deref(), Some("/evil.example"));
    }

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
