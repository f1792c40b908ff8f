//! The public site's read side: company facts from the settings row, the public pages
//! rendered with them by the server bundle (`engine`, `render`), and the public service
//! list, all from one page cache (`cache`).

mod assets;
mod cache;
pub mod engine;
pub mod fast;
pub mod form_page;
pub mod icons;
pub mod jsonld;
pub mod markup;
pub mod pages;
mod pictures;
mod render;
mod routes;

pub use fagfolk_data::site::{SiteFacts, store};
pub use routes::router;
