//! What "Avtal befaring" and "Flytt" send, read into a `Slot`: a day and a clock time in
//! Oslo, a length, who goes, a note. Every field is checked at once and each refusal
//! says in Norwegian what to do.

use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use fagfolk_data::fields::FieldErrors;
use fagfolk_data::oslo;
use fagfolk_data::visits::Slot;

use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The shortest and longest befaring, in minutes.
pub const MINUTES: std::ops::RangeInclusive<i64> = 15..=480;
/// How far ahead a befaring can be booked, in days (two years).
const DAYS_AHEAD: i64 = 731;
/// The longest note.
const NOTE_MAX: usize = 1000;

/// A befaring as staff book or move it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct VisitInput {
    /// The day, `2026-10-25`.
    pub day: Option<String>,
    /// The clock time it starts in Oslo, `09:00`.
    pub start: Option<String>,
    /// How long it takes, in minutes (15 to 480).
    #[serde(default, deserialize_with = "crate::http::whole_number")]
    pub minutes: Option<i64>,
    /// Who goes: a member of staff's id.
    pub staff_id: Option<String>,
    /// For whoever goes; the customer does not see it.
    pub note: Option<String>,
    /// Where the befaring is, when the lead has no address yet or it has changed: stored on
    /// the lead, and written in the invitation.
    pub address: Option<String>,
    /// The postcode with it: four digits.
    pub postcode: Option<String>,
}

/// The address a booking or a move gives the lead; both `None` when none was typed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Place {
    pub address: Option<String>,
    pub postcode: Option<String>,
}

impl VisitInput {
    /// The slot this input books and the address it gives, or every field's refusal. A
    /// day before today (in Oslo) is refused; a clock time the clocks skip that day is
    /// refused.
    pub async fn slot(self, state: &AppState) -> ApiResult<(Slot, Place)> {
        let mut errors = FieldErrors::default();
        let address = errors.optional("address", self.address, 300);
        let postcode = errors.postcode("postcode", self.postcode);
        let place = Place { address, postcode };
        let day = match self.day.as_deref().map(str::trim).filter(|day| !day.is_empty()) {
            None => {
                errors.add("day", "Velg dagen for befaringen.");
                None
            }
            Some(day) => match oslo::parse_day(day) {
                None => {
                    errors.add("day", "Skriv dagen som åååå-mm-dd, for eksempel 2026-10-25.");
                    None
                }
                Some(day) if day < state.clock.today() => {
                    errors.add("day", "Dagen har vært. Velg i dag eller en senere dag.");
                    None
                }
                Some(day) if day > state.clock.today() + chrono::TimeDelta::days(DAYS_AHEAD) => {
                    errors.add("day", "Velg en dag innen to år.");
                    None
                }
                Some(day) => Some(day),
            },
        };
        let start = match self.start.as_deref().map(str::trim).filter(|start| !start.is_empty()) {
            None => {
                errors.add("start", "Velg når befaringen begynner.");
                None
            }
            Some(start) => oslo::parse_clock(start).or_else(|| {
                errors.add("start", "Skriv klokkeslettet som tt:mm, for eksempel 09:00.");
                None
            }),
        };
        let starts_at = match (day, start) {
            (Some(day), Some(start)) => oslo::at(day, start).or_else(|| {
                errors.add(
                    "start",
                    "Klokkeslettet finnes ikke denne dagen (klokken stilles frem). Velg et annet.",
                );
                None
            }),
            _ => None,
        };
        let minutes = match self.minutes {
            Some(minutes) if MINUTES.contains(&minutes) => minutes as i32,
            _ => {
                errors.add("minutes", "Varigheten må være fra 15 minutter til 8 timer.");
                0
            }
        };
        let note = errors.optional_text("note", self.note, NOTE_MAX).unwrap_or_default();
        let staff = match self.staff_id.as_deref().map(str::trim).and_then(|id| Uuid::parse_str(id).ok()) {
            None => None,
            Some(id) => fagfolk_data::users::store::get(&state.db, id).await?.filter(|user| user.is_active),
        };
        if staff.is_none() {
            errors.add("staff_id", "Velg hvem som skal på befaringen.");
        }
        match (starts_at, staff) {
            (Some(starts_at), Some(staff)) if errors.is_empty() => Ok((
                Slot {
                    starts_at,
                    minutes,
                    staff_id: staff.id,
                    staff_name: staff.name,
                    staff_email: staff.email,
                    staff_phone: staff.phone,
                    note,
                },
                place,
            )),
            _ => Err(ApiError::Validation(errors.into_map())),
        }
    }
}
