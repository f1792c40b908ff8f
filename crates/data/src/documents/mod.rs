//! The customer's link to a job's documents (`/dokumenter/{token}`, src/documents/):
//! one per job, valid for [`DAYS`] days from when it is made, taken back by the office at
//! any time; a new one replaces the old, which stops working at once. The token itself is
//! shown once, when it is made; only its SHA-256 is kept (`store`). Which documents the
//! link hands out, and how they are drawn, is the server's (`src/documents/`).

pub mod store;

use std::borrow::Cow;

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// How long a new link works: long enough to fetch the documents after the invoice and
/// again when the invoice is paid, short enough that an old e-mail does not open them for
/// good. The office makes a new one when asked.
pub const DAYS: i64 = 90;

/// What the office is shown of a job's link (never the token).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
pub struct DocumentLink {
    pub expires_at: DateTime<Utc>,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
}

/// Why a request about a job's documents link was turned down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The job is not done yet.
    NotDone,
    /// The job has no link to take back.
    NoLink,
}

impl crate::refusal::Refusal for Refused {
    fn kind(&self) -> crate::refusal::Kind {
        match self {
            Self::NotDone => crate::refusal::Kind::Conflict,
            Self::NoLink => crate::refusal::Kind::NotFound,
        }
    }

    fn text(&self) -> Cow<'static, str> {
        match self {
            Self::NotDone => "Dokumentsiden kan lages når oppdraget er satt til «Ferdig».".into(),
            Self::NoLink => "Oppdraget har ingen dokumentlenke.".into(),
        }
    }
}
