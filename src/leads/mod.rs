//! Henvendelser: the lead manager's API. Every mutation writes its audit entry in the
//! same transaction.

pub use fagfolk_data::leads::{model, store};

pub mod demo;
pub mod duplicates;
pub mod enquiry;
pub mod export;
mod filter;
pub mod history;
pub mod routes;
mod save;
