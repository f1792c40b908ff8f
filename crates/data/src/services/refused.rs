//! Why a request about a service was turned down (`crate::refusal`).

use std::borrow::Cow;

use crate::refusal::{Kind, Refusal};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The category named is not one.
    NoCategory,
    /// The public list is asked for a category it does not have.
    PublicCategory,
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        match self {
            Self::NoCategory => Kind::Field("category"),
            Self::PublicCategory => Kind::BadRequest,
        }
    }

    fn text(&self) -> Cow<'static, str> {
        match self {
            Self::NoCategory => "Velg en kategori som finnes.".into(),
            Self::PublicCategory => {
                "Ukjent kategori. Gyldige verdier er elektriker, rorlegger og kjokken-bad.".into()
            }
        }
    }
}
