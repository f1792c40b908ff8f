//! Oversikt: the four counters, the five newest leads and the launch checklist, in one
//! request.

mod routes;

pub use routes::router;
