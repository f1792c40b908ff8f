//! Kategorier: the service categories.

mod model;
pub mod store;

/// What a request about one that is not there is told.
pub const NOT_FOUND: &str = "Fant ikke kategorien.";

pub use model::*;
pub use store::{find, list};
