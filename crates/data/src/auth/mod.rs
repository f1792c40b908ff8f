//! Who is signed in: sessions (an opaque token in a cookie, kept hashed), the signed-in
//! staff member, and the store of sessions and sign-in attempts. The sign-in routes, the
//! password hashing and the cross-site check are the server's (`src/auth/`).

pub mod session;
pub mod store;

pub use session::CurrentUser;

/// An editor tried what only an administrator may do (README, "Roles").
#[derive(Debug)]
pub struct NotAdmin;

impl CurrentUser {
    /// Refuses an editor where only an administrator may act.
    pub fn require_admin(&self) -> Result<(), NotAdmin> {
        if self.is_admin() { Ok(()) } else { Err(NotAdmin) }
    }
}
