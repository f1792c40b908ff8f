//! Reminders (`fagfolk_data::reminders`): the purring and the inkassovarsel an overdue
//! invoice gets, shown before they go, e-mailed with their PDF or printed for the post,
//! and kept on the invoice (`routes.rs`); the letter's words, the same in the e-mail and
//! the PDF (`letter.rs`). The office's only: a montør is refused by `CurrentUser`.

pub mod files;
pub mod letter;
pub mod routes;
