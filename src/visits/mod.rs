//! Visits ("befaring" in what staff and customers read): the site visit staff book on a
//! lead. A booking, a move and a cancellation (`routes`, the data in
//! `fagfolk_data::visits`) each e-mail the customer and whoever goes (`mail`) with the
//! visit's calendar invitation (`invitation`); each member of staff may subscribe to a
//! private calendar feed of them (`feeds`); the customer is reminded the day before
//! (`reminders`).

pub mod feeds;
pub mod invitation;
pub mod mail;
pub mod reminders;
pub mod routes;
