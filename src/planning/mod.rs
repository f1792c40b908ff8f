//! Planning (#63): the office's board of people and days (`routes`), with the records,
//! the clashes and the queries in `fagfolk_data::planning`; a job's plan told to its
//! customer (`notice`, in the words of `letter`).

pub mod absences;
pub mod letter;
pub mod notice;
pub mod routes;
