//! Why a request about a befaring or the calendar was turned down (`crate::refusal`).

use std::borrow::Cow;

use crate::refusal::{Kind, Refusal};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The befaring is cancelled: it is not moved or changed any more.
    Cancelled,
    /// A calendar span of more days than a view shows.
    SpanDays,
    /// A span starting in a year no calendar shows.
    SpanYear,
    /// A span whose end no calendar reaches.
    SpanEnd,
    /// Only an administrator subscribes to everyone's befaringer.
    FeedOfAll,
    /// No such calendar link to take back.
    NoFeed,
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        match self {
            Self::Cancelled => Kind::Conflict,
            Self::SpanDays => Kind::Field("days"),
            Self::SpanYear => Kind::Field("from"),
            Self::SpanEnd => Kind::BadRequest,
            Self::FeedOfAll => Kind::Forbidden,
            Self::NoFeed => Kind::NotFound,
        }
    }

    fn text(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Self::Cancelled => "Befaringen er avlyst.",
            Self::SpanDays => "Velg fra 1 til 62 dager.",
            Self::SpanYear => "Velg en dag mellom år 2000 og 9999.",
            Self::SpanEnd => "Ugyldig dag.",
            Self::FeedOfAll => "Bare administratorer kan abonnere på alles befaringer.",
            Self::NoFeed => "Fant ingen slik kalenderlenke.",
        })
    }
}
