//! Admin users. Creation is shared by the CLI (`fagfolk admin create`), the first-admin
//! environment variables and the demo seed; `routes` serves them over HTTP.

pub use fagfolk_data::users::*;

mod create;
mod feeds;
pub mod routes;
mod sessions;

pub use create::{CreateUserError, count, create};
