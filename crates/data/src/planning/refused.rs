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
        })
    }
}
