//! Invoices (`fagfolk_data::invoices`): a finished job's specified invoice basis, the
//! invoice made from it and its credit notes, as JSON, CSV (`export.rs`), PDF/A
//! (`crate::pdf::invoice`) and EHF (`ehf.rs`).

pub mod basis;
pub mod credit;
pub mod demo;
pub mod ehf;
pub mod export;
pub mod list;
pub mod routes;
pub mod send;
