//! Befaring: the site visit staff book on a lead. A booking, a move and a cancellation
//! (`routes`, the data in `fagfolk_data::visits`) each e-mail the customer and whoever
//! goes (`mail`) with the visit's calendar invitation (`invitation`).

pub mod input;
pub mod invitation;
pub mod mail;
pub mod routes;

pub use routes::router;
