//! Why a request about the settings was turned down (`crate::refusal`).

use std::borrow::Cow;

use crate::refusal::{Kind, Refusal};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The settings row is missing.
    Missing,
    /// A status to remove still has leads.
    StatusInUse { status: String, leads: i64 },
    /// An editor changed where the money goes: the account number or the accounting
    /// system's inbox, which only an administrator changes.
    MoneyRoutes,
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        match self {
            Self::Missing => Kind::NotFound,
            Self::StatusInUse { .. } => Kind::Conflict,
            Self::MoneyRoutes => Kind::Forbidden,
        }
    }

    fn text(&self) -> Cow<'static, str> {
        match self {
            Self::Missing => "Innstillingene mangler.".into(),
            Self::StatusInUse { status, leads } => format!(
                "Statusen «{status}» har {leads} leads. Flytt dem til en annen status før du fjerner den."
            )
            .into(),
            Self::MoneyRoutes => {
                "Bare en administrator kan endre kontonummeret og regnskapets e-postinnboks.".into()
            }
        }
    }
}
