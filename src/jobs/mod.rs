//! Oppdrag (jobs): the office's job routes (`routes`), the workers' hours (`time`), the
//! month's time sheet as a file (`sheet`), tilleggsarbeid (`changes`), the office's e-mail
//! when an estimate is reached (`notify`), and who may reach a job (`access`). The records
//! and the meter are in `fagfolk_data::jobs`.

pub use fagfolk_data::jobs::*;

pub mod access;
pub mod changes;
pub mod notify;
pub mod routes;
pub mod sheet;
pub mod time;
