//! Personvern: what the firm stores about a person (found by e-mail address or phone
//! number) exported as JSON or erased, and a retention rule that anonymises won and lost
//! leads after a number of months. Administrators only; every run is audited, and the
//! audit entries name no person: they count what was found.
//!
//! Erasing deletes the person's leads (their notes, e-mails and merges go with them) and
//! contact-form enquiries, and empties the changes of the audit entries about those
//! leads: who did what, and when, is kept. Backups made before keep their copy until
//! they are rotated away (README.md, "Privacy").

pub use fagfolk_data::privacy::*;

mod retention_routes;
pub mod routes;
