//! Leads: the firm's enquiries as staff work them, their records, store and history.

pub mod history;
pub mod model;
pub mod store;
