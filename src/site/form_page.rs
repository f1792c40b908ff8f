//! A page with a form, made again with what a visitor sent: the contact form posted
//! without JavaScript (`crate::contact::form_post`) comes back as the same page, rendered
//! by the server bundle with the visitor's text in the fields and the Norwegian messages
//! under them (`contact_form` in `web/src/lib/site.tsx`). Each render pass keeps how it
//! made these pages (`super::rendered::Recipe`), so this costs one render of one page, and only after a
//! post that was refused.

use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};

use super::cache::PageCache;
use super::engine::PageJob;
use super::markup::UNAVAILABLE;
use super::rendered::head;

const MADE_PAGES: usize = 256;

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
        self.render_with(path, path, key, form, status).await
    }

    /// The page at `path`, not one of the site's own (a customer's quote, `/tilbud/...`),
    /// rendered with the site's data of `recipe` (one of `FORM_PAGES`) and `value` set at
    /// `key`.
    pub async fn render_with(
        &self,
        recipe: &str,
        path: &str,
        key: &str,
        value: serde_json::Value,
        status: StatusCode,
    ) -> Response {
        let unavailable = || (StatusCode::SERVICE_UNAVAILABLE, Html(UNAVAILABLE)).into_response();
        let (Some(build), Ok(rendered)) = (self.build(), self.current().await) else { return unavailable() };
        let Some(recipe) = rendered.forms.get(recipe) else { return unavailable() };
        // What makes the page, hashed before any of it is put together: a page made
        // before is answered without reading the site's data again.
        let value = value.to_string();
        let digest: [u8; 32] = {
            use sha2::Digest;
            let parts = [path, key, &recipe.data, &value];
            parts
                .iter()
                .fold(sha2::Sha256::new(), |hash, part| hash.chain_update(part).chain_update([0]))
                .finalize()
                .into()
        };
        let answer = |html: std::sync::Arc<str>| {
            (status, [(axum::http::header::CACHE_CONTROL, "no-store")], Html(html.to_string()))
                .into_response()
        };
        if let Some(html) = self.made.lock().ok().and_then(|made| made.get(&digest).cloned()) {
            return answer(html);
        }
        let (Ok(mut data), Ok(value)) = (
            serde_json::from_str::<serde_json::Value>(&recipe.data),
            serde_json::from_str::<serde_json::Value>(&value),
        ) else {
            return unavailable();
        };
        data[key] = value;
        let data = data.to_string();
        let job = PageJob { path: path.to_owned(), data: data.clone() };
        match build.engine.render(vec![job]).await.map(|mut pages| pages.pop()) {
            Ok(Some(Ok(page))) if page.status == 200 => {
                let html: std::sync::Arc<str> =
                    build.public.page(&head(&page.head, &recipe.extra, &data), &page.html).into();
                if let Ok(mut made) = self.made.lock() {
                    if made.len() >= MADE_PAGES {
                        made.clear();
                    }
                    made.insert(digest, html.clone());
                }
                answer(html)
            }
            other => {
                tracing::error!(path, failed = ?other.err(), "kunne ikke lage skjemasiden på nytt");
                unavailable()
            }
        }
    }
}
