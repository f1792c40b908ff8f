//! Tilbud: quotes made from a lead in the back office (`routes.rs`, `send.rs`), drawn as
//! PDF (`pdf.rs`), and answered by the customer on their own page (`customer.rs`,
//! `page.rs`, `accept.rs`). The records, amounts and SQL are the data layer's
//! (`fagfolk_data::quotes`).

pub use fagfolk_data::quotes::*;

mod accept;
pub mod customer;
mod list;
pub(crate) mod mail;
mod page;
pub mod routes;
mod send;
