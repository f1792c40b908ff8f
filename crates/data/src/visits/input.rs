//! What "Avtal befaring" and "Flytt" send, read into a `Slot`: a day and a clock time in
//! Oslo, a length, who goes, a note. Every field is checked at once and each refusal
//! says in Norwegian what to do. Pure: today's date and the member of staff named are
//! passed in (the server looks the member up, `VisitInput::staff_id`).

use chrono::NaiveDate;
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::Slot;
use crate::fields::FieldErrors;
use crate::oslo;
use crate::users::AdminUserView;

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
    #[serde(default, deserialize_with = "crate::text::whole_number")]
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
    /// The member of staff the input names, for the caller to look up.
    pub fn staff_id(&self) -> Option<Uuid> {
        self.staff_id.as_deref().map(str::trim).and_then(|id| Uuid::parse_str(id).ok())
    }

    /// The slot this input books and the address it gives, or every field's refusal. A
    /// day before `today` (in Oslo) is refused; a clock time the clocks skip that day is
    /// refused. `staff` is the member of staff [`VisitInput::staff_id`] names, if there
    /// is one; an inactive one is refused like a missing one.
    pub fn slot(self, today: NaiveDate, staff: Option<AdminUserView>) -> Result<(Slot, Place), FieldErrors> {
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
                Some(day) if day < today => {
                    errors.add("day", "Dagen har vært. Velg i dag eller en senere dag.");
                    None
                }
                Some(day) if day > today + chrono::TimeDelta::days(DAYS_AHEAD) => {
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
        let staff = staff.filter(|user| user.is_active);
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
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::users::Role;

    fn member(is_active: bool) -> AdminUserView {
        AdminUserView {
            id: Uuid::nil(),
            name: "Ola Hansen".to_owned(),
            email: "ola@fagfolk.test".to_owned(),
            role: Role::Editor,
            is_active,
            phone: None,
            last_login_at: None,
            created_at: chrono::Utc::now(),
        }
    }

    fn input(day: &str, start: &str) -> VisitInput {
        VisitInput {
            day: Some(day.to_owned()),
            start: Some(start.to_owned()),
            minutes: Some(60),
            staff_id: Some(Uuid::nil().to_string()),
            note: None,
            address: None,
            postcode: None,
        }
    }

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, 20).unwrap()
    }

    #[test]
    fn a_slot_today_with_an_active_member_is_booked_in_oslo_time() {
        let (slot, place) = input("2026-03-20", "09:00").slot(today(), Some(member(true))).unwrap();
        assert_eq!(slot.starts_at.to_rfc3339(), "2026-03-20T08:00:00+00:00");
        assert_eq!((slot.minutes, slot.staff_name.as_str()), (60, "Ola Hansen"));
        assert_eq!(place, Place::default());
    }

    #[test]
    fn each_field_says_what_is_wrong_at_once() {
        let errors = input("2026-03-19", "25:00").slot(today(), Some(member(false))).unwrap_err().into_map();
        assert_eq!(errors["day"], "Dagen har vært. Velg i dag eller en senere dag.");
        assert_eq!(errors["start"], "Skriv klokkeslettet som tt:mm, for eksempel 09:00.");
        assert_eq!(errors["staff_id"], "Velg hvem som skal på befaringen.");
    }

    #[test]
    fn a_time_the_clocks_skip_is_refused() {
        let errors = input("2026-03-29", "02:30").slot(today(), Some(member(true))).unwrap_err().into_map();
        assert!(errors["start"].starts_with("Klokkeslettet finnes ikke denne dagen"), "{errors:?}");
    }
}
