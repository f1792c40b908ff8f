//! Why a request about a staff user, a password or a session was turned down
//! (`crate::refusal`).

use std::borrow::Cow;

use crate::refusal::{Kind, Refusal};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The change would leave no active administrator.
    LastAdmin,
    /// A role that is none of the three.
    Role,
    /// Another user has this e-mail address.
    EmailTaken,
    /// A name that is empty or too long.
    Name,
    /// An administrator cannot deactivate or demote themself.
    DemoteSelf,
    /// The current password given is not the user's.
    WrongPassword,
    /// An administrator cannot delete themself.
    DeleteSelf,
    /// The session is gone (ended already).
    NoSession,
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        match self {
            Self::LastAdmin | Self::DemoteSelf | Self::DeleteSelf => Kind::Conflict,
            Self::Role => Kind::Field("role"),
            Self::EmailTaken => Kind::Field("email"),
            Self::Name => Kind::Field("name"),
            Self::WrongPassword => Kind::Field("current_password"),
            Self::NoSession => Kind::NotFound,
        }
    }

    fn text(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Self::LastAdmin => "Det må finnes minst én aktiv administrator.",
            Self::Role => "Rollen må være admin, editor eller montor.",
            Self::EmailTaken => "Det finnes allerede en bruker med denne e-posten.",
            Self::Name => "Navn er påkrevd (høyst 200 tegn).",
            Self::DemoteSelf => "Du kan ikke deaktivere eller degradere din egen bruker.",
            Self::WrongPassword => "Passordet du bruker nå, er feil.",
            Self::DeleteSelf => "Du kan ikke slette din egen bruker.",
            Self::NoSession => "Fant ikke økten. Den kan være avsluttet allerede.",
        })
    }
}
