//! The one gate every write of time and materials passes, whoever writes (the office or a
//! montør) and however (add, change, move to another job, mark as tilleggsarbeid, tag to a
//! change order, delete). It runs in the write's transaction after taking the row of every
//! job the write touches (`super::store::take_in`), so what it reads cannot change before
//! the write, and a new write path cannot skip a rule by forgetting one of them:
//!
//! - **A closed job gives nothing up and takes nothing in.** Both the job a record leaves
//!   and the job it arrives on must be open (planned or in progress): a done job's basis
//!   and an invoiced job's invoice stay what they were made from.
//! - **A change order named must be the job's own and still open** (`changes::is_open`).
//! - **At most 24 hours a day per person**, across all their entries that day.
//! - **§ 7:** on a prisoverslag, a record that takes the job's own work beyond its budget
//!   before the § 7 contact is recorded is *held*: written (the time sheet must be complete,
//!   bokføringsforskriften § 8-1-2, and the firm pays for the hours), but out of the invoice
//!   until the customer is told (håndverkertjenesteloven § 7 (2), `super::meter`). The § 7
//!   duty holds back the billing above the estimate, never the recording of work done. A
//!   record moved from another job arrives whole: what it used there does not count here.

use chrono::NaiveDate;
use uuid::Uuid;

use super::{meter, store};
use crate::db::Tx;

/// What a day may hold of one person's hours.
pub const MAX_DAY_MINUTES: i64 = 24 * 60;
pub use super::refused::DAY_FULL;

pub use super::refused::Refused;

/// What a write of a record with an id the client chose did: wrote it, or found it written
/// by an earlier try whose answer was lost (then nothing new is written, and the first
/// result is answered again), or found the same person's record of something else under
/// the id (then nothing is written, and the refusal is answered with the record as stored:
/// #74 finding 11).
#[derive(Debug, PartialEq, Eq)]
pub enum Written<T> {
    /// Written now, as stored.
    New(T),
    /// Written by an earlier try, as it is stored.
    Again(T),
    /// The id holds another record of the same person's, as it is stored.
    Differs(T),
}

pub use super::refused::{REUSED, TAKEN};

/// Who writes: the office's approval of a month stops a montør's hours in it, not the
/// office's (`super::time`), and a montør's material line is priced by the server, so what
/// a montør sent is the line without its price (`super::materials`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Writer {
    Montor,
    Office,
}

/// A person's hours on a day, as an entry holds them.
#[derive(Debug, Clone, Copy)]
pub struct Hours {
    pub user_id: Uuid,
    pub day: NaiveDate,
    pub minutes: i32,
}

/// What one record (an hour entry or a material line) puts on its job.
#[derive(Debug, Clone, Copy)]
pub struct Load {
    pub job_id: Uuid,
    /// Øre on the job's own work; 0 for tilleggsarbeid (it has its own acceptance).
    pub amount: i64,
    pub change_id: Option<Uuid>,
    /// An hour entry's hours; none for a material line.
    pub hours: Option<Hours>,
}

/// One write: the record as it was (none for a new one) and as it will be (none when it
/// is deleted). `entry` is the hour entry or material line being changed, left out of what
/// the day and the meter already hold.
#[derive(Debug, Clone, Copy, Default)]
pub struct Write {
    pub leaves: Option<Load>,
    pub arrives: Option<Load>,
    pub entry: Option<Uuid>,
}

/// How a record was let in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Admitted {
    /// Past a prisoverslag's budget before the § 7 contact: write it held.
    pub held: bool,
}

/// Takes the rows of the jobs `write` touches (in the order of their ids, so two writes
/// never wait for each other's second job) and checks every rule above, in `tx`.
pub async fn admit(tx: &mut Tx, write: &Write) -> Result<Result<Admitted, Refused>, sqlx::Error> {
    let mut ids: Vec<Uuid> =
        write.leaves.iter().chain(write.arrives.iter()).map(|load| load.job_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut jobs = Vec::with_capacity(ids.len());
    for id in ids {
        let Some(job) = store::take_in(tx, id).await? else { return Ok(Err(Refused::NoJob)) };
        if !job.status.is_open() {
            return Ok(Err(Refused::Closed));
        }
        jobs.push(job);
    }
    let Some(arrives) = write.arrives else { return Ok(Ok(Admitted::default())) };
    let Some(job) = jobs.iter().find(|job| job.id == arrives.job_id) else { return Ok(Err(Refused::NoJob)) };
    if let Some(change) = arrives.change_id
        && !store::change_open_in(tx, job.id, change).await?
    {
        return Ok(Err(Refused::NoChange));
    }
    if let Some(hours) = arrives.hours {
        let day = store::time::day_minutes_in(tx, hours.user_id, hours.day, write.entry).await?;
        if day.saturating_add(i64::from(hours.minutes)) > MAX_DAY_MINUTES {
            return Ok(Err(Refused::DayFull));
        }
    }
    // Whether it fits is asked again at every write, so a held record changed to fit under
    // the budget (others deleted, its hours shortened) is let go, and one grown past it held.
    let mut held = false;
    if arrives.amount > 0 {
        let (used, contacted) = store::used_in(tx, job, write.entry).await?;
        held = !meter::Meter::allows(job.pricing(), job.budget, used, arrives.amount, contacted);
    }
    Ok(Ok(Admitted { held }))
}
