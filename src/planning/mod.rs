//! Planning (#63): the office's board of people and days (`routes`), with the records,
//! the clashes and the queries in `fagfolk_data::planning`.

pub mod routes;
