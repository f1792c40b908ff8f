//! Kategorier: the service categories, with how many services each has.

pub use fagfolk_data::categories::*;

mod routes;

pub use routes::router;
