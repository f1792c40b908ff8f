//! Why a request about the audit log was turned down (`crate::refusal`).

use std::borrow::Cow;

use crate::refusal::{Kind, Refusal};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// Clearing the log was not confirmed with the word TØM.
    Unconfirmed,
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        match self {
            Self::Unconfirmed => Kind::Field("confirm"),
        }
    }

    fn text(&self) -> Cow<'static, str> {
        match self {
            Self::Unconfirmed => "Skriv TØM for å tømme loggen.".into(),
        }
    }
}
