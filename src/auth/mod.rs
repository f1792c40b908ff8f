//! Staff sign-in: `POST /api/auth/login`, `POST /api/auth/logout`, `GET /api/auth/session`,
//! "Glemt passord?" (`reset`), and the `CurrentUser` extractor every admin handler takes.

pub use fagfolk_data::auth::{CurrentUser, SignedIn, session, store};

pub mod csrf;
pub mod password;
mod reset;
pub mod routes;
pub mod throttle;
pub mod token;
