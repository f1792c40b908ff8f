//! Befaring: the site visit staff book on a lead. So far its calendar invitation
//! (`invitation`); the booking itself, its e-mails and the calendar feeds build on it.

pub mod invitation;
