//! What a letter is (a purring or an inkassovarsel) and how it went (e-mail or post).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A purring or an inkassovarsel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A reminder to pay.
    Purring,
    /// The written notice before collection (inkassoloven § 9).
    Notice,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Purring => "purring",
            Self::Notice => "notice",
        }
    }

    /// "Purring" or "Inkassovarsel".
    pub fn name(self) -> &'static str {
        match self {
            Self::Purring => "Purring",
            Self::Notice => "Inkassovarsel",
        }
    }
}

impl TryFrom<String> for Kind {
    type Error = String;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        crate::payments::stored(&text)
    }
}

/// How a letter went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Channel {
    /// E-mailed with its PDF.
    Email,
    /// Printed from its PDF and posted by the office.
    Post,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Email => "email",
            Self::Post => "post",
        }
    }
}

impl TryFrom<String> for Channel {
    type Error = String;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        crate::payments::stored(&text)
    }
}
