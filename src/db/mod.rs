//! The database is the data layer's (`crates/data/src/db/`: pools, transactions, helpers;
//! `crates/data/src/seed.rs`: what a new site starts with), under the path the server has
//! always used.

pub use fagfolk_data::db::*;
pub use fagfolk_data::seed;
