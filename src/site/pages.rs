//! Everything that is not an API route: public pages and the admin shell from the page
//! cache (`super::cache`), static files (`super::assets`), `/robots.txt` and
//! `/sitemap.xml`, and the 404 page.

use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};

use super::assets::static_asset;
use super::markup::UNAVAILABLE;
use super::markup::escape_html;
use super::render::manifest;
use crate::http::error::ErrorBody;
use crate::state::AppState;

/// Everything that is not an API route: pages, the admin shell, assets, or the 404 page.
/// It reads the request in place: this is the path of every page view, so it copies
/// neither the headers nor the URI.
pub async fn serve(State(state): State<AppState>, request: Request) -> Response {
    let (path, method, headers) = (request.uri().path(), request.method(), request.headers());
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
    if let Some(response) = static_asset(path, headers) {
        return response;
    }
    if let Some(target) = canonical_path(path) {
        return Redirect::permanent(&target).into_response();
    }
    let rendered = match state.pages.current().await {
        Ok(rendered) => rendered,
        Err(err) => {
            // A visitor asked for a page: answer one, not the API's JSON.
            tracing::error!(error = ?err, "kunne ikke lage sidene");
            return (StatusCode::SERVICE_UNAVAILABLE, [(header::RETRY_AFTER, "30")], Html(UNAVAILABLE))
                .into_response();
        }
    };
    if let Some(icon) =
        path.strip_prefix("/icons/").and_then(|file| super::icons::respond(rendered.icons.as_deref(), file))
    {
        return icon;
    }
    let noindex = [(header::HeaderName::from_static("x-robots-tag"), "noindex, nofollow")];
    if path == "/admin" || path.starts_with("/admin/") {
        let private = [noindex[0].clone(), (header::CACHE_CONTROL, "no-store")];
        return rendered.admin.respond(headers, &private);
    }
    match rendered.pages.get(path) {
        Some(page) => page.respond(headers, &[]),
        None => {
            // The request's span names the path, cut short (src/http/mod.rs `logged_path`).
            tracing::info!("404: ukjent side");
            rendered.not_found.respond(headers, &noindex)
        }
    }
}

/// Where a path with extra slashes belongs, or `None` when it is already canonical:
/// `/kontakt/` goes to `/kontakt`. The target is always a path on this site: leading
/// slashes and backslashes collapse to one `/`, so `//evil.example/` and
/// `/\evil.example/` (which browsers read as `//evil.example`) stay here.
fn canonical_path(path: &str) -> Option<String> {
    let inner = path.trim_matches(['/', '\\']);
    let canonical = path.len() == inner.len() + 1 && path.starts_with('/');
    (!canonical).then(|| format!("/{inner}"))
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
    for page in manifest().map(|m| m.pages).unwrap_or_default().into_iter().filter(|page| !page.noindex) {
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
}
