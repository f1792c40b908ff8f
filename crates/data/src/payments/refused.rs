//! Why a payment, an import or a resolution was turned down (`crate::refusal`).

use std::borrow::Cow;

use super::camt::{Fault, Unreadable};
use crate::money::kroner;
use crate::refusal::{Kind, Refusal};

/// What a request about a payment that is not there is told.
pub const NOT_FOUND: &str = "Fant ikke innbetalingen.";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// No such payment.
    NotFound,
    /// No such invoice (a payment registered on one that is not there).
    NoInvoice,
    /// A payment registered on a credit note.
    CreditNote,
    /// More than is left to pay (øre left).
    MoreThanOwed { outstanding: i64 },
    /// Nothing is left to pay on the invoice.
    NothingOwed,
    /// A payment dated before the invoice was issued (its issue date).
    BeforeIssue { issued: chrono::NaiveDate },
    /// The bank's file could not be read.
    Unreadable(Unreadable),
    /// The bank's file is too large.
    TooLarge,
    /// The upload is not a multipart form.
    NotForm,
    /// The form has no file.
    NoFile,
    /// The payment does not wait for the office.
    NotWaiting,
    /// The payment is not booked on an invoice.
    NotMatched,
    /// A payment from the bank is taken off its invoice, not deleted.
    FromBank,
    /// The invoice number given is no invoice.
    NoSuchInvoice,
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        match self {
            Self::NotFound | Self::NoInvoice => Kind::NotFound,
            Self::MoreThanOwed { .. } => Kind::Field("amount"),
            Self::BeforeIssue { .. } => Kind::Field("paid_on"),
            Self::Unreadable(_) | Self::NoFile => Kind::Field("file"),
            Self::TooLarge => Kind::TooLarge,
            Self::NotForm => Kind::BadRequest,
            Self::NoSuchInvoice => Kind::Field("invoice"),
            Self::CreditNote | Self::NothingOwed | Self::NotWaiting | Self::NotMatched | Self::FromBank => {
                Kind::Conflict
            }
        }
    }

    fn text(&self) -> Cow<'static, str> {
        match self {
            Self::NotFound => NOT_FOUND.into(),
            // The invoices' own sentence (`crate::invoices::NOT_FOUND`), written here: the
            // invoices read the payments' sums, so this module does not import them.
            Self::NoInvoice => "Fant ikke fakturaen.".into(),
            Self::CreditNote => {
                "En kreditnota betales ikke. Registrer betalingen på fakturaen den krediterer.".into()
            }
            Self::MoreThanOwed { outstanding } => {
                format!("Beløpet er større enn det som står igjen å betale ({}).", kroner(*outstanding))
                    .into()
            }
            Self::BeforeIssue { issued } => {
                format!("Datoen kan ikke være før fakturadatoen ({}).", crate::oslo::date_short(*issued))
                    .into()
            }
            Self::NothingOwed => {
                "Fakturaen er betalt eller kreditert. Det står ikke noe igjen å betale.".into()
            }
            Self::Unreadable(unreadable) => unreadable_text(unreadable).into(),
            Self::TooLarge => "Filen er for stor. En bankfil kan være høyst 20 MB.".into(),
            Self::NotForm => "Bankfilen må sendes som multipart/form-data med feltet «file».".into(),
            Self::NoFile => "Velg bankfilen (camt.054) du har lastet ned fra nettbanken.".into(),
            Self::NotWaiting => "Innbetalingen venter ikke på avklaring.".into(),
            Self::NotMatched => "Innbetalingen er ikke ført på en faktura.".into(),
            Self::FromBank => {
                "En innbetaling fra banken slettes ikke. Ta den av fakturaen, så venter den på avklaring."
                    .into()
            }
            Self::NoSuchInvoice => "Fant ingen faktura med det nummeret.".into(),
        }
    }
}

/// What a file that cannot be read is told: what is wrong and where, and that nothing
/// was imported.
fn unreadable_text(unreadable: &Unreadable) -> String {
    let what = match unreadable {
        Unreadable::NotXml { line } => format!("Filen er ikke gyldig XML (feil på linje {line})."),
        Unreadable::NotCamt054 { root } => format!(
            "Filen er ikke en camt.054-fil med innbetalinger fra banken (den er et «{root}»-dokument). \
             Last ned innbetalingene som camt.054 i nettbanken."
        ),
        Unreadable::Entry { entry, fault } => {
            let fault = match fault {
                Fault::NoAmount => "mangler beløp".to_owned(),
                Fault::Amount(amount) => format!("har et beløp som ikke kan leses: «{amount}»"),
                Fault::Currency(currency) => format!("er i {currency}; bare innbetalinger i NOK kan føres"),
                Fault::NoDay => "mangler bokføringsdato".to_owned(),
                Fault::Day(day) => format!("har en dato som ikke kan leses: «{day}»"),
                Fault::TooLong => format!("har en tekst på mer enn {} tegn", super::camt::MAX_TEXT),
                Fault::Text => {
                    "har en tekst med tegn som ikke kan lagres (kontrolltegn, NUL eller U+FFFE/U+FFFF)"
                        .to_owned()
                }
            };
            format!("Post {entry} i filen {fault}.")
        }
        Unreadable::CutOff { root } => format!(
            "Filen er ikke hel: den slutter før «{root}» er lukket, så noe mangler. \
             Last ned filen på nytt fra nettbanken."
        ),
        Unreadable::DocType { line } => {
            format!("Filen har en DOCTYPE-erklæring (linje {line}). En bankfil har ingen, og den leses ikke.")
        }
        Unreadable::TooMany => format!(
            "Filen har mer enn {} innbetalinger. Last ned en kortere periode om gangen fra nettbanken.",
            super::camt::MAX_PAYMENTS
        ),
    };
    format!("{what} Ingenting ble importert.")
}
