//! Innstillinger: the settings row (company facts and the lead pipeline) is the data
//! layer's (`crates/data/src/settings/`); its routes are here.

pub use fagfolk_data::settings::*;

pub mod routes;
