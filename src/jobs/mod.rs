//! Oppdrag (jobs): the office's job routes (`routes`), the workers' hours (`time`), the
//! month's time sheet as a file (`sheet`), tilleggsarbeid (`changes`), and who may reach a
//! job (`access`). The records
//! and the meter are in `fagfolk_data::jobs`.

pub use fagfolk_data::jobs::*;

pub mod access;
pub mod changes;
pub mod routes;
pub mod sheet;
pub mod time;
