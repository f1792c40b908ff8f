//! Why a request about the plan was turned down (`crate::refusal`).

use std::borrow::Cow;

use crate::refusal::{Kind, Refusal};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// No one to plan.
    NoPeople,
    /// One of the people is not a user (any more).
    NoPerson,
    /// The job is gone.
    NoJob,
    /// The job is invoiced: its days are over.
    JobClosed,
    /// The last day is before the first.
    EndBeforeStart,
    /// More days than [`super::MOST_DAYS`].
    TooManyDays,
    /// A length under a quarter of an hour or over a day.
    BadLength,
    /// A start that is no time of day.
    BadStart,
    /// A start and length that pass midnight.
    PastMidnight,
    /// Moved onto a day the person already has on this job.
    Taken,
    /// The planned day was removed.
    Cancelled,
    /// A board of other than one or two weeks.
    BoardDays,
    /// No such absence to take back.
    NoAbsence,
    /// An absence on a day outside the years 2000 to 9999.
    AbsenceYear,
    /// An absence's last day before its first.
    AbsenceEndBeforeStart,
    /// An absence of more days than [`super::MOST_ABSENCE_DAYS`] at once.
    AbsenceTooLong,
    /// The customer's notice: the server has no e-mail.
    NoMail,
    /// The customer's notice: the job's customer has no e-mail address.
    NoCustomerEmail,
    /// The customer's notice: no day planned, and none told before to take back.
    NothingPlanned,
    /// The customer's notice: the plan is as last told.
    Unchanged,
    /// The customer's notice: the plan (or the address) changed after the office read it.
    PlanChanged,
    /// The customer's notice: another went at the same moment.
    NoticeSent,
    /// The customer's notice: the mail server did not take it; nothing was kept.
    NotDelivered,
    /// The customer's notice: its text is empty.
    EmptyText,
    /// The customer's notice: the job is invoiced.
    NoticeClosed,
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        match self {
            Self::NoPeople | Self::NoPerson => Kind::Field("user_ids"),
            Self::NoJob => Kind::NotFound,
            Self::JobClosed | Self::Taken | Self::Cancelled => Kind::Conflict,
            Self::EndBeforeStart | Self::TooManyDays => Kind::Field("to"),
            Self::BadLength => Kind::Field("minutes"),
            Self::BadStart | Self::PastMidnight => Kind::Field("starts_at"),
            Self::BoardDays => Kind::Field("days"),
            Self::NoAbsence => Kind::NotFound,
            Self::AbsenceYear => Kind::Field("day"),
            Self::AbsenceEndBeforeStart | Self::AbsenceTooLong => Kind::Field("to"),
            Self::NoMail
            | Self::NoCustomerEmail
            | Self::NothingPlanned
            | Self::Unchanged
            | Self::PlanChanged
            | Self::NoticeSent
            | Self::NotDelivered
            | Self::NoticeClosed => Kind::Conflict,
            Self::EmptyText => Kind::Field("text"),
        }
    }

    fn text(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Self::NoPeople => "Velg minst én person.",
            Self::NoPerson => "Velg personer som finnes.",
            Self::NoJob => crate::jobs::refused::JOB_NOT_FOUND,
            Self::JobClosed => "Oppdraget er fakturert og kan ikke planlegges.",
            Self::EndBeforeStart => "Siste dag kan ikke være før første dag.",
            Self::TooManyDays => "Planlegg høyst 31 dager om gangen.",
            Self::BadLength => "Velg en lengde fra 15 minutter til 24 timer.",
            Self::BadStart => "Skriv klokkeslettet som 07:30.",
            Self::PastMidnight => "Dagen kan ikke gå over midnatt.",
            Self::Taken => "Personen er allerede planlagt på dette oppdraget den dagen.",
            Self::Cancelled => "Den planlagte dagen er fjernet.",
            Self::BoardDays => "Velg 7 eller 14 dager.",
            Self::NoAbsence => "Fant ikke fraværet.",
            Self::AbsenceYear => "Velg en dag mellom år 2000 og 9999.",
            Self::AbsenceEndBeforeStart => "Siste fraværsdag kan ikke være før første.",
            Self::AbsenceTooLong => "Før høyst 62 dager fravær om gangen.",
            Self::NoMail => "E-post er ikke satt opp på serveren, så planen kan ikke sendes til kunden.",
            Self::NoCustomerEmail => {
                "Kunden har ingen e-postadresse. Legg den inn på henvendelsen eller tilbudet, eller ring kunden."
            }
            Self::NothingPlanned => "Ingen dager er planlagt på oppdraget ennå.",
            Self::Unchanged => "Kunden har allerede fått denne planen.",
            Self::PlanChanged => {
                "Planen er endret siden du så på e-posten. Se over den nye teksten og send igjen."
            }
            Self::NoticeSent => {
                "Planen ble nettopp sendt til kunden av noen andre. Se over og send igjen om noe er nytt."
            }
            Self::NotDelivered => {
                "E-posttjeneren tok ikke imot e-posten, og planen ble ikke sendt. Prøv igjen om litt."
            }
            Self::EmptyText => "Skriv teksten til kunden.",
            Self::NoticeClosed => "Oppdraget er fakturert, så planen sendes ikke lenger.",
        })
    }
}
