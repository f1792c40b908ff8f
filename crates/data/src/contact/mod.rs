//! The public contact form's data: what a visitor sends, how it is read, and how an
//! enquiry is stored with its lead and counted against its sender's limit, in one
//! transaction shared with the enquiries waiting beside it (`writer.rs`). The form's route is the server's (`src/contact/mod.rs`).

pub mod form;
pub mod store;
pub mod writer;

pub use form::{ContactForm, ContactInput, Refused, ServiceChoice};

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::leads::model::Lead;

/// The lock key that makes attempts from `address` take turns: concurrent attempts
/// could otherwise each read a count under the limit before any wrote (on PostgreSQL 11
/// of 20 at once got through a limit of 3; tests/api/contact.rs).
pub fn limit_key(address: &str) -> String {
    format!("contact:{address}")
}

/// Now, the start of the limit's window, and the limit (enquiries per address in the window).
pub type Window = (DateTime<Utc>, DateTime<Utc>, i64);

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
        adresse: None,
        postnr: None,
        tags: form.service.iter().map(|s| s.label().to_owned()).collect(),
        follow_up: None,
        assignee_id: None,
        duplicate_of: None,
        created_at: now,
        updated_at: now,
        other_contacts: Vec::new(),
    }
}

/// Stores the enquiry and its lead and counts it against the limit of `address`, in the
/// caller's transaction (the writer's batch, `writer`): `None`, and nothing stored, when
/// the limit is used up. `first` is the pipeline's first status, `open` the open ones. A
/// returning customer's enquiry is flagged against their open lead
/// (src/leads/duplicates.rs), the batch's earlier enquiries included.
async fn store_in(
    tx: &mut crate::db::Tx,
    form: &ContactForm,
    address: &str,
    window: Window,
    (first, open): (&str, &[String]),
) -> Result<Option<(Uuid, Uuid)>, sqlx::Error> {
    if !store::record_attempt(tx, address, window).await? {
        return Ok(None);
    }
    let mut lead = lead_of(form, first, window.0);
    lead.duplicate_of = crate::leads::store::duplicate_of_in(tx, &lead, open).await?;
    crate::leads::store::insert_in(tx, &lead).await?;
    let submission = store::NewSubmission {
        id: Uuid::now_v7(),
        name: &form.name,
        email: &form.email,
        phone: &form.phone,
        service: form.service.map(|s| s.value()),
        message: &form.message,
        lead_id: lead.id,
        created_at: window.0,
    };
    store::insert_submission(tx, &submission).await?;
    Ok(Some((submission.id, lead.id)))
}
