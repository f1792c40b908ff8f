//! The public contact form's data: what a visitor sends, how it is read, and how an
//! enquiry is stored with its lead and counted against its sender's limit, in one
//! transaction shared with the enquiries waiting beside it (`writer.rs`). The form's
//! route is the server's (`src/contact/mod.rs`).

pub mod form;
pub mod store;
pub mod wishes;
pub mod writer;

pub use form::{ContactForm, ContactInput, PHOTO_GONE, Refused, ServiceChoice};
pub use wishes::{DayPart, PreferredTime, PreferredTimeInput, VisitDays};

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::leads::model::Lead;

/// The lock key that makes attempts from `address` take turns: concurrent attempts
/// could otherwise each read a count under the limit before any wrote (on PostgreSQL 11
/// of 20 at once got through a limit of 3; tests/api/contact.rs).
pub fn limit_key(address: &str) -> String {
    format!("contact:{address}")
}

/// The limit's window for one attempt: its time, the start of the window, and the limit
/// (attempts per address in the window).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// When the attempt is made.
    pub now: DateTime<Utc>,
    /// The attempts after this count.
    pub since: DateTime<Utc>,
    /// How many attempts the window holds.
    pub limit: i64,
}

/// The lead a new enquiry makes, in the pipeline's first status.
fn lead_of(form: &ContactForm, status: &str, now: DateTime<Utc>) -> Lead {
    Lead {
        id: Uuid::now_v7(),
        name: form.name.clone(),
        email: Some(form.email.clone()),
        phone: Some(form.phone.clone()),
        status: status.to_owned(),
        kilde: crate::leads::model::DEFAULT_SOURCE.to_owned(),
        beskrivelse: Some(form.message.clone()),
        adresse: form.address.clone(),
        postnr: form.postcode.clone(),
        tags: form.service.iter().map(|s| s.label().to_owned()).collect(),
        follow_up: None,
        assignee_id: None,
        duplicate_of: None,
        created_at: now,
        updated_at: now,
        other_contacts: Vec::new(),
    }
}

/// What became of one enquiry of a batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored {
    /// Stored, with its submission's and its lead's ids.
    Done { submission: Uuid, lead: Uuid },
    /// Its sender had used up the limit: nothing stored.
    LimitReached,
    /// A photo it names is not stored (never uploaded, swept, or another enquiry's):
    /// nothing stored, so no enquiry is ever without a photo it was sent with.
    PhotoGone,
}

/// One enquiry of a batch: the form, its sender's rate key, and its limit's window.
pub struct Enquiry<'a> {
    pub form: &'a ContactForm,
    pub address: &'a str,
    pub window: Window,
}

/// Stores a batch of enquiries with their leads, each counted against its sender's limit,
/// in the caller's transaction (`writer`), in a handful of statements whatever the
/// batch's size: every sender's attempts and every open lead with the batch's phone numbers
/// and addresses are read at once, the enquiries are then taken in order in memory (each
/// sees the attempts and leads of those before it, so the limit and the duplicate flag are
/// as exact as one at a time), and what they make is written at once. Each enquiry's
/// photos are claimed with it, or it is not stored (`Stored`). `first` is the pipeline's
/// first status, `open` the open ones.
pub async fn store_batch(
    tx: &mut crate::db::Tx,
    batch: &[Enquiry<'_>],
    (first, open): (&str, &[String]),
) -> Result<Vec<Stored>, sqlx::Error> {
    let mut addresses: Vec<String> = batch.iter().map(|e| e.address.to_owned()).collect();
    addresses.sort_unstable();
    addresses.dedup();
    let earliest = batch.iter().map(|e| e.window.since).min().unwrap_or_default();
    let mut attempts: HashMap<String, Vec<DateTime<Utc>>> = HashMap::new();
    for (address, at) in store::attempts_since(tx, &addresses, earliest).await? {
        attempts.entry(address).or_default().push(at);
    }
    let keys_of = |form: &ContactForm| {
        let digits = crate::text::phone_digits(&form.phone);
        [(digits.len() >= 6).then_some(digits), Some(crate::text::email_key(&form.email))]
    };
    let mut keys: Vec<String> = batch.iter().flat_map(|e| keys_of(e.form)).flatten().collect();
    keys.sort_unstable();
    keys.dedup();
    // The newest open lead per key, as `leads::store::duplicate_of` orders them.
    let mut newest: HashMap<String, (DateTime<Utc>, Uuid)> = HashMap::new();
    for (key, id, created_at) in crate::leads::store::open_matches_in(tx, &keys, open).await? {
        seen(&mut newest, key, (created_at, id));
    }
    let first_is_open = open.iter().any(|status| status == first);
    let named: Vec<Uuid> = batch.iter().flat_map(|e| e.form.photos.iter().copied()).collect();
    let mut claimable = store::photos::claimable_in(tx, &named).await?;

    let (mut new_attempts, mut leads, mut submissions, mut stored) = (vec![], vec![], vec![], vec![]);
    let mut claims = Vec::new();
    for enquiry in batch {
        let Window { now, since, limit } = enquiry.window;
        let times = attempts.entry(enquiry.address.to_owned()).or_default();
        if times.iter().filter(|at| **at > since).count() as i64 >= limit {
            stored.push(Stored::LimitReached);
            continue;
        }
        if !enquiry.form.photos.iter().all(|id| claimable.contains(id)) {
            stored.push(Stored::PhotoGone);
            continue;
        }
        claimable.retain(|id| !enquiry.form.photos.contains(id));
        times.push(now);
        new_attempts.push((enquiry.address.to_owned(), now));
        let mut lead = lead_of(enquiry.form, first, now);
        let keys = keys_of(enquiry.form);
        lead.duplicate_of = keys.iter().flatten().filter_map(|key| newest.get(key)).max().map(|(_, id)| *id);
        if first_is_open {
            for key in keys.into_iter().flatten() {
                seen(&mut newest, key, (now, lead.id));
            }
        }
        let submission = store::NewSubmission {
            id: Uuid::now_v7(),
            name: &enquiry.form.name,
            email: &enquiry.form.email,
            phone: &enquiry.form.phone,
            service: enquiry.form.service.map(|s| s.value()),
            message: &enquiry.form.message,
            preferred_times: &enquiry.form.preferred_times,
            lead_id: lead.id,
            created_at: now,
        };
        stored.push(Stored::Done { submission: submission.id, lead: lead.id });
        claims.extend(enquiry.form.photos.iter().enumerate().map(|(at, id)| (*id, submission.id, at as i32)));
        submissions.push(submission);
        leads.push(lead);
    }
    store::insert_attempts(tx, &new_attempts).await?;
    crate::leads::store::insert_many_in(tx, &leads).await?;
    store::insert_submissions(tx, &submissions).await?;
    for (photo, submission, position) in claims {
        // Read as claimable above; another instance's enquiry naming the same photo (only
        // a forged one can) undoes this batch, whose enquiries are then written one by one.
        if !store::photos::claim_in(tx, photo, submission, position).await? {
            return Err(sqlx::Error::RowNotFound);
        }
    }
    Ok(stored)
}

/// Notes `lead` (its date and id) as the newest open lead of `key` if it is newer.
fn seen(newest: &mut HashMap<String, (DateTime<Utc>, Uuid)>, key: String, lead: (DateTime<Utc>, Uuid)) {
    let entry = newest.entry(key).or_insert(lead);
    *entry = (*entry).max(lead);
}
