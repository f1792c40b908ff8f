//! Oversikt: the four counters, the five newest leads and the launch checklist, in one
//! request.

pub mod routes;
