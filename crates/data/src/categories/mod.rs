//! Kategorier: the service categories.

mod model;
pub mod store;

pub use model::*;
pub use store::{find, list};
