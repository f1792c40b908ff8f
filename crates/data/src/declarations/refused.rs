//! Why a samsvarserklæring or one of its photos was not written, signed or drawn: the one
//! enum of the declarations' refusals, with their texts (`crate::refusal`).

use std::borrow::Cow;

use super::{CAPTION, MAX_PHOTOS};
use crate::refusal::{Kind, Refusal};

/// Why a declaration's request was turned down.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The declaration is signed: its photos stay as they are.
    Signed,
    /// It has [`MAX_PHOTOS`] already.
    Full,
    /// A save came after the signature.
    SavedAfterSigning,
    /// It is signed already (asked to sign again).
    SignedAlready,
    /// Only the responsible person named on the draft signs (their name).
    NotResponsible(String),
    /// The signature crossed a change of the responsible person, or another signature.
    SignChanged,
    /// The PDF is asked for before the signature.
    NotSigned,
    /// The photo is gone.
    NoPhoto,
    /// A caption over [`CAPTION`] characters or over several lines.
    Caption,
    /// A format the declaration is not written in.
    Format,
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        match self {
            Self::Full => Kind::Field("photo"),
            Self::Caption => Kind::Field("caption"),
            Self::Format => Kind::Field("format"),
            Self::NotResponsible(_) => Kind::Forbidden,
            Self::NoPhoto => Kind::NotFound,
            Self::Signed
            | Self::SavedAfterSigning
            | Self::SignedAlready
            | Self::SignChanged
            | Self::NotSigned => Kind::Conflict,
        }
    }

    fn text(&self) -> Cow<'static, str> {
        match self {
            Self::Signed => "Erklæringen er signert. Bildene kan ikke endres lenger.".into(),
            Self::Full => format!(
                "Erklæringen har {MAX_PHOTOS} bilder, som er det meste. Fjern et før du legger til et nytt."
            )
            .into(),
            Self::SavedAfterSigning => "Erklæringen er signert og kan ikke endres.".into(),
            Self::SignedAlready => "Erklæringen er signert allerede.".into(),
            Self::NotResponsible(name) => {
                format!("Bare den ansvarlige, {name}, kan signere erklæringen, innlogget som seg selv.")
                    .into()
            }
            Self::SignChanged => {
                "Erklæringen er signert allerede, eller den ansvarlige ble endret akkurat nå.".into()
            }
            Self::NotSigned => "Erklæringen er ikke signert ennå.".into(),
            Self::NoPhoto => "Fant ikke bildet. Det kan være fjernet.".into(),
            Self::Caption => format!("Skriv bildeteksten på én linje, høyst {CAPTION} tegn.").into(),
            Self::Format => "Velg json eller pdf.".into(),
        }
    }
}
