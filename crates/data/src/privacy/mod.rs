//! Personvern's data: who a request is about, everything stored about them, their
//! erasure in one transaction, and the retention rule (`retention`). The routes are the
//! server's (`src/privacy/`).

pub mod records;
pub mod refused;
pub mod retention;

pub use refused::Refused;

pub use retention::{RETENTION_ACTOR, Retention, apply_retention, keep_retention, retention_months};

use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::audit::{AuditEntry, NewAudit};
use crate::db::Db;
use crate::fields::FieldErrors;
use crate::leads::model::Lead;
use crate::text::phone_digits;

/// Who the firm stores data about: an e-mail address (any case) or a phone number (by its
/// digits, with or without +47).
#[derive(Debug, Deserialize, ToSchema)]
pub struct PersonInput {
    pub person: Option<String>,
}

pub enum Person {
    Email(String),
    Phone(String),
}

impl Person {
    pub fn parse(input: PersonInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::default();
        let text =
            errors.required("person", input.person, 254, "Skriv en e-postadresse eller et telefonnummer.");
        errors.finish()?;
        if text.contains('@') {
            return Ok(Self::Email(crate::text::email_key(&text)));
        }
        let digits = phone_digits(&text);
        if digits.len() < 6 || text.chars().any(|c| c.is_alphabetic()) {
            let mut errors = FieldErrors::default();
            errors.add("person", "Skriv en e-postadresse eller et telefonnummer.");
            return Err(errors);
        }
        Ok(Self::Phone(digits))
    }

    /// Whether an audit entry's changes hold the person's address or number, at any depth
    /// (a merge entry names the merged lead's).
    pub fn mentioned_in(&self, changes: &serde_json::Value) -> bool {
        match changes {
            serde_json::Value::Object(fields) => {
                fields.iter().any(|(key, value)| match (key.as_str(), value) {
                    ("email", serde_json::Value::String(email)) => self.matches(Some(email), None),
                    ("phone", serde_json::Value::String(phone)) => self.matches(None, Some(phone)),
                    _ => self.mentioned_in(value),
                })
            }
            serde_json::Value::Array(values) => values.iter().any(|value| self.mentioned_in(value)),
            _ => false,
        }
    }

    /// Of an entry about someone else's lead that mentions the person (a merge entry
    /// naming a lead of theirs merged in): only the parts that are about them.
    pub fn part_of(&self, changes: &serde_json::Value) -> serde_json::Value {
        self.split(changes).0
    }

    /// The same entry with the parts about the person taken out: a merged lead is named
    /// by its id alone, an address or number of theirs becomes null.
    pub fn without(&self, changes: &serde_json::Value) -> serde_json::Value {
        self.split(changes).1
    }

    fn split(&self, changes: &serde_json::Value) -> (serde_json::Value, serde_json::Value) {
        use serde_json::{Map, Value};
        let mut theirs = Map::new();
        let mut rest = changes.as_object().cloned().unwrap_or_default();
        for side in ["before", "after"] {
            let Some(Value::Object(fields)) = rest.get_mut(side) else { continue };
            let mut mine = Map::new();
            for (key, value) in fields.iter_mut() {
                let whole = match (key.as_str(), &*value) {
                    ("email", Value::String(email)) => self.matches(Some(email), None),
                    ("phone", Value::String(phone)) => self.matches(None, Some(phone)),
                    _ => false,
                };
                if whole {
                    mine.insert(key.clone(), std::mem::take(value));
                } else if value.is_object() && self.mentioned_in(value) {
                    mine.insert(key.clone(), value.clone());
                    *value = serde_json::json!({ "id": value.get("id").cloned().unwrap_or_default() });
                }
            }
            theirs.insert(side.to_owned(), Value::Object(mine));
        }
        (Value::Object(theirs), Value::Object(rest))
    }

    /// The address folded or the number's digits: how stored contacts are looked up.
    pub fn key(&self) -> &str {
        match self {
            Self::Email(key) | Self::Phone(key) => key,
        }
    }

    /// The contact keys to remove from other leads' other contacts when the person is
    /// erased: their own, every address and number of their leads' entries (`traces`),
    /// and those the entries that mention them record beside it (a lead of theirs merged
    /// into another's brought its contacts along).
    pub fn contact_keys(&self, traces: &[AuditEntry], mentions: &[AuditEntry]) -> Vec<String> {
        fn collect(value: &serde_json::Value, keys: &mut Vec<String>) {
            match value {
                serde_json::Value::Object(fields) => {
                    for (key, value) in fields {
                        match (key.as_str(), value) {
                            ("email", serde_json::Value::String(email)) => {
                                keys.push(crate::text::email_key(email))
                            }
                            ("phone", serde_json::Value::String(phone)) => keys.push(phone_digits(phone)),
                            _ => collect(value, keys),
                        }
                    }
                }
                serde_json::Value::Array(values) => values.iter().for_each(|value| collect(value, keys)),
                _ => {}
            }
        }
        let mut keys = vec![self.key().to_owned()];
        for changes in traces.iter().filter_map(|entry| entry.changes.as_ref()) {
            collect(changes, &mut keys);
        }
        for changes in mentions.iter().filter_map(|entry| entry.changes.as_ref()) {
            collect(&self.part_of(changes), &mut keys);
        }
        keys.retain(|key| !key.is_empty());
        keys.sort();
        keys.dedup();
        keys
    }

    pub fn matches(&self, email: Option<&str>, phone: Option<&str>) -> bool {
        match self {
            Self::Email(wanted) => email.is_some_and(|email| crate::text::email_key(email) == *wanted),
            Self::Phone(wanted) => phone.is_some_and(|phone| phone_digits(phone) == *wanted),
        }
    }
}

pub use records::{Erased, ExportedPhoto, PersonData, SentEmail, StoredSubmission};

/// What is stored about a person: their leads, their enquiries, and the audit entries
/// about leads that name them (a lead since deleted by staff or merged into another still
/// has its create and delete entries, and a merge entry names the lead merged in).
pub struct Found {
    pub leads: Vec<Lead>,
    pub submissions: Vec<StoredSubmission>,
    /// Audit entries about the person's leads (those still there and those gone): theirs
    /// whole.
    pub traces: Vec<AuditEntry>,
    /// Audit entries about other leads that mention the person (a merge that took a lead
    /// of theirs in): only those parts are theirs.
    pub mentions: Vec<AuditEntry>,
    /// Leads no longer there that the traces were about: merged into another lead, or
    /// deleted (their merges are found by these).
    pub gone: Vec<String>,
    /// The quotes made for them: of their leads, and any with their e-mail address or
    /// phone number (a deleted lead's quotes have no lead any more).
    pub quotes: Vec<crate::quotes::Quote>,
    /// The jobs of their leads and of their quotes.
    pub jobs: Vec<crate::jobs::Job>,
}

/// The person's leads, enquiries and traces; `None` when there are none.
pub async fn found(db: &Db, person: &Person) -> Result<Option<Found>, sqlx::Error> {
    let leads = match person {
        Person::Email(email) => crate::leads::store::by_contact(db, Some(email), None).await?,
        Person::Phone(digits) => crate::leads::store::by_contact(db, None, Some(digits)).await?,
    };
    let ids: Vec<Uuid> = leads.iter().map(|lead| lead.id).collect();
    // Enquiries are few; each is compared in full, so a number written any way is found.
    let all = crate::contact::store::all_submissions(db).await?;
    let submissions = all
        .into_iter()
        .filter(|s| {
            s.lead_id.is_some_and(|id| ids.contains(&id)) || person.matches(Some(&s.email), Some(&s.phone))
        })
        .collect::<Vec<_>>();
    // The audit log about leads is read once and each entry's changes looked through:
    // a request like this is rare, and the address may sit in any entry.
    let about_leads = crate::audit::store::with_changes_about(db, crate::audit::AuditEntity::Leads).await?;
    let lead_ids: Vec<String> = ids.iter().map(Uuid::to_string).collect();
    let mut gone: Vec<String> = about_leads
        .iter()
        .filter(|entry| entry.changes.as_ref().is_some_and(|changes| person.mentioned_in(changes)))
        .filter_map(|entry| entry.entity_id.clone())
        .filter(|id| !lead_ids.contains(id))
        .collect();
    gone.sort();
    gone.dedup();
    let mut still_there = Vec::new();
    for id in &gone {
        if let Ok(uuid) = id.parse::<Uuid>()
            && crate::leads::store::get(db, uuid).await?.is_some()
        {
            still_there.push(id.clone());
        }
    }
    gone.retain(|id| !still_there.contains(id));
    let (mut traces, mentions): (Vec<AuditEntry>, Vec<AuditEntry>) = about_leads
        .into_iter()
        .filter(|entry| {
            let about = entry.entity_id.as_ref().is_some_and(|id| lead_ids.contains(id) || gone.contains(id));
            let merged_in = entry.changes.as_ref().and_then(|c| c["after"]["merged_lead"]["id"].as_str());
            let names = entry.changes.as_ref().is_some_and(|changes| person.mentioned_in(changes));
            about || names || merged_in.is_some_and(|id| gone.iter().any(|g| g == id))
        })
        .partition(|entry| {
            entry.entity_id.as_ref().is_some_and(|id| lead_ids.contains(id) || gone.contains(id))
        });
    // The befaringer booked on their leads, those still there and those gone with a deleted
    // lead: each is known by its booking's entry (which names the lead), and every entry
    // about it is theirs (the customer's name, the note).
    let about_visits = crate::audit::store::with_changes_about(db, crate::audit::AuditEntity::Visits).await?;
    let visit_ids: Vec<String> = about_visits
        .iter()
        .filter(|entry| {
            let lead = entry.changes.as_ref().and_then(|c| c["after"]["lead_id"].as_str());
            lead.is_some_and(|id| lead_ids.iter().any(|l| l == id) || gone.iter().any(|g| g == id))
        })
        .filter_map(|entry| entry.entity_id.clone())
        .collect();
    traces.extend(
        about_visits
            .into_iter()
            .filter(|entry| entry.entity_id.as_ref().is_some_and(|id| visit_ids.contains(id))),
    );
    let quotes: Vec<crate::quotes::Quote> = crate::quotes::store::all(db)
        .await?
        .into_iter()
        .filter(|quote| {
            quote.lead_id.is_some_and(|id| ids.contains(&id))
                || person.matches(quote.customer_email.as_deref(), quote.customer_phone.as_deref())
        })
        .collect();
    let quote_ids: Vec<Uuid> = quotes.iter().map(|quote| quote.id).collect();
    // A job kept after an erasure has no lead: it is theirs by its customer's number, or by
    // the customer its invoices name (issue #58, finding 13).
    let invoiced: Vec<Uuid> = crate::invoices::store::all(db)
        .await?
        .into_iter()
        .filter(|invoice| {
            let customer = &invoice.basis.customer;
            person.matches(customer.email.as_deref(), customer.phone.as_deref())
        })
        .map(|invoice| invoice.job_id)
        .collect();
    let jobs: Vec<crate::jobs::Job> = crate::jobs::store::list(db, None, None)
        .await?
        .into_iter()
        .filter(|job| {
            job.lead_id.is_some_and(|id| ids.contains(&id))
                || job.quote_id.is_some_and(|id| quote_ids.contains(&id))
                || person.matches(None, job.customer_phone.as_deref())
                || invoiced.contains(&job.id)
        })
        .collect();
    if leads.is_empty()
        && submissions.is_empty()
        && traces.is_empty()
        && mentions.is_empty()
        && quotes.is_empty()
        && jobs.is_empty()
    {
        return Ok(None);
    }
    Ok(Some(Found { leads, submissions, traces, mentions, gone, quotes, jobs }))
}

/// Erases a person (`found`): the audit entries about their leads lose their changes, the
/// entries that mention them (`redacted`, each with its changes without them) are
/// rewritten, the merges of their leads that are `gone` are forgotten, and their
/// enquiries and leads are deleted, and their addresses and numbers (`contact_keys`) go
/// from other leads' other contacts, each table by its owner's store, in one transaction with
/// `entry`; their quotes (`quote_ids`, found by lead and by contact) go too, except an
/// accepted one (`crate::quotes`), and their
/// befaringer (`crate::visits`). Then no copy of the erased text stays in the database's files.
#[allow(clippy::too_many_arguments)]
pub async fn erase(
    db: &Db,
    contact_keys: &[String],
    lead_ids: &[Uuid],
    submission_ids: &[Uuid],
    trace_ids: &[Uuid],
    redacted: &[(Uuid, serde_json::Value)],
    gone: &[String],
    quote_ids: &[Uuid],
    entry: &NewAudit,
) -> Result<(), sqlx::Error> {
    let mut tx = db.begin().await?;
    crate::audit::store::clear_changes_about(&mut tx, crate::audit::AuditEntity::Leads, lead_ids).await?;
    crate::audit::store::clear_changes(&mut tx, trace_ids).await?;
    for (id, changes) in redacted {
        crate::audit::store::set_changes(&mut tx, *id, changes).await?;
    }
    // Leads merged into another: the kept lead's list of what was merged into it names them.
    let gone: Vec<Uuid> = gone.iter().filter_map(|id| id.parse().ok()).collect();
    crate::leads::history::store::forget_merges_of(&mut tx, &gone).await?;
    // Their photos belong to nobody now; the sweep removes them from the storage
    // (src/contact/sweep.rs), which the erasure's route runs at once.
    crate::contact::store::photos::discard_of_submissions_in(&mut tx, submission_ids).await?;
    crate::contact::store::photos::discard_of_leads_in(&mut tx, lead_ids).await?;
    crate::contact::store::delete_submissions(&mut tx, submission_ids).await?;
    // A quote never accepted is personal data like its lead and goes with it; an accepted
    // one is a contract record the firm must keep, and loses only its link to the lead.
    let quotes = crate::quotes::store::delete_unaccepted(&mut tx, quote_ids).await?;
    crate::audit::store::clear_changes_about(&mut tx, crate::audit::AuditEntity::Quotes, &quotes).await?;
    // Their befaringer go with the leads, and the audit log's account of them (a
    // befaring's entry names the customer and holds the note).
    let visits = crate::visits::store::delete_of_leads_in(&mut tx, lead_ids).await?;
    crate::audit::store::clear_changes_about(&mut tx, crate::audit::AuditEntity::Visits, &visits).await?;
    crate::leads::store::delete_in(&mut tx, lead_ids).await?;
    for key in contact_keys {
        crate::leads::store::contacts::forget_key_in(&mut tx, key).await?;
    }
    tx.audit(entry).await?;
    tx.commit().await?;
    // No copy of the erased text stays in the database's files (crates/data/src/db/mod.rs).
    db.scrub().await;
    Ok(())
}
