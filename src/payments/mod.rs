//! Money in (`fagfolk_data::payments`): payments registered by hand on an invoice, the
//! bank's camt.054 file imported (`import.rs`), and the payments that wait for the office
//! booked, taken off or set aside (`routes.rs`). The office's only: a montør is refused by
//! `CurrentUser`.

pub mod import;
pub mod routes;
