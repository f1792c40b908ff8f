//! Why a reminder was not sent (`crate::refusal`).

use std::borrow::Cow;

use super::next::Next;
use crate::refusal::{Kind, Refusal};

/// What a request about a reminder that is not there is told.
pub const NOT_FOUND: &str = "Fant ikke purringen.";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// No such reminder.
    NotFound,
    /// No such invoice, or a credit note.
    NoInvoice,
    /// No letter may go now ([`Next`] says why).
    NotNow(Next),
    /// The letter asked for is not the next one (the page was old).
    NotNext { next: super::kind::Kind },
    /// The server has no e-mail.
    NoMail,
    /// The customer has no e-mail address.
    NoCustomerEmail,
    /// The mail server did not take it; nothing was kept.
    NotDelivered,
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        match self {
            Self::NotFound | Self::NoInvoice => Kind::NotFound,
            Self::NotNow(_)
            | Self::NotNext { .. }
            | Self::NoMail
            | Self::NoCustomerEmail
            | Self::NotDelivered => Kind::Conflict,
        }
    }

    fn text(&self) -> Cow<'static, str> {
        match self {
            Self::NotFound => NOT_FOUND.into(),
            Self::NoInvoice => "Fant ikke fakturaen.".into(),
            Self::NotNow(next) => match next {
                Next::NotDue | Next::Letter { .. } => {
                    "Fakturaen er ikke forfalt, eller det står ikke noe igjen å betale.".into()
                }
                Next::Waiting { until } => format!(
                    "Fristen i forrige brev går ut {}. Neste brev kan sendes dagen etter.",
                    crate::oslo::date(*until)
                )
                .into(),
                Next::FeesOnly => "Fakturaen er betalt; bare gebyr står igjen. For gebyr og renter alene \
                                   sendes ikke purring eller inkassovarsel (inkassoforskriften § 1-2)."
                    .into(),
                Next::Done => {
                    "Alle trinnene er sendt. Neste steg er inkasso: send saken til et inkassobyrå.".into()
                }
            },
            Self::NotNext { next } => format!(
                "Siden var utdatert: neste brev er {}. Se over og send igjen.",
                next.name().to_lowercase()
            )
            .into(),
            Self::NoMail => {
                "E-post er ikke satt opp på serveren. Last ned brevet som PDF og send det i posten.".into()
            }
            Self::NoCustomerEmail => {
                "Kunden har ingen e-postadresse. Last ned brevet som PDF og send det i posten.".into()
            }
            Self::NotDelivered => {
                "E-posttjeneren tok ikke imot e-posten, og purringen ble ikke sendt. Prøv igjen om litt."
                    .into()
            }
        }
    }
}
