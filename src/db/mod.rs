//! The database: the pools, transactions and helpers are the data layer's
//! (`crates/data/src/db/`); the server adds the data a new site starts with and the demo
//! leads.

pub use fagfolk_data::db::*;

pub mod demo;
pub mod seed;
