//! The public contact form's data: what a visitor sends, how it is read, and how an
//! enquiry is stored with its lead and counted against its sender's limit, in one
//! transaction. The form's route is the server's (`src/contact/mod.rs`).

pub mod form;
pub mod store;

pub use form::{ContactForm, ContactInput, Refused, ServiceChoice};

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::db::Db;
use crate::leads::model::Lead;

/// The lock key that makes attempts from `address` take turns: concurrent attempts
/// could otherwise each read a count under the limit before any wrote (on PostgreSQL 11
/// of 20 at once got through a limit of 3; tests/api/contact.rs).
pub fn limit_key(address: &str) -> String {
    format!("contact:{address}")
}

/// Stores the enquiry and its lead, and counts it against the limit of `address` (`window`:
/// now, the start of the window and the limit), in one transaction: `None`, and nothing stored, when the limit is used up.
pub async fn store_enquiry(
    db: &Db,
    form: &ContactForm,
    address: &str,
    window: (DateTime<Utc>, DateTime<Utc>, i64),
) -> Result<Option<(Uuid, Uuid)>, sqlx::Error> {
    let now = window.0;
    let submission_id = Uuid::now_v7();
    let lead_id = Uuid::now_v7();
    let tags: Vec<String> = form.service.iter().map(|s| s.label().to_owned()).collect();
    // Read before the transaction: on SQLite a transaction that reads first and writes
    // later cannot wait for the write lock and fails under concurrent submissions.
    let stages = crate::settings::stages(db).await?;
    let status = stages.first().map_or_else(|| "Ny".to_owned(), |stage| stage.name.clone());
    let mut lead = Lead {
        id: lead_id,
        name: form.name.clone(),
        email: Some(form.email.clone()),
        phone: Some(form.phone.clone()),
        status,
        kilde: crate::leads::model::DEFAULT_SOURCE.to_owned(),
        beskrivelse: Some(form.message.clone()),
        adresse: None,
        postnr: None,
        tags,
        follow_up: None,
        assignee_id: None,
        duplicate_of: None,
        created_at: now,
        updated_at: now,
        other_contacts: Vec::new(),
    };
    // A returning customer's enquiry is flagged against their open lead
    // (src/leads/duplicates.rs).
    let open = crate::settings::open_names(&stages);
    lead.duplicate_of = crate::leads::store::duplicate_of(db, &lead, &open).await?;
    let mut tx = db.begin_one_at_a_time(&limit_key(address)).await?;
    if !store::record_attempt(&mut tx, address, window).await? {
        return Ok(None);
    }
    crate::leads::store::insert_in(&mut tx, &lead).await?;
    let submission = store::NewSubmission {
        id: submission_id,
        name: &form.name,
        email: &form.email,
        phone: &form.phone,
        service: form.service.map(|s| s.value()),
        message: &form.message,
        lead_id,
        created_at: now,
    };
    store::insert_submission(&mut tx, &submission).await?;
    tx.commit().await?;
    Ok(Some((submission_id, lead_id)))
}
