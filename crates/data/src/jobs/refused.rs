//! Why a request about a job, its hours or its materials was turned down: the one enum of
//! the jobs' refusals, with their texts (`crate::refusal`).

use std::borrow::Cow;

use crate::refusal::{Kind, Refusal};

/// What a request about a job that is not there is told (`jobs::NOT_FOUND`).
pub const JOB_NOT_FOUND: &str = "Fant ikke oppdraget.";
/// What a request about an hour entry that is not there is told (`jobs::time::NOT_FOUND`).
pub const ENTRY_NOT_FOUND: &str = "Fant ikke timeføringen.";
/// What a request about a material line that is not there is told.
pub const LINE_NOT_FOUND: &str = "Fant ikke materiellinjen.";
/// What a record written on a done or invoiced job is told.
pub const JOB_CLOSED: &str = "Oppdraget er ferdig. Timer og materiell kan ikke føres på det lenger.";
/// What a record tagged to a change order that is not open on its job is told.
pub const NOT_OPEN: &str =
    "Velg et tilleggsarbeid på dette oppdraget som ikke er avslått eller trukket tilbake.";
/// What an entry that would pass 24 hours in a day is told.
pub const DAY_FULL: &str =
    "Et døgn har 24 timer: med denne føringen ville personen ha mer enn 24 timer denne dagen.";
/// What a record with an id its client chose, when it is another person's, is told.
pub const TAKEN: &str =
    "Denne føringen finnes allerede for en annen person. Last siden på nytt og prøv igjen.";
/// What a record with an id its client chose is told when the same person's record under
/// that id holds something else (#74 finding 11): answered with the record as stored.
pub const REUSED: &str = "Denne føringen er allerede lagret, men med andre opplysninger enn de som ble sendt nå. \
                          Last siden på nytt og se over den.";

/// Why a job, an hour entry or a material line was not written or read.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The job is gone.
    NoJob,
    /// The job is done or invoiced.
    Closed,
    /// The entry is gone.
    NoEntry,
    /// The material line is gone.
    NoLine,
    /// The change order named is not the job's, or is declined, withdrawn or replaced.
    NoChange,
    /// The person's hours that day would pass 24.
    DayFull,
    /// The id the client chose for a new record is another person's record.
    Taken,
    /// The id the client chose for a new record is the same person's record of something
    /// else.
    Reused,
    /// The quote has its job already.
    QuoteHasJob,
    /// Only an accepted quote becomes a job.
    QuoteNotAccepted,
    /// A change order is work on a job, not a job of its own.
    ChangeIsNotJob,
    /// A job made from a lead needs a title.
    NoTitle,
    /// A worker named is no active user.
    NoSuchWorker,
    /// The material line has its receipt photo already.
    HasReceipt,
    /// A time sheet's month as it was written does not read as one.
    BadMonth,
    /// A time sheet comes as csv or pdf.
    BadSheetFormat,
    /// An hour entry's day does not read as a date.
    BadDay,
    /// Tilleggsarbeid is added to a job that is done.
    ChangeOnClosed,
    /// A change order recorded as agreed has no lines.
    ChangeEmpty,
    /// A change order recorded as agreed sums to less than nothing.
    ChangeNegative,
    /// Only a change order on a job is recorded as agreed this way.
    NotAChange,
    /// The change order is answered, withdrawn or replaced already.
    ChangeAnswered,
    /// The change order's job is invoiced.
    ChangeJobInvoiced,
    /// The customer accepted this version of the change order already.
    ChangeAccepted(i32),
    /// A montør's hours in a month the office has approved (its first day).
    MonthApproved(chrono::NaiveDate),
    /// The month is approved already.
    ApprovedAlready(chrono::NaiveDate),
    /// The month was not approved.
    NotApproved(chrono::NaiveDate),
    /// A month is approved once it has begun.
    MonthNotBegun,
    /// A montør names someone else as the one whose hours they enter.
    OthersHours,
    /// The office enters hours for someone who is no active user.
    NoSuchPerson,
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        match self {
            Self::NoJob | Self::NoEntry | Self::NoLine => Kind::NotFound,
            Self::Closed
            | Self::Taken
            | Self::Reused
            | Self::QuoteHasJob
            | Self::QuoteNotAccepted
            | Self::ChangeIsNotJob => Kind::Conflict,
            Self::HasReceipt
            | Self::ChangeOnClosed
            | Self::ChangeEmpty
            | Self::ChangeNegative
            | Self::NotAChange
            | Self::ChangeAnswered
            | Self::ChangeJobInvoiced
            | Self::ChangeAccepted(_)
            | Self::MonthApproved(_)
            | Self::ApprovedAlready(_) => Kind::Conflict,
            Self::NotApproved(_) => Kind::NotFound,
            Self::OthersHours => Kind::Forbidden,
            Self::NoSuchPerson => Kind::Field("user_id"),
            Self::MonthNotBegun => Kind::Field("month"),
            Self::NoChange => Kind::Field("change_id"),
            Self::DayFull => Kind::Field("minutes"),
            Self::NoTitle => Kind::Field("title"),
            Self::NoSuchWorker => Kind::Field("workers"),
            Self::BadMonth => Kind::Field("month"),
            Self::BadSheetFormat => Kind::Field("format"),
            Self::BadDay => Kind::Field("day"),
        }
    }

    fn text(&self) -> Cow<'static, str> {
        let text = match self {
            Self::ChangeAccepted(version) => {
                return format!("Kunden har alt akseptert versjon {version} av dette tilleggsarbeidet.")
                    .into();
            }
            Self::MonthApproved(month) => {
                return format!(
                    "Timene for {} er godkjent av kontoret og kan ikke endres lenger. Be kontoret om å rette dem.",
                    crate::oslo::month(*month)
                )
                .into();
            }
            Self::ApprovedAlready(month) => {
                return format!("Timene for {} er godkjent allerede.", crate::oslo::month(*month)).into();
            }
            Self::NotApproved(month) => {
                return format!("Timene for {} er ikke godkjent.", crate::oslo::month(*month)).into();
            }
            Self::MonthNotBegun => "En måned kan godkjennes når den har begynt.",
            Self::OthersHours => "Bare kontoret kan føre timer for andre.",
            Self::NoSuchPerson => "Velg en aktiv bruker.",
            Self::NoJob => JOB_NOT_FOUND,
            Self::NoEntry => ENTRY_NOT_FOUND,
            Self::NoLine => LINE_NOT_FOUND,
            Self::Closed => JOB_CLOSED,
            Self::NoChange => NOT_OPEN,
            Self::DayFull => DAY_FULL,
            Self::Taken => TAKEN,
            Self::Reused => REUSED,
            Self::QuoteHasJob => "Tilbudet har allerede et oppdrag.",
            Self::QuoteNotAccepted => "Bare et akseptert tilbud kan bli et oppdrag.",
            Self::ChangeIsNotJob => "Dette er tilleggsarbeid på et oppdrag, og blir ikke et eget oppdrag.",
            Self::NoTitle => "Skriv hva oppdraget gjelder.",
            Self::NoSuchWorker => "Velg blant brukerne.",
            Self::HasReceipt => "Linjen har et bilde allerede.",
            Self::BadMonth => "Skriv en måned som 2026-11.",
            Self::BadSheetFormat => "Velg csv eller pdf.",
            Self::BadDay => "Skriv en gyldig dato.",
            Self::ChangeOnClosed => "Oppdraget er ferdig. Tilleggsarbeid kan ikke legges til det lenger.",
            Self::ChangeEmpty => {
                "Tilleggsarbeidet har ingen linjer. Skriv inn det som ble avtalt før det registreres."
            }
            Self::ChangeNegative => {
                "Tilleggsarbeid kan ikke ha en negativ sum: det ville senke oppdragets budsjett. En rabatt gis på \
                 fakturaen."
            }
            Self::NotAChange => "Bare tilleggsarbeid på et oppdrag kan registreres som avtalt slik.",
            Self::ChangeAnswered => "Tilleggsarbeidet er alt besvart, trukket tilbake eller erstattet.",
            Self::ChangeJobInvoiced => crate::quotes::JOB_INVOICED,
        };
        Cow::Borrowed(text)
    }
}
