//! The command search (Ctrl/Cmd+K in the admin): one request, four groups, five hits each.
//! Text is compared folded the Norwegian way (`fagfolk_data::text::fold`); leads also by phone
//! digits.

pub mod routes;
