//! Tilbud: quotes made from a lead in the back office (`routes.rs`, `send.rs`), drawn as
//! PDF (`crate::pdf::quote`), and answered by the customer on their own page
//! (`customer.rs`, `page.rs`, `accept.rs`), which lists the finished job's documents
//! (`documents.rs`). The records, amounts and SQL are the data layer's
//! (`fagfolk_data::quotes`).

pub use fagfolk_data::quotes::*;

mod accept;
pub mod customer;
mod documents;
mod link;
mod list;
pub(crate) mod mail;
mod page;
pub mod routes;
mod send;
