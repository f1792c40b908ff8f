//! Samsvarserklæring on a job (`fagfolk_data::declarations`): the routes, its photos from
//! the job (`photos`), the PDF as the office and the customer get it (`document`; drawn by
//! `crate::pdf::declaration`).

pub mod document;
pub mod photos;
pub mod routes;
