//! Why a request about a lead, its notes or a merge was turned down (`crate::refusal`).

use std::borrow::Cow;

use crate::refusal::{Kind, Refusal};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// A lead is not merged with itself.
    MergeSelf,
    /// The lead to merge from is gone.
    MergeFromGone,
    /// The note is gone.
    NoNote,
    /// Only its author or an administrator deletes a note.
    NoteNotYours,
    /// A status the pipeline does not have.
    UnknownStatus,
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        match self {
            Self::MergeSelf | Self::MergeFromGone => Kind::Field("from"),
            Self::NoNote => Kind::NotFound,
            Self::NoteNotYours => Kind::Forbidden,
            Self::UnknownStatus => Kind::Field("status"),
        }
    }

    fn text(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Self::MergeSelf => "En lead kan ikke slås sammen med seg selv.",
            Self::MergeFromGone => "Fant ikke lead-en som skulle slås sammen. Den kan være slettet.",
            Self::NoNote => "Fant ikke notatet. Det kan være slettet.",
            Self::NoteNotYours => "Bare den som skrev notatet, eller en administrator, kan slette det.",
            Self::UnknownStatus => "Ukjent status. Velg en status fra pipelinen.",
        })
    }
}
