//! "Når passer det med befaring?": the days a customer offers for the site visit, up to
//! [`MAX_WISHES`], each for the morning, the afternoon or the whole day. The days a
//! customer may choose come from the firm's settings (`VisitDays`: how many days ahead,
//! which weekdays it visits) and today's date in Oslo, never earlier than the next day
//! the firm visits. The public pages are rendered again when the date moves
//! (`src/site/cache.rs`), so the days they offer are today's; the server checks each day
//! again when the enquiry comes, since a page may have been open since yesterday.

use chrono::{Datelike, NaiveDate, TimeDelta};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::fields::FieldErrors;

/// At most this many days per enquiry.
pub const MAX_WISHES: usize = 3;

/// Which part of a day suits the customer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum DayPart {
    #[serde(rename = "formiddag")]
    Morning,
    #[serde(rename = "ettermiddag")]
    Afternoon,
    #[serde(rename = "hele_dagen")]
    AllDay,
}

impl DayPart {
    pub const ALL: [Self; 3] = [Self::Morning, Self::Afternoon, Self::AllDay];

    pub fn value(self) -> &'static str {
        match self {
            Self::Morning => "formiddag",
            Self::Afternoon => "ettermiddag",
            Self::AllDay => "hele_dagen",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Morning => "formiddag",
            Self::Afternoon => "ettermiddag",
            Self::AllDay => "hele dagen",
        }
    }
}

/// One day the customer offers, as stored with the enquiry
/// (`contact_submissions.preferred_times`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PreferredTime {
    /// The day (`YYYY-MM-DD`).
    pub day: NaiveDate,
    pub part: DayPart,
}

/// One day as the form sends it; read as text so that anything wrong gets the form's
/// Norwegian message.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct PreferredTimeInput {
    #[schema(example = "2026-11-27")]
    pub day: Option<String>,
    #[schema(value_type = Option<DayPart>)]
    pub part: Option<String>,
}

/// Reads the form's rows, each an object (`{"day": ..., "part": ...}`): serde would
/// take a struct from an array too, and `[null, null]` is no row of this form.
pub fn rows<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Vec<PreferredTimeInput>>, D::Error> {
    use serde::de::Error;
    let Some(rows) = Option::<Vec<serde_json::Map<String, serde_json::Value>>>::deserialize(deserializer)?
    else {
        return Ok(None);
    };
    rows.into_iter()
        .map(|row| serde_json::from_value(serde_json::Value::Object(row)).map_err(D::Error::custom))
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

/// Which days the firm takes site visits on (Innstillinger → Befaring).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct VisitDays {
    /// How many days ahead a customer may choose (1 to 60).
    pub days_ahead: i32,
    /// The weekdays the firm visits, 1 (Monday) to 7 (Sunday).
    pub weekdays: Vec<u8>,
}

impl Default for VisitDays {
    fn default() -> Self {
        Self { days_ahead: 14, weekdays: vec![1, 2, 3, 4, 5] }
    }
}

impl VisitDays {
    /// The days a customer may offer when today (in Oslo) is `today`: the firm's weekdays
    /// from tomorrow up to `days_ahead` days ahead.
    pub fn offered(&self, today: NaiveDate) -> Vec<NaiveDate> {
        (1..=i64::from(self.days_ahead.clamp(1, 60)))
            .map(|n| today + TimeDelta::days(n))
            .filter(|day| self.weekdays.contains(&(day.weekday().number_from_monday() as u8)))
            .collect()
    }

    /// Whether the settings can be saved: a message for each field that cannot.
    pub fn check(&self, errors: &mut FieldErrors) {
        if !(1..=60).contains(&self.days_ahead) {
            errors.add("visit_days.days_ahead", "Skriv hvor mange dager frem kunden kan velge (1 til 60).");
        }
        if self.weekdays.is_empty() || self.weekdays.iter().any(|day| !(1..=7).contains(day)) {
            errors.add("visit_days.weekdays", "Velg minst én ukedag dere tar befaring.");
        }
    }
}

/// The field the form's messages about the days are under.
pub const FIELD: &str = "preferred_times";

/// Reads the days offered in `input` against `offered` (`VisitDays::offered`): rows
/// without a day are skipped (the form's part of the day has a default), each day must be one of `offered` and given once, and its part of the day
/// one of the choices. A message under [`FIELD`] otherwise.
pub fn parse(
    input: Vec<PreferredTimeInput>,
    offered: &[NaiveDate],
    errors: &mut FieldErrors,
) -> Vec<PreferredTime> {
    let mut wishes: Vec<PreferredTime> = Vec::new();
    let rows = input.into_iter().filter(|row| row.day.as_deref().is_some_and(|day| !day.trim().is_empty()));
    for row in rows {
        let day = row.day.as_deref().map(str::trim).unwrap_or_default();
        let Some(day) = crate::oslo::parse_day(day) else {
            errors.add(FIELD, "Velg en dag fra listen for hvert ønske.");
            return Vec::new();
        };
        let part = row.part.as_deref().map(str::trim).unwrap_or_default();
        let Some(part) = DayPart::ALL.into_iter().find(|choice| choice.value() == part) else {
            errors.add(FIELD, "Velg formiddag, ettermiddag eller hele dagen for hver dag.");
            return Vec::new();
        };
        if !offered.contains(&day) {
            errors.add(FIELD, "En av dagene kan ikke velges lenger. Velg blant dagene i listen.");
            return Vec::new();
        }
        if wishes.iter().any(|wish| wish.day == day) {
            errors.add(FIELD, "Velg hver dag bare én gang.");
            return Vec::new();
        }
        wishes.push(PreferredTime { day, part });
    }
    if wishes.len() > MAX_WISHES {
        errors.add(FIELD, format!("Velg høyst {MAX_WISHES} dager."));
        return Vec::new();
    }
    wishes.sort_by_key(|wish| wish.day);
    wishes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        crate::oslo::parse_day(text).unwrap()
    }

    fn row(day: &str, part: &str) -> PreferredTimeInput {
        PreferredTimeInput { day: Some(day.into()), part: Some(part.into()) }
    }

    #[test]
    fn the_days_offered_start_at_the_next_day_the_firm_visits() {
        // Friday 27 November 2026: the next weekday is Monday the 30th.
        let week = VisitDays { days_ahead: 7, weekdays: vec![1, 2, 3, 4, 5] };
        let offered = week.offered(day("2026-11-27"));
        assert_eq!(offered.first(), Some(&day("2026-11-30")));
        assert_eq!(offered.len(), 5, "Monday to Friday of the next week: {offered:?}");
        let saturdays = VisitDays { days_ahead: 14, weekdays: vec![6] };
        assert_eq!(saturdays.offered(day("2026-11-28")), [day("2026-12-05"), day("2026-12-12")]);
    }

    #[test]
    fn wishes_are_read_against_the_days_offered() {
        let offered = VisitDays::default().offered(day("2026-11-25"));
        let mut errors = FieldErrors::default();
        let wishes = parse(
            vec![row("2026-11-30", "hele_dagen"), row("", "hele_dagen"), row("2026-11-26", "formiddag")],
            &offered,
            &mut errors,
        );
        assert!(errors.is_empty());
        assert_eq!(wishes[0], PreferredTime { day: day("2026-11-26"), part: DayPart::Morning });
        assert_eq!(wishes.len(), 2);

        for (rows, message) in [
            (vec![row("2026-11-25", "formiddag")], "kan ikke velges"),
            (vec![row("2026-11-28", "formiddag")], "kan ikke velges"),
            (vec![row("2026-11-26", "natt")], "formiddag, ettermiddag"),
            (vec![row("26.11.2026", "formiddag")], "Velg en dag"),
            (vec![row("2026-11-26", "formiddag"), row("2026-11-26", "ettermiddag")], "bare én gang"),
            (
                ["2026-11-26", "2026-11-27", "2026-11-30", "2026-12-01"]
                    .map(|d| row(d, "formiddag"))
                    .to_vec(),
                "høyst 3",
            ),
        ] {
            let mut errors = FieldErrors::default();
            assert!(parse(rows, &offered, &mut errors).is_empty());
            let map = errors.into_map();
            assert!(map[FIELD].contains(message), "{map:?} should say {message}");
        }
    }
}
