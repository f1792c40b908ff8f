//! Why a request about a quote was turned down (`crate::refusal`).

use std::borrow::Cow;

use crate::refusal::{Kind, Refusal};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Only a sent or declined quote is revised.
    NotRevisable,
    /// A newer version exists already.
    NewerExists,
    /// An accepted, declined or replaced quote is not withdrawn.
    NotWithdrawable,
    /// The customer accepted an earlier version; this one is not sent.
    EarlierAccepted(i32),
    /// Only a sent quote that has not run out gets a new link.
    NoNewLink,
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        Kind::Conflict
    }

    fn text(&self) -> Cow<'static, str> {
        match self {
            Self::NotRevisable => "Bare et sendt eller avslått tilbud kan revideres.".into(),
            Self::NewerExists => {
                "Det finnes alt en nyere versjon av tilbudet. Fortsett i den, eller trekk den tilbake først.".into()
            }
            Self::NotWithdrawable => "Et akseptert, avslått eller erstattet tilbud kan ikke trekkes tilbake.".into(),
            Self::EarlierAccepted(version) => format!(
                "Kunden har akseptert versjon {version} av tilbudet. Denne versjonen er ikke sendt; trekk den tilbake."
            )
            .into(),
            Self::NoNewLink => "Bare et sendt tilbud som ikke har gått ut, kan få ny lenke.".into(),
        }
    }
}
