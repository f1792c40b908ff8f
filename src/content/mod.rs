//! Innhold: what the firm tells about itself (team, projects, reviews, figures,
//! platforms, promises). The records, their reading and their store are the data layer's
//! (`crates/data/src/content/`); the back office's routes are in `routes`.

pub use fagfolk_data::content::*;

pub mod pictures;
pub mod routes;
