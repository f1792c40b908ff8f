//! A page with a form, made again with what a visitor sent: the contact form posted
//! without JavaScript (`crate::contact::form_post`) comes back as the same page, rendered
//! by the server bundle with the visitor's text in the fields and the Norwegian messages
//! under them (`contact_form` in `web/src/lib/site.tsx`). Each render pass keeps how it
//! made these pages (`Recipe`), so this costs one render of one page, and only after a
//! post that was refused.

use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};

use super::cache::PageCache;
use super::engine::PageJob;
use super::markup::UNAVAILABLE;
use super::markup::data_script;

/// The pages whose forms post to the server.
pub const FORM_PAGES: [&str; 1] = ["/kontakt"];

/// What a page was rendered with: its data (the JSON of a `Site`) and its head beside the
/// page's own (font, preloads, JSON-LD).
#[derive(Clone)]
pub struct Recipe {
    pub(super) data: String,
    pub(super) extra: String,
}

/// A page's head: what its component set, the shared parts, and the data it was made with.
pub(super) fn head(own: &str, extra: &str, data: &str) -> String {
    [own, extra, &data_script(data)]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("\n    ")
}

impl PageCache {
    /// `path` (one of `FORM_PAGES`) rendered with `form` set at `key` in its data,
    /// answered with `status`. When the page cannot be made, the 503 page says so.
    pub async fn with_form(
        &self,
        path: &str,
        key: &str,
        form: serde_json::Value,
        status: StatusCode,
    ) -> Response {
        let unavailable = || (StatusCode::SERVICE_UNAVAILABLE, Html(UNAVAILABLE)).into_response();
        let (Some(build), Ok(rendered)) = (self.build(), self.current().await) else { return unavailable() };
        let Some(recipe) = rendered.forms.get(path) else { return unavailable() };
        let Ok(mut data) = serde_json::from_str::<serde_json::Value>(&recipe.data) else {
            return unavailable();
        };
        data[key] = form;
        let data = data.to_string();
        let job = PageJob { path: path.to_owned(), data: data.clone() };
        match build.engine.render(vec![job]).await.map(|mut pages| pages.pop()) {
            Ok(Some(Ok(page))) if page.status == 200 => {
                let html = build.public.page(&head(&page.head, &recipe.extra, &data), &page.html);
                (status, [(axum::http::header::CACHE_CONTROL, "no-store")], Html(html)).into_response()
            }
            other => {
                tracing::error!(path, failed = ?other.err(), "kunne ikke lage skjemasiden på nytt");
                unavailable()
            }
        }
    }
}
