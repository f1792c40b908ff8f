//! Samsvarserklæring on a job (`fagfolk_data::declarations`): the routes, and the PDF is
//! `crate::pdf::declaration`.

pub mod document;
pub mod routes;
