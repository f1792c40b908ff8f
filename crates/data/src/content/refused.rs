//! Why a request about the firm's content was turned down (`crate::refusal`).

use std::borrow::Cow;

use crate::refusal::{Kind, Refusal};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// No kind of content was chosen.
    NoKind,
    /// Content keeps its kind.
    KindChanged,
    /// Someone else changed the order first.
    ChangedMeanwhile,
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        match self {
            Self::NoKind => Kind::Field("kind"),
            Self::KindChanged => Kind::Field("kind"),
            Self::ChangedMeanwhile => Kind::Conflict,
        }
    }

    fn text(&self) -> Cow<'static, str> {
        match self {
            Self::NoKind => "Velg hva slags innhold det er.".into(),
            Self::KindChanged => "Innholdet kan ikke bytte type. Lag et nytt i stedet.".into(),
            Self::ChangedMeanwhile => {
                "Innholdet er endret av noen andre i mellomtiden. Last siden på nytt.".into()
            }
        }
    }
}
