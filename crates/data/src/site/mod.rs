//! What the data layer keeps for the public site: its change counter.

pub mod store;
