//! What the office and the workers send about a job, read into checked values; each
//! refusal in Norwegian under its field. What needs the store (who the users are, the job
//! an entry is on) is passed in.

use chrono::{DateTime, NaiveDate, Utc};
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::time::{MAX_MINUTES, NewEntry, TimeEntry};
use super::{Job, JobStatus};
use crate::fields::FieldErrors;
use crate::money::{MAX_AMOUNT, MAX_UNIT_PRICE};
use crate::quotes::QuoteLine;
use crate::quotes::input::{LineInput, any_number, read_line};

/// A job's fields as the office edits them; a field left out keeps its value. Also the
/// body of a new job (from a quote or a lead), where `title` and `budget` may be given.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct JobInput {
    pub title: Option<String>,
    pub status: Option<JobStatus>,
    /// `YYYY-MM-DD`; empty clears it.
    pub start_day: Option<String>,
    pub end_day: Option<String>,
    /// Øre excluding MVA per hour.
    #[serde(default, deserialize_with = "optional_number")]
    pub hourly_rate: Option<i64>,
    /// A call-out's estimate, øre excluding MVA (a job from a quote keeps the quote's sum).
    #[serde(default, deserialize_with = "optional_number")]
    pub budget: Option<i64>,
    /// The users who work on it.
    #[schema(value_type = Option<Vec<Uuid>>)]
    pub workers: Option<Vec<String>>,
}

fn optional_number<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    #[derive(Deserialize)]
    struct Wrapped(#[serde(deserialize_with = "any_number")] i64);
    Ok(Option::<Wrapped>::deserialize(deserializer)?.map(|Wrapped(value)| value))
}

fn day(
    errors: &mut FieldErrors,
    key: &str,
    value: Option<String>,
    old: Option<NaiveDate>,
) -> Option<NaiveDate> {
    match value.as_deref().map(str::trim) {
        None => old,
        Some("") => None,
        Some(text) => crate::oslo::parse_day(text).or_else(|| {
            errors.add(key, "Skriv en gyldig dato.");
            old
        }),
    }
}

/// Reads `input` over `base`: the job as it will be saved, and its workers when given (as
/// ids; the caller checks that they are users).
pub fn read_job(
    input: JobInput,
    base: &Job,
    now: DateTime<Utc>,
) -> Result<(Job, Option<Vec<Uuid>>), FieldErrors> {
    let mut errors = FieldErrors::default();
    let title = match input.title {
        Some(title) => errors.required("title", Some(title), 200, "Skriv hva oppdraget gjelder."),
        None => base.title.clone(),
    };
    let status = match input.status {
        Some(JobStatus::Invoiced) if base.status != JobStatus::Invoiced => {
            errors.add("status", "«Fakturert» settes når fakturagrunnlaget lages.");
            base.status
        }
        Some(status) if base.status == JobStatus::Invoiced && status != JobStatus::Invoiced => {
            errors.add("status", "Oppdraget er fakturert og kan ikke flyttes tilbake.");
            base.status
        }
        Some(status) => status,
        None => base.status,
    };
    let start_day = day(&mut errors, "start_day", input.start_day, base.start_day);
    let end_day = day(&mut errors, "end_day", input.end_day, base.end_day);
    if let (Some(start), Some(end)) = (start_day, end_day)
        && end < start
    {
        errors.add("end_day", "Sluttdagen kan ikke være før startdagen.");
    }
    let hourly_rate = input.hourly_rate.unwrap_or(base.hourly_rate);
    if !(0..=MAX_UNIT_PRICE).contains(&hourly_rate) {
        errors.add("hourly_rate", "Timeprisen må være mellom 0 og 100 millioner kroner.");
    }
    let budget = match input.budget {
        Some(_) if base.quote_id.is_some() => {
            errors.add("budget", "Budsjettet er det aksepterte tilbudets sum og endres med tilleggsarbeid.");
            base.budget
        }
        Some(budget) => budget,
        None => base.budget,
    };
    if !(0..=MAX_AMOUNT).contains(&budget) {
        errors.add("budget", "Anslaget må være mellom 0 og 100 millioner kroner.");
    }
    let workers = input.workers.map(|ids| {
        let parsed: Vec<Option<Uuid>> = ids.iter().map(|id| Uuid::parse_str(id.trim()).ok()).collect();
        if parsed.iter().any(Option::is_none) {
            errors.add("workers", "Velg blant brukerne.");
        }
        let mut ids: Vec<Uuid> = parsed.into_iter().flatten().collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    });
    errors.finish()?;
    let job = Job { title, status, start_day, end_day, hourly_rate, budget, updated_at: now, ..base.clone() };
    Ok((job, workers))
}

/// An hour entry as a worker sends it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TimeInput {
    /// A new entry's id, chosen by the client (a UUID) so that a retry after a lost answer
    /// writes nothing twice: the entry written by the first try is answered again. Ignored
    /// when an entry is changed.
    #[schema(value_type = Option<Uuid>)]
    pub id: Option<String>,
    #[schema(value_type = Option<Uuid>)]
    pub job_id: Option<String>,
    /// `YYYY-MM-DD`.
    pub day: Option<String>,
    /// Whole quarters: 15, 30, 45, ...
    #[serde(default, deserialize_with = "optional_number")]
    pub minutes: Option<i64>,
    /// The budget line's index.
    #[serde(default, deserialize_with = "optional_number")]
    pub line: Option<i64>,
    pub note: Option<String>,
    /// Tilleggsarbeid.
    pub extra: Option<bool>,
    /// The change order (tilleggsarbeid) the time belongs to; `null` for none. Naming one
    /// marks the entry as tilleggsarbeid.
    #[schema(value_type = Option<Uuid>)]
    #[serde(default, deserialize_with = "present")]
    pub change_id: Option<Option<String>>,
    /// When the work began, `tt:mm` (Norwegian time); `null` or blank for not given. Left
    /// out, a change keeps what was saved. Only the month's evening hours read it.
    #[schema(value_type = Option<String>, example = "07:30")]
    #[serde(default, deserialize_with = "present")]
    pub starts_at: Option<Option<String>>,
    /// Whose hours a new entry is: the office enters them for someone else (a montør
    /// without a phone, a correction). Left out, the signed-in person's; a montør may name
    /// only themselves. Ignored when an entry is changed.
    #[schema(value_type = Option<Uuid>)]
    pub user_id: Option<String>,
}

/// The refusal of a start that is no time of day.
pub const BAD_START: &str = "Skriv når arbeidet begynte som tt:mm, for eksempel 07:30.";

/// A start as sent: blank is none, anything else must be a time of day.
fn read_start(errors: &mut FieldErrors, value: Option<String>) -> Option<i32> {
    let text = value.filter(|text| !text.trim().is_empty())?;
    let minute = crate::oslo::minute_of_typed(&text);
    if minute.is_none() {
        errors.add("starts_at", BAD_START);
    }
    minute
}

/// A field that may be sent as `null` to clear it: `None` when left out, `Some(None)`
/// for `null`.
fn present<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(deserializer).map(Some)
}

/// A change order's id as sent: blank is none, anything else must be an id.
fn read_change(errors: &mut FieldErrors, value: Option<String>) -> Option<Uuid> {
    let text = value.map(|text| text.trim().to_owned()).filter(|text| !text.is_empty())?;
    let id = Uuid::parse_str(&text).ok();
    if id.is_none() {
        errors.add("change_id", super::changes::NOT_OPEN);
    }
    id
}

/// The job an entry names, read before the rest (the rest is checked against it).
pub fn time_job(input: &TimeInput) -> Result<Uuid, FieldErrors> {
    let mut errors = FieldErrors::default();
    let id = input.job_id.as_deref().map(str::trim).and_then(|id| Uuid::parse_str(id).ok());
    if id.is_none() {
        errors.add("job_id", "Velg et oppdrag.");
    }
    errors.finish()?;
    Ok(id.unwrap_or_default())
}

/// Reads an entry on `job` by `user` (id, name) on `today`, over `base` (the entry being
/// changed, or none).
pub fn read_time(
    input: TimeInput,
    job: &Job,
    user: (Uuid, &str),
    today: NaiveDate,
    base: Option<&NewEntry>,
) -> Result<NewEntry, FieldErrors> {
    let mut errors = FieldErrors::default();
    let day = match (input.day, base) {
        (Some(text), _) => crate::oslo::parse_day(text.trim()),
        (None, Some(base)) => Some(base.day),
        (None, None) => None,
    };
    match day {
        None => errors.add("day", "Skriv en gyldig dato."),
        Some(day) => {
            if let Some(refusal) = super::time::refusal(day, today) {
                errors.add("day", refusal);
            }
        }
    }
    let minutes = input.minutes.or(base.map(|base| i64::from(base.minutes)));
    let minutes =
        minutes.and_then(|m| i32::try_from(m).ok()).filter(|m| (15..=MAX_MINUTES).contains(m) && m % 15 == 0);
    if minutes.is_none() {
        errors.add("minutes", "Timer føres i hele kvarter, fra 0,25 til 24 timer.");
    }
    let line = match input.line {
        Some(index) => {
            let line =
                i32::try_from(index).ok().filter(|&i| usize::try_from(i).is_ok_and(|i| i < job.lines.len()));
            if line.is_none() {
                errors.add("line", "Velg en linje fra oppdraget.");
            }
            line
        }
        None => base.and_then(|base| base.line),
    };
    let note = match input.note {
        Some(note) => errors.optional_text("note", Some(note), 500).unwrap_or_default(),
        None => base.map(|base| base.note.clone()).unwrap_or_default(),
    };
    let change_id = match input.change_id {
        Some(value) => read_change(&mut errors, value),
        None => base.and_then(|base| base.change_id.filter(|_| base.job_id == job.id)),
    };
    let starts_at = match input.starts_at {
        Some(value) => read_start(&mut errors, value),
        None => base.and_then(|base| base.starts_at),
    };
    errors.finish()?;
    Ok(NewEntry {
        job_id: job.id,
        user_id: base.map_or(user.0, |base| base.user_id),
        user_name: base.map_or_else(|| user.1.to_owned(), |base| base.user_name.clone()),
        day: day.unwrap_or(today),
        minutes: minutes.unwrap_or(15),
        line,
        note,
        extra: change_id.is_some() || input.extra.or(base.map(|base| base.extra)).unwrap_or(false),
        change_id,
        // An entry keeps the rate it was written at while it stays on its job and line; one
        // that is new or moves takes the rate that applies there now.
        rate: base
            .filter(|base| base.job_id == job.id && base.line == line)
            .map_or_else(|| job.rate_of(line), |base| base.rate),
        starts_at,
    })
}

/// Whether `input` is the body that wrote `stored` (a phone sends it again when the answer
/// was lost), read on `job`, the entry's job, as on the entry's own day: what happened since
/// (its month approved, its day locked) does not make a retry another entry (#74 finding 11).
pub fn is_retry_of(input: TimeInput, job: &Job, stored: &TimeEntry) -> bool {
    let Some(user_id) = stored.user_id else { return false };
    let same_job = time_job(&input).is_ok_and(|id| id == stored.job_id);
    same_job
        && read_time(input, job, (user_id, &stored.user_name), stored.day, None)
            .is_ok_and(|entry| entry.is_written_as(stored))
}

/// The id a client chose for a new record: `None` when none was sent (the server then
/// makes one), an error under `id` when it is not a UUID.
pub fn client_id(id: Option<&str>) -> Result<Option<Uuid>, FieldErrors> {
    let Some(text) = id.map(str::trim).filter(|text| !text.is_empty()) else { return Ok(None) };
    match Uuid::parse_str(text) {
        Ok(id) if !id.is_nil() => Ok(Some(id)),
        _ => {
            let mut errors = FieldErrors::default();
            errors.add("id", "Føringens id må være en UUID.");
            Err(errors)
        }
    }
}

/// A material line as the office or a worker sends it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MaterialInput {
    /// A new line's id, chosen by the client (a UUID), as a time entry's (`TimeInput::id`).
    #[schema(value_type = Option<Uuid>)]
    pub id: Option<String>,
    #[serde(flatten)]
    pub line: LineInput,
    /// Tilleggsarbeid.
    #[serde(default)]
    pub extra: bool,
    /// The change order (tilleggsarbeid) it belongs to, if any; naming one marks it as
    /// tilleggsarbeid.
    #[schema(value_type = Option<Uuid>)]
    pub change_id: Option<String>,
}

/// Reads a material line: a text is needed, and a price of at least 0. Gives the line,
/// whether it is tilleggsarbeid, and the change order named.
pub fn read_material(input: MaterialInput) -> Result<(QuoteLine, bool, Option<Uuid>), FieldErrors> {
    let mut errors = FieldErrors::default();
    let change_id = read_change(&mut errors, input.change_id);
    let line = read_line(&|field| field.to_owned(), input.line, &mut errors);
    if line.description.is_empty() && !errors.has("description") {
        errors.add("description", "Skriv hva materialet er.");
    }
    if line.quantity == 0 && !errors.has("quantity") {
        errors.add("quantity", "Antallet må være mer enn 0.");
    }
    if line.unit_price < 0 && !errors.has("unit_price") {
        errors.add("unit_price", "Enhetsprisen kan ikke være negativ.");
    }
    errors.finish()?;
    Ok((line, input.extra || change_id.is_some(), change_id))
}

/// The office's correction of a material line's wording: a montør's own words (in Polish,
/// say) put the way the customer's invoice basis should say them. Nothing else of the line
/// changes, its missing price neither.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MaterialWording {
    /// What the line is, as the invoice basis will say it.
    pub description: Option<String>,
}

/// Reads a wording: one line of text, at most 500 characters, as a quote's line.
pub fn read_wording(input: MaterialWording) -> Result<String, FieldErrors> {
    let mut errors = FieldErrors::default();
    let description = errors.optional("description", input.description, 500);
    if description.is_none() && !errors.has("description") {
        errors.add("description", "Skriv hva materialet er, slik kunden skal se det på fakturagrunnlaget.");
    }
    errors.finish()?;
    Ok(description.unwrap_or_default())
}

/// The ways a § 7 contact may have been made.
pub const CONTACT_WAYS: [&str; 4] = ["telefon", "e-post", "sms", "møte"];

/// A § 7 contact as the office records it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct JobContactInput {
    /// "telefon", "e-post", "sms" or "møte".
    pub how: Option<String>,
    /// When, `YYYY-MM-DDTHH:MM` in Norway.
    pub contacted_at: Option<String>,
    /// What the customer said.
    pub said: Option<String>,
}

/// Reads a contact made no later than `now`: how, when (in Norway) and what was said.
pub fn read_contact(
    input: JobContactInput,
    now: DateTime<Utc>,
) -> Result<(String, DateTime<Utc>, String), FieldErrors> {
    let mut errors = FieldErrors::default();
    let how =
        input.how.map(|how| how.trim().to_lowercase()).filter(|how| CONTACT_WAYS.contains(&how.as_str()));
    if how.is_none() {
        errors.add("how", "Velg hvordan kunden ble kontaktet.");
    }
    let at = input.contacted_at.as_deref().map(str::trim).and_then(crate::oslo::parse_moment);
    match at {
        None => errors.add("contacted_at", "Skriv når kunden ble kontaktet."),
        Some(at) if at > now => errors.add("contacted_at", "Kontakten kan ikke være i fremtiden."),
        Some(_) => {}
    }
    let said = errors.required_text("said", input.said, 2000, "Skriv hva kunden sa.");
    errors.finish()?;
    Ok((how.unwrap_or_default(), at.unwrap_or(now), said))
}
