//! Kategorier: the service categories, with how many services each has.

pub use fagfolk_data::categories::*;

pub mod routes;
