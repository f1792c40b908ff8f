//! Tjenester: the services' records and store are the data layer's
//! (`crates/data/src/services/`); the back office's routes are in `routes`.

pub use fagfolk_data::services::*;

pub mod routes;
