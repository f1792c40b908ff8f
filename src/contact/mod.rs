//! The public contact form: `POST /api/contact` stores the submission and creates a lead
//! in the first pipeline status, in one transaction.

pub use fagfolk_data::contact::*;

pub mod form_post;
pub mod limit;
pub mod notify;
mod routes;

pub use routes::router;
