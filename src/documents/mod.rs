//! A job's documents, handed to its customer: the accepted quote, each accepted change
//! order (tilleggsarbeid), the specified invoice basis (or, once invoiced, the invoice and
//! its credit notes) and the signed samsvarserklæring, each a PDF. Listed and drawn here
//! for two pages: the job's own (`/dokumenter/{token}`, `customer.rs`, whose link the
//! office makes, replaces and takes back, `routes.rs`) and the accepted quote's
//! (`/tilbud/{token}`, `crate::quotes`). Every document is looked up through the job the
//! link opens, so a link shows its own job's documents and no other's.

pub mod customer;
pub mod link;
pub mod list;
pub mod routes;

pub use list::{Page, list, render};
