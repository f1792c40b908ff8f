//! The audit log's pages for staff: read it filtered and paged, and clear it. What an
//! entry is, and its store, are the data layer's (`crates/data/src/audit/`).

pub use fagfolk_data::audit::*;

pub mod routes;
