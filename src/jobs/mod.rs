//! Oppdrag (jobs): the office's job routes (`routes`), the material lines (`materials`)
//! and their receipts' photos (`receipts`), the workers' hours (`time`), the
//! month's time sheet as a file (`sheet`), the month for payroll and its approval (`month`), tilleggsarbeid (`changes`), the office's e-mail
//! when an estimate is reached (`notify`), who may reach a job (`access`), a phone's retry
//! under the id it chose (`replay`); where its customer is
//! e-mailed is `fagfolk_data::jobs::customer_email`. The records and the meter are in
//! `fagfolk_data::jobs`.

pub use fagfolk_data::jobs::*;

pub mod access;
pub mod changes;
pub mod materials;
pub mod month;
pub mod notify;
pub mod receipts;
pub mod replay;
pub mod routes;
pub mod sheet;
pub mod time;
