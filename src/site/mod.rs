//! The public site's read side: company facts from the settings row, the public pages
//! rendered with them by the server bundle (`engine`, `render`), and the public service
//! list, all from one page cache (`cache`).

mod assets;
pub mod cache;
pub mod engine;
pub mod fast;
pub mod form_page;
pub mod icons;
pub mod jsonld;
pub mod markup;
pub mod pages;
mod pictures;
mod render;
pub mod rendered;
pub mod routes;

pub use fagfolk_data::site::{SiteFacts, store};

/// What the page engine needs of the running server: the database it renders from, the
/// configuration (the site's address), the media storage and the turn-taking of picture
/// work (the logo's icons), and the counters (`page_renders`). Not the server's whole state,
/// which holds the page cache itself (`crate::state`): so this folder imports nothing
/// that imports it back (scripts/import-circles.py).
#[derive(Clone)]
pub struct SiteDeps {
    pub db: fagfolk_data::db::Db,
    pub config: std::sync::Arc<crate::config::Config>,
    pub storage: crate::media::storage::Storage,
    pub image_work: std::sync::Arc<tokio::sync::Semaphore>,
    pub metrics: std::sync::Arc<crate::metrics::Metrics>,
}
