//! Why an invoice, a credit note or a basis was not made or written out: the one enum of
//! the invoices' refusals, with their texts (`crate::refusal`).

use std::borrow::Cow;

use super::NotIssued;
use crate::refusal::{Kind, Refusal};

/// What invoicing a prisoverslag past its budget without the § 7 contact is told.
pub const NEEDS_CONTACT: &str = "Oppdraget har passert prisoverslaget, og kontakten med kunden er ikke registrert \
     (håndverkertjenesteloven § 7). Registrer kontakten før oppdraget faktureres.";

/// Why an invoice's request was turned down.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// "Marker som fakturert" found the job not ready ([`NotIssued`]).
    NotIssued(NotIssued),
    /// The basis is asked for before the job is done.
    BasisNotDone,
    /// The job has its invoice.
    Invoiced,
    /// Innstillinger or the customer lack what the invoice needs (each a phrase).
    Missing(Vec<&'static str>),
    /// An EHF cannot be written: what it lacks (each a phrase).
    EhfMissing(Vec<&'static str>),
    /// A credit note is not credited.
    CreditOfCredit,
    /// These lines (counted from 0) are credited already.
    Credited(Vec<u32>),
    /// A format the file is not written in; `ehf` when EHF would have been one.
    Format { ehf: bool },
    /// An invoice could not be sent (`super::sends::NotSent`).
    NotSent(super::sends::NotSent),
}

impl From<NotIssued> for Refused {
    fn from(not: NotIssued) -> Self {
        Self::NotIssued(not)
    }
}

/// `count` things, in the singular or the plural.
fn counted(count: i64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        match self {
            Self::NotIssued(NotIssued::NoJob) => Kind::NotFound,
            Self::Credited(_) => Kind::Field("lines"),
            Self::EhfMissing(_) | Self::Format { .. } => Kind::Field("format"),
            Self::NotSent(_) => Kind::Conflict,
            _ => Kind::Conflict,
        }
    }

    fn text(&self) -> Cow<'static, str> {
        match self {
            Self::NotIssued(not) => match not {
                NotIssued::NoJob => crate::jobs::NOT_FOUND.into(),
                NotIssued::NotDone | NotIssued::Twice => {
                    "Oppdraget er ikke ferdig, eller er fakturert allerede.".into()
                }
                NotIssued::ChangeWaiting(number) => format!(
                    "Tilleggsarbeid {number} venter på svar fra kunden. Registrer svaret eller trekk det \
                     tilbake før oppdraget faktureres."
                )
                .into(),
                NotIssued::Stale => {
                    "Tilleggsarbeid ble akseptert akkurat nå. Se over fakturagrunnlaget og prøv igjen.".into()
                }
                NotIssued::NeedsContact => NEEDS_CONTACT.into(),
                NotIssued::UntaggedExtra(count) => format!(
                    "{} er merket som tilleggsarbeid uten en endringsordre. Knytt dem til en endringsordre \
                     (eller registrer avtalen med kunden), eller fjern merket, før oppdraget faktureres.",
                    counted(*count, "føring", "føringer")
                )
                .into(),
                NotIssued::PriceMissing(count) => format!(
                    "{} fra montørens telefon mangler pris. Sett prisen på oppdraget før det faktureres.",
                    counted(*count, "materiallinje", "materiallinjer")
                )
                .into(),
            },
            Self::BasisNotDone => {
                "Oppdraget er ikke ferdig. Sett det til «Ferdig» før fakturagrunnlaget lages.".into()
            }
            Self::Invoiced => "Oppdraget er fakturert allerede.".into(),
            Self::Missing(missing) => {
                format!("Fakturaen kan ikke lages ennå: {}.", missing.join("; ")).into()
            }
            Self::EhfMissing(missing) => format!("Kan ikke lage EHF: {}.", missing.join("; ")).into(),
            Self::CreditOfCredit => "En kreditnota kan ikke krediteres.".into(),
            Self::Credited(lines) => {
                let places: Vec<String> = lines.iter().map(|line| (line + 1).to_string()).collect();
                format!(
                    "Linje {} er kreditert allerede. Velg bare linjer som ikke er kreditert.",
                    places.join(", ")
                )
                .into()
            }
            Self::Format { ehf: true } => "Velg json, csv, pdf eller ehf.".into(),
            Self::Format { ehf: false } => "Velg json, csv eller pdf.".into(),
            Self::NotSent(not) => match not {
                super::sends::NotSent::NoMail => {
                    "E-post er ikke satt opp på serveren. Last ned PDF-en og send den selv, eller gi kunden \
                     lenken til dokumentene."
                        .into()
                }
                super::sends::NotSent::NoCustomerEmail => {
                    "Kunden har ingen e-postadresse. Last ned PDF-en og send den selv, eller gi kunden lenken \
                     til dokumentene."
                        .into()
                }
                super::sends::NotSent::NoAccountingEmail => {
                    "Skriv regnskapssystemets e-postadresse for bilag under Innstillinger → Faktura først.".into()
                }
            },
        }
    }
}
