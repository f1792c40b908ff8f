//! Why a request about a person's data or the retention rule was turned down
//! (`crate::refusal`).

use std::borrow::Cow;

use crate::refusal::{Kind, Refusal};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Nothing is kept about the person asked for.
    Nobody,
    /// A retention period outside what the rule takes.
    Months,
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        match self {
            Self::Nobody => Kind::NotFound,
            Self::Months => Kind::Field("months"),
        }
    }

    fn text(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Self::Nobody => "Fant ingen opplysninger om denne personen.",
            Self::Months => "Velg mellom 1 og 120 måneder, eller slå regelen av.",
        })
    }
}
