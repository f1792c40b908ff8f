//! Why a sign-in, a password reset or a signed-in person's request was turned down
//! (`crate::refusal`). The sign-in's and the reset's own field messages ("E-post er
//! påkrevd.") are read with the form (`crate::fields`).

use std::borrow::Cow;

use crate::refusal::{Kind, Refusal};

/// What a reset link that is used, expired or unknown is told.
pub const LINK_GONE: &str = "Lenken er brukt eller utløpt. Be om en ny under «Glemt passord?».";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// An editor tried what only an administrator may do (README, "Roles").
    NotAdmin,
    /// A montør tried a screen of the office.
    Montor,
    /// No user has this e-mail and password (the same answer for both, so the sign-in
    /// does not tell which addresses exist).
    WrongCredentials,
    /// The user exists and the password is right, but the user is deactivated.
    Deactivated,
    /// The reset form's address is not an e-mail address.
    ResetEmail,
    /// The reset link is used, expired or unknown.
    LinkGone,
    /// A language that is none of `super::LANGUAGES`.
    Language,
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        match self {
            Self::NotAdmin | Self::Montor => Kind::Forbidden,
            Self::WrongCredentials | Self::Deactivated => Kind::SignIn,
            Self::ResetEmail => Kind::Field("email"),
            Self::LinkGone => Kind::Field("token"),
            Self::Language => Kind::Field("language"),
        }
    }

    fn text(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Self::NotAdmin => "Bare administratorer kan gjøre dette.",
            Self::Montor => "Montører har bare tilgang til sine egne oppdrag og timer.",
            Self::WrongCredentials => "Ugyldig e-post eller passord",
            Self::Deactivated => "Brukeren er deaktivert. Kontakt en administrator.",
            Self::ResetEmail => "Skriv e-postadressen du logger inn med.",
            Self::LinkGone => LINK_GONE,
            Self::Language => "Velg bokmål (nb), engelsk (en) eller polsk (pl).",
        })
    }
}
