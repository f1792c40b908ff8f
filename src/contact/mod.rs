//! The public contact form: `POST /api/contact` stores the submission and creates a lead
//! in the first pipeline status, in one transaction.

pub use fagfolk_data::contact::*;

mod accept;
pub mod form_post;
pub mod limit;
pub mod notify;
pub mod photos;
pub mod routes;
pub mod sweep;
