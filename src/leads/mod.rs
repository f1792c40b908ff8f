//! Henvendelser: the lead manager's API. Every mutation writes its audit entry in the
//! same transaction.

pub use fagfolk_data::leads::{model, store};

pub mod demo;
pub mod duplicates;
pub mod enquiry;
pub mod export;
pub mod history;
mod routes;

pub(crate) use routes::not_found as lead_not_found;
pub use routes::router;
use routes::{filter, not_found, save};
